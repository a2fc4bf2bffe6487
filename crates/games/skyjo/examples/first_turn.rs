//! The first-turn action of each level: for every deal, every seat's first
//! decision after setup, counted as take (the discard), draw, or free flip.
//! All seats play the level being measured (4 players by default).
//!
//! `cargo run --release -p tabula-skyjo --example first_turn -- [DEALS] [PLAYERS] [SEED]`
//! (defaults: 100 deals, 4 players, seed 1).

use tabula_search::{Game, Rng, Turn};
use tabula_skyjo::*;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let deals: u64 = args.get(1).map_or(100, |s| s.parse().expect("deals"));
    let players: usize = args.get(2).map_or(4, |s| s.parse().expect("players"));
    let seed: u64 = args.get(3).map_or(1, |s| s.parse().expect("seed"));
    let game = Skyjo::with_players(players).expect("2 to 8 players");
    for level in ["level:1", "level:2", "level:3", "level:4"] {
        let level: LevelSpec = level.parse().expect("a level");
        let (mut take, mut draw, mut flip) = (0, 0, 0);
        for d in 0..deals {
            let mut ais: Vec<SkyjoAi> = (0..players)
                .map(|s| SkyjoAi::new(level, seed * 1_000_003 + d * 16 + s as u64))
                .collect();
            let mut state = game.new_game(seed.wrapping_mul(7919) + d);
            let mut rng = Rng::new(d);
            let mut done = vec![false; players];
            while done.iter().any(|x| !x) {
                let a = match game.to_move(&state) {
                    Turn::Terminal => break,
                    Turn::Chance => game.sample_chance(&state, &mut rng),
                    Turn::Seat(s) => {
                        let obs = observe(&game, &state, s, TableKind::Online, level);
                        let a = ais[s].decide(&game, &obs).action.expect("an action");
                        if state.phase() == Phase::Turn && !done[s] {
                            done[s] = true;
                            match a {
                                Action::TakeDiscard(_) => take += 1,
                                Action::Draw => draw += 1,
                                _ => flip += 1,
                            }
                        }
                        a
                    }
                };
                game.apply(&mut state, a);
            }
        }
        let n = f64::from(take + draw + flip);
        println!(
            "{{\"level\":\"{level}\",\"players\":{players},\"first_turns\":{},\"take\":{take},\"draw\":{draw},\"free_flip\":{flip},\"take_pct\":{:.1},\"draw_pct\":{:.1},\"free_flip_pct\":{:.1}}}",
            take + draw + flip,
            100.0 * f64::from(take) / n,
            100.0 * f64::from(draw) / n,
            100.0 * f64::from(flip) / n
        );
    }
}
