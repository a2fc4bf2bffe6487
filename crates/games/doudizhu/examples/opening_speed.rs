//! The speed of the search's opening decision: root-UCB over every lead of
//! the landlord's twenty cards (over 100 roots), 256 simulations (a world
//! and a policy rollout of the whole deal each), one thread.
//!
//! `cargo run --release -p tabula-doudizhu --example opening_speed -- [DECISIONS] [SIMULATIONS]`
//! (defaults 200 and 256): prints the roots, the median and 90th
//! percentile time of a decision, and simulations per second; then the
//! whole decision of levels 3 and 4 on the same openings.

use std::time::Instant;

use tabula_cards::HandGame;
use tabula_doudizhu::ai::PolicyRollout;
use tabula_doudizhu::*;
use tabula_search::{Budget, Determinize, Game, Player, Rng, RootUcbConfig, Turn, root_ucb_over};

/// A deal played to the landlord's first lead (every seat bids as level 2
/// does), with at least `min_roots` legal leads.
fn opening(game: &DouDizhu, seed: u64, min_roots: usize) -> Option<State> {
    let mut rng = Rng::new(seed);
    let mut s = game.initial_state();
    while s.phase() != Phase::Play {
        let a = match game.to_move(&s) {
            Turn::Chance => game.sample_chance(&s, &mut rng),
            Turn::Seat(k) => {
                let high = s.bid();
                Action::Bid(
                    if k == s.to_act() && high == 0 && s.bids().iter().filter(|b| b.is_some()).count() == 2 {
                        1
                    } else {
                        tabula_doudizhu::ai::bid_for(counts_of(s.hands()[k]), high)
                    },
                )
            }
            Turn::Terminal => return None,
        };
        game.apply(&mut s, a);
        if s.round_no() > 0 {
            return None;
        }
    }
    let mut legal = Vec::new();
    game.legal_actions(&s, &mut legal);
    (legal.len() >= min_roots).then_some(s)
}

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let decisions = args.first().copied().unwrap_or(200) as usize;
    let sims = args.get(1).copied().unwrap_or(256);
    let game = DouDizhu::new(DdzOptions::default()).unwrap();
    let mut positions = Vec::new();
    let mut seed = 0;
    while positions.len() < 10 {
        seed += 1;
        if let Some(s) = opening(&game, seed, 100) {
            positions.push(s);
        }
    }
    let mut times = Vec::new();
    let mut roots_seen = Vec::new();
    let mut rollout = PolicyRollout::default();
    let mut legal = Vec::new();
    for i in 0..decisions {
        let s = &positions[i % positions.len()];
        let seat = s.to_act();
        let o = game.observation(s, seat);
        game.legal_from_observation(&o, seat, &mut legal);
        let hand = HandGame::new(&game, &o);
        let t = Instant::now();
        let r = root_ucb_over(
            &hand,
            &o,
            seat,
            &legal,
            &mut rollout,
            &RootUcbConfig::default(),
            &Budget::iterations(sims),
            i as u64,
        );
        times.push(t.elapsed().as_secs_f64());
        assert_eq!(r.stats.iterations, sims);
        roots_seen.push(legal.len());
    }
    times.sort_by(f64::total_cmp);
    let median = times[times.len() / 2];
    let p90 = times[times.len() * 9 / 10];
    roots_seen.sort_unstable();
    println!(
        "{decisions} opening decisions of {sims} simulations, {}–{} roots (median {}): median {:.3} ms, 90th percentile {:.3} ms, {:.0} simulations/s",
        roots_seen[0],
        roots_seen[roots_seen.len() - 1],
        roots_seen[roots_seen.len() / 2],
        median * 1e3,
        p90 * 1e3,
        sims as f64 / median
    );
    // The computer's whole decision on the same openings, levels 3 and 4.
    for level in [3u8, 4] {
        let mut times = Vec::new();
        for (i, s) in positions.iter().enumerate() {
            let seat = s.to_act();
            let o = game.observation(s, seat);
            let mut ai = DdzAi::new(level, i as u64);
            let t = Instant::now();
            ai.choose(&game, &o, seat);
            times.push(t.elapsed().as_secs_f64());
        }
        times.sort_by(f64::total_cmp);
        println!(
            "level {level}: median {:.1} ms, slowest {:.1} ms over {} opening decisions",
            times[times.len() / 2] * 1e3,
            times[times.len() - 1] * 1e3,
            times.len()
        );
    }
}
