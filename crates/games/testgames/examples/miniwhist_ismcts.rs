//! ISMCTS iterations per second on Mini Whist, one core, with the work
//! stated: single- and multiple-observer ISMCTS with random rollouts from
//! the first discard decision of `DEALS` seeded deals.
//!
//! `cargo run --release -p tabula-testgames --example miniwhist_ismcts -- [ITERATIONS] [REPEATS]`
//! (defaults: 20000 iterations, 5 repeats).

use std::time::Instant;

use tabula_search::*;
use tabula_testgames::MiniWhist;

const DEALS: u64 = 8;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let iterations: u64 = args.get(1).map_or(20_000, |s| s.parse().expect("iterations"));
    let repeats: usize = args.get(2).map_or(5, |s| s.parse().expect("repeats"));
    let game = MiniWhist;
    let views: Vec<_> = (0..DEALS)
        .map(|d| {
            let mut deal = game.initial_state();
            let mut rng = Rng::new(d);
            while game.to_move(&deal) == Turn::Chance {
                let card = game.sample_chance(&deal, &mut rng);
                game.apply(&mut deal, card);
            }
            game.observation(&deal, 0)
        })
        .collect();
    for (name, mode) in [
        ("SO-ISMCTS", IsmctsMode::SingleObserver),
        ("MO-ISMCTS", IsmctsMode::MultipleObserver),
    ] {
        let mut search = Ismcts::new(IsmctsConfig {
            mode,
            ..IsmctsConfig::default()
        });
        let mut rates = Vec::new();
        for _ in 0..repeats {
            let t = Instant::now();
            for (i, v) in views.iter().enumerate() {
                search.search(
                    &game,
                    v,
                    0,
                    &mut RandomRollout::new(),
                    &Budget::iterations(iterations),
                    i as u64,
                );
            }
            rates.push((iterations * DEALS) as f64 / t.elapsed().as_secs_f64());
        }
        println!(
            "miniwhist {name}: {DEALS} decisions x {iterations} iterations, median {:.0} iterations/s over {repeats} runs",
            median(rates)
        );
    }
}
