//! The actions of MiniWhist.

use serde::{Deserialize, Serialize};

use super::cards::CardId;

/// An action of MiniWhist: a deal (chance), a discard, a play, or the
/// representative under which a seat sees the opponent's hidden deal or
/// discard. The hidden representatives are never legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Chance deals this card to the next seat.
    Deal(CardId),
    /// The seat to act discards this card face down.
    Discard(CardId),
    /// The seat to act plays this card to the trick.
    Play(CardId),
}
