//! Positions: the marbles of both sides, the side to move, and how many
//! marbles a side may keep before it has lost; layouts; text form.
//!
//! # Text form
//!
//! ```text
//! black:a1,a2,b1 white:e5,i9 to:black [lose:1]
//! ```
//!
//! Fields are separated by spaces, in any order; cell lists are comma
//! separated (an empty list is allowed: `white:`). `to:` names the side to
//! move (`black`/`white`, or `b`/`w`). `lose:N` says that a side left with
//! `N` marbles or fewer has lost; without it, the rule follows the material:
//! 8 (six ejections from fourteen) when either side has more than seven
//! marbles, otherwise 1 (Discovery mode: six ejections from seven).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use tabula_search::Rng;

use crate::geometry::{BOARD, CELLS, Cell, Symmetry, cells_of};

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Black, who moves first (seat 0).
    Black = 0,
    /// White (seat 1).
    White = 1,
}

impl Side {
    /// The other side.
    #[inline]
    pub const fn other(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }

    /// 0 for Black, 1 for White (the seat).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side of a seat (0 or 1).
    pub const fn from_index(i: usize) -> Side {
        if i == 0 { Side::Black } else { Side::White }
    }

    /// `black` or `white`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::Black => "black",
            Side::White => "white",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Zobrist keys: one per side and padded bit, and one for White to move.
pub(crate) const ZOBRIST: [[u64; 128]; 2] = {
    let keys = tabula_search::rng::zobrist_keys::<256>(0xaba1_0e5e_ed00_0001);
    let mut t = [[0u64; 128]; 2];
    let mut i = 0;
    while i < 128 {
        t[0][i] = keys[i];
        t[1][i] = keys[128 + i];
        i += 1;
    }
    t
};
pub(crate) const ZOBRIST_WHITE: u64 = tabula_search::rng::zobrist_keys::<1>(0xaba1_0e5e_ed00_0002)[0];

/// A position: both sides' marbles, the side to move and the losing count.
///
/// Always valid: marbles only on the board, never two on one cell, the
/// incremental hash equal to [`Position::hash_from_scratch`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) stones: [u128; 2],
    pub(crate) to_move: Side,
    pub(crate) lose_at: u8,
    pub(crate) hash: u64,
}

/// Why a position was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A word that is not `black:`, `white:`, `to:` or `lose:`.
    #[error("unknown field {0:?} (expected black:, white:, to: or lose:)")]
    UnknownField(String),
    /// A field given twice.
    #[error("field {0:?} given twice")]
    Repeated(String),
    /// A required field is missing.
    #[error("missing field {0}")]
    Missing(&'static str),
    /// Not a cell name.
    #[error("{0:?} is not a cell (a1–i9)")]
    BadCell(String),
    /// Two marbles on one cell.
    #[error("two marbles on {0}")]
    Occupied(Cell),
    /// Not a side.
    #[error("{0:?} is not a side (black or white)")]
    BadSide(String),
    /// A bad losing count.
    #[error("lose:{0:?} is not a count from 0 to 13")]
    BadLose(String),
    /// More than 14 marbles a side.
    #[error("{0} has {1} marbles (at most 14)")]
    TooMany(Side, u32),
    /// A named layout that does not exist.
    #[error("unknown layout {0:?} (standard, belgian, german, discovery)")]
    UnknownLayout(String),
}

/// The starting layouts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Layout {
    /// Black a1–a5, b1–b6, c3–c5; White i5–i9, h4–h9, g5–g7.
    Standard,
    /// Belgian daisy.
    Belgian,
    /// German daisy.
    German,
    /// Discovery mode: a daisy of seven a side, Black around c4, White around g6.
    Discovery,
}

impl Layout {
    /// All layouts.
    pub const ALL: [Layout; 4] = [Layout::Standard, Layout::Belgian, Layout::German, Layout::Discovery];

    /// The layout's name (`standard`, `belgian`, `german`, `discovery`).
    pub const fn name(self) -> &'static str {
        match self {
            Layout::Standard => "standard",
            Layout::Belgian => "belgian",
            Layout::German => "german",
            Layout::Discovery => "discovery",
        }
    }

    /// Parses a layout name (also `belgian-daisy`, `german-daisy`).
    pub fn parse(text: &str) -> Result<Layout, PositionError> {
        match text.to_ascii_lowercase().as_str() {
            "standard" => Ok(Layout::Standard),
            "belgian" | "belgian-daisy" | "belgian_daisy" => Ok(Layout::Belgian),
            "german" | "german-daisy" | "german_daisy" => Ok(Layout::German),
            "discovery" => Ok(Layout::Discovery),
            _ => Err(PositionError::UnknownLayout(text.to_string())),
        }
    }

    fn cells(self) -> (&'static str, &'static str) {
        match self {
            Layout::Standard => (
                "a1,a2,a3,a4,a5,b1,b2,b3,b4,b5,b6,c3,c4,c5",
                "i5,i6,i7,i8,i9,h4,h5,h6,h7,h8,h9,g5,g6,g7",
            ),
            Layout::Belgian => (
                "a1,a2,b1,b2,b3,c2,c3,g7,g8,h7,h8,h9,i8,i9",
                "a4,a5,b4,b5,b6,c5,c6,g4,g5,h4,h5,h6,i5,i6",
            ),
            Layout::German => (
                "b1,b2,c1,c2,c3,d2,d3,f7,f8,g7,g8,g9,h8,h9",
                "b5,b6,c5,c6,c7,d6,d7,f3,f4,g3,g4,g5,h4,h5",
            ),
            // A daisy is a cell and its six neighbours.
            Layout::Discovery => ("c4,c3,c5,b3,b4,d4,d5", "g6,g5,g7,f5,f6,h6,h7"),
        }
    }

    /// The starting position, Black to move.
    pub fn position(self) -> Position {
        let (b, w) = self.cells();
        format!("black:{b} white:{w} to:black")
            .parse()
            .expect("layouts are valid")
    }
}

