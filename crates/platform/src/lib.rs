//! # tabula-platform
//!
//! What the apps (the `tabula` command line, later the server) share: games
//! by name behind one type-erased interface ([`catalog`]), players built from
//! spec strings ([`spec`]), seat-swapped tournaments with confidence
//! intervals ([`arena`]), the bot protocol ([`protocol`], [`engine`],
//! [`agent::BotAgent`]), terminal play ([`terminal`]) and the bench
//! signature ([`bench`]).
//!
//! ```
//! use tabula_platform::{arena::ArenaSettings, catalog, spec::PlayerSpec};
//!
//! let ttt = catalog::find("tictactoe").unwrap();
//! let a: PlayerSpec = "alphabeta".parse().unwrap();
//! let b: PlayerSpec = "random".parse().unwrap();
//! let (report, games) = ttt
//!     .arena(&serde_json::Value::Null, &a, &b, &ArenaSettings::new(20, 1), &|_| {})
//!     .unwrap();
//! // Perfect play never loses.
//! assert_eq!(report["b_wins"], 0);
//! assert_eq!(games.len(), 20);
//! ```

pub mod agent;
pub mod arena;
pub mod bench;
pub mod catalog;
pub mod engine;
pub mod games;
pub mod protocol;
pub mod spec;
pub mod terminal;
