//! Frequency checks for samplers: a count against its binomial law, a
//! draw uniform over the outcomes a test enumerated, and the brute-force
//! enumeration of the deals that fit ([`every_deal`]). The bounds
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

/// Every way to deal `cards` to holders of the given `sizes` where each
/// card goes only to a holder `allowed(holder, card)`, by brute force over
/// all `H^cards` assignments (a handful of cards): the oracle a world
/// sampler's draws are checked against with [`assert_uniform`]. Each deal
/// lists the holders' cards in the order of `cards`.
///
/// ```
/// use tabula_conformance::frequency::every_deal;
/// // Two cards for two holders, one each, card 1 not to holder 0.
/// let deals = every_deal(&[0, 1], [1, 1], |holder, card| !(holder == 0 && card == 1));
/// assert_eq!(deals, vec![[vec![0], vec![1]]]);
/// ```
pub fn every_deal<C: Copy, const H: usize>(
    cards: &[C],
    sizes: [usize; H],
    allowed: impl Fn(usize, C) -> bool,
) -> Vec<[Vec<C>; H]> {
    let assignments = (H as u64).pow(cards.len() as u32);
    let mut deals = Vec::new();
    for code in 0..assignments {
        let mut deal: [Vec<C>; H] = std::array::from_fn(|_| Vec::new());
        let mut k = code;
        for &card in cards {
            deal[(k % H as u64) as usize].push(card);
            k /= H as u64;
        }
        let fits = deal.iter().zip(sizes).all(|(held, size)| held.len() == size)
            && deal
                .iter()
                .enumerate()
                .all(|(h, held)| held.iter().all(|&c| allowed(h, c)));
        if fits {
            deals.push(deal);
        }
    }
    deals
}
