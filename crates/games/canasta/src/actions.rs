//! What a player does, and the chance events.

use serde::{Deserialize, Serialize};
use tabula_cards::CardId;

use crate::cards::{THREE, rank_name};

/// Cards laid from the hand on the side's meld of one rank (starting it
/// when there is none): so many natural cards of the rank (black threes
/// for rank 2), twos and jokers. Suits do not matter to a meld: the
/// hand's lowest instances go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct MeldMove {
    /// The rank (0 the ace, 2 the black threes, 3 the four … 12 the king).
    pub rank: u8,
    /// Natural cards of the rank.
    pub naturals: u8,
    /// Twos.
    pub twos: u8,
    /// Jokers.
    pub jokers: u8,
}

impl MeldMove {
    /// Cards laid.
    pub fn len(&self) -> u8 {
        self.naturals + self.twos + self.jokers
    }

    /// Whether it lays nothing.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl std::fmt::Display for MeldMove {
    /// `7 7 7 2 Jk`: the rank once per natural card, then the wild cards.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut words: Vec<&str> = vec![rank_name(self.rank); usize::from(self.naturals)];
        words.extend(std::iter::repeat_n("2", usize::from(self.twos)));
        words.extend(std::iter::repeat_n("Jk", usize::from(self.jokers)));
        if self.naturals == 0 {
            return write!(f, "{} on {}", words.join(" "), rank_name(self.rank));
        }
        if self.rank == THREE {
            return write!(f, "{} (black threes)", words.join(" "));
        }
        f.write_str(&words.join(" "))
    }
}

/// An action: chance's card, or a player's choice. The order of the
/// variants is the order of a player's legal actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Chance: the next card dealt, turned to start the pile, or drawn
    /// from the stock by the player to act.
    Deal(CardId),
    /// Draw from the stock (one card, or two under the option).
    Draw,
    /// Take the discard pile: its top card is melded at once (onto the
    /// side's meld of its rank when the pile is not frozen for the side,
    /// else with two natural cards of its rank from the hand, else with
    /// one and a wild card), then the rest comes into the hand (for an
    /// initial meld, once the minimum is met).
    Take,
    /// Lay cards on a meld.
    Meld(MeldMove),
    /// Ask the partner whether to go out (under the option).
    Ask,
    /// The partner's yes: go out this turn.
    Yes,
    /// The partner's no.
    No,
    /// Discard a card: the turn passes (the last card: the player goes out).
    Discard(CardId),
    /// With the stock gone, leave the discard: the hand ends.
    End,
}
