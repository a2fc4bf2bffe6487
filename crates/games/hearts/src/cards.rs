//! The 52-card deck as Hearts reads it: the layout of
//! [`SingleDeck::new(2)`](tabula_cards::SingleDeck) (2♣ is card 0, A♠ card
//! 51), the suits as masks, and what each card scores.

use tabula_cards::french::Suit;
use tabula_cards::{CardId, CardSet, SingleDeck};

/// The deck.
pub const DECK: SingleDeck = SingleDeck::new(2);
/// Cards in the deck.
pub const NUM_CARDS: usize = 52;
/// Cards per hand.
pub const HAND: usize = 13;

/// 2♣, which leads the first trick.
pub const TWO_OF_CLUBS: CardId = CardId(0);
/// Q♠ (13 points).
pub const QUEEN_OF_SPADES: CardId = CardId(3 * 13 + 10);
/// J♦ (−10 points under the `jack_of_diamonds` option).
pub const JACK_OF_DIAMONDS: CardId = CardId(13 + 9);

/// The cards of a suit.
#[inline]
pub fn suit_cards(suit: Suit) -> CardSet {
    CardSet(0x1FFF << (13 * suit as u32))
}

/// Every heart.
pub const HEARTS: CardSet = CardSet(0x1FFF << 26);

/// The suit of a card.
#[inline]
pub fn suit_of(card: CardId) -> Suit {
    Suit::ALL[usize::from(card.0 / 13)]
}

/// A suit's index in [`Suit::ALL`] (clubs 0, diamonds 1, hearts 2, spades 3).
#[inline]
pub fn suit_index(suit: Suit) -> usize {
    suit as usize
}

/// A suit's bit in a seat's voids.
#[inline]
pub fn suit_bit(suit: Suit) -> u8 {
    1 << suit_index(suit)
}

/// A card's name (`Q♠`, `10♥`).
pub fn name(card: CardId) -> String {
    DECK.name(card)
}

/// Names of a set's cards, in deck order, separated by spaces.
pub fn names(set: CardSet) -> String {
    set.iter().map(name).collect::<Vec<_>>().join(" ")
}

/// The points a set of taken cards counts (before the moon): a heart 1,
/// Q♠ 13, and J♦ −10 when `jack` is on.
#[inline]
pub fn points(taken: CardSet, jack: bool) -> i32 {
    let hearts = (taken & HEARTS).len() as i32;
    let queen = if taken.contains(QUEEN_OF_SPADES) { 13 } else { 0 };
    let jd = if jack && taken.contains(JACK_OF_DIAMONDS) {
        -10
    } else {
        0
    };
    hearts + queen + jd
}

/// The cards that count towards shooting the moon: every heart and Q♠.
pub const MOON: CardSet = CardSet(HEARTS.0 | 1 << QUEEN_OF_SPADES.0);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_named_cards_are_the_decks() {
        assert_eq!(name(TWO_OF_CLUBS), "2♣");
        assert_eq!(name(QUEEN_OF_SPADES), "Q♠");
        assert_eq!(name(JACK_OF_DIAMONDS), "J♦");
        for suit in Suit::ALL {
            assert_eq!(suit_cards(suit), DECK.suit_cards(suit));
        }
        assert_eq!(HEARTS, DECK.suit_cards(Suit::Hearts));
        assert_eq!(points(MOON, false), 26);
        assert_eq!(points(DECK.all(), true), 16);
    }
}
