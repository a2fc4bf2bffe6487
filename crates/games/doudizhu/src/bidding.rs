//! Bidding by hand strength: the strength of a dealt hand, the bid it
//! makes, and how far a hand lies from what a bid says (the worlds'
//! inference reads the bids back with it).

use crate::cards::{ACE, BIG_JOKER, Counts, SMALL_JOKER, TWO};
use crate::state::MAX_BID;

/// Strength of the big joker, the small joker, a two, an ace and a bomb.
pub const WEIGHTS: [f64; 5] = [4.0, 3.0, 2.0, 0.5, 4.0];
/// The strength at which a seat bids 1, 2 and 3.
pub const BID_AT: [f64; 3] = [7.0, 9.0, 11.0];

/// A hand's bidding strength: the weights of [`WEIGHTS`] summed over its
/// jokers, twos, aces and bombs.
pub fn strength(h: Counts) -> f64 {
    let bombs = (0..=TWO).filter(|&r| h.get(r) == 4).count() as f64;
    WEIGHTS[0] * f64::from(h.get(BIG_JOKER))
        + WEIGHTS[1] * f64::from(h.get(SMALL_JOKER))
        + WEIGHTS[2] * f64::from(h.get(TWO))
        + WEIGHTS[3] * f64::from(h.get(ACE))
        + WEIGHTS[4] * bombs
}

/// The bid of a hand over the highest bid so far: the highest bid its
/// strength reaches, if that tops the bid; else a pass (0).
pub fn bid_for(h: Counts, high: u8) -> u8 {
    let s = strength(h);
    let want = BID_AT.iter().filter(|&&t| s >= t).count() as u8;
    if want > high { want.min(MAX_BID) } else { 0 }
}

/// How far a dealt hand's strength lies from what its bid says (0 when
/// the bid is the one [`bid_for`] makes): a bid of `b` over `high` says
/// the strength reaches `b`'s threshold and not the next; a pass says it
/// does not reach the threshold of `high + 1`.
pub fn bid_misfit(dealt: Counts, bid: u8, high: u8) -> f64 {
    let s = strength(dealt);
    let (low, top) = match bid {
        0 => (
            f64::NEG_INFINITY,
            BID_AT.get(usize::from(high)).copied().unwrap_or(f64::INFINITY),
        ),
        b => (
            BID_AT[usize::from(b) - 1],
            BID_AT.get(usize::from(b)).copied().unwrap_or(f64::INFINITY),
        ),
    };
    if s < low {
        low - s
    } else if s >= top {
        s - top + 1.0
    } else {
        0.0
    }
}
