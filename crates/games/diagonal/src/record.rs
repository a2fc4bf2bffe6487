//! Game records: the grid (a seed or a date), the variant and the moves;
//! they round-trip through JSON and replay move by move, so a server can
//! score a daily game from its record.
//!
//! The JSON form names cells in [notation](crate::notation) and writes
//! seeds as decimal strings:
//!
//! ```json
//! {"grid":{"daily":"2025-03-14"},"variant":{"walls":false,"target":false},"moves":["c3","c1","e1"]}
//! {"grid":{"seed":{"size":5,"seed":"42","traps":true}},"variant":{"walls":true,"target":false},"moves":["a3"]}
//! ```
//!
//! Seat 0 makes the first move of every record.

use serde::{Deserialize, Serialize};
use tabula_search::{Game, Seat};

use crate::ai::Computer;
use crate::date::{Date, daily_spec};
use crate::grid::{Cell, Grid, GridError, GridSpec};
use crate::notation::Coord;
use crate::rules::{Diagonal, MoveError, State, Variant};

/// Where a record's grid comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum GridSource {
    /// A generated grid (free play).
    Seed(GridSpec),
    /// The daily grid of a date (standard rules only).
    Daily(Date),
}

impl GridSource {
    /// The grid's spec.
    pub fn spec(&self) -> GridSpec {
        match *self {
            GridSource::Seed(spec) => spec,
            GridSource::Daily(date) => daily_spec(date),
        }
    }

    /// The grid.
    ///
    /// # Errors
    /// If the spec's size is not allowed.
    pub fn grid(&self) -> Result<Grid, GridError> {
        Grid::generate(&self.spec())
    }
}

impl From<GridSpec> for GridSource {
    fn from(spec: GridSpec) -> Self {
        GridSource::Seed(spec)
    }
}

/// A game: its grid, its variant and its moves, seat 0 first.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The grid.
    pub grid: GridSource,
    /// The rules variant (standard if absent).
    #[serde(default)]
    pub variant: Variant,
    /// The cells taken, in order (passes are not moves: they follow from
    /// the rules).
    #[serde(default)]
    pub moves: Vec<Coord>,
}

/// Why a record cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The grid cannot be built.
    #[error("the record's grid: {0}")]
    Grid(#[from] GridError),
    /// A daily grid with a variant.
    #[error("the daily grid is played with the standard rules, not {0}")]
    DailyVariant(Variant),
    /// A move names a cell off the grid.
    #[error("move {number} ({coord}) is not legal: {coord} is off the {size}×{size} grid")]
    OffGrid {
        /// The move's number, from 1.
        number: usize,
        /// The cell named.
        coord: Coord,
        /// The grid's side.
        size: u8,
    },
    /// A move the rules forbid (including any move after the end).
    #[error("move {number} ({coord}) is not legal: {reason}")]
    Illegal {
        /// The move's number, from 1.
        number: usize,
        /// The cell named.
        coord: Coord,
        /// Why the rules forbid it.
        reason: MoveError,
    },
    /// A move of the computer's seat that the computer would not play.
    #[error("move {number} ({coord}) is not the computer's: it plays {expected} there")]
    NotComputer {
        /// The move's number, from 1.
        number: usize,
        /// The cell recorded.
        coord: Coord,
        /// The computer's move.
        expected: Coord,
    },
    /// The JSON text is not a record.
    #[error("unreadable record: {0}")]
    Json(String),
}

impl Record {
    /// A record without moves.
    pub fn new(grid: GridSource, variant: Variant) -> Self {
        Record {
            grid,
            variant,
            moves: Vec::new(),
        }
    }

    /// A record of the daily grid of `date` (standard rules).
    pub fn daily(date: Date) -> Self {
        Record::new(GridSource::Daily(date), Variant::STANDARD)
    }

    /// Appends a move given as a cell index of a grid of side `size`.
    pub fn push_cell(&mut self, cell: Cell, size: u8) {
        self.moves.push(Coord::of(cell, size));
    }

    /// The rules the record is played with.
    pub fn rules(&self) -> Diagonal {
        Diagonal::new(self.variant)
    }

    /// The record's grid, after checking that a daily grid is played with
    /// the standard rules.
    ///
    /// # Errors
    /// A bad grid size, or a daily grid with a variant.
    pub fn grid(&self) -> Result<Grid, RecordError> {
        if matches!(self.grid, GridSource::Daily(_)) && !self.variant.is_standard() {
            return Err(RecordError::DailyVariant(self.variant));
        }
        Ok(self.grid.grid()?)
    }

    /// Replays every move: the grid and the position before each move, then
    /// the final position (`moves.len() + 1` states).
    ///
    /// # Errors
    /// The first problem: the grid, a cell off the grid, an illegal move
    /// (named with its number from 1 and its cell), a move after the end.
    pub fn positions(&self) -> Result<(Grid, Vec<State>), RecordError> {
        let grid = self.grid()?;
        let rules = self.rules();
        let mut state = rules.start(&grid);
        let mut states = Vec::with_capacity(self.moves.len() + 1);
        states.push(state);
        for (i, &coord) in self.moves.iter().enumerate() {
            let number = i + 1;
            let cell = coord.cell(grid.size()).ok_or(RecordError::OffGrid {
                number,
                coord,
                size: grid.size(),
            })?;
            rules
                .play(&mut state, cell)
                .map_err(|reason| RecordError::Illegal { number, coord, reason })?;
            states.push(state);
        }
        Ok((grid, states))
    }

    /// Replays every move: the grid and the final position.
    ///
    /// # Errors
    /// As [`Record::positions`].
    pub fn replay(&self) -> Result<(Grid, State), RecordError> {
        let (grid, states) = self.positions()?;
        Ok((grid, *states.last().expect("the start is always there")))
    }

    /// Replays the record and checks that every move of `seat` is the move
    /// `computer` chooses there (the computer is deterministic).
    ///
    /// # Errors
    /// As [`Record::positions`], or [`RecordError::NotComputer`] at the
    /// first move of `seat` the computer would not play.
    pub fn check_computer(&self, seat: Seat, computer: &mut Computer) -> Result<(), RecordError> {
        let (grid, states) = self.positions()?;
        let rules = self.rules();
        for (i, &coord) in self.moves.iter().enumerate() {
            let state = &states[i];
            if rules.to_move(state).seat() != Some(seat) {
                continue;
            }
            let expected = computer.think(&rules, state).action.expect("a seat to move has a move");
            let expected = Coord::of(expected, grid.size());
            if expected != coord {
                return Err(RecordError::NotComputer {
                    number: i + 1,
                    coord,
                    expected,
                });
            }
        }
        Ok(())
    }

    /// The record as one line of JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("records serialise")
    }

    /// Reads a record from JSON (without replaying it).
    ///
    /// # Errors
    /// [`RecordError::Json`] with serde's message.
    pub fn from_json(text: &str) -> Result<Record, RecordError> {
        serde_json::from_str(text).map_err(|e| RecordError::Json(e.to_string()))
    }
}
