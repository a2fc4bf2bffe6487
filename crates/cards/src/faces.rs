//! Faces apart from instances, for rules: a deck's faces numbered by a
//! small index, how many of each face a set of instances holds, and the
//! instances that carry a multiset of faces.
//!
//! Rules read faces and counts: a Guandan pair is two cards of one rank, a
//! Pinochle meld two Q♠ whichever copies they are. Conservation, animation,
//! replay and serialisation use instance ids: the ledger tells the two Q♠
//! apart, an action names the copies it moves. A [`FaceIndex`] goes both
//! ways: [`counts`](FaceIndex::counts) from instances to a [`FaceCounts`],
//! [`lowest_of`](FaceIndex::lowest_of) and [`random_of`](FaceIndex::random_of)
//! from a multiset of faces back to instances of a set.

use std::fmt;

use tabula_search::Rng;

use crate::bits::CardBits;
use crate::card::{CardId, Deck};

/// The most faces a [`FaceIndex`] numbers: enough for two French decks
/// with jokers (54 faces), Pinochle (24), Durak (36).
pub const MAX_FACES: usize = 64;

/// How many cards of each face (indexed `0..MAX_FACES`): a multiset of
/// faces, copied in one move, compared and hashed as its counts.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FaceCounts([u8; MAX_FACES]);

impl FaceCounts {
    /// No card.
    pub const EMPTY: FaceCounts = FaceCounts([0; MAX_FACES]);

    /// The count of `face`.
    #[inline]
    pub fn get(&self, face: usize) -> usize {
        usize::from(self.0[face])
    }

    /// Adds `n` cards of `face`.
    ///
    /// # Panics
    /// When the face is not below [`MAX_FACES`], or the count passes 255.
    #[inline]
    pub fn add(&mut self, face: usize, n: usize) {
        let sum = usize::from(self.0[face]) + n;
        self.0[face] = u8::try_from(sum).expect("at most 255 cards of a face");
    }

    /// Takes `n` cards of `face` away if there are that many; whether there
    /// were (nothing is taken otherwise).
    #[inline]
    pub fn take(&mut self, face: usize, n: usize) -> bool {
        let have = usize::from(self.0[face]);
        if have < n {
            return false;
        }
        self.0[face] = (have - n) as u8;
        true
    }

    /// The number of cards.
    pub fn total(&self) -> usize {
        self.0.iter().map(|&n| usize::from(n)).sum()
    }

    /// Whether there is no card.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }

    /// Whether every face has at least `other`'s count.
    pub fn contains_all(&self, other: &FaceCounts) -> bool {
        self.0.iter().zip(&other.0).all(|(a, b)| a >= b)
    }

    /// `(face, count)` for each face present, in increasing face order.
    pub fn iter(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.0
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(f, &n)| (f, usize::from(n)))
    }
}

impl Default for FaceCounts {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl fmt::Debug for FaceCounts {
    /// The faces present and their counts, `{3: 2, 17: 1}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// A deck's faces numbered `0..faces()`, with the instances of each, in a
/// set type `S` wide enough for the deck.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FaceIndex<S> {
    /// The face index of each card, by id.
    face_of: Vec<u8>,
    /// The instances of each face.
    instances: Vec<S>,
}

impl<S: CardBits> FaceIndex<S> {
    /// Numbers the deck's distinct faces in the order of their first
    /// instance (card 0's face is face 0).
    ///
    /// # Panics
    /// When the deck has more cards than `S` holds, or more than
    /// [`MAX_FACES`] distinct faces.
    pub fn new<F: Copy + Eq>(deck: &Deck<F>) -> Self {
        let mut seen: Vec<F> = Vec::new();
        let mut face_of = Vec::with_capacity(deck.len());
        for &face in deck.faces() {
            let i = seen.iter().position(|&f| f == face).unwrap_or_else(|| {
                seen.push(face);
                seen.len() - 1
            });
            face_of.push(i);
        }
        Self::from_indices(face_of, seen.len())
    }

