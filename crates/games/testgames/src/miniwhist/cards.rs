//! The twelve physical cards of MiniWhist and their six faces.
//!
//! A card *instance* ([`CardId`], 0–11) is distinct from its *face*
//! ([`Face`]: suit and rank): ids `2k` and `2k + 1` share face `k`
//! (docs/design.md, *Cards*). Rules read faces; zones, serialisation and
//! replays use ids.

use std::fmt;
use std::ops::{BitAnd, BitOr, Not, Sub};

use serde::{Deserialize, Serialize};

/// The number of physical cards.
pub const NUM_CARDS: usize = 12;

/// The two suits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Suit {
    /// ♠: card ids 0–5.
    Spades,
    /// ♥: card ids 6–11.
    Hearts,
}

impl Suit {
    /// Both suits, in index order.
    pub const ALL: [Suit; 2] = [Suit::Spades, Suit::Hearts];

    /// 0 for spades, 1 for hearts.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The suit's symbol, `♠` or `♥`.
    pub fn symbol(self) -> char {
        match self {
            Suit::Spades => '♠',
            Suit::Hearts => '♥',
        }
    }

    /// Every card of the suit.
    #[inline]
    pub fn cards(self) -> CardSet {
        match self {
            Suit::Spades => CardSet(0x03F),
            Suit::Hearts => CardSet(0xFC0),
        }
    }
}

/// A face: a suit and a rank from 1 to 3. Two card instances carry each face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Face {
    /// The suit.
    pub suit: Suit,
    /// The rank, 1 (low) to 3 (high).
    pub rank: u8,
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.suit.symbol(), self.rank)
    }
}

/// Why a number is not a card, or a list is not a set of cards.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CardError {
    /// Card ids run from 0 to 11.
    #[error("there is no card {0}; card ids are 0 to 11")]
    NoSuchCard(u8),
    /// A set lists a card twice.
    #[error("card {0} is listed twice")]
    Repeated(CardId),
}

/// A physical card, 0–11. Its face is a function of the id: ids `2k` and
/// `2k + 1` are the two copies of face `k` in the order ♠1 ♠2 ♠3 ♥1 ♥2 ♥3.
///
/// Serialised as its number.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct CardId(u8);

impl CardId {
    /// The card with this id.
    ///
    /// # Errors
    /// If `id` is 12 or more.
    pub fn new(id: u8) -> Result<CardId, CardError> {
        if usize::from(id) < NUM_CARDS {
            Ok(CardId(id))
        } else {
            Err(CardError::NoSuchCard(id))
        }
    }

    /// Every card, in id order.
    pub fn all() -> impl Iterator<Item = CardId> {
        (0..NUM_CARDS as u8).map(CardId)
    }

    /// The id as an index, 0–11.
    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The suit.
    #[inline]
    pub fn suit(self) -> Suit {
        if self.0 < 6 { Suit::Spades } else { Suit::Hearts }
    }

    /// The rank, 1–3.
    #[inline]
    pub fn rank(self) -> u8 {
        (self.0 / 2) % 3 + 1
    }

    /// The face (suit and rank).
    #[inline]
    pub fn face(self) -> Face {
        Face {
            suit: self.suit(),
            rank: self.rank(),
        }
    }

    /// The other instance of the same face.
    #[inline]
    pub fn twin(self) -> CardId {
        CardId(self.0 ^ 1)
    }
}

impl TryFrom<u8> for CardId {
    type Error = CardError;

    fn try_from(id: u8) -> Result<Self, Self::Error> {
        CardId::new(id)
    }
}

impl From<CardId> for u8 {
    fn from(card: CardId) -> u8 {
        card.0
    }
}

impl fmt::Display for CardId {
    /// The face and the copy: `♠3a` is card 4, `♠3b` card 5.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.face(), if self.0 % 2 == 0 { 'a' } else { 'b' })
    }
}

impl fmt::Debug for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}{}", self.0, self)
    }
}

/// A set of cards as a 12-bit mask (bit `i` for card `i`).
///
/// Serialised as the list of its card ids, ascending.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CardSet(u16);

impl CardSet {
    /// No card.
    pub const EMPTY: CardSet = CardSet(0);
    /// All twelve cards.
    pub const ALL: CardSet = CardSet((1 << NUM_CARDS) - 1);

    /// The set of a mask.
    ///
    /// # Errors
    /// If a bit above bit 11 is set.
    pub fn from_bits(bits: u16) -> Result<CardSet, CardError> {
        if bits & !CardSet::ALL.0 == 0 {
            Ok(CardSet(bits))
        } else {
            Err(CardError::NoSuchCard(15 - bits.leading_zeros() as u8))
        }
    }

    /// The mask.
    #[inline]
    pub fn bits(self) -> u16 {
        self.0
    }

    /// Whether `card` is in the set.
    #[inline]
    pub fn contains(self, card: CardId) -> bool {
        self.0 & (1 << card.0) != 0
    }

    /// Adds `card`.
    #[inline]
    pub fn insert(&mut self, card: CardId) {
        self.0 |= 1 << card.0;
    }

    /// Removes `card`.
    #[inline]
    pub fn remove(&mut self, card: CardId) {
        self.0 &= !(1 << card.0);
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

    /// The cards of `suit` in the set.
    #[inline]
    pub fn of_suit(self, suit: Suit) -> CardSet {
        self & suit.cards()
    }

    /// The `n`-th card in id order (`n < len`).
    #[inline]
    pub fn nth(self, n: usize) -> Option<CardId> {
        self.iter().nth(n)
    }

    /// The cards, ascending.
    #[inline]
    pub fn iter(self) -> CardIter {
        CardIter(self.0)
    }
}

/// The cards of a [`CardSet`], ascending.
#[derive(Clone, Debug)]
pub struct CardIter(u16);

impl Iterator for CardIter {
    type Item = CardId;

    #[inline]
    fn next(&mut self) -> Option<CardId> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(CardId(i))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardIter {}

impl IntoIterator for CardSet {
    type Item = CardId;
    type IntoIter = CardIter;

    fn into_iter(self) -> CardIter {
        self.iter()
    }
}

impl FromIterator<CardId> for CardSet {
    fn from_iter<I: IntoIterator<Item = CardId>>(iter: I) -> Self {
        let mut set = CardSet::EMPTY;
        for c in iter {
            set.insert(c);
        }
        set
    }
}

impl BitOr for CardSet {
    type Output = CardSet;
    #[inline]
    fn bitor(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 | rhs.0)
    }
}

impl BitAnd for CardSet {
    type Output = CardSet;
    #[inline]
    fn bitand(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & rhs.0)
    }
}

impl Sub for CardSet {
    type Output = CardSet;
    /// The cards of `self` not in `rhs`.
    #[inline]
    fn sub(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & !rhs.0)
    }
}

impl Not for CardSet {
    type Output = CardSet;
    /// The cards not in the set.
    #[inline]
    fn not(self) -> CardSet {
        CardSet(!self.0 & CardSet::ALL.0)
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl Serialize for CardSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let ids = Vec::<CardId>::deserialize(d)?;
        let mut set = CardSet::EMPTY;
        for c in ids {
            if set.contains(c) {
                return Err(serde::de::Error::custom(CardError::Repeated(c)));
            }
            set.insert(c);
        }
        Ok(set)
    }
}
