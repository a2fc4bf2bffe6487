//! Determinization under constraints, weighted by physical arrangements.
//!
//! The cards a seat cannot see must be dealt to the places it cannot see
//! (opponents' hands, a stock, face-down cells: *holders*, each with a
//! fixed capacity), respecting what the rules let anyone deduce: a revealed
//! void (the card may not go to that hand), a known kitty card (it may go to
//! one holder only). Each card carries the set of holders allowed for it.
//!
//! [`DealProblem::sample`] (in [`crate::sampler`]) draws a deal from the **conditional distribution
//! over physical arrangements**: every assignment of the distinct card
//! instances to holders that respects capacities and constraints is equally
//! likely. It is *not* a uniform choice among count patterns — one pattern
//! (how many hearts each hand holds) can hide hundreds of deals, another a
//! handful, and the sampler weights each pattern by its number of deals.
//!
//! The method is exact: cards with the same allowed set form a class; a
//! dynamic program over the classes counts, for each vector of remaining
//! capacities, the arrangements that complete it; a deal is then drawn class
//! by class, each split of a class among its holders chosen with probability
//! proportional to (ways to split the class) × (completions). Counts are
//! kept as logarithms, so decks of any size fit in an `f64`. The same
//! machinery draws deals stated in faces, with copies of a face
//! ([`FaceDealProblem`](crate::FaceDealProblem)).

use std::collections::HashMap;

use crate::card::CardId;

/// The most holders a problem may have.
pub const MAX_HOLDERS: usize = 32;

/// Why a deal cannot be drawn.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    /// The capacities do not add up to the number of cards.
    #[error("{cards} cards for {capacity} places")]
    Count {
        /// Cards to deal.
        cards: usize,
        /// Total capacity.
        capacity: usize,
    },
    /// A card allows no holder, or a holder that does not exist.
    #[error("card {0} has no valid holder")]
    NoHolder(CardId),
    /// No arrangement satisfies every constraint.
    #[error("no deal satisfies the constraints")]
    Infeasible,
    /// More than [`MAX_HOLDERS`] holders.
    #[error("at most {MAX_HOLDERS} holders")]
    TooManyHolders,
    /// A face of a [`FaceDealProblem`](crate::FaceDealProblem) stated
    /// inconsistently.
    #[error("face {face}: {reason}")]
    Face {
        /// The face's index.
        face: usize,
        /// What is wrong with it.
        reason: &'static str,
    },
}

/// A set of holders as a bit set (bit `h` for holder `h`).
pub type HolderSet = u32;

/// The cards to deal, their allowed holders, and the holders' capacities.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DealProblem {
    capacities: Vec<usize>,
    cards: Vec<(CardId, HolderSet)>,
}

/// Cards that allow the same holders: card instances for a
/// [`DealProblem`], face labels of copies for a face deal (the counting is
/// the same; only what is dealt differs).
#[derive(Clone, Debug)]
pub(crate) struct Class<T = CardId> {
    pub(crate) mask: HolderSet,
    pub(crate) cards: Vec<T>,
}

/// Groups `items` by allowed holders, after checking them against
/// `capacities`: the classes the counting and the draws work on, largest
/// last (it is filled without enumerating its splits). `no_holder` names
/// an item that allows no existing holder.
pub(crate) fn classes_of<T: Copy>(
    capacities: &[usize],
    items: impl ExactSizeIterator<Item = (T, HolderSet)>,
    no_holder: impl Fn(T) -> DealError,
) -> Result<Vec<Class<T>>, DealError> {
    let h = capacities.len();
    if h > MAX_HOLDERS {
        return Err(DealError::TooManyHolders);
    }
    let capacity: usize = capacities.iter().sum();
    if capacity != items.len() {
        return Err(DealError::Count {
            cards: items.len(),
            capacity,
        });
    }
    let valid = if h >= 32 { u32::MAX } else { (1u32 << h) - 1 };
    let mut classes: Vec<Class<T>> = Vec::new();
    for (card, mask) in items {
        let mask = mask & valid;
        if mask == 0 {
            return Err(no_holder(card));
        }
        match classes.iter_mut().find(|c| c.mask == mask) {
            Some(c) => c.cards.push(card),
            None => classes.push(Class {
                mask,
                cards: vec![card],
            }),
        }
    }
    classes.sort_by_key(|c| (c.cards.len(), c.mask));
    Ok(classes)
}

pub(crate) fn ln_factorials(n: usize) -> Vec<f64> {
    let mut v = Vec::with_capacity(n + 1);
    let mut acc = 0.0f64;
    v.push(0.0);
    for k in 1..=n {
        acc += tabula_search::math::ln(k as f64);
        v.push(acc);
    }
    v
}

fn log_add(a: f64, b: f64) -> f64 {
    if a == f64::NEG_INFINITY {
        return b;
    }
    if b == f64::NEG_INFINITY {
        return a;
    }
    let m = a.max(b);
    use tabula_search::math::{exp, ln};
    m + ln(exp(a - m) + exp(b - m))
}

