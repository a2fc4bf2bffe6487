//! The rules: the rules object ([`Diagonal`]) with its variants and the
//! game model the searches use (the position is [`State`]).
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
use tabula_search::{Determinize, Game, Payoffs, PerfectInformation, Rng, Seat, Turn, TwoTeams};

use crate::grid::{Cell, Grid, MAX_CELLS, MAX_VALUE, target_of};
use crate::notation::Coord;
use crate::state::{ANYWHERE_KEY, KEYS, LINES, SIDE_KEY, TOKEN_KEYS, invalid, score_key};
pub use crate::state::{Setup, State, StateError, board_mask, cells_of, cross_mask};

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

    fn legal_from_observation(&self, observation: &State, seat: Seat, out: &mut Vec<Cell>) {
        out.clear();
        if self.to_move(observation) == Turn::Seat(seat) {
            self.legal_actions(observation, out);
        }
    }
}
