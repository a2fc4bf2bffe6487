//! # tabula-abalone
//!
//! Abalone for Tabula: the hexagonal board and its 12 symmetries, the full
//! rules (sumito, pac, ejections, broadside moves), Standard, Belgian
//! daisy, German daisy and Discovery layouts, a move notation, two move
//! generators (a readable [`reference`] one and a fast bitboard one in
//! [`movegen`], cross-checked), [`perft`], and the alpha-beta computer.
//!
//! ```
//! use tabula_abalone::*;
//!
//! let start = Layout::Standard.position();
//! assert_eq!(start.legal_moves().len(), 44);
//! assert_eq!(perft(&start, 2, PerftMode::Bulk), vec![44, 1_936]);
//!
//! // Three marbles side-step north-west; the notation round-trips.
//! let m: Move = "c5c3:NW".parse().unwrap();
//! assert_eq!(m.to_string(), "c3c5:nw");
//! let after = start.play(m).unwrap();
//! assert_eq!(after.to_move(), Side::White);
//! assert!(start.play("a1a3:e".parse().unwrap()).is_err(), "a4 blocks it");
//!
//! // The computer at level 2 answers.
//! let mut engine = Engine::new(Level::new(2).unwrap().config(), 1);
//! let reply = engine.search(&after, &tabula_search::Budget::unlimited());
//! assert!(after.is_legal(reply.best.unwrap()));
//! ```

pub mod ai;
pub mod capabilities;
pub mod eval;
pub mod game;
pub mod geometry;
pub mod levels;
pub mod module;
pub mod movegen;
pub mod moves;
pub mod perft;
pub mod position;
pub mod reference;
pub mod tablebase;
pub mod trainer;
pub mod unmove;
pub mod view;

pub use ai::{ABALONE_TUNABLES, Computer, Engine, Level, SearchConfig, SearchOutcome, WIN};
pub use eval::Weights;
pub use game::{Abalone, Ending, NO_PROGRESS_PLIES, State};
pub use geometry::{BOARD, CELLS, Cell, Dir, Symmetry};
pub use movegen::{IllegalMove, MoveKind, MoveList, count, generate};
pub use moves::{Move, MoveParseError};
pub use perft::{PerftMode, perft, perft_parallel, perft_parallel_with};
pub use position::{Layout, Position, PositionError, Side};

/// The game as the registry lists it: the type implementing
/// [`GameModule`](tabula_contract::GameModule) (the registry's build
/// script names `<crate>::Module` for each game it depends on).
pub type Module = Abalone;
