//! The review of a finished (or unfinished) game: at each of the human's
//! turns, the move played and the computer's choice, both valued by a deeper
//! search than in play.
//!
//! At each position where the human was to move, the computer searches to
//! the review depth (or exactly, in the endgame) and picks its move. Both
//! moves are then valued the same way: the position after each move is
//! searched to one ply less (or exactly), with an empty table. Values are in
//! evaluation units from the mover's point of view: a score margin for
//! standard and Walls games (the exact final margin in the endgame),
//! ±10,000 for a won or lost Target game. Should the move played score
//! higher than the computer's choice (possible through the table's effects
//! on a depth-limited search), the played move is reported as the choice.

use serde::{Deserialize, Serialize};
use tabula_search::{Game, Seat};

use crate::ai::{Computer, ComputerConfig, for_seat, seat0_value};
use crate::notation::Coord;
use crate::record::{Record, RecordError};
use crate::rules::{Diagonal, State};

/// One of the human's turns, reviewed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReviewEntry {
    /// The move's number in the record, from 1.
    pub number: usize,
    /// The cell the human took.
    pub played: Coord,
    /// Its value for the human.
    pub played_value: f64,
    /// The computer's choice.
    pub best: Coord,
    /// Its value for the human.
    pub best_value: f64,
    /// Whether the values are exact (an endgame solved to the end).
    pub exact: bool,
}

/// Reviews the moves of `human_seat` in `record`, searching `depth` plies
/// (at least 2; [`crate::ai::REVIEW_DEPTH`] is the default) or exactly in
/// the endgame.
///
/// # Errors
/// If the record does not replay.
pub fn review(record: &Record, human_seat: Seat, depth: u32) -> Result<Vec<ReviewEntry>, RecordError> {
    review_with(record, human_seat, ComputerConfig::with_depth(depth))
}

/// [`review`] with every tunable of the searching computer.
///
/// # Errors
/// If the record does not replay.
pub fn review_with(record: &Record, human_seat: Seat, config: ComputerConfig) -> Result<Vec<ReviewEntry>, RecordError> {
    let (grid, states) = record.positions()?;
    let rules = record.rules();
    let depth = config.depth.max(2);
    let mut computer = Computer::new(config);
    let mut entries = Vec::new();
    for (i, &played) in record.moves.iter().enumerate() {
        let s = &states[i];
        if rules.to_move(s).seat() != Some(human_seat) {
            continue;
        }
        let exact = computer.solves(s);
        let root = computer.search_to(&rules, s, (!exact).then_some(depth));
        let choice = root.action.expect("a seat to move has a move");
        let played_cell = played.cell(grid.size()).expect("the record replayed");
        let child_depth = (!exact).then_some(depth - 1);
        let mut value_of = |cell| {
            let mut child = *s;
            rules.apply(&mut child, cell);
            value_after(&mut computer, &rules, &child, child_depth, human_seat)
        };
        let played_value = value_of(played_cell);
        let (mut best, mut best_value) = if choice == played_cell {
            (choice, played_value)
        } else {
            (choice, value_of(choice))
        };
        if played_value > best_value {
            (best, best_value) = (played_cell, played_value);
        }
        entries.push(ReviewEntry {
            number: i + 1,
            played,
            played_value,
            best: Coord::of(best, grid.size()),
            best_value,
            exact,
        });
    }
    Ok(entries)
}

/// The value of `s` for `seat` by a search to `depth` (or exact).
fn value_after(computer: &mut Computer, rules: &Diagonal, s: &State, depth: Option<u32>, seat: Seat) -> f64 {
    let r = computer.search_to(rules, s, depth);
    for_seat(seat0_value(rules, s, &r), seat)
}
