//! Free play's help, for every registered game: undo returns the table to
//! the person's turn before their last move, answer for answer; a hint is
//! one of the person's legal moves, searched from their own observation,
//! the same for the same table and ply; the review of a finished game
//! steps through it with the hidden cards face up (from the truth, the
//! person's view unchanged) and judges each of the person's moves.

use serde_json::{Value, json};
use tabula_contract::GameEntry;
use tabula_contract::table::{NewTable, PersonMove, Replayed, SeatRequest, Swap, Table, TableError};
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

/// A tic-tac-toe table, the person at seat `person` and random at the
/// other, with these squares played in turn from X's (each kept in the
/// truth, as the server keeps them).
fn tictactoe(person: usize, squares: &[&str]) -> (Table, Replayed) {
    let entry = find("tictactoe").unwrap();
    let mut seats = vec![
        SeatRequest::Ai { ai: "random".into() },
        SeatRequest::Ai { ai: "random".into() },
    ];
    seats[person] = SeatRequest::Named("human".into());
    let request = NewTable {
        game: "tictactoe".into(),
        options: Value::Null,
        seats: Some(seats),
    };
    let mut table = Table::create(entry, &request, 3).unwrap();
    let mut replayed = table.replay().unwrap();
    for square in squares {
        let ply = replayed.log.len() as u64;
        let action = if ply as usize % 2 == person {
            table
                .play_human(&mut replayed, PersonMove::Text(square), Some(ply))
                .unwrap()
        } else {
            let action = replayed
                .game
                .legal()
                .into_iter()
                .find(|a| a.as_u64() == square.parse().ok())
                .unwrap();
            table.play_computer(&mut replayed, &action).unwrap()
        };
        table.truth.actions.push(action);
    }
    (table, replayed)
}

/// Tic-tac-toe's hint searches: X on 0 and 1, O to move must block on 2,
/// and says so the same way twice.
#[test]
fn the_hint_blocks_a_win_at_tic_tac_toe() {
    let (table, replayed) = tictactoe(1, &["0", "4", "1"]);
    let flag = CancelFlag::new();
    let hint = table.hint(&replayed, &flag).unwrap();
    assert_eq!(hint["label"], json!("2"), "{hint}");
    assert_eq!(hint["player"], json!("Alpha-beta"));
    // Why, in the search's words: the block holds the draw (0), every
    // other square loses (a loss scores below −100).
    let why = hint["why"].as_str().unwrap_or_else(|| panic!("{hint}"));
    let worst: i32 = why
        .strip_prefix("it scores 0 looking ")
        .and_then(|w| w.split_once(" moves ahead; every other move at most "))
        .and_then(|(_, w)| w.parse().ok())
        .unwrap_or_else(|| panic!("{why}"));
    assert!(worst < -100, "{why}");
    assert_eq!(table.hint(&replayed, &flag).unwrap(), hint, "the same hint twice");
}

/// The most moves a review test plays before it gives a game up.
const REVIEW_PLIES: usize = 10_000;