    /// Numbers the faces as the game chooses: `index(face)` is below
    /// `faces` (several faces may share an index: ranks alone, say, for a
    /// game whose rules read ranks).
    ///
    /// # Panics
    /// When the deck has more cards than `S` holds, `faces` is over
    /// [`MAX_FACES`], or an index is not below `faces`.
    pub fn by<F: Copy + Eq>(deck: &Deck<F>, faces: usize, index: impl Fn(F) -> usize) -> Self {
        Self::from_indices(deck.faces().iter().map(|&f| index(f)).collect(), faces)
    }

    fn from_indices(indices: Vec<usize>, faces: usize) -> Self {
        assert!(
            indices.len() <= S::CAPACITY,
            "{} cards in a set of {} ids",
            indices.len(),
            S::CAPACITY
        );
        assert!(faces <= MAX_FACES, "{faces} faces: at most {MAX_FACES}");
        let mut instances = vec![S::EMPTY; faces];
        let mut face_of = Vec::with_capacity(indices.len());
        for (id, &f) in indices.iter().enumerate() {
            assert!(f < faces, "face index {f} of card #{id}: {faces} faces");
            instances[f].insert(CardId(id as u16));
            face_of.push(f as u8);
        }
        FaceIndex { face_of, instances }
    }

    /// The number of faces.
    pub fn faces(&self) -> usize {
        self.instances.len()
    }

    /// The face index of a card.
    ///
    /// # Panics
    /// When the card is not in the deck.
    #[inline]
    pub fn face_of(&self, card: CardId) -> usize {
        usize::from(self.face_of[card.index()])
    }

    /// Every instance of `face`.
    #[inline]
    pub fn instances(&self, face: usize) -> S {
        self.instances[face]
    }

    /// How many cards of `face` the set holds.
    #[inline]
    pub fn count(&self, set: S, face: usize) -> usize {
        (set & self.instances[face]).len()
    }

    /// How many cards of each face the set holds.
    pub fn counts(&self, set: S) -> FaceCounts {
        let mut counts = FaceCounts::EMPTY;
        for c in set.iter() {
            counts.add(self.face_of(c), 1);
        }
        counts
    }

    /// The `k` instances of `face` of lowest id in `set`; `None` when the
    /// set holds fewer.
    pub fn lowest(&self, set: S, face: usize, k: usize) -> Option<S> {
        let mut pool = set & self.instances[face];
        (pool.len() >= k).then(|| {
            let mut out = S::EMPTY;
            for _ in 0..k {
                let c = pool.lowest().expect("counted");
                pool.remove(c);
                out.insert(c);
            }
            out
        })
    }

    /// `k` instances of `face` in `set`, every choice of `k` equally likely
    /// (one draw per card); `None`, drawing nothing, when the set holds
    /// fewer.
    pub fn random(&self, set: S, face: usize, k: usize, rng: &mut Rng) -> Option<S> {
        let mut pool = set & self.instances[face];
        (pool.len() >= k).then(|| {
            let mut out = S::EMPTY;
            for _ in 0..k {
                let c = pool.random(rng).expect("counted");
                pool.remove(c);
                out.insert(c);
            }
            out
        })
    }

    /// Instances of `set` carrying the multiset `counts`, lowest ids of
    /// each face first (deterministic: a canonical choice among copies the
    /// rules cannot tell apart); `None` when the set lacks some.
    pub fn lowest_of(&self, set: S, counts: &FaceCounts) -> Option<S> {
        counts
            .iter()
            .try_fold(S::EMPTY, |out, (f, n)| Some(out | self.lowest(set, f, n)?))
    }

    /// Instances of `set` carrying the multiset `counts`, each choice of
    /// copies equally likely (faces in increasing order, one draw per
    /// card); `None` when the set lacks some (the draws made so far are
    /// spent).
    pub fn random_of(&self, set: S, counts: &FaceCounts, rng: &mut Rng) -> Option<S> {
        counts
            .iter()
            .try_fold(S::EMPTY, |out, (f, n)| Some(out | self.random(set, f, n, rng)?))
    }
}
