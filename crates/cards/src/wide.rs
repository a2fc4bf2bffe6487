//! Sets of card instances wider than one word: `W` words hold ids
//! `0..64·W`, for the decks a [`CardSet`] cannot hold (Canasta's and
//! Guandan's 108 cards, Indian Rummy's 106 fit in [`WideSet<2>`]). The
//! operations are [`CardSet`]'s, word by word over a fixed array: copied in
//! one move, no allocation, loops the compiler unrolls for a known `W`.
//! Code that serves decks of both kinds is written once, generic over
//! [`CardBits`](crate::CardBits), and a game that fits one word keeps
//! [`CardSet`]'s single-word code.
//!
//! ## Serialised form
//!
//! A wide set is written as the list of its ids in increasing order
//! (`[0, 5, 107]`), not as its words. It travels in observations over the
//! bot protocol and into pages: a list of small integers reads the same in
//! every language (a 64-bit word does not survive JavaScript's numbers),
//! can be checked by eye, does not depend on `W` (a 108-card hand reads the
//! same from a `WideSet<2>` and a `WideSet<3>`), and has one form per set,
//! so equal sets give equal bytes. Reading accepts only that form: ids
//! strictly increasing and below the capacity.
//!
//! ```
//! use tabula_cards::{CardId, CardSet, WideSet};
//!
//! // Two 52-card decks and four jokers: 108 instances.
//! let deck = WideSet::<2>::first(108);
//! let mut hand = WideSet::<2>::EMPTY;
//! for id in [3, 64, 107] {
//!     hand.insert(CardId(id));
//! }
//! assert_eq!(hand.len(), 3);
//! assert_eq!(hand.nth(1), Some(CardId(64)));
//! assert_eq!((!hand & deck).len(), 105);
//! assert_eq!(serde_json::to_string(&hand).unwrap(), "[3,64,107]");
//! // A one-word set widens without change, and narrows back when it fits.
//! let small = CardSet::of(CardId(3));
//! assert_eq!(WideSet::<2>::from(small).narrow(), Some(small));
//! assert_eq!(hand.narrow(), None);
//! ```

use std::cmp::Ordering;
use std::fmt;
use std::ops::{BitAnd, BitOr, Not, Sub};

