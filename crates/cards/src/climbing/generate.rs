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
//! duplicate and nothing is sorted afterwards. The ranks that hold enough
//! cards for a main part or a kicker are one bit per rank, so a chain is
//! a mask test.

use crate::climbing::combo::{Combo, ComboKind};
use crate::climbing::counts::{Counts, MAX_RANKS, gather};
use crate::climbing::shape::{Kickers, Main, Rules, Run, Shape};

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

/// The ranks `rank .. rank + len`, one bit per rank.
#[inline]
fn span(rank: u8, len: u8) -> u16 {
    (((1u32 << len) - 1) << rank) as u16
}

/// Whether `rest` is a lawful set of kickers `k` for a main part on the
/// ranks `main` (one bit per rank): each of its ranks holds exactly
/// `width` cards, is one a kicker may be and is off the main part, and
/// the ranks kept apart are not all among them. (Their number follows
/// from the cards' total.)
#[inline]
fn kickers_fit(rest: Counts, main: u16, k: Kickers, apart: u16) -> bool {
    let present = rest.nibbles_with(1);
    if rest.0 != present * u64::from(k.width) {
        return false;
    }
    let ranks = gather(present);
    ranks & !k.ranks == 0 && ranks & main == 0 && (apart == 0 || ranks & apart != apart)
}

/// Every reading of exactly `cards` as one combination, in order, given to
/// `f` until it returns `false`.
fn readings<K: ComboKind>(cards: Counts, rules: &Rules<K>, mut f: impl FnMut(Combo<K>) -> bool) {
    let n = cards.total();
    if n == 0 {
        return;
    }
    for s in rules.shapes() {
        match s.main {
            Main::Fixed { rank, cards: fixed } => {
                if cards == fixed && !f(combo(s.kind, rank, 1, cards.0)) {
                    return;
                }
            }
            Main::Run(r) => {
                let k = s.kickers;
                let unit = u32::from(r.each) + u32::from(k.per_rank) * u32::from(k.width);
                if n % unit != 0 || n / unit < u32::from(r.min_len) || n / unit > u32::from(r.max_len) {
                    continue;
                }
                let len = (n / unit) as u8;
                for rank in r.low..=r.high + 1 - len {
                    let main = Counts::run(rank, len, r.each);
                    if cards.contains(main)
                        && kickers_fit(cards.less(main), span(rank, len), k, rules.apart())
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
    /// The ranks kept apart among kickers.
    apart: u16,
    /// `with[n]`: the ranks with at least `n` cards, one bit per rank, for
    /// `n` up to the most a shape takes of a rank.
    with: [u16; MAX_RANKS],
    /// Where the combinations go.
    out: &'a mut Vec<Combo<K>>,
}

impl<'a, K: ComboKind> Gen<'a, K> {
    /// A generator over `hand` under `rules`, clearing `out`.
    #[inline]
    fn new(hand: Counts, rules: &Rules<K>, out: &'a mut Vec<Combo<K>>) -> Self {
        out.clear();
        let mut with = [0; MAX_RANKS];
        for (n, w) in with.iter_mut().enumerate().take(usize::from(rules.most()) + 1).skip(1) {
            *w = hand.ranks_with(n as u8);
        }
        Gen {
            hand,
            apart: rules.apart(),
            with,
            out,
        }
    }

    /// Every combination of shape `s` with main rank `from` or higher, of
    /// length `len` (any length when `None`).
    #[inline]
    fn shape(&mut self, s: &Shape<K>, from: u8, len: Option<u8>) {
        let Run {
            each,
            low,
            high,
            min_len,
            max_len,
        } = match s.main {
            Main::Fixed { rank, cards } => {
                if rank >= from && len.is_none_or(|l| l == 1) && self.hand.contains(cards) {
                    self.out.push(combo(s.kind, rank, 1, cards.0));
                }
                return;
            }
            Main::Run(r) => r,
        };
        let have = u32::from(self.with[usize::from(each)]);
        let start = low.max(from);
        if max_len == 1 {
            if len.is_some_and(|l| l != 1) {
                return;
            }
            let from_start = u32::MAX.checked_shl(u32::from(start)).unwrap_or(0);
            let mut ranks = have & from_start & ((2 << high) - 1);
            while ranks != 0 {
                self.kick(s, each, ranks.trailing_zeros() as u8, 1);
                ranks &= ranks - 1;
            }
            return;
        }
        match len {
            Some(l) => {
                if l < min_len || l > max_len || start > high + 1 - l {
                    return;
                }
                let chain = (1u32 << l) - 1;
                for rank in start..=high + 1 - l {
                    if have >> rank & chain == chain {
                        self.kick(s, each, rank, l);
                    }
                }
            }
            None => {
                for rank in start..=high {
                    // The run of ranks from `rank` with enough cards.
                    let mut l = 0;
                    while rank + l <= high && l < max_len && have >> (rank + l) & 1 != 0 {
                        l += 1;
                        if l >= min_len {
                            self.kick(s, each, rank, l);
                        }
                    }
                }
            }
        }
    }

    /// Every combination of shape `s` on main ranks `rank .. rank + len`
    /// (`each` cards of each): the main part with each set of kickers, in
    /// increasing order.
    #[inline]
    fn kick(&mut self, s: &Shape<K>, each: u8, rank: u8, len: u8) {
        let main = Counts::run(rank, len, each).0;
        let k = s.kickers;
        let wanted = u32::from(k.per_rank) * u32::from(len);
        if wanted == 0 {
            self.out.push(combo(s.kind, rank, len, main));
            return;
        }
        let width = u64::from(k.width);
        let mut eligible = self.with[usize::from(k.width)] & k.ranks & !span(rank, len);
        if wanted == 1 {
            // One kicker: each eligible rank in turn.
            while eligible != 0 {
                let cards = main + (width << (4 * eligible.trailing_zeros()));
                self.out.push(combo(s.kind, rank, len, cards));
                eligible &= eligible - 1;
            }
            return;
        }
        // The eligible ranks low to high, each as the counts of one
        // kicker; `apart`: the indices of the ranks kept apart, when all of
        // them are eligible (no set of kickers may hold them all).
        let all_apart = self.apart != 0 && eligible & self.apart == self.apart;
        let mut apart = 0u32;
        let mut unit = [0u64; MAX_RANKS];
        let mut n = 0u32;
        while eligible != 0 {
            let r = eligible.trailing_zeros();
            if all_apart && self.apart >> r & 1 != 0 {
                apart |= 1 << n;
            }
            unit[n as usize] = width << (4 * r);
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
    for s in rules.shapes() {
        g.shape(s, 0, None);
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
    let tier = target.kind.tier();
    for s in rules.shapes() {
        let t = s.kind.tier();
        if t > tier {
            g.shape(s, 0, None);
        } else if s.kind == target.kind {
            g.shape(s, target.rank.saturating_add(1), Some(target.len));
        }
    }
    debug_assert!(
        g.out.windows(2).all(|w| w[0] < w[1]),
        "the rules' kinds do not increase"
    );
}
