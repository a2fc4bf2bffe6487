//! What a page draws of Jamais en diagonale: the grid with its values and
//! taken cells, the token and its reach, the scores ([`DiagonalView`]),
//! and the facts of one move for pages that replay moves one by one
//! ([`MoveView`]). The game hides nothing, so every seat's view is the
//! same; both are built from the position alone.

use serde::Serialize;
use tabula_search::Seat;

use crate::grid::Cell;
use crate::notation::cell_name;
use crate::rules::{Diagonal, End};
use crate::state::State;

/// The position as a page draws it. Cells are indices, row by row from
/// the top left (`row × size + column`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DiagonalView {
    /// The grid's side.
    pub size: u8,
    /// Every cell's value, row by row (negative for traps).
    pub values: Vec<i8>,
    /// The cells taken, in order.
    pub taken: Vec<Cell>,
    /// The token's cell; `null` before the first move.
    pub token: Option<Cell>,
    /// The cells the side to move may take (none once the game is over).
    pub reach: Vec<Cell>,
    /// Each side's total.
    pub scores: [i32; 2],
    /// The seat to move.
    pub to_move: Seat,
    /// Whether the last move was a pass.
    pub after_pass: bool,
    /// Whether the game is over.
    pub over: bool,
    /// The Walls variant: the token stops at taken cells.
    pub walls: bool,
    /// The Target variant's total; `null` without it.
    pub target: Option<i32>,
    /// Under Walls, the taken cells that stop the token's rays.
    pub stoppers: Vec<Cell>,
    /// How the game ended (`grid_empty`, `blocked`, `target_exceeded`);
    /// `null` while it goes on.
    pub end: Option<&'static str>,
}

/// One move as the page replays it: the cell taken, its value, and the
/// reach and stoppers the mover had. Cells are named (`c3`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveView {
    /// The cell taken.
    pub cell: String,
    /// Its value.
    pub value: i8,
    /// Whether the move answered a pass.
    pub after_pass: bool,
    /// The cells the mover could take.
    pub reach: Vec<String>,
    /// Under Walls, the taken cells that stopped the mover's rays.
    pub stoppers: Vec<String>,
}

/// The cells of a bit set, in order.
fn cells_in(set: u128, cells: Cell) -> Vec<Cell> {
    (0..cells).filter(|&c| set & (1u128 << c) != 0).collect()
}

/// How a game ended, as the view names it.
fn end_name(end: End) -> &'static str {
    match end {
        End::GridEmpty => "grid_empty",
        End::Blocked => "blocked",
        End::Exceeded(_) => "target_exceeded",
    }
}

impl DiagonalView {
    /// The view of a position under `rules`.
    pub fn of(rules: &Diagonal, s: &State) -> Self {
        let cells = s.cells() as Cell;
        let reach = if s.is_over() { 0 } else { rules.reach(s) };
        DiagonalView {
            size: s.size(),
            values: (0..cells).map(|c| s.value(c)).collect(),
            taken: (0..cells).filter(|&c| !s.is_free(c)).collect(),
            token: s.token(),
            reach: cells_in(reach, cells),
            scores: s.scores(),
            to_move: s.to_move(),
            after_pass: s.after_pass(),
            over: s.is_over(),
            walls: rules.variant().walls,
            target: rules.variant().target.then(|| s.target()),
            stoppers: cells_in(rules.stoppers(s), cells),
            end: rules.outcome(s).map(|o| end_name(o.end)),
        }
    }
}

impl MoveView {
    /// The move that led from `before` to `after` on a grid of side
    /// `size`; `None` when no cell was taken.
    pub fn of(rules: &Diagonal, size: u8, before: &State, after: &State) -> Option<Self> {
        let cells = before.cells() as Cell;
        let named = |set: u128| cells_in(set, cells).into_iter().map(|c| cell_name(c, size)).collect();
        // The cell taken is the token's square after the move.
        let cell = after.token()?;
        Some(MoveView {
            cell: cell_name(cell, size),
            value: before.value(cell),
            after_pass: before.after_pass(),
            reach: named(rules.reach(before)),
            stoppers: named(rules.stoppers(before)),
        })
    }
}
