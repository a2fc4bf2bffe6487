//! A deal problem prepared once for many draws: what a search builds per
//! observation and draws a world from at every iteration.
//!
//! [`DealProblem::sample`] works out the card classes and counts the
//! arrangements of every capacity vector at each call; a [`DealSampler`]
//! does that once, keeps the counts in a table looked up without
//! allocating, keeps each class's splits with their weights by capacity
//! vector (a draw looks a class up instead of weighing every split again:
//! a search drawing thousands of worlds, some of them again and again to
//! fit what the table saw, spent a fifth of its time there), and deals
//! into a reused [`Deal`]. Every draw follows the
//! same distribution and consumes the generator exactly as
//! [`DealProblem::sample`] does, so a search gets the same worlds either
//! way (a test pins it).

use std::collections::BTreeMap;

use tabula_search::Rng;

use crate::card::CardId;
use crate::determinize::{Class, Counter, DealError, DealProblem, ln_factorials, ln_split, ln_tail};

/// The cards of each holder, in one buffer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Deal {
    cards: Vec<CardId>,
    starts: Vec<usize>,
}

impl Deal {
    /// An empty deal, to be filled by [`DealSampler::sample_into`].
    pub fn new() -> Self {
        Self::default()
    }

    /// The cards of holder `h`, in a uniformly random order.
    pub fn holder(&self, h: usize) -> &[CardId] {
        &self.cards[self.starts[h]..self.starts[h + 1]]
    }

    /// The number of holders.
    pub fn holders(&self) -> usize {
        self.starts.len().saturating_sub(1)
    }
}

impl DealProblem {
    /// Draws a deal: the cards of each holder, in a uniformly random order.
    /// Every valid arrangement of the instances is equally likely. (To draw
    /// many deals of one problem, prepare it once: [`DealSampler`].)
    ///
    /// # Errors
    /// If the capacities do not match the cards, a card allows no holder, or
    /// no deal satisfies the constraints.
    pub fn sample(&self, rng: &mut Rng) -> Result<Vec<Vec<CardId>>, DealError> {
        let mut sampler = DealSampler::new(self)?;
        let mut deal = Deal::new();
        sampler.sample_into(rng, &mut deal);
        Ok((0..deal.holders()).map(|h| deal.holder(h).to_vec()).collect())
    }
}

/// A [`DealProblem`] ready for many draws (see the module documentation).
#[derive(Clone, Debug)]
pub struct DealSampler {
    draws: Draws<CardId>,
    fill: Vec<usize>,
}

impl DealSampler {
    /// Prepares `problem`.
    ///
    /// # Errors
    /// As [`DealProblem::sample`]: capacities that do not match the cards, a
    /// card without a holder, or no deal at all.
    pub fn new(problem: &DealProblem) -> Result<Self, DealError> {
        // A world per search iteration: thousands of draws pay for the
        // prepared splits.
        let draws = Draws::new(problem.capacities(), problem.classes()?, true)?;
        Ok(DealSampler {
            fill: vec![0; draws.capacities.len()],
            draws,
        })
    }

    /// Draws a deal into `out`: every valid arrangement of the instances is
    /// equally likely, each holder's cards in a uniformly random order.
    /// Allocates nothing once `out` has held a deal of this problem.
    pub fn sample_into(&mut self, rng: &mut Rng, out: &mut Deal) {
        let holders = self.draws.capacities.len();
        out.starts.clear();
        out.starts.push(0);
        for &c in &self.draws.capacities {
            let last = *out.starts.last().expect("a start");
            out.starts.push(last + usize::from(c));
        }
        out.cards.clear();
        if let Some(only) = self.draws.one_class() {
            // One class: a uniform shuffle, dealt in capacity order, in
            // place (what `Draws::deal` does through its own buffer).
            out.cards.extend_from_slice(only);
            rng.shuffle(&mut out.cards);
            return;
        }
        out.cards.resize(out.starts[holders], CardId(0));
        self.fill.copy_from_slice(&out.starts[..holders]);
        let (cards, fill) = (&mut out.cards, &mut self.fill);
        self.draws.deal(rng, |h, dealt| {
            cards[fill[h]..fill[h] + dealt.len()].copy_from_slice(dealt);
            fill[h] += dealt.len();
        });
        for h in 0..holders {
            rng.shuffle(&mut out.cards[out.starts[h]..out.starts[h + 1]]);
        }
    }
}

