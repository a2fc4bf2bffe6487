//! What a page draws of a tic-tac-toe position: the nine squares, whose
//! turn it is, the winner. Tic-tac-toe hides nothing, so every seat's view
//! is the same.

use serde::Serialize;

use crate::board::{Board, Mark};

/// The board as a page draws it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TicTacToeView {
    /// The squares row by row from the top left: `"x"`, `"o"`, or `null`
    /// when empty.
    pub cells: Vec<Option<&'static str>>,
    /// The side to move (`"x"` or `"o"`); `null` once the game is over.
    pub to_move: Option<&'static str>,
    /// The side that made a line; `null` while nobody has (and in a draw).
    pub winner: Option<&'static str>,
    /// Whether the game is over.
    pub over: bool,
}

/// A mark as the view writes it.
fn mark(m: Mark) -> &'static str {
    match m {
        Mark::X => "x",
        Mark::O => "o",
    }
}

impl TicTacToeView {
    /// The view of a position.
    pub fn of(b: &Board) -> Self {
        TicTacToeView {
            cells: (0..9).map(|s| b.at(s).map(mark)).collect(),
            to_move: (!b.is_over()).then(|| mark(b.side_to_move())),
            winner: b.winner().map(mark),
            over: b.is_over(),
        }
    }
}
