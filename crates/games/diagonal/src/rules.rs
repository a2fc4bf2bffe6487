//! The rules: the position ([`State`]), the rules object ([`Diagonal`]) and
//! the game model the searches use.
//!
//! # Rules as implemented
//!
//! - Seat 0 moves first ([`Diagonal::start`]; [`Diagonal::start_with`] lets
//!   seat 1 start). The first move takes any cell of the **central cross**
//!   (middle row or middle column).
//! - Every later move takes a free cell in the row or the column of the
//!   **token**, the last cell taken (by either side). Standard rules: the
//!   token jumps over taken cells. **Walls**: it moves along the four rays
//!   from its cell and stops before the first taken cell of each ray; a taken
//!   cell blocks only its own ray.
//! - The value of the cell is added to the mover's score.
//! - **Pass** (standard rules): when the side to move next has no free cell
//!   in reach, it passes. A pass is not an action: it happens inside
//!   [`Game::apply`], the turn goes straight back to the side that just
//!   moved, which then plays on **any** free cell
//!   ([`State::after_pass`] says so, for the UI's "plays twice in a row").
//!   **Walls**: a side with nothing in reach ends the game instead.
//! - The game ends when the grid is empty (or, with Walls, when the side to
//!   move is walled in).
//! - **Target**: the target is half the sum of the grid's positive values,
//!   a half rounded up ([`Grid::target`]). The first side whose score
//!   exceeds it (`score > target`) loses at once and the game ends. Otherwise,
//!   at the end, the score closest to the target wins; equal distances draw.
//!
//! # Payoffs
//!
//! Zero-sum `[u, -u]`. Standard and Walls: `u` is the margin, seat 0's score
//! minus seat 1's ([`Game::payoff_range`]: ± the sum of the grid's absolute
//! values, see [`Diagonal::for_grid`]). Target (alone or with Walls): `u` is
//! +1 if seat 0 wins, −1 if it loses, 0 for a draw.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use tabula_search::rng::{mix64, zobrist_keys};
use tabula_search::{Determinize, Game, Payoffs, PerfectInformation, Rng, Seat, Turn, TwoTeams};

use crate::grid::{Cell, Grid, GridError, MAX_CELLS, MAX_SIZE, MAX_VALUE, MIN_SIZE, target_of};
use crate::notation::Coord;

/// The rules variants (free play only; the daily grid uses neither).
/// Its JSON form is `{"walls": bool, "target": bool}` (both default false).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Variant {
    /// The token stops before taken cells; a side that cannot move ends the game.
    pub walls: bool,
    /// Exceeding the target loses; the score closest to it wins.
    pub target: bool,
}

impl Variant {
    /// The standard rules.
    pub const STANDARD: Variant = Variant {
        walls: false,
        target: false,
    };

    /// Whether no variant is on.
    pub fn is_standard(self) -> bool {
        self == Variant::STANDARD
    }
}

impl fmt::Display for Variant {
    /// `standard`, `walls`, `target` or `walls+target`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match (self.walls, self.target) {
            (false, false) => "standard",
            (true, false) => "walls",
            (false, true) => "target",
            (true, true) => "walls+target",
        })
    }
}

/// A text that names no variant.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant {0:?}; write standard, walls, target or walls+target")]
pub struct VariantError(pub String);

impl FromStr for Variant {
    type Err = VariantError;

    /// `standard`, or variant names joined by `+` (`walls+target`).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("standard") {
            return Ok(Variant::STANDARD);
        }
        let mut v = Variant::STANDARD;
        for part in text.split('+') {
            match part.trim().to_ascii_lowercase().as_str() {
                "walls" if !v.walls => v.walls = true,
                "target" if !v.target => v.target = true,
                _ => return Err(VariantError(text.to_string())),
            }
        }
        Ok(v)
    }
}

/// `LINES[size][cell]`: the masks of the cell's row and column.
static LINES: [[[u128; 2]; MAX_CELLS]; MAX_SIZE as usize + 1] = line_masks();

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
const KEYS: [u64; 2 * MAX_CELLS + 2] = zobrist_keys(0xD1A6_0A1E_0000_0001);
const TOKEN_KEYS: usize = MAX_CELLS;
const SIDE_KEY: u64 = KEYS[2 * MAX_CELLS];
const ANYWHERE_KEY: u64 = KEYS[2 * MAX_CELLS + 1];

/// The hash of a grid (its size and values): states of different grids hash
/// apart.
fn grid_key(size: u8, values: &[i8; MAX_CELLS]) -> u64 {
    let n = usize::from(size) * usize::from(size);
    values[..n].iter().fold(mix64(0x6A1D_0000 ^ u64::from(size)), |h, &v| {
        mix64(h ^ u64::from(v as u8))
    })
}

