//! # tabula-kuhn
//!
//! Kuhn poker, the smallest poker with the game's whole shape: chance
//! deals, hidden hands, bluffs, a showdown. Added to Tabula the way the
//! README says a game is added (this crate, one registry line, one
//! renderer file), it proves that path, and it gives the searches and the
//! front ends a hidden-information game whose equilibrium is known exactly.
//!
//! ## Rules as implemented
//!
//! - Two seats ante one chip each. A deck of three cards (jack, queen,
//!   king) is shuffled; seat 0 is dealt one card, then seat 1 (two chance
//!   steps, each uniform over the cards left). Each seat sees its own card
//!   only.
//! - Seat 0 checks or bets one chip. After a check, seat 1 checks (the
//!   betting ends) or bets one chip. Facing a bet, a seat calls (matches
//!   it: the betting ends) or folds.
//! - A fold gives the pot to the other seat, and no card is shown. Otherwise
//!   both cards are shown and the higher takes the pot.
//! - Payoffs are zero-sum: the winner wins the chips the loser put in, 1 or
//!   2 (after a fold to a bet, 1).
//!
//! ## Players
//!
//! `equilibrium` plays Kuhn's equilibrium (see [`equilibrium`]): seat 0's
//! value under it is −1/18 against any reply, and seat 1's strategy holds
//! seat 0 to it; the tests check both by enumerating every pure strategy
//! of the other seat. The library's sampling searches (`ismcts`,
//! `moismcts`, `rootucb`) and `random` play it too.
//!
//! ```
//! use tabula_kuhn::{Action, Card, Kuhn, Line, State};
//! use tabula_search::Game;
//!
//! // Seat 0 holds the king, seat 1 the jack: seat 1 bets after a check,
//! // seat 0 calls, and wins two chips at the showdown.
//! let mut hand = State { cards: [Some(Card::King), Some(Card::Jack)], line: Line::Open };
//! for a in [Action::Check, Action::Bet, Action::Call] {
//!     Kuhn.apply(&mut hand, a);
//! }
//! assert_eq!(Kuhn.payoffs(&hand).get(0), 2.0);
//! ```

pub mod equilibrium;
pub mod module;
pub mod rules;
pub mod view;

pub use equilibrium::{Equilibrium, aggression};
pub use module::KuhnOptions;
pub use rules::{Action, Card, Kuhn, Line, Observation, State};
pub use view::KuhnView;

/// The game as the registry lists it: the type implementing
/// [`GameModule`](tabula_contract::GameModule).
pub type Module = Kuhn;
