//! Canasta's melding against brute force, one core: fixed seeded hands of
//! 6, 8 and 10 cards (no threes: red threes are never held, black threes
//! meld only going out) drawn from the 108-card deck, every answer checked
//! equal; hands per second of the brute force over every partition
//! (`tabula_cards::melds::brute`), of the meld plugin's general solver
//! under `MeldRules::canasta` (a fresh solver per hand, and one whose memo
//! is kept), and of the crate's count-based dynamic programme
//! (`melding::max_value`, what the rules and the computer call); then the
//! programme on hands of 15, 25 and 40 cards. Each figure is the fastest
//! of three passes.
//!
//! ```text
//! cargo run --release -p tabula-canasta --example canasta_melds -- [HANDS]
//! ```

use std::hint::black_box;
use std::time::Instant;

use tabula_canasta::cards::{Cards, DECK, THREE, faces, meld_rank, total};
use tabula_canasta::melding::{Counts, MeldCount, max_value};
use tabula_cards::melds::{MeldRules, MeldSolver, brute};
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

/// Canasta's melding for the plugin: the cards' worth by rank, jokers 50.
fn rules() -> MeldRules {
    let values = std::array::from_fn(|r| {
        if r == 1 {
            20
        } else {
            tabula_canasta::cards::rank_value(r as u8) as u8
        }
    });
    MeldRules::canasta(values, 50)
}

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .map_or(2000, |a| a.parse().expect("a number of hands"));
    let mut rng = Rng::new(2024);
    let playable: Cards = DECK
        .iter()
        .filter(|&c| meld_rank(c) != Some(THREE) && !tabula_canasta::cards::is_red_three(c))
        .collect();
    let hand = |size: usize, rng: &mut Rng| -> Cards {
        let mut h = Cards::EMPTY;
        while h.len() < size {
            h.insert((playable - h).random(rng).expect("cards left"));
        }
        h
    };
    let rules = rules();
    let table = [MeldCount::default(); 13];
    for size in [6, 8, 10] {
        let hands: Vec<Cards> = (0..n).map(|_| hand(size, &mut rng)).collect();
        let (t_brute, want) = fastest(&hands, |h| brute::brute(&rules, &faces(*h)).map(|o| total(*h) - o.0));
        let (t_fresh, fresh) = fastest(&hands, |h| {
            MeldSolver::new(rules)
                .expect("valid")
                .deadwood(&faces(*h))
                .map(|d| total(*h) - d)
        });
        let mut kept = MeldSolver::new(rules).expect("valid");
        let (t_kept, memo) = fastest(&hands, |h| kept.deadwood(&faces(*h)).map(|d| total(*h) - d));
        let (t_dp, dp) = fastest(&hands, |h| max_value(&Counts::of(*h), &table, 0, 0));
        assert_eq!(
            fresh, want,
            "the solver and the brute force differ on {size}-card hands"
        );
        assert_eq!(memo, want);
        assert_eq!(
            dp, want,
            "the count programme and the brute force differ on {size}-card hands"
        );
        println!(
            "{size:>2} cards, {n} hands, all equal: brute force {:>9.0}/s, plugin solver {:>9.0}/s fresh ({:.0}×), {:>9.0}/s memo kept ({:.0}×), count programme {:>9.0}/s ({:.0}×)",
            n as f64 / t_brute,
            n as f64 / t_fresh,
            t_brute / t_fresh,
            n as f64 / t_kept,
            t_brute / t_kept,
            n as f64 / t_dp,
            t_brute / t_dp
        );
    }
    for size in [15, 25, 40] {
        let hands: Vec<Cards> = (0..n * 10).map(|_| hand(size, &mut rng)).collect();
        let (t, _) = fastest(&hands, |h| max_value(&Counts::of(*h), &table, 2, 0));
        println!(
            "{size:>2} cards, {} hands: count programme {:.0}/s (keeping two cards)",
            hands.len(),
            hands.len() as f64 / t
        );
    }
}
