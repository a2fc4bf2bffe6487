//! The hexagonal board: 61 cells, 6 directions, the 12 symmetries, and the
//! padded 11×11 bit layout the fast move generator shifts in.
//!
//! A cell has a row `r` (0 for row `a` at the bottom … 8 for row `i`) and a
//! column `c` (diagonal number minus one); the cells are the `(r, c)` with
//! `0 ≤ r, c ≤ 8` and `|r − c| ≤ 4`. Cells are numbered 0–60 in reading order
//! from a1 (a1…a5, b1…b6, …, i5…i9).
//!
//! In the bit layout, cell `(r, c)` is bit `11·(r+1) + (c+1)`: a ring of
//! padding surrounds the board, so a step in any direction is one constant
//! shift and a marble pushed over the edge lands on a padding bit.

use std::fmt;

/// A cell of the board, 0–60 in reading order from a1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(u8);

/// The number of cells.
pub const CELLS: usize = 61;

/// One of the six directions, in counter-clockwise order from east.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Dir {
    /// East: same row, next diagonal (`a1` → `a2`).
    E = 0,
    /// North-east: next row, next diagonal (`a1` → `b2`).
    NE = 1,
    /// North-west: next row, same diagonal (`a1` → `b1`).
    NW = 2,
    /// West: same row, previous diagonal.
    W = 3,
    /// South-west: previous row, previous diagonal.
    SW = 4,
    /// South-east: previous row, same diagonal.
    SE = 5,
}

impl Dir {
    /// All six, in counter-clockwise order from east.
    pub const ALL: [Dir; 6] = [Dir::E, Dir::NE, Dir::NW, Dir::W, Dir::SW, Dir::SE];
    /// The three directions whose step increases the bit index; a line's
    /// axis is always one of them.
    pub const AXES: [Dir; 3] = [Dir::E, Dir::NE, Dir::NW];

    /// The direction with index `i` (0–5).
    #[inline]
    pub const fn from_index(i: usize) -> Dir {
        Dir::ALL[i % 6]
    }

    /// The index 0–5.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The opposite direction.
    #[inline]
    pub const fn opposite(self) -> Dir {
        Dir::from_index(self as usize + 3)
    }

    /// The axis (one of [`Dir::AXES`]) this direction runs along.
    #[inline]
    pub const fn axis(self) -> Dir {
        Dir::from_index(self as usize % 3)
    }

    /// The `(row, column)` step.
    #[inline]
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::E => (0, 1),
            Dir::NE => (1, 1),
            Dir::NW => (1, 0),
            Dir::W => (0, -1),
            Dir::SW => (-1, -1),
            Dir::SE => (-1, 0),
        }
    }

    /// The shift of the padded bit index for one step.
    #[inline]
    pub const fn step(self) -> i32 {
        let (dr, dc) = self.delta();
        dr as i32 * 11 + dc as i32
    }

    /// The lower-case name used in move notation (`e`, `ne`, `nw`, `w`, `sw`, `se`).
    pub const fn name(self) -> &'static str {
        match self {
            Dir::E => "e",
            Dir::NE => "ne",
            Dir::NW => "nw",
            Dir::W => "w",
            Dir::SW => "sw",
            Dir::SE => "se",
        }
    }

    /// Parses a direction name, in any case.
    pub fn parse(text: &str) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.name().eq_ignore_ascii_case(text))
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

const fn row_start(r: usize) -> usize {
    // Cells before row r: rows of 5, 6, 7, 8, 9, 8, 7, 6, 5.
    let mut n = 0;
    let mut i = 0;
    while i < r {
        n += row_len(i);
        i += 1;
    }
    n
}

const fn row_len(r: usize) -> usize {
    if r <= 4 { 5 + r } else { 13 - r }
}

const fn first_col(r: usize) -> usize {
    r.saturating_sub(4)
}

