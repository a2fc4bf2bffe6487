//! Every combination of a hand, generated straight from its rank counts.
//!
//! Three questions, all answered without allocating beyond a caller's
//! reused vector:
//!
//! - [`classify`]: how can exactly these cards be read as one combination?
//! - [`all_plays`]: what can a hand lead on an empty table?
//! - [`plays_beating`]: what can a hand play on a given combination?
//!
//! and [`can_play_out`]: is the whole hand one combination?
//!
//! Each kind but the rocket is a *shape*: a main part of `each` cards on
//! each of `len` consecutive ranks (one rank for kinds that are no chain),
//! and `kickers` kickers per main rank, each of `width` cards (1: singles,
//! 2: pairs). Generation runs over the kinds in [`Kind`] order, then the
//! main rank, then the length, and enumerates the kickers as subsets of
//! the eligible ranks in increasing order of their counts word; that is
//! exactly [`Combo`]'s order, so every list comes out sorted with no
//! duplicate and nothing is sorted afterwards.
//!
//! The rules of kickers: the kickers of one combination are of distinct
//! ranks, none of a rank of the main part, never both jokers together, and
//! pair kickers are of ranks 3 to 2 (never the jokers). Chains (straights,
//! pair chains, airplanes) run from 3 to the ace; pairs, trios and fours
//! from 3 to the two. The four with two kickers exists only under
//! `four_with_two`.

use crate::cards::{ACE, BIG_JOKER, Counts, SMALL_JOKER, TWO};
use crate::combo::{Combo, Kind};

/// How the combinations of a kind are made.
#[derive(Clone, Copy)]
struct Shape {
    /// The kind.
    kind: Kind,
    /// Cards of each main rank.
    each: u8,
    /// The highest main rank.
    top: u8,
    /// The shortest chain; 0 for a kind that is no chain (length 1).
    min_chain: u8,
    /// Kickers per main rank.
    kickers: u8,
    /// Cards per kicker: 1 for singles, 2 for pairs.
    width: u8,
}

/// A shape.
const fn shape(kind: Kind, each: u8, top: u8, min_chain: u8, kickers: u8, width: u8) -> Shape {
    Shape {
        kind,
        each,
        top,
        min_chain,
        kickers,
        width,
    }
}

/// The shapes of every kind but the rocket, in [`Kind`] order (so
/// `SHAPES[kind as usize]` is the kind's).
const SHAPES: [Shape; 13] = [
    shape(Kind::Single, 1, BIG_JOKER, 0, 0, 0),
    shape(Kind::Pair, 2, TWO, 0, 0, 0),
    shape(Kind::Trio, 3, TWO, 0, 0, 0),
    shape(Kind::TrioSingle, 3, TWO, 0, 1, 1),
    shape(Kind::TrioPair, 3, TWO, 0, 1, 2),
    shape(Kind::Straight, 1, ACE, 5, 0, 0),
    shape(Kind::PairChain, 2, ACE, 3, 0, 0),
    shape(Kind::Airplane, 3, ACE, 2, 0, 0),
    shape(Kind::AirplaneSingles, 3, ACE, 2, 1, 1),
    shape(Kind::AirplanePairs, 3, ACE, 2, 1, 2),
    shape(Kind::FourTwoSingles, 4, TWO, 0, 2, 1),
    shape(Kind::FourTwoPairs, 4, TWO, 0, 2, 2),
    shape(Kind::Bomb, 4, TWO, 0, 0, 0),
];

// `SHAPES[kind as usize]` is the kind's shape.
const _: () = {
    let mut i = 0;
    while i < SHAPES.len() {
        assert!(SHAPES[i].kind as usize == i);
        i += 1;
    }
};

/// One card of each of the fifteen ranks.
const ONES: u64 = 0x0111_1111_1111_1111;
/// Both jokers.
const ROCKET: Counts = Counts(1 << (4 * SMALL_JOKER as u32) | 1 << (4 * BIG_JOKER as u32));
/// The ranks that may be pairs (3 to the two), one bit per rank.
const PAIR_RANKS: u16 = (1 << (TWO + 1)) - 1;

/// A combination.
#[inline]
fn combo(kind: Kind, rank: u8, len: u8, cards: u64) -> Combo {
    Combo {
        kind,
        rank,
        len,
        cards: Counts(cards),
    }
}

/// Whether the kind is played under these rules.
#[inline]
fn allowed(kind: Kind, four_with_two: bool) -> bool {
    four_with_two || !matches!(kind, Kind::FourTwoSingles | Kind::FourTwoPairs)
}

