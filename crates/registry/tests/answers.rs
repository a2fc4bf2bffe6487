//! The table's answer lists the person's legal moves structured, for every
//! registered game: each move in the game's JSON form with the game's text
//! for it, played by its index (what pages send).

use serde_json::{Value, json};
use tabula_conformance::golden::presets;
use tabula_contract::GameEntry;
use tabula_contract::table::{LegalMove, NewTable, PersonMove, Replayed, SeatRequest, Table, TableError};
use tabula_registry::games;
use tabula_search::{Rng, Turn};

/// Seeded games per option preset.
const GAMES_PER_PRESET: u64 = 2;
/// Plies followed in each game: deals, bids and plays of every kind.
const PLIES: usize = 250;

/// A table with the person at seat 0 and the game's default computer at
/// the others (never asked: the test plays their seats).
fn table(entry: &dyn GameEntry, options: &Value, seed: u64) -> Table {
    let seats = entry.open(options).unwrap().seats();
    let mut list = vec![SeatRequest::Named("human".into())];
    list.extend((1..seats).map(|_| SeatRequest::Ai {
        ai: entry.default_player().into(),
    }));
    let request = NewTable {
        game: entry.info().name.into(),
        options: options.clone(),
        seats: Some(list),
    };
    Table::create(entry, &request, seed).unwrap()
}

/// At each of the person's turns of seeded random games under every option
/// preset of every registered game: the answer's `legal` is exactly the
/// game's legal actions in its order, each in its JSON form (it reads back
/// as the game's action) with the game's text for it, the labels told
/// apart; playing one by its index plays that very action and logs its
/// label. Other seats and chance play random legal actions.
#[test]
fn every_game_answers_its_legal_moves_as_actions_with_their_labels() {
    for entry in games() {
        let name = entry.info().name;
        for options in presets(*entry) {
            let driver = entry.open(&options).unwrap();
            for seed in 0..GAMES_PER_PRESET {
                let table = table(*entry, &options, seed);
                let mut replayed = table.replay().unwrap();
                let mut rng = Rng::new(seed);
                let mut turns = 0;
                while replayed.game.plies() < PLIES {
                    let legal = replayed.game.legal();
                    let mut pick = || rng.below(legal.len() as u64);
                    match replayed.game.to_act() {
                        Turn::Terminal => break,
                        Turn::Chance => drop(table.play_chance_logged(&mut replayed).unwrap()),
                        Turn::Seat(0) => {
                            let answer = table.answer(&replayed, "t", "play");
                            let listed: Vec<LegalMove> = serde_json::from_value(answer["legal"].clone()).unwrap();
                            let actions: Vec<&Value> = listed.iter().map(|m| &m.action).collect();
                            assert_eq!(
                                actions,
                                legal.iter().collect::<Vec<_>>(),
                                "{name}: the game's legal actions"
                            );
                            for m in &listed {
                                assert_eq!(driver.action_text(&m.action).as_ref(), Ok(&m.label), "{name}");
                            }
                            let mut labels: Vec<&str> = listed.iter().map(|m| m.label.as_str()).collect();
                            labels.sort_unstable();
                            labels.dedup();
                            assert_eq!(labels.len(), listed.len(), "{name}: moves told apart by their labels");
                            let i = pick();
                            let ply = answer["ply"].as_u64();
                            let played = table.play_human(&mut replayed, PersonMove::Choice(i), ply).unwrap();
                            let chosen = &listed[i as usize];
                            assert_eq!(played, chosen.action, "{name}: the move of the index");
                            assert_eq!(
                                replayed.log.last().unwrap().text,
                                chosen.label,
                                "{name}: logged as labelled"
                            );
                            turns += 1;
                        }
                        Turn::Seat(_) => drop(table.play_computer(&mut replayed, &legal[pick() as usize]).unwrap()),
                    }
                }
                assert!(turns > 0, "{name} {options} seed {seed}: the person never moved");
            }
        }
    }
}

/// A choice names a move of the answer at a ply: without the ply, or past
/// the list's end, it is a bad request, and nothing is played; a stale
/// ply is a conflict.
#[test]
fn a_choice_needs_its_ply_and_a_move_of_the_list() {
    for entry in games() {
        let table = table(*entry, &Value::Null, 7);
        let mut replayed = table.replay().unwrap();
        while replayed.game.to_act() != Turn::Seat(0) {
            match replayed.game.to_act() {
                Turn::Chance => drop(table.play_chance_logged(&mut replayed).unwrap()),
                _ => {
                    let first = replayed.game.legal()[0].clone();
                    table.play_computer(&mut replayed, &first).unwrap();
                }
            }
        }
        let before = table.answer(&replayed, "t", "play");
        let n = before["legal"].as_array().unwrap().len() as u64;
        let ply = before["ply"].as_u64().unwrap();
        let refused =
            |replayed: &mut Replayed, choice, ply| table.play_human(replayed, PersonMove::Choice(choice), ply);
        let name = entry.info().name;
        assert!(
            matches!(refused(&mut replayed, 0, None), Err(TableError::BadRequest(_))),
            "{name}"
        );
        assert!(
            matches!(refused(&mut replayed, n, Some(ply)), Err(TableError::BadRequest(_))),
            "{name}"
        );
        assert!(
            matches!(refused(&mut replayed, 0, Some(ply + 1)), Err(TableError::Conflict(_))),
            "{name}"
        );
        assert_eq!(table.answer(&replayed, "t", "play"), before, "{name}: nothing played");
        assert_eq!(
            before["legal"][0]["label"],
            json!(replayed.game.legal_text()[0]),
            "{name}"
        );
    }
}
