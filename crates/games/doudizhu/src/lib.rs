//! # tabula-doudizhu
//!
//! Dou Dizhu for three on Tabula's card engine, as a match of deals: the
//! combinations over rank counts ([`Counts`], [`Combo`], [`moves`]), the
//! rules with the card table's options ([`DouDizhu`], [`DdzOptions`]),
//! each seat's observation and the worlds that fit it, an exact endgame
//! solver ([`solver`]) and the computer of four levels ([`DdzAi`]).
//!
//! It composes the card engine's climbing plugin
//! ([`tabula_cards::climbing`]): the rank counts, the combination, the
//! generator of every play and of every answer to a play, and the trick
//! (beat or pass, the lead returning after two passes) are the plugin's.
//! What is Dou Dizhu's own is data and rules around them: its ranks and
//! kinds, their shapes, kickers and the four-with-two option, the jokers
//! and the rocket, chains from 3 to the ace ([`moves`]); the deal, the
//! bidding, the doubling and the score; the hidden order of the cards a
//! play takes ([`keys`]); the computer and the endgame solver.
//!
//! ## Rules as implemented
//!
//! As pagat.com describes Dou Dizhu
//! (<https://www.pagat.com/climbing/doudizhu.html>), with these choices
//! where it lists variants:
//!
//! - **Deck and ranks.** 54 cards; ranks low to high 3 … 10, J, Q, K, A,
//!   2, the small joker, the big joker. Suits never matter.
//! - **Deal.** Seventeen cards each, one at a time from the first bidder
//!   (each a chance event, [`Action::Deal`], the other seats see as
//!   a [`Seen::Hidden`](tabula_search::Seen) deal); three are left face down: the kitty. Seat 0
//!   bids first in the first deal, then the next seat each deal.
//! - **Bidding.** One round from the first bidder: each seat bids 1, 2 or
//!   3 above the highest bid, or passes; a 3 ends the bidding at once. The
//!   highest bidder is the landlord, takes the kitty (turned face up for
//!   all) and leads. When all three pass the cards are thrown in and dealt
//!   again, the next seat bidding first (`no_bid_redeal`, on; off: the
//!   first bidder is landlord at 1). A thrown-in deal does not count.
//! - **Combinations.** A single; a pair; a trio, alone, with a single or
//!   with a pair; a straight of five or more ranks; a chain of three or
//!   more pairs; an airplane of two or more consecutive trios, alone, with
//!   as many singles or as many pairs; four of a rank with two singles or
//!   two pairs (`four_with_two`, on); a bomb (four of a rank); the rocket
//!   (both jokers). Chains run from 3 to the ace. The kickers of one
//!   combination are of distinct ranks, none of a rank of its main part,
//!   never both jokers. An action is a combination's kind, main rank,
//!   length and rank counts, so actions that differ only by suit are one.
//!   Of each rank the cards the seat has held longest leave its hand (the
//!   kitty's first, then in the order they were dealt: a hidden order no
//!   other seat sees, see [`keys`]), so the suits shown tell nothing of
//!   the cards kept. A person may name the cards instead
//!   ([`Action::PlayCards`], typed `play 6h 6s`).
//! - **Play.** The seat to act plays a combination of the same kind and
//!   length with a higher main rank, a bomb (a higher one on a bomb), the
//!   rocket, or passes; after two passes the seat that played last leads
//!   anything. The first seat out of cards wins the deal for its side.
//! - **Score.** The stake is the bid, doubled for each bomb and rocket
//!   played, and doubled for a spring (the landlord wins and no peasant
//!   played a card) or an anti-spring (the peasants win and the landlord
//!   played once only). The landlord wins or loses twice the stake, each
//!   peasant the stake.
//! - **Match.** `match_deals` deals (10); the seats with the highest
//!   total score win (payoff 1, the others 0).
//!
//! ## Example
//!
//! ```
//! use tabula_doudizhu::moves::{all_plays, classify};
//! use tabula_doudizhu::{Kind, parse_counts};
//!
//! // 3 3 4 4 5 5 is one combination: a chain of three pairs.
//! let mut readings = Vec::new();
//! classify(parse_counts("3 3 4 4 5 5").unwrap(), true, &mut readings);
//! assert_eq!(readings.len(), 1);
//! assert_eq!(readings[0].kind, Kind::PairChain);
//!
//! // A hand of 3 3 4 4 5 5 and the rocket may lead 10 combinations: five
//! // singles, three pairs, the chain and the rocket.
//! let mut leads = Vec::new();
//! all_plays(parse_counts("3 3 4 4 5 5 SJ BJ").unwrap(), true, &mut leads);
//! assert_eq!(leads.len(), 10);
//! assert!(leads.iter().any(|c| c.kind == Kind::Rocket));
//! ```

pub mod actions;
pub mod ai;
pub mod bidding;
pub mod cards;
pub mod combo;
pub mod keys;
pub mod module;
pub mod moves;
pub mod observation;
pub mod options;
pub mod policy;
pub mod record;
pub mod rules;
pub mod setup;
pub mod solver;
pub mod state;
pub mod view;

pub use actions::Action;
pub use ai::{DDZ_TUNABLES, DdzAi, PolicyRollout};
pub use cards::{Counts, counts_of, parse_counts};
pub use combo::{Combo, Kind};
pub use observation::{Observation, Worlds, swap_unseen};
pub use options::DdzOptions;
pub use record::{Record, ReplayError};
pub use rules::DouDizhu;
pub use setup::PlaySetup;
pub use state::{DealResult, Phase, SEATS, State};

// The card engine's glue reads DouDizhu from here: records and the search
// library's `Determinize` (`tabula_cards::card_game!`).
tabula_cards::card_game!(DouDizhu {
    options: DdzOptions,
    scores: [i64; SEATS],
    worlds: inferred Worlds,
});

/// The game as the registry lists it: the type implementing
/// [`GameModule`](tabula_contract::GameModule) (the registry's build
/// script names `<crate>::Module` for each game it depends on).
pub type Module = DouDizhu;
