//! # tabula-platform
//!
//! The front ends every game gets through the game contract, none of which
//! names a game: terminal play ([`terminal`]), the bot protocol as an
//! engine ([`engine`]) and as a host of outside engines ([`host`]), the
//! n-seat arena with rotated seats and confidence intervals ([`arena`]),
//! players from specs, outside engines included ([`agents`]), and the
//! bench signature ([`bench`]).
//!
//! ```
//! use tabula_platform::arena::{self, ArenaSettings};
//!
//! let ttt = tabula_registry::find("tictactoe").unwrap().open(&serde_json::Value::Null).unwrap();
//! let specs = ["alphabeta".parse().unwrap(), "random".parse().unwrap()];
//! let out = arena::run(&ttt, &specs, &ArenaSettings::new(10, 1), &|_| {}).unwrap();
//! // Perfect play never loses.
//! assert_eq!(out.report["b_wins"], 0);
//! assert_eq!(out.games.len(), 20);
//! ```

pub mod agents;
pub mod arena;
pub mod bench;
pub mod engine;
pub mod host;
pub mod lines;
pub mod protocol;
pub mod terminal;

pub use agents::PlatformError;
