//! The position: a grid's values, the free cells, the token, the scores
//! and the seat to move ([`State`]); its JSON form ([`Setup`]), read with
//! every structural check; the masks and Zobrist keys the rules use.

use std::fmt;

use serde::{Deserialize, Serialize};
use tabula_search::Seat;
use tabula_search::rng::{mix64, zobrist_keys};

use crate::grid::{Cell, Grid, GridError, MAX_CELLS, MAX_SIZE, MIN_SIZE};
use crate::notation::Coord;

/// `LINES[size][cell]`: the masks of the cell's row and column.
pub(crate) static LINES: [[[u128; 2]; MAX_CELLS]; MAX_SIZE as usize + 1] = line_masks();

const fn line_masks() -> [[[u128; 2]; MAX_CELLS]; MAX_SIZE as usize + 1] {
    let mut t = [[[0u128; 2]; MAX_CELLS]; MAX_SIZE as usize + 1];
    let mut size = MIN_SIZE as usize;
    while size <= MAX_SIZE as usize {
        let mut cell = 0;
        while cell < size * size {
            let (r, c) = (cell / size, cell % size);
            let (mut row, mut col) = (0u128, 0u128);
            let mut k = 0;
            while k < size {
                row |= 1 << (r * size + k);
                col |= 1 << (k * size + c);
                k += 1;
            }
            t[size][cell] = [row, col];
            cell += 1;
        }
        size += 2;
    }
    t
}

/// The cells of a grid of side `size` as a mask.
#[inline]
pub fn board_mask(size: u8) -> u128 {
    (1u128 << (u32::from(size) * u32::from(size))) - 1
}

/// The central cross (middle row and middle column) of a grid of side `size`.
#[inline]
pub fn cross_mask(size: u8) -> u128 {
    let centre = usize::from(size / 2) * usize::from(size) + usize::from(size / 2);
    let [row, col] = LINES[usize::from(size)][centre];
    row | col
}

/// The cells of a mask, ascending.
pub fn cells_of(mut mask: u128) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let c = mask.trailing_zeros() as Cell;
            mask &= mask - 1;
            c
        })
    })
}

/// Zobrist keys: a taken cell (81), the token's cell (81), seat 1 to move,
/// the seat to move plays anywhere after a pass.
pub(crate) const KEYS: [u64; 2 * MAX_CELLS + 2] = zobrist_keys(0xD1A6_0A1E_0000_0001);
pub(crate) const TOKEN_KEYS: usize = MAX_CELLS;
pub(crate) const SIDE_KEY: u64 = KEYS[2 * MAX_CELLS];
pub(crate) const ANYWHERE_KEY: u64 = KEYS[2 * MAX_CELLS + 1];

/// The hash of a grid (its size and values): states of different grids hash
/// apart.
pub(crate) fn grid_key(size: u8, values: &[i8; MAX_CELLS]) -> u64 {
    let n = usize::from(size) * usize::from(size);
    values[..n].iter().fold(mix64(0x6A1D_0000 ^ u64::from(size)), |h, &v| {
        mix64(h ^ u64::from(v as u8))
    })
}

/// The hash of seat 0's score (seat 1's follows from the cells taken).
#[inline]
pub(crate) fn score_key(score0: i32) -> u64 {
    mix64(u64::from(score0 as u32) ^ 0x5C0E_0000_0000_0000)
}

/// A position: the grid's values, the free cells, the token, the scores and
/// the seat to move. Small and free of heap memory (copied to make a move).
///
/// Its JSON form is [`Setup`]; reading it validates the position's structure
/// (see [`Setup`]), so no search can panic on a state received from outside.
/// [`Diagonal::check`](crate::Diagonal::check) further checks it against a variant's rules.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct State {
    pub(crate) values: [i8; MAX_CELLS],
    pub(crate) free: u128,
    /// Zobrist hash of everything but the scores.
    pub(crate) hash: u64,
    pub(crate) scores: [i32; 2],
    pub(crate) target: i32,
    pub(crate) size: u8,
    pub(crate) token: Option<Cell>,
    pub(crate) to_move: u8,
    pub(crate) anywhere: bool,
    pub(crate) over: bool,
}

impl State {
    /// The side of the grid.
    #[inline]
    pub fn size(&self) -> u8 {
        self.size
    }

    /// The number of cells, `size²`.
    #[inline]
    pub fn cells(&self) -> usize {
        usize::from(self.size) * usize::from(self.size)
    }

