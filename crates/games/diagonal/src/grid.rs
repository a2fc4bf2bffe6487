//! The grid: an odd square of integer values, and its generation from a seed.
//!
//! Cells are numbered row by row from the top left: cell `row * size + col`
//! (see [`crate::notation`] for their names, `a1` being the top-left cell).
//!
//! # Generation (reproducible by any implementation)
//!
//! [`Grid::generate`] seeds [`tabula_search::Rng`] (xoshiro256++ seeded
//! through SplitMix64) with [`GridSpec::seed`] and, for every cell in
//! ascending order (`0 .. size²`), draws **two** numbers:
//!
//! 1. `magnitude = 1 + rng.below(10)`, uniform in 1..=10;
//! 2. `trap = rng.below(4) == 0`, true with probability exactly 1/4.
//!
//! The cell holds `-magnitude` if traps are on and `trap` is true, else
//! `magnitude`. The trap draw is made even when traps are off, so the grid
//! without traps of a seed is the grid with traps of the same seed with every
//! value made positive (the experiment plays the same grids both ways).
//! `Rng::below(n)` is Lemire's multiply-and-reject: with `x` the next 64-bit
//! output, `m = x * n` as a 128-bit product; if the low 64 bits of `m` are
//! below `2^64 mod n`, draw again; the result is the high 64 bits of `m`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use tabula_search::Rng;

/// A cell index: `row * size + col`, 0 to `size² − 1`.
pub type Cell = u8;

/// The smallest grid side.
pub const MIN_SIZE: u8 = 3;
/// The largest grid side.
pub const MAX_SIZE: u8 = 9;
/// The side of the daily grid and the default for free play.
pub const DEFAULT_SIZE: u8 = 5;
/// The most cells a grid has (9 × 9).
pub const MAX_CELLS: usize = MAX_SIZE as usize * MAX_SIZE as usize;
/// The largest absolute value of a cell.
pub const MAX_VALUE: i8 = 10;

/// Whether `size` is a grid side the game allows (odd, 3 to 9).
pub fn valid_size(size: u8) -> bool {
    (MIN_SIZE..=MAX_SIZE).contains(&size) && size % 2 == 1
}

/// What [`Grid::generate`] builds: a side, a seed and whether traps are drawn.
/// Not validated until generation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GridSpec {
    /// The side of the grid (odd, 3 to 9).
    pub size: u8,
    /// The seed; written as a decimal string in JSON (JavaScript numbers
    /// cannot hold every 64-bit integer), and read from a string or a number.
    #[serde(with = "crate::seed_text")]
    pub seed: u64,
    /// Whether a quarter of the cells are traps (negative values).
    pub traps: bool,
}

impl GridSpec {
    /// The default grid of a seed: 5 × 5, with traps.
    pub fn new(seed: u64) -> Self {
        GridSpec {
            size: DEFAULT_SIZE,
            seed,
            traps: true,
        }
    }
}

/// Why a grid cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GridError {
    /// The side is not odd or not within 3 to 9.
    #[error("a grid's side is odd, from 3 to 9; got {0}")]
    Size(u8),
    /// The number of values does not match the side.
    #[error("a {size}×{size} grid has {expected} cells, got {got} values")]
    Length {
        /// The side.
        size: u8,
        /// `size²`.
        expected: usize,
        /// The number of values given.
        got: usize,
    },
    /// A value outside −10..=10.
    #[error("cell {cell} holds {value}; values lie from -10 to 10")]
    Value {
        /// The cell.
        cell: usize,
        /// The value.
        value: i64,
    },
    /// The text form cannot be read.
    #[error("unreadable grid: {0}")]
    Text(String),
}

/// A square grid of values, immutable once built.
///
/// Built by [`Grid::generate`] (from a seed), [`Grid::from_values`] or by
/// parsing its text form (rows separated by `/` or new lines, values by
/// spaces or commas: `"1 2 3 / 4 -5 6 / 7 8 9"`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid {
    size: u8,
    values: [i8; MAX_CELLS],
}

impl Grid {
    /// Generates the grid of `spec` (the draw order is in the module docs).
    ///
    /// # Errors
    /// [`GridError::Size`] if the side is not odd within 3 to 9.
    pub fn generate(spec: &GridSpec) -> Result<Grid, GridError> {
        if !valid_size(spec.size) {
            return Err(GridError::Size(spec.size));
        }
        let mut rng = Rng::new(spec.seed);
        let mut values = [0i8; MAX_CELLS];
        let n = usize::from(spec.size) * usize::from(spec.size);
        for v in &mut values[..n] {
            let magnitude = 1 + rng.below(MAX_VALUE as u64) as i8;
            let trap = rng.below(4) == 0;
            *v = if spec.traps && trap { -magnitude } else { magnitude };
        }
        Ok(Grid {
            size: spec.size,
            values,
        })
    }

