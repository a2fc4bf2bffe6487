//! Level N's decision time, one core: the decisions of `DEALS` first
//! deals (level 2 playing every seat), each put to a fresh level-N player;
//! the median and the 90th percentile, at draws and at discards, with the
//! work (rollouts) beside them.
//!
//! ```text
//! cargo run --release -p tabula-indianrummy --example level_time -- [LEVEL] [PLAYERS] [DEALS]
//! ```

use std::time::Instant;

use tabula_indianrummy::{IndianAi, IndianOptions, IndianRummy, Phase};
use tabula_search::{Game, Player, Rng, Turn};

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().expect("a number")).collect();
    let level = args.first().copied().unwrap_or(4) as u8;
    let players = args.get(1).copied().unwrap_or(2) as u8;
    let deals = args.get(2).copied().unwrap_or(20);
    let game = IndianRummy::new(IndianOptions {
        players,
        ..IndianOptions::default()
    })
    .expect("valid options");
    let mut times: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut work = [0u64; 2];
    let mut legal = Vec::new();
    for d in 0..deals {
        let mut rng = Rng::new(d);
        let mut s = game.initial_state();
        let mut seats: Vec<IndianAi> = (0..players).map(|k| IndianAi::new(2, d * 10 + u64::from(k))).collect();
        while s.deal_no() == 0 && !s.is_over() {
            match game.to_move(&s) {
                Turn::Chance => {
                    let a = game.sample_chance(&s, &mut rng);
                    game.apply(&mut s, a);
                }
                Turn::Seat(k) => {
                    let o = game.observation(&s, k);
                    game.legal_actions(&s, &mut legal);
                    if legal.len() > 1 {
                        let mut timed = IndianAi::new(level, 7);
                        let start = Instant::now();
                        let r = timed.choose(&game, &o, k);
                        let kind = usize::from(s.phase() == Phase::Discard);
                        times[kind].push(start.elapsed().as_secs_f64() * 1e3);
                        work[kind] += r.stats.iterations;
                    }
                    let a = seats[k].choose(&game, &o, k).action.expect("an action");
                    game.apply(&mut s, a);
                }
                Turn::Terminal => break,
            }
        }
    }
    for (kind, name) in [(0, "draw"), (1, "discard")] {
        let t = &mut times[kind];
        t.sort_by(f64::total_cmp);
        if t.is_empty() {
            continue;
        }
        println!(
            "level {level}, {players} players, {name}: {} decisions, median {:.2} ms, 90th percentile {:.2} ms, {:.1} rollouts a decision",
            t.len(),
            t[t.len() / 2],
            t[t.len() * 9 / 10],
            work[kind] as f64 / t.len() as f64
        );
    }
}
