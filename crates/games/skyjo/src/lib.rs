//! # tabula-skyjo
//!
//! Skyjo for Tabula: the rules for 2–8 players with every option
//! ([`Rules`]), the observation of a seat ([`Observation`]), the estimate
//! and move scorer ([`eval`]), the four levels and the solo Master
//! ([`ai`]), self-play ([`play_game`]), terminal text
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
//! **The turn limit** (this table's rule, [`Rules::turn_limit`]): nothing
//! forces a player to reveal its last card, so a round could go on for
//! ever. A round nobody has closed after 100 turns per seat (an option,
//! 1 to 100) ends there: every card is revealed (columns cleared as at any
//! round's end) and scored, nobody is doubled, and the next round starts
//! by the highest revealed total, as the first does; the game then goes on
//! or ends by the end score as usual. Every seat has had the same number
//! of turns. Measured rounds stay far below it (the longest seen: 87 turns
//! per seat for uniformly random players without the free flip, 27 for
//! the levels; `examples/round_lengths.rs`).
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
pub mod eval;
pub mod game;
pub mod module;
pub mod observation;
pub mod record;
pub mod reference;
pub mod rules;
pub mod selfplay;
pub mod state;
pub mod text;
pub mod view;

pub use ai::{LEVEL_TUNABLES, LevelError, LevelSpec, Profile, RoundGame, SkyjoAi, observe, pile_granted};
pub use eval::{SKYJO_TUNABLES, normalize};
pub use game::Skyjo;
pub use observation::{CellView, Observation};
pub use record::{Record, ReplayError};
pub use reference::{RefPlayer, RefStyle};
pub use rules::{Action, Phase, Rules, RulesError, card_value, deck};
pub use selfplay::{GameOutcome, MAX_ROUND_PLIES, play_game};
pub use state::{CardPlace, Cell, State};
pub use tabula_contract::TableKind;
pub use text::{ParseError, action_text, parse_action, render};

#[cfg(test)]
mod rules_tests;

/// The game as the registry lists it: the type implementing
/// [`GameModule`](tabula_contract::GameModule) (the registry's build
/// script names `<crate>::Module` for each game it depends on).
pub type Module = Skyjo;
