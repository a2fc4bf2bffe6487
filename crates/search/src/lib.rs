//! # tabula-search
//!
//! The search library of Tabula: one game model ([`Game`]) and every classic
//! search algorithm over it, generic and allocation-free on their hot paths.
//!
//! | algorithm | entry point |
//! |---|---|
//! | minimax (full tree, node and leaf counts) | [`Minimax`] |
//! | alpha-beta, depth-limited with an evaluation, quiescence | [`AlphaBeta::search`] |
//! | iterative deepening with principal variation | [`AlphaBeta::iterative_deepening`] |
//! | transposition table | [`TranspositionTable`] |
//! | expectiminimax | [`expectiminimax()`] |
//! | MCTS (UCT, priors as virtual visits) | [`Mcts`] |
//! | ISMCTS, single- and multiple-observer | [`Ismcts`] |
//! | determinized root-UCB with common random numbers | [`root_ucb`] |
//! | retrograde analysis | [`retrograde::solve`] |
//! | retrograde analysis over predecessors (large spaces) | [`backward::solve`] |
//!
//! Every search takes a [`Budget`] (nodes, iterations, time, a cancellation
//! flag) and returns a [`SearchResult`] with its [`SearchStats`]; randomised
//! searches take an explicit seed and are deterministic by it.
//!
//! ## Example
//!
//! A pile of stones, two players take one or two in turn, whoever takes the
//! last stone wins. Alpha-beta proves that 6 stones lose for the first
//! player, and MCTS finds the winning reply to 7.
//!
//! ```
//! use tabula_search::*;
//!
//! struct Nim;
//! #[derive(Clone, Copy, Debug, PartialEq)]
//! struct Pile { stones: u8, to_move: usize }
//!
//! impl Game for Nim {
//!     type State = Pile;
//!     type Action = u8;
//!     type Observation = Pile;
//!     fn num_seats(&self) -> usize { 2 }
//!     fn to_move(&self, s: &Pile) -> Turn {
//!         if s.stones == 0 { Turn::Terminal } else { Turn::Seat(s.to_move) }
//!     }
//!     fn legal_actions(&self, s: &Pile, out: &mut Vec<u8>) {
//!         out.clear();
//!         out.extend((1..=2).filter(|&k| k <= s.stones));
//!     }
//!     fn apply(&self, s: &mut Pile, take: u8) {
//!         s.stones -= take;
//!         s.to_move = 1 - s.to_move;
//!     }
//!     fn payoffs(&self, s: &Pile) -> Payoffs {
//!         // The seat that would move next did not take the last stone.
//!         Payoffs::zero_sum(if s.to_move == 1 { 1.0 } else { -1.0 })
//!     }
//!     fn observation(&self, s: &Pile, _: Seat) -> Pile { *s }
//!     fn hash(&self, s: &Pile) -> u64 { u64::from(s.stones) * 2 + s.to_move as u64 }
//! }
//! impl TwoTeams for Nim {}
//!
//! let mut ab = AlphaBeta::new(AlphaBetaConfig::plain());
//! let six = Pile { stones: 6, to_move: 0 };
//! let r = ab.search(&Nim, &six, None, &Utility, &NaturalOrder, &Budget::unlimited());
//! assert_eq!(r.value, -1.0);
//!
//! let mut mcts = Mcts::new(MctsConfig::default());
//! let seven = Pile { stones: 7, to_move: 0 };
//! let r = mcts.search(&Nim, &seven, &mut RandomRollout::new(), &NoPrior, &Budget::iterations(2000), 1);
//! assert_eq!(r.action, Some(1));
//! ```

pub mod alphabeta;
pub mod backward;
pub mod budget;
pub mod crn;
pub mod eval;
pub mod expectiminimax;
pub mod game;
pub mod hash;
pub mod ismcts;
pub mod mcts;
pub mod minimax;
pub mod parallel;
pub mod player;
pub mod retrograde;
pub mod rng;
pub mod rootucb;
pub mod stats;
pub mod tt;
pub mod tunables;

pub use alphabeta::{ALPHABETA_TUNABLES, AlphaBeta, AlphaBetaConfig};
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use budget::SystemClock;
pub use budget::{Budget, CancelFlag, Clock, Meter, Stop, cancel_scope, deadline_scope};
pub use crn::{CommonSamples, RootEstimate, compare_roots};
pub use eval::{Evaluator, MoveOrder, NaturalOrder, SCORE_INFINITY, Score, Utility};
pub use expectiminimax::expectiminimax;
pub use game::{
    Determinize, Game, Hidden, IllegalAction, MAX_SEATS, PLAYOUT_LIMIT, Payoffs, PerfectInformation, Seat, Seen, Turn,
    TwoTeams, WorldSampler, play, random_playout, sample_weighted,
};
pub use hash::{StableHasher, stable_hash};
pub use ismcts::{ISMCTS_TUNABLES, Ismcts, IsmctsConfig, IsmctsMode, RootPriming};
pub use mcts::{MCTS_TUNABLES, Mcts, MctsConfig, NoPrior, Prior, RandomRollout, Rollout};
pub use minimax::{Minimax, MinimaxReport};
pub use player::{
    AlphaBetaPlayer, IsmctsPlayer, MctsPlayer, MinimaxPlayer, Player, RandomPlayer, RootUcbPlayer, forced,
};
pub use rng::Rng;
pub use rootucb::{ROOTUCB_TUNABLES, RootUcbConfig, root_ucb, root_ucb_over, sample_root};
pub use stats::{RootStat, SearchResult, SearchStats};
pub use tt::{Bound, TranspositionTable};
pub use tunables::{Tunable, TunableTable, TunableValue};
