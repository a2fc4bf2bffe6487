//! Where level 4's search pays: level 4 searching at `A` cards or fewer
//! (with `SA` root samples) against level 4 searching at `B` (with `SB`),
//! whole matches from `start_level` (10, the queen: a few hands) on the
//! same deals, each deal played twice with the sides swapped; the score
//! rate of A with its 95% interval, and the decision time of each (the
//! searching decisions' median and 90th percentile), on both cores.
//!
//! ```text
//! cargo run --release -p tabula-guandan --example search_threshold -- A SA B SB [DEALS] [START_LEVEL]
//! ```

use std::time::Instant;

use tabula_guandan::*;
use tabula_search::{Game, Player, Rng, Turn};

/// One match: seats of side 0 played by `tuned[0]`, side 1 by
/// `tuned[1]`; chance from `deal`. The winning side, and each entry's
/// searching decisions' times (ms).
fn one_match(game: &Guandan, tuned: [(u8, u64); 2], deal: u64) -> (usize, [Vec<f64>; 2]) {
    let mut players: Vec<GuandanAi> = (0..4)
        .map(|k| {
            let (cards, samples) = tuned[k % 2];
            GuandanAi::new(4, deal * 4 + k as u64).tuned(cards, samples)
        })
        .collect();
    let mut rng = Rng::new(deal);
    let mut s = game.initial_state();
    let mut times = [Vec::new(), Vec::new()];
    loop {
        let a = match game.to_move(&s) {
            Turn::Terminal => break,
            Turn::Chance => game.sample_chance(&s, &mut rng),
            Turn::Seat(seat) => {
                let t = Instant::now();
                let r = players[seat].choose(game, &game.observation(&s, seat), seat);
                if r.stats.iterations > 0 {
                    times[seat % 2].push(t.elapsed().as_secs_f64() * 1e3);
                }
                r.action.expect("a legal action")
            }
        };
        game.apply(&mut s, a);
    }
    (s.winner().expect("a match ends with a winner"), times)
}

/// One match's result for A: won (1) or lost (0), and each entry's
/// searching decisions' times (ms).
struct Outcome {
    a_won: f64,
    a_times: Vec<f64>,
    b_times: Vec<f64>,
}

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let [a, sa, b, sb] = [0, 1, 2, 3].map(|i| args.get(i).copied().unwrap_or([12, 400, 20, 400][i]));
    let deals = args.get(4).copied().unwrap_or(100);
    let start_level = args.get(5).copied().unwrap_or(10) as u8;
    let game = Guandan::new(GuandanOptions {
        start_level,
        ..GuandanOptions::default()
    })
    .unwrap();
    let (x, y) = ((a as u8, sa), (b as u8, sb));
    // Each deal twice: A on side 0, then A on side 1. Two threads.
    let results: Vec<Outcome> = std::thread::scope(|scope| {
        let halves: Vec<_> = (0..2u64)
            .map(|h| {
                let game = &game;
                scope.spawn(move || {
                    (0..deals)
                        .filter(|d| d % 2 == h)
                        .flat_map(|d| {
                            [false, true].map(|swap| {
                                let tuned = if swap { [y, x] } else { [x, y] };
                                let (winner, [t0, t1]) = one_match(game, tuned, d);
                                let a_side = usize::from(swap);
                                let (a_times, b_times) = if swap { (t1, t0) } else { (t0, t1) };
                                Outcome {
                                    a_won: f64::from(u8::from(winner == a_side)),
                                    a_times,
                                    b_times,
                                }
                            })
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        halves.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    let n = results.len() as f64;
    let rate = results.iter().map(|r| r.a_won).sum::<f64>() / n;
    let half = 1.96 * (rate * (1.0 - rate) / n).sqrt();
    let times = |pick: fn(&Outcome) -> &Vec<f64>| {
        let mut t: Vec<f64> = results.iter().flat_map(|r| pick(r).iter().copied()).collect();
        t.sort_by(f64::total_cmp);
        let at = |q: usize| t.get(t.len() * q / 10).copied().unwrap_or(0.0);
        format!(
            "{} searches, median {:.1} ms, 90th percentile {:.1} ms",
            t.len(),
            at(5),
            at(9)
        )
    };
    println!(
        "A (search at {a} cards, {sa} samples) vs B (at {b}, {sb} samples), from level {}: {} matches, A's score rate {rate:.3} (95% {:.3}–{:.3})",
        tabula_guandan::cards::LevelName(start_level),
        results.len(),
        rate - half,
        rate + half
    );
    println!("A: {}", times(|r| &r.a_times));
    println!("B: {}", times(|r| &r.b_times));
}
