//! # tabula-ginrummy
//!
//! Gin Rummy for two on Tabula's card engine, as a whole match to the
//! target score. It composes the card engine's meld plugin
//! ([`tabula_cards::melds`]): the exact partition of a hand into melds and
//! deadwood, [`best_partition`], and the defender's best layoffs after a
//! knock, [`best_layoff`], are the plugin's one-word path with Gin
//! Rummy's card values ([`melds`], [`cards`]). The crate itself holds
//! Gin Rummy's rules: the values, the knock, the scoring and the match,
//! with the card table's options ([`GinRummy`], [`GinOptions`]), each
//! seat's observation and the worlds that fit it, and the computer.
//!
//! ## Rules as implemented
//!
//! As pagat.com describes Gin Rummy
//! (<https://www.pagat.com/rummy/ginrummy.html>), with these choices where
//! it lists variants:
//!
//! - **Melds.** A set is three or four cards of one rank; a run is three or
//!   more cards of one suit in sequence. The ace is low only: A-2-3 is a
//!   run, Q-K-A is not. A card belongs to one meld at most.
//! - **Deadwood.** The cards in no meld, counted ace 1, two to ten at their
//!   number, jack, queen and king 10 each. A hand's deadwood is the least
//!   any arrangement of its melds leaves.
//! - **Deal.** Seat 0 deals the first hand: ten cards each, one at a time
//!   from the non-dealer, each a chance event ([`Action::Deal`]) the other
//!   seat sees as a hidden deal ([`Seen::Hidden`](tabula_search::Seen)); the next card is turned up to
//!   start the discard pile, the rest is the stock.
//! - **The first upcard.** The non-dealer may take it or pass; if it
//!   passes the dealer may; if both pass, the non-dealer draws from the
//!   stock.
//! - **A turn.** Draw the stock's top card (seen by the drawer only) or
//!   the pile's top card (seen by both, and remembered: the other seat's
//!   observation lists it until it is discarded), then discard a card
//!   face up — not the card just taken from the pile.
//! - **The knock.** Instead of discarding face up, a seat whose deadwood
//!   after its discard is 10 or less may discard face down and knock; both
//!   hands are laid down, each arranged for the least deadwood (the
//!   knocker's arrangement is [`best_partition`]'s, so the knocker does not
//!   choose its melds against the defender's layoffs). With no deadwood
//!   it is gin. Under `big_gin` (off), eleven cards that all meld may be
//!   laid down without a discard.
//! - **Layoffs.** After a knock (not after gin), the defender lays off
//!   cards of its deadwood onto the knocker's melds: the fourth card of a
//!   set of three, or cards extending a run at either end, each card laid
//!   off extending it further. The defender arranges its own melds and its
//!   layoffs together to leave the least deadwood.
//! - **Scoring a hand.** The knocker with less deadwood than the defender
//!   scores the difference; otherwise (a tie too) the defender undercuts
//!   and scores the difference and 25. Gin scores 25 and the defender's
//!   whole deadwood; big gin 31 and it. Under `oklahoma` (off) the first
//!   upcard's value is the knock limit (an ace: gin only) and a spade
//!   upcard doubles the hand's score.
//! - **The dead hand.** A discard without a knock that leaves two cards in
//!   the stock ends the hand with no score; the same dealer deals again.
//! - **Next dealer.** The winner of a hand deals the next.
//! - **Match.** After a hand that takes a seat to `end_score` (100), that
//!   seat wins. The totals: each seat's points, 25 for each hand it won
//!   (the box bonus), 100 for the winner (the game bonus), and the
//!   winner's total doubled when the loser won no hand (a shutout).
//!
//! ## Example
//!
//! ```
//! use tabula_ginrummy::cards::{names, parse_hand};
//! use tabula_ginrummy::{MeldKind, best_layoff, best_partition};
//!
//! // The 7♠ could make a set with 7♥ 7♦ or a run with 4♠ 5♠ 6♠; the run of
//! // three and the set together meld everything but the king.
//! let hand = parse_hand("4s 5s 6s 7s 7h 7d Kc").unwrap();
//! let p = best_partition(hand);
//! assert_eq!(p.deadwood_points(), 10);
//! assert_eq!(names(p.deadwood()), "K♣");
//! assert_eq!(p.melds()[0].kind(), MeldKind::Set);
//! assert_eq!(p.melds()[1].kind(), MeldKind::Run);
//!
//! // Against those melds, a defender lays off 7♣ on the set and 3♠ then
//! // 2♠ below the run; its 2♥ 3♥ count 5.
//! let layoff = best_layoff(p.melds(), parse_hand("3s 2s 7c 2h 3h").unwrap());
//! assert_eq!(layoff.deadwood_points(), 5);
//! assert_eq!(names(layoff.laid_off()), "7♣ 2♠ 3♠");
//! ```

pub mod actions;
pub mod ai;
pub mod cards;
pub mod inference;
pub mod melds;
pub mod module;
pub mod observation;
pub mod options;
pub mod record;
pub mod rules;
pub mod score;
pub mod state;
pub mod view;

pub use actions::Action;
pub use ai::{GIN_TUNABLES, GinAi, PolicyRollout, Root};
pub use melds::{
    Layoff, MAX_HAND, MAX_MELDS, Meld, MeldKind, Partition, best_layoff, best_partition, deadwood, meldable,
};
pub use observation::{Observation, Worlds, swap_unseen};
pub use options::GinOptions;
pub use record::{Record, ReplayError};
pub use rules::GinRummy;
pub use state::{Ending, HandResult, Phase, SEATS, State, Zone};

// The card engine's glue reads GinRummy from here: records and the search
// library's `Determinize` (`tabula_cards::card_game!`).
tabula_cards::card_game!(GinRummy {
    options: GinOptions,
    scores: [u32; SEATS],
    worlds: inferred Worlds,
});

/// The game as the registry lists it: the type implementing
/// [`GameModule`](tabula_contract::GameModule) (the registry's build
/// script names `<crate>::Module` for each game it depends on).
pub type Module = GinRummy;
