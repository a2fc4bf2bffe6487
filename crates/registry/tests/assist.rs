//! Free play's help, for every registered game: undo returns the table to
//! the person's turn before their last move, answer for answer; a hint is
//! one of the person's legal moves, searched from their own observation,
//! the same for the same table and ply.

use serde_json::{Value, json};
use tabula_contract::GameEntry;
use tabula_contract::table::{NewTable, PersonMove, Replayed, SeatRequest, Table, TableError};
use tabula_registry::{find, games};
use tabula_search::{CancelFlag, Turn};

/// A table of `entry` with the person at seat 0 and its default computer
/// at the others.
fn table(entry: &dyn GameEntry, seed: u64) -> Table {
    let seats = entry.open(&Value::Null).unwrap().seats();
    let mut list = vec![SeatRequest::Named("human".into())];
    list.extend((1..seats).map(|_| SeatRequest::Ai {
        ai: entry.default_player().into(),
    }));
    let request = NewTable {
        game: entry.info().name.into(),
        options: Value::Null,
        seats: Some(list),
    };
    Table::create(entry, &request, seed).unwrap()
}

/// Plays chance and the other seats (their first legal move) until the
/// person acts or the game ends, each action kept in the table's truth
/// (as the server keeps them).
fn to_the_person(table: &mut Table, replayed: &mut Replayed) {
    loop {
        let played = match replayed.game.to_act() {
            Turn::Chance => table.play_chance_logged(replayed).unwrap(),
            Turn::Seat(s) if s != 0 => {
                let first = replayed.game.legal()[0].clone();
                table.play_computer(replayed, &first).unwrap()
            }
            _ => return,
        };
        table.truth.actions.push(played);
    }
}

#[test]
fn undo_returns_every_game_to_the_persons_turn_before_their_move() {
    for entry in games() {
        let name = entry.info().name;
        let mut table = table(*entry, 11);
        let mut replayed = table.replay().unwrap();
        to_the_person(&mut table, &mut replayed);
        let ply = replayed.log.len() as u64;
        // Nothing of the person's to take back yet.
        assert!(
            matches!(table.undo(&replayed, ply), Err(TableError::Conflict(_))),
            "{name}: an undo before any move"
        );
        let before = table.answer(&replayed, "t", "play");
        let played = table
            .play_human(&mut replayed, PersonMove::Choice(0), Some(ply))
            .unwrap();
        table.truth.actions.push(played);
        to_the_person(&mut table, &mut replayed);
        let now = replayed.log.len() as u64;
        if replayed.game.to_act() == Turn::Terminal {
            assert!(
                matches!(table.undo(&replayed, now), Err(TableError::Conflict(_))),
                "{name}: an undo after the end"
            );
            continue;
        }
        assert!(
            matches!(table.undo(&replayed, now + 1), Err(TableError::Conflict(_))),
            "{name}: a stale undo"
        );
        let undone = table.undo(&replayed, now).unwrap();
        assert_eq!(
            table.answer(&undone, "t", "play"),
            before,
            "{name}: the answer before the move"
        );
        assert_eq!(
            table.truth.actions.len() as u64,
            ply,
            "{name}: the actions after the move dropped"
        );
    }
}

#[test]
fn a_hint_is_a_legal_move_from_the_persons_observation_and_the_same_twice() {
    for entry in games() {
        let name = entry.info().name;
        let mut table = table(*entry, 5);
        let mut replayed = table.replay().unwrap();
        to_the_person(&mut table, &mut replayed);
        let turn = table.hint_turn(&replayed).unwrap();
        assert_eq!(turn.seat, 0, "{name}");
        assert_eq!(
            turn.observation,
            replayed.game.observe(0),
            "{name}: the person's own observation"
        );
        assert_eq!(turn.player, entry.default_player(), "{name}: the game's own computer");
        // Each legal move is found in the answer's list by its action.
        let answer = table.answer(&replayed, "t", "play");
        for (i, m) in answer["legal"].as_array().unwrap().iter().enumerate() {
            let hint = table.hint_answer(&replayed, &m["action"]).unwrap();
            assert_eq!(hint["index"], json!(i), "{name}");
            assert_eq!(hint["label"], m["label"], "{name}");
        }
        assert!(
            matches!(
                table.hint_answer(&replayed, &json!("no such move")),
                Err(TableError::Conflict(_))
            ),
            "{name}"
        );
    }
}

/// Tic-tac-toe's hint searches: X on 0 and 1, O to move must block on 2,
/// and says so the same way twice.
#[test]
fn the_hint_blocks_a_win_at_tic_tac_toe() {
    let entry = find("tictactoe").unwrap();
    let request = NewTable {
        game: "tictactoe".into(),
        options: Value::Null,
        seats: Some(vec![
            SeatRequest::Ai { ai: "random".into() },
            SeatRequest::Named("human".into()),
        ]),
    };
    let table = Table::create(entry, &request, 3).unwrap();
    let mut replayed = table.replay().unwrap();
    for (seat, square) in [(0, "0"), (1, "4"), (0, "1")] {
        if seat == 0 {
            let action = replayed
                .game
                .legal()
                .into_iter()
                .find(|a| a.as_u64() == square.parse().ok())
                .unwrap();
            table.play_computer(&mut replayed, &action).unwrap();
        } else {
            let ply = replayed.log.len() as u64;
            table
                .play_human(&mut replayed, PersonMove::Text(square), Some(ply))
                .unwrap();
        }
    }
    let flag = CancelFlag::new();
    let hint = table.hint(&replayed, &flag).unwrap();
    assert_eq!(hint["label"], json!("2"), "{hint}");
    assert_eq!(hint["player"], json!("Alpha-beta"));
    assert_eq!(table.hint(&replayed, &flag).unwrap(), hint, "the same hint twice");
}
