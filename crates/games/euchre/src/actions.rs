//! What a seat does and what the rules allow it, as pure functions of the
//! cards: the action type, the playable cards, the trick's winner, and a
//! hand's points.

use serde::{Deserialize, Serialize};
use tabula_cards::tricks::{follow, winner};
use tabula_cards::{CardId, CardSet};

use crate::cards::{Bowers, TRICKS};

/// An action: a chance deal or turn-up, a bid, the dealer's discard, a
/// defender's choice to defend alone, or a card played.
///
/// The order (the derived one) sorts the legal actions: the variants in
/// the order listed, then their fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Chance deals this card to the next seat (the first twenty cards).
    Deal(CardId),
    /// Chance turns this card up on the kitty (the 21st card; public).
    TurnUp(CardId),
    /// A bid of no trump.
    Pass,
    /// First round: the upcard's suit is trump and the dealer takes the
    /// upcard; `alone` sends the maker's partner out of the hand.
    OrderUp {
        /// The maker plays alone.
        alone: bool,
    },
    /// Second round: `suit` (0–3, clubs first) is trump; never the suit
    /// turned down.
    Name {
        /// The trump suit.
        suit: u8,
        /// The maker plays alone.
        alone: bool,
    },
    /// The dealer, having taken the upcard, discards this card face down.
    Discard(CardId),
    /// A defender against a lone maker: `true` defends alone (its partner
    /// sits out), under the `defender_alone` option.
    DefendAlone(bool),
    /// A card played to the trick.
    Play(CardId),
}

/// The cards `hand` may play under `trump` to a trick led by `led`: the
/// cards of the effective suit led if it holds any (the left bower is a
/// trump), otherwise any card; any card to lead.
#[inline]
pub fn playable(hand: CardSet, led: Option<CardId>, trump: u8) -> CardSet {
    follow(&Bowers(trump), hand, led.as_slice())
}

/// The position (0 for the leader's card) of the card that wins a full
/// trick under `trump`: the highest trump, else the highest card of the
/// effective suit led.
///
/// # Panics
/// On an empty trick.
pub fn trick_winner(trick: &[CardId], trump: u8) -> usize {
    winner(&Bowers(trump), trick)
}

/// A hand's points for the two sides (index by [`team`](crate::cards::team)):
/// the makers (side `makers`) take 1 for 3 or 4 tricks, 2 for all five (a
/// march), 4 for a march played alone; with fewer than 3 they are euchred
/// and the defenders take 2, or 4 when a defender played alone.
pub fn hand_points(makers: usize, maker_tricks: u8, alone: bool, lone_defender: bool) -> [u32; 2] {
    let mut pts = [0; 2];
    if maker_tricks == TRICKS {
        pts[makers] = if alone { 4 } else { 2 };
    } else if maker_tricks >= 3 {
        pts[makers] = 1;
    } else {
        pts[1 - makers] = if lone_defender { 4 } else { 2 };
    }
    pts
}

/// The scores after adding a hand's points.
#[inline]
pub fn plus(scores: [u32; 2], points: [u32; 2]) -> [u32; 2] {
    [scores[0] + points[0], scores[1] + points[1]]
}