/// One card on each of ranks `rank .. rank + len`, as counts.
#[inline]
fn run(rank: u8, len: u8) -> u64 {
    (((1u64 << (4 * u32::from(len))) - 1) / 15) << (4 * u32::from(rank))
}

/// The low bit of each of the fifteen nibbles of `x`, as one bit per
/// rank.
#[inline]
fn gather(x: u64) -> u16 {
    let mut y = x & ONES;
    y = (y | y >> 3) & 0x0303_0303_0303_0303;
    y = (y | y >> 6) & 0x000F_000F_000F_000F;
    y = (y | y >> 12) & 0x0000_00FF_0000_00FF;
    ((y | y >> 24) & 0xFFFF) as u16
}

/// Every reading of exactly `cards` as one combination, in order, given to
/// `f` until it returns `false`.
fn readings(cards: Counts, four_with_two: bool, mut f: impl FnMut(Combo) -> bool) {
    let n = cards.total();
    for s in &SHAPES {
        if !allowed(s.kind, four_with_two) {
            continue;
        }
        let unit = u32::from(s.each + s.kickers * s.width);
        let len = if s.min_chain == 0 {
            if n != unit {
                continue;
            }
            1
        } else {
            if n % unit != 0 || n / unit < u32::from(s.min_chain) || n / unit > u32::from(s.top) + 1 {
                continue;
            }
            (n / unit) as u8
        };
        // The kickers are what is left once the main part is taken: every
        // count of it `width` (or 0), off the main ranks, and within the
        // ranks its width allows.
        let width_mask = if s.width == 2 { ONES * 2 } else { ONES };
        for rank in 0..=s.top + 1 - len {
            let ones = run(rank, len);
            let main = Counts(ones * u64::from(s.each));
            if !cards.contains(main) {
                continue;
            }
            let rest = cards.less(main).0;
            let fits = rest & !width_mask == 0
                && rest & (ones * 0xF) == 0
                && match s.width {
                    2 => rest >> (4 * u32::from(SMALL_JOKER)) == 0,
                    _ => rest & ROCKET.0 != ROCKET.0,
                };
            if fits && !f(combo(s.kind, rank, len, cards.0)) {
                return;
            }
        }
    }
    if cards == ROCKET {
        f(combo(Kind::Rocket, SMALL_JOKER, 1, cards.0));
    }
}

/// Clears `out` and pushes every reading of exactly `cards` as one
/// combination, sorted, with no duplicate; none when the cards are no
/// combination. (Under these rules the kinds' patterns of counts never
/// overlap, so there is at most one reading; the list keeps callers
/// independent of that.)
pub fn classify(cards: Counts, four_with_two: bool, out: &mut Vec<Combo>) {
    out.clear();
    readings(cards, four_with_two, |c| {
        out.push(c);
        true
    });
}

/// The lowest reading (by [`Combo`]'s order) of the whole `hand` as one
/// combination, when it is one: the hand can go out in one play.
pub fn can_play_out(hand: Counts, four_with_two: bool) -> Option<Combo> {
    let mut first = None;
    readings(hand, four_with_two, |c| {
        first = Some(c);
        false
    });
    first
}

/// The generator over one hand.
struct Gen<'a> {
    /// The hand.
    hand: Counts,
    /// `with[n]`: the ranks with at least `n` cards, one bit per rank.
    with: [u16; 5],
    /// Where the combinations go.
    out: &'a mut Vec<Combo>,
}

impl<'a> Gen<'a> {
    /// A generator over `hand`, clearing `out`.
    fn new(hand: Counts, out: &'a mut Vec<Combo>) -> Self {
        out.clear();
        // Per nibble (a count of 0 to 4), the bit that says whether it is
        // at least 1, 2, 3 or 4, gathered into one bit per rank.
        let x = hand.0;
        let at_least = [0, x | x >> 1 | x >> 2, x >> 1 | x >> 2, x >> 2 | (x & x >> 1), x >> 2];
        Gen {
            hand,
            with: at_least.map(gather),
            out,
        }
    }

    /// Every combination of shape `s` with main rank at least `low`, of
    /// length `len` (any length when `None`).
    fn shape(&mut self, s: &Shape, low: u8, len: Option<u8>) {
        let have = self.with[usize::from(s.each)];
        if s.min_chain == 0 {
            if len.is_some_and(|l| l != 1) {
                return;
            }
            let from_low = u16::MAX.checked_shl(u32::from(low)).unwrap_or(0);
            let mut ranks = have & from_low & ((2u16 << s.top) - 1);
            while ranks != 0 {
                self.kick(s, ranks.trailing_zeros() as u8, 1);
                ranks &= ranks - 1;
            }
            return;
        }
        match len {
            Some(l) => {
                if l < s.min_chain || l > s.top + 1 {
                    return;
                }
                let chain = (1u16 << l) - 1;
                for rank in low..=s.top + 1 - l {
                    if have >> rank & chain == chain {
                        self.kick(s, rank, l);
                    }
                }
            }
            None => {
                for rank in low..=s.top {
                    // The run of ranks from `rank` with enough cards.
                    let mut l = 0;
                    while rank + l <= s.top && have >> (rank + l) & 1 != 0 {
                        l += 1;
                        if l >= s.min_chain {
                            self.kick(s, rank, l);
                        }
                    }
                }
            }
        }
    }

