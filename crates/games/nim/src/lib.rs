//! # tabula-nim
//!
//! Nim: heaps of counters; a move takes one or more counters from one
//! heap; in normal play whoever takes the last counter wins, in misère play
//! whoever takes it loses. The game is solved (Bouton, 1901): a position is
//! lost for the player to move exactly when the XOR of the heaps (the
//! *nim-sum*) is 0 — in misère play too, until every heap is down to one
//! counter, where the parity of the heaps decides instead. The `perfect`
//! player plays by that rule, and the tests check it against alpha-beta on
//! every small position.
//!
//! The crate is also the model of a game crate: the rules ([`Nim`]), its
//! players, and the [`GameModule`](tabula_contract::GameModule) impl in
//! [`module`] are all it takes, with one registry line, for the command
//! line, the bot protocol, the arena, the web app and the browser module
//! to offer the game.
//!
//! ```
//! use tabula_nim::{Nim, Take};
//! use tabula_search::Game;
//!
//! let nim = Nim::new(&[3, 4, 5], false).unwrap();
//! let mut s = nim.start();
//! // 3 ^ 4 ^ 5 = 2: the first player wins by taking two from the first heap.
//! assert_eq!(nim.winning_move(&s), Some(Take { heap: 0, count: 2 }));
//! nim.apply(&mut s, Take { heap: 0, count: 2 });
//! assert_eq!(s.nim_sum(), 0);
//! assert_eq!(nim.winning_move(&s), None);
//! ```

pub mod module;
pub mod view;

use serde::{Deserialize, Serialize};
use tabula_search::{
    Determinize, Game, Payoffs, PerfectInformation, Player, Rng, SearchResult, SearchStats, Seat, Turn, TwoTeams,
};

/// The most heaps.
pub const MAX_HEAPS: usize = 8;
/// The most counters in a heap.
pub const MAX_COUNTERS: u8 = 31;

/// A move: take `count` counters (one or more) from heap `heap` (from 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Take {
    /// The heap, from 0.
    pub heap: u8,
    /// How many counters.
    pub count: u8,
}

/// A position: the heaps and the seat to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "PositionJson", into = "PositionJson")]
pub struct State {
    heaps: [u8; MAX_HEAPS],
    len: u8,
    to_move: u8,
}

/// The JSON form of a position: `{"heaps":[3,4,5],"to_move":0}`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionJson {
    heaps: Vec<u8>,
    to_move: u8,
}

impl From<State> for PositionJson {
    fn from(s: State) -> Self {
        PositionJson {
            heaps: s.heaps().to_vec(),
            to_move: s.to_move,
        }
    }
}

impl TryFrom<PositionJson> for State {
    type Error = String;
    fn try_from(p: PositionJson) -> Result<State, String> {
        let mut s = State::of(&p.heaps)?;
        if p.to_move > 1 {
            return Err(format!("seats are 0 and 1, not {}", p.to_move));
        }
        s.to_move = p.to_move;
        Ok(s)
    }
}

impl State {
    /// Heaps of these sizes, seat 0 to move.
    ///
    /// # Errors
    /// No heap, more than [`MAX_HEAPS`], or a heap above [`MAX_COUNTERS`].
    pub fn of(heaps: &[u8]) -> Result<State, String> {
        if heaps.is_empty() || heaps.len() > MAX_HEAPS {
            return Err(format!("a game has 1 to {MAX_HEAPS} heaps, not {}", heaps.len()));
        }
        if let Some(&h) = heaps.iter().find(|&&h| h > MAX_COUNTERS) {
            return Err(format!("a heap holds at most {MAX_COUNTERS} counters, not {h}"));
        }
        let mut s = State {
            heaps: [0; MAX_HEAPS],
            len: heaps.len() as u8,
            to_move: 0,
        };
        s.heaps[..heaps.len()].copy_from_slice(heaps);
        Ok(s)
    }

    /// The heaps, in order.
    pub fn heaps(&self) -> &[u8] {
        &self.heaps[..usize::from(self.len)]
    }

    /// The seat to move (at the end: the seat that would move next).
    pub fn to_move(&self) -> Seat {
        usize::from(self.to_move)
    }

    /// The XOR of the heaps.
    pub fn nim_sum(&self) -> u8 {
        self.heaps().iter().fold(0, |x, &h| x ^ h)
    }

    /// Whether every heap is empty.
    pub fn is_over(&self) -> bool {
        self.heaps().iter().all(|&h| h == 0)
    }
}

/// Nim with its starting heaps and its play convention.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Nim {
    start: State,
    misere: bool,
}

