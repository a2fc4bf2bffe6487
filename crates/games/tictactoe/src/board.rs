//! The rules: a bitboard position, its text form and the game model.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use tabula_search::rng::zobrist_keys;
use tabula_search::{Determinize, Game, Payoffs, PerfectInformation, Rng, Seat, Turn, TwoTeams};

/// A square, 0–8, row by row from the top left.
pub type Square = u8;

/// The eight winning lines as bit masks.
pub const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

const FULL: u16 = 0b111_111_111;

/// Zobrist keys: nine for X, nine for O.
const KEYS: [u64; 18] = zobrist_keys(0x7177_7AC7_0E00_0001);

/// A side: X (seat 0, moves first) or O (seat 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// Seat 0.
    X,
    /// Seat 1.
    O,
}

impl Mark {
    /// The seat of the side.
    pub fn seat(self) -> Seat {
        match self {
            Mark::X => 0,
            Mark::O => 1,
        }
    }
}

/// A legal tic-tac-toe position (reachable from the empty board).
///
/// Built by [`Board::new`] (empty), by playing moves, or by parsing its text
/// form (nine characters `x`, `o` or `.`, row by row), which rejects every
/// unreachable position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Board {
    x: u16,
    o: u16,
    hash: u64,
}

/// Why a text is not a tic-tac-toe position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// Not nine squares.
    #[error("a board has 9 squares, got {0}")]
    Length(usize),
    /// A character other than `x`, `o`, `.`.
    #[error("square {square} holds {found:?}; use x, o or .")]
    Character {
        /// The square.
        square: usize,
        /// The character found.
        found: char,
    },
    /// X moves first, so X has as many marks as O or one more.
    #[error("X has {x} marks and O {o}: X moves first, so X has as many as O or one more")]
    Counts {
        /// X's marks.
        x: u32,
        /// O's marks.
        o: u32,
    },
    /// A finished game continued, or both sides have a line.
    #[error("unreachable position: {0}")]
    Unreachable(&'static str),
}

impl Board {
    /// The empty board.
    pub fn new() -> Self {
        Board::default()
    }

    /// A board from its two bit masks, if the position is reachable.
    pub fn from_masks(x: u16, o: u16) -> Result<Self, BoardError> {
        if x & o != 0 || (x | o) & !FULL != 0 {
            return Err(BoardError::Unreachable("overlapping or out-of-range masks"));
        }
        let (nx, no) = (x.count_ones(), o.count_ones());
        if nx != no && nx != no + 1 {
            return Err(BoardError::Counts { x: nx, o: no });
        }
        let (xw, ow) = (has_line(x), has_line(o));
        if xw && ow {
            return Err(BoardError::Unreachable("both sides have a line"));
        }
        if xw && nx != no + 1 {
            return Err(BoardError::Unreachable("O moved after X had won"));
        }
        if ow && nx != no {
            return Err(BoardError::Unreachable("X moved after O had won"));
        }
        if (xw && !shares_a_square(x)) || (ow && !shares_a_square(o)) {
            // One last move must have completed every line of the winner.
            return Err(BoardError::Unreachable("two lines without a common square"));
        }
        let mut hash = 0;
        for sq in 0..9 {
            if x & (1 << sq) != 0 {
                hash ^= KEYS[sq];
            }
            if o & (1 << sq) != 0 {
                hash ^= KEYS[9 + sq];
            }
        }
        Ok(Board { x, o, hash })
    }

    /// X's squares as a bit mask (bit `s` for square `s`).
    pub fn x_mask(&self) -> u16 {
        self.x
    }

    /// O's squares as a bit mask.
    pub fn o_mask(&self) -> u16 {
        self.o
    }

    /// The free squares as a bit mask.
    #[inline]
    pub fn free(&self) -> u16 {
        !(self.x | self.o) & FULL
    }

    /// What stands on a square.
    pub fn at(&self, square: Square) -> Option<Mark> {
        let bit = 1 << square;
        if self.x & bit != 0 {
            Some(Mark::X)
        } else if self.o & bit != 0 {
            Some(Mark::O)
        } else {
            None
        }
    }

    /// The side with a line, if any.
    #[inline]
    pub fn winner(&self) -> Option<Mark> {
        if has_line(self.x) {
            Some(Mark::X)
        } else if has_line(self.o) {
            Some(Mark::O)
        } else {
            None
        }
    }

    /// Whether the game is over (a line, or a full board).
    #[inline]
    pub fn is_over(&self) -> bool {
        self.free() == 0 || self.winner().is_some()
    }

    /// The side to move (meaningful while the game is not over).
    #[inline]
    pub fn side_to_move(&self) -> Mark {
        if self.x.count_ones() == self.o.count_ones() {
            Mark::X
        } else {
            Mark::O
        }
    }

    /// Number of marks on the board.
    pub fn plies(&self) -> u32 {
        (self.x | self.o).count_ones()
    }

