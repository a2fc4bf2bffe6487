//! What the pages get from the game contract: each move's facts for a
//! replay (the cell, its value, the mover's reach and the walls' stoppers
//! before it) and the review of a finished game.

use tabula_contract::GameModule;
use tabula_diagonal::module::{DiagonalOptions, DiagonalTable};
use tabula_diagonal::*;
use tabula_search::{Game, Seen};

/// A whole game by the greedy player, under the options: every state and
/// every action.
fn greedy_game(options: DiagonalOptions, seed: u64) -> (DiagonalTable, Vec<State>, Vec<Cell>) {
    let table = DiagonalTable::new(options).unwrap();
    let mut s = table.start(seed);
    let (mut states, mut actions) = (vec![s], Vec::new());
    while !s.is_over() {
        let cell = Greedy::pick(table.rules(), &s).expect("a move while not over");
        table.apply(&mut s, cell);
        states.push(s);
        actions.push(cell);
    }
    (table, states, actions)
}

#[test]
fn every_move_carries_its_cell_value_and_reach() {
    for walls in [false, true] {
        let options = DiagonalOptions {
            walls,
            size: 7,
            ..DiagonalOptions::default()
        };
        let (table, states, actions) = greedy_game(options, 11);
        for (i, &cell) in actions.iter().enumerate() {
            let (before, after) = (&states[i], &states[i + 1]);
            let v = table
                .move_view(before, Seen::Action(cell), after, 0)
                .expect("every move has a view");
            assert_eq!(v.cell, cell_name(cell, 7));
            assert_eq!(v.value, before.value(cell));
            assert_eq!(v.after_pass, before.after_pass());
            let reach: Vec<String> = cells(table.rules().reach(before)).map(|c| cell_name(c, 7)).collect();
            assert_eq!(v.reach, reach);
            assert!(reach.contains(&cell_name(cell, 7)), "the move was in reach");
            let stoppers: Vec<String> = cells(table.rules().stoppers(before)).map(|c| cell_name(c, 7)).collect();
            assert_eq!(v.stoppers, stoppers);
            assert!(walls || stoppers.is_empty(), "stoppers only with walls");
        }
        // The final view names how it ended.
        let end = table.view(states.last().unwrap(), 0);
        assert!(end.end.is_some(), "{end:?}");
    }
}

fn cells(set: u128) -> impl Iterator<Item = Cell> {
    (0..128u8).filter(move |&c| set & (1u128 << c) != 0)
}

#[test]
fn the_review_is_the_records_review() {
    let (table, states, actions) = greedy_game(
        DiagonalOptions {
            size: 3,
            ..DiagonalOptions::default()
        },
        4,
    );
    let record: Record = serde_json::from_value(table.record(4, &actions).unwrap()).unwrap();
    for seat in [0, 1] {
        let review = table.review(4, &actions, seat).unwrap();
        let direct = tabula_diagonal::review(&record, seat, tabula_diagonal::ai::REVIEW_DEPTH).unwrap();
        assert_eq!(review["entries"], serde_json::to_value(&direct).unwrap());
        let turns = states[..actions.len()].iter().filter(|s| s.to_move() == seat).count();
        assert_eq!(direct.len(), turns, "one entry per move of the seat");
    }
}
