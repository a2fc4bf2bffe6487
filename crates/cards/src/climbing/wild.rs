//! Wild cards: the plays of a hand that holds, beside its natural cards
//! (as [`Counts`]), some wild cards, each able to stand for one card of
//! any rank the rules allow ([`Rules::with_wild`]; Guandan's two hearts of
//! the level rank, for anything but a joker).
//!
//! A play is listed once, as the combination it shows: its
//! [`Combo::cards`] are the cards it makes, the ranks the wild cards
//! stand for included. It takes the fewest wild cards it needs: the
//! natural cards of each rank first, a wild card for each card missing.
//! [`wilds_needed`] says how many that is, and the natural cards it takes
//! are `combo.cards.meet(hand)`. (What the play beats and shows is the
//! same either way; which cards stay in hand is not, and a game that
//! lets a seat spend a wild card where it holds the natural one lists
//! those plays itself.)
//!
//! The wild card's own rank is among those it may stand for: standing for
//! its own rank, it is itself. A fixed combination (four jokers) takes
//! natural cards only.
//!
//! The same questions as the generator of counts answers, in the same
//! order ([`Combo`]'s), with no allocation beyond the caller's vector:
//! with no wild card each answers exactly what [`all_plays`],
//! [`plays_beating`] and [`classify`] answer (it calls them). The
//! reference ([`reference::all_plays_wild`](super::reference::all_plays_wild))
//! checks it on every small hand.

use crate::climbing::combo::{Combo, ComboKind};
use crate::climbing::counts::{Counts, MAX_RANKS, spread};
use crate::climbing::generate::{all_plays, classify, main_ranks, plays_beating};
use crate::climbing::shape::{Main, Rules};

/// How many wild cards a play of `cards` takes from `hand` (its natural
/// cards): one for each card `hand` lacks.
#[inline]
pub fn wilds_needed(hand: Counts, cards: Counts) -> u32 {
    cards.total() - cards.meet(hand).total()
}

/// Clears `out` and pushes every combination `hand` and `wilds` wild cards
/// can lead under `rules` on an empty table, sorted ascending, with no
/// duplicate.
pub fn all_plays_wild<K: ComboKind>(hand: Counts, wilds: u8, rules: &Rules<K>, out: &mut Vec<Combo<K>>) {
    if wilds == 0 || rules.wild() == 0 {
        return all_plays(hand, rules, out);
    }
    out.clear();
    let g = Wild::new(hand, wilds, rules);
    for i in 0..rules.shapes().len() {
        g.shape(i, 0, None, &mut |c| {
            out.push(c);
            true
        });
    }
}

/// Clears `out` and pushes every combination of `hand` and `wilds` wild
/// cards under `rules` that beats `target` ([`Combo::beats`]), sorted
/// ascending with no duplicate.
pub fn plays_beating_wild<K: ComboKind>(
    hand: Counts,
    wilds: u8,
    target: &Combo<K>,
    rules: &Rules<K>,
    out: &mut Vec<Combo<K>>,
) {
    if wilds == 0 || rules.wild() == 0 {
        return plays_beating(hand, target, rules, out);
    }
    out.clear();
    let g = Wild::new(hand, wilds, rules);
    for (i, s) in rules.shapes().iter().enumerate() {
        if let Some((from, len)) = s.answers(target) {
            g.shape(i, from, len, &mut |c| {
                out.push(c);
                true
            });
        }
    }
}

/// Clears `out` and pushes every reading of exactly `naturals` and
/// `wilds` wild cards as one combination under `rules`, sorted, with no
/// duplicate: each reading uses every card, the wild cards standing for
/// what the natural cards lack.
pub fn classify_wild<K: ComboKind>(naturals: Counts, wilds: u8, rules: &Rules<K>, out: &mut Vec<Combo<K>>) {
    if wilds == 0 || rules.wild() == 0 {
        classify(naturals, rules, out);
        if wilds > 0 {
            out.clear();
        }
        return;
    }
    out.clear();
    let total = naturals.total() + u32::from(wilds);
    let g = Wild::new(naturals, wilds, rules);
    for i in 0..rules.shapes().len() {
        g.shape(i, 0, None, &mut |c| {
            if c.size() == total && c.cards.contains(naturals) {
                out.push(c);
            }
            true
        });
    }
}

/// The lowest reading of the whole hand (its natural cards and `wilds`
/// wild cards) as one combination, when it is one: the hand can go out
/// in one play.
pub fn can_play_out_wild<K: ComboKind>(hand: Counts, wilds: u8, rules: &Rules<K>) -> Option<Combo<K>> {
    let total = hand.total() + u32::from(wilds);
    let mut first = None;
    let g = Wild::new(hand, wilds, rules);
    for i in 0..rules.shapes().len() {
        g.shape(i, 0, None, &mut |c| {
            if c.size() == total && c.cards.contains(hand) {
                first = Some(c);
                return false;
            }
            true
        });
        if first.is_some() {
            break;
        }
    }
    first
}

