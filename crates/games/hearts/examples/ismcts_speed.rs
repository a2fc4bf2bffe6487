//! ISMCTS speed on Hearts, one core: iterations per second from the first
//! trick's first real decision (the seat after the 2♣ lead), with random
//! rollouts (uniformly random legal cards) to the end of the hand, as
//! OpenSpiel's C++ ISMCTS is measured (`bench/openspiel_ismcts.py`);
//! then level 4's whole decision time over the decisions of `HANDS` hands
//! (2; 0 skips it, for an instruction count of the plain search alone).
//!
//! ```text
//! cargo run --release -p tabula-hearts --example ismcts_speed -- [ITERATIONS] [RUNS] [HANDS]
//! ```

use std::time::Instant;

use tabula_hearts::ai::CardRollout;
use tabula_hearts::ai::choose_pass;
use tabula_hearts::*;
use tabula_search::{Budget, Game, Ismcts, IsmctsConfig, Player, Rng, Turn};

/// The position after the deal of `seed`, the passes and the 2♣ lead.
fn first_decision(game: &Hearts, seed: u64) -> State {
    let mut rng = Rng::new(seed);
    let mut s = game.initial_state();
    let mut legal = Vec::new();
    loop {
        match game.to_move(&s) {
            Turn::Chance => {
                let a = game.sample_chance(&s, &mut rng);
                game.apply(&mut s, a);
            }
            Turn::Seat(seat) => {
                game.legal_actions(&s, &mut legal);
                if legal.len() > 1 && matches!(legal[0], Action::Play(_)) {
                    return s;
                }
                let a = match legal[0] {
                    Action::Pass(_) => Action::Pass(choose_pass(s.hands()[seat])),
                    other => other,
                };
                game.apply(&mut s, a);
            }
            Turn::Terminal => unreachable!("a hand has decisions"),
        }
    }
}

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let iterations = args.first().copied().unwrap_or(10_000);
    let runs = args.get(1).copied().unwrap_or(5);
    let hands = args.get(2).copied().unwrap_or(2);
    let game = Hearts::new(HeartsOptions::default()).unwrap();
    let mut rates = Vec::new();
    let mut search = Ismcts::new(IsmctsConfig::default());
    let mut rollout = CardRollout;
    for run in 0..runs {
        let s = first_decision(&game, 100 + run);
        let Turn::Seat(seat) = game.to_move(&s) else {
            unreachable!()
        };
        let o = game.observation(&s, seat);
        let hand = HandGame::new(&game, &o);
        let t = Instant::now();
        let r = search.search(&hand, &o, seat, &mut rollout, &Budget::iterations(iterations), run);
        let secs = t.elapsed().as_secs_f64();
        let done = r.stats.iterations;
        rates.push(done as f64 / secs);
        println!(
            "deal {}: {} iterations, {} nodes in {:.1} ms: {:.0} iterations/s",
            100 + run,
            done,
            r.stats.nodes,
            secs * 1e3,
            done as f64 / secs
        );
    }
    rates.sort_by(f64::total_cmp);
    println!(
        "median: {:.0} iterations/s over {runs} decisions",
        rates[rates.len() / 2]
    );

    if hands == 0 {
        return;
    }
    // Level 4's whole decision (passes and forced cards included).
    let mut times = Vec::new();
    let mut players: Vec<HeartsAi> = (0..4).map(|k| HeartsAi::new(4, k)).collect();
    let mut rng = Rng::new(9);
    let mut s = game.initial_state();
    let mut legal = Vec::new();
    while u64::from(s.hand_no()) < hands && game.to_move(&s) != Turn::Terminal {
        let a = match game.to_move(&s) {
            Turn::Chance => game.sample_chance(&s, &mut rng),
            Turn::Seat(seat) => {
                game.legal_actions(&s, &mut legal);
                let o = game.observation(&s, seat);
                let t = Instant::now();
                let a = players[seat].choose(&game, &o, seat).action.unwrap();
                if legal.len() > 1 && matches!(legal[0], Action::Play(_)) {
                    times.push(t.elapsed().as_secs_f64() * 1e3);
                }
                a
            }
            Turn::Terminal => unreachable!(),
        };
        game.apply(&mut s, a);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "level 4: {} card decisions with a choice, median {:.1} ms, 90th percentile {:.1} ms",
        times.len(),
        times[times.len() / 2],
        times[times.len() * 9 / 10]
    );
}
