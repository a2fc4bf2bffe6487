//! One player (the hero) against copies of another at a table of 2–8,
//! seat-rotated over the same deals, on one thread: wins (ties share) with
//! a 95% interval over the deals, and where the hero's rounds go (who
//! closes, how often the closer is doubled, the hero's and the best
//! opponent's round scores).
//!
//! `cargo run --release -p tabula-skyjo --example table -- HERO OPPONENT [PLAYERS] [DEALS] [SEED]`
//! (defaults: 4 players, 25 deals, seed 1; each deal is played once per
//! seat of the hero: 100 games). HERO and OPPONENT are player specs:
//! `level:N`, `ref:ev`, `ref:columns`.

use tabula_contract::{GameModule, PlayerSpec};
use tabula_search::rng::derive_seed;
use tabula_search::{Game, Player, Rng, Turn};
use tabula_skyjo::*;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let hero: PlayerSpec = args.get(1).map_or("level:4", String::as_str).parse().expect("a spec");
    let other: PlayerSpec = args.get(2).map_or("ref:ev", String::as_str).parse().expect("a spec");
    let players: usize = args.get(3).map_or(4, |s| s.parse().expect("players"));
    let deals: u64 = args.get(4).map_or(25, |s| s.parse().expect("deals"));
    let seed: u64 = args.get(5).map_or(1, |s| s.parse().expect("seed"));
    let game = Skyjo::with_players(players).expect("2 to 8 players");
    let mut per_deal = Vec::new();
    let (mut wins, mut games) = (0.0, 0);
    // Round figures: rounds, hero closes, hero doubled, opponent closes,
    // opponents doubled, hero score sum, best opponent score sum, hero
    // score when an opponent closed (sum), rounds the hero scored lowest.
    let mut d = [0.0f64; 9];
    let mut margin = 0.0;
    for deal in 0..deals {
        let deal_seed = derive_seed(seed, deal);
        let mut share = 0.0;
        for hero_seat in 0..players {
            let mut seats: Vec<Box<dyn Player<Skyjo> + Send>> = (0..players)
                .map(|s| {
                    let spec = if s == hero_seat { &hero } else { &other };
                    game.agent(spec, derive_seed(deal_seed, 16 + s as u64))
                        .expect("a player")
                })
                .collect();
            let (state, rounds) = play(&game, &mut seats, deal_seed);
            let totals = state.totals();
            let best = *totals.iter().min().expect("seats");
            let winners = totals.iter().filter(|&&t| t == best).count();
            if totals[hero_seat] == best {
                share += 1.0 / winners as f64;
            }
            let best_other = (0..players)
                .filter(|&s| s != hero_seat)
                .map(|s| totals[s])
                .min()
                .expect("opponents");
            margin += f64::from(best_other - totals[hero_seat]);
            for (scores, closer) in rounds {
                let hero_score = f64::from(scores[hero_seat]);
                let best_opp = (0..players)
                    .filter(|&s| s != hero_seat)
                    .map(|s| scores[s])
                    .min()
                    .expect("opponents");
                d[0] += 1.0;
                match closer {
                    Some(c) if c == hero_seat => {
                        d[1] += 1.0;
                        let lowest = (0..players).all(|s| s == c || scores[s] > scores[c] / 2);
                        if !lowest && scores[c] > 0 {
                            d[2] += 1.0;
                        }
                    }
                    Some(c) => {
                        d[3] += 1.0;
                        d[7] += hero_score;
                        let raw = scores[c];
                        if raw > 0 && (0..players).any(|s| s != c && scores[s] <= raw / 2) {
                            d[4] += 1.0;
                        }
                    }
                    None => {}
                }
                d[5] += hero_score;
                d[6] += f64::from(best_opp);
                if scores[hero_seat] < best_opp {
                    d[8] += 1.0;
                }
            }
            games += 1;
        }
        wins += share;
        per_deal.push(share / players as f64);
    }
    let n = per_deal.len() as f64;
    let mean = per_deal.iter().sum::<f64>() / n;
    let sd = (per_deal.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0).max(1.0)).sqrt();
    let half = 1.96 * sd / n.sqrt();
    println!(
        "{{\"hero\":\"{hero}\",\"opponent\":\"{other}\",\"players\":{players},\"games\":{games},\"wins\":{wins:.1},\"rate\":{mean:.3},\"ci95\":[{:.3},{:.3}],\"mean_margin\":{:.1},\"rounds\":{},\"hero_closes\":{},\"hero_doubled\":{},\"opp_closes\":{},\"opp_doubled\":{},\"hero_round\":{:.2},\"best_opp_round\":{:.2},\"hero_round_when_opp_closed\":{:.2},\"hero_lowest_rounds\":{}}}",
        mean - half,
        mean + half,
        margin / games as f64,
        d[0],
        d[1],
        d[2],
        d[3],
        d[4],
        d[5] / d[0],
        d[6] / d[0],
        d[7] / d[3].max(1.0),
        d[8]
    );
}

type Rounds = Vec<(Vec<i32>, Option<usize>)>;

/// Plays one game; the final state and each round's scores and closer.
fn play(game: &Skyjo, seats: &mut [Box<dyn Player<Skyjo> + Send>], seed: u64) -> (State, Rounds) {
    let mut state = game.new_game(seed);
    let mut rng = Rng::new(seed);
    let mut rounds = Vec::new();
    let mut played = 0;
    loop {
        if state.rounds_played() > played {
            played = state.rounds_played();
            rounds.push((state.last_round().to_vec(), state.last_closer()));
        }
        let a = match game.to_move(&state) {
            Turn::Terminal => break,
            Turn::Chance => game.sample_chance(&state, &mut rng),
            Turn::Seat(s) => {
                let obs = game.observation(&state, s);
                seats[s].choose(game, &obs, s).action.expect("an action")
            }
        };
        game.apply(&mut state, a);
    }
    (state, rounds)
}