    /// The value of a cell (taken or not).
    ///
    /// # Panics
    /// If the cell is off the grid.
    #[inline]
    pub fn value(&self, cell: Cell) -> i8 {
        assert!(usize::from(cell) < self.cells(), "cell {cell} is off the grid");
        self.values[usize::from(cell)]
    }

    /// The grid the game is played on.
    pub fn grid(&self) -> Grid {
        Grid::from_values(self.size, &self.values[..self.cells()]).expect("a state's grid is valid")
    }

    /// The free cells as a mask (bit `c` for cell `c`).
    #[inline]
    pub fn free(&self) -> u128 {
        self.free
    }

    /// Whether a cell is free.
    #[inline]
    pub fn is_free(&self, cell: Cell) -> bool {
        cell < 128 && self.free & (1 << cell) != 0
    }

    /// The number of free cells.
    #[inline]
    pub fn free_count(&self) -> u32 {
        self.free.count_ones()
    }

    /// The last cell taken, by either side (`None` before the first move).
    #[inline]
    pub fn token(&self) -> Option<Cell> {
        self.token
    }

    /// The scores of seat 0 and seat 1.
    #[inline]
    pub fn scores(&self) -> [i32; 2] {
        self.scores
    }

    /// The Target variant's target for this grid (whatever the variant).
    #[inline]
    pub fn target(&self) -> i32 {
        self.target
    }

    /// The seat to move; at the end of the game, the seat that would have
    /// moved next.
    #[inline]
    pub fn to_move(&self) -> Seat {
        Seat::from(self.to_move)
    }

    /// Whether the seat to move plays again because the other seat had to
    /// pass; it may then take any free cell. The UI says "plays twice in a
    /// row" when this is true.
    #[inline]
    pub fn after_pass(&self) -> bool {
        self.anywhere
    }

    /// Whether the game is over.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The JSON form of the state.
    pub fn setup(&self) -> Setup {
        Setup {
            size: self.size,
            values: self.values[..self.cells()].to_vec(),
            taken: cells_of(!self.free & board_mask(self.size)).collect(),
            token: self.token,
            scores: self.scores,
            to_move: self.to_move(),
            after_pass: self.anywhere,
            over: self.over,
        }
    }

    /// The hash of everything but the scores, from scratch.
    pub(crate) fn base_hash(&self) -> u64 {
        let mut h = grid_key(self.size, &self.values);
        for c in cells_of(!self.free & board_mask(self.size)) {
            h ^= KEYS[usize::from(c)];
        }
        if let Some(t) = self.token {
            h ^= KEYS[TOKEN_KEYS + usize::from(t)];
        }
        if self.to_move == 1 {
            h ^= SIDE_KEY;
        }
        if self.anywhere {
            h ^= ANYWHERE_KEY;
        }
        h
    }
}

/// The JSON form of a [`State`], checked when read.
///
/// Example (a 3 × 3 grid after seat 0 took the centre):
/// `{"size":3,"values":[1,2,3,4,5,6,7,8,9],"taken":[4],"token":4,"scores":[5,0],"to_move":1,"after_pass":false,"over":false}`
///
/// Reading checks, whatever the variant: the side is odd within 3 to 9;
/// there are `size²` values within −10..=10; `taken` lists cells of the grid
/// in ascending order, each once; `to_move` is 0 or 1; without a token no
/// cell is taken, the scores are 0 and there is no pass; with one, the token
/// stands on a taken cell; the two scores add up to the values taken and
/// neither exceeds, in absolute value, the sum of the absolute values taken;
/// a game whose grid is empty is over; a game over has no pending pass.
/// Whether the position follows a variant's rules (the side to move has a
/// move, the end is a real end, a pass was forced) is
/// [`Diagonal::check`](crate::Diagonal::check)'s job.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The side of the grid.
    pub size: u8,
    /// The values, row by row (taken cells keep theirs).
    pub values: Vec<i8>,
    /// The taken cells, ascending.
    #[serde(default)]
    pub taken: Vec<Cell>,
    /// The last cell taken.
    #[serde(default)]
    pub token: Option<Cell>,
    /// The scores of seat 0 and seat 1.
    #[serde(default)]
    pub scores: [i32; 2],
    /// The seat to move (at the end: the seat that would have moved next).
    #[serde(default)]
    pub to_move: Seat,
    /// The seat to move plays again, anywhere, because the other passed.
    #[serde(default)]
    pub after_pass: bool,
    /// The game is over.
    #[serde(default)]
    pub over: bool,
}

/// Why a position is not acceptable.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StateError {
    /// The grid is not valid.
    #[error(transparent)]
    Grid(#[from] GridError),
    /// The position is inconsistent (the message says how).
    #[error("invalid position: {0}")]
    Invalid(String),
}