/// The hash of seat 0's score (seat 1's follows from the cells taken).
#[inline]
fn score_key(score0: i32) -> u64 {
    mix64(u64::from(score0 as u32) ^ 0x5C0E_0000_0000_0000)
}

/// A position: the grid's values, the free cells, the token, the scores and
/// the seat to move. Small and free of heap memory (copied to make a move).
///
/// Its JSON form is [`Setup`]; reading it validates the position's structure
/// (see [`Setup`]), so no search can panic on a state received from outside.
/// [`Diagonal::check`] further checks it against a variant's rules.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct State {
    values: [i8; MAX_CELLS],
    free: u128,
    /// Zobrist hash of everything but the scores.
    hash: u64,
    scores: [i32; 2],
    target: i32,
    size: u8,
    token: Option<Cell>,
    to_move: u8,
    anywhere: bool,
    over: bool,
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
    fn base_hash(&self) -> u64 {
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
/// [`Diagonal::check`]'s job.
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

fn invalid(message: impl Into<String>) -> StateError {
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

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum End {
    /// Every cell was taken.
    GridEmpty,
    /// Walls: the side to move had no cell in reach.
    Blocked,
    /// Target: this seat's score exceeded the target.
    Exceeded(Seat),
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    /// The winner; `None` for a draw.
    pub winner: Option<Seat>,
    /// How the game ended.
    pub end: End,
}

/// Why a move cannot be played ([`Diagonal::play`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The cell is not on the grid.
    #[error("cell {cell} is off the {size}×{size} grid")]
    OffGrid {
        /// The cell index.
        cell: Cell,
        /// The grid's side.
        size: u8,
    },
    /// The cell was taken earlier.
    #[error("{0} is already taken")]
    Taken(Coord),
    /// The first move must be on the central cross.
    #[error("{0} is not on the central cross; the first move takes a cell of the middle row or the middle column")]
    NotOnCross(Coord),
    /// The cell shares neither the token's row nor its column.
    #[error("{cell} shares neither the row nor the column of the token on {token}")]
    NotInLine {
        /// The cell asked for.
        cell: Coord,
        /// The token's cell.
        token: Coord,
    },
    /// Walls: a taken cell stands between the token and the cell.
    #[error("a taken cell stands between the token on {token} and {cell} (walls)")]
    Walled {
        /// The cell asked for.
        cell: Coord,
        /// The token's cell.
        token: Coord,
    },
}

/// The largest margin on any grid: 81 cells of value 10.
const MAX_MARGIN: i32 = MAX_CELLS as i32 * MAX_VALUE as i32;

/// The rules of Jamais en diagonale with a [`Variant`]. One rules object
/// serves every grid: the grid lives in the [`State`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Diagonal {
    variant: Variant,
    margin_bound: i32,
}

impl Default for Diagonal {
    fn default() -> Self {
        Diagonal::standard()
    }
}

impl Diagonal {
    /// The rules with a variant; margins are bounded by the largest any grid
    /// allows (810) in [`Game::payoff_range`].
    pub fn new(variant: Variant) -> Self {
        Diagonal {
            variant,
            margin_bound: MAX_MARGIN,
        }
    }

    /// The standard rules (those of the daily grid).
    pub fn standard() -> Self {
        Diagonal::new(Variant::STANDARD)
    }

    /// The rules with a variant for games on `grid` (or on grids whose
    /// absolute values add up to no more): [`Game::payoff_range`] is then ±
    /// the sum of the grid's absolute values, so that sampling searches
    /// scale margins to the grid.
    pub fn for_grid(variant: Variant, grid: &Grid) -> Self {
        Diagonal {
            variant,
            margin_bound: grid.abs_sum().max(1),
        }
    }

    /// The variant.
    #[inline]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The position before the first move, seat 0 to move.
    pub fn start(&self, grid: &Grid) -> State {
        self.start_with(grid, 0)
    }

    /// The position before the first move, `first` (0 or 1) to move.
    ///
    /// # Panics
    /// If `first` is not 0 or 1.
    pub fn start_with(&self, grid: &Grid, first: Seat) -> State {
        assert!(first < 2, "seat {first} does not exist");
        let mut s = State {
            values: *grid.padded(),
            free: board_mask(grid.size()),
            hash: 0,
            scores: [0, 0],
            target: target_of(grid.values()),
            size: grid.size(),
            token: None,
            to_move: first as u8,
            anywhere: false,
            over: false,
        };
        s.hash = s.base_hash();
        s
    }