/// Padded bit of each cell.
pub(crate) const CELL_BIT: [u8; CELLS] = {
    let mut t = [0u8; CELLS];
    let mut r = 0;
    while r < 9 {
        let mut k = 0;
        while k < row_len(r) {
            let c = first_col(r) + k;
            t[row_start(r) + k] = ((r + 1) * 11 + c + 1) as u8;
            k += 1;
        }
        r += 1;
    }
    t
};

/// Cell of each padded bit (`u8::MAX` for padding).
pub(crate) const BIT_CELL: [u8; 128] = {
    let mut t = [u8::MAX; 128];
    let mut i = 0;
    while i < CELLS {
        t[CELL_BIT[i] as usize] = i as u8;
        i += 1;
    }
    t
};

/// The bits of the 61 cells.
pub const BOARD: u128 = {
    let mut b = 0u128;
    let mut i = 0;
    while i < CELLS {
        b |= 1u128 << CELL_BIT[i];
        i += 1;
    }
    b
};

impl Cell {
    /// Every cell, a1 first.
    pub fn all() -> impl DoubleEndedIterator<Item = Cell> + ExactSizeIterator {
        (0..CELLS as u8).map(Cell)
    }

    /// The cell with index `i`, if `i < 61`.
    #[inline]
    pub const fn new(i: usize) -> Option<Cell> {
        if i < CELLS { Some(Cell(i as u8)) } else { None }
    }

    /// The index 0–60.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The cell at row `r`, column `c` (both 0–8), if it is on the board.
    pub const fn from_coords(r: i32, c: i32) -> Option<Cell> {
        if r < 0 || c < 0 || r > 8 || c > 8 || (r - c) > 4 || (c - r) > 4 {
            return None;
        }
        let (r, c) = (r as usize, c as usize);
        Some(Cell((row_start(r) + c - first_col(r)) as u8))
    }

    /// `(row, column)`, both 0–8.
    pub const fn coords(self) -> (i32, i32) {
        let bit = CELL_BIT[self.0 as usize] as i32;
        (bit / 11 - 1, bit % 11 - 1)
    }

    /// The padded bit index.
    #[inline]
    pub const fn bit(self) -> u32 {
        CELL_BIT[self.0 as usize] as u32
    }

    /// The cell at a padded bit, if it is not padding.
    #[inline]
    pub const fn from_bit(bit: u32) -> Option<Cell> {
        if bit >= 128 {
            return None;
        }
        let c = BIT_CELL[bit as usize];
        if c == u8::MAX { None } else { Some(Cell(c)) }
    }

    /// The one-bit mask of this cell.
    #[inline]
    pub const fn mask(self) -> u128 {
        1u128 << CELL_BIT[self.0 as usize]
    }

    /// The neighbour in direction `d`, or `None` over the edge.
    pub const fn neighbour(self, d: Dir) -> Option<Cell> {
        let (r, c) = self.coords();
        let (dr, dc) = d.delta();
        Cell::from_coords(r + dr as i32, c + dc as i32)
    }

    /// Distance to the centre cell e5 in steps (0–4).
    pub const fn centre_distance(self) -> u32 {
        let (r, c) = self.coords();
        let (dr, dc) = (r - 4, c - 4);
        // Hex distance in these axial coordinates.
        let a = dr.abs();
        let b = dc.abs();
        let d = (dr - dc).abs();
        let m = if a > b { a } else { b };
        (if m > d { m } else { d }) as u32
    }

    /// The name, e.g. `a1`, `e5`, `i9`.
    pub fn name(self) -> String {
        self.to_string()
    }

    /// Parses a cell name (`a1`–`i9`, any case).
    pub fn parse(text: &str) -> Option<Cell> {
        let b = text.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let r = b[0].to_ascii_lowercase().wrapping_sub(b'a') as i32;
        let c = b[1].wrapping_sub(b'1') as i32;
        Cell::from_coords(r, c)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (r, c) = self.coords();
        write!(f, "{}{}", (b'a' + r as u8) as char, c + 1)
    }
}