impl Position {
    /// A position from cell sets (as bits of [`Cell::mask`]); `None` when a
    /// cell holds two marbles or a side has more than 14 marbles. `lose_at`
    /// `None` follows the material (see the module documentation).
    pub fn new(black: &[Cell], white: &[Cell], to_move: Side, lose_at: Option<u8>) -> Result<Position, PositionError> {
        let mut stones = [0u128; 2];
        for (side, cells) in [(0, black), (1, white)] {
            for &c in cells {
                if (stones[0] | stones[1]) & c.mask() != 0 {
                    return Err(PositionError::Occupied(c));
                }
                stones[side] |= c.mask();
            }
        }
        for side in [Side::Black, Side::White] {
            let n = stones[side.index()].count_ones();
            if n > 14 {
                return Err(PositionError::TooMany(side, n));
            }
        }
        Ok(Position::from_bits(stones, to_move, lose_at))
    }

    /// A position from disjoint bit sets of board cells (checked in debug builds).
    pub(crate) fn from_bits(stones: [u128; 2], to_move: Side, lose_at: Option<u8>) -> Position {
        debug_assert_eq!(stones[0] & stones[1], 0);
        debug_assert_eq!((stones[0] | stones[1]) & !BOARD, 0);
        let lose_at = lose_at.unwrap_or_else(|| default_lose_at(stones[0].count_ones(), stones[1].count_ones()));
        let mut p = Position {
            stones,
            to_move,
            lose_at,
            hash: 0,
        };
        p.hash = p.hash_from_scratch();
        p
    }

    /// The side to move.
    #[inline]
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// The marbles of a side, as bits of [`Cell::mask`].
    #[inline]
    pub fn bits(&self, side: Side) -> u128 {
        self.stones[side.index()]
    }

    /// The cells of a side's marbles, a1 first.
    pub fn cells(&self, side: Side) -> Vec<Cell> {
        let mut v: Vec<Cell> = cells_of(self.stones[side.index()]).collect();
        v.sort();
        v
    }

    /// The side on a cell, if any.
    pub fn at(&self, cell: Cell) -> Option<Side> {
        if self.stones[0] & cell.mask() != 0 {
            Some(Side::Black)
        } else if self.stones[1] & cell.mask() != 0 {
            Some(Side::White)
        } else {
            None
        }
    }

    /// The number of marbles of a side.
    #[inline]
    pub fn count(&self, side: Side) -> u32 {
        self.stones[side.index()].count_ones()
    }

    /// A side left with this many marbles or fewer has lost.
    #[inline]
    pub fn lose_at(&self) -> u8 {
        self.lose_at
    }

    /// The side that has lost (at most `lose_at` marbles), if any.
    #[inline]
    pub fn loser(&self) -> Option<Side> {
        let l = u32::from(self.lose_at);
        if self.stones[0].count_ones() <= l {
            Some(Side::Black)
        } else if self.stones[1].count_ones() <= l {
            Some(Side::White)
        } else {
            None
        }
    }

    /// The Zobrist hash, kept incrementally.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The Zobrist hash computed from the marbles.
    pub fn hash_from_scratch(&self) -> u64 {
        let mut h = if self.to_move == Side::White { ZOBRIST_WHITE } else { 0 };
        for (keys, &stones) in ZOBRIST.iter().zip(&self.stones) {
            let mut b = stones;
            while b != 0 {
                h ^= keys[b.trailing_zeros() as usize];
                b &= b - 1;
            }
        }
        h
    }

    /// The same marbles with the other side to move.
    pub fn with_side_to_move(mut self, side: Side) -> Position {
        if side != self.to_move {
            self.to_move = side;
            self.hash ^= ZOBRIST_WHITE;
        }
        self
    }

    /// The image under a symmetry.
    pub fn transform(&self, s: Symmetry) -> Position {
        Position::from_bits(
            [s.bits(self.stones[0]), s.bits(self.stones[1])],
            self.to_move,
            Some(self.lose_at),
        )
    }

