//! # tabula-skyjo
//!
//! Skyjo for Tabula: the rules for 2–8 players with every option
//! ([`Rules`]), the observation of a seat ([`Observation`]), the estimate
//! and move scorer ([`eval`]), the four levels and the solo Master
//! ([`ai`]), seat-rotated matches ([`arena()`]), terminal text
//! ([`text`]) and replayable records ([`Record`]).
//!
//! The card engine (`tabula-cards`) provides the deck of card instances,
//! the conservation check and the determinizer; the search library
//! (`tabula-search`) provides ISMCTS, primed here by the move scorer.
//!
//! # Rules, in brief
//!
//! 150 cards (5 × −2, 10 × −1, 15 × 0, 10 each of 1–12); a 3 × 4 grid per
//! player, two cells revealed in setup; on a turn take the discard (and
//! place it), draw (then place it or discard it and reveal a cell), or flip
//! a cell for free (option). Three equal face-up cards in a column are
//! removed. When a grid is fully revealed every other player has one more
//! turn; the closer's positive score is doubled unless strictly lowest.
//! The game ends after the round in which a total reaches 100.
//!
//! # Example
//!
//! Two level-2 AIs play a game; the record replays to the same totals.
//!
//! ```
//! use tabula_skyjo::*;
//!
//! let game = Skyjo::with_players(2).unwrap();
//! let mut ais = vec![SkyjoAi::new(LevelSpec::Level(2), 1), SkyjoAi::new("level:1".parse().unwrap(), 2)];
//! let out = play_game(&game, &mut ais, TableKind::Online, 42);
//! assert!(out.totals.iter().any(|&t| t >= 100));
//! let record = Record {
//!     rules: game.rules().clone(),
//!     seed: 42,
//!     players: vec!["level:2".into(), "level:1".into()],
//!     actions: out.actions.clone(),
//!     totals: out.totals.clone(),
//! };
//! assert_eq!(record.replay().unwrap(), out.state);
//! ```

pub mod ai;
pub mod arena;
pub mod eval;
pub mod observation;
pub mod record;
pub mod rules;
pub mod text;

pub use ai::{LEVEL_TUNABLES, LevelError, LevelSpec, Profile, RoundGame, SkyjoAi, TableKind, observe, pile_granted};
pub use arena::{ArenaReport, GameOutcome, MAX_ROUND_PLIES, arena, play_game, seat_is_a};
pub use eval::{SKYJO_TUNABLES, normalize};
pub use observation::{CellView, Observation};
pub use record::{Record, ReplayError, bot_view};
pub use rules::{Action, CardPlace, Cell, Phase, Rules, RulesError, Skyjo, State, card_value, deck};
pub use text::{ParseError, action_text, parse_action, render};

#[cfg(test)]
mod rules_tests;
