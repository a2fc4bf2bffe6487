//! DiceDuel: a tiny perfect-information game with chance, small enough to
//! solve by hand, that pins expectiminimax and MCTS's chance nodes.
//!
//! # Rules
//!
//! 1. Seat 0 picks a die ([`DuelAction::Pick`]): the [`Die::Fair`] three-
//!    sided die (1, 2, 3, each with probability 1/3) or the
//!    [`Die::Loaded`] one (1 with probability 1/4, 3 with probability 3/4).
//! 2. Chance rolls it ([`DuelAction::Roll`]).
//! 3. Seat 1 sees the roll `r` and answers: [`DuelAction::Fold`] ends the
//!    game with seat 0 winning 1; [`DuelAction::Call`] makes seat 1 roll the
//!    fair die.
//! 4. After a call, chance rolls seat 1's die, `s`; seat 0 wins 2 if
//!    `r > s`, loses 2 if `r < s`, and nothing on a tie.
//!
//! Payoffs are `[u, −u]` with `u` seat 0's winnings.
//!
//! # Solution
//!
//! A call against roll `r` is worth `2·(P(s < r) − P(s > r))` to seat 0:
//! −4/3 for `r = 1`, 0 for `r = 2`, 4/3 for `r = 3`. Seat 1 minimises, so it
//! calls 1 and 2 and folds 3 (giving up 1 rather than 4/3). The fair die is
//! then worth (−4/3 + 0 + 1)/3 = −1/9 and the loaded one
//! (1/4)(−4/3) + (3/4)(1) = 5/12: seat 0 picks the loaded die, and the game
//! is worth 5/12 to it.

use std::fmt;

use serde::{Deserialize, Serialize};
use tabula_search::rng::zobrist_keys;
use tabula_search::{Determinize, Game, Payoffs, PerfectInformation, Rng, Seat, Turn, TwoTeams};

/// The dice of DiceDuel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Die {
    /// Faces 1, 2, 3 with probability 1/3 each. Seat 1 always rolls it.
    Fair,
    /// Face 1 with probability 1/4, face 3 with probability 3/4.
    Loaded,
}

impl Die {
    /// The faces with their probabilities, by face.
    pub fn faces(self) -> &'static [(u8, f64)] {
        match self {
            Die::Fair => &[(1, 1.0 / 3.0), (2, 1.0 / 3.0), (3, 1.0 / 3.0)],
            Die::Loaded => &[(1, 0.25), (3, 0.75)],
        }
    }

    /// The probability of rolling `face`.
    pub fn probability(self, face: u8) -> f64 {
        self.faces().iter().find(|f| f.0 == face).map_or(0.0, |f| f.1)
    }

    #[inline]
    fn index(self) -> usize {
        self as usize
    }
}

/// An action of DiceDuel. Actions are ordered as listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum DuelAction {
    /// Seat 0 picks its die.
    Pick(Die),
    /// Chance: a die shows this face (1–3).
    Roll(u8),
    /// Seat 1 gives up 1.
    Fold,
    /// Seat 1 rolls against seat 0's roll for 2.
    Call,
}

/// Why a serialised DiceDuel position is not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DuelError {
    /// A step is recorded without the one before it.
    #[error("{0} without {1}")]
    OutOfOrder(&'static str, &'static str),
    /// A die cannot show that face.
    #[error("the {die:?} die cannot show {face}")]
    NoSuchFace {
        /// The die.
        die: Die,
        /// The face.
        face: u8,
    },
}

/// Zobrist keys: two dice, three rolls, fold and call, three answers.
const KEYS: [u64; 10] = zobrist_keys(0xD1CE_D0E1_0000_0001);

/// A DiceDuel position: what has happened so far.
///
/// Serialised as its four facts; deserialising checks them and rebuilds the
/// hash.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(try_from = "DuelRepr", into = "DuelRepr")]
pub struct DuelState {
    die: Option<Die>,
    roll: Option<u8>,
    called: Option<bool>,
    answer: Option<u8>,
    hash: u64,
}

impl DuelState {
    /// Before seat 0 picks.
    pub fn new() -> Self {
        DuelState::default()
    }

    /// Seat 0's die, once picked.
    pub fn die(&self) -> Option<Die> {
        self.die
    }

    /// Seat 0's roll, once rolled.
    pub fn roll(&self) -> Option<u8> {
        self.roll
    }

    /// Seat 1's answer: `Some(true)` for a call, `Some(false)` for a fold.
    pub fn called(&self) -> Option<bool> {
        self.called
    }

    /// Seat 1's roll after a call.
    pub fn answer(&self) -> Option<u8> {
        self.answer
    }

    fn compute_hash(&self) -> u64 {
        let mut h = 0;
        if let Some(d) = self.die {
            h ^= KEYS[d.index()];
        }
        if let Some(r) = self.roll {
            h ^= KEYS[1 + usize::from(r)];
        }
        if let Some(c) = self.called {
            h ^= KEYS[5 + usize::from(c)];
        }
        if let Some(a) = self.answer {
            h ^= KEYS[6 + usize::from(a)];
        }
        h
    }
}

impl fmt::Debug for DuelState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "DuelState(die {:?}, roll {:?}, called {:?}, answer {:?})",
            self.die, self.roll, self.called, self.answer
        )
    }
}

