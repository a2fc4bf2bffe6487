//! Mean round score per level in self-play (every seat the same level).
//!
//! `cargo run --release -p tabula-skyjo --example self_play -- [GAMES] [PLAYERS] [SEED] [LEVELS]`
//! (defaults: 40 games, 4 players, seed 1, levels `1,2,3,4`). Games run in
//! parallel; results depend only on the seed.

use rayon::prelude::*;
use std::time::Instant;
use tabula_search::rng::derive_seed;
use tabula_skyjo::*;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).map_or(40, |s| s.parse().expect("games"));
    let players: usize = args.get(2).map_or(4, |s| s.parse().expect("players"));
    let seed: u64 = args.get(3).map_or(1, |s| s.parse().expect("seed"));
    let levels = args.get(4).map_or("1,2,3,4", String::as_str);
    let game = Skyjo::with_players(players).expect("2 to 8 players");
    for l in levels.split(',') {
        let level: LevelSpec = format!("level:{l}").parse().expect("a level");
        let t = Instant::now();
        let rounds: Vec<Vec<i32>> = (0..games)
            .into_par_iter()
            .flat_map_iter(|g| {
                let mut ais: Vec<SkyjoAi> = (0..players)
                    .map(|s| SkyjoAi::new(level, derive_seed(seed, g * 16 + s as u64)))
                    .collect();
                play_game(&game, &mut ais, TableKind::Online, derive_seed(seed ^ 0xDEA1, g)).rounds
            })
            .collect();
        let scores: Vec<f64> = rounds.iter().flatten().map(|&x| f64::from(x)).collect();
        let mean = scores.iter().sum::<f64>() / scores.len() as f64;
        let sd = (scores.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (scores.len() - 1) as f64).sqrt();
        println!(
            "{{\"level\":\"{level}\",\"players\":{players},\"games\":{games},\"rounds\":{},\"mean_round_score\":{mean:.2},\"ci95_half\":{:.2},\"seconds\":{:.1}}}",
            rounds.len(),
            1.96 * sd / (scores.len() as f64).sqrt(),
            t.elapsed().as_secs_f64()
        );
    }
}
