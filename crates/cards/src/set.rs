//! Sets of card instances as one machine word, and the single French deck's
//! layout over them: what the trick-taking games (Hearts, Spades, Euchre)
//! and Gin Rummy keep their hands in, so that a search copies a hand in one
//! move and tests "holds a card of this suit" with one AND. Decks beyond 64
//! cards use [`WideSet`](crate::WideSet), with the same operations.

use std::fmt;
use std::ops::{BitAnd, BitOr, Not, Sub};

use serde::{Deserialize, Serialize};

use tabula_search::Rng;

use crate::card::CardId;
use crate::card::french::{FrenchFace, Suit};

/// A set of cards with ids 0 to 63 (bit `i` is card `i`). Iteration is in
/// increasing id order, so anything built from a set is deterministic.
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CardSet(pub u64);

impl CardSet {
    /// No card.
    pub const EMPTY: CardSet = CardSet(0);

    /// Cards `0..n`.
    ///
    /// # Panics
    /// When `n` is over 64.
    #[inline]
    pub fn first(n: usize) -> CardSet {
        assert!(n <= 64, "a card set holds ids 0 to 63");
        CardSet(if n == 64 { u64::MAX } else { (1u64 << n) - 1 })
    }

    /// The set of one card.
    ///
    /// # Panics
    /// When the id is 64 or more.
    #[inline]
    pub fn of(card: CardId) -> CardSet {
        assert!(card.0 < 64, "a card set holds ids 0 to 63");
        CardSet(1u64 << card.0)
    }

    /// Whether the set holds `card`.
    #[inline]
    pub fn contains(self, card: CardId) -> bool {
        card.0 < 64 && self.0 >> card.0 & 1 == 1
    }

    /// Whether every card of `other` is in the set.
    #[inline]
    pub fn contains_all(self, other: CardSet) -> bool {
        other.0 & !self.0 == 0
    }

    /// Adds `card`.
    #[inline]
    pub fn insert(&mut self, card: CardId) {
        *self = *self | CardSet::of(card);
    }

    /// Removes `card`; whether it was there.
    #[inline]
    pub fn remove(&mut self, card: CardId) -> bool {
        let had = self.contains(card);
        self.0 &= !(1u64 << (card.0 & 63));
        had
    }

    /// The number of cards.
    #[inline]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The card of lowest id.
    #[inline]
    pub fn lowest(self) -> Option<CardId> {
        (self.0 != 0).then(|| CardId(self.0.trailing_zeros() as u16))
    }

    /// The card of highest id.
    #[inline]
    pub fn highest(self) -> Option<CardId> {
        (self.0 != 0).then(|| CardId(63 - self.0.leading_zeros() as u16))
    }

    /// The `k`-th card in id order (from 0): a uniform draw from the set is
    /// [`random`](CardSet::random), or `nth(rng.below(len))`.
    #[inline]
    pub fn nth(self, k: usize) -> Option<CardId> {
        let running = running_counts(self.0);
        (k < (running >> 56) as usize).then(|| select(self.0, running, k as u64))
    }

    /// A card drawn uniformly: the card `nth(rng.below(len))` gives, from
    /// the same single draw, with the count and the select sharing their
    /// arithmetic (a rollout draws a card this way at every play). `None`,
    /// drawing nothing, from the empty set.
    #[inline(always)]
    pub fn random(self, rng: &mut Rng) -> Option<CardId> {
        let running = running_counts(self.0);
        let len = running >> 56;
        (len > 0).then(|| select(self.0, running, rng.below(len)))
    }

    /// Each card as a chance outcome, all equally likely, in increasing id
    /// order: `out` is cleared and gets `(outcome(card), 1 / len)` for
    /// every card (a deal from a stock).
    pub fn uniform_outcomes<A>(self, out: &mut Vec<(A, f64)>, outcome: impl Fn(CardId) -> A) {
        out.clear();
        let p = 1.0 / self.len() as f64;
        out.extend(self.iter().map(|c| (outcome(c), p)));
    }

    /// The cards in increasing id order.
    #[inline]
    pub fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }
}

impl BitOr for CardSet {
    type Output = CardSet;
    #[inline]
    fn bitor(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }
}

impl BitAnd for CardSet {
    type Output = CardSet;
    #[inline]
    fn bitand(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }
}

impl Sub for CardSet {
    type Output = CardSet;
    /// The cards of `self` not in `other`.
    #[inline]
    fn sub(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }
}

