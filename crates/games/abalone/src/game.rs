//! Abalone as a [`Game`] of the search library, with the draw rules: a game
//! is drawn after a number of consecutive plies without an ejection (200 by
//! default) or on the third occurrence of a position.
//!
//! A side with no legal move loses (every one of its moves, vacuously,
//! leads to a loss; in practice this needs a few marbles walled in).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use tabula_search::{Determinize, Game, Payoffs, PerfectInformation, Rng, Seat, Turn, TwoTeams};

use crate::movegen::{MoveList, apply, count, generate};
use crate::moves::Move;
use crate::position::{Layout, Position, Side};
use crate::tablebase::index::Class;

/// The default number of consecutive plies without an ejection that draws.
pub const NO_PROGRESS_PLIES: u16 = 200;

/// The game: a starting position and the no-progress limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Abalone {
    /// Where games start.
    pub start: Position,
    /// Consecutive plies without an ejection after which the game is drawn.
    pub no_progress: u16,
    /// The endgame trainer's class: games then start from a won position
    /// of it drawn from the installed tables ([`crate::trainer`]), not
    /// from `start`.
    pub trainer: Option<Class>,
}

impl Default for Abalone {
    fn default() -> Self {
        Abalone::new(Layout::Belgian.position())
    }
}

impl Abalone {
    /// Games from `start` with the default no-progress limit.
    pub fn new(start: Position) -> Abalone {
        Abalone {
            start,
            no_progress: NO_PROGRESS_PLIES,
            trainer: None,
        }
    }

    /// The initial state.
    pub fn initial_state(&self) -> State {
        State::new(self.start)
    }
}

/// A game in progress: the position and what the draw rules need.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct State {
    /// The current position.
    #[serde(serialize_with = "ser_pos", deserialize_with = "de_pos")]
    pub position: Position,
    /// Consecutive plies without an ejection.
    pub quiet_plies: u16,
    /// Hashes of the positions since the last ejection, oldest first, the
    /// current one last (an ejection makes earlier positions unreachable).
    pub history: Vec<u64>,
}

fn ser_pos<S: Serializer>(p: &Position, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&p.to_string())
}

fn de_pos<'de, D: Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
    let text = String::deserialize(d)?;
    text.parse().map_err(serde::de::Error::custom)
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// The side won by ejections (or the other side could not move).
    Won(Side),
    /// Drawn: too long without an ejection.
    NoProgress,
    /// Drawn: a position occurred for the third time.
    Repetition,
}

impl State {
    /// A game starting at `position`.
    pub fn new(position: Position) -> State {
        State {
            position,
            quiet_plies: 0,
            history: vec![position.hash()],
        }
    }

    /// How often the current position has occurred since the last ejection.
    pub fn repetitions(&self) -> usize {
        let h = self.position.hash();
        self.history.iter().filter(|&&x| x == h).count()
    }

    /// The ending, if the game is over under `game`'s rules.
    pub fn ending(&self, game: &Abalone) -> Option<Ending> {
        if let Some(loser) = self.position.loser() {
            return Some(Ending::Won(loser.other()));
        }
        if count(&self.position) == 0 {
            return Some(Ending::Won(self.position.to_move().other()));
        }
        if self.quiet_plies >= game.no_progress {
            return Some(Ending::NoProgress);
        }
        if self.repetitions() >= 3 {
            return Some(Ending::Repetition);
        }
        None
    }

    /// Plays a legal move (unchecked), updating the draw counters.
    pub fn advance(&mut self, m: Move) {
        let (next, ejected) = apply(&self.position, m);
        self.position = next;
        if ejected {
            self.quiet_plies = 0;
            self.history.clear();
        } else {
            self.quiet_plies = self.quiet_plies.saturating_add(1);
        }
        self.history.push(next.hash());
    }
}

impl Game for Abalone {
    type State = State;
    type Action = Move;
    type Observation = State;

    fn num_seats(&self) -> usize {
        2
    }

    fn to_move(&self, state: &State) -> Turn {
        match state.ending(self) {
            Some(_) => Turn::Terminal,
            None => Turn::Seat(state.position.to_move().index()),
        }
    }

    fn legal_actions(&self, state: &State, out: &mut Vec<Move>) {
        out.clear();
        if state.ending(self).is_some() {
            return;
        }
        let mut list = MoveList::new();
        generate(&state.position, &mut list);
        out.extend_from_slice(list.as_slice());
        out.sort_unstable();
    }

    fn apply(&self, state: &mut State, action: Move) {
        state.advance(action);
    }

    fn payoffs(&self, state: &State) -> Payoffs {
        match state.ending(self) {
            Some(Ending::Won(Side::Black)) => Payoffs::zero_sum(1.0),
            Some(Ending::Won(Side::White)) => Payoffs::zero_sum(-1.0),
            _ => Payoffs::zero_sum(0.0),
        }
    }

    fn observation(&self, state: &State, _: Seat) -> State {
        state.clone()
    }

    fn hash(&self, state: &State) -> u64 {
        state.position.hash()
    }

    fn hash_from_scratch(&self, state: &State) -> u64 {
        state.position.hash_from_scratch()
    }
}

impl PerfectInformation for Abalone {
    fn state_of(&self, observation: &State) -> State {
        observation.clone()
    }
}

impl Determinize for Abalone {
    fn determinize(&self, observation: &State, _: Seat, _: &mut Rng) -> State {
        observation.clone()
    }

    fn legal_from_observation(&self, observation: &State, seat: Seat, out: &mut Vec<Move>) {
        out.clear();
        if self.to_move(observation) == Turn::Seat(seat) {
            self.legal_actions(observation, out);
        }
    }
}

impl TwoTeams for Abalone {}
