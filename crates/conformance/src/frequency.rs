//! Frequency checks for samplers: a count against its binomial law, and a
//! draw uniform over the outcomes a test enumerated by hand. The bounds
//! are five standard deviations (a false alarm about once in 1.7 million
//! per count; a seeded test draws the same counts every run).
//!
//! ```
//! use tabula_conformance::frequency::assert_uniform;
//! let mut rng = tabula_search::Rng::new(1);
//! assert_uniform([0, 1, 2], 3_000, || rng.below(3));
//! ```

use std::collections::BTreeMap;
use std::fmt::{Debug, Display};

/// How far a count may stray from its expectation, in standard deviations.
pub const SIGMAS: f64 = 5.0;

/// Whether `count` of `draws` fits a probability `p` (within [`SIGMAS`]
/// standard deviations of `draws · p`).
pub fn fits(count: u64, draws: u64, p: f64) -> bool {
    let n = draws as f64;
    let sd = (n * p * (1.0 - p)).sqrt();
    (count as f64 - n * p).abs() <= SIGMAS * sd
}

/// Checks that `count` of `draws` fits a probability `p` (see [`fits`]).
///
/// # Panics
/// When it does not, naming `what`.
pub fn assert_frequency(what: impl Display, count: u64, draws: u64, p: f64) {
    assert!(
        fits(count, draws, p),
        "{what}: {count} of {draws}, expected about {:.1}",
        draws as f64 * p
    );
}

/// Calls `draw` `draws` times and checks that it is uniform over
/// `outcomes` (each listed once): every draw is one of them and each is drawn as
/// often as a probability `1 / outcomes` allows. Returns the counts.
///
/// # Panics
/// On a draw that is not among the outcomes, or a count that does not fit.
pub fn assert_uniform<K: Ord + Debug>(
    outcomes: impl IntoIterator<Item = K>,
    draws: u64,
    mut draw: impl FnMut() -> K,
) -> BTreeMap<K, u64> {
    let mut listed = 0;
    let mut counts: BTreeMap<K, u64> = outcomes.into_iter().inspect(|_| listed += 1).map(|k| (k, 0)).collect();
    assert!(!counts.is_empty(), "no outcome to draw");
    assert_eq!(counts.len(), listed, "an outcome listed twice");
    for _ in 0..draws {
        let k = draw();
        match counts.get_mut(&k) {
            Some(n) => *n += 1,
            None => panic!("{k:?} drawn, not one of the {} outcomes", counts.len()),
        }
    }
    let p = 1.0 / counts.len() as f64;
    for (k, &n) in &counts {
        assert_frequency(format_args!("{k:?}"), n, draws, p);
    }
    counts
}
