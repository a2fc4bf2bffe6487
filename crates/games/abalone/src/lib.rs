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
//! let m: Move = "a1a3:ne".parse().unwrap();
//! assert_eq!(m.to_string(), "a1a3:ne");
//! let after = start.play(m).unwrap();
//! assert_eq!(after.to_move(), Side::White);
//! ```

pub mod game;
pub mod geometry;
pub mod movegen;
pub mod moves;
pub mod perft;
pub mod position;
pub mod reference;

pub use game::{Abalone, Ending, NO_PROGRESS_PLIES, State};
pub use geometry::{BOARD, CELLS, Cell, Dir, Symmetry};
pub use movegen::{IllegalMove, MoveKind, MoveList, count, generate};
pub use moves::{Move, MoveParseError};
pub use perft::{PerftMode, perft, perft_parallel};
pub use position::{Layout, Position, PositionError, Side};