/// The draws of a deal problem, whatever its classes hold (card instances,
/// or face labels for a face deal): the counts of every capacity vector a
/// draw can meet, worked out once, and the buffers a draw reuses.
#[derive(Clone, Debug)]
pub(crate) struct Draws<T> {
    pub(crate) capacities: Vec<u16>,
    classes: Vec<Class<T>>,
    lnf: Vec<f64>,
    /// `table[i][caps]`: ln of the arrangements of classes `i..` into `caps`,
    /// for every vector a draw can meet (the last class is counted inline).
    table: Vec<BTreeMap<Vec<u16>, f64>>,
    /// ln of the arrangements of the whole problem.
    total: f64,
    /// `prepared[i][caps]`: where the splits of class `i` into `caps` lie
    /// in `entries`, for every vector of `table` (the last class, which
    /// has one split, is worked out at each draw).
    prepared: Vec<BTreeMap<Vec<u16>, usize>>,
    entries: Vec<Prepared>,
    /// The prepared splits, one after another (a number per holder each).
    prepared_splits: Vec<u16>,
    /// Their terms as the counting left them, each turned into its
    /// weight the first time a draw meets its vector.
    prepared_weights: Vec<f64>,
    splits: Vec<u16>,
    split: Vec<u16>,
    weights: Vec<f64>,
    caps: Vec<u16>,
    rest: Vec<u16>,
    scratch: Vec<T>,
}

/// One capacity vector's splits in the prepared buffers.
#[derive(Clone, Copy, Debug)]
struct Prepared {
    /// The first split's index (its weight's; its numbers start at
    /// `start * holders`).
    start: usize,
    /// How many splits.
    len: usize,
    /// ln of the arrangements of the class and the later ones into the
    /// vector: what each term is divided by.
    total: f64,
    /// The weights' sum, once they are weights.
    sum: f64,
    /// Whether the terms are weights yet.
    ready: bool,
}

/// The index a draw picks among `weights` (summing to `sum`): the first
/// weight above what is left of a uniform point, else the last.
fn pick(weights: &[f64], sum: f64, rng: &mut Rng) -> usize {
    let mut x = rng.next_f64() * sum;
    for (k, &w) in weights.iter().enumerate() {
        if x < w && w > 0.0 {
            return k;
        }
        x -= w;
    }
    weights.len() - 1
}

impl<T: Copy> Draws<T> {
    /// Counts the arrangements of `classes` into `capacities`; with
    /// `prepare`, keeps every class's splits and their terms so that a
    /// draw looks a class up instead of weighing its splits again (the
    /// same weights, the same draws).
    ///
    /// # Errors
    /// [`DealError::Infeasible`] when there is none.
    pub(crate) fn new(capacities: &[usize], classes: Vec<Class<T>>, prepare: bool) -> Result<Self, DealError> {
        let capacities: Vec<u16> = capacities.iter().map(|&c| c as u16).collect();
        let cards: usize = capacities.iter().map(|&c| usize::from(c)).sum();
        let lnf = ln_factorials(cards);
        let mut counter = if prepare {
            Counter::recording(&classes, lnf.clone())
        } else {
            Counter::new(&classes, lnf.clone())
        };
        let total = counter.ln_completions(0, &capacities);
        if total == f64::NEG_INFINITY {
            return Err(DealError::Infeasible);
        }
        let (memo, mut terms) = counter.into_parts();
        let mut table = vec![BTreeMap::new(); classes.len()];
        for ((i, caps), v) in memo {
            table[i].insert(caps, v);
        }
        // The splits and terms of every vector, laid out in the table's
        // order: a draw turns a vector's terms into weights the first time
        // it meets it, and allocates nothing for it.
        let mut prepared = vec![BTreeMap::new(); classes.len()];
        let (mut entries, mut prepared_splits, mut prepared_weights) = (Vec::new(), Vec::new(), Vec::new());
        for (i, vectors) in table.iter().enumerate().filter(|_| prepare) {
            for (caps, &completions) in vectors {
                let (splits, ts) = terms.remove(&(i, caps.clone())).expect("a counted vector's terms");
                prepared[i].insert(caps.clone(), entries.len());
                entries.push(Prepared {
                    start: prepared_weights.len(),
                    len: ts.len(),
                    // The first class's vector is the whole problem's.
                    total: completions,
                    sum: 0.0,
                    ready: false,
                });
                prepared_splits.extend_from_slice(&splits);
                prepared_weights.extend_from_slice(&ts);
            }
        }
        let holders = capacities.len();
        Ok(Draws {
            lnf,
            table,
            total,
            prepared,
            entries,
            prepared_splits,
            prepared_weights,
            splits: Vec::new(),
            split: vec![0; holders],
            weights: Vec::new(),
            caps: vec![0; holders],
            rest: vec![0; holders],
            scratch: Vec::with_capacity(cards),
            capacities,
            classes,
        })
    }

