//! Every combination of a hand, generated straight from its rank counts
//! and a game's [`Rules`].
//!
//! Four questions, all answered without allocating beyond a caller's
//! reused vector:
//!
//! - [`classify`]: how can exactly these cards be read as one combination?
//! - [`can_play_out`]: is the whole hand one combination?
//! - [`all_plays`]: what can a hand lead on an empty table?
//! - [`plays_beating`]: what can a hand play on a given combination?
//!
//! Generation runs over the shapes in the rules' order (the kinds'), then
//! the main rank, then the length, and enumerates the kickers as subsets
//! of the eligible ranks in increasing order of their counts word; that is
//! exactly [`Combo`]'s order, so every list comes out sorted with no
//! duplicate and nothing is sorted afterwards.
//!
//! [`plays_beating`] visits only the target's shape and the bombs (the
//! shapes of a tier above 0, a mask the rules keep); an answer of one
//! length finds the ranks that start a run of it all at once.
//!
//! Sets of ranks are nibble-spaced here, as [`Counts::nibbles_with`] gives
//! them (bit `4 * rank`): the ranks with enough cards for a main part or
//! a kicker come from the counts word in a few operations, a chain is a
//! run of set nibbles, and a kicker of `width` cards on the lowest rank
//! of a set is `width` times its lowest bit.

use crate::climbing::combo::{Combo, ComboKind};
use crate::climbing::counts::{Counts, MAX_RANKS, ONES};
use crate::climbing::shape::{Kickers, Main, Rules, Shape};

/// A combination.
#[inline]
fn combo<K>(kind: K, rank: u8, len: u8, cards: u64) -> Combo<K> {
    Combo {
        kind,
        rank,
        len,
        cards: Counts(cards),
    }
}

/// The ranks `rank .. rank + len` (`len` 1 to 16): one card on each, as
/// a counts word.
#[inline]
fn ones(rank: u8, len: u8) -> u64 {
    (ONES >> (64 - 4 * u32::from(len))) << (4 * u32::from(rank))
}

/// How many consecutive ranks of `ranks` there are from `rank` up.
#[inline]
fn run_from(ranks: u64, rank: u8) -> u8 {
    ((!(ranks >> (4 * u32::from(rank))) & ONES).trailing_zeros() / 4) as u8
}

/// The ranks of `ranks` that start a run of `len` of them (`len` 1 to
/// 16): the set and-ed with itself shifted, doubling the span each time.
#[inline]
fn runs(ranks: u64, len: u8) -> u64 {
    let mut starts = ranks;
    let mut span = 1;
    while span < len {
        let step = span.min(len - span);
        starts &= starts >> (4 * u32::from(step));
        span += step;
    }
    starts
}

/// The ranks `from ..= to` (`to` at most 15); none when `from > to`.
#[inline]
fn between(from: u8, to: u8) -> u64 {
    if from > to {
        return 0;
    }
    ONES & (u64::MAX << (4 * u32::from(from))) & (u64::MAX >> (60 - 4 * u32::from(to)))
}

/// The lowest rank of a set (not empty).
#[inline]
fn lowest(ranks: u64) -> u8 {
    (ranks.trailing_zeros() / 4) as u8
}

/// Whether `rest` is a lawful set of kickers `k` for a main part on the
/// ranks `main`: each of its ranks holds exactly `width` cards, is one of
/// `ranks` (those a kicker may be) and is off the main part, and the ranks kept apart
/// (`apart`) are not all among them. (Their number follows from the
/// cards' total.)
#[inline]
fn kickers_fit(rest: Counts, main: u64, k: Kickers, ranks: u64, apart: u64) -> bool {
    let present = rest.nibbles_with(1);
    rest.0 == present * u64::from(k.width)
        && present & !ranks == 0
        && present & main == 0
        && (apart == 0 || present & apart != apart)
}

/// A set of ranks as a shape's main part reads it: the places of the
/// chain order that hold them for a chain, else the ranks themselves.
#[inline]
fn places<K>(rules: &Rules<K>, chain: bool, ranks: u64) -> u64 {
    if chain { rules.places_of_ranks(ranks) } else { ranks }
}

/// The ranks of a main part that starts at `rank` (a chain: a place) and
/// spans `len`, nibble-spaced.
#[inline]
pub(crate) fn main_ranks<K>(rules: &Rules<K>, chain: bool, rank: u8, len: u8) -> u64 {
    let spanned = ones(rank, len);
    if chain { rules.ranks_of_places(spanned) } else { spanned }
}

