//! # tabula-indianrummy
//!
//! Indian Rummy (13-card rummy) for two to six players on Tabula's card
//! engine, as a whole match. It composes the card engine's pieces: two
//! decks and two printed jokers as 106 instances in a two-word set
//! ([`cards`]), the zone hashing, records that replay, and the meld
//! plugin's general solver ([`tabula_cards::melds::MeldSolver`]) under
//! Indian Rummy's rules ([`score`]): sets, sequences, the printed and cut
//! jokers wild, the declaration's two sequences with one pure. The crate
//! itself holds Indian Rummy's rules, the match formats, each player's
//! observation and the worlds that fit it, and the computer.
//!
//! ## Rules as implemented
//!
//! As pagat.com describes Indian Rummy
//! (<https://www.pagat.com/rummy/indian.html>, with the 13-card game as
//! India's online rooms play it: first and middle drops, the 80-point
//! full count, points, pool and deals rummy), with these choices:
//!
//! - **Cards.** Two 52-card decks and two printed jokers (106 cards), for
//!   every table size. Values: aces, kings, queens and jacks 10, the
//!   others their number; jokers and cards of the wild rank 0.
//! - **Deal.** Seat 0 deals first, then the deal passes left (to the next
//!   player still in the match). Thirteen cards each, one at a time from
//!   the dealer's left, each a chance event the other players see as a
//!   hidden deal; then the **cut joker** is turned face up beside the
//!   closed deck, out of play for the deal: every card of its rank is
//!   wild (a printed joker cut makes the aces wild); then the first open
//!   card starts the open pile. The player left of the dealer plays first.
//! - **Melds.** A sequence is three or more cards of one suit in order,
//!   the ace low (A-2-3) or high (Q-K-A), never both (no K-A-2); a set is
//!   three or four cards of one rank in different suits (two identical
//!   cards never in one set). A wild card stands for any card; a meld
//!   holds one natural card at least. A **pure** sequence has no wild
//!   card, but a card of the wild rank in its own place keeps it pure.
//! - **A turn.** Draw the closed deck's top card (seen by the drawer only)
//!   or the open pile's top card (seen by all, and remembered: the others'
//!   observations list it until it is discarded), then discard a card face
//!   up — not the card just taken from the pile (nor its twin: the same
//!   face). Any card may be taken, wild cards included.
//! - **Declaring.** With fourteen cards, a player may put one on the
//!   finish slot and show the other thirteen. A valid show arranges all
//!   thirteen in groups with at least two sequences, one of them pure
//!   (the solver's least deadwood under the declaration is 0; a loose wild
//!   card counts 0 and could join a sequence). It wins the deal. A wrong
//!   show costs the full count, 80: the hand is shown, out of play, and the
//!   deal goes on without that player.
//! - **Dropping.** On its turn, before drawing, a player may leave the
//!   deal: 20 points before it has drawn any card this deal (the first
//!   drop), 40 after (the middle drop); 25 and 50 in pool 201. A drop shows
//!   nothing. When every other player has dropped or declared wrongly, the
//!   last player in wins the deal without showing.
//! - **Counting.** At a valid show every other player still in shows its
//!   hand arranged for the least count (the solver's): if it holds two
//!   sequences, one pure, the cards in no group count, else every card
//!   counts; at most 80.
//! - **The closed deck's end.** When the closed deck is empty at a turn,
//!   the open pile but its top card becomes the new closed deck (once a
//!   deal). When it runs out again, every player still in shows and the
//!   lowest count wins the deal (ties to the first in turn from the player
//!   to act), the others counting as at a show. The online rooms play on
//!   a clock instead; this ends a deal nobody can finish.
//! - **Formats** ([`Format`]): **points rummy** (the default): the winner
//!   of a deal takes the sum of the others' points, each loses its own; a
//!   match of 6 deals (the `deals` option), the highest net wins. **Pool
//!   rummy to 101 or 201**: points add up; a player reaching the limit is
//!   out of the match; the last player in wins. With `rejoin` (off), a
//!   player put out comes back once, on one more than the highest score
//!   in, while that score is at most 79 (101) or 174 (201); the rooms
//!   charge a fee for it, a choice a match without stakes has no reason to
//!   refuse, so it is the option's and not the player's. **Deals rummy**:
//!   each player starts with 80 chips for each player, a deal's winner
//!   takes the losers' points in chips, the most chips after 2, 3 or 6
//!   deals win.
//!
//! ## Example
//!
//! ```
//! use tabula_indianrummy::cards::{faces, parse_cards};
//! use tabula_indianrummy::score::Solvers;
//!
//! // Sixes wild (the cut joker): a pure 3-4-5♥, 8-9♣ with a joker, a set
//! // of three kings with a six, and three sevens: a valid show.
//! let mut solvers = Solvers::default();
//! let hand = parse_cards("3h 4h 5h 8c 9c Jk Kd Ks 6c 7s 7d 7h Kh").unwrap();
//! assert!(solvers.valid(5, &faces(hand)));
//! // Without a pure sequence every card counts (at most 80).
//! let hand = parse_cards("3h 4h 6h 8c 9c Jk Kd Ks 6c 7s 7d 7h Kh").unwrap();
//! assert!(!solvers.valid(5, &faces(hand)));
//! assert_eq!(solvers.count(5, &faces(hand)), 3 + 4 + 8 + 9 + 30 + 21);
//! ```

pub mod actions;
pub mod ai;
pub mod cards;
pub mod module;
pub mod observation;
pub mod options;
pub mod record;
pub mod rules;
pub mod score;
pub mod state;
pub mod view;

pub use actions::Action;
pub use ai::{INDIAN_TUNABLES, IndianAi};
pub use observation::{Observation, Worlds, swap_unseen};
pub use options::{Format, IndianOptions};
pub use record::{Record, ReplayError};
pub use rules::IndianRummy;
pub use state::{DealResult, Ending, HAND, Phase, State, Status};

// The card engine's glue reads IndianRummy from here: records and the
// search library's `Determinize` (`tabula_cards::card_game!`).
tabula_cards::card_game!(IndianRummy {
    options: IndianOptions,
    scores: Vec<i32>,
    worlds: uniform Worlds,
});

/// The game as the registry lists it: the type implementing
/// [`GameModule`](tabula_contract::GameModule) (the registry's build
/// script names `<crate>::Module` for each game it depends on).
pub type Module = IndianRummy;
