//! Flushes: runs of single cards of one suit ([`Main::Flush`], Guandan's
//! straight flush), which rank counts cannot see.
//!
//! A hand is given here by suit: for each suit, one bit per rank it holds
//! of that suit (one copy or two: a flush takes one), natural cards only;
//! its wild cards (see [`wild`](super::wild)) fill the ranks a suit lacks,
//! as many as [`Rules::wild`] allows. A flush is listed as a combination
//! ([`Combo`]: its kind, its first place in the chain order, its length,
//! one card of each of its ranks) with its suit: two suits' flushes on
//! the same ranks are the same combination, two plays.

use crate::climbing::combo::{Combo, ComboKind};
use crate::climbing::counts::{Counts, gather};
use crate::climbing::generate::main_ranks;
use crate::climbing::shape::{Main, Rules};

/// Clears `out` and pushes every flush of the hand whose natural cards of
/// each suit are `suits` (bit `rank` of `suits[s]`: suit `s` holds the
/// rank), with `wilds` wild cards, that may be led (`target` `None`) or
/// beats `target` ([`Combo::beats`]): each with its suit, sorted by
/// combination, then suit.
pub fn flush_plays<K: ComboKind>(
    suits: &[u16],
    wilds: u8,
    rules: &Rules<K>,
    target: Option<&Combo<K>>,
    out: &mut Vec<(Combo<K>, u8)>,
) {
    out.clear();
    let wild = rules.wild();
    let spare = u32::from(if wild == 0 { 0 } else { wilds });
    for s in rules.shapes() {
        let Main::Flush(r) = s.main else { continue };
        let Some((from, only)) = target.map_or(Some((0, None)), |t| s.answers(t)) else {
            continue;
        };
        let mut rank = r.low.max(from);
        while u16::from(rank) + u16::from(r.min_len) <= u16::from(r.high) + 1 {
            let mut len = r.min_len;
            while len <= r.max_len && u16::from(rank) + u16::from(len) <= u16::from(r.high) + 1 {
                if only.is_none_or(|l| l == len) {
                    let cards = main_ranks(rules, true, rank, len);
                    let ranks = gather(cards);
                    for (suit, &held) in suits.iter().enumerate() {
                        let missing = ranks & !held;
                        if missing & !wild == 0 && missing.count_ones() <= spare {
                            let combo = Combo {
                                kind: s.kind,
                                rank,
                                len,
                                cards: Counts(cards),
                            };
                            out.push((combo, suit as u8));
                        }
                    }
                }
                len += 1;
            }
            rank += 1;
        }
    }
}
