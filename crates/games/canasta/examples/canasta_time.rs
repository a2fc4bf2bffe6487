//! Level N's whole decision, natively, one core: a fresh player (as the
//! server makes one for each request) at every decision of level-2
//! self-play hands, timed; the median and the 90th percentile by kind of
//! decision (a draw: the stock or the pile; a play: meld or discard).
//!
//! ```text
//! cargo run --release -p tabula-canasta --example canasta_time -- [LEVEL] [HANDS]
//! ```

use std::time::Instant;

use tabula_canasta::{Canasta, CanastaAi, CanastaOptions, Phase};
use tabula_search::{Game, Player, Rng, Turn};

fn main() {
    let mut args = std::env::args().skip(1);
    let level: u8 = args.next().map_or(4, |a| a.parse().expect("a level"));
    let hands: u32 = args.next().map_or(4, |a| a.parse().expect("a number of hands"));
    let g = Canasta::new(CanastaOptions::default()).expect("the default rules");
    let mut s = g.initial_state();
    let mut rng = Rng::new(1);
    let mut guide: Vec<CanastaAi> = (0..4).map(|k| CanastaAi::new(2, 100 + k)).collect();
    let (mut draws, mut plays) = (Vec::new(), Vec::new());
    while s.deal_no() < hands && !s.is_over() {
        match g.to_move(&s) {
            Turn::Chance => {
                let a = g.sample_chance(&s, &mut rng);
                g.apply(&mut s, a);
            }
            Turn::Seat(k) => {
                let o = g.observation(&s, k);
                let start = Instant::now();
                let r = CanastaAi::new(level, 7).choose(&g, &o, k);
                let t = start.elapsed().as_secs_f64() * 1000.0;
                if s.phase() == Phase::Draw {
                    &mut draws
                } else {
                    &mut plays
                }
                .push(t);
                std::hint::black_box(r);
                let a = guide[k].choose(&g, &o, k).action.expect("an action");
                g.apply(&mut s, a);
            }
            Turn::Terminal => break,
        }
    }
    let show = |name: &str, v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        if v.is_empty() {
            return;
        }
        let at = |q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
        println!(
            "level {level} {name}: {} decisions, median {:.2} ms, p90 {:.2} ms, max {:.2} ms",
            v.len(),
            at(0.5),
            at(0.9),
            at(1.0)
        );
    };
    show("draw", &mut draws);
    show("play", &mut plays);
    let mut all: Vec<f64> = draws.iter().chain(plays.iter()).copied().collect();
    show("all", &mut all);
}
