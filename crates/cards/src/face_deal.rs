//! Determinization stated in faces, for multi-deck games: how many copies
//! of each face are unseen (two 8♥), where each face may be (a void in
//! hearts bars every heart from that hand), which copies are known in which
//! holder, and the holders' sizes.
//!
//! The copies of a face are distinct physical cards, and every physical
//! arrangement of them consistent with the constraints is equally likely:
//! the deal follows the same law as a [`DealProblem`](crate::DealProblem) listing each copy as
//! an instance. A hand holding both unseen 8♥ is one arrangement of them;
//! a hand holding one, with the other in the stock, is two (either copy
//! could be the one in the hand). So a face-count pattern weighs
//! `∏ copies! / ∏ count!` (per face, the ways to split its copies) times
//! the ways to fill the rest, not one: a uniform choice among patterns
//! would overweight hands of pairs.
//!
//! The counting and the draws are [`DealProblem`](crate::DealProblem)'s own machinery: faces
//! that allow the same holders form a class of copies, a dynamic program
//! counts the arrangements of every capacity vector (in logarithms), and a
//! draw splits class by class and shuffles the class's face labels into
//! the split. [`FaceDealSampler`] is prepared once per observation and
//! draws face counts per holder without allocating;
//! [`sample_instances`](FaceDealSampler::sample_instances) then gives each
//! holder instance ids, each choice of copies equally likely, which makes
//! every arrangement of the instances equally likely.
//!
//! ```
//! use tabula_cards::*;
//! use tabula_search::Rng;
//!
//! // Two copies each of three faces (♥ ♠ ♣): ids 0..6, faces ♥♠♣♥♠♣.
//! let deck = Deck::copies(&['♥', '♠', '♣'], 2);
//! let faces: FaceIndex<CardSet> = FaceIndex::new(&deck);
//! const HAND: u32 = 0b001; // holder 0: a hand of 2, void in ♥ (face 0)
//! const OTHER: u32 = 0b010; // holder 1: a hand of 2
//! const STOCK: u32 = 0b100; // holder 2: a stock of 2
//! let mut problem = FaceDealProblem::new(vec![2, 2, 2]);
//! problem.add_pool(deck_set(6), &faces, |f| if f == 0 { OTHER | STOCK } else { HAND | OTHER | STOCK });
//! // The void hand takes 2 of the 4 other cards (6 ways), the other hand
//! // 2 of the 4 left (6 ways): 36 physical deals.
//! assert!((problem.ln_arrangements().unwrap().exp() - 36.0).abs() < 1e-9);
//!
//! let mut sampler = FaceDealSampler::new(&problem).unwrap();
//! let mut counts = [FaceCounts::EMPTY; 3];
//! let mut hands = [CardSet::EMPTY; 3];
//! sampler.sample_instances(&mut Rng::new(7), deck_set(6), &faces, &mut counts, &mut hands);
//! assert_eq!(counts[0].get(0), 0); // no ♥ in the void hand
//! assert_eq!(faces.counts(hands[0]), counts[0]); // the ids carry the drawn faces
//! assert_eq!(hands[0] | hands[1] | hands[2], deck_set(6)); // every card dealt once
//! # fn deck_set(n: usize) -> CardSet { CardSet::first(n) }
//! ```

use tabula_search::Rng;

use crate::bits::CardBits;
use crate::determinize::{Class, DealError, HolderSet, classes_of, ln_arrangements};
use crate::faces::{FaceCounts, FaceIndex, MAX_FACES};
use crate::sampler::Draws;

/// The unseen copies of each face, where they may be, the copies known in
/// a holder, and the holders' capacities (known copies included).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FaceDealProblem {
    capacities: Vec<usize>,
    /// `(face, copies, allowed)`.
    faces: Vec<(usize, usize, HolderSet)>,
    /// `(face, holder, copies)`.
    fixed: Vec<(usize, usize, usize)>,
}