    /// A grid from its values, row by row.
    ///
    /// # Errors
    /// If the side is not allowed, the number of values is not `size²` or a
    /// value lies outside −10..=10.
    pub fn from_values(size: u8, values: &[i8]) -> Result<Grid, GridError> {
        if !valid_size(size) {
            return Err(GridError::Size(size));
        }
        let n = usize::from(size) * usize::from(size);
        if values.len() != n {
            return Err(GridError::Length {
                size,
                expected: n,
                got: values.len(),
            });
        }
        if let Some((cell, &value)) = values.iter().enumerate().find(|(_, v)| v.abs() > MAX_VALUE) {
            return Err(GridError::Value {
                cell,
                value: i64::from(value),
            });
        }
        let mut all = [0i8; MAX_CELLS];
        all[..n].copy_from_slice(values);
        Ok(Grid { size, values: all })
    }

    /// The side.
    #[inline]
    pub fn size(&self) -> u8 {
        self.size
    }

    /// The number of cells, `size²`.
    #[inline]
    pub fn cells(&self) -> usize {
        usize::from(self.size) * usize::from(self.size)
    }

    /// The value of a cell.
    ///
    /// # Panics
    /// If the cell is not on the grid.
    #[inline]
    pub fn value(&self, cell: Cell) -> i8 {
        assert!(usize::from(cell) < self.cells(), "cell {cell} is off the grid");
        self.values[usize::from(cell)]
    }

    /// Every value, row by row (`size²` of them).
    pub fn values(&self) -> &[i8] {
        &self.values[..self.cells()]
    }

    /// The values padded to [`MAX_CELLS`] with zeros (the state's layout).
    pub(crate) fn padded(&self) -> &[i8; MAX_CELLS] {
        &self.values
    }

    /// The number of traps (negative cells).
    pub fn traps(&self) -> usize {
        self.values().iter().filter(|&&v| v < 0).count()
    }

    /// The Target variant's target: half the sum of the positive values,
    /// rounded to the nearest integer, a half rounded up (`(P + 1) / 2`).
    pub fn target(&self) -> i32 {
        target_of(self.values())
    }

    /// The sum of the absolute values: no score margin can exceed it.
    pub fn abs_sum(&self) -> i32 {
        self.values().iter().map(|&v| i32::from(v).abs()).sum()
    }
}

/// Half the sum of the positive values, rounded half up.
pub(crate) fn target_of(values: &[i8]) -> i32 {
    let positive: i32 = values.iter().filter(|&&v| v > 0).map(|&v| i32::from(v)).sum();
    (positive + 1) / 2
}

impl fmt::Display for Grid {
    /// One row per line, values right-aligned in three columns.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let size = usize::from(self.size);
        for (r, row) in self.values().chunks(size).enumerate() {
            if r > 0 {
                writeln!(f)?;
            }
            for (c, v) in row.iter().enumerate() {
                if c > 0 {
                    write!(f, " ")?;
                }
                write!(f, "{v:>3}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rows: Vec<String> = self
            .values()
            .chunks(usize::from(self.size))
            .map(|row| row.iter().map(i8::to_string).collect::<Vec<_>>().join(" "))
            .collect();
        write!(f, "Grid({})", rows.join(" / "))
    }
}

impl FromStr for Grid {
    type Err = GridError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let rows: Vec<Vec<i8>> = text
            .split(['/', '\n'])
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .map(|r| {
                r.split([' ', ',', '\t'])
                    .filter(|t| !t.is_empty())
                    .map(|t| {
                        t.parse::<i8>()
                            .map_err(|_| GridError::Text(format!("{t:?} is not a value")))
                    })
                    .collect()
            })
            .collect::<Result<_, _>>()?;
        let size = rows.len();
        if let Some(bad) = rows.iter().find(|r| r.len() != size) {
            return Err(GridError::Text(format!(
                "{size} rows but a row of {} values; a grid is square",
                bad.len()
            )));
        }
        let size = u8::try_from(size).map_err(|_| GridError::Text(format!("{size} rows")))?;
        Grid::from_values(size, &rows.concat())
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct GridForm {
    size: u8,
    values: Vec<i8>,
}

impl Serialize for Grid {
    /// `{"size": 5, "values": [...]}`, values row by row.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        GridForm {
            size: self.size,
            values: self.values().to_vec(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Grid {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let form = GridForm::deserialize(d)?;
        Grid::from_values(form.size, &form.values).map_err(serde::de::Error::custom)
    }
}