impl Not for CardSet {
    type Output = CardSet;
    /// Every id 0–63 not in the set (intersect with the deck's cards).
    #[inline]
    fn not(self) -> CardSet {
        CardSet(!self.0)
    }
}

impl FromIterator<CardId> for CardSet {
    fn from_iter<I: IntoIterator<Item = CardId>>(iter: I) -> Self {
        let mut s = CardSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

impl IntoIterator for CardSet {
    type Item = CardId;
    type IntoIter = CardSetIter;
    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|c| c.0)).finish()
    }
}

/// The cards of a [`CardSet`], lowest id first.
#[derive(Clone, Copy, Debug)]
pub struct CardSetIter(u64);

impl Iterator for CardSetIter {
    type Item = CardId;
    #[inline]
    fn next(&mut self) -> Option<CardId> {
        if self.0 == 0 {
            return None;
        }
        let c = self.0.trailing_zeros() as u16;
        self.0 &= self.0 - 1;
        Some(CardId(c))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardSetIter {}

/// One French deck without jokers, ranks `lowest..=14` in each suit, laid
/// out as [`french::faces`](crate::card::french::faces) lays it out: suit by
/// suit in [`Suit::ALL`]'s order, ranks rising. `SingleDeck::new(2)` is the
/// 52-card deck (2♣ is card 0, A♠ card 51); `SingleDeck::new(9)` Euchre's 24.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SingleDeck {
    lowest: u8,
}

/// Why a card's name does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CardNameError {
    /// Not a rank and a suit.
    #[error("'{0}' is not a card: write a rank (2–10, J, Q, K, A) and a suit (♣ ♦ ♥ ♠ or C D H S), like Q♠ or 10h")]
    Unreadable(String),
    /// A rank this deck does not have.
    #[error("this deck has no {0}")]
    NotInDeck(String),
}

impl SingleDeck {
    /// The deck of ranks `lowest..=14`.
    ///
    /// # Panics
    /// When `lowest` is not 2 to 14.
    pub const fn new(lowest: u8) -> SingleDeck {
        assert!(lowest >= 2 && lowest <= 14, "ranks run from 2 to 14");
        SingleDeck { lowest }
    }

    /// Ranks per suit.
    #[inline]
    pub const fn ranks(self) -> u8 {
        15 - self.lowest
    }

    /// Cards in the deck.
    #[inline]
    pub const fn len(self) -> usize {
        4 * self.ranks() as usize
    }

    /// Whether the deck is empty (never: every deck has a rank).
    #[inline]
    pub const fn is_empty(self) -> bool {
        false
    }

    /// Every card.
    #[inline]
    pub fn all(self) -> CardSet {
        CardSet::first(self.len())
    }

    fn suit_index(suit: Suit) -> u16 {
        suit as u16
    }

    /// The card of a rank (2–14) and a suit; `None` for a rank outside the deck.
    #[inline]
    pub fn card(self, rank: u8, suit: Suit) -> Option<CardId> {
        (self.lowest..=14)
            .contains(&rank)
            .then(|| CardId(Self::suit_index(suit) * u16::from(self.ranks()) + u16::from(rank - self.lowest)))
    }

    /// The suit of a card of the deck.
    #[inline]
    pub fn suit(self, card: CardId) -> Suit {
        Suit::ALL[usize::from(card.0 / u16::from(self.ranks()))]
    }

    /// The rank (2–14) of a card of the deck.
    #[inline]
    pub fn rank(self, card: CardId) -> u8 {
        self.lowest + (card.0 % u16::from(self.ranks())) as u8
    }

    /// The face of a card of the deck.
    pub fn face(self, card: CardId) -> FrenchFace {
        FrenchFace::Suited {
            rank: self.rank(card),
            suit: self.suit(card),
        }
    }

    /// The cards of a suit.
    #[inline]
    pub fn suit_cards(self, suit: Suit) -> CardSet {
        let n = u32::from(self.ranks());
        CardSet(((1u64 << n) - 1) << (n * u32::from(Self::suit_index(suit))))
    }

    /// A card's name, like `Q♠` or `10♥`.
    pub fn name(self, card: CardId) -> String {
        self.face(card).to_string()
    }

