//! Euchre's search speed, one core: ISMCTS iterations per second from the
//! first card decision with a choice (after the bids, made by level 2's
//! heuristics), with the card rollout (uniformly random playable cards) to
//! the end of the hand; then level 4's whole decision time over the card
//! decisions of two hands.
//!
//! ```text
//! cargo run --release -p tabula-euchre --example decision_time -- [ITERATIONS] [RUNS]
//! ```

use std::time::Instant;

use tabula_euchre::*;
use tabula_search::{Budget, Game, Ismcts, IsmctsConfig, Player, Rng, Turn};

/// The position after the deal of `seed` and the bidding, at the first
/// card decision with a choice.
fn first_decision(game: &Euchre, seed: u64) -> State {
    let mut rng = Rng::new(seed);
    let mut bidder = EuchreAi::new(2, seed);
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
                let a = bidder.choose(game, &game.observation(&s, seat), seat).action.unwrap();
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
    let game = Euchre::new(EuchreOptions::default()).unwrap();
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

    let mut times = Vec::new();
    let mut players: Vec<EuchreAi> = (0..4).map(|k| EuchreAi::new(4, k)).collect();
    let mut rng = Rng::new(9);
    let mut s = game.initial_state();
    let mut legal = Vec::new();
    while s.hand_no() < 2 && game.to_move(&s) != Turn::Terminal {
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
