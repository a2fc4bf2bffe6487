//! Level N's whole decision, natively, one core: a fresh player (as the
//! server makes one for each request) at every decision of level-2
//! self-play (a match of DEALS deals), timed; the median and the 90th
//! percentile by kind of decision (a lead, a defence, a throw-in), over
//! all and over the decisions that searched (a decision with one legal
//! move is answered at once), and the search's iterations per second.
//!
//! ```text
//! cargo run --release -p tabula-durak --example durak_time -- [LEVEL] [PLAYERS] [DEALS]
//! ```

use std::time::Instant;

use tabula_durak::{Durak, DurakAi, DurakOptions};
use tabula_search::{Game, Player, Rng, Turn};

fn main() {
    let mut args = std::env::args().skip(1);
    let level: u8 = args.next().map_or(4, |a| a.parse().expect("a level"));
    let players: u8 = args.next().map_or(2, |a| a.parse().expect("a number of players"));
    let deals: u32 = args.next().map_or(4, |a| a.parse().expect("a number of deals"));
    let g = Durak::new(DurakOptions {
        players,
        deals,
        ..DurakOptions::default()
    })
    .expect("valid options");
    let mut s = g.initial_state();
    let mut rng = Rng::new(1);
    let mut guide: Vec<DurakAi> = (0..u64::from(players)).map(|k| DurakAi::new(2, 100 + k)).collect();
    let mut times: [Vec<f64>; 3] = Default::default();
    let (mut iterations, mut searched_ms) = (0u64, 0.0);
    let mut searched: Vec<f64> = Vec::new();
    while !s.is_over() {
        match g.to_move(&s) {
            Turn::Chance => {
                let a = g.sample_chance(&s, &mut rng);
                g.apply(&mut s, a);
            }
            Turn::Seat(k) => {
                let o = g.observation(&s, k);
                let stage = s.deal().expect("a deal in play").bout().stage();
                let start = Instant::now();
                let r = DurakAi::new(level, 7).choose(&g, &o, k);
                let t = start.elapsed().as_secs_f64() * 1000.0;
                if r.stats.iterations > 0 {
                    iterations += r.stats.iterations;
                    searched_ms += t;
                    searched.push(t);
                }
                times[stage as usize].push(t);
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
            "level {level}, {players} players, {name}: {} decisions, median {:.2} ms, p90 {:.2} ms, max {:.2} ms",
            v.len(),
            at(0.5),
            at(0.9),
            at(1.0)
        );
    };
    let [lead, defend, throw] = &mut times;
    let mut all: Vec<f64> = lead.iter().chain(defend.iter()).chain(throw.iter()).copied().collect();
    show("lead", lead);
    show("defend", defend);
    show("throw in", throw);
    show("all", &mut all);
    show("searched (more than one legal move)", &mut searched);
    if searched_ms > 0.0 {
        println!(
            "searching decisions: {iterations} iterations in {searched_ms:.0} ms, {:.0} iterations/s",
            iterations as f64 / searched_ms * 1000.0
        );
    }
}