    /// The free cells in reach of the token (both sides have the same
    /// reach), ignoring passes: standard rules, the free cells of its row
    /// and column; Walls, those before the first taken cell of each ray.
    #[inline]
    pub fn token_reach(&self, size: u8, free: u128, token: Cell) -> u128 {
        let [row, col] = LINES[usize::from(size)][usize::from(token)];
        if !self.variant.walls {
            return (row | col) & free;
        }
        let taken = !free;
        let bit = 1u128 << token;
        let above = !((bit << 1) - 1);
        let below = bit - 1;
        let mut reach = 0;
        for line in [row, col] {
            let mut after = line & above;
            let blockers = after & taken;
            if blockers != 0 {
                after &= (blockers & blockers.wrapping_neg()) - 1;
            }
            let mut before = line & below;
            let blockers = before & taken;
            if blockers != 0 {
                let h = 127 - blockers.leading_zeros();
                before &= !((2u128 << h) - 1);
            }
            reach |= after | before;
        }
        reach
    }

    /// The cells the seat to move may take, as a mask (0 at the end).
    ///
    /// The first move: the free cells of the central cross; after a pass:
    /// every free cell; otherwise the token's reach. A position that breaks
    /// the rules (nothing in reach although no pass was recorded, which
    /// [`Diagonal::check`] rejects) is given every free cell, so that the
    /// seat to move always has a move.
    #[inline]
    pub fn reach(&self, s: &State) -> u128 {
        if s.over {
            return 0;
        }
        match s.token {
            None => {
                let r = s.free & cross_mask(s.size);
                if r == 0 { s.free } else { r }
            }
            Some(_) if s.anywhere => s.free,
            Some(t) => {
                let r = self.token_reach(s.size, s.free, t);
                if r == 0 { s.free } else { r }
            }
        }
    }

    /// Walls: the taken cells that stop the token, the first taken cell of
    /// each of its rays (what the UI circles in red). Empty under the
    /// standard rules and before the first move.
    pub fn stoppers(&self, s: &State) -> u128 {
        let Some(t) = s.token else { return 0 };
        if !self.variant.walls {
            return 0;
        }
        let [row, col] = LINES[usize::from(s.size)][usize::from(t)];
        let taken = !s.free & board_mask(s.size) & !(1u128 << t);
        let bit = 1u128 << t;
        let (above, below) = (!((bit << 1) - 1), bit - 1);
        let mut out = 0;
        for line in [row, col] {
            let after = line & above & taken;
            out |= after & after.wrapping_neg();
            let before = line & below & taken;
            if before != 0 {
                out |= 1u128 << (127 - before.leading_zeros());
            }
        }
        out
    }

    /// The cells the seat to move may take, ascending.
    pub fn legal_cells(&self, s: &State) -> Vec<Cell> {
        cells_of(self.reach(s)).collect()
    }

    /// Plays `cell` for the seat to move if the rules allow it; otherwise
    /// says why and leaves the state unchanged.
    ///
    /// # Errors
    /// The reason the move is illegal.
    pub fn play(&self, s: &mut State, cell: Cell) -> Result<(), MoveError> {
        if s.over {
            return Err(MoveError::GameOver);
        }
        if usize::from(cell) >= s.cells() {
            return Err(MoveError::OffGrid { cell, size: s.size });
        }
        let name = Coord::of(cell, s.size);
        if !s.is_free(cell) {
            return Err(MoveError::Taken(name));
        }
        if self.reach(s) & (1 << cell) == 0 {
            return Err(match s.token {
                None => MoveError::NotOnCross(name),
                Some(t) => {
                    let token = Coord::of(t, s.size);
                    if token.row == name.row || token.col == name.col {
                        MoveError::Walled { cell: name, token }
                    } else {
                        MoveError::NotInLine { cell: name, token }
                    }
                }
            });
        }
        self.apply(s, cell);
        Ok(())
    }

    /// The scores of seat 0 and seat 1.
    pub fn scores(&self, s: &State) -> [i32; 2] {
        s.scores
    }

    /// The result, once the game is over.
    pub fn outcome(&self, s: &State) -> Option<Outcome> {
        if !s.over {
            return None;
        }
        let [s0, s1] = s.scores;
        let t = s.target;
        let end = if self.variant.target && (s0 > t) != (s1 > t) {
            End::Exceeded(if s0 > t { 0 } else { 1 })
        } else if s.free == 0 {
            End::GridEmpty
        } else {
            End::Blocked
        };
        let u = self.utility(s);
        let winner = match u.signum() {
            1 => Some(0),
            -1 => Some(1),
            _ => None,
        };
        Some(Outcome { winner, end })
    }

    /// Seat 0's payoff at the end: the margin, or for Target +1/−1/0.
    pub fn utility(&self, s: &State) -> i32 {
        let [s0, s1] = s.scores;
        if !self.variant.target {
            return s0 - s1;
        }
        let t = s.target;
        match (s0 > t, s1 > t) {
            (true, false) => -1,
            (false, true) => 1,
            // Nobody exceeded (or, in a position no game reaches, both):
            // the closer score wins.
            _ => ((s1 - t).abs() - (s0 - t).abs()).signum(),
        }
    }