/// Iterates over the cells of a bit set (padding bits must be clear).
#[inline]
pub fn cells_of(mut bits: u128) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let b = bits.trailing_zeros();
        bits &= bits - 1;
        Some(Cell(BIT_CELL[b as usize]))
    })
}

/// `bits` moved `steps` cells in direction `d` (bits leaving the 128-bit
/// word are dropped; bits on padding are kept, the caller masks).
#[inline(always)]
pub const fn shift(bits: u128, step: i32) -> u128 {
    if step >= 0 { bits << step } else { bits >> (-step) }
}

/// The cells `x` such that `x + step` is in `bits` (the inverse shift).
#[inline(always)]
pub const fn pre(bits: u128, step: i32) -> u128 {
    shift(bits, -step)
}

/// A symmetry of the hexagon: one of the 6 rotations, optionally after a
/// mirror. Symmetry `k` (0–11) rotates by `k mod 6` sixths of a turn
/// counter-clockwise about e5, after mirroring in the a1–i9 axis when `k ≥ 6`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Symmetry(u8);

/// Cell permutation of every symmetry.
const SYM_CELLS: [[u8; CELLS]; 12] = {
    let mut t = [[0u8; CELLS]; 12];
    let mut k = 0;
    while k < 12 {
        let mut i = 0;
        while i < CELLS {
            let bit = CELL_BIT[i] as i32;
            let (mut r, mut c) = (bit / 11 - 5, bit % 11 - 5);
            if k >= 6 {
                let t = r;
                r = c;
                c = t;
            }
            let mut j = 0;
            while j < k % 6 {
                // (r, c) → (c, c − r): one sixth of a turn counter-clockwise.
                let nr = c;
                let nc = c - r;
                r = nr;
                c = nc;
                j += 1;
            }
            let cell = match Cell::from_coords(r + 4, c + 4) {
                Some(c) => c,
                None => panic!("a symmetry left the board"),
            };
            t[k][i] = cell.0;
            i += 1;
        }
        k += 1;
    }
    t
};

/// Direction permutation of every symmetry.
const SYM_DIRS: [[u8; 6]; 12] = {
    let mut t = [[0u8; 6]; 12];
    let mut k = 0;
    while k < 12 {
        let mut d = 0;
        while d < 6 {
            // A mirror swaps row and column steps: E ↔ NW, W ↔ SE, NE and SW fixed.
            let m = if k >= 6 { [2, 1, 0, 5, 4, 3][d] } else { d };
            t[k][d] = ((m + k % 6) % 6) as u8;
            d += 1;
        }
        k += 1;
    }
    t
};

impl Symmetry {
    /// The identity.
    pub const IDENTITY: Symmetry = Symmetry(0);

    /// All 12 symmetries, the identity first.
    pub fn all() -> impl Iterator<Item = Symmetry> + Clone {
        (0..12).map(Symmetry)
    }

    /// The symmetry with index `k` (0–11).
    pub const fn new(k: usize) -> Option<Symmetry> {
        if k < 12 { Some(Symmetry(k as u8)) } else { None }
    }

    /// The index 0–11.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The image of a cell.
    #[inline]
    pub const fn cell(self, c: Cell) -> Cell {
        Cell(SYM_CELLS[self.0 as usize][c.0 as usize])
    }

    /// The image of a direction.
    #[inline]
    pub const fn dir(self, d: Dir) -> Dir {
        Dir::from_index(SYM_DIRS[self.0 as usize][d as usize] as usize)
    }

    /// The image of a set of cells in the bit layout.
    pub fn bits(self, bits: u128) -> u128 {
        cells_of(bits).fold(0, |acc, c| acc | self.cell(c).mask())
    }

    /// The inverse symmetry.
    pub fn inverse(self) -> Symmetry {
        Symmetry::all()
            .find(|s| Cell::all().all(|c| s.cell(self.cell(c)) == c))
            .expect("the symmetries form a group")
    }
}
