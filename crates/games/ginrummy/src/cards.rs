//! The 52-card deck as Gin Rummy reads it: ace low, each suit's thirteen
//! cards one contiguous run of bits so that a run of cards is a run of
//! bits, and the deadwood value of each card.
//!
//! Card `suit * 13 + rank`, with the suits in [`Suit::ALL`]'s order (clubs,
//! diamonds, hearts, spades) and rank 0 the ace, 1 the two … 9 the ten, 10
//! the jack, 11 the queen and 12 the king: A♣ is card 0, K♣ card 12, A♦
//! card 13, K♠ card 51. This is not [`SingleDeck`]'s layout, which puts the
//! ace above the king.

use std::fmt;

use tabula_cards::french::{FrenchFace, Suit};
use tabula_cards::{CardId, CardNameError, CardSet, SingleDeck};
use tabula_search::Rng;

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

/// A card's deadwood value: the ace 1, two to ten their number, jack,
/// queen and king 10.
#[inline]
pub fn value(card: CardId) -> u32 {
    u32::from(rank(card) + 1).min(10)
}

/// The deadwood points of a set of cards: the sum of their values.
#[inline]
pub fn points(cards: CardSet) -> u32 {
    cards.iter().map(value).sum()
}

/// A card's face in the French deck's terms (rank 2–14, the ace 14), for
/// its name.
fn face(card: CardId) -> FrenchFace {
    let r = rank(card);
    FrenchFace::Suited {
        rank: if r == 0 { 14 } else { r + 1 },
        suit: suit_of(card),
    }
}

/// A card's name, like `A♣`, `10♥` or `K♠`.
pub fn name(card: CardId) -> String {
    face(card).to_string()
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HandError {
    /// A word that is not a card.
    Card(CardNameError),
    /// A card named twice.
    Repeated(CardId),
}

impl fmt::Display for HandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HandError::Card(e) => e.fmt(f),
            HandError::Repeated(c) => write!(f, "{} is named twice", name(*c)),
        }
    }
}

impl std::error::Error for HandError {}

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

/// `n` cards drawn uniformly from `from` (all of it when it holds `n` or
/// fewer).
pub fn draw(from: CardSet, n: usize, rng: &mut Rng) -> CardSet {
    let mut left = from;
    let mut out = CardSet::EMPTY;
    for _ in 0..n {
        let Some(c) = left.random(rng) else { break };
        left.remove(c);
        out.insert(c);
    }
    out
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
        assert_eq!(points(DECK), 4 * (45 + 40));
    }
}