/// The serialised form of a [`DuelState`].
#[derive(Serialize, Deserialize)]
struct DuelRepr {
    die: Option<Die>,
    roll: Option<u8>,
    called: Option<bool>,
    answer: Option<u8>,
}

impl From<DuelState> for DuelRepr {
    fn from(s: DuelState) -> Self {
        DuelRepr {
            die: s.die,
            roll: s.roll,
            called: s.called,
            answer: s.answer,
        }
    }
}

impl TryFrom<DuelRepr> for DuelState {
    type Error = DuelError;

    fn try_from(r: DuelRepr) -> Result<Self, DuelError> {
        if let Some(face) = r.roll {
            let die = r.die.ok_or(DuelError::OutOfOrder("a roll", "a die"))?;
            if die.probability(face) == 0.0 {
                return Err(DuelError::NoSuchFace { die, face });
            }
        }
        if r.called.is_some() && r.roll.is_none() {
            return Err(DuelError::OutOfOrder("an answer", "a roll"));
        }
        if let Some(face) = r.answer {
            if r.called != Some(true) {
                return Err(DuelError::OutOfOrder("seat 1's roll", "a call"));
            }
            if Die::Fair.probability(face) == 0.0 {
                return Err(DuelError::NoSuchFace { die: Die::Fair, face });
            }
        }
        let mut s = DuelState {
            die: r.die,
            roll: r.roll,
            called: r.called,
            answer: r.answer,
            hash: 0,
        };
        s.hash = s.compute_hash();
        Ok(s)
    }
}

/// The rules of DiceDuel (see the [module documentation](self)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DiceDuel;

impl DiceDuel {
    /// The position before seat 0 picks.
    pub fn initial_state(&self) -> DuelState {
        DuelState::new()
    }
}

impl Game for DiceDuel {
    type State = DuelState;
    type Action = DuelAction;
    type Observation = DuelState;

    fn num_seats(&self) -> usize {
        2
    }

    fn to_move(&self, s: &DuelState) -> Turn {
        match (s.die, s.roll, s.called, s.answer) {
            (None, ..) => Turn::Seat(0),
            (_, None, ..) => Turn::Chance,
            (_, _, None, _) => Turn::Seat(1),
            (_, _, Some(true), None) => Turn::Chance,
            _ => Turn::Terminal,
        }
    }

    fn legal_actions(&self, s: &DuelState, out: &mut Vec<DuelAction>) {
        out.clear();
        match self.to_move(s) {
            Turn::Seat(0) => out.extend([DuelAction::Pick(Die::Fair), DuelAction::Pick(Die::Loaded)]),
            Turn::Seat(_) => out.extend([DuelAction::Fold, DuelAction::Call]),
            _ => {}
        }
    }

    fn apply(&self, s: &mut DuelState, action: DuelAction) {
        match action {
            DuelAction::Pick(d) => {
                s.die = Some(d);
                s.hash ^= KEYS[d.index()];
            }
            DuelAction::Roll(face) if s.roll.is_none() => {
                s.roll = Some(face);
                s.hash ^= KEYS[1 + usize::from(face)];
            }
            DuelAction::Roll(face) => {
                s.answer = Some(face);
                s.hash ^= KEYS[6 + usize::from(face)];
            }
            DuelAction::Fold | DuelAction::Call => {
                let call = action == DuelAction::Call;
                s.called = Some(call);
                s.hash ^= KEYS[5 + usize::from(call)];
            }
        }
    }

    fn payoffs(&self, s: &DuelState) -> Payoffs {
        let u = match (s.roll, s.answer) {
            (Some(r), Some(a)) => 2.0 * f64::from(i8::signum(r as i8 - a as i8)),
            _ => 1.0,
        };
        Payoffs::zero_sum(u)
    }

    /// A call wins or loses at most 2.
    fn payoff_range(&self) -> (f64, f64) {
        (-2.0, 2.0)
    }

    fn chance_outcomes(&self, s: &DuelState, out: &mut Vec<(DuelAction, f64)>) {
        out.clear();
        if self.to_move(s) != Turn::Chance {
            return;
        }
        let die = if s.roll.is_none() {
            s.die.unwrap_or(Die::Fair)
        } else {
            Die::Fair
        };
        out.extend(die.faces().iter().map(|&(face, p)| (DuelAction::Roll(face), p)));
    }

    fn observation(&self, s: &DuelState, _seat: Seat) -> DuelState {
        *s
    }

    fn hash(&self, s: &DuelState) -> u64 {
        s.hash
    }

    fn hash_from_scratch(&self, s: &DuelState) -> u64 {
        s.compute_hash()
    }
}

impl TwoTeams for DiceDuel {}

impl PerfectInformation for DiceDuel {
    fn state_of(&self, observation: &DuelState) -> DuelState {
        *observation
    }
}

impl Determinize for DiceDuel {
    /// The identity: every seat sees the whole position.
    fn determinize(&self, observation: &DuelState, _seat: Seat, _rng: &mut Rng) -> DuelState {
        *observation
    }

    fn legal_from_observation(&self, observation: &DuelState, seat: Seat, out: &mut Vec<DuelAction>) {
        out.clear();
        if self.to_move(observation) == Turn::Seat(seat) {
            self.legal_actions(observation, out);
        }
    }
}
