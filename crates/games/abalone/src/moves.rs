//! Moves and their notation.
//!
//! A move is the line of marbles moved and a direction; pushes and ejections
//! are consequences. Notation: the two end cells of the line (one cell for a
//! single marble), a colon, and the direction:
//!
//! | move | notation |
//! |---|---|
//! | the marble on c3 steps north-east | `c3:ne` |
//! | a1, a2, a3 move east in line (pushing whatever the rules allow) | `a1a3:e` |
//! | c3, d4 side-step west | `c3d4:w` |
//!
//! Directions are `e`, `ne`, `nw`, `w`, `sw`, `se` (see [`Dir`]); the parser
//! takes any case and either end first, the printer writes the end nearer
//! a1 first, so `print(parse(s))` is canonical and `parse(print(m)) == m`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::geometry::{Cell, Dir};

/// A move: `len` marbles in a line from `first` along `axis`, moved one step
/// in `dir`.
///
/// Canonical form: `first` is the end nearer a1 (the axis is one of
/// [`Dir::AXES`]); a single marble has axis east.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Move {
    first: u8,
    len: u8,
    axis: u8,
    dir: u8,
}

/// Why a move's text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveParseError {
    /// Not `cells:dir`.
    #[error("{0:?} is not a move (expected e.g. a1:ne, a1a3:e, c3d4:w)")]
    Syntax(String),
    /// Not a cell.
    #[error("{0:?} is not a cell (a1–i9)")]
    BadCell(String),
    /// Not a direction.
    #[error("{0:?} is not a direction (e, ne, nw, w, sw, se)")]
    BadDir(String),
    /// The end cells are not two or three marbles in one line.
    #[error("{0} and {1} are not the ends of a line of 2 or 3 cells")]
    NotALine(Cell, Cell),
}

impl Move {
    /// The move of the line of `len` (1–3) cells from `first` along `axis`
    /// in direction `dir`, if that line lies on the board. Any end and any
    /// axis direction is accepted and canonicalised.
    pub fn new(first: Cell, axis: Dir, len: usize, dir: Dir) -> Option<Move> {
        if !(1..=3).contains(&len) {
            return None;
        }
        let mut last = first;
        for _ in 1..len {
            last = last.neighbour(axis)?;
        }
        let (first, axis) = if len == 1 {
            (first, Dir::E)
        } else if axis.index() < 3 {
            (first, axis)
        } else {
            (last, axis.opposite())
        };
        Some(Move {
            first: first.index() as u8,
            len: len as u8,
            axis: axis.index() as u8,
            dir: dir.index() as u8,
        })
    }

    /// The move of the line between two end cells (equal for one marble).
    pub fn between(a: Cell, b: Cell, dir: Dir) -> Option<Move> {
        if a == b {
            return Move::new(a, Dir::E, 1, dir);
        }
        for axis in Dir::ALL {
            let mut c = a;
            for len in 2..=3 {
                match c.neighbour(axis) {
                    Some(n) => c = n,
                    None => break,
                }
                if c == b {
                    return Move::new(a, axis, len, dir);
                }
            }
        }
        None
    }

    /// The end cell nearer a1.
    #[inline]
    pub fn first(self) -> Cell {
        Cell::new(self.first as usize).expect("valid cell")
    }

    /// The other end of the line.
    pub fn last(self) -> Cell {
        self.marbles().last().expect("at least one marble")
    }

    /// How many marbles move (1–3).
    #[inline]
    pub fn len(self) -> usize {
        self.len as usize
    }

    /// Always false: a move moves at least one marble.
    pub fn is_empty(self) -> bool {
        false
    }

    /// The line's axis (one of [`Dir::AXES`]).
    #[inline]
    pub fn axis(self) -> Dir {
        Dir::from_index(self.axis as usize)
    }

    /// The direction of the move.
    #[inline]
    pub fn dir(self) -> Dir {
        Dir::from_index(self.dir as usize)
    }

    /// True when the line moves along its own axis (single marbles included).
    #[inline]
    pub fn is_inline(self) -> bool {
        self.len == 1 || self.dir % 3 == self.axis
    }

    /// The cells of the moved marbles, from `first` along the axis.
    pub fn marbles(self) -> impl Iterator<Item = Cell> {
        let axis = self.axis();
        std::iter::successors(Some(self.first()), move |c| c.neighbour(axis)).take(self.len())
    }

    /// The front marble of an in-line move (the one moving into a new cell).
    pub fn head(self) -> Cell {
        if self.dir < 3 { self.last() } else { self.first() }
    }

    /// Bits of the moved marbles (padded layout).
    #[inline]
    pub(crate) fn line_bits(self) -> u128 {
        let step = self.axis().step();
        let b = self.first().mask();
        match self.len {
            1 => b,
            2 => b | (b << step),
            _ => b | (b << step) | (b << (2 * step)),
        }
    }

    /// Raw parts (first cell bit index, length, axis, direction) for fast code.
    #[inline]
    pub(crate) fn from_parts(first_cell: u8, len: u8, axis: u8, dir: u8) -> Move {
        Move {
            first: first_cell,
            len,
            axis,
            dir,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.len == 1 {
            write!(f, "{}:{}", self.first(), self.dir())
        } else {
            write!(f, "{}{}:{}", self.first(), self.last(), self.dir())
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The notation says everything the fields do.
        write!(f, "Move({self})")
    }
}

impl FromStr for Move {
    type Err = MoveParseError;

    fn from_str(text: &str) -> Result<Move, MoveParseError> {
        let t = text.trim();
        let (cells, dir) = t.split_once(':').ok_or_else(|| MoveParseError::Syntax(t.to_string()))?;
        let dir = Dir::parse(dir.trim()).ok_or_else(|| MoveParseError::BadDir(dir.to_string()))?;
        let cells = cells.trim();
        let cell = |s: &str| Cell::parse(s).ok_or_else(|| MoveParseError::BadCell(s.to_string()));
        let (a, b) = match cells.len() {
            2 => {
                let a = cell(cells)?;
                (a, a)
            }
            4 if cells.is_char_boundary(2) => (cell(&cells[..2])?, cell(&cells[2..])?),
            _ => return Err(MoveParseError::Syntax(t.to_string())),
        };
        if a == b && cells.len() == 4 {
            return Err(MoveParseError::NotALine(a, b));
        }
        Move::between(a, b, dir).ok_or(MoveParseError::NotALine(a, b))
    }
}

impl TryFrom<String> for Move {
    type Error = MoveParseError;
    fn try_from(s: String) -> Result<Move, MoveParseError> {
        s.parse()
    }
}

impl From<Move> for String {
    fn from(m: Move) -> String {
        m.to_string()
    }
}
