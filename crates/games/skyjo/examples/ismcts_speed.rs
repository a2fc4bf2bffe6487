//! ISMCTS iterations per second on Skyjo, one core, with the work stated.
//!
//! Two searches from the same fixed decisions (the first turn decisions of
//! seeded four-player games, after setup):
//! - `level:4 search`: the level-4 AI's primed ISMCTS over the round, with
//!   its heuristic rollouts, `ITERATIONS` iterations per decision;
//! - `plain ISMCTS`: `ismcts:N` as the command line offers it (random
//!   rollouts to the end of the game), `ITERATIONS / 10` per decision.
//!
//! Each is run `REPEATS` times over every decision; the median rate is
//! printed beside the iterations and decisions counted.
//!
//! `cargo run --release -p tabula-skyjo --example ismcts_speed -- [ITERATIONS] [REPEATS]`
//! (defaults: 2000 iterations, 5 repeats).

use std::time::Instant;

use tabula_search::{Budget, Game, Ismcts, IsmctsConfig, RandomRollout, Rng, Turn};
use tabula_skyjo::*;

const DECISIONS: usize = 24;

/// The first turn decisions (after setup) of seeded games played by level 2.
fn decisions(game: &Skyjo) -> Vec<Observation> {
    let mut out = Vec::new();
    let mut g = 0;
    while out.len() < DECISIONS {
        let mut ais: Vec<SkyjoAi> = (0..4).map(|s| SkyjoAi::new(LevelSpec::Level(2), 10 * g + s)).collect();
        let mut state = game.new_game(1000 + g);
        let mut rng = Rng::new(g);
        let mut taken = 0;
        let mut legal = Vec::new();
        while taken < 6 {
            let a = match game.to_move(&state) {
                Turn::Terminal => break,
                Turn::Chance => game.sample_chance(&state, &mut rng),
                Turn::Seat(s) => {
                    let obs = game.observation(&state, s);
                    game.legal_actions(&state, &mut legal);
                    if state.phase() == Phase::Turn && legal.len() > 1 {
                        out.push(obs.clone());
                        taken += 1;
                    }
                    ais[s].decide(game, &obs).action.expect("a move")
                }
            };
            game.apply(&mut state, a);
        }
        g += 1;
    }
    out.truncate(DECISIONS);
    out
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let iterations: u64 = args.get(1).map_or(2000, |s| s.parse().expect("iterations"));
    let repeats: usize = args.get(2).map_or(5, |s| s.parse().expect("repeats"));
    let game = Skyjo::with_players(4).expect("4 players");
    let obs = decisions(&game);

    let mut rates = Vec::new();
    for _ in 0..repeats {
        let t = Instant::now();
        for (i, o) in obs.iter().enumerate() {
            let mut ai = SkyjoAi::new(LevelSpec::Level(4), i as u64).with_iterations(iterations);
            ai.decide(&game, o);
        }
        rates.push((iterations * obs.len() as u64) as f64 / t.elapsed().as_secs_f64());
    }
    println!(
        "skyjo level:4 search: {} decisions x {iterations} iterations, median {:.0} iterations/s over {repeats} runs",
        obs.len(),
        median(rates)
    );

    let plain = (iterations / 10).max(1);
    let mut rates = Vec::new();
    let mut search = Ismcts::new(IsmctsConfig::default());
    for _ in 0..repeats {
        let t = Instant::now();
        for (i, o) in obs.iter().enumerate() {
            search.search(
                &game,
                o,
                usize::from(o.seat),
                &mut RandomRollout::new(),
                &Budget::iterations(plain),
                i as u64,
            );
        }
        rates.push((plain * obs.len() as u64) as f64 / t.elapsed().as_secs_f64());
    }
    println!(
        "skyjo plain ISMCTS (random rollouts): {} decisions x {plain} iterations, median {:.0} iterations/s over {repeats} runs",
        obs.len(),
        median(rates)
    );
}