/// Every reading of exactly `cards` as one combination, in order, given to
/// `f` until it returns `false`.
fn readings<K: ComboKind>(cards: Counts, rules: &Rules<K>, mut f: impl FnMut(Combo<K>) -> bool) {
    let n = cards.total();
    if n == 0 {
        return;
    }
    let apart = rules.apart_nibbles();
    for (i, s) in rules.shapes().iter().enumerate() {
        match s.main {
            Main::Fixed { rank, cards: fixed } => {
                if cards == fixed && !f(combo(s.kind, rank, 1, cards.0)) {
                    return;
                }
            }
            // Suits are beyond counts: flushes are `flush`'s.
            Main::Flush(_) => {}
            Main::Run(r) => {
                let k = s.kickers;
                let unit = u32::from(r.each) + u32::from(k.per_rank) * u32::from(k.width);
                if n % unit != 0 || n / unit < u32::from(r.min_len) || n / unit > u32::from(r.max_len) {
                    continue;
                }
                let len = (n / unit) as u8;
                // The main part starts on a rank (a chain: a place of the
                // chain order) from which `len` of them hold `each` cards
                // or more.
                let chain = r.max_len > 1;
                let have = places(rules, chain, cards.nibbles_with(r.each));
                let mut starts = have & between(r.low, r.high + 1 - len);
                while starts != 0 {
                    let rank = lowest(starts);
                    starts &= starts - 1;
                    let main = main_ranks(rules, chain, rank, len);
                    if run_from(have, rank) >= len
                        && kickers_fit(
                            Counts(cards.0 - main * u64::from(r.each)),
                            main,
                            k,
                            rules.kicker_nibbles(i),
                            apart,
                        )
                        && !f(combo(s.kind, rank, len, cards.0))
                    {
                        return;
                    }
                }
            }
        }
    }
}

/// Clears `out` and pushes every reading of exactly `cards` as one
/// combination under `rules`, sorted, with no duplicate; none when the
/// cards are no combination.
pub fn classify<K: ComboKind>(cards: Counts, rules: &Rules<K>, out: &mut Vec<Combo<K>>) {
    out.clear();
    readings(cards, rules, |c| {
        out.push(c);
        true
    });
}

/// The lowest reading (by [`Combo`]'s order) of the whole `hand` as one
/// combination, when it is one: the hand can go out in one play.
pub fn can_play_out<K: ComboKind>(hand: Counts, rules: &Rules<K>) -> Option<Combo<K>> {
    let mut first = None;
    readings(hand, rules, |c| {
        first = Some(c);
        false
    });
    first
}

/// The generator over one hand.
struct Gen<'a, K: 'static> {
    /// The hand.
    hand: Counts,
    /// The rules.
    rules: &'a Rules<K>,
    /// `with[n]`: the ranks with at least `n` cards, for `n` from 1 to
    /// [`EAGER`] (what a single deck holds); above, found when needed.
    with: [u64; EAGER + 1],
    /// Where the combinations go.
    out: &'a mut Vec<Combo<K>>,
}

/// The counts whose ranks [`Gen`] finds at once: those of a single deck.
const EAGER: usize = 4;

impl<'a, K: ComboKind> Gen<'a, K> {
    /// A generator over `hand` under `rules`, clearing `out`.
    #[inline]
    fn new(hand: Counts, rules: &'a Rules<K>, out: &'a mut Vec<Combo<K>>) -> Self {
        out.clear();
        Gen {
            hand,
            rules,
            with: std::array::from_fn(|n| hand.nibbles_with(n as u8)),
            out,
        }
    }

    /// The ranks with at least `n` cards (1 to 15).
    #[inline]
    fn with(&self, n: u8) -> u64 {
        match self.with.get(usize::from(n)) {
            Some(&w) => w,
            None => self.hand.nibbles_with(n),
        }
    }

    /// Every combination of the rules' shape `i` with main rank `from` or
    /// higher, of length `len` (any length when `None`). Inlined where it
    /// is called, so that the constant arguments of [`all_plays`] and of
    /// [`plays_beating`]'s bombs fold away (about a tenth of the
    /// instructions of a call of `plays_beating`, measured).
    #[inline(always)]
    fn shape(&mut self, i: usize, from: u8, len: Option<u8>) {
        let s = &self.rules.shapes()[i];
        let r = match s.main {
            Main::Fixed { rank, cards } => {
                if rank >= from && len.is_none_or(|l| l == 1) && self.hand.contains(cards) {
                    self.out.push(combo(s.kind, rank, 1, cards.0));
                }
                return;
            }
            // Suits are beyond counts: flushes are `flush`'s.
            Main::Flush(_) => return,
            Main::Run(r) => r,
        };
        let k = s.kickers;
        if (r.max_len == 1) & (k.per_rank == 0) {
            // One rank, no kicker (a single, a pair, a bomb): each rank
            // with the cards.
            if len.is_some_and(|l| l != 1) {
                return;
            }
            let mut ranks = self.with(r.each) & between(r.low.max(from), r.high);
            while ranks != 0 {
                let low = ranks & ranks.wrapping_neg();
                self.out.push(combo(s.kind, lowest(low), 1, low * u64::from(r.each)));
                ranks ^= low;
            }
            return;
        }
        let (shortest, longest) = match len {
            Some(l) if l < r.min_len || l > r.max_len => return,
            Some(l) => (l, l),
            None => (r.min_len, r.max_len),
        };
        // The ranks with enough cards for the main part; the ranks its
        // kickers may be (none without kickers: a width of 0, and no rank
        // allowed).
        let chain = r.max_len > 1;
        let have = places(self.rules, chain, self.with(r.each));
        let kickers = self.with(k.width) & self.rules.kicker_nibbles(i);
        let range = between(r.low.max(from), r.high + 1 - shortest);
        if shortest == longest {
            // One length (a group with kickers, an answer to a chain): the
            // ranks that start a run of that length, found all at once.
            let mut starts = runs(have, shortest) & range;
            while starts != 0 {
                self.kick(s, r.each, lowest(starts), shortest, chain, kickers);
                starts &= starts - 1;
            }
            return;
        }
        let mut starts = have & range;
        while starts != 0 {
            let rank = lowest(starts);
            starts &= starts - 1;
            // The longest part from `rank`: as far as the cards, the range
            // and the longest chain allow.
            let most = run_from(have, rank).min(r.high + 1 - rank).min(longest);
            let mut l = shortest;
            while l <= most {
                self.kick(s, r.each, rank, l, chain, kickers);
                l += 1;
            }
        }
    }