    /// The same position with colours exchanged (Black's marbles become
    /// White's and the side to move changes colour).
    pub fn swap_colours(&self) -> Position {
        Position::from_bits(
            [self.stones[1], self.stones[0]],
            self.to_move.other(),
            Some(self.lose_at),
        )
    }

    /// A random position with `black` and `white` marbles (uniform over
    /// cell sets) and a random side to move.
    pub fn random(black: u32, white: u32, lose_at: Option<u8>, rng: &mut Rng) -> Position {
        assert!(black <= 14 && white <= 14, "at most 14 marbles a side");
        let mut cells: Vec<Cell> = Cell::all().collect();
        // Partial Fisher–Yates.
        for i in 0..(black + white) as usize {
            let j = i + rng.below((CELLS - i) as u64) as usize;
            cells.swap(i, j);
        }
        let b = &cells[..black as usize];
        let w = &cells[black as usize..(black + white) as usize];
        let side = if rng.below(2) == 0 { Side::Black } else { Side::White };
        Position::new(b, w, side, lose_at).expect("distinct cells")
    }

    /// A board diagram for a terminal, row i at the top, `●` Black, `○` White.
    pub fn diagram(&self) -> String {
        let mut out = String::new();
        for r in (0..9i32).rev() {
            let indent = (r - 4).unsigned_abs() as usize;
            out.push_str(&format!("{} {}", (b'a' + r as u8) as char, " ".repeat(indent)));
            for c in 0..9 {
                if let Some(cell) = Cell::from_coords(r, c) {
                    out.push(match self.at(cell) {
                        Some(Side::Black) => '●',
                        Some(Side::White) => '○',
                        None => '·',
                    });
                    out.push(' ');
                }
            }
            if r <= 4 {
                // The diagonal that ends this row's left side, for orientation.
                out.push_str(&format!("  {}", r + 5));
            }
            out.push('\n');
        }
        out.push_str(&format!("{}1 2 3 4 5\n", " ".repeat(6)));
        out.push_str(&format!(
            "black {} · white {} · {} to move",
            self.count(Side::Black),
            self.count(Side::White),
            self.to_move
        ));
        out
    }
}

/// The losing count a position's material implies (see the module docs).
pub fn default_lose_at(black: u32, white: u32) -> u8 {
    if black.max(white) > 7 { 8 } else { 1 }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for side in [Side::Black, Side::White] {
            let names: Vec<String> = self.cells(side).iter().map(|c| c.to_string()).collect();
            write!(f, "{}:{} ", side.name(), names.join(","))?;
        }
        write!(f, "to:{}", self.to_move)?;
        if self.lose_at != default_lose_at(self.count(Side::Black), self.count(Side::White)) {
            write!(f, " lose:{}", self.lose_at)?;
        }
        Ok(())
    }
}

pub(crate) fn parse_cells(list: &str) -> Result<Vec<Cell>, PositionError> {
    list.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| Cell::parse(s).ok_or_else(|| PositionError::BadCell(s.to_string())))
        .collect()
}

pub(crate) fn parse_side(text: &str) -> Result<Side, PositionError> {
    match text.to_ascii_lowercase().as_str() {
        "black" | "b" => Ok(Side::Black),
        "white" | "w" => Ok(Side::White),
        _ => Err(PositionError::BadSide(text.to_string())),
    }
}

impl FromStr for Position {
    type Err = PositionError;

    fn from_str(text: &str) -> Result<Position, PositionError> {
        let text = text.trim();
        if !text.contains(':') {
            // A bare word can only be a layout's name.
            return Layout::parse(text).map(Layout::position);
        }
        let (mut black, mut white, mut to, mut lose) = (None, None, None, None);
        for word in text.split_whitespace() {
            let (key, value) = word
                .split_once(':')
                .ok_or_else(|| PositionError::UnknownField(word.to_string()))?;
            let slot_name = key.to_ascii_lowercase();
            let repeated = || PositionError::Repeated(slot_name.clone());
            match slot_name.as_str() {
                "black" | "b" if black.is_none() => black = Some(parse_cells(value)?),
                "white" | "w" if white.is_none() => white = Some(parse_cells(value)?),
                "to" if to.is_none() => to = Some(parse_side(value)?),
                "lose" if lose.is_none() => {
                    lose = Some(
                        value
                            .parse::<u8>()
                            .ok()
                            .filter(|&n| n <= 13)
                            .ok_or_else(|| PositionError::BadLose(value.to_string()))?,
                    )
                }
                "black" | "b" | "white" | "w" | "to" | "lose" => return Err(repeated()),
                _ => return Err(PositionError::UnknownField(word.to_string())),
            }
        }
        let black = black.ok_or(PositionError::Missing("black:"))?;
        let white = white.ok_or(PositionError::Missing("white:"))?;
        let to = to.ok_or(PositionError::Missing("to:"))?;
        Position::new(&black, &white, to, lose)
    }
}