/// Calls `f` with every split of `count` cards among the holders of `mask`
/// bounded by `caps` (entries outside `mask` are 0).
pub(crate) fn for_each_split(count: usize, mask: HolderSet, caps: &[u16], f: &mut dyn FnMut(&[u16])) {
    fn rec(h: usize, rem: usize, mask: HolderSet, caps: &[u16], split: &mut Vec<u16>, f: &mut dyn FnMut(&[u16])) {
        if h == caps.len() {
            if rem == 0 {
                f(split);
            }
            return;
        }
        if mask & (1 << h) == 0 {
            split.push(0);
            rec(h + 1, rem, mask, caps, split, f);
            split.pop();
            return;
        }
        // What the later allowed holders can still take.
        let later: usize = (h + 1..caps.len())
            .filter(|&j| mask & (1 << j) != 0)
            .map(|j| usize::from(caps[j]))
            .sum();
        let lo = rem.saturating_sub(later);
        let hi = rem.min(usize::from(caps[h]));
        for n in lo..=hi {
            split.push(n as u16);
            rec(h + 1, rem - n, mask, caps, split, f);
            split.pop();
        }
    }
    let mut split = Vec::with_capacity(caps.len());
    rec(0, count, mask, caps, &mut split, f);
}

/// ln of the ways to split `count` cards as `split` says.
pub(crate) fn ln_split(lnf: &[f64], count: usize, split: &[u16]) -> f64 {
    lnf[count] - split.iter().map(|&n| lnf[usize::from(n)]).sum::<f64>()
}

/// ln of the arrangements of classes `i..` into `caps` when no split is
/// left to choose: past the last class, or at the last one, which fills
/// what is left. `None` before that.
pub(crate) fn ln_tail<T>(classes: &[Class<T>], lnf: &[f64], i: usize, caps: &[u16]) -> Option<f64> {
    if i == classes.len() {
        return Some(if caps.iter().all(|&c| c == 0) {
            0.0
        } else {
            f64::NEG_INFINITY
        });
    }
    if i + 1 < classes.len() {
        return None;
    }
    let class = &classes[i];
    let fits = caps
        .iter()
        .enumerate()
        .all(|(h, &c)| c == 0 || class.mask & (1 << h) != 0);
    let total: usize = caps.iter().map(|&c| usize::from(c)).sum();
    Some(if fits && total == class.cards.len() {
        ln_split(lnf, total, caps)
    } else {
        f64::NEG_INFINITY
    })
}

/// The splits a [`Counter`] tried at one class and capacity vector, one
/// after another (a number per holder each), and each one's term: ln of
/// its own arrangements and of the later classes' into what it leaves.
pub(crate) type Terms = (Vec<u16>, Vec<f64>);

/// What a [`Counter`] keeps by class and capacity vector.
pub(crate) type ByVector<V> = HashMap<(usize, Vec<u16>), V>;

/// Counts arrangements class by class, remembering every capacity vector
/// it meets (and, when recording, the terms of its sums).
pub(crate) struct Counter<'a, T> {
    classes: &'a [Class<T>],
    lnf: Vec<f64>,
    memo: ByVector<f64>,
    terms: Option<ByVector<Terms>>,
}

impl<'a, T> Counter<'a, T> {
    pub(crate) fn new(classes: &'a [Class<T>], lnf: Vec<f64>) -> Self {
        Counter {
            classes,
            lnf,
            memo: HashMap::new(),
            terms: None,
        }
    }

    /// A counter that also keeps the terms of every sum it makes (what a
    /// sampler weighs its splits by).
    pub(crate) fn recording(classes: &'a [Class<T>], lnf: Vec<f64>) -> Self {
        Counter {
            terms: Some(HashMap::new()),
            ..Counter::new(classes, lnf)
        }
    }

    /// The counts met so far, keyed by class and capacities, and, when
    /// recording, the terms of each.
    pub(crate) fn into_parts(self) -> (ByVector<f64>, ByVector<Terms>) {
        (self.memo, self.terms.unwrap_or_default())
    }

    pub(crate) fn ln_split(&self, count: usize, split: &[u16]) -> f64 {
        ln_split(&self.lnf, count, split)
    }