    /// Every combination of shape `s` on main ranks `rank .. rank + len`
    /// (places of the chain order for a `chain`; `each` cards of each):
    /// the main part with each set of kickers from the ranks `kickers`, in
    /// increasing order.
    #[inline]
    fn kick(&mut self, s: &Shape<K>, each: u8, rank: u8, len: u8, chain: bool, kickers: u64) {
        let main_ranks = main_ranks(self.rules, chain, rank, len);
        let main = main_ranks * u64::from(each);
        let k = s.kickers;
        let wanted = u32::from(k.per_rank) * u32::from(len);
        if wanted == 0 {
            self.out.push(combo(s.kind, rank, len, main));
            return;
        }
        let width = u64::from(k.width);
        let mut eligible = kickers & !main_ranks;
        if wanted == 1 {
            // One kicker: each eligible rank in turn.
            while eligible != 0 {
                let cards = main + width * (eligible & eligible.wrapping_neg());
                self.out.push(combo(s.kind, rank, len, cards));
                eligible &= eligible - 1;
            }
            return;
        }
        // The eligible ranks low to high, each as the counts of one
        // kicker; `apart`: the indices of the ranks kept apart, when all of
        // them are eligible (no set of kickers may hold them all).
        let all = self.rules.apart_nibbles();
        let all_apart = all != 0 && eligible & all == all;
        let mut apart = 0u32;
        let mut unit = [0u64; MAX_RANKS];
        let mut n = 0u32;
        while eligible != 0 {
            let low = eligible & eligible.wrapping_neg();
            if all_apart && all & low != 0 {
                apart |= 1 << n;
            }
            unit[n as usize] = width * low;
            n += 1;
            eligible &= eligible - 1;
        }
        if wanted > n {
            return;
        }
        // The `wanted`-subsets of the `n` eligible ranks in increasing
        // order (Gosper's hack); mapping index sets to rank sets keeps the
        // order, and so does the counts word the kickers add (no nibble
        // carries).
        let mut set: u32 = (1 << wanted) - 1;
        while set < 1 << n {
            if apart == 0 || set & apart != apart {
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
}

/// Clears `out` and pushes every combination `hand` can lead under
/// `rules` on an empty table, sorted ascending by [`Combo`]'s order, with
/// no duplicate. No allocation once `out` has grown to the hand's number
/// of plays.
pub fn all_plays<K: ComboKind>(hand: Counts, rules: &Rules<K>, out: &mut Vec<Combo<K>>) {
    let mut g = Gen::new(hand, rules, out);
    for i in 0..rules.shapes().len() {
        g.shape(i, 0, None);
    }
    debug_assert!(
        g.out.windows(2).all(|w| w[0] < w[1]),
        "the rules' kinds do not increase"
    );
}

/// Clears `out` and pushes every combination of `hand` under `rules` that
/// beats `target` ([`Combo::beats`]), sorted ascending with no duplicate:
/// those of the target's kind and length with a higher main rank, and
/// every combination of a higher tier of the bomb order, in the order of
/// the shapes.
pub fn plays_beating<K: ComboKind>(hand: Counts, target: &Combo<K>, rules: &Rules<K>, out: &mut Vec<Combo<K>>) {
    let mut g = Gen::new(hand, rules, out);
    let shapes = rules.shapes();
    // The target's shape (where the kind's index says, when it says
    // right; else found by a search), and every bomb's, in the shapes'
    // order.
    let own = match target.kind.index() {
        Some(i) if shapes.get(i).is_some_and(|s| s.kind == target.kind) => Some(i),
        _ => shapes
            .iter()
            .position(|s| s.kind >= target.kind)
            .filter(|&i| shapes[i].kind == target.kind),
    };
    let mut todo = rules.bombs() | own.map_or(0, |i| 1 << i);
    let tier = target.kind.tier();
    while todo != 0 {
        let i = todo.trailing_zeros() as usize;
        todo &= todo - 1;
        let s = &shapes[i];
        if s.tier > tier {
            g.shape(i, 0, None);
        } else if Some(i) == own {
            g.shape(i, target.rank.saturating_add(1), Some(target.len));
        }
    }
    debug_assert!(
        g.out.windows(2).all(|w| w[0] < w[1]),
        "the rules' kinds do not increase"
    );
}
