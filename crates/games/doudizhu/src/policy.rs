//! The play policy: a fast rule of thumb over rank counts, played by
//! levels 1 and 2 and by the searches' rollouts for every seat. It reads
//! only what the seat to act may know: its own hand, the public counts,
//! the trick and who is on which side.
//!
//! - **Leading**: go out at once when the whole hand is one combination;
//!   else a straight that starts within [`STRAIGHT_REACH`] ranks of the
//!   lowest card, an airplane (with its lowest kickers), a pair chain, or
//!   the lowest rank as it lies (a single, a pair, a trio with the lowest
//!   kicker). Bombs and the rocket are kept for last. With an enemy down
//!   to one card, a single is led from the top instead.
//! - **Following an enemy**: the lowest combination that beats it without
//!   breaking a bomb, taking the ranks that fit exactly first; failing
//!   that, a bomb (then the rocket) when the enemy is down to
//!   [`BOMB_AT`] cards or the bomb leaves few cards; else pass.
//! - **Following the partner** (threat-gated yielding):
//!   pass, so the partner keeps the lead — unless the landlord acts next
//!   with [`THREAT_CARDS`] or fewer cards: then take over with the
//!   highest combination that beats the partner's, so the landlord cannot
//!   go out on it.

use crate::actions::Action;
use crate::cards::{ACE, BIG_JOKER, Counts, SMALL_JOKER, TWO};
use crate::combo::{Combo, Kind};
use crate::moves::{can_play_out, plays_beating};
use crate::rules::{next_seat, same_side};
use crate::state::SEATS;

/// A straight is led when it starts at most this many ranks above the
/// lowest card in hand.
pub const STRAIGHT_REACH: u8 = 3;
/// Bomb an enemy's play when the enemy holds this many cards or fewer.
pub const BOMB_AT: u8 = 5;
/// Bomb any time the bomb leaves this many cards or fewer in hand.
pub const BOMB_LEAVES: u32 = 4;
/// The landlord with this many cards or fewer is a threat the partner
/// must not yield to.
pub const THREAT_CARDS: u8 = 2;

/// What the policy looks at.
#[derive(Clone, Copy, Debug)]
pub struct PlayView {
    /// The seat to act.
    pub seat: usize,
    /// Its hand.
    pub hand: Counts,
    /// The landlord.
    pub landlord: usize,
    /// Cards in each hand.
    pub counts: [u8; SEATS],
    /// The combination to beat and who played it (`None`: a lead).
    pub to_beat: Option<(usize, Combo)>,
    /// The `four_with_two` option.
    pub four_with_two: bool,
}

impl PlayView {
    fn enemy(&self, seat: usize) -> bool {
        !same_side(self.seat, seat, self.landlord)
    }

    /// The fewest cards an enemy holds.
    fn enemy_low(&self) -> u8 {
        (0..SEATS)
            .filter(|&k| self.enemy(k))
            .map(|k| self.counts[k])
            .min()
            .unwrap_or(u8::MAX)
    }
}

/// The policy's action.
pub fn policy_action(v: &PlayView, buf: &mut Vec<Combo>) -> Action {
    match v.to_beat {
        None => Action::Play(lead(v)),
        Some((by, target)) => match follow(v, by, &target, buf) {
            Some(c) => Action::Play(c),
            None => Action::Pass,
        },
    }
}

/// Rank sets here are nibble-spaced (bit `4 * rank`, as
/// [`Counts::nibbles_with`] gives them): no loop over the ranks.
const fn nib(rank: u8) -> u64 {
    1 << (4 * rank as u32)
}

/// The ranks 3 to the ace, where chains run.
const CHAIN_RANKS: u64 = ((nib(ACE) << 1) - 1) & crate::cards::NIBBLES;
/// The ranks 3 to the two.
const BELOW_JOKERS: u64 = ((nib(TWO) << 1) - 1) & crate::cards::NIBBLES;
/// The ranks below the two.
const BELOW_TWO: u64 = (nib(TWO) - 1) & crate::cards::NIBBLES;
/// Both jokers.
const JOKERS: u64 = nib(SMALL_JOKER) | nib(BIG_JOKER);

/// The lowest rank of a nibble-spaced set.
#[inline]
fn low(mask: u64) -> u8 {
    (mask.trailing_zeros() / 4) as u8
}

/// The highest rank of a nibble-spaced set (not empty).
#[inline]
fn high(mask: u64) -> u8 {
    ((63 - mask.leading_zeros()) / 4) as u8
}

/// The ranks above `rank`.
#[inline]
fn above(rank: u8) -> u64 {
    !((nib(rank) << 1) - 1)
}

/// The ranks holding exactly `n` cards.
#[inline]
fn exactly(h: Counts, n: u8) -> u64 {
    h.nibbles_exactly(n)
}

