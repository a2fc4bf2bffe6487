//! The meld solver against brute force on Indian Rummy's rules, one core:
//! fixed seeded hands of 6, 8 and 10 cards drawn from the 106-card deck
//! (a random wild rank each), every answer checked equal, hands per second
//! of the solver (a fresh solver for each hand, and one solver whose memo
//! is kept from hand to hand, as the computer keeps it) and of the brute
//! force over every partition (`tabula_cards::melds::brute`); then the
//! solver on whole 13- and 14-card hands. Each figure is the fastest of
//! three passes.
//!
//! ```text
//! cargo run --release -p tabula-indianrummy --example meld_vs_brute -- [HANDS]
//! ```

use std::hint::black_box;
use std::time::Instant;

use tabula_cards::melds::{FaceHand, MeldSolver, brute};
use tabula_indianrummy::cards::{DECK, faces};
use tabula_indianrummy::score::rules;
use tabula_search::Rng;

/// The fastest of three passes of `f` over `items`, in seconds.
fn fastest<T>(items: &[T], mut f: impl FnMut(&T) -> Option<u32>) -> (f64, Vec<Option<u32>>) {
    let mut best = f64::INFINITY;
    let mut out = Vec::new();
    for _ in 0..3 {
        out.clear();
        let start = Instant::now();
        for x in items {
            out.push(f(black_box(x)));
        }
        best = best.min(start.elapsed().as_secs_f64());
    }
    (best, out)
}

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .map_or(2000, |a| a.parse().expect("a number of hands"));
    let mut rng = Rng::new(2024);
    let hand = |size: usize, rng: &mut Rng| -> (u8, FaceHand) {
        let mut left = DECK;
        for _ in 0..size {
            let c = left.random(rng).expect("cards left");
            left.remove(c);
        }
        (rng.below(13) as u8, faces(DECK - left))
    };
    for size in [6, 8, 10] {
        let hands: Vec<(u8, FaceHand)> = (0..n).map(|_| hand(size, &mut rng)).collect();
        let (t_brute, want) = fastest(&hands, |(w, h)| brute::brute(&rules(*w), h).map(|o| o.0));
        let (t_fresh, fresh) = fastest(&hands, |(w, h)| MeldSolver::new(rules(*w)).expect("valid").deadwood(h));
        let mut kept: Vec<MeldSolver> = (0..13).map(|w| MeldSolver::new(rules(w)).expect("valid")).collect();
        let (t_kept, memo) = fastest(&hands, |(w, h)| kept[usize::from(*w)].deadwood(h));
        assert_eq!(
            fresh, want,
            "the solver and the brute force differ on {size}-card hands"
        );
        assert_eq!(memo, want);
        let shown = want.iter().filter(|d| d.is_some()).count();
        println!(
            "{size:>2} cards, {n} hands ({shown} with two sequences, one pure), all equal: brute force {:>9.0}/s, solver {:>9.0}/s fresh ({:.0}×), {:>9.0}/s memo kept ({:.0}×)",
            n as f64 / t_brute,
            n as f64 / t_fresh,
            t_brute / t_fresh,
            n as f64 / t_kept,
            t_brute / t_kept
        );
    }
    for size in [13, 14] {
        let hands: Vec<(u8, FaceHand)> = (0..n * 10).map(|_| hand(size, &mut rng)).collect();
        let mut kept: Vec<MeldSolver> = (0..13).map(|w| MeldSolver::new(rules(w)).expect("valid")).collect();
        let (t, out) = fastest(&hands, |(w, h)| kept[usize::from(*w)].deadwood(h));
        println!(
            "{size:>2} cards, {} hands ({} with two sequences, one pure): solver {:.0}/s memo kept",
            hands.len(),
            out.iter().filter(|d| d.is_some()).count(),
            hands.len() as f64 / t
        );
    }
}