    /// Checks that a position follows this variant's rules: the side to move
    /// has a move, a recorded pass was forced (and Walls has none), the game
    /// is marked over exactly when it is, and under Target nobody exceeds
    /// the target while the game goes on. Positions reached by playing from
    /// [`Diagonal::start`] always pass.
    ///
    /// # Errors
    /// What is wrong with the position.
    pub fn check(&self, s: &State) -> Result<(), StateError> {
        let [s0, s1] = s.scores;
        let t = s.target;
        let exceeded = self.variant.target && (s0 > t || s1 > t);
        let in_reach = s
            .token
            .map_or(s.free & cross_mask(s.size), |tok| self.token_reach(s.size, s.free, tok));
        if s.over {
            if self.variant.target && s0 > t && s1 > t {
                return Err(invalid("both scores exceed the target"));
            }
            let ended = s.free == 0 || exceeded || (self.variant.walls && in_reach == 0);
            if !ended {
                return Err(invalid("the game is marked over but the seat to move still has a move"));
            }
            return Ok(());
        }
        if exceeded {
            return Err(invalid("a score exceeds the target but the game goes on"));
        }
        if s.anywhere {
            if self.variant.walls {
                return Err(invalid("there is no pass with walls"));
            }
            if in_reach != 0 {
                return Err(invalid("a pass is recorded but the other seat had a cell in reach"));
            }
        } else if in_reach == 0 {
            return Err(invalid(if self.variant.walls {
                "the seat to move is walled in: the game should be over"
            } else {
                "the seat to move has nothing in reach: it should have passed"
            }));
        }
        Ok(())
    }
}

impl Game for Diagonal {
    type State = State;
    type Action = Cell;
    type Observation = State;

    fn num_seats(&self) -> usize {
        2
    }

    #[inline]
    fn to_move(&self, s: &State) -> Turn {
        if s.over {
            Turn::Terminal
        } else {
            Turn::Seat(Seat::from(s.to_move))
        }
    }

    #[inline]
    fn legal_actions(&self, s: &State, out: &mut Vec<Cell>) {
        out.clear();
        let mut m = self.reach(s);
        while m != 0 {
            out.push(m.trailing_zeros() as Cell);
            m &= m - 1;
        }
    }

    #[inline]
    fn apply(&self, s: &mut State, cell: Cell) {
        debug_assert!(!s.over && s.is_free(cell), "{cell} is not playable in {s:?}");
        let mover = usize::from(s.to_move);
        s.free &= !(1u128 << cell);
        s.scores[mover] += i32::from(s.values[usize::from(cell)]);
        s.hash ^= KEYS[usize::from(cell)] ^ KEYS[TOKEN_KEYS + usize::from(cell)];
        if let Some(old) = s.token {
            s.hash ^= KEYS[TOKEN_KEYS + usize::from(old)];
        }
        s.token = Some(cell);
        if s.anywhere {
            s.anywhere = false;
            s.hash ^= ANYWHERE_KEY;
        }
        let ends = (self.variant.target && s.scores[mover] > s.target) || s.free == 0;
        let reach = if ends {
            0
        } else {
            self.token_reach(s.size, s.free, cell)
        };
        if ends || reach != 0 || self.variant.walls {
            // The other seat moves next (or would have, at the end).
            s.over = reach == 0;
            s.to_move ^= 1;
            s.hash ^= SIDE_KEY;
        } else {
            // The other seat has nothing in reach: it passes, and the mover
            // plays again, anywhere.
            s.anywhere = true;
            s.hash ^= ANYWHERE_KEY;
        }
    }

    #[inline]
    fn payoffs(&self, s: &State) -> Payoffs {
        Payoffs::zero_sum(f64::from(self.utility(s)))
    }

    fn payoff_range(&self) -> (f64, f64) {
        if self.variant.target {
            (-1.0, 1.0)
        } else {
            let b = f64::from(self.margin_bound);
            (-b, b)
        }
    }

    fn observation(&self, s: &State, _seat: Seat) -> State {
        *s
    }

    #[inline]
    fn hash(&self, s: &State) -> u64 {
        s.hash ^ score_key(s.scores[0])
    }

    fn hash_from_scratch(&self, s: &State) -> u64 {
        s.base_hash() ^ score_key(s.scores[0])
    }
}

impl TwoTeams for Diagonal {}

impl PerfectInformation for Diagonal {
    fn state_of(&self, observation: &State) -> State {
        *observation
    }
}

impl Determinize for Diagonal {
    fn determinize(&self, observation: &State, _seat: Seat, _rng: &mut Rng) -> State {
        *observation
    }
}
