//! Durak's actions: a card dealt by chance, or a seat's move in a bout
//! (the bout plugin's [`Move`]).

use std::fmt;

use serde::{Deserialize, Serialize};
use tabula_cards::CardId;
use tabula_cards::bout::{DECK, Move};

/// An action of a Durak match. In JSON a deal is `{"deal": 5}` and a
/// move is the bout plugin's move as it is (`{"attack": 5}`, `"take"`,
/// …): see [`Move`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Chance deals the next card of the pack (six to each hand, the
    /// trump card, then the stock).
    Deal(CardId),
    /// A seat's move: attack or throw in, beat, take, pass, transfer.
    #[serde(untagged)]
    Move(Move),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Deal(c) => write!(f, "deal {}", DECK.name(*c)),
            Action::Move(m) => m.fmt(f),
        }
    }
}

/// A card's name (`10♥`, `A♠`).
pub fn name(card: CardId) -> String {
    DECK.name(card)
}

/// The names of a set's cards in deck order.
pub fn names(cards: tabula_cards::CardSet) -> Vec<String> {
    cards.iter().map(name).collect()
}
