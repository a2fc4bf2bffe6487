//! The actions of MiniWhist.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::cards::{CardId, DECK};

/// An action of MiniWhist: a deal (chance), a discard, a play, or the
/// representative under which a seat sees the opponent's hidden deal or
/// discard. The hidden representatives are never legal.
///
/// As JSON, the kind and the card's id: `{"Play":4}`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Chance deals this card to the next seat.
    Deal(CardId),
    /// The seat to act discards this card face down.
    Discard(CardId),
    /// The seat to act plays this card to the trick.
    Play(CardId),
}

impl fmt::Debug for Action {
    /// The kind, the card's id and its name: `Play(#4♠3a)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (kind, card) = match *self {
            Action::Deal(c) => ("Deal", c),
            Action::Discard(c) => ("Discard", c),
            Action::Play(c) => ("Play", c),
        };
        write!(f, "{kind}(#{}{})", card.0, DECK.name(card))
    }
}
