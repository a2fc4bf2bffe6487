//! The 24-card deck as Euchre reads it: the layout of
//! [`SingleDeck::new(9)`](tabula_cards::SingleDeck) (9♣ is card 0, A♠ card
//! 23, six ranks per suit), the suits as masks, the bowers, the effective
//! suit of a card under a trump, the order of cards in a trick, and the
//! seats of the table.
//!
//! Suits are numbered as in [`Suit::ALL`](tabula_cards::french::Suit::ALL):
//! clubs 0, diamonds 1, hearts 2, spades 3, so that the suit of the same
//! colour as `s` is `3 - s`.

use tabula_cards::tricks::Suits;
use tabula_cards::{CardId, CardSet, SingleDeck};

/// The deck.
pub const DECK: SingleDeck = SingleDeck::new(9);
/// Cards in the deck.
pub const NUM_CARDS: usize = 24;
/// Cards dealt to each hand.
pub const HAND: usize = 5;
/// Cards dealt to the hands (the next one is turned up).
pub const DEALT: usize = 4 * HAND;
/// Cards left face down after the turn-up: the kitty.
pub const KITTY: usize = NUM_CARDS - DEALT - 1;
/// The seats.
pub const SEATS: usize = 4;
/// Tricks in a hand.
pub const TRICKS: u8 = 5;
/// Ranks per suit.
const RANKS: u16 = 6;

/// The names of the suits, by index.
pub const SUIT_NAMES: [&str; 4] = ["♣", "♦", "♥", "♠"];

/// The suit (0–3) a card is printed with.
#[inline]
pub fn suit_of(card: CardId) -> u8 {
    (card.0 / RANKS) as u8
}

/// The rank of a card within its suit: 0 for the 9, 1 the 10, 2 the jack,
/// 3 the queen, 4 the king, 5 the ace.
#[inline]
pub fn rank_of(card: CardId) -> u8 {
    (card.0 % RANKS) as u8
}

/// The cards printed with a suit.
#[inline]
pub fn suit_cards(suit: u8) -> CardSet {
    CardSet(0x3F << (u32::from(RANKS) * u32::from(suit)))
}

/// The suit of the same colour (clubs and spades, diamonds and hearts).
#[inline]
pub fn same_colour(suit: u8) -> u8 {
    3 - suit
}

/// The jack of a suit.
#[inline]
pub fn jack(suit: u8) -> CardId {
    CardId(u16::from(suit) * RANKS + 2)
}

/// The right bower: the jack of trump, the highest card.
#[inline]
pub fn right_bower(trump: u8) -> CardId {
    jack(trump)
}

/// The left bower: the jack of the suit of trump's colour, the second
/// highest card, and a trump (not a card of its printed suit).
#[inline]
pub fn left_bower(trump: u8) -> CardId {
    jack(same_colour(trump))
}

/// The suit a card belongs to for following and winning under `trump`: its
/// printed suit, except the left bower, which is a trump.
#[inline]
pub fn effective_suit(card: CardId, trump: u8) -> u8 {
    if card == left_bower(trump) {
        trump
    } else {
        suit_of(card)
    }
}

/// The cards of an effective suit under `trump`: the trumps include the
/// left bower, the suit of trump's colour lacks its jack.
#[inline]
pub fn effective_cards(suit: u8, trump: u8) -> CardSet {
    if suit == trump {
        suit_cards(trump) | CardSet::of(left_bower(trump))
    } else if suit == same_colour(trump) {
        suit_cards(suit) - CardSet::of(jack(suit))
    } else {
        suit_cards(suit)
    }
}

/// A card's strength in a trick under `trump` with `led` the effective
/// suit led: the right bower 20, the left bower 19, the other trumps 10 +
/// rank (A 15, K 14, Q 13, 10 11, 9 10), a card of the suit led 1 + rank
/// (A 6 … 9 1), any other card 0 (it cannot win).
#[inline]
pub fn power(card: CardId, trump: u8, led: u8) -> u8 {
    if card == right_bower(trump) {
        20
    } else if card == left_bower(trump) {
        19
    } else if suit_of(card) == trump {
        10 + rank_of(card)
    } else if effective_suit(card, trump) == led {
        1 + rank_of(card)
    } else {
        0
    }
}

/// The deck as a trick under a trump (the field) reads it: effective
/// suits and [`power`], for the card engine's trick plugin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bowers(pub u8);

impl Suits for Bowers {
    #[inline]
    fn cards_of(&self, suit: u8) -> CardSet {
        effective_cards(suit, self.0)
    }
    #[inline]
    fn suit_of(&self, card: CardId) -> u8 {
        effective_suit(card, self.0)
    }
    #[inline]
    fn power(&self, card: CardId, led: u8) -> u32 {
        u32::from(power(card, self.0, led))
    }
}

/// A seat's partner (across the table).
#[inline]
pub fn partner(seat: usize) -> usize {
    (seat + 2) % SEATS
}

/// A seat's side: 0 for seats 0 and 2, 1 for seats 1 and 3.
#[inline]
pub fn team(seat: usize) -> usize {
    seat % 2
}

/// A card's name (`J♠`, `10♥`).
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
    use tabula_cards::french::Suit;

    #[test]
    fn the_layout_is_the_decks() {
        assert_eq!(DECK.len(), NUM_CARDS);
        for (i, suit) in Suit::ALL.into_iter().enumerate() {
            assert_eq!(suit_cards(i as u8), DECK.suit_cards(suit));
            assert_eq!(DECK.card(11, suit), Some(jack(i as u8)));
        }
        for c in DECK.all() {
            assert_eq!(DECK.suit(c) as u8, suit_of(c));
            assert_eq!(DECK.rank(c), 9 + rank_of(c));
        }
        assert_eq!(name(right_bower(2)), "J♥");
        assert_eq!(name(left_bower(2)), "J♦");
        assert_eq!(name(left_bower(0)), "J♠");
        assert_eq!(KITTY, 3);
        let all = (0..4).fold(CardSet::EMPTY, |a, s| a | effective_cards(s, 1));
        assert_eq!(all, DECK.all(), "the effective suits partition the deck");
        assert_eq!(effective_cards(1, 1).len(), 7);
        assert_eq!(effective_cards(2, 1).len(), 5);
    }
}
