//! The 36-card deck of the bout (6 to ace in four suits) over one
//! [`CardSet`] word, laid out as [`SingleDeck::new(6)`](SingleDeck::new)
//! lays it out: nine ranks per suit, suit by suit. The bout's questions —
//! which cards beat this one, which cards share a rank with the table —
//! are a few shifts and masks on that layout.

use crate::card::CardId;
use crate::card::french::Suit;
use crate::set::{CardSet, SingleDeck};

/// The deck: `DECK.rank`, `DECK.suit`, `DECK.name` and `DECK.parse` read
/// its cards (6♣ is card 0, A♠ card 35).
pub const DECK: SingleDeck = SingleDeck::new(6);

/// Cards in the deck.
pub const CARDS: usize = 36;

/// Cards a hand is refilled to, and the most attacks a bout may hold.
pub const HAND: usize = 6;

/// Ranks per suit.
const RANKS: u32 = 9;

/// The nine cards of one suit, at the bottom of the word.
const SUIT_BITS: u64 = (1 << RANKS) - 1;

/// One card of each suit at the lowest rank: multiplying a 9-bit rank set
/// by it copies the set into every suit (no carries: the copies do not
/// overlap).
const RANK_COLUMN: u64 = 1 | 1 << RANKS | 1 << (2 * RANKS) | 1 << (3 * RANKS);

/// Every card of the deck.
#[inline]
pub fn all_cards() -> CardSet {
    CardSet::first(CARDS)
}

#[inline]
fn suit_index(card: CardId) -> u32 {
    u32::from(card.0) / RANKS
}

#[inline]
fn rank_index(card: CardId) -> u32 {
    u32::from(card.0) % RANKS
}

/// Whether two cards have one rank.
#[inline]
pub fn same_rank(a: CardId, b: CardId) -> bool {
    rank_index(a) == rank_index(b)
}

/// The cards of a suit.
#[inline]
pub fn suit_cards(suit: Suit) -> CardSet {
    CardSet(SUIT_BITS << (RANKS * suit as u32))
}

/// Every card whose rank is the rank of some card of `cards` (the ranks
/// a throw-in may have, from the cards on the table).
#[inline]
pub fn ranks_of(cards: CardSet) -> CardSet {
    let x = cards.0;
    let ranks = (x | x >> RANKS | x >> (2 * RANKS) | x >> (3 * RANKS)) & SUIT_BITS;
    CardSet(ranks * RANK_COLUMN)
}

/// The cards that beat `attack` when `trump` is trumps: a higher card of
/// its suit, or any trump when it is not a trump.
#[inline]
pub fn beaters(attack: CardId, trump: Suit) -> CardSet {
    let suit = suit_index(attack);
    let higher = (SUIT_BITS << (rank_index(attack) + 1)) & SUIT_BITS;
    let trumps = if suit == trump as u32 { 0 } else { suit_cards(trump).0 };
    CardSet(higher << (RANKS * suit) | trumps)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_masks_agree_with_the_deck_faces() {
        for a in all_cards() {
            assert_eq!(ranks_of(CardSet::of(a)).len(), 4);
            for b in all_cards() {
                assert_eq!(same_rank(a, b), DECK.rank(a) == DECK.rank(b));
                assert_eq!(ranks_of(CardSet::of(a)).contains(b), DECK.rank(a) == DECK.rank(b));
                for trump in Suit::ALL {
                    let beats = if DECK.suit(b) == DECK.suit(a) {
                        DECK.rank(b) > DECK.rank(a)
                    } else {
                        DECK.suit(b) == trump
                    };
                    assert_eq!(
                        beaters(a, trump).contains(b),
                        beats,
                        "{} on {}",
                        DECK.name(b),
                        DECK.name(a)
                    );
                }
            }
        }
        assert_eq!(DECK.len(), CARDS);
        assert_eq!(DECK.name(CardId(0)), "6♣");
        assert_eq!(DECK.name(CardId(35)), "A♠");
        assert_eq!(suit_cards(Suit::Hearts), DECK.suit_cards(Suit::Hearts));
    }
}