/// The lowest run of at least `min` ranks (3 to the ace) in `mask`
/// starting at or below `start_by`, as long as it goes: `(rank, len)`.
fn run_in(mask: u64, min: u8, start_by: u8) -> Option<(u8, u8)> {
    let m = mask & CHAIN_RANKS;
    let mut starts = m;
    for k in 1..min {
        starts &= m >> (4 * u32::from(k));
    }
    let starts = starts & ((nib(start_by.min(ACE)) << 1) - 1);
    if starts == 0 {
        return None;
    }
    let r = low(starts);
    let mut len = min;
    while r + len <= ACE && m & nib(r + len) != 0 {
        len += 1;
    }
    Some((r, len))
}

/// `each` cards of each rank of a run.
fn run_counts(rank: u8, len: u8, each: u8) -> Counts {
    let ones = (((1u64 << (4 * u32::from(len))) - 1) / 15) << (4 * u32::from(rank));
    Counts(ones * u64::from(each))
}

/// The lowest `n` kickers of `width` cards from `h`, off the ranks of
/// `main`: ranks holding exactly `width` cards (a lone card, a lone
/// pair), below the two.
fn kickers(h: Counts, main: Counts, n: u8, width: u8) -> Option<Counts> {
    let mut out = Counts::EMPTY;
    let mut m = exactly(h, width) & !main.nibbles_with(1) & BELOW_TWO;
    for _ in 0..n {
        if m == 0 {
            return None;
        }
        out = out.plus(low(m), width);
        m &= m - 1;
    }
    Some(out)
}

fn combo(kind: Kind, rank: u8, len: u8, cards: Counts) -> Combo {
    Combo { kind, rank, len, cards }
}

/// Whether the whole hand might be one combination: a cheap test that
/// errs towards yes, before the exact one.
#[inline]
fn may_be_one(h: Counts) -> bool {
    let n = h.total();
    let m = h.nibbles_with(1);
    let d = m.count_ones();
    if n <= 8 && d <= 3 {
        return true;
    }
    // A chain's ranks are consecutive; an airplane with kickers has two
    // or more trios and 4 or 5 cards a trio.
    let run = m >> m.trailing_zeros();
    (run * 15 + 1).is_power_of_two() || ((n % 4 == 0 || n % 5 == 0) && h.nibbles_with(3).count_ones() >= 2)
}

/// The whole hand as one combination, if it is one.
#[inline]
fn one_combo(h: Counts, four_with_two: bool) -> Option<Combo> {
    if may_be_one(h) {
        can_play_out(h, four_with_two)
    } else {
        None
    }
}

/// The policy's lead.
fn lead(v: &PlayView) -> Combo {
    let h = v.hand;
    if let Some(c) = one_combo(h, v.four_with_two) {
        return c;
    }
    let present = h.nibbles_with(1);
    let rocket = present & JOKERS == JOKERS;
    let bombs = exactly(h, 4);
    let mut plain = present & !bombs;
    if rocket {
        plain &= !JOKERS;
    }
    if plain != 0 {
        let lowest = low(plain);
        let singles_pairs = (exactly(h, 1) | exactly(h, 2)) & plain;
        if let Some((r, len)) = run_in(singles_pairs, 5, lowest + STRAIGHT_REACH) {
            return combo(Kind::Straight, r, len, run_counts(r, len, 1));
        }
        if let Some((r, len)) = run_in(exactly(h, 3), 2, ACE) {
            let main = run_counts(r, len, 3);
            if let Some(k) = kickers(h, main, len, 1) {
                return combo(Kind::AirplaneSingles, r, len, main.and(k));
            }
            if let Some(k) = kickers(h, main, len, 2) {
                return combo(Kind::AirplanePairs, r, len, main.and(k));
            }
            return combo(Kind::Airplane, r, len, main);
        }
        if let Some((r, len)) = run_in(exactly(h, 2), 3, ACE) {
            return combo(Kind::PairChain, r, len, run_counts(r, len, 2));
        }
        let enemy_one = v.enemy_low() == 1;
        let groups = if enemy_one && plain & !exactly(h, 1) != 0 {
            plain & !exactly(h, 1)
        } else {
            plain
        };
        let r = low(groups);
        return match h.get(r) {
            1 if enemy_one => {
                let top = high(plain);
                combo(Kind::Single, top, 1, Counts::EMPTY.plus(top, 1))
            }
            1 => combo(Kind::Single, r, 1, Counts::EMPTY.plus(r, 1)),
            2 => combo(Kind::Pair, r, 1, Counts::EMPTY.plus(r, 2)),
            _ => {
                let main = Counts::EMPTY.plus(r, 3);
                if let Some(k) = kickers(h, main, 1, 1) {
                    combo(Kind::TrioSingle, r, 1, main.and(k))
                } else if let Some(k) = kickers(h, main, 1, 2) {
                    combo(Kind::TrioPair, r, 1, main.and(k))
                } else {
                    combo(Kind::Trio, r, 1, main)
                }
            }
        };
    }
    match bombs {
        0 => combo(
            Kind::Rocket,
            SMALL_JOKER,
            1,
            Counts::EMPTY.plus(SMALL_JOKER, 1).plus(BIG_JOKER, 1),
        ),
        _ => combo(Kind::Bomb, low(bombs), 1, Counts::EMPTY.plus(low(bombs), 4)),
    }
}