    fn ln_split(&self, count: usize, split: &[u16]) -> f64 {
        ln_split(&self.lnf, count, split)
    }

    /// ln of the arrangements of classes `i..` into `caps`, from the table.
    fn completions(&self, i: usize, caps: &[u16]) -> f64 {
        ln_tail(&self.classes, &self.lnf, i, caps).unwrap_or_else(|| {
            *self.table[i]
                .get(caps)
                .expect("every capacity vector a draw meets was counted")
        })
    }

    /// Writes every split of `count` cards among the holders of `mask`
    /// bounded by `caps` into `splits`, one after another, in the order
    /// [`DealProblem::sample`] tries them.
    fn enumerate_splits(&mut self, count: usize, mask: u32) {
        fn rec(h: usize, rem: usize, mask: u32, caps: &[u16], split: &mut [u16], out: &mut Vec<u16>) {
            if h == caps.len() {
                if rem == 0 {
                    out.extend_from_slice(split);
                }
                return;
            }
            if mask & (1 << h) == 0 {
                split[h] = 0;
                rec(h + 1, rem, mask, caps, split, out);
                return;
            }
            let later: usize = (h + 1..caps.len())
                .filter(|&j| mask & (1 << j) != 0)
                .map(|j| usize::from(caps[j]))
                .sum();
            let lo = rem.saturating_sub(later);
            let hi = rem.min(usize::from(caps[h]));
            for n in lo..=hi {
                split[h] = n as u16;
                rec(h + 1, rem - n, mask, caps, split, out);
            }
        }
        self.splits.clear();
        rec(0, count, mask, &self.caps, &mut self.split, &mut self.splits);
    }

    /// The items, when the problem is one class: any arrangement of them
    /// in capacity order is one draw.
    pub(crate) fn one_class(&self) -> Option<&[T]> {
        match self.classes.as_slice() {
            [only] => Some(&only.cards),
            _ => None,
        }
    }

