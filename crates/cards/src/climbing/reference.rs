//! The slow reference the generator is checked against: the rules read
//! plainly, rank by rank, and a hand's plays found by reading every
//! sub-multiset of it. For tests (the plugin's and each game's, on its
//! own rules), never for play: a 20-card hand has up to a million
//! sub-multisets.

use crate::climbing::combo::{Combo, ComboKind};
use crate::climbing::counts::{Counts, MAX_RANKS};
use crate::climbing::shape::{Main, Rules};
use crate::climbing::wild::wilds_needed;

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
            // A flush needs suits: `flush_plays` is its reference.
            Main::Flush(_) => continue,
            Main::Run(r) => r,
        };
        let (each, high) = (r.each, usize::from(r.high));
        let k = s.kickers;
        // A chain's places are the chain order's; a group's, the ranks.
        let chain = r.max_len > 1;
        let rank_of = |place: usize| {
            if chain {
                usize::from(rules.rank_at(place as u8))
            } else {
                place
            }
        };
        for rank in usize::from(r.low)..=high {
            for len in usize::from(r.min_len)..=usize::from(r.max_len) {
                let main: Vec<usize> = (rank..rank + len).map(rank_of).collect();
                if rank + len > high + 1 || main.iter().any(|&r| have[r] < each) {
                    break;
                }
                let mut left = have;
                for &r in &main {
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

/// Every multiset of exactly `n` cards of the ranks a wild card may stand
/// for under `rules`: what `n` wild cards can be.
pub fn stand_ins<K>(rules: &Rules<K>, n: u8) -> Vec<Counts> {
    let ranks: Vec<u8> = (0..rules.ranks()).filter(|&r| rules.wild() >> r & 1 == 1).collect();
    let mut sets = vec![(Counts::EMPTY, 0usize)];
    for _ in 0..n {
        // Each set grows by a rank at or above its last, so that each
        // multiset is made once.
        sets = sets
            .iter()
            .flat_map(|&(c, from)| {
                ranks[from..]
                    .iter()
                    .enumerate()
                    .map(move |(i, &r)| (c.plus(r, 1), from + i))
            })
            .collect();
    }
    sets.into_iter().map(|(c, _)| c).collect()
}

/// Every reading of exactly `naturals` and `wilds` wild cards as one
/// combination: the readings of the natural cards with each multiset the
/// wild cards can be, sorted with no duplicate.
pub fn readings_wild<K: ComboKind>(naturals: Counts, wilds: u8, rules: &Rules<K>) -> Vec<Combo<K>> {
    let mut out: Vec<Combo<K>> = stand_ins(rules, wilds)
        .into_iter()
        .flat_map(|p| readings(naturals.and(p), rules))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Every combination `hand` and `wilds` wild cards can lead under `rules`
/// (see [`wild`](super::wild)): the readings of each sub-multiset of the
/// hand with each multiset of at most `wilds` cards the wild cards can
/// be, sorted with no duplicate.
pub fn all_plays_wild<K: ComboKind>(hand: Counts, wilds: u8, rules: &Rules<K>) -> Vec<Combo<K>> {
    let mut out = Vec::new();
    for n in 0..=wilds {
        for p in stand_ins(rules, n) {
            if !p.is_empty() {
                out.extend(readings(p, rules));
            }
            each_sub_multiset(hand, |sub| {
                let fits = (0..MAX_RANKS as u8).all(|r| sub.get(r) + p.get(r) <= crate::climbing::MAX_COUNT);
                if fits {
                    out.extend(readings(sub.and(p), rules));
                }
            });
        }
    }
    debug_assert!(out.iter().all(|c| wilds_needed(hand, c.cards) <= u32::from(wilds)));
    out.sort();
    out.dedup();
    out
}

/// Every flush of a hand given by suit (see [`flush`](super::flush)):
/// every set of ranks of each suit, taken as a flush when its places in
/// the chain order are consecutive within a flush shape's range and the
/// wild cards fill what the suit lacks; sorted by combination, then suit.
pub fn flush_plays<K: ComboKind>(suits: &[u16], wilds: u8, rules: &Rules<K>) -> Vec<(Combo<K>, u8)> {
    let places = usize::from(rules.places());
    let mut out = Vec::new();
    for s in rules.shapes() {
        let Main::Flush(r) = s.main else { continue };
        for set in 1u32..1 << rules.ranks() {
            let len = set.count_ones() as usize;
            if len < usize::from(r.min_len) || len > usize::from(r.max_len) {
                continue;
            }
            // The first place from which `len` places hold exactly these ranks.
            let start = (usize::from(r.low)..places.min(usize::from(r.high) + 1)).find(|&p| {
                p + len <= usize::from(r.high) + 1
                    && (p..p + len).fold(0u32, |m, q| m | 1 << rules.rank_at(q as u8)) == set
            });
            let Some(start) = start else { continue };
            for (suit, &held) in suits.iter().enumerate() {
                let missing = set & !u32::from(held);
                let fillable = missing & !u32::from(rules.wild()) == 0 && missing.count_ones() <= u32::from(wilds);
                if fillable {
                    let cards = (0..MAX_RANKS as u8)
                        .fold(Counts::EMPTY, |c, r| if set >> r & 1 == 1 { c.plus(r, 1) } else { c });
                    let combo = Combo {
                        kind: s.kind,
                        rank: start as u8,
                        len: len as u8,
                        cards,
                    };
                    out.push((combo, suit as u8));
                }
            }
        }
    }
    out.sort();
    out
}
