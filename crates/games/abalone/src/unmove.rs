//! Un-moves: the positions from which one move (not an ejection) leads to
//! a given position, for retrograde analysis. The mirror image of the
//! generator in [`crate::movegen`], on the same padded bitboards.
//!
//! The side that just moved (`B`, not to move) may have moved a line of 1–3
//! marbles in line or 2–3 sideways; an in-line line of `k` may have pushed
//! `m < k` of the side to move's marbles (`A`) that now sit right in front
//! of it, with an empty cell behind the line's new tail in every case.

use crate::geometry::{BOARD, pre, shift};
use crate::movegen::STEPS;
use crate::position::Position;

/// Calls `f(b, a)` once per un-move of `pos`, with the marbles of the side
/// that just moved (`b`) and of the side to move (`a`) before that move
/// (padded bitboards). In the position before, `b`'s side is to move.
#[inline]
pub fn unmoves(pos: &Position, mut f: impl FnMut(u128, u128)) {
    let a = pos.stones[pos.to_move.index()];
    let b = pos.stones[pos.to_move.other().index()];
    let e = BOARD & !(a | b);
    for &s in &STEPS {
        // Heads of lines that moved by `s`: the cell behind the old tail is empty now.
        let es = shift(e, s);
        let l2 = b & shift(b, s);
        let l3 = l2 & shift(b, 2 * s);
        let singles = b & es;
        let h2 = l2 & shift(e, 2 * s);
        let h3 = l3 & shift(e, 3 * s);
        let front = pre(a, s);
        each(singles, |h| f(b ^ h ^ shift(h, -s), a));
        each(h2, |h| f(b ^ h ^ shift(h, -2 * s), a));
        each(h3, |h| f(b ^ h ^ shift(h, -3 * s), a));
        // Pushes: the pushed marbles go back one cell, the first onto the head.
        each(h2 & front, |h| f(b ^ h ^ shift(h, -2 * s), a ^ shift(h, s) ^ h));
        each(h3 & front, |h| f(b ^ h ^ shift(h, -3 * s), a ^ shift(h, s) ^ h));
        each(h3 & front & pre(a, 2 * s), |h| {
            f(b ^ h ^ shift(h, -3 * s), a ^ shift(h, 2 * s) ^ h)
        });
    }
    for (ai, &sa) in STEPS[..3].iter().enumerate() {
        let l2 = b & pre(b, sa);
        let l3 = l2 & pre(b, 2 * sa);
        for (di, &sd) in STEPS.iter().enumerate() {
            if di % 3 == ai {
                continue;
            }
            // The line came from one step back: those cells are empty now.
            let back = shift(e, sd);
            let two = l2 & back & pre(back, sa);
            let three = l3 & back & pre(back, sa) & pre(back, 2 * sa);
            each(two, |x| {
                let line = x | shift(x, sa);
                f(b ^ line ^ shift(line, -sd), a)
            });
            each(three, |x| {
                let line = x | shift(x, sa) | shift(x, 2 * sa);
                f(b ^ line ^ shift(line, -sd), a)
            });
        }
    }
}

#[inline(always)]
fn each(mut bits: u128, mut f: impl FnMut(u128)) {
    while bits != 0 {
        let low = bits & bits.wrapping_neg();
        bits ^= low;
        f(low);
    }
}
