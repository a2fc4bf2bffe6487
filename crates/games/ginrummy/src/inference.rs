//! What the other seat's play says about its hidden cards: the weight the
//! search's worlds give a hand it may hold, from public facts only (its
//! picks from the pile, its discards, the cards it left on the pile, that
//! it has not knocked). A model of a sound player, not of any one opponent:
//!
//! - it holds cards that meld, and little deadwood (`exp(−deadwood / T)`,
//!   `T` the search's `INFERENCE`);
//! - it would have taken a card that melded with its hand: each card it
//!   left on the pile that would meld with the hand weighs
//!   [`DECLINED_MELD`];
//! - it throws what does not fit: each hidden card of the hand that pairs
//!   with one of its discards (the same rank, or the same suit at most two
//!   apart) weighs [`NEAR_DISCARD`];
//! - it knocks when it can: a hand it has discarded from that could knock
//!   (deadwood 10 or less, the standard limit) weighs [`UNKNOCKED`].
//!
//! The hand is the other seat's whole hand now, so a card it left or threw
//! earlier is judged against cards it may have drawn since: the factors
//! are soft, not rules. Measured by `examples/hands.rs` (see the crate's
//! docs page).

use tabula_cards::CardSet;

use crate::cards::partners;
use crate::melds::{best_partition, deadwood};

/// A card the other seat left on the pile that would meld with the hand.
pub const DECLINED_MELD: f64 = 0.3;
/// A hidden card of the hand that pairs with a card the seat discarded.
pub const NEAR_DISCARD: f64 = 0.5;
/// A hand the seat could have knocked with after a discard and did not.
pub const UNKNOCKED: f64 = 0.3;
/// The deadwood at or under which a hand could knock (the standard limit).
const KNOCK_LIMIT: u32 = 10;

/// The public record of the other seat's hand so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct History {
    /// The cards it discarded (or knocked with) this hand.
    pub discarded: CardSet,
    /// The pile's top cards it was offered and left.
    pub declined: CardSet,
    /// The cards that pair with one it discarded ([`partners`]), found
    /// once rather than for every world weighed.
    near_discards: CardSet,
}

impl History {
    /// The record of a seat that discarded `discarded` and left
    /// `declined` on the pile.
    pub fn new(discarded: CardSet, declined: CardSet) -> History {
        let near_discards = discarded.iter().fold(CardSet::EMPTY, |near, d| near | partners(d));
        History {
            discarded,
            declined,
            near_discards,
        }
    }
}

/// The weight of the other seat holding `hand`, of which `hidden` are the
/// cards the observer cannot see, given `history`, at `temperature` (> 0).
pub fn hand_weight(hand: CardSet, hidden: CardSet, history: &History, temperature: f64) -> f64 {
    let dw = deadwood(hand);
    let mut w = tabula_search::math::exp(-f64::from(dw) / temperature);
    for d in history.declined.iter().filter(|&d| !hand.contains(d)) {
        if !best_partition(hand | CardSet::of(d)).deadwood().contains(d) {
            w *= DECLINED_MELD;
        }
    }
    for _ in (hidden & history.near_discards).iter() {
        w *= NEAR_DISCARD;
    }
    if !history.discarded.is_empty() && dw <= KNOCK_LIMIT {
        w *= UNKNOCKED;
    }
    w
}
