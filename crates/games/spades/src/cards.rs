//! The 52-card deck as Spades reads it: the layout of
//! [`SingleDeck::new(2)`](tabula_cards::SingleDeck) (2♣ is card 0, A♠ card
//! 51), the suits as masks, spades always trump.

use tabula_cards::french::Suit;
use tabula_cards::tricks::Trumps;
use tabula_cards::{CardId, CardSet, SingleDeck};

/// The deck.
pub const DECK: SingleDeck = SingleDeck::new(2);
/// Cards in the deck.
pub const NUM_CARDS: usize = 52;
/// Cards per hand.
pub const HAND: usize = 13;

/// The cards of a suit.
#[inline]
pub fn suit_cards(suit: Suit) -> CardSet {
    CardSet(0x1FFF << (13 * suit as u32))
}

/// Every spade (the trump suit).
pub const SPADES: CardSet = CardSet(0x1FFF << 39);

/// The deck as tricks read it: spades trump.
pub const TRUMPS: Trumps = Trumps {
    deck: DECK,
    trump: Suit::Spades,
};

/// The suit of a card.
#[inline]
pub fn suit_of(card: CardId) -> Suit {
    Suit::ALL[usize::from(card.0 / 13)]
}

/// A suit's bit in a seat's voids (clubs 1, diamonds 2, hearts 4, spades 8).
#[inline]
pub fn suit_bit(suit: Suit) -> u8 {
    1 << suit as u8
}

/// A card's rank within its suit: 0 for a 2 … 12 for an ace.
#[inline]
pub fn rank(card: CardId) -> u8 {
    (card.0 % 13) as u8
}

/// A card's name (`A♠`, `10♥`).
pub fn name(card: CardId) -> String {
    DECK.name(card)
}

/// Names of a set's cards, in deck order, separated by spaces.
pub fn names(set: CardSet) -> String {
    set.iter().map(name).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_masks_are_the_decks() {
        for suit in Suit::ALL {
            assert_eq!(suit_cards(suit), DECK.suit_cards(suit));
        }
        assert_eq!(SPADES, DECK.suit_cards(Suit::Spades));
        assert_eq!(name(CardId(51)), "A♠");
        assert_eq!(rank(CardId(51)), 12);
        assert_eq!(suit_bit(suit_of(CardId(51))), 8);
    }
}
