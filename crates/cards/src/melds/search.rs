//! The general solver's search: dynamic programming over what is left of
//! a hand.
//!
//! The state is the natural cards not yet placed, packed as counts (two
//! bits a suit and rank, or four bits a rank when the rules never read
//! suits: sets only, suits free), the wild cards left, the runs and pure
//! runs a declaration still needs, and (one set per rank) the ranks
//! already set. The lowest natural card left is either deadwood or in a
//! meld whose other natural cards all come later: a set of its rank with
//! later cards of that rank, or a run through its place with every other
//! place filled by a natural card held or by a wild card. Each state's
//! best is memoised, so the many orders in which the same melds can be
//! chosen are solved once; states that can no longer meet the
//! declaration are cut at once.

use super::meld::place_rank;
use super::memo::Memo;
use super::rules::{MeldRules, SetRules};

/// A partition's cost, compared as a number: deadwood points from bit 32,
/// deadwood cards from bit 16, melds in the low bits.
pub(super) type Cost = u64;

/// No partition meets the declaration.
pub(super) const NONE: Cost = Cost::MAX;

/// One step from a state: a natural card to deadwood, or a meld.
#[derive(Clone, Copy)]
pub(super) struct Move {
    /// The natural cards taken, as packed counts.
    pub(super) taken: u128,
    /// The wild cards the meld uses.
    pub(super) wilds: u8,
    /// What the step is.
    pub(super) step: Step,
}

#[derive(Clone, Copy)]
pub(super) enum Step {
    /// The card to deadwood.
    Dead,
    /// A set of its rank.
    Set,
    /// A run over these places.
    Run {
        /// The first place.
        low: u8,
        /// The last place.
        high: u8,
    },
}

/// What the search reads besides the state.
pub(super) struct Ctx<'a> {
    pub(super) rules: &'a MeldRules,
    /// Bits per count: 2 (suit and rank) or 4 (rank only).
    pub(super) bits: u32,
    /// `leftover[w]`: the points of the `w` least valuable wild cards.
    pub(super) leftover: &'a [u32],
}

