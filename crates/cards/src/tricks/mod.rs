//! The trick plugin: what every trick-taking game of the table shares
//! (Hearts, Spades, Euchre, Mini Whist; Pinochle next), so that a game
//! writes only its own rules (what may be led, what scores, its bidding).
//!
//! - [`Tricks`]: the public record of a hand — the trick in progress and
//!   its leader, the tricks finished, each seat's plays and takes, the
//!   voids revealed — held once by a position and by every seat's
//!   observation, with its check for observations from outside;
//! - [`Suits`], [`follow`], [`playable`], [`winner`], [`revealed_void`]:
//!   following suit, Pinochle's duties ([`Duties`]: head the trick, trump
//!   when void), the trick's winner (the first of two equal cards), and the
//!   voids a play shows ([`ruled_out`]: all it shows the seat lacks, under
//!   the duties), over a game's reading of its cards (trumps and
//!   Euchre's bowers are readings);
//! - [`OtherHands`]: the other seats' hands as the first holders of the
//!   deal problem an observation draws its worlds from, honouring the
//!   voids;
//! - [`Zone`]: the zones of a trick hand, numbered once, for the card
//!   engine's [`ZoneKeys`](crate::ZoneKeys).
//!
//! ```
//! use tabula_cards::french::Suit;
//! use tabula_cards::tricks::{Tricks, all_active, follow, winner, revealed_void};
//! use tabula_cards::{CardSet, SingleDeck};
//!
//! let deck = SingleDeck::new(2);
//! let card = |s: &str| deck.parse(s).unwrap();
//! let mut t: Tricks<4> = Tricks::new(0);
//! let all = all_active(4);
//! // South leads the 10♥; West holds hearts and must follow.
//! t.play(0, card("10h"));
//! let west: CardSet = [card("2h"), card("Ks")].into_iter().collect();
//! assert_eq!(follow(&deck, west, t.trick()), CardSet::of(card("2h")));
//! t.play(1, card("2h"));
//! // North has no heart: any card, and its void shows.
//! assert_eq!(revealed_void(&deck, t.trick(), card("As")), 1 << Suit::Hearts as u8);
//! t.play(2, card("As"));
//! t.play(3, card("Qh"));
//! assert!(t.complete(all));
//! assert_eq!(winner(&deck, t.trick()), 3); // Q♥: the highest heart
//! t.collect(3, all, |_, _| {});
//! assert_eq!((t.leader, t.done, t.taken[3].len()), (3, 1, 4));
//! t.check(all).unwrap();
//! ```

mod follow;
mod hands;
mod table;
mod zone;

pub use follow::{Duties, Suits, follow, playable, revealed_void, ruled_out, winner};
pub use hands::OtherHands;
pub use table::{FinishedTrick, PlayedCard, Tricks, all_active};
pub use zone::Zone;

use crate::french::Suit;
use crate::{CardId, CardSet, SingleDeck};

/// A single French deck without trumps: the suit led wins, rank decides.
impl Suits for SingleDeck {
    #[inline]
    fn cards_of(&self, suit: u8) -> CardSet {
        self.suit_cards(Suit::ALL[usize::from(suit)])
    }
    #[inline]
    fn suit_of(&self, card: CardId) -> u8 {
        self.suit(card) as u8
    }
    #[inline]
    fn power(&self, card: CardId, led: u8) -> u32 {
        if self.suit_of(card) == led {
            1 + u32::from(self.rank(card))
        } else {
            0
        }
    }
}

/// A single French deck with a trump suit: a trump beats every card of
/// another suit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trumps {
    /// The deck.
    pub deck: SingleDeck,
    /// The trump suit.
    pub trump: Suit,
}

impl Suits for Trumps {
    #[inline]
    fn cards_of(&self, suit: u8) -> CardSet {
        self.deck.cards_of(suit)
    }
    #[inline]
    fn suit_of(&self, card: CardId) -> u8 {
        self.deck.suit_of(card)
    }
    #[inline]
    fn power(&self, card: CardId, led: u8) -> u32 {
        let rank = u32::from(self.deck.rank(card));
        match self.deck.suit(card) {
            s if s == self.trump => 100 + rank,
            s if s as u8 == led => 1 + rank,
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests;
