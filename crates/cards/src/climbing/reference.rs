//! The slow reference the generator is checked against: the rules read
//! plainly, rank by rank, and a hand's plays found by reading every
//! sub-multiset of it. For tests (the plugin's and each game's, on its
//! own rules), never for play: a 20-card hand has up to a million
//! sub-multisets.

use crate::climbing::combo::{Combo, ComboKind};
use crate::climbing::counts::{Counts, MAX_RANKS};
use crate::climbing::shape::{Main, Rules};

/// Counts as a plain array, rank by rank.
fn plain(c: Counts) -> [u8; MAX_RANKS] {
    std::array::from_fn(|r| c.get(r as u8))
}

/// Every reading of exactly `cards` as one combination under `rules`,
/// sorted: for each shape, each main rank and each length, the main part
/// is taken and what is left must be a lawful set of kickers.
pub fn readings<K: ComboKind>(cards: Counts, rules: &Rules<K>) -> Vec<Combo<K>> {
    let have = plain(cards);
    let mut found = Vec::new();
    for s in rules.shapes() {
        let r = match s.main {
            Main::Fixed { rank, cards: fixed } => {
                if cards == fixed {
                    found.push(Combo {
                        kind: s.kind,
                        rank,
                        len: 1,
                        cards,
                    });
                }
                continue;
            }
            Main::Run(r) => r,
        };
        let (each, high) = (r.each, usize::from(r.high));
        let k = s.kickers;
        for rank in usize::from(r.low)..=high {
            for len in usize::from(r.min_len)..=usize::from(r.max_len) {
                let main = rank..rank + len;
                if main.end > high + 1 || main.clone().any(|r| have[r] < each) {
                    break;
                }
                let mut left = have;
                for r in main.clone() {
                    left[r] -= each;
                }
                let kicker_ranks = || (0..MAX_RANKS).filter(|&r| left[r] > 0);
                let lawful = kicker_ranks().count() == usize::from(k.per_rank) * len
                    && kicker_ranks().all(|r| left[r] == k.width && k.ranks >> r & 1 == 1 && !main.contains(&r))
                    && (rules.apart() == 0 || (0..MAX_RANKS).any(|r| rules.apart() >> r & 1 == 1 && left[r] == 0));
                if lawful {
                    found.push(Combo {
                        kind: s.kind,
                        rank: rank as u8,
                        len: len as u8,
                        cards,
                    });
                }
            }
        }
    }
    found.sort();
    found
}

/// How many sub-multisets `hand` has (the empty one included).
pub fn sub_multisets(hand: Counts) -> u64 {
    plain(hand).iter().map(|&k| u64::from(k) + 1).product()
}

/// Calls `f` on every non-empty sub-multiset of `hand`.
pub fn each_sub_multiset(hand: Counts, mut f: impl FnMut(Counts)) {
    let top = plain(hand);
    let mut sub = [0u8; MAX_RANKS];
    loop {
        // The next sub-multiset, as an odometer over the ranks.
        let mut r = 0;
        while r < MAX_RANKS && sub[r] == top[r] {
            sub[r] = 0;
            r += 1;
        }
        if r == MAX_RANKS {
            return;
        }
        sub[r] += 1;
        f(Counts::from_slice(&sub));
    }
}

/// Every combination `hand` can lead under `rules`: the readings of each
/// of its sub-multisets, sorted.
pub fn all_plays<K: ComboKind>(hand: Counts, rules: &Rules<K>) -> Vec<Combo<K>> {
    let mut out = Vec::new();
    each_sub_multiset(hand, |sub| out.extend(readings(sub, rules)));
    out.sort();
    out
}

/// Every combination of `hand` under `rules` that beats `target`:
/// [`all_plays`] filtered by [`Combo::beats`].
pub fn plays_beating<K: ComboKind>(hand: Counts, target: &Combo<K>, rules: &Rules<K>) -> Vec<Combo<K>> {
    let mut out = all_plays(hand, rules);
    out.retain(|c| c.beats(target));
    out
}
