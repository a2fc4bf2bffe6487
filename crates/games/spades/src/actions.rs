//! What a seat does and what the rules allow it, as pure functions of the
//! cards: the action type, the playable cards, the trick's winner.

use serde::{Deserialize, Serialize};
use tabula_cards::{CardId, CardSet};

use tabula_cards::french::Suit;

use crate::cards::{SPADES, suit_cards, suit_of};
use crate::seats::SEATS;

/// An action: a chance deal, the blind nil choice, a bid, or a card played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Chance deals this card to the next seat.
    Deal(CardId),
    /// A card dealt to another seat, as a seat sees it.
    HiddenDeal,
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

/// The seat that wins a full trick led by `leader`: the highest spade, or
/// the highest card of the suit led.
#[inline]
pub fn trick_winner(trick: &[CardId; SEATS], leader: usize) -> usize {
    let spades = trick.iter().any(|&c| SPADES.contains(c));
    let suit = if spades { Suit::Spades } else { suit_of(trick[0]) };
    let best = (0..SEATS)
        .filter(|&i| suit_of(trick[i]) == suit)
        .max_by_key(|&i| trick[i].0)
        .expect("the lead follows its own suit");
    (leader + best) % SEATS
}
