//! What a seat does, and the chance events.

use serde::{Deserialize, Serialize};
use tabula_cards::{CardId, CardSet};

use crate::combo::Combo;

/// An action: chance's card, or a seat's choice. The order of the
/// variants is the order of a seat's legal actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Chance: the next card dealt.
    Deal(CardId),
    /// A bid of 1 to 3, or 0 to pass in the bidding.
    Bid(u8),
    /// Pass in the play: let the last combination stand.
    Pass,
    /// Play a combination: of each rank, the cards the seat has held
    /// longest leave its hand, by a hidden order no other seat knows (see
    /// [`crate::keys`]), so the suits shown tell nothing of the rest of
    /// the hand. The legal actions, the computer and the searches play
    /// only this form.
    Play(Combo),
    /// Play a combination with the cards a person chose: `cards` leave
    /// the hand. It stands for `Play(combo)` (its
    /// [legal form](tabula_search::Game::legal_form)) when the seat holds
    /// `cards` and they are exactly the combination's rank counts.
    /// JSON: `{"play_cards": {"combo": {…}, "cards": N}}`.
    PlayCards {
        /// The combination, as [`Action::Play`] names it.
        combo: Combo,
        /// The physical cards, of the combination's rank counts.
        cards: CardSet,
    },
}
