//! What a seat does: the action type.

use serde::{Deserialize, Serialize};
use tabula_cards::{CardId, CardSet};

/// An action: a chance deal, a bid or a pass in the auction, the trump
/// named, the cards given to the partner, or a card played.
///
/// Two copies of a face are one choice: the legal actions list one
/// action per choice, and [`legal_form`](tabula_search::Game::legal_form)
/// reads any copy as it. A card played is named by the copy the table
/// sees (the lowest of its face not yet shown or played, or the copy its
/// seat showed in meld), so that nothing in the card's number tells which
/// copy a hand held.
///
/// The order (the derived one) sorts the legal actions: the variants in
/// the order listed, then their fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Chance deals this card to the next seat.
    Deal(CardId),
    /// A bid: the points the seat's side undertakes to make.
    Bid(u16),
    /// No bid: the seat is out of the auction.
    Pass,
    /// The auction's winner names trumps (0–3: clubs, diamonds, hearts,
    /// spades).
    Trump(u8),
    /// Cards passed face down to the partner (the bidder's partner first,
    /// then the bidder back).
    Give(CardSet),
    /// A card played to the trick.
    Play(CardId),
}