use serde::de::{self, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use tabula_search::Rng;

use crate::card::CardId;
use crate::set::{CardSet, running_counts, select};

/// A set of cards with ids `0..64·W` (bit `i % 64` of word `i / 64` is
/// card `i`). Iteration is in increasing id order; sets compare as the
/// `64·W`-bit numbers their words spell, as [`CardSet`]s compare as their
/// word, so a set that fits one word orders alike as either type.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct WideSet<const W: usize>(pub [u64; W]);

impl<const W: usize> WideSet<W> {
    /// No card.
    pub const EMPTY: WideSet<W> = WideSet([0; W]);

    /// How many ids the set can hold: `64·W`.
    pub const CAPACITY: usize = 64 * W;

    /// Cards `0..n`.
    ///
    /// # Panics
    /// When `n` is over the capacity.
    #[inline]
    pub fn first(n: usize) -> WideSet<W> {
        assert!(
            n <= Self::CAPACITY,
            "a wide set of {W} words holds ids 0 to {}",
            Self::CAPACITY - 1
        );
        let mut words = [0u64; W];
        for (i, word) in words.iter_mut().enumerate() {
            let below = n.saturating_sub(64 * i);
            *word = if below >= 64 { u64::MAX } else { (1u64 << below) - 1 };
        }
        WideSet(words)
    }

    /// The set of one card.
    ///
    /// # Panics
    /// When the id is not below the capacity.
    #[inline]
    pub fn of(card: CardId) -> WideSet<W> {
        let i = card.index();
        assert!(
            i < Self::CAPACITY,
            "a wide set of {W} words holds ids 0 to {}",
            Self::CAPACITY - 1
        );
        let mut words = [0u64; W];
        words[i / 64] = 1u64 << (i % 64);
        WideSet(words)
    }

    /// Whether the set holds `card`.
    #[inline]
    pub fn contains(self, card: CardId) -> bool {
        let i = card.index();
        i < Self::CAPACITY && self.0[i / 64] >> (i % 64) & 1 == 1
    }

    /// Whether every card of `other` is in the set.
    #[inline]
    pub fn contains_all(self, other: WideSet<W>) -> bool {
        // One OR over the words rather than a branch per word.
        (0..W).fold(0, |missing, i| missing | (other.0[i] & !self.0[i])) == 0
    }

    /// Adds `card`.
    ///
    /// # Panics
    /// When the id is not below the capacity.
    #[inline]
    pub fn insert(&mut self, card: CardId) {
        *self = *self | WideSet::of(card);
    }

    /// Removes `card`; whether it was there (never, for an id beyond the
    /// capacity: nothing is removed).
    #[inline]
    pub fn remove(&mut self, card: CardId) -> bool {
        let had = self.contains(card);
        if had {
            let i = card.index();
            self.0[i / 64] &= !(1u64 << (i % 64));
        }
        had
    }

    /// The number of cards.
    #[inline]
    pub fn len(self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0.iter().fold(0, |acc, &w| acc | w) == 0
    }

    /// The card of lowest id.
    #[inline]
    pub fn lowest(self) -> Option<CardId> {
        let i = self.0.iter().position(|&w| w != 0)?;
        Some(CardId((64 * i) as u16 + self.0[i].trailing_zeros() as u16))
    }

    /// The card of highest id.
    #[inline]
    pub fn highest(self) -> Option<CardId> {
        let i = self.0.iter().rposition(|&w| w != 0)?;
        Some(CardId((64 * i) as u16 + 63 - self.0[i].leading_zeros() as u16))
    }

    /// The `k`-th card in id order (from 0): a uniform draw from the set is
    /// [`random`](WideSet::random), or `nth(rng.below(len))`.
    #[inline]
    pub fn nth(self, k: usize) -> Option<CardId> {
        let mut k = k as u64;
        for (i, &word) in self.0.iter().enumerate() {
            let running = running_counts(word);
            let here = running >> 56;
            if k < here {
                return Some(CardId((64 * i) as u16 + select(word, running, k).0));
            }
            k -= here;
        }
        None
    }

    /// A card drawn uniformly: the card `nth(rng.below(len))` gives, from
    /// the same single draw. `None`, drawing nothing, from the empty set.
    #[inline]
    pub fn random(self, rng: &mut Rng) -> Option<CardId> {
        let len = self.len();
        if len == 0 {
            return None;
        }
        self.nth(rng.below(len as u64) as usize)
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
    pub fn iter(self) -> WideSetIter<W> {
        WideSetIter { words: self.0, word: 0 }
    }

    /// The same cards as a one-word set, when every id is below 64.
    #[inline]
    pub fn narrow(self) -> Option<CardSet> {
        match self.0.split_first() {
            Some((&low, rest)) if rest.iter().all(|&w| w == 0) => Some(CardSet(low)),
            Some(_) => None,
            None => Some(CardSet::EMPTY),
        }
    }
}

impl<const W: usize> Default for WideSet<W> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const W: usize> From<CardSet> for WideSet<W> {
    /// The same cards, in the low word.
    #[inline]
    fn from(set: CardSet) -> Self {
        const { assert!(W >= 1, "a wide set of no word holds no card set") };
        let mut words = [0u64; W];
        words[0] = set.0;
        WideSet(words)
    }
}

impl<const W: usize> Ord for WideSet<W> {
    fn cmp(&self, other: &Self) -> Ordering {
        // The highest word decides first: the order of the numbers.
        self.0.iter().rev().cmp(other.0.iter().rev())
    }
}

impl<const W: usize> PartialOrd for WideSet<W> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const W: usize> BitOr for WideSet<W> {
    type Output = WideSet<W>;
    #[inline]
    fn bitor(self, other: WideSet<W>) -> WideSet<W> {
        WideSet(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }
}

impl<const W: usize> BitAnd for WideSet<W> {
    type Output = WideSet<W>;
    #[inline]
    fn bitand(self, other: WideSet<W>) -> WideSet<W> {
        WideSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }
}

impl<const W: usize> Sub for WideSet<W> {
    type Output = WideSet<W>;
    /// The cards of `self` not in `other`.
    #[inline]
    fn sub(self, other: WideSet<W>) -> WideSet<W> {
        WideSet(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }
}

impl<const W: usize> Not for WideSet<W> {
    type Output = WideSet<W>;
    /// Every id below the capacity not in the set (intersect with the
    /// deck's cards).
    #[inline]
    fn not(self) -> WideSet<W> {
        WideSet(self.0.map(|w| !w))
    }
}

impl<const W: usize> FromIterator<CardId> for WideSet<W> {
    fn from_iter<I: IntoIterator<Item = CardId>>(iter: I) -> Self {
        let mut s = WideSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

impl<const W: usize> IntoIterator for WideSet<W> {
    type Item = CardId;
    type IntoIter = WideSetIter<W>;
    fn into_iter(self) -> WideSetIter<W> {
        self.iter()
    }
}

impl<const W: usize> fmt::Debug for WideSet<W> {
    /// As [`CardSet`]'s: the ids, `{3, 64, 107}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|c| c.0)).finish()
    }
}

impl<const W: usize> Serialize for WideSet<W> {
    /// The ids in increasing order (see the module documentation).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter().map(|c| c.0))
    }
}

impl<'de, const W: usize> Deserialize<'de> for WideSet<W> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Ids<const W: usize>;
        impl<'de, const W: usize> Visitor<'de> for Ids<W> {
            type Value = WideSet<W>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "card ids in increasing order, each below {}", WideSet::<W>::CAPACITY)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<WideSet<W>, A::Error> {
                let mut set = WideSet::EMPTY;
                let mut last: Option<u16> = None;
                while let Some(id) = seq.next_element::<u16>()? {
                    if usize::from(id) >= WideSet::<W>::CAPACITY || last.is_some_and(|l| id <= l) {
                        return Err(de::Error::invalid_value(de::Unexpected::Unsigned(u64::from(id)), &self));
                    }
                    set.insert(CardId(id));
                    last = Some(id);
                }
                Ok(set)
            }
        }
        deserializer.deserialize_seq(Ids::<W>)
    }
}

/// The cards of a [`WideSet`], lowest id first.
#[derive(Clone, Copy, Debug)]
pub struct WideSetIter<const W: usize> {
    words: [u64; W],
    /// The first word that may still hold a card.
    word: usize,
}

impl<const W: usize> Iterator for WideSetIter<W> {
    type Item = CardId;
    #[inline]
    fn next(&mut self) -> Option<CardId> {
        while self.word < W {
            let w = &mut self.words[self.word];
            if *w != 0 {
                let c = w.trailing_zeros() as u16;
                *w &= *w - 1;
                return Some(CardId((64 * self.word) as u16 + c));
            }
            self.word += 1;
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.words[self.word.min(W)..]
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum();
        (n, Some(n))
    }
}

impl<const W: usize> ExactSizeIterator for WideSetIter<W> {}
