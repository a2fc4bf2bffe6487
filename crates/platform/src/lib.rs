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
//! // The registry's first two-seat game, its default options.
//! let entry = tabula_registry::games()
//!     .iter()
//!     .find(|e| e.open(&serde_json::Value::Null).is_ok_and(|d| d.seats() == 2))
//!     .expect("a two-seat game");
//! let game = entry.open(&serde_json::Value::Null).unwrap();
//! let specs = ["random".parse().unwrap(), "random".parse().unwrap()];
//! let out = arena::run(&game, &specs, &ArenaSettings::new(10, 1), &|_| {}).unwrap();
//! // Ten deals, each played with the seats both ways round.
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
