//! # tabula-diagonal
//!
//! *Jamais en diagonale* ("never diagonal"): two players share one token
//! that moves like a rook over a square grid of numbers; every cell it lands
//! on is eaten by the player who moved it there.
//!
//! - [`grid`]: grids (odd sides 3 to 9, values 1 to 10, a quarter of them
//!   traps) generated from a seed by a documented, portable rule;
//! - [`date`]: UTC dates and the daily grid, a pure function of its date;
//! - [`state`]: the position ([`State`]) and its JSON form ([`Setup`]);
//! - [`rules`]: the rules with their variants ([`Diagonal`], [`Variant`]:
//!   Walls, Target) and the game model;
//! - [`notation`]: cell names (`a1` top left);
//! - [`record`]: game records that round-trip through JSON and replay;
//! - [`ai`]: evaluations, move order, the [`Greedy`] player and the
//!   [`Computer`] (alpha-beta at 7 plies, exact in the endgame), with
//!   every constant in [`DIAGONAL_TUNABLES`];
//! - [`mod@review`]: at each of the human's turns, the move played against the
//!   computer's choice from a deeper search;
//! - [`experiment`]: the experiment behind the design (greedy against a
//!   plain depth-limited search, every choice of the search a variant).
//!
//! ```
//! use tabula_diagonal::*;
//! use tabula_search::Game;
//!
//! // The daily grid of a date, and the game's start.
//! let date: Date = "2025-03-14".parse().unwrap();
//! let grid = daily_grid(date);
//! assert_eq!((grid.size(), grid.cells()), (5, 25));
//! let rules = Diagonal::standard();
//! let mut state = rules.start(&grid);
//!
//! // The first move goes on the central cross: the middle row and column.
//! assert_eq!(rules.legal_cells(&state), [2, 7, 10, 11, 12, 13, 14, 17, 22]);
//! rules.play(&mut state, parse_cell("c3", 5).unwrap()).unwrap();
//!
//! // The computer answers (alpha-beta at 7 plies, deterministic).
//! let reply = Computer::daily().think(&rules, &state).action.unwrap();
//! assert!(rules.legal_cells(&state).contains(&reply));
//!
//! // Play on greedily to the end, record the game, replay the record.
//! let mut record = Record::daily(date);
//! record.push_cell(12, 5);
//! rules.apply(&mut state, reply);
//! record.push_cell(reply, 5);
//! while let Some(cell) = Greedy::pick(&rules, &state) {
//!     rules.apply(&mut state, cell);
//!     record.push_cell(cell, 5);
//! }
//! let outcome = rules.outcome(&state).unwrap();
//! assert_eq!(outcome.end, End::GridEmpty);
//! let back = Record::from_json(&record.to_json()).unwrap();
//! assert_eq!(back.replay().unwrap().1, state);
//! ```

pub mod ai;
pub mod capabilities;
pub mod date;
pub mod experiment;
pub mod grid;
pub mod module;
pub mod notation;
pub mod record;
pub mod review;
pub mod rules;
pub mod state;
pub mod view;

pub use ai::{
    BigFirst, Computer, ComputerConfig, DIAGONAL_TUNABLES, Greedy, ScoreDifference, TargetAware, terminal_score,
};
pub use date::{DailyGrid, Date, DateError, daily_grid, daily_seed, daily_spec};
pub use grid::{Cell, Grid, GridError, GridSpec};
pub use notation::{Coord, NotationError, cell_name, parse_cell};
pub use record::{GridSource, Record, RecordError};
pub use review::{ReviewEntry, review};
pub use rules::{Diagonal, End, MoveError, Outcome, Variant};
pub use state::{Setup, State, StateError};

/// Seeds in JSON: written as decimal strings (JavaScript numbers cannot hold
/// every 64-bit integer), read from a string or a number.
mod seed_text {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(seed: &u64, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(seed)
    }

    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Form {
        Number(u64),
        Text(String),
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        match Form::deserialize(d)? {
            Form::Number(n) => Ok(n),
            Form::Text(t) => t
                .parse()
                .map_err(|_| serde::de::Error::custom(format!("{t:?} is not a seed (an integer from 0 to 2^64 - 1)"))),
        }
    }
}

/// The game as the registry lists it: the type implementing
/// [`GameModule`](tabula_contract::GameModule) (the registry's build
/// script names `<crate>::Module` for each game it depends on).
pub type Module = module::DiagonalTable;
