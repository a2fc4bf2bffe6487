//! What a seat does, and the chance events.

use serde::{Deserialize, Serialize};
use tabula_cards::CardId;

/// An action: chance's card, or a seat's choice. The order of the
/// variants is the order of a seat's legal actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Chance: the next card dealt, the upcard, or the stock's top card
    /// for the seat drawing.
    Deal(CardId),
    /// Take the pile's top card (the first upcard too).
    Take,
    /// Refuse the first upcard.
    Pass,
    /// Draw the stock's top card.
    DrawStock,
    /// Discard a card face up: the turn passes.
    Discard(CardId),
    /// Discard a card face down and knock (gin when nothing is left
    /// unmelded): the hand ends.
    Knock(CardId),
    /// Lay down eleven cards that all meld, without a discard (under
    /// `big_gin`).
    BigGin,
}
