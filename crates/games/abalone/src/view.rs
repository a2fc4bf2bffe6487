//! What a page draws of an Abalone position: each side's marbles, the
//! marbles pushed off, the draw counter, and — where the endgame tables
//! are installed — their verdict and best move. Abalone hides nothing, so
//! every seat's view is the same.

use serde::Serialize;
use tabula_search::backward::Value as TableValue;
use tabula_search::{Game, Turn};

use crate::game::{Abalone, State};
use crate::geometry::Cell;
use crate::position::Side;

/// The position as a page draws it. Cells are named `a1`…`i9` (row letter
/// from the bottom, diagonal number).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AbaloneView {
    /// Black's marbles.
    pub black: Vec<String>,
    /// White's marbles.
    pub white: Vec<String>,
    /// The side to move: `"black"` or `"white"`.
    pub to_move: &'static str,
    /// Marbles of each colour pushed off.
    pub ejected: Ejected,
    /// Plies since the last ejection.
    pub quiet_plies: u16,
    /// Plies without an ejection that end the game in a draw.
    pub no_progress: u16,
    /// Whether the game is over.
    pub over: bool,
    /// The installed tables' verdict on the position; `null` where no
    /// table knows it.
    pub tablebase: Option<Verdict>,
    /// The tables' best move for the side to move (perfect information:
    /// pages show it on request); `null` where no table knows it, and at
    /// the end.
    pub best: Option<String>,
    /// The endgame trainer's class (`"4v2"`); `null` outside the trainer.
    pub trainer: Option<String>,
}

/// Marbles of each colour pushed off the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Ejected {
    /// Black marbles pushed off.
    pub black: u32,
    /// White marbles pushed off.
    pub white: u32,
}

/// The tables' verdict with best play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// The side that wins (`"black"` or `"white"`); `null` for a draw.
    pub winner: Option<&'static str>,
    /// The plies to the win; absent for a draw.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plies: Option<u32>,
}

impl Verdict {
    /// The verdict of a table value for the side `mover` to move.
    pub fn of(value: TableValue, mover: Side) -> Self {
        let win = |side: Side, d| Verdict {
            winner: Some(side.name()),
            plies: Some(d),
        };
        match value {
            TableValue::Win(d) => win(mover, d),
            TableValue::Loss(d) => win(mover.other(), d),
            TableValue::Draw => Verdict {
                winner: None,
                plies: None,
            },
        }
    }
}

/// The marbles of `side` pushed off in `s`: from the seven of Discovery's
/// endgames in the trainer, else from the start's.
pub fn ejected(game: &Abalone, s: &State, side: Side) -> u32 {
    let material = if game.trainer.is_some() {
        7
    } else {
        game.start.count(side)
    };
    material.saturating_sub(s.position.count(side))
}

fn cells(state: &State, side: Side) -> Vec<String> {
    Cell::all()
        .filter(|&c| state.position.at(c) == Some(side))
        .map(|c| c.to_string())
        .collect()
}

impl AbaloneView {
    /// The view of a position under the game's options.
    pub fn of(game: &Abalone, s: &State) -> Self {
        let tables = crate::tablebase::installed();
        let over = game.to_move(s) == Turn::Terminal;
        let mover = s.position.to_move();
        AbaloneView {
            black: cells(s, Side::Black),
            white: cells(s, Side::White),
            to_move: mover.name(),
            ejected: Ejected {
                black: ejected(game, s, Side::Black),
                white: ejected(game, s, Side::White),
            },
            quiet_plies: s.quiet_plies,
            no_progress: game.no_progress,
            over,
            tablebase: tables.and_then(|t| t.value(&s.position)).map(|v| Verdict::of(v, mover)),
            best: tables
                .filter(|_| !over)
                .and_then(|t| crate::tablebase::probe::best_move(t, &s.position))
                .map(|(m, _)| m.to_string()),
            trainer: game.trainer.map(|c| c.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// A verdict reads as it did when views were written by hand: the
    /// winner and the plies, or a null winner alone for a draw.
    #[test]
    fn a_verdict_names_the_winner_and_its_plies_or_a_draw() {
        let v = |value| serde_json::to_value(Verdict::of(value, Side::White)).unwrap();
        assert_eq!(v(TableValue::Win(5)), json!({"winner": "white", "plies": 5}));
        assert_eq!(v(TableValue::Loss(8)), json!({"winner": "black", "plies": 8}));
        assert_eq!(v(TableValue::Draw), json!({"winner": null}));
    }
}