pub(crate) fn invalid(message: impl Into<String>) -> StateError {
    StateError::Invalid(message.into())
}

impl TryFrom<Setup> for State {
    type Error = StateError;

    fn try_from(s: Setup) -> Result<State, StateError> {
        let grid = Grid::from_values(s.size, &s.values)?;
        let size = s.size;
        let n = grid.cells();
        if let Some(&c) = s.taken.iter().find(|&&c| usize::from(c) >= n) {
            return Err(invalid(format!("taken cell {c} is off the {size}×{size} grid")));
        }
        if s.taken.windows(2).any(|w| w[0] >= w[1]) {
            return Err(invalid("taken cells are listed in ascending order, each once"));
        }
        if s.to_move > 1 {
            return Err(invalid(format!("seat {} does not exist; seats are 0 and 1", s.to_move)));
        }
        let taken: u128 = s.taken.iter().fold(0, |m, &c| m | 1 << c);
        let free = board_mask(size) & !taken;
        match s.token {
            None => {
                if taken != 0 || s.scores != [0, 0] || s.after_pass || s.over {
                    return Err(invalid(
                        "without a token (no move yet) no cell is taken, the scores are 0 and the game is on",
                    ));
                }
            }
            Some(t) => {
                if usize::from(t) >= n || taken & (1 << t) == 0 {
                    return Err(invalid(format!(
                        "the token stands on cell {t}, which is not a taken cell"
                    )));
                }
            }
        }
        let taken_values = || s.taken.iter().map(|&c| i32::from(grid.value(c)));
        let sum: i32 = taken_values().sum();
        let abs: i32 = taken_values().map(i32::abs).sum();
        let [s0, s1] = s.scores;
        if s0.checked_add(s1) != Some(sum) || s0.abs() > abs || s1.abs() > abs {
            return Err(invalid(format!(
                "the scores {s0} and {s1} do not share the {sum} points of the taken cells"
            )));
        }
        if free == 0 && !s.over {
            return Err(invalid("the grid is empty but the game is not over"));
        }
        if s.over && s.after_pass {
            return Err(invalid("a finished game has no pending pass"));
        }
        let mut state = State {
            values: *grid.padded(),
            free,
            hash: 0,
            scores: s.scores,
            target: grid.target(),
            size,
            token: s.token,
            to_move: s.to_move as u8,
            anywhere: s.after_pass,
            over: s.over,
        };
        state.hash = state.base_hash();
        Ok(state)
    }
}

impl Serialize for State {
    /// As its [`Setup`].
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.setup().serialize(s)
    }
}

impl<'de> Deserialize<'de> for State {
    /// From a [`Setup`], checked.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        State::try_from(Setup::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}

impl fmt::Display for State {
    /// The grid with column letters and row numbers: free cells show their
    /// value, taken cells `·`, the token `*`; then the scores and the turn.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "   ")?;
        for c in 0..self.size {
            write!(f, "{:>4}", char::from(b'a' + c))?;
        }
        for r in 0..self.size {
            write!(f, "\n{:>3}", r + 1)?;
            for c in 0..self.size {
                let cell = r * self.size + c;
                if self.token == Some(cell) {
                    write!(f, "{:>4}", "*")?;
                } else if self.is_free(cell) {
                    write!(f, "{:>4}", self.value(cell))?;
                } else {
                    write!(f, "{:>4}", "·")?;
                }
            }
        }
        write!(f, "\nscores {} – {}, ", self.scores[0], self.scores[1])?;
        if self.over {
            write!(f, "game over")
        } else if self.anywhere {
            write!(f, "seat {} plays again, anywhere", self.to_move)
        } else {
            write!(f, "seat {} to move", self.to_move)
        }
    }
}

impl fmt::Debug for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let values: Vec<String> = self.values[..self.cells()]
            .chunks(usize::from(self.size))
            .map(|r| r.iter().map(i8::to_string).collect::<Vec<_>>().join(" "))
            .collect();
        let taken: Vec<String> = cells_of(!self.free & board_mask(self.size))
            .map(|c| Coord::of(c, self.size).to_string())
            .collect();
        write!(
            f,
            "State({} | taken {} | token {} | scores {:?} | seat {} to move{}{})",
            values.join(" / "),
            if taken.is_empty() {
                "-".to_string()
            } else {
                taken.join(",")
            },
            self.token
                .map_or("-".to_string(), |t| Coord::of(t, self.size).to_string()),
            self.scores,
            self.to_move,
            if self.anywhere { " after a pass" } else { "" },
            if self.over { " | over" } else { "" },
        )
    }
}
