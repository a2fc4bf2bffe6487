//! # tabula-durak
//!
//! Durak, the Russian game of attack and defence, for 2 to 6 players as
//! a match of deals, on Tabula's card engine: the bout plugin
//! ([`tabula_cards::bout`]) plays the bouts (attack, beat, throw in,
//! take, refill, go out); this crate deals the pack by chance, counts
//! each deal's durak, sets who deals and attacks next, and gives each
//! seat its observation, the worlds that fit it, the computer and the
//! page's view.
//!
//! ## Rules as implemented
//!
//! Podkidnoy durak as pagat.com describes it
//! (<https://www.pagat.com/beating/durak.html>); the players' page is
//! `crates/games/durak/RULES.md`. The bouts are the bout plugin's, with its choices (one
//! card per move, the throw-in order, six players' kept trump card,
//! perevodnoy by playing the card: see [`tabula_cards::bout`]). This
//! crate's choices:
//!
//! - **Deal.** One card at a time from the dealer's left, each a chance
//!   event ([`Action::Deal`]) that the other players see as a hidden deal;
//!   the turned-up trump is dealt in public; the stock's cards are seen
//!   by nobody. Seat 0 deals the first deal.
//! - **The first attacker.** The lowest trump in the first deal (the
//!   dealer's left when nobody holds a trump). After a deal with a durak,
//!   the durak deals the next and the player on its left attacks first
//!   (tables differ: some have the durak's right attack it); with teams,
//!   the lower seat of the losing team deals. After a draw the deal passes
//!   to the left and the lowest trump attacks first again.
//! - **Match.** `deals` deals (5 by default, 1 to 100), all played: the
//!   fewest duraks win, a tie shares the win (payoffs 1/k to each of k
//!   winners, 0 to the others; with teams, per team).
//! - **Teams.** Partners opposite (seat `s` with `s + players / 2`); a
//!   team's durak counts one for each of its players.
//!
//! ## Example
//!
//! ```
//! use tabula_durak::{Action, Durak, DurakOptions};
//! use tabula_search::{Game, Rng, Turn};
//!
//! let game = Durak::new(DurakOptions { players: 3, deals: 1, ..DurakOptions::default() }).unwrap();
//! let mut state = game.initial_state();
//! let mut rng = Rng::new(7);
//! // 36 cards are dealt by chance, one at a time.
//! while game.to_move(&state) == Turn::Chance {
//!     let card = game.sample_chance(&state, &mut rng);
//!     game.apply(&mut state, card);
//! }
//! // The holder of the lowest trump attacks with any of its six cards.
//! assert!(matches!(game.to_move(&state), Turn::Seat(_)));
//! let mut legal = Vec::new();
//! game.legal_actions(&state, &mut legal);
//! assert_eq!(legal.len(), 6);
//! assert!(legal.iter().all(|a| matches!(a, Action::Move(_))));
//! // Play the deal out at random: one durak (or a draw) ends the match.
//! while let Turn::Seat(_) = game.to_move(&state) {
//!     game.legal_actions(&state, &mut legal);
//!     game.apply(&mut state, *rng.choose(&legal).unwrap());
//! }
//! assert!(state.is_over());
//! let payoffs = game.payoffs(&state);
//! assert!(payoffs.as_slice().iter().any(|&p| p > 0.0));
//! ```

pub mod actions;
pub mod ai;
pub mod module;
pub mod observation;
pub mod options;
pub mod record;
pub mod rules;
pub mod state;
pub mod view;

pub use actions::{Action, name};
pub use ai::{BoutRollout, DURAK_TUNABLES, DurakAi, policy_move, score, worth};
pub use observation::{Observation, Worlds, swap_unseen};
pub use options::{DurakOptions, MAX_DEALS};
pub use record::{Record, ReplayError};
pub use rules::Durak;
pub use state::{Dealt, State};
pub use tabula_cards::bout::{Move, Outcome, ThrowIn};

// The card engine's glue reads Durak from here: records and the search
// library's `Determinize` (`tabula_cards::card_game!`).
tabula_cards::card_game!(Durak {
    options: DurakOptions,
    scores: Vec<u32>,
    worlds: uniform Worlds,
});

/// The game as the registry lists it: the type implementing
/// [`GameModule`](tabula_contract::GameModule) (the registry's build
/// script names `<crate>::Module` for each game it depends on).
pub type Module = Durak;
