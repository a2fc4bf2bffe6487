//! A scorer's choice, with the natural mistakes of a low level: the card
//! table's heuristic players score each legal action and play the best,
//! and their lowest level now and then plays one of its few best at
//! random instead: natural mistakes among reasonable candidates.

use tabula_search::Rng;

/// Natural mistakes: at `rate`, one of the `among` best-scored actions at
/// random instead of the best.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mistakes {
    /// The chance of a mistake on a decision.
    pub rate: f64,
    /// How many of the best-scored actions a mistake picks among.
    pub among: usize,
}

/// The best-scored of `legal` (ties go to the first in order), or, under
/// `mistakes`, now and then one of the few best at random. The random
/// number is drawn only when there is a choice and mistakes are on.
///
/// # Panics
/// When `legal` is empty.
pub fn best_scored<A: Copy + Ord>(
    legal: &[A],
    score: impl Fn(A) -> f64,
    mistakes: Option<Mistakes>,
    rng: &mut Rng,
) -> A {
    let mut scored: Vec<(A, f64)> = legal.iter().map(|&a| (a, score(a))).collect();
    scored.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    if let Some(m) = mistakes {
        if scored.len() > 1 && rng.next_f64() < m.rate {
            let k = scored.len().min(m.among);
            return scored[rng.below(k as u64) as usize].0;
        }
    }
    scored.first().expect("a legal action").0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_best_unless_a_mistake_and_mistakes_stay_among_the_best() {
        let legal = [1u8, 2, 3, 4, 5];
        let score = |a: u8| f64::from(a % 4); // 3 scores 3, then 2 and 5 (2), then 1...
        let mut rng = Rng::new(1);
        assert_eq!(best_scored(&legal, score, None, &mut rng), 3);
        let always = Mistakes { rate: 1.0, among: 2 };
        let mut seen = [false; 6];
        for _ in 0..200 {
            let a = best_scored(&legal, score, Some(always), &mut rng);
            assert!(a == 3 || a == 2, "{a} is not among the two best (3, then 2 before 5)");
            seen[usize::from(a)] = true;
        }
        assert!(seen[2] && seen[3]);
        let never = Mistakes { rate: 0.0, among: 5 };
        assert_eq!(best_scored(&legal, score, Some(never), &mut rng), 3);
        assert_eq!(
            best_scored(&[7u8], score, Some(always), &mut rng),
            7,
            "no choice, no mistake"
        );
    }
}
