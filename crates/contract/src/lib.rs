//! # tabula-contract
//!
//! The one contract between a game and every front end. A game crate
//! implements [`GameModule`] once — its rules for the searches, its
//! options with their defaults, its players, its observation-built view
//! and text, its notation — and one registry line lists it. The command
//! line, the bot protocol, the arena, the web app and the browser module
//! reach it only through the erased, JSON-speaking [`GameEntry`] →
//! [`Driver`] → [`Match`] interface, and never name a game.
//!
//! Hidden information stays hidden by construction: a [`Match`] holds the
//! truth, and an agent, a page or a text only ever receives one seat's
//! observation. The crate uses no thread, clock or file, so it builds for
//! WebAssembly with the games.
//!
//! ## Example
//!
//! Tic-tac-toe through the erased interface: open it with its default
//! options, seat alpha-beta against a random player, play to the end.
//!
//! ```
//! use tabula_contract::{GameEntry, Registered, TableKind};
//! use tabula_search::{Rng, Turn};
//!
//! let entry = &Registered::<tabula_tictactoe::TicTacToe>::ENTRY;
//! assert_eq!(entry.info().name, "tictactoe");
//! let driver = entry.open(&serde_json::Value::Null).unwrap();
//! let mut x = driver.agent(&"alphabeta".parse().unwrap(), 1).unwrap();
//! let mut o = driver.agent(&"random".parse().unwrap(), 2).unwrap();
//! let mut game = driver.start(7, TableKind::Online);
//! let mut chance = Rng::new(7);
//! loop {
//!     match game.to_act() {
//!         Turn::Terminal => break,
//!         Turn::Chance => game.chance(&mut chance).unwrap(),
//!         Turn::Seat(0) => drop(game.play(&mut *x).unwrap()),
//!         Turn::Seat(_) => drop(game.play(&mut *o).unwrap()),
//!     }
//! }
//! // Perfect play never loses.
//! assert!(game.payoffs().unwrap()[0] >= 0.0);
//! ```

pub mod agent;
pub mod capability;
pub mod date;
pub mod driver;
pub mod error;
pub mod info;
pub mod matches;
pub mod module;
pub mod options;
pub mod players;
pub mod spec;
pub mod table;
pub mod titles;

pub use agent::{AgentError, Decision, LocalAgent, RootJson, SeatAgent, StatsJson, stats_json};
pub use capability::{Capabilities, Report};
pub use date::Date;
pub use driver::{Driver, GameEntry, ModuleDriver, Registered};
pub use error::ContractError;
pub use info::{GameInfo, OptionDoc, Played, PlayerInfo, Scoresheet, TableKind, confidence_interval, per_deal_means};
pub use matches::{LegalMove, Match, MoveMade};
pub use module::{ActionOf, GameModule, ObservationOf, Rules, StateOf};
pub use spec::{PlayerSpec, SpecError};
pub use table::{Table, TableError};
pub use titles::{LEVEL_TITLES, player_choices, player_title};

/// Checks that an observation made for seat `observed` is the one of
/// `seat` (a game's [`GameModule::check_observation`] starts with it).
///
/// # Errors
/// When the seats differ, in one line.
pub fn own_observation(observed: usize, seat: tabula_search::Seat) -> Result<(), String> {
    if observed == seat {
        Ok(())
    } else {
        Err(format!("this is seat {observed}'s observation, not seat {seat}'s"))
    }
}
