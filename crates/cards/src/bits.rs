//! One interface over card sets of every width, so that the code the games
//! share (plugins, face counts, deals) is written once and compiled for
//! each width: [`CardSet`], one word, for decks that fit in 64 ids;
//! [`WideSet<W>`] for larger ones. Generic code names `S: CardBits`; each
//! use is monomorphised (no dynamic dispatch, no allocation), so a
//! one-word game runs [`CardSet`]'s own code.

use std::fmt;
use std::hash::Hash;
use std::ops::{BitAnd, BitOr, Not, Sub};

use serde::Serialize;
use serde::de::DeserializeOwned;

use tabula_search::Rng;

use crate::card::CardId;
use crate::set::{CardSet, CardSetIter};
use crate::wide::{WideSet, WideSetIter};

/// A set of card instances with ids `0..CAPACITY`: the operations of
/// [`CardSet`] and [`WideSet`], whose own methods document them. Iteration
/// is in increasing id order; `!set` holds every id below the capacity not
/// in the set.
pub trait CardBits:
    Copy
    + Default
    + Eq
    + Ord
    + Hash
    + fmt::Debug
    + BitOr<Output = Self>
    + BitAnd<Output = Self>
    + Sub<Output = Self>
    + Not<Output = Self>
    + FromIterator<CardId>
    + IntoIterator<Item = CardId, IntoIter = Self::Iter>
    + Serialize
    + DeserializeOwned
{
    /// How many ids the set can hold.
    const CAPACITY: usize;
    /// No card.
    const EMPTY: Self;
    /// The cards, lowest id first.
    type Iter: ExactSizeIterator<Item = CardId> + Clone;

    /// Cards `0..n` (panics over the capacity).
    fn first(n: usize) -> Self;
    /// The set of one card (panics for an id beyond the capacity).
    fn of(card: CardId) -> Self;
    /// Whether the set holds `card`.
    fn contains(self, card: CardId) -> bool;
    /// Whether every card of `other` is in the set.
    fn contains_all(self, other: Self) -> bool;
    /// Adds `card` (panics for an id beyond the capacity).
    fn insert(&mut self, card: CardId);
    /// Removes `card`; whether it was there.
    fn remove(&mut self, card: CardId) -> bool;
    /// The number of cards.
    fn len(self) -> usize;
    /// Whether the set is empty.
    fn is_empty(self) -> bool;
    /// The card of lowest id.
    fn lowest(self) -> Option<CardId>;
    /// The card of highest id.
    fn highest(self) -> Option<CardId>;
    /// The `k`-th card in id order (from 0).
    fn nth(self, k: usize) -> Option<CardId>;
    /// A card drawn uniformly with one `rng.below(len)`: the card
    /// `nth` gives for that draw.
    fn random(self, rng: &mut Rng) -> Option<CardId>;
    /// Each card as an equally likely chance outcome, in id order.
    fn uniform_outcomes<A>(self, out: &mut Vec<(A, f64)>, outcome: impl Fn(CardId) -> A);
    /// The cards in increasing id order.
    fn iter(self) -> Self::Iter;
}

/// Implements [`CardBits`] by the type's own methods of the same names
/// (inherent methods come first in path resolution, so each line calls the
/// type's method, not itself).
macro_rules! card_bits_by_inherent {
    ([$($generics:tt)*] $set:ty, $iter:ty, $capacity:expr) => {
        impl<$($generics)*> CardBits for $set {
            const CAPACITY: usize = $capacity;
            const EMPTY: Self = <$set>::EMPTY;
            type Iter = $iter;
            #[inline(always)]
            fn first(n: usize) -> Self {
                <$set>::first(n)
            }
            #[inline(always)]
            fn of(card: CardId) -> Self {
                <$set>::of(card)
            }
            #[inline(always)]
            fn contains(self, card: CardId) -> bool {
                <$set>::contains(self, card)
            }
            #[inline(always)]
            fn contains_all(self, other: Self) -> bool {
                <$set>::contains_all(self, other)
            }
            #[inline(always)]
            fn insert(&mut self, card: CardId) {
                <$set>::insert(self, card)
            }
            #[inline(always)]
            fn remove(&mut self, card: CardId) -> bool {
                <$set>::remove(self, card)
            }
            #[inline(always)]
            fn len(self) -> usize {
                <$set>::len(self)
            }
            #[inline(always)]
            fn is_empty(self) -> bool {
                <$set>::is_empty(self)
            }
            #[inline(always)]
            fn lowest(self) -> Option<CardId> {
                <$set>::lowest(self)
            }
            #[inline(always)]
            fn highest(self) -> Option<CardId> {
                <$set>::highest(self)
            }
            #[inline(always)]
            fn nth(self, k: usize) -> Option<CardId> {
                <$set>::nth(self, k)
            }
            #[inline(always)]
            fn random(self, rng: &mut Rng) -> Option<CardId> {
                <$set>::random(self, rng)
            }
            fn uniform_outcomes<A>(self, out: &mut Vec<(A, f64)>, outcome: impl Fn(CardId) -> A) {
                <$set>::uniform_outcomes(self, out, outcome)
            }
            #[inline(always)]
            fn iter(self) -> Self::Iter {
                <$set>::iter(self)
            }
        }
    };
}

card_bits_by_inherent!([] CardSet, CardSetIter, 64);
card_bits_by_inherent!([const W: usize] WideSet<W>, WideSetIter<W>, 64 * W);
