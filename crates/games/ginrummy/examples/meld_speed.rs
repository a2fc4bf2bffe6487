//! Speed of the meld engine, one core. Hands per second of
//! `best_partition` and of `deadwood` over fixed seeded random hands of 10
//! and of 11 cards (1,000,000 of each unless `HANDS` says otherwise), and
//! over meld-rich hands (11 cards of five neighbouring ranks in four suits,
//! the search's hard case; a quarter as many). Then `best_layoff` per
//! second: a random defender's 10 cards against the melds of a random
//! 10-card hand, and against the melds of a hand that could knock (10
//! deadwood or less; a quarter as many). Each figure is the fastest of
//! three passes.
//!
//! ```text
//! cargo run --release -p tabula-ginrummy --example meld_speed -- [HANDS]
//! ```

use tabula_conformance::speed::fastest_pass;

use tabula_cards::{CardId, CardSet};
use tabula_ginrummy::cards::{DECK, draw};
use tabula_ginrummy::{Meld, best_layoff, best_partition, deadwood};
use tabula_search::Rng;

/// Runs `f` over `items` three times, printing the work, the fastest
/// pass's time and its rate (the fastest, as other work on the machine only
/// ever slows a pass down).
fn time<T>(what: &str, items: &[T], mut f: impl FnMut(&T) -> u32) {
    let (secs, sum) = fastest_pass(items, 3, |x| u64::from(f(x)));
    println!(
        "{what:<44} {:>8} in {:>7.3} s: {:>12.0} /s  (mean deadwood {:.2})",
        items.len(),
        secs,
        items.len() as f64 / secs,
        sum as f64 / items.len() as f64
    );
}

/// 11 cards of five neighbouring ranks in all four suits.
fn rich(rng: &mut Rng) -> CardSet {
    let low = rng.below(9) as u16;
    let pool: CardSet = (0..4u16)
        .flat_map(|s| (low..low + 5).map(move |r| CardId(s * 13 + r)))
        .collect();
    draw(pool, 11, rng)
}

/// The melds of `knocker` and a defender of 10 cards from the rest.
fn layoff_case(knocker: CardSet, rng: &mut Rng) -> (Vec<Meld>, CardSet) {
    let melds = best_partition(knocker).melds().to_vec();
    (melds, draw(DECK - knocker, 10, rng))
}

fn main() {
    let hands = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000_000usize);
    let mut rng = Rng::new(2024);
    let ten: Vec<CardSet> = (0..hands).map(|_| draw(DECK, 10, &mut rng)).collect();
    let eleven: Vec<CardSet> = (0..hands).map(|_| draw(DECK, 11, &mut rng)).collect();
    let dense: Vec<CardSet> = (0..hands / 4).map(|_| rich(&mut rng)).collect();

    time("best_partition, random 10 cards", &ten, |&h| {
        best_partition(h).deadwood_points()
    });
    time("best_partition, random 11 cards", &eleven, |&h| {
        best_partition(h).deadwood_points()
    });
    time("best_partition, meld-rich 11 cards", &dense, |&h| {
        best_partition(h).deadwood_points()
    });
    time("deadwood, random 10 cards", &ten, |&h| deadwood(h));
    time("deadwood, random 11 cards", &eleven, |&h| deadwood(h));

    let random: Vec<_> = ten.iter().map(|&k| layoff_case(k, &mut rng)).collect();
    let mut knocks = Vec::new();
    while knocks.len() < hands / 4 {
        let mut hand = rich(&mut rng);
        hand.remove(hand.lowest().unwrap_or(CardId(0)));
        if deadwood(hand) <= 10 {
            knocks.push(layoff_case(hand, &mut rng));
        }
    }
    time("best_layoff, random knocker and defender", &random, |(m, d)| {
        best_layoff(m, *d).deadwood_points()
    });
    time("best_layoff, a knocking hand's melds", &knocks, |(m, d)| {
        best_layoff(m, *d).deadwood_points()
    });
}
