//! Perft: the number of move sequences of each length from a position, the
//! move generator's regression figure.
//!
//! Sequences stop at positions where the game is over by ejections (a side
//! at or below its losing count); the draw rules (repetition, no progress)
//! are not applied, as usual for perft.

use tabula_search::parallel::map_init;

use crate::movegen::{MoveList, apply, count, generate};
use crate::position::Position;

/// How the last ply is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PerftMode {
    /// Generate the last ply's moves into a list and count them.
    Generate,
    /// Count the last ply's moves by popcounts, without listing them.
    Bulk,
}

/// `counts[i]` is the number of move sequences of length `i + 1`, for
/// `depth` lengths, on the calling thread.
pub fn perft(pos: &Position, depth: usize, mode: PerftMode) -> Vec<u64> {
    let mut counts = vec![0u64; depth];
    if depth > 0 {
        walk(pos, depth, 0, &mut counts, mode);
    }
    counts
}

/// As [`perft`], splitting the first ply's moves over every core (with
/// the `parallel` feature; on one thread without it).
pub fn perft_parallel(pos: &Position, depth: usize, mode: PerftMode) -> Vec<u64> {
    perft_parallel_with(pos, depth, mode, &|_| {})
}

/// As [`perft_parallel`], calling `done(n)` with the number of first-ply
/// moves each time one of them is fully counted (for a progress bar).
pub fn perft_parallel_with(pos: &Position, depth: usize, mode: PerftMode, done: &(dyn Fn(usize) + Sync)) -> Vec<u64> {
    if depth <= 2 {
        return perft(pos, depth, mode);
    }
    let mut list = MoveList::new();
    generate(pos, &mut list);
    let total = list.len();
    let moves = list.as_slice();
    let subs = map_init(
        moves.len(),
        || (),
        |_, i| {
            let mut sub = vec![0u64; depth];
            walk(&apply(pos, moves[i]).0, depth - 1, 1, &mut sub, mode);
            done(total);
            sub
        },
    );
    let mut counts = vec![0u64; depth];
    for sub in subs {
        counts.iter_mut().zip(sub).for_each(|(x, y)| *x += y);
    }
    counts[0] = list.len() as u64;
    counts
}

fn walk(pos: &Position, depth: usize, ply: usize, counts: &mut [u64], mode: PerftMode) {
    if depth == 1 && mode == PerftMode::Bulk {
        counts[ply] += u64::from(count(pos));
        return;
    }
    let mut list = MoveList::new();
    generate(pos, &mut list);
    counts[ply] += list.len() as u64;
    if depth > 1 {
        for &m in list.as_slice() {
            walk(&apply(pos, m).0, depth - 1, ply + 1, counts, mode);
        }
    }
}
