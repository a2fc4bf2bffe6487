//! How long rounds last, and how many the turn limit ends: the measurement
//! behind [`DEFAULT_TURN_LIMIT`](tabula_skyjo::rules::DEFAULT_TURN_LIMIT).
//!
//! `cargo run --release -p tabula-skyjo --example round_lengths -- [GAMES] [PLAYERS] [PLAYERS_FROM] [SEED] [END_SCORE]`
//! (defaults: 40 games per table size and player kind, `random,1,2,3,4`,
//! table sizes 2 to 8, seed 1, end score 100). `PLAYERS` is a
//! comma-separated list of `random` (uniform legal moves, free flip on),
//! `random-noflip` (the same without the free flip) and levels 1–4; games
//! rotate over the table sizes from `PLAYERS_FROM` to 8. One JSON line per
//! kind: rounds, the longest round in turns and in turns per seat, and the
//! rounds the turn limit ended.

use rayon::prelude::*;
use std::time::Instant;
use tabula_search::rng::derive_seed;
use tabula_search::{Game, Rng, Turn};
use tabula_skyjo::*;

/// Each round of one game: (turns, turns per seat, ended by the limit).
fn random_game(game: &Skyjo, seed: u64) -> Vec<(u16, f64, bool)> {
    let mut s = game.new_game(seed);
    let mut rng = Rng::new(seed);
    let mut legal = Vec::new();
    let mut out = Vec::new();
    let mut played = 0;
    let mut before = 0;
    loop {
        if s.rounds_played() > played {
            played = s.rounds_played();
            out.push((
                before + 1,
                f64::from(before + 1) / s.players() as f64,
                s.last_closer().is_none(),
            ));
        }
        let a = match game.to_move(&s) {
            Turn::Terminal => return out,
            Turn::Chance => game.sample_chance(&s, &mut rng),
            Turn::Seat(_) => {
                game.legal_actions(&s, &mut legal);
                legal[rng.below(legal.len() as u64) as usize]
            }
        };
        before = s.round_turns();
        game.apply(&mut s, a);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).map_or(40, |s| s.parse().expect("games"));
    let kinds = args.get(2).map_or("random,1,2,3,4", String::as_str);
    let from: usize = args.get(3).map_or(2, |s| s.parse().expect("players from"));
    let seed: u64 = args.get(4).map_or(1, |s| s.parse().expect("seed"));
    let end_score: i32 = args.get(5).map_or(100, |s| s.parse().expect("end score"));
    let sizes: Vec<usize> = (from..=8).collect();
    for kind in kinds.split(',') {
        let t = Instant::now();
        let rounds: Vec<(u16, f64, bool)> = (0..games)
            .into_par_iter()
            .flat_map_iter(|g| {
                let players = sizes[g as usize % sizes.len()];
                let mut rules = Rules::new(players).expect("2 to 8 players");
                rules.end_score = end_score;
                rules.free_flip = kind != "random-noflip";
                let game = Skyjo::new(rules).expect("valid rules");
                let game_seed = derive_seed(seed ^ 0x5EED, g);
                if kind.starts_with("random") {
                    return random_game(&game, game_seed);
                }
                let level: LevelSpec = format!("level:{kind}").parse().expect("a level");
                let mut ais: Vec<SkyjoAi> = (0..players)
                    .map(|s| SkyjoAi::new(level, derive_seed(seed, g * 16 + s as u64)))
                    .collect();
                let out = play_game(&game, &mut ais, TableKind::Online, game_seed);
                assert!(!out.stalled, "game {g} stalled");
                out.round_turns
                    .iter()
                    .zip(&out.closers)
                    .map(|(&t, c)| (t, f64::from(t) / players as f64, c.is_none()))
                    .collect::<Vec<_>>()
            })
            .collect();
        let longest = rounds.iter().map(|r| r.0).max().unwrap_or(0);
        let per_seat = rounds.iter().map(|r| r.1).fold(0.0, f64::max);
        let mean = rounds.iter().map(|r| r.1).sum::<f64>() / rounds.len().max(1) as f64;
        println!(
            "{{\"players\":\"{kind}\",\"games\":{games},\"seats\":\"{from}-8\",\"end_score\":{end_score},\"rounds\":{},\"longest_round_turns\":{longest},\"longest_turns_per_seat\":{per_seat:.2},\"mean_turns_per_seat\":{mean:.2},\"ended_by_limit\":{},\"seconds\":{:.1}}}",
            rounds.len(),
            rounds.iter().filter(|r| r.2).count(),
            t.elapsed().as_secs_f64()
        );
    }
}