impl FaceDealProblem {
    /// A problem with holders of the given capacities and no card yet.
    pub fn new(capacities: Vec<usize>) -> Self {
        FaceDealProblem {
            capacities,
            ..Self::default()
        }
    }

    /// Adds `copies` unseen copies of `face`, each of which may go to any
    /// holder of `allowed`.
    pub fn add_face(&mut self, face: usize, copies: usize, allowed: HolderSet) {
        self.faces.push((face, copies, allowed));
    }

    /// Adds the cards of `pool` by face (each face present once, with its
    /// count), face `f` allowed in the holders of `allowed(f)`.
    pub fn add_pool<S: CardBits>(&mut self, pool: S, index: &FaceIndex<S>, allowed: impl Fn(usize) -> HolderSet) {
        for (face, copies) in index.counts(pool).iter() {
            self.add_face(face, copies, allowed(face));
        }
    }

    /// Fixes `copies` of a face's unseen copies in `holder`: specific
    /// physical cards known to be there (picked up from a discard pile, a
    /// known kitty card) whose ids the observer cannot tell apart from the
    /// other copies. They count in the face's copies and the holder's
    /// capacity; the constraints of [`add_face`](Self::add_face) bind the
    /// other copies only. (A card known by its id is simply left out of
    /// the problem, as in a [`DealProblem`](crate::DealProblem).)
    pub fn fix(&mut self, face: usize, holder: usize, copies: usize) {
        self.fixed.push((face, holder, copies));
    }

    /// The holders' capacities.
    pub fn capacities(&self) -> &[usize] {
        &self.capacities
    }

    /// Checks the problem and splits the fixed copies from the free ones.
    fn prepare(&self) -> Result<Prepared, DealError> {
        let cards: usize = self.faces.iter().map(|f| f.1).sum();
        let capacity: usize = self.capacities.iter().sum();
        if cards != capacity {
            return Err(DealError::Count { cards, capacity });
        }
        let mut fixed = vec![FaceCounts::EMPTY; self.capacities.len()];
        let mut free_copies = FaceCounts::EMPTY;
        for (k, &(face, copies, _)) in self.faces.iter().enumerate() {
            let bad = |reason| Err(DealError::Face { face, reason });
            if face >= MAX_FACES {
                return bad("a face index is below MAX_FACES");
            }
            if self.faces[..k].iter().any(|f| f.0 == face) {
                return bad("listed twice");
            }
            if copies > 255 {
                return bad("more than 255 copies");
            }
            free_copies.add(face, copies);
        }
        for &(face, holder, copies) in &self.fixed {
            if holder >= fixed.len() {
                return Err(DealError::Face {
                    face,
                    reason: "fixed in a holder that does not exist",
                });
            }
            if face >= MAX_FACES || !free_copies.take(face, copies) {
                return Err(DealError::Face {
                    face,
                    reason: "more copies fixed than unseen",
                });
            }
            fixed[holder].add(face, copies);
        }
        let mut free_capacities = Vec::with_capacity(fixed.len());
        for (cap, known) in self.capacities.iter().zip(&fixed) {
            free_capacities.push(cap.checked_sub(known.total()).ok_or(DealError::Infeasible)?);
        }
        let items: Vec<(u8, HolderSet)> = self
            .faces
            .iter()
            .flat_map(|&(face, _, allowed)| std::iter::repeat_n((face as u8, allowed), free_copies.get(face)))
            .collect();
        let classes = classes_of(&free_capacities, items.into_iter(), |face| DealError::Face {
            face: usize::from(face),
            reason: "no valid holder",
        })?;
        Ok(Prepared {
            fixed,
            free_capacities,
            classes,
        })
    }

    /// The natural logarithm of the number of physical arrangements of the
    /// free copies (each copy a distinct card; order within a holder
    /// ignored): the same count as a [`DealProblem`](crate::DealProblem) listing each copy.
    ///
    /// # Errors
    /// As [`sample`](FaceDealProblem::sample), except that an infeasible
    /// problem returns `-inf`.
    pub fn ln_arrangements(&self) -> Result<f64, DealError> {
        let p = self.prepare()?;
        Ok(ln_arrangements(&p.classes, &p.free_capacities))
    }