    /// ln of the number of arrangements of classes `i..` into `caps`.
    pub(crate) fn ln_completions(&mut self, i: usize, caps: &[u16]) -> f64 {
        if let Some(v) = ln_tail(self.classes, &self.lnf, i, caps) {
            return v;
        }
        let class = &self.classes[i];
        if let Some(&v) = self.memo.get(&(i, caps.to_vec())) {
            return v;
        }
        let mut splits = Vec::new();
        for_each_split(class.cards.len(), class.mask, caps, &mut |s| splits.push(s.to_vec()));
        let mut acc = f64::NEG_INFINITY;
        let mut rest = caps.to_vec();
        let mut terms = Vec::new();
        for s in &splits {
            for (h, r) in rest.iter_mut().enumerate() {
                *r = caps[h] - s[h];
            }
            let sub = self.ln_completions(i + 1, &rest);
            let term = self.ln_split(class.cards.len(), s) + sub;
            acc = log_add(acc, term);
            terms.push(term);
        }
        if let Some(recorded) = &mut self.terms {
            recorded.insert((i, caps.to_vec()), (splits.concat(), terms));
        }
        self.memo.insert((i, caps.to_vec()), acc);
        acc
    }
}

/// ln of the arrangements of `classes` into holders of `capacities`.
pub(crate) fn ln_arrangements<T>(classes: &[Class<T>], capacities: &[usize]) -> f64 {
    let caps: Vec<u16> = capacities.iter().map(|&c| c as u16).collect();
    let cards = classes.iter().map(|c| c.cards.len()).sum();
    Counter::new(classes, ln_factorials(cards)).ln_completions(0, &caps)
}

impl DealProblem {
    /// A problem with holders of the given capacities and no card yet.
    pub fn new(capacities: Vec<usize>) -> Self {
        DealProblem {
            capacities,
            cards: Vec::new(),
        }
    }

    /// Adds a card that may go to any holder of `allowed`.
    pub fn add(&mut self, card: CardId, allowed: HolderSet) {
        self.cards.push((card, allowed));
    }

    /// Adds a card that may go to any holder.
    pub fn add_free(&mut self, card: CardId) {
        let all = if self.capacities.len() >= 32 {
            u32::MAX
        } else {
            (1u32 << self.capacities.len()) - 1
        };
        self.add(card, all);
    }

    /// The holders' capacities.
    pub fn capacities(&self) -> &[usize] {
        &self.capacities
    }

    pub(crate) fn classes(&self) -> Result<Vec<Class>, DealError> {
        classes_of(&self.capacities, self.cards.iter().copied(), DealError::NoHolder)
    }

    /// The natural logarithm of the number of physical arrangements (card
    /// instances to holders, order within a holder ignored).
    ///
    /// # Errors
    /// As [`sample`](DealProblem::sample), except that an infeasible
    /// problem returns `-inf`.
    pub fn ln_arrangements(&self) -> Result<f64, DealError> {
        Ok(ln_arrangements(&self.classes()?, &self.capacities))
    }
}

#[cfg(test)]
mod tests {
    use tabula_search::Rng;

    use super::*;

    /// Every arrangement of `cards` into holders with these capacities and
    /// masks, by brute force.
    fn brute_force(caps: &[usize], cards: &[(CardId, HolderSet)]) -> usize {
        fn rec(i: usize, caps: &mut Vec<usize>, cards: &[(CardId, HolderSet)]) -> usize {
            if i == cards.len() {
                return usize::from(caps.iter().all(|&c| c == 0));
            }
            let mut n = 0;
            for h in 0..caps.len() {
                if cards[i].1 & (1 << h) != 0 && caps[h] > 0 {
                    caps[h] -= 1;
                    n += rec(i + 1, caps, cards);
                    caps[h] += 1;
                }
            }
            n
        }
        rec(0, &mut caps.to_vec(), cards)
    }

    #[test]
    fn arrangement_counts_match_brute_force() {
        let mut rng = Rng::new(5);
        for _ in 0..40 {
            let holders = 2 + rng.below(3) as usize;
            let n = 3 + rng.below(6) as usize;
            let mut caps = vec![0; holders];
            for _ in 0..n {
                caps[rng.below(holders as u64) as usize] += 1;
            }
            let mut p = DealProblem::new(caps.clone());
            let mut listed = Vec::new();
            for i in 0..n {
                let mask = 1 + rng.below((1 << holders) - 1) as u32;
                p.add(CardId(i as u16), mask);
                listed.push((CardId(i as u16), mask));
            }
            let exact = brute_force(&caps, &listed);
            let ln = p.ln_arrangements().unwrap();
            if exact == 0 {
                assert_eq!(ln, f64::NEG_INFINITY);
                assert_eq!(p.sample(&mut rng), Err(DealError::Infeasible));
            } else {
                assert!(
                    (tabula_search::math::exp(ln) - exact as f64).abs() < 1e-6 * exact as f64,
                    "{ln} vs {exact}"
                );
            }
        }
    }

    #[test]
    fn errors_are_reported() {
        let mut p = DealProblem::new(vec![1, 1]);
        p.add_free(CardId(0));
        assert!(matches!(p.sample(&mut Rng::new(1)), Err(DealError::Count { .. })));
        p.add(CardId(1), 0b100);
        assert_eq!(p.sample(&mut Rng::new(1)), Err(DealError::NoHolder(CardId(1))));
    }
}
