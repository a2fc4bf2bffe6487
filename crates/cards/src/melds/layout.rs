//! The 52-card deck in the layout the one-word meld path reads: ace low,
//! each suit's thirteen cards one contiguous run of bits, so that a run of
//! cards is a run of bits and a rank's four cards are one bit pattern
//! shifted.
//!
//! Card `suit * 13 + rank`, with the suits in [`Suit::ALL`]'s order (clubs,
//! diamonds, hearts, spades) and rank 0 the ace, 1 the two … 9 the ten, 10
//! the jack, 11 the queen and 12 the king: A♣ is card 0, K♣ card 12, A♦
//! card 13, K♠ card 51. This is not [`SingleDeck`]'s layout, which puts the
//! ace above the king.

use crate::card::CardId;
use crate::card::french::{FrenchFace, Suit};
use crate::set::{CardNameError, CardSet, SingleDeck};

/// Cards in the deck.
pub const NUM_CARDS: usize = 52;
/// Ranks per suit.
pub const RANKS: u8 = 13;
/// Every card.
pub const DECK: CardSet = CardSet((1 << NUM_CARDS) - 1);

/// The four cards of the ace (one bit per suit); shifted left by a rank,
/// the four cards of that rank.
pub(crate) const ACES: u64 = 1 | 1 << 13 | 1 << 26 | 1 << 39;

/// The card of a rank (0 the ace … 12 the king) and a suit.
///
/// # Panics
/// When the rank is over 12.
#[inline]
pub fn card(rank: u8, suit: Suit) -> CardId {
    assert!(rank < RANKS, "ranks run from 0 (ace) to 12 (king)");
    CardId(suit as u16 * 13 + u16::from(rank))
}

/// A card's rank: 0 for the ace … 12 for the king.
#[inline]
pub fn rank(card: CardId) -> u8 {
    (card.0 % 13) as u8
}

/// A card's suit.
#[inline]
pub fn suit_of(card: CardId) -> Suit {
    Suit::ALL[usize::from(card.0 / 13)]
}

/// The thirteen cards of a suit.
#[inline]
pub fn suit_cards(suit: Suit) -> CardSet {
    CardSet(0x1FFF << (13 * suit as u32))
}

/// The four cards of a rank (0 the ace … 12 the king).
///
/// # Panics
/// When the rank is over 12.
#[inline]
pub fn rank_cards(rank: u8) -> CardSet {
    assert!(rank < RANKS, "ranks run from 0 (ace) to 12 (king)");
    CardSet(ACES << rank)
}

/// The French deck's face of a rank of this layout (0 the ace … 12 the
/// king) and a suit: rank 2–14, the ace 14.
pub fn french_face(rank: u8, suit: Suit) -> FrenchFace {
    FrenchFace::Suited {
        rank: if rank == 0 { 14 } else { rank + 1 },
        suit,
    }
}

/// A card's name, like `A♣`, `10♥` or `K♠`.
pub fn name(card: CardId) -> String {
    french_face(rank(card), suit_of(card)).to_string()
}

/// Names of a set's cards, in id order (suit by suit, ace first),
/// separated by spaces.
pub fn names(cards: CardSet) -> String {
    cards.iter().map(name).collect::<Vec<_>>().join(" ")
}

/// Reads a card's name: a rank (`A`, `2`–`10`, `T`, `J`, `Q`, `K`, any
/// case) then a suit (`♣♦♥♠`, or `C D H S` in any case): `A♣`, `Td`,
/// `10h`, `ks`.
///
/// # Errors
/// When the text is not a card.
pub fn parse(text: &str) -> Result<CardId, CardNameError> {
    // The French deck reads the same names; only the layout differs.
    const FRENCH: SingleDeck = SingleDeck::new(2);
    let c = FRENCH.parse(text)?;
    let r = FRENCH.rank(c);
    Ok(card(if r == 14 { 0 } else { r - 1 }, FRENCH.suit(c)))
}

/// Why a hand's text does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HandError {
    /// A word that is not a card.
    #[error(transparent)]
    Card(CardNameError),
    /// A card named twice.
    #[error("{} is named twice", name(*.0))]
    Repeated(CardId),
}

/// Reads a hand: card names (see [`parse`]) separated by spaces or commas,
/// like `"7s 7h 7d 5s 6s"`.
///
/// # Errors
/// When a word is not a card, or a card is named twice.
pub fn parse_hand(text: &str) -> Result<CardSet, HandError> {
    let mut hand = CardSet::EMPTY;
    for word in text.split([' ', ',']).filter(|w| !w.is_empty()) {
        let c = parse(word).map_err(HandError::Card)?;
        if hand.contains(c) {
            return Err(HandError::Repeated(c));
        }
        hand.insert(c);
    }
    Ok(hand)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layout_is_ace_low_and_suit_by_suit() {
        assert_eq!(card(0, Suit::Clubs), CardId(0));
        assert_eq!(card(12, Suit::Spades), CardId(51));
        for id in 0..52u16 {
            let c = CardId(id);
            assert_eq!(card(rank(c), suit_of(c)), c);
            assert_eq!(parse(&name(c)), Ok(c));
            assert!(suit_cards(suit_of(c)).contains(c));
            assert!(rank_cards(rank(c)).contains(c));
        }
        assert_eq!(names(parse_hand("Ks 10h, Ac Jd").unwrap()), "A♣ J♦ 10♥ K♠");
        assert_eq!(parse_hand("7s 7h 7s"), Err(HandError::Repeated(card(6, Suit::Spades))));
    }
}
