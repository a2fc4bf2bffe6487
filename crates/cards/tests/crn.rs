//! Common random numbers: a root's figures do not depend on the other roots.

use tabula_cards::compare_roots;
use tabula_search::{Game, Rng, Turn, random_playout};
use tabula_testgames::miniwhist::MiniWhist;

fn eval(game: &MiniWhist, state: &mut <MiniWhist as Game>::State, rng: &mut Rng) -> f64 {
    let mut buf = Vec::new();
    random_playout(game, state, rng, &mut buf).get(0)
}

#[test]
fn roots_are_isolated_alone_all_reordered_and_inserted() {
    let game = MiniWhist;
    let mut state = game.initial_state();
    let mut rng = Rng::new(4);
    while game.to_move(&state) == Turn::Chance {
        let a = game.sample_chance(&state, &mut rng);
        game.apply(&mut state, a);
    }
    let obs = game.observation(&state, 0);
    let mut roots = Vec::new();
    game.legal_actions(&state, &mut roots);
    assert!(roots.len() >= 2);
    let all = compare_roots(&game, &obs, 0, &roots, 64, 99, eval);
    for (i, &r) in roots.iter().enumerate() {
        let alone = compare_roots(&game, &obs, 0, &[r], 64, 99, eval);
        assert_eq!(alone[0], all[i], "root {r:?} alone differs");
    }
    let reversed: Vec<_> = roots.iter().rev().copied().collect();
    let rev = compare_roots(&game, &obs, 0, &reversed, 64, 99, eval);
    for (i, est) in rev.iter().enumerate() {
        assert_eq!(*est, all[roots.len() - 1 - i]);
    }
    // Insert a root before the target (a duplicate of another root).
    let inserted = [roots[1], roots[0]];
    let ins = compare_roots(&game, &obs, 0, &inserted, 64, 99, eval);
    assert_eq!(ins[1], all[0]);
    // The comparison does see differences between roots on the same worlds.
    let a = &all[0].samples;
    assert!(all.iter().any(|e| e.samples != *a) || roots.len() == 1);
}
