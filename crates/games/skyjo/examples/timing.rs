//! Decision time of a level on one core: median, p90 and p99 over every
//! non-trivial decision (more than one legal action, setup excluded) of
//! self-play games.
//!
//! `cargo run --release -p tabula-skyjo --example timing -- [LEVEL] [GAMES] [PLAYERS] [SEED]`
//! (defaults: level:4, 4 games, 4 players, seed 1).

use std::time::Instant;

use tabula_search::{Game, Rng, Turn};
use tabula_skyjo::*;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let level: LevelSpec = args.get(1).map_or("level:4", String::as_str).parse().expect("a level");
    let games: u64 = args.get(2).map_or(4, |s| s.parse().expect("games"));
    let players: usize = args.get(3).map_or(4, |s| s.parse().expect("players"));
    let seed: u64 = args.get(4).map_or(1, |s| s.parse().expect("seed"));
    let game = Skyjo::with_players(players).expect("2 to 8 players");
    let mut times = Vec::new();
    let mut iterations = 0u64;
    for g in 0..games {
        let mut ais: Vec<SkyjoAi> = (0..players)
            .map(|s| SkyjoAi::new(level, seed * 100 + g * 10 + s as u64))
            .collect();
        let mut state = game.new_game(seed.wrapping_mul(1000) + g);
        let mut rng = Rng::new(g);
        let mut legal = Vec::new();
        loop {
            let a = match game.to_move(&state) {
                Turn::Terminal => break,
                Turn::Chance => game.sample_chance(&state, &mut rng),
                Turn::Seat(s) => {
                    let obs = observe(&game, &state, s, TableKind::Online, level);
                    game.legal_actions(&state, &mut legal);
                    let t = Instant::now();
                    let r = ais[s].decide(&game, &obs);
                    let dt = t.elapsed();
                    if legal.len() > 1 && state.phase() != Phase::Setup {
                        times.push(dt.as_secs_f64() * 1e3);
                        iterations += r.stats.iterations;
                    }
                    r.action.expect("an action")
                }
            };
            game.apply(&mut state, a);
        }
    }
    times.sort_by(f64::total_cmp);
    let q = |p: f64| times[((times.len() - 1) as f64 * p).round() as usize];
    println!(
        "{{\"level\":\"{level}\",\"players\":{players},\"games\":{games},\"decisions\":{},\"iterations_per_decision\":{:.0},\"median_ms\":{:.2},\"p90_ms\":{:.2},\"p99_ms\":{:.2},\"max_ms\":{:.2}}}",
        times.len(),
        iterations as f64 / times.len() as f64,
        q(0.5),
        q(0.9),
        q(0.99),
        q(1.0)
    );
}
