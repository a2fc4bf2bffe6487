//! The ladder: each level against the one below on the same deals, seats
//! rotated (see `tabula_skyjo::arena`).
//!
//! `cargo run --release -p tabula-skyjo --example ladder -- [GAMES] [PLAYERS] [SEED] [PAIRS]`
//! (defaults: 400 games, 2 players, seed 1, pairs `2-1,3-2,4-3`).
//! Prints one JSON line per pair with the wall time.

use std::time::Instant;

use tabula_skyjo::{LevelSpec, arena};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: usize = args.get(1).map_or(400, |s| s.parse().expect("games"));
    let players: usize = args.get(2).map_or(2, |s| s.parse().expect("players"));
    let seed: u64 = args.get(3).map_or(1, |s| s.parse().expect("seed"));
    let pairs = args.get(4).map_or("2-1,3-2,4-3", String::as_str);
    for pair in pairs.split(',') {
        let (hi, lo) = pair.split_once('-').expect("pairs like 2-1");
        let a: LevelSpec = format!("level:{hi}").parse().expect("a level");
        let b: LevelSpec = format!("level:{lo}").parse().expect("a level");
        let t = Instant::now();
        let r = arena(&a, &b, games, seed, players).expect("2 to 8 players");
        println!(
            "{{\"a\":\"{a}\",\"b\":\"{b}\",\"players\":{players},\"seed\":{seed},\"report\":{},\"seconds\":{:.1}}}",
            serde_json::to_string(&r).expect("json"),
            t.elapsed().as_secs_f64()
        );
    }
}