    /// Draws one arrangement, every arrangement of the distinct items
    /// equally likely: class by class, a split among the holders with
    /// probability proportional to its arrangements, then the class's
    /// items shuffled and handed out in that split; `put(h, items)` is
    /// called with what holder `h` gets from each class. One class is
    /// dealt by a single shuffle in capacity order (no split drawn).
    pub(crate) fn deal(&mut self, rng: &mut Rng, mut put: impl FnMut(usize, &[T])) {
        let holders = self.capacities.len();
        if let [only] = self.classes.as_slice() {
            self.scratch.clear();
            self.scratch.extend_from_slice(&only.cards);
            rng.shuffle(&mut self.scratch);
            let mut next = 0;
            for h in 0..holders {
                let take = usize::from(self.capacities[h]);
                put(h, &self.scratch[next..next + take]);
                next += take;
            }
            return;
        }
        self.caps.copy_from_slice(&self.capacities);
        for i in 0..self.classes.len() {
            let count = self.classes[i].cards.len();
            if let Some(&e) = self.prepared[i].get(self.caps.as_slice()) {
                let p = &mut self.entries[e];
                let weights = &mut self.prepared_weights[p.start..p.start + p.len];
                if !p.ready {
                    // The same numbers the loop below computes: each
                    // split's term (its arrangements and the later
                    // classes') over the vector's total.
                    for w in weights.iter_mut() {
                        *w = tabula_search::math::exp(*w - p.total);
                    }
                    p.sum = weights.iter().sum();
                    p.ready = true;
                }
                let k = p.start + pick(weights, p.sum, rng);
                self.split
                    .copy_from_slice(&self.prepared_splits[k * holders..(k + 1) * holders]);
            } else {
                // The last class (one split), or a vector the table lacks:
                // its terms over the count of classes `i..` into `caps`.
                let total = if i == 0 {
                    self.total
                } else {
                    self.completions(i, &self.caps)
                };
                self.enumerate_splits(count, self.classes[i].mask);
                self.weights.clear();
                for k in 0..self.splits.len() / holders {
                    let s = &self.splits[k * holders..(k + 1) * holders];
                    for (h, r) in self.rest.iter_mut().enumerate() {
                        *r = self.caps[h] - s[h];
                    }
                    let w = self.ln_split(count, s) + self.completions(i + 1, &self.rest) - total;
                    self.weights.push(tabula_search::math::exp(w));
                }
                let sum: f64 = self.weights.iter().sum();
                let k = pick(&self.weights, sum, rng);
                self.split.copy_from_slice(&self.splits[k * holders..(k + 1) * holders]);
            }
            self.scratch.clear();
            self.scratch.extend_from_slice(&self.classes[i].cards);
            rng.shuffle(&mut self.scratch);
            let mut next = 0;
            for h in 0..holders {
                let take = usize::from(self.split[h]);
                put(h, &self.scratch[next..next + take]);
                next += take;
                self.caps[h] -= self.split[h];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::determinize::for_each_split;

    /// The sampler as first written (a deal problem worked out afresh at
    /// every draw): the reference the prepared sampler must equal, world
    /// for world and draw for draw.
    fn reference_sample(problem: &DealProblem, rng: &mut Rng) -> Result<Vec<Vec<CardId>>, DealError> {
        let mut classes = problem.classes()?;
        let mut hands: Vec<Vec<CardId>> = problem.capacities().iter().map(|&c| Vec::with_capacity(c)).collect();
        if let [only] = classes.as_mut_slice() {
            // One class: a uniform shuffle, dealt in capacity order.
            rng.shuffle(&mut only.cards);
            let mut it = only.cards.iter();
            for (h, hand) in hands.iter_mut().enumerate() {
                if problem.capacities()[h] > 0 && only.mask & (1 << h) == 0 {
                    return Err(DealError::Infeasible);
                }
                hand.extend(it.by_ref().take(problem.capacities()[h]));
            }
            return Ok(hands);
        }
        let mut caps: Vec<u16> = problem.capacities().iter().map(|&c| c as u16).collect();
        let mut counter = Counter::new(&classes, ln_factorials(problem.capacities().iter().sum::<usize>()));
        let mut total = counter.ln_completions(0, &caps);
        if total == f64::NEG_INFINITY {
            return Err(DealError::Infeasible);
        }
        let mut rest = caps.clone();
        for (i, class) in classes.iter().enumerate() {
            let count = class.cards.len();
            let mut splits = Vec::new();
            for_each_split(count, class.mask, &caps, &mut |s| splits.push(s.to_vec()));
            let mut weights = Vec::with_capacity(splits.len());
            for s in &splits {
                for (h, r) in rest.iter_mut().enumerate() {
                    *r = caps[h] - s[h];
                }
                let w = counter.ln_split(count, s) + counter.ln_completions(i + 1, &rest) - total;
                weights.push(tabula_search::math::exp(w));
            }
            let sum: f64 = weights.iter().sum();
            let mut x = rng.next_f64() * sum;
            let mut pick = splits.len() - 1;
            for (k, &w) in weights.iter().enumerate() {
                if x < w && w > 0.0 {
                    pick = k;
                    break;
                }
                x -= w;
            }
            let split = &splits[pick];
            total = {
                for (h, r) in rest.iter_mut().enumerate() {
                    *r = caps[h] - split[h];
                }
                counter.ln_completions(i + 1, &rest)
            };
            let mut cards = class.cards.clone();
            rng.shuffle(&mut cards);
            let mut it = cards.into_iter();
            for (h, &n) in split.iter().enumerate() {
                hands[h].extend(it.by_ref().take(usize::from(n)));
                caps[h] -= n;
            }
        }
        for hand in &mut hands {
            rng.shuffle(hand);
        }
        Ok(hands)
    }

    #[test]
    fn the_prepared_sampler_draws_the_reference_deals() {
        let mut rng = Rng::new(11);
        let mut checked = 0;
        for _ in 0..60 {
            let holders = 2 + rng.below(3) as usize;
            let n = 3 + rng.below(9) as usize;
            let mut caps = vec![0; holders];
            for _ in 0..n {
                caps[rng.below(holders as u64) as usize] += 1;
            }
            let mut p = DealProblem::new(caps);
            for i in 0..n {
                // Mostly free cards, some constrained: one to four classes.
                let mask = if rng.below(3) == 0 {
                    1 + rng.below((1 << holders) - 1) as u32
                } else {
                    (1 << holders) - 1
                };
                p.add(CardId(i as u16), mask);
            }
            let Ok(mut sampler) = DealSampler::new(&p) else {
                assert!(reference_sample(&p, &mut Rng::new(1)).is_err());
                continue;
            };
            let seed = rng.next_u64();
            let (mut a, mut b) = (Rng::new(seed), Rng::new(seed));
            let mut deal = Deal::new();
            for _ in 0..5 {
                sampler.sample_into(&mut a, &mut deal);
                let reference = reference_sample(&p, &mut b).unwrap();
                let drawn: Vec<Vec<CardId>> = (0..deal.holders()).map(|h| deal.holder(h).to_vec()).collect();
                assert_eq!(drawn, reference);
                checked += 1;
            }
            assert_eq!(a, b, "the generators moved alike");
        }
        assert!(checked > 150, "{checked}");
    }
}