    /// Reads a card's name: a rank (`2`–`10`, `T`, `J`, `Q`, `K`, `A`, any
    /// case) then a suit (`♣♦♥♠`, or `C D H S` in any case).
    ///
    /// # Errors
    /// When the text is not a card, or names a rank the deck lacks.
    pub fn parse(self, text: &str) -> Result<CardId, CardNameError> {
        let t = text.trim();
        let bad = || CardNameError::Unreadable(t.chars().take(12).collect());
        let mut chars: Vec<char> = t.chars().collect();
        let suit = match chars.pop().ok_or_else(bad)?.to_ascii_uppercase() {
            '♣' | 'C' => Suit::Clubs,
            '♦' | 'D' => Suit::Diamonds,
            '♥' | 'H' => Suit::Hearts,
            '♠' | 'S' => Suit::Spades,
            _ => return Err(bad()),
        };
        let rank_text: String = chars.iter().collect::<String>().to_ascii_uppercase();
        let rank = match rank_text.as_str() {
            "J" => 11,
            "Q" => 12,
            "K" => 13,
            "A" => 14,
            "T" => 10,
            n => match n.parse::<u8>() {
                Ok(r @ 2..=10) => r,
                _ => return Err(bad()),
            },
        };
        self.card(rank, suit)
            .ok_or_else(|| CardNameError::NotInDeck(t.chars().take(12).collect()))
    }
}

/// The running counts of `x`'s bytes: byte `i` of the result counts the
/// set bits of bytes `0..=i` (the top byte, the whole word's). Portable
/// arithmetic rather than `count_ones`, which without the POPCNT
/// instruction (not in the baseline x86-64) is a longer sequence still.
#[inline(always)]
pub(crate) fn running_counts(x: u64) -> u64 {
    let mut b = x - ((x >> 1) & 0x5555_5555_5555_5555);
    b = (b & 0x3333_3333_3333_3333) + ((b >> 2) & 0x3333_3333_3333_3333);
    b = (b + (b >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    // At most 64 per byte: no carry between bytes.
    b.wrapping_mul(0x0101_0101_0101_0101)
}

/// The `k`-th set bit of `x` (`k` below its count), branch-free: a
/// broadword select finds the byte from the running counts, then a table
/// the bit within it, where a loop over the bits would mispredict its exit
/// at every call.
#[inline(always)]
pub(crate) fn select(x: u64, running: u64, k: u64) -> CardId {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // High bit of byte i set when the running count through byte i is at
    // most k: a prefix of the bytes, the card's byte the first not in it.
    let at_most = ((k * 0x0101_0101_0101_0101) | HIGH).wrapping_sub(running) & HIGH;
    let byte = (!at_most & HIGH).trailing_zeros() / 8;
    let before = ((running << 8) >> (8 * byte)) & 0xFF;
    let within = ((x >> (8 * byte)) & 0xFF) as usize;
    let bit = SELECT_IN_BYTE[within][(k - before) as usize];
    CardId((8 * byte) as u16 + u16::from(bit))
}

/// `SELECT_IN_BYTE[b][j]`: the position of the `j`-th set bit of byte `b`
/// (unused entries 0).
static SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut t = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut j = 0;
        let mut bit = 0;
        while bit < 8 {
            if b >> bit & 1 == 1 {
                t[b][j] = bit as u8;
                j += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::french::faces;

    #[test]
    fn the_layout_is_the_faces_layout() {
        for lowest in [2, 9] {
            let deck = SingleDeck::new(lowest);
            let faces = faces(lowest, 0);
            assert_eq!(deck.len(), faces.len());
            for (i, face) in faces.iter().enumerate() {
                let card = CardId(i as u16);
                assert_eq!(deck.face(card), *face);
                assert_eq!(deck.parse(&deck.name(card)), Ok(card));
                assert!(deck.suit_cards(deck.suit(card)).contains(card));
            }
            let suits = Suit::ALL.iter().fold(CardSet::EMPTY, |s, &x| s | deck.suit_cards(x));
            assert_eq!(suits, deck.all());
        }
        let deck = SingleDeck::new(2);
        assert_eq!(deck.parse("2c"), Ok(CardId(0)));
        assert_eq!(deck.parse("as"), Ok(CardId(51)));
        assert_eq!(deck.parse("Q♠"), deck.parse("qS"));
        assert_eq!(deck.parse("Th"), deck.parse("10♥"));
        for bad in ["", "1h", "11h", "Qx", "♠", "QQ♠", "10"] {
            assert!(matches!(deck.parse(bad), Err(CardNameError::Unreadable(_))), "{bad}");
        }
        assert!(matches!(
            SingleDeck::new(9).parse("8h"),
            Err(CardNameError::NotInDeck(_))
        ));
    }
}
