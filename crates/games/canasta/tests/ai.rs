//! The computer: legal, reproducible, whole matches at every level.

use tabula_canasta::{Canasta, CanastaAi, CanastaOptions, Observation};
use tabula_search::{Game, Player, Rng, Turn};

/// Plays a short match with `levels` at the seats; the final scores.
fn play(levels: [u8; 4], seed: u64) -> Vec<i32> {
    let g = Canasta::new(CanastaOptions {
        end_score: 1000,
        ..CanastaOptions::default()
    })
    .unwrap();
    let mut players: Vec<CanastaAi> = levels
        .iter()
        .enumerate()
        .map(|(k, &l)| CanastaAi::new(l, seed + k as u64))
        .collect();
    let mut s = g.initial_state();
    let mut rng = Rng::new(seed);
    let mut legal = Vec::new();
    for _ in 0..100_000 {
        match g.to_move(&s) {
            Turn::Terminal => return s.scores(),
            Turn::Chance => {
                let a = g.sample_chance(&s, &mut rng);
                g.apply(&mut s, a);
            }
            Turn::Seat(k) => {
                let o: Observation = g.observation(&s, k);
                let a = players[k].choose(&g, &o, k).action.expect("an action");
                g.legal_actions(&s, &mut legal);
                assert!(legal.contains(&a), "{a:?} is not legal");
                g.apply(&mut s, a);
            }
        }
    }
    panic!("the match did not end");
}

#[test]
fn every_level_plays_legal_whole_matches() {
    let scores = play([1, 2, 1, 2], 3);
    assert!(scores.iter().any(|&x| x >= 1000));
    let scores = play([3, 4, 3, 4], 5);
    assert!(scores.iter().any(|&x| x >= 1000));
}

#[test]
fn a_decision_is_the_same_for_the_same_observation_and_seed() {
    let g = Canasta::new(CanastaOptions::default()).unwrap();
    let s = tabula_conformance::random_state(&g, g.initial_state(), 11, 300);
    if let Turn::Seat(k) = g.to_move(&s) {
        let o = g.observation(&s, k);
        let a = CanastaAi::new(4, 9).choose(&g, &o, k);
        let b = CanastaAi::new(4, 9).choose(&g, &o, k);
        assert_eq!(a.action, b.action);
        assert_eq!(a.stats.root, b.stats.root);
    }
}
