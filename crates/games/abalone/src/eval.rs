//! The static evaluation, from the side to move's point of view: material
//! first, then closeness to the centre, cohesion (pairs of friendly
//! neighbours) and danger on the edge (marbles on the rim, and ejections
//! the opponent threatens). Everything is a popcount over bitboards.

use crate::geometry::{Cell, pre};
use crate::movegen::{STEPS, ejecting_tails};
use crate::position::Position;

/// The weights of the evaluation (see [`crate::ABALONE_TUNABLES`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per marble of material difference.
    pub material: i32,
    /// Per marble per ring nearer the centre (the rim is ring 4, e5 ring 0).
    pub centre: i32,
    /// Per pair of friendly neighbours.
    pub cohesion: i32,
    /// Per marble on the rim (a penalty when negative).
    pub rim: i32,
    /// Per ejection the opponent threatens (a penalty when negative).
    pub threatened: i32,
    /// Per ejection the side to move threatens.
    pub threatening: i32,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            material: 1_000,
            centre: 12,
            cohesion: 6,
            rim: -10,
            threatened: -60,
            threatening: 25,
        }
    }
}

/// The cells at each distance from e5 (ring 0 is e5, ring 4 the rim).
pub(crate) const RINGS: [u128; 5] = {
    let mut rings = [0u128; 5];
    let mut i = 0;
    while i < 61 {
        let c = match Cell::new(i) {
            Some(c) => c,
            None => panic!("cell"),
        };
        rings[c.centre_distance() as usize] |= c.mask();
        i += 1;
    }
    rings
};

#[inline(always)]
fn centre(bits: u128) -> i32 {
    // Σ (4 − ring) per marble.
    (4 * (bits & RINGS[0]).count_ones()
        + 3 * (bits & RINGS[1]).count_ones()
        + 2 * (bits & RINGS[2]).count_ones()
        + (bits & RINGS[3]).count_ones()) as i32
}

#[inline(always)]
fn cohesion(bits: u128) -> i32 {
    ((bits & pre(bits, 1)).count_ones() + (bits & pre(bits, 12)).count_ones() + (bits & pre(bits, 11)).count_ones())
        as i32
}

/// The number of ejecting moves `own` has against `opp`.
#[inline]
pub(crate) fn ejection_threats(own: u128, opp: u128) -> i32 {
    STEPS
        .iter()
        .map(|&s| {
            let (e2, e3) = ejecting_tails(own, opp, s);
            (e2 | e3).count_ones() as i32
        })
        .sum()
}

/// The evaluation of a position for the side to move.
#[inline]
pub fn evaluate(pos: &Position, w: &Weights) -> i32 {
    let me = pos.stones[pos.to_move.index()];
    let them = pos.stones[pos.to_move.other().index()];
    w.material * (me.count_ones() as i32 - them.count_ones() as i32)
        + w.centre * (centre(me) - centre(them))
        + w.cohesion * (cohesion(me) - cohesion(them))
        + w.rim * ((me & RINGS[4]).count_ones() as i32 - (them & RINGS[4]).count_ones() as i32)
        + w.threatened * ejection_threats(them, me)
        + w.threatening * ejection_threats(me, them)
}