/// The generator with wild cards, over one hand.
struct Wild<'a, K: 'static> {
    /// The natural cards.
    hand: Counts,
    /// The wild cards.
    wilds: u8,
    /// The rules.
    rules: &'a Rules<K>,
    /// The ranks a wild card may stand for, nibble-spaced.
    wild: u64,
}

impl<'a, K: ComboKind> Wild<'a, K> {
    fn new(hand: Counts, wilds: u8, rules: &'a Rules<K>) -> Self {
        Wild {
            hand,
            wilds,
            rules,
            wild: spread(rules.wild()),
        }
    }

    /// The wild cards `cards` needs beside the hand, when they may stand
    /// for what is missing and are no more than `spare`.
    #[inline]
    fn needs(&self, cards: Counts, spare: u32) -> Option<u32> {
        let short = Counts(cards.0 - cards.meet(self.hand).0);
        let n = short.total();
        (n <= spare && short.nibbles_with(1) & !self.wild == 0).then_some(n)
    }

    /// Every combination of shape `i` with main rank (a chain's: place)
    /// `from` or higher, of length `len` (any when `None`), given to `f`
    /// in order until it returns `false`; answers `false` when stopped.
    fn shape(&self, i: usize, from: u8, len: Option<u8>, f: &mut impl FnMut(Combo<K>) -> bool) -> bool {
        let s = &self.rules.shapes()[i];
        let r = match s.main {
            Main::Fixed { rank, cards } => {
                if rank >= from && len.is_none_or(|l| l == 1) && self.hand.contains(cards) {
                    return f(Combo {
                        kind: s.kind,
                        rank,
                        len: 1,
                        cards,
                    });
                }
                return true;
            }
            Main::Flush(_) => return true,
            Main::Run(r) => r,
        };
        let (shortest, longest) = match len {
            Some(l) if l < r.min_len || l > r.max_len => return true,
            Some(l) => (l, l),
            None => (r.min_len, r.max_len),
        };
        let chain = r.max_len > 1;
        let spare = u32::from(self.wilds);
        let mut rank = r.low.max(from);
        while u16::from(rank) + u16::from(shortest) <= u16::from(r.high) + 1 {
            let mut l = shortest;
            while l <= longest && u16::from(rank) + u16::from(l) <= u16::from(r.high) + 1 {
                let ranks = main_ranks(self.rules, chain, rank, l);
                let main = Counts(ranks * u64::from(r.each));
                // A longer chain from here needs at least as many.
                let Some(used) = self.needs(main, spare) else { break };
                if !self.kick(i, rank, l, ranks, main, spare - used, f) {
                    return false;
                }
                l += 1;
            }
            rank += 1;
        }
        true
    }

    /// Every set of kickers of shape `i` for the main part `main` (on the
    /// ranks `ranks`) that `spare` wild cards can complete, in increasing
    /// order.
    #[allow(clippy::too_many_arguments)]
    fn kick(
        &self,
        i: usize,
        rank: u8,
        len: u8,
        ranks: u64,
        main: Counts,
        spare: u32,
        f: &mut impl FnMut(Combo<K>) -> bool,
    ) -> bool {
        let s = &self.rules.shapes()[i];
        let k = s.kickers;
        let combo = |cards: u64| Combo {
            kind: s.kind,
            rank,
            len,
            cards: Counts(cards),
        };
        let wanted = u32::from(k.per_rank) * u32::from(len);
        if wanted == 0 {
            return f(combo(main.0));
        }
        // The ranks a kicker may be, each with the wild cards it needs.
        let width = u64::from(k.width);
        let mut eligible = self.rules.kicker_nibbles(i) & !ranks;
        let apart_all = self.rules.apart_nibbles();
        let mut unit = [0u64; MAX_RANKS];
        let mut cost = [0u32; MAX_RANKS];
        let mut apart = 0u32;
        let mut n = 0u32;
        while eligible != 0 {
            let low = eligible & eligible.wrapping_neg();
            eligible ^= low;
            if let Some(c) = self.needs(Counts(width * low), spare) {
                if apart_all & low != 0 {
                    apart |= 1 << n;
                }
                unit[n as usize] = width * low;
                cost[n as usize] = c;
                n += 1;
            }
        }
        if wanted > n {
            return true;
        }
        // No set may hold every rank kept apart (when all are eligible).
        let all_apart = apart_all != 0 && apart.count_ones() == (apart_all.count_ones());
        // The `wanted`-subsets in increasing order (Gosper's hack), as
        // the generator of counts lists them.
        let mut set: u32 = (1 << wanted) - 1;
        while set < 1 << n {
            if !all_apart || set & apart != apart {
                let (mut cards, mut need) = (main.0, 0);
                let mut bits = set;
                while bits != 0 {
                    let j = bits.trailing_zeros() as usize;
                    cards += unit[j];
                    need += cost[j];
                    bits &= bits - 1;
                }
                if need <= spare && !f(combo(cards)) {
                    return false;
                }
            }
            let low = set & set.wrapping_neg();
            let up = set + low;
            set = ((up ^ set) >> (2 + low.trailing_zeros())) | up;
        }
        true
    }
}
