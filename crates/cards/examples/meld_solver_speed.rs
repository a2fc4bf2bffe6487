//! Speed of the meld plugin, one core: hands per second of the one-word
//! path and of the general solver on the same single-deck hands (Gin
//! Rummy's rules), then of the general solver on two-deck hands with
//! jokers: Indian Rummy's 13 and 14 cards (a random cut joker rank, the
//! two-sequence declaration) and Canasta's 11 and 20 cards. Fixed seeded
//! hands (20,000 of each unless `HANDS` says otherwise); each figure is the
//! fastest of three passes, with the mean answer beside it.
//!
//! ```text
//! cargo run --release -p tabula-cards --example meld_solver_speed -- [HANDS]
//! ```

use std::hint::black_box;
use std::time::Instant;

use tabula_cards::CardSet;
use tabula_cards::french::Suit;
use tabula_cards::melds::layout::DECK;
use tabula_cards::melds::{Face, FaceHand, MeldRules, MeldSolver, OneDeckMelds};
use tabula_search::Rng;

const GIN: [u8; 13] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10];
static MELDS: OneDeckMelds = OneDeckMelds::new(GIN);

/// Runs `f` over `items` three times; prints the fastest pass's rate and
/// the mean of the answers (`None`, no declaration, counted apart).
fn time<T>(what: &str, items: &[T], mut f: impl FnMut(&T) -> Option<u32>) {
    let mut secs = f64::INFINITY;
    let (mut sum, mut none) = (0u64, 0);
    for _ in 0..3 {
        let start = Instant::now();
        (sum, none) = (0, 0);
        for x in items {
            match f(black_box(x)) {
                Some(d) => sum += u64::from(d),
                None => none += 1,
            }
        }
        secs = secs.min(start.elapsed().as_secs_f64());
    }
    println!(
        "{what:<46} {:>7} in {:>6.3} s: {:>10.0} /s  (mean deadwood {:.2}, {none} with no declaration)",
        items.len(),
        secs,
        items.len() as f64 / secs,
        sum as f64 / (items.len() - none).max(1) as f64
    );
}

/// `n` faces drawn from `decks` decks of 52 and `jokers` jokers.
fn deal(rng: &mut Rng, decks: usize, jokers: usize, n: usize) -> FaceHand {
    let mut pack: Vec<Face> = (0..decks)
        .flat_map(|_| {
            Suit::ALL
                .into_iter()
                .flat_map(|s| (0..13).map(move |r| Face::new(r, s)))
        })
        .collect();
    pack.extend(std::iter::repeat_n(Face::Joker, jokers));
    rng.shuffle(&mut pack);
    pack[..n].iter().copied().collect()
}

fn one_deck(rng: &mut Rng, n: usize) -> CardSet {
    let mut left = DECK;
    for _ in 0..n {
        let c = left.random(rng).expect("52 cards");
        left.remove(c);
    }
    DECK - left
}

fn main() {
    let hands = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20_000usize);
    let mut rng = Rng::new(2026);
    let gin: Vec<CardSet> = (0..hands).map(|_| one_deck(&mut rng, 10)).collect();
    let gin_faces: Vec<FaceHand> = gin.iter().map(|&h| FaceHand::from_one_deck(h)).collect();
    time("one-word path, Gin Rummy 10 cards", &gin, |&h| Some(MELDS.deadwood(h)));
    let mut solver = MeldSolver::new(MeldRules::gin_rummy(GIN)).expect("rules check");
    time("general solver, the same hands", &gin_faces, |h| solver.deadwood(h));

    let indian_values = [10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10];
    for n in [13, 14] {
        let cases: Vec<(u8, FaceHand)> = (0..hands)
            .map(|_| (rng.below(13) as u8, deal(&mut rng, 2, 2, n)))
            .collect();
        let mut solvers: Vec<MeldSolver> = (0..13u8)
            .map(|cut| {
                let mut values = indian_values;
                values[usize::from(cut)] = 0;
                MeldSolver::new(MeldRules::indian_rummy(values, Some(cut))).expect("rules check")
            })
            .collect();
        time(
            &format!("general solver, Indian Rummy {n} cards"),
            &cases,
            |(cut, h)| solvers[usize::from(*cut)].deadwood(h),
        );
    }
    let canasta = MeldRules::canasta([20, 20, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10], 50);
    let mut solver = MeldSolver::new(canasta).expect("rules check");
    for n in [11, 20] {
        let cases: Vec<FaceHand> = (0..hands).map(|_| deal(&mut rng, 2, 4, n)).collect();
        time(&format!("general solver, Canasta {n} cards"), &cases, |h| {
            solver.deadwood(h)
        });
    }
}