#[test]
fn every_finished_game_is_reviewed_step_by_step_with_its_cards_face_up() {
    let mut hidden_checked = 0;
    for entry in games() {
        let name = entry.info().name;
        let mut table = table(*entry, 7);
        let mut replayed = table.replay().unwrap();
        // The person's turns: the ply, the observation and the move played.
        let mut turns = Vec::new();
        to_the_person(&mut table, &mut replayed);
        assert!(
            matches!(table.review_step(&replayed, 0), Err(TableError::Conflict(_))),
            "{name}: a game under way is not reviewed (its cards are secret)"
        );
        while replayed.game.to_act() != Turn::Terminal && replayed.log.len() < REVIEW_PLIES {
            let ply = replayed.log.len();
            let observation = replayed.game.observe(0);
            let legal = replayed.game.legal();
            // The last legal move: not always what the computer would play.
            let played = table
                .play_human(
                    &mut replayed,
                    PersonMove::Choice(legal.len() as u64 - 1),
                    Some(ply as u64),
                )
                .unwrap();
            turns.push((ply, observation, legal, played.clone()));
            table.truth.actions.push(played);
            to_the_person(&mut table, &mut replayed);
        }
        assert_eq!(
            replayed.game.to_act(),
            Turn::Terminal,
            "{name}: no end in {REVIEW_PLIES} plies"
        );
        let plies = replayed.log.len();
        eprintln!("{name}: {plies} plies, {} of them the person's", turns.len());
        let end = table.answer(&replayed, "t", "play");
        let last = table.review_step(&replayed, plies as u64).unwrap();
        assert_eq!(last["view"], end["view"], "{name}: the last step is the end");
        assert_eq!(last["next"], Value::Null, "{name}");
        assert_eq!(last["plies"], json!(plies), "{name}");
        assert!(
            matches!(
                table.review_step(&replayed, plies as u64 + 1),
                Err(TableError::BadRequest(_))
            ),
            "{name}: a step past the end"
        );
        let first = table.review_step(&replayed, 0).unwrap();
        assert_eq!(first["next"], serde_json::to_value(&replayed.log[0]).unwrap(), "{name}");
        // A computer's move has no opinion.
        if let Some(theirs) = replayed.log.iter().position(|m| m.seat.is_some_and(|s| s != 0)) {
            assert!(
                matches!(
                    table.opinion_turn(&replayed, theirs as u64),
                    Err(TableError::Conflict(_))
                ),
                "{name}: an opinion of a computer's move"
            );
        }
        for (ply, observation, legal, played) in turns.iter().step_by(turns.len().div_ceil(4).max(1)) {
            let step = table.review_step(&replayed, *ply as u64).unwrap();
            assert_eq!(step["yours"], json!(true), "{name} ply {ply}");
            let turn = table.opinion_turn(&replayed, *ply as u64).unwrap();
            assert_eq!(
                turn.observation, *observation,
                "{name} ply {ply}: the person's observation"
            );
            assert_eq!(turn.player, entry.default_player(), "{name}");
            let same = table.opinion_answer(&replayed, *ply as u64, played).unwrap();
            assert_eq!(same["agrees"], json!(true), "{name} ply {ply}");
            assert_eq!(same["played"], same["computer"], "{name} ply {ply}");
            if legal.len() > 1 {
                let other = table.opinion_answer(&replayed, *ply as u64, &legal[0]).unwrap();
                assert_eq!(other["agrees"], json!(false), "{name} ply {ply}");
                assert_eq!(other["played"], same["played"], "{name} ply {ply}");
            }
        }
        // The hands come from the truth: two cards the person cannot see,
        // swapped at their first turn, change the hands shown and not the
        // person's view.
        let (ply, ..) = &turns[0];
        let before = table.review_step(&replayed, *ply as u64).unwrap();
        if !entry.info().hidden_information {
            assert_eq!(before["hands"], Value::Null, "{name}: nothing hidden");
            continue;
        }
        assert!(
            before["hands"]
                .as_array()
                .is_some_and(|h| h.len() == end["seats"].as_array().unwrap().len()),
            "{name}: {}",
            before["hands"]
        );
        let mut swapped = Table {
            driver: table.driver.clone(),
            players: table.players.clone(),
            truth: table.truth.clone(),
        };
        swapped.truth.swaps.push(Swap { ply: *ply, seat: 0 });
        let after = swapped.review_step(&replayed, *ply as u64).unwrap();
        assert_eq!(after["view"], before["view"], "{name}: the person's view");
        if after["hands"] != before["hands"] {
            hidden_checked += 1;
        }
    }
    assert!(
        hidden_checked >= 5,
        "only {hidden_checked} games showed swapped cards face up"
    );
}

#[test]
fn the_opinion_of_a_move_is_a_search_and_the_same_twice() {
    // X (the person) on 0, O on 4, X on 8, O on 2: X must block on 6, and
    // plays 1 instead; O wins on 6.
    let (table, replayed) = tictactoe(0, &["0", "4", "8", "2", "1", "6"]);
    assert_eq!(replayed.game.to_act(), Turn::Terminal, "O has won");
    let flag = CancelFlag::new();
    let opinion = table.opinion(&replayed, 4, &flag).unwrap();
    assert_eq!(opinion["played"], json!("1"), "{opinion}");
    assert_eq!(opinion["computer"], json!("6"), "{opinion}");
    assert_eq!(opinion["agrees"], json!(false), "{opinion}");
    assert_eq!(
        table.opinion(&replayed, 4, &flag).unwrap(),
        opinion,
        "the same opinion twice"
    );
}

/// A sampling search's hint says how much of its search went to the move
/// (Mini Whist's default computer: 2,000 simulated deals).
#[test]
fn a_sampling_hint_says_what_share_of_its_simulations_chose_the_move() {
    let entry = find("miniwhist").unwrap();
    for seed in 1..20 {
        let mut table = table(entry, seed);
        let mut replayed = table.replay().unwrap();
        to_the_person(&mut table, &mut replayed);
        if replayed.game.legal().len() < 2 {
            continue;
        }
        let hint = table.hint(&replayed, &CancelFlag::new()).unwrap();
        let why = hint["why"].as_str().unwrap_or_else(|| panic!("{hint}"));
        let share: f64 = why
            .strip_prefix("it went to this move in ")
            .and_then(|w| w.strip_suffix("% of 2,000 simulated games"))
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("{why}"));
        assert!(share > 0.0 && share <= 100.0, "{why}");
        return;
    }
    panic!("no turn of the person's with a choice in 19 deals");
}