/// The lowest single, pair or trio (by `each`) of the same kind above
/// `target`, ranks that fit exactly first, never from a bomb nor, while
/// the rocket is whole, a joker.
fn lowest_group(h: Counts, target: &Combo, each: u8) -> Option<Counts> {
    let present = h.nibbles_with(1);
    let mut ok = above(target.rank) & if each == 1 { present } else { BELOW_JOKERS } & !exactly(h, 4);
    if present & JOKERS == JOKERS {
        ok &= !JOKERS;
    }
    let fits = exactly(h, each) & ok;
    let more = h.nibbles_with(each + 1) & ok;
    let r = if fits != 0 {
        low(fits)
    } else if more != 0 {
        low(more)
    } else {
        return None;
    };
    let main = Counts::EMPTY.plus(r, each);
    match target.kind {
        Kind::TrioSingle => Some(main.and(kickers(h, main, 1, 1)?)),
        Kind::TrioPair => Some(main.and(kickers(h, main, 1, 2)?)),
        _ => Some(main),
    }
}

/// The policy's answer to `target`, played by `by`; `None` to pass.
fn follow(v: &PlayView, by: usize, target: &Combo, buf: &mut Vec<Combo>) -> Option<Combo> {
    let h = v.hand;
    if let Some(c) = one_combo(h, v.four_with_two)
        && c.beats(target)
    {
        return Some(c);
    }
    if !v.enemy(by) {
        let threat = next_seat(v.seat) == v.landlord && v.counts[v.landlord] <= THREAT_CARDS;
        if !threat {
            return None;
        }
        plays_beating(h, target, v.four_with_two, buf);
        // The highest plain combination, else the lowest bomb or rocket.
        return buf
            .iter()
            .rev()
            .find(|c| !c.kind.doubles())
            .or_else(|| buf.first())
            .copied();
    }
    let plain = match target.kind {
        Kind::Single => lowest_group(h, target, 1).map(|c| combo(Kind::Single, first_rank(c), 1, c)),
        Kind::Pair => lowest_group(h, target, 2).map(|c| combo(Kind::Pair, first_rank(c), 1, c)),
        Kind::Trio | Kind::TrioSingle | Kind::TrioPair => {
            lowest_group(h, target, 3).map(|c| combo(target.kind, trio_rank(c), 1, c))
        }
        _ => None,
    };
    // The whole list of answers, made once: for the plain answer when no
    // single, pair or trio fits, and for the bomb.
    let mut listed = false;
    let plain = plain.or_else(|| {
        if target.kind.doubles() {
            return None;
        }
        plays_beating(h, target, v.four_with_two, buf);
        listed = true;
        let bombs = exactly(h, 4);
        buf.iter()
            .find(|c| !c.kind.doubles() && c.cards.nibbles_with(1) & bombs == 0)
            .copied()
    });
    if plain.is_some() {
        return plain;
    }
    let bomb_time = v.counts[by] <= BOMB_AT || h.total() <= BOMB_LEAVES + 4;
    if !bomb_time {
        return None;
    }
    if !listed {
        plays_beating(h, target, v.four_with_two, buf);
    }
    buf.iter().find(|c| c.kind.doubles()).copied()
}

fn first_rank(c: Counts) -> u8 {
    low(c.nibbles_with(1))
}

fn trio_rank(c: Counts) -> u8 {
    low(c.nibbles_with(3))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_search::Rng;

    /// The cheap test never says no to a hand that is one combination.
    #[test]
    fn may_be_one_never_refuses_a_combination() {
        let mut rng = Rng::new(5);
        let mut plays = Vec::new();
        let mut checked = 0;
        for _ in 0..3000 {
            let mut h = Counts::EMPTY;
            let n = 1 + rng.below(20);
            while u64::from(h.total()) < n {
                let r = rng.below(15) as u8;
                if h.get(r) < if r >= SMALL_JOKER { 1 } else { 4 } {
                    h = h.plus(r, 1);
                }
            }
            crate::moves::all_plays(h, true, &mut plays);
            for c in &plays {
                assert!(may_be_one(c.cards), "{c:?} is one combination");
                checked += 1;
            }
            assert_eq!(one_combo(h, true), can_play_out(h, true));
        }
        assert!(checked > 10_000);
    }
}
