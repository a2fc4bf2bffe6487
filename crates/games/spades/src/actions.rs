//! What a seat does and what the rules allow it, as pure functions of the
//! cards: the action type, the playable cards, the trick's winner.

use serde::{Deserialize, Serialize};
use tabula_cards::{CardId, CardSet};

use crate::cards::{SPADES, suit_cards, suit_of};

/// An action: a chance deal, the blind nil choice, a bid, or a card played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Chance deals this card to the next seat.
    Deal(CardId),
    /// Before the deal, under `blind_nil`: `true` bids blind nil.
    Blind(bool),
    /// A bid of tricks; 0 is nil.
    Bid(u8),
    /// A card played to the trick.
    Play(CardId),
}

/// The cards `hand` may play: follow the suit led if possible; lead a
/// spade only once spades are broken or when the hand holds only spades.
#[inline]
pub fn playable(hand: CardSet, led: Option<CardId>, broken: bool) -> CardSet {
    match led {
        Some(lead) => {
            let follow = hand & suit_cards(suit_of(lead));
            if follow.is_empty() { hand } else { follow }
        }
        None => {
            let no_spades = hand - SPADES;
            if broken || no_spades.is_empty() {
                hand
            } else {
                no_spades
            }
        }
    }
}
