//! What a seat does, and the chance events.

use serde::{Deserialize, Serialize};
use tabula_cards::CardId;

use crate::combo::Combo;

/// An action: chance's card, or a seat's choice. The order of the
/// variants is the order of a seat's legal actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Chance: the next card dealt.
    Deal(CardId),
    /// A card dealt to another seat, as a seat sees it.
    HiddenDeal,
    /// A bid of 1 to 3, or 0 to pass in the bidding.
    Bid(u8),
    /// Pass in the play: let the last combination stand.
    Pass,
    /// Play a combination (its cards leave the hand by
    /// [`Counts::cards_from`](crate::cards::Counts::cards_from)'s rule).
    Play(Combo),
}