impl Nim {
    /// Nim from these heaps; `misere`: whoever takes the last counter loses.
    ///
    /// # Errors
    /// As [`State::of`], and a start without any counter.
    pub fn new(heaps: &[u8], misere: bool) -> Result<Nim, String> {
        let start = State::of(heaps)?;
        if start.is_over() {
            return Err("the heaps hold no counter".into());
        }
        Ok(Nim { start, misere })
    }

    /// Nim from the default heaps 3, 4, 5, normal play.
    pub fn default_game() -> Nim {
        Nim::new(&[3, 4, 5], false).expect("the default heaps are a game")
    }

    /// The starting position.
    pub fn start(&self) -> State {
        self.start
    }

    /// Whether whoever takes the last counter loses.
    pub fn misere(&self) -> bool {
        self.misere
    }

    /// A move that wins (Bouton's rule, with the misère exception), or
    /// `None` when the position is lost for the player to move.
    pub fn winning_move(&self, s: &State) -> Option<Take> {
        let big = s.heaps().iter().filter(|&&h| h > 1).count();
        if self.misere && big <= 1 {
            // Leave an odd number of single counters (and nothing bigger).
            let ones = s.heaps().iter().filter(|&&h| h == 1).count();
            let (i, &h) = s.heaps().iter().enumerate().max_by_key(|&(_, &h)| h)?;
            if h == 0 {
                return None;
            }
            let take = if big == 1 {
                // Reduce the big heap to 0 or 1 so that the ones left are odd.
                if ones % 2 == 1 { h } else { h - 1 }
            } else if ones % 2 == 0 {
                1
            } else {
                return None;
            };
            return Some(Take {
                heap: i as u8,
                count: take,
            });
        }
        let x = s.nim_sum();
        if x == 0 {
            return None;
        }
        s.heaps().iter().enumerate().find_map(|(i, &h)| {
            let target = h ^ x;
            (target < h).then(|| Take {
                heap: i as u8,
                count: h - target,
            })
        })
    }
}

impl Game for Nim {
    type State = State;
    type Action = Take;
    type Observation = State;

    fn num_seats(&self) -> usize {
        2
    }

    fn to_move(&self, s: &State) -> Turn {
        if s.is_over() {
            Turn::Terminal
        } else {
            Turn::Seat(s.to_move())
        }
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Take>) {
        out.clear();
        for (i, &h) in s.heaps().iter().enumerate() {
            out.extend((1..=h).map(|count| Take { heap: i as u8, count }));
        }
    }

    fn apply(&self, s: &mut State, take: Take) {
        s.heaps[usize::from(take.heap)] -= take.count;
        s.to_move = 1 - s.to_move;
    }

    fn payoffs(&self, s: &State) -> Payoffs {
        // The seat to move did not take the last counter.
        let last_taker_won = !self.misere;
        let seat0_won = (s.to_move == 1) == last_taker_won;
        Payoffs::zero_sum(if seat0_won { 1.0 } else { -1.0 })
    }

    fn observation(&self, s: &State, _: Seat) -> State {
        *s
    }

    fn hash(&self, s: &State) -> u64 {
        s.heaps().iter().fold(u64::from(s.to_move), |h, &c| {
            h.wrapping_mul(37).wrapping_add(u64::from(c) + 1)
        })
    }
}

impl TwoTeams for Nim {}

impl PerfectInformation for Nim {
    fn state_of(&self, observation: &State) -> State {
        *observation
    }
}

impl Determinize for Nim {
    fn determinize(&self, observation: &State, _: Seat, _: &mut Rng) -> State {
        *observation
    }

    fn legal_from_observation(&self, observation: &State, seat: Seat, out: &mut Vec<Take>) {
        out.clear();
        if self.to_move(observation) == Turn::Seat(seat) {
            self.legal_actions(observation, out);
        }
    }
}

/// The perfect player: a winning move when there is one, else one counter
/// from the biggest heap (prolonging a lost game).
#[derive(Clone, Copy, Debug, Default)]
pub struct Perfect;

impl Player<Nim> for Perfect {
    fn choose(&mut self, game: &Nim, s: &State, _: Seat) -> SearchResult<Take> {
        let win = game.winning_move(s);
        let action = win.or_else(|| {
            let (i, _) = s
                .heaps()
                .iter()
                .enumerate()
                .filter(|&(_, &h)| h > 0)
                .max_by_key(|&(_, &h)| h)?;
            Some(Take {
                heap: i as u8,
                count: 1,
            })
        });
        SearchResult {
            action,
            value: if win.is_some() { 1.0 } else { -1.0 },
            stats: SearchStats::default(),
        }
    }
}

/// The game as the registry lists it: the type implementing
/// [`GameModule`](tabula_contract::GameModule) (the registry's build
/// script names `<crate>::Module` for each game it depends on).
pub type Module = Nim;