    /// Draws the face counts of each holder (fixed copies included), every
    /// physical arrangement equally likely. (To draw many deals of one
    /// problem, prepare it once: [`FaceDealSampler`].)
    ///
    /// # Errors
    /// When the copies do not add up to the capacities, a face is listed
    /// twice, fixed beyond its copies or allows no holder, or no deal
    /// satisfies the constraints.
    pub fn sample(&self, rng: &mut Rng) -> Result<Vec<FaceCounts>, DealError> {
        let mut sampler = FaceDealSampler::new(self)?;
        let mut out = vec![FaceCounts::EMPTY; self.capacities.len()];
        sampler.sample_into(rng, &mut out);
        Ok(out)
    }
}

/// A checked problem: the fixed copies of each holder, the capacities left
/// free, and the free copies as classes of face labels.
struct Prepared {
    fixed: Vec<FaceCounts>,
    free_capacities: Vec<usize>,
    classes: Vec<Class<u8>>,
}

/// A [`FaceDealProblem`] ready for many draws (see the module
/// documentation).
#[derive(Clone, Debug)]
pub struct FaceDealSampler {
    draws: Draws<u8>,
    fixed: Vec<FaceCounts>,
    /// Every unseen copy, fixed or free: what a pool of instances holds.
    cards: usize,
}

impl FaceDealSampler {
    /// Prepares `problem`.
    ///
    /// # Errors
    /// As [`FaceDealProblem::sample`].
    pub fn new(problem: &FaceDealProblem) -> Result<Self, DealError> {
        let p = problem.prepare()?;
        Ok(FaceDealSampler {
            // Root searches draw a few hundred worlds of a face deal: the
            // prepared splits cost more than they save (Guandan's searches
            // measured 5% slower with them).
            draws: Draws::new(&p.free_capacities, p.classes, false)?,
            fixed: p.fixed,
            cards: problem.capacities.iter().sum(),
        })
    }

    /// The number of holders.
    pub fn holders(&self) -> usize {
        self.fixed.len()
    }

    /// Draws the face counts of each holder into `out` (fixed copies
    /// included), every physical arrangement equally likely. Allocates
    /// nothing once the sampler has drawn (the first draw sizes its
    /// buffers).
    ///
    /// # Panics
    /// When `out` does not have one entry per holder.
    pub fn sample_into(&mut self, rng: &mut Rng, out: &mut [FaceCounts]) {
        assert_eq!(out.len(), self.fixed.len(), "one face count per holder");
        out.copy_from_slice(&self.fixed);
        self.draws.deal(rng, |h, faces| {
            for &f in faces {
                out[h].add(usize::from(f), 1);
            }
        });
    }

    /// Draws a deal of the instances of `pool` (the unseen cards, fixed
    /// copies included): the face counts into `counts`, then each holder's
    /// instances into `out`, each choice of copies of a face equally
    /// likely, so that every arrangement of the instances is. Allocates
    /// nothing once the sampler has drawn.
    ///
    /// # Panics
    /// When `counts` or `out` does not have one entry per holder, or
    /// `pool`'s faces are not the problem's unseen copies.
    pub fn sample_instances<S: CardBits>(
        &mut self,
        rng: &mut Rng,
        pool: S,
        index: &FaceIndex<S>,
        counts: &mut [FaceCounts],
        out: &mut [S],
    ) {
        assert_eq!(out.len(), self.fixed.len(), "one set per holder");
        // With the totals equal, a pool that has every face's copies has no
        // other card.
        assert_eq!(pool.len(), self.cards, "the pool holds the unseen copies");
        self.sample_into(rng, counts);
        let mut rest = pool;
        for (set, c) in out.iter_mut().zip(counts.iter()) {
            *set = index
                .random_of(rest, c, rng)
                .expect("the pool holds the unseen copies of each face");
            rest = rest - *set;
        }
    }
}