impl Ctx<'_> {
    /// The count of face `idx` in `rest`.
    #[inline]
    pub(super) fn count(&self, rest: u128, idx: u32) -> u32 {
        (rest >> (idx * self.bits)) as u32 & ((1 << self.bits) - 1)
    }

    /// One card of face `idx`, packed.
    #[inline]
    pub(super) fn unit(&self, idx: u32) -> u128 {
        1 << (idx * self.bits)
    }

    /// The lanes (suits, or one when suits are merged).
    #[inline]
    pub(super) fn lanes(&self) -> u32 {
        if self.bits == 2 { 4 } else { 1 }
    }

    /// Every step from `rest` (not empty) with `w` wild cards left and the
    /// ranks `set` already set (one set per rank): the lowest card to
    /// deadwood, then the runs through it, then its sets.
    pub(super) fn moves(&self, rest: u128, w: u8, set: u16, f: &mut impl FnMut(Move)) {
        let idx = rest.trailing_zeros() / self.bits;
        let (lane, rank) = (idx / 13, idx % 13);
        let one = self.unit(idx);
        f(Move {
            taken: one,
            wilds: 0,
            step: Step::Dead,
        });
        let budget = w.min(self.rules.wilds.max_wild);
        let min_natural = u32::from(self.rules.wilds.min_natural.max(1));
        if let Some(runs) = self.rules.runs {
            let rest1 = rest - one;
            let held = |place: u8| self.count(rest1, lane * 13 + u32::from(place_rank(place))) > 0;
            let first = if runs.aces.low() { 0 } else { 1 };
            let last = if runs.aces.high() { 13 } else { 12 };
            let places: &[u8] = match rank {
                0 => &[0, 13],
                _ => &[rank as u8],
            };
            let mut seen = [0u32; 32];
            let mut seen_len = 0;
            for &p in places.iter().filter(|&&p| (first..=last).contains(&p)) {
                let mut below = 0;
                for low in (first..=p).rev() {
                    if low < p && !held(low) {
                        below += 1;
                    }
                    if below > budget {
                        break;
                    }
                    let mut forced = below;
                    for high in p..=last {
                        if low == 0 && high == 13 {
                            break;
                        }
                        if high > p && !held(high) {
                            forced += 1;
                        }
                        if forced > budget {
                            break;
                        }
                        let len = u32::from(high - low + 1);
                        if len < u32::from(runs.min) {
                            continue;
                        }
                        // The places held, bar `p`: each natural, or a wild card instead.
                        let mut naturals = [0u8; 14];
                        let mut n = 0;
                        for q in (low..=high).filter(|&q| q != p && held(q)) {
                            naturals[n] = q;
                            n += 1;
                        }
                        for extra in 0..=(budget - forced) {
                            let k = forced + extra;
                            if len - u32::from(k) < min_natural {
                                break;
                            }
                            each_subset(n, usize::from(extra), &mut |swapped| {
                                let mut taken = one;
                                let mut ranks = 1u32 << rank;
                                for (i, &q) in naturals[..n].iter().enumerate() {
                                    if swapped >> i & 1 == 0 {
                                        taken += self.unit(lane * 13 + u32::from(place_rank(q)));
                                        ranks |= 1 << place_rank(q);
                                    }
                                }
                                // Runs of the same natural cards and as many wild
                                // cards (3♥ 4♥ Jk and Jk 3♥ 4♥) lead to one state:
                                // the first stands for them all.
                                if k > 0 {
                                    let id = ranks | u32::from(k) << 16;
                                    if seen[..seen_len].contains(&id) {
                                        return;
                                    }
                                    if seen_len < seen.len() {
                                        seen[seen_len] = id;
                                        seen_len += 1;
                                    }
                                }
                                f(Move {
                                    taken,
                                    wilds: k,
                                    step: Step::Run { low, high },
                                });
                            });
                        }
                    }
                }
            }
        }
        let free = |s: &SetRules| s.ranks >> rank & 1 == 1 && !(s.one_per_rank && set >> rank & 1 == 1);
        if let Some(sets) = self.rules.sets.filter(free) {
            // How many more cards of the rank each lane may give.
            let mut limit = [0u32; 4];
            for (l, lim) in limit.iter_mut().enumerate().take(self.lanes() as usize) {
                let l = l as u32;
                let c = self.count(rest, l * 13 + rank);
                *lim = match (l.cmp(&lane), sets.distinct_suits) {
                    (std::cmp::Ordering::Less, _) => 0,
                    (std::cmp::Ordering::Equal, true) => 0,
                    (std::cmp::Ordering::Equal, false) => c - 1,
                    (std::cmp::Ordering::Greater, true) => c.min(1),
                    (std::cmp::Ordering::Greater, false) => c,
                };
            }
            let cap = if sets.distinct_suits { sets.max.min(4) } else { sets.max };
            let mut take = [0u32; 4];
            loop {
                let n = 1 + take.iter().sum::<u32>();
                if n >= min_natural && n <= u32::from(cap) {
                    let mut taken = one;
                    for (l, &t) in take.iter().enumerate().take(self.lanes() as usize) {
                        taken += u128::from(t) * self.unit(l as u32 * 13 + rank);
                    }
                    let kmin = u32::from(sets.min).saturating_sub(n);
                    let kmax = u32::from(budget).min(u32::from(cap) - n);
                    for k in kmin..=kmax {
                        f(Move {
                            taken,
                            wilds: k as u8,
                            step: Step::Set,
                        });
                    }
                }
                let Some(l) = (0..4).find(|&l| take[l] < limit[l]) else {
                    break;
                };
                take[l] += 1;
                take[..l].fill(0);
            }
        }
    }

    /// Whether the natural cards and wild cards left can still make the
    /// runs the declaration needs: enough cards for them, and, when a pure
    /// run is needed, `min` cards in sequence in a suit. (A necessary
    /// condition: it cuts the search of hands that cannot be declared.)
    pub(super) fn may_declare(&self, st: State) -> bool {
        let Some(runs) = self.rules.runs else {
            return st.need == 0;
        };
        let (need_runs, need_pure) = (u32::from(st.need & 3), u32::from(st.need >> 2));
        let fields = if self.bits == 2 { 52 } else { 13 };
        let naturals: u32 = (0..fields).map(|i| self.count(st.rest, i)).sum();
        let min = u32::from(runs.min);
        let min_natural = u32::from(self.rules.wilds.min_natural.max(1));
        if naturals + u32::from(st.wilds) < need_runs * min || naturals < need_runs * min_natural {
            return false;
        }
        if need_pure == 0 {
            return true;
        }
        (0..self.lanes()).any(|lane| {
            let mut places = 0u16;
            for rank in 0..13 {
                if self.count(st.rest, lane * 13 + rank) > 0 {
                    places |= 1 << rank;
                }
            }
            if runs.aces.high() {
                places |= (places & 1) << 13;
            }
            if !runs.aces.low() {
                places &= !1;
            }
            // A place that starts `min` held places in a row.
            let mut starts = places;
            for k in 1..min {
                starts &= places >> k;
            }
            starts != 0
        })
    }

    /// The state after `m`, and the cost the step adds.
    #[inline]
    pub(super) fn apply(&self, m: &Move, st: State) -> (State, Cost) {
        let rest = st.rest - m.taken;
        let rank = m.taken.trailing_zeros() / self.bits % 13;
        match m.step {
            Step::Dead => {
                let value = Cost::from(self.rules.values[rank as usize]);
                (State { rest, ..st }, value << 32 | 1 << 16)
            }
            Step::Set => {
                let set = if self.rules.sets.is_some_and(|s| s.one_per_rank) {
                    st.set | 1 << rank
                } else {
                    st.set
                };
                let next = State {
                    rest,
                    wilds: st.wilds - m.wilds,
                    set,
                    ..st
                };
                (next, 1)
            }
            Step::Run { .. } => {
                let (runs, pure) = (st.need & 3, st.need >> 2);
                let pure = if m.wilds == 0 { pure.saturating_sub(1) } else { pure };
                let next = State {
                    rest,
                    wilds: st.wilds - m.wilds,
                    need: runs.saturating_sub(1) | pure << 2,
                    ..st
                };
                (next, 1)
            }
        }
    }
}

