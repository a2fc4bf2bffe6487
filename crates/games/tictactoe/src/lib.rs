//! # tabula-tictactoe
//!
//! Tic-tac-toe, the teaching game of Tabula: the rules on a bitboard, an
//! evaluation and a move order for the tree searches, the game as a
//! retrograde-analysis space, and the exact figures every search algorithm
//! reproduces ([`report`]).
//!
//! ```
//! use tabula_search::*;
//! use tabula_tictactoe::{Board, TicTacToe};
//!
//! // Full minimax from the empty board: a draw, 549,946 nodes, 255,168 games.
//! let r = Minimax::new().search(&TicTacToe, &Board::new(), None, &Utility, &Budget::unlimited(), false);
//! assert_eq!((r.result.value, r.result.stats.nodes, r.result.stats.leaves), (0.0, 549_946, 255_168));
//!
//! // X to move wins only by taking square 2.
//! let board: Board = "xx.oo....".parse().unwrap();
//! let mut ab = AlphaBeta::new(AlphaBetaConfig::plain());
//! let r = ab.search(&TicTacToe, &board, None, &Utility, &NaturalOrder, &Budget::unlimited());
//! assert_eq!((r.action, r.value), (Some(2), 1.0));
//! ```

pub mod ai;
pub mod board;
pub mod capabilities;
pub mod lab;
pub mod module;
pub mod report;
pub mod retro;
pub mod view;

pub use ai::{CentreFirst, OpenLines};
pub use board::{Board, BoardError, Mark, MoveError, Square, TicTacToe};
pub use retro::TttSpace;

/// The game as the registry lists it: the type implementing
/// [`GameModule`](tabula_contract::GameModule) (the registry's build
/// script names `<crate>::Module` for each game it depends on).
pub type Module = TicTacToe;