    /// Every combination of shape `s` on main ranks `rank .. rank + len`:
    /// the main part with each set of kickers, in increasing order.
    #[inline]
    fn kick(&mut self, s: &Shape, rank: u8, len: u8) {
        let main = run(rank, len) * u64::from(s.each);
        let k = u32::from(s.kickers * len);
        if k == 0 {
            self.out.push(combo(s.kind, rank, len, main));
            return;
        }
        let main_ranks = ((1u16 << len) - 1) << rank;
        let mut eligible = match s.width {
            2 => self.with[2] & PAIR_RANKS,
            _ => self.with[1],
        } & !main_ranks;
        if k == 1 {
            // One kicker (a trio's): each eligible rank in turn.
            while eligible != 0 {
                let cards = main + (u64::from(s.width) << (4 * eligible.trailing_zeros()));
                self.out.push(combo(s.kind, rank, len, cards));
                eligible &= eligible - 1;
            }
            return;
        }
        // The eligible ranks low to high, each as the counts of one kicker.
        let mut unit = [0u64; 15];
        let mut n = 0u32;
        while eligible != 0 {
            let r = eligible.trailing_zeros();
            unit[n as usize] = u64::from(s.width) << (4 * r);
            n += 1;
            eligible &= eligible - 1;
        }
        if k > n {
            return;
        }
        // Both jokers are the last two eligible ranks when both are there;
        // no set of kickers may hold both.
        let both = if s.width == 1 && self.hand.contains(ROCKET) {
            3u32 << (n - 2)
        } else {
            0
        };
        // The k-subsets of the n eligible ranks in increasing order
        // (Gosper's hack); mapping index sets to rank sets keeps the order,
        // and so does the counts word the kickers add.
        let mut set: u32 = (1 << k) - 1;
        while set < 1 << n {
            if both == 0 || set & both != both {
                let mut cards = main;
                let mut bits = set;
                while bits != 0 {
                    cards += unit[bits.trailing_zeros() as usize];
                    bits &= bits - 1;
                }
                self.out.push(combo(s.kind, rank, len, cards));
            }
            let low = set & set.wrapping_neg();
            let up = set + low;
            set = ((up ^ set) >> (2 + low.trailing_zeros())) | up;
        }
    }

    /// The rocket, when the hand holds both jokers.
    fn rocket(&mut self) {
        if self.hand.contains(ROCKET) {
            self.out.push(combo(Kind::Rocket, SMALL_JOKER, 1, ROCKET.0));
        }
    }
}

/// Clears `out` and pushes every combination `hand` can lead on an empty
/// table, sorted ascending by [`Combo`]'s order, with no duplicate. No
/// allocation once `out` has grown to the hand's number of plays.
pub fn all_plays(hand: Counts, four_with_two: bool, out: &mut Vec<Combo>) {
    let mut g = Gen::new(hand, out);
    for s in &SHAPES {
        if allowed(s.kind, four_with_two) {
            g.shape(s, 0, None);
        }
    }
    g.rocket();
    debug_assert!(g.out.windows(2).all(|w| w[0] < w[1]));
}

/// Clears `out` and pushes every combination of `hand` that beats
/// `target` ([`Combo::beats`]), sorted ascending with no duplicate: those
/// of the target's kind and length with a higher main rank, then the
/// bombs (above the target's rank when it is a bomb), then the rocket.
pub fn plays_beating(hand: Counts, target: &Combo, four_with_two: bool, out: &mut Vec<Combo>) {
    let mut g = Gen::new(hand, out);
    let bomb = &SHAPES[Kind::Bomb as usize];
    match target.kind {
        Kind::Rocket => return,
        Kind::Bomb => g.shape(bomb, target.rank.saturating_add(1), Some(1)),
        kind => {
            if allowed(kind, four_with_two) && target.rank < BIG_JOKER {
                g.shape(&SHAPES[kind as usize], target.rank + 1, Some(target.len));
            }
            g.shape(bomb, 0, Some(1));
        }
    }
    g.rocket();
    debug_assert!(g.out.windows(2).all(|w| w[0] < w[1]));
}