/// A state of the search.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct State {
    /// The natural cards not yet placed, packed counts.
    pub(super) rest: u128,
    /// The wild cards left.
    pub(super) wilds: u8,
    /// The runs (low two bits) and pure runs (next two) still needed.
    pub(super) need: u8,
    /// The ranks already set, under one set per rank.
    pub(super) set: u16,
}

impl State {
    /// The memo's key: the counts in bits 0–103, then the wild cards (5
    /// bits), the needs (4) and the ranks set (13).
    #[inline]
    fn key(self) -> u128 {
        self.rest | u128::from(self.wilds) << 104 | u128::from(self.need) << 109 | u128::from(self.set) << 113
    }
}

/// Calls `f` with every `k`-element subset of `0..n`, as a bit mask, in
/// increasing order of the masks.
fn each_subset(n: usize, k: usize, f: &mut impl FnMut(u32)) {
    if k > n {
        return;
    }
    if k == 0 {
        f(0);
        return;
    }
    let mut s: u32 = (1 << k) - 1;
    while s < 1 << n {
        f(s);
        // The next mask with as many bits (Gosper).
        let c = s & s.wrapping_neg();
        let r = s + c;
        s = (((r ^ s) >> 2) / c) | r;
    }
}

/// The best cost from a state, memoised.
pub(super) fn best(ctx: &Ctx, memo: &mut Memo, st: State) -> Cost {
    if st.rest == 0 {
        return if st.need == 0 {
            Cost::from(ctx.leftover[usize::from(st.wilds)]) << 32 | Cost::from(st.wilds) << 16
        } else {
            NONE
        };
    }
    if let Some(c) = memo.get(st.key()) {
        return c;
    }
    let mut out = NONE;
    if st.need != 0 && !ctx.may_declare(st) {
        memo.insert(st.key(), out);
        return out;
    }
    ctx.moves(st.rest, st.wilds, st.set, &mut |m| {
        let (next, add) = ctx.apply(&m, st);
        let sub = best(ctx, memo, next);
        if sub != NONE && sub + add < out {
            out = sub + add;
        }
    });
    memo.insert(st.key(), out);
    out
}