    /// Plays `square` for the side to move.
    ///
    /// # Errors
    /// If the game is over or the square is taken or out of range; the board
    /// is then unchanged.
    pub fn play(&mut self, square: Square) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        if square > 8 {
            return Err(MoveError::NoSuchSquare(square));
        }
        if self.free() & (1 << square) == 0 {
            return Err(MoveError::Taken(square));
        }
        self.play_unchecked(square);
        Ok(())
    }

    /// Plays `square` without checking.
    ///
    /// The square must be free and the game not over; otherwise the board
    /// becomes unreachable (debug builds panic).
    #[inline]
    pub fn play_unchecked(&mut self, square: Square) {
        debug_assert!(square < 9 && self.free() & (1 << square) != 0 && !self.is_over());
        let bit = 1u16 << square;
        if self.x.count_ones() == self.o.count_ones() {
            self.x |= bit;
            self.hash ^= KEYS[square as usize];
        } else {
            self.o |= bit;
            self.hash ^= KEYS[9 + square as usize];
        }
    }

    /// The Zobrist hash of the position.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }
}

/// Why a move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Not a square.
    #[error("there is no square {0}; squares are 0 to 8")]
    NoSuchSquare(Square),
    /// The square is taken.
    #[error("square {0} is taken")]
    Taken(Square),
}

/// `HAS_LINE[mask]`: whether the squares of `mask` contain a line (one
/// load instead of eight tests on the hot path).
const HAS_LINE: [bool; 512] = {
    let mut table = [false; 512];
    let mut mask = 0;
    while mask < 512 {
        let mut k = 0;
        while k < LINES.len() {
            if mask & LINES[k] as usize == LINES[k] as usize {
                table[mask] = true;
            }
            k += 1;
        }
        mask += 1;
    }
    table
};

#[inline]
fn has_line(mask: u16) -> bool {
    HAS_LINE[mask as usize & 511]
}

/// Whether all of a side's lines share a square (a single last move can
/// then have completed them all).
fn shares_a_square(mask: u16) -> bool {
    LINES.iter().filter(|&&l| mask & l == l).fold(FULL, |acc, &l| acc & l) != 0
}

impl fmt::Display for Board {
    /// Nine characters, row by row: `x`, `o` or `.`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for sq in 0..9 {
            let c = match self.at(sq) {
                Some(Mark::X) => 'x',
                Some(Mark::O) => 'o',
                None => '.',
            };
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self})")
    }
}

impl FromStr for Board {
    type Err = BoardError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let chars: Vec<char> = s.trim().chars().filter(|c| !matches!(c, '/' | '|' | ' ')).collect();
        if chars.len() != 9 {
            return Err(BoardError::Length(chars.len()));
        }
        let (mut x, mut o) = (0u16, 0u16);
        for (sq, &c) in chars.iter().enumerate() {
            match c {
                'x' | 'X' => x |= 1 << sq,
                'o' | 'O' => o |= 1 << sq,
                '.' | '-' | '_' => {}
                found => return Err(BoardError::Character { square: sq, found }),
            }
        }
        Board::from_masks(x, o)
    }
}

impl Serialize for Board {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Board {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Tic-tac-toe: 3×3, X (seat 0) moves first, a line of three wins.
/// Utility: X win +1, O win −1, draw 0. Actions are squares 0–8 in
/// ascending order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TicTacToe;

impl Game for TicTacToe {
    type State = Board;
    type Action = Square;
    type Observation = Board;

    fn num_seats(&self) -> usize {
        2
    }

    #[inline]
    fn to_move(&self, b: &Board) -> Turn {
        if b.is_over() {
            Turn::Terminal
        } else {
            Turn::Seat(b.side_to_move().seat())
        }
    }

    #[inline]
    fn legal_actions(&self, b: &Board, out: &mut Vec<Square>) {
        out.clear();
        if b.is_over() {
            return;
        }
        let mut free = b.free();
        while free != 0 {
            out.push(free.trailing_zeros() as Square);
            free &= free - 1;
        }
    }

    #[inline]
    fn apply(&self, b: &mut Board, square: Square) {
        b.play_unchecked(square);
    }

    #[inline]
    fn payoffs(&self, b: &Board) -> Payoffs {
        Payoffs::zero_sum(match b.winner() {
            Some(Mark::X) => 1.0,
            Some(Mark::O) => -1.0,
            None => 0.0,
        })
    }

    fn observation(&self, b: &Board, _seat: Seat) -> Board {
        *b
    }

    #[inline]
    fn hash(&self, b: &Board) -> u64 {
        b.hash
    }

    fn hash_from_scratch(&self, b: &Board) -> u64 {
        Board::from_masks(b.x, b.o).map_or(!b.hash, |fresh| fresh.hash)
    }
}

impl PerfectInformation for TicTacToe {
    fn state_of(&self, observation: &Board) -> Board {
        *observation
    }
}

impl Determinize for TicTacToe {
    fn determinize(&self, observation: &Board, _seat: Seat, _rng: &mut Rng) -> Board {
        *observation
    }

    fn legal_from_observation(&self, observation: &Board, seat: Seat, out: &mut Vec<Square>) {
        out.clear();
        if self.to_move(observation) == Turn::Seat(seat) {
            self.legal_actions(observation, out);
        }
    }
}

impl TwoTeams for TicTacToe {}
