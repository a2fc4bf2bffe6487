//! Cell names: a column letter and a row number.
//!
//! Columns are lettered `a`, `b`, … from the left, rows numbered `1`, `2`, …
//! from the **top**: `a1` is the top-left cell, `e5` the bottom-right cell of
//! a 5 × 5 grid, `c3` its centre. A name is independent of the grid's size
//! ([`Coord`]); cell indices (`row * size + col`) need the size.
//! Reading accepts upper-case letters; writing uses lower case.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::grid::{Cell, MAX_SIZE};

/// A cell by column and row (both from 0), whatever the grid's size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord {
    /// The column, 0 (`a`) to 8 (`i`).
    pub col: u8,
    /// The row, 0 (`1`, the top row) to 8 (`9`).
    pub row: u8,
}

/// Why a text is not a cell name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// Not a letter followed by a digit.
    #[error("{0:?} is not a cell name; write a column letter and a row number, as c3")]
    Format(String),
    /// A column letter past `i`.
    #[error("there is no column {0:?}; columns run from a to i")]
    Column(char),
    /// A row digit outside 1 to 9.
    #[error("there is no row {0:?}; rows run from 1 to 9")]
    Row(char),
    /// A cell outside a grid of the given size.
    #[error("{coord} is off the {size}×{size} grid")]
    OffGrid {
        /// The cell named.
        coord: Coord,
        /// The grid's side.
        size: u8,
    },
}

impl Coord {
    /// A coordinate from column and row (no bound check).
    pub fn new(col: u8, row: u8) -> Coord {
        Coord { col, row }
    }

    /// The coordinate of a cell of a grid of side `size`.
    pub fn of(cell: Cell, size: u8) -> Coord {
        Coord {
            col: cell % size,
            row: cell / size,
        }
    }

    /// The cell index on a grid of side `size`, if the cell lies on it.
    pub fn cell(self, size: u8) -> Option<Cell> {
        (self.col < size && self.row < size).then(|| self.row * size + self.col)
    }

    /// The cell index on a grid of side `size`.
    ///
    /// # Errors
    /// [`NotationError::OffGrid`] if the cell is not on that grid.
    pub fn cell_on(self, size: u8) -> Result<Cell, NotationError> {
        self.cell(size).ok_or(NotationError::OffGrid { coord: self, size })
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.col), self.row + 1)
    }
}

impl FromStr for Coord {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut chars = text.chars();
        let (Some(letter), Some(digit), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(NotationError::Format(text.to_string()));
        };
        if !letter.is_ascii_alphabetic() || !digit.is_ascii_digit() {
            return Err(NotationError::Format(text.to_string()));
        }
        let col = letter.to_ascii_lowercase() as u8 - b'a';
        if col >= MAX_SIZE {
            return Err(NotationError::Column(letter));
        }
        let row = digit as u8 - b'0';
        if row == 0 || row > MAX_SIZE {
            return Err(NotationError::Row(digit));
        }
        Ok(Coord { col, row: row - 1 })
    }
}

impl Serialize for Coord {
    /// The cell's name, as `"c3"`.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Coord {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The name of a cell of a grid of side `size`.
pub fn cell_name(cell: Cell, size: u8) -> String {
    Coord::of(cell, size).to_string()
}

/// The cell a name designates on a grid of side `size`.
///
/// # Errors
/// If the text is not a cell name or the cell is off that grid.
pub fn parse_cell(text: &str, size: u8) -> Result<Cell, NotationError> {
    text.trim().parse::<Coord>()?.cell_on(size)
}
