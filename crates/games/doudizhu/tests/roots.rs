//! Verification layer 3 on Dou Dizhu: root actions compared on common
//! worlds (the card engine's `compare_roots`, as root-UCB compares them)
//! give each root the same figures alone, among all, reordered, or with
//! another root inserted before it; and the comparison does tell roots
//! apart.

use tabula_cards::{HandGame, compare_roots};
use tabula_doudizhu::*;
use tabula_search::{Determinize, Game, Rng, Rollout, Turn};

/// The landlord's first lead of a deal where seat 0 bids 3.
fn opening(game: &DouDizhu, seed: u64) -> State {
    let mut rng = Rng::new(seed);
    let mut s = game.initial_state();
    while s.phase() != Phase::Play {
        let a = match game.to_move(&s) {
            Turn::Chance => game.sample_chance(&s, &mut rng),
            _ => Action::Bid(3),
        };
        game.apply(&mut s, a);
    }
    s
}

#[test]
fn roots_are_isolated_alone_all_reordered_and_inserted() {
    let game = DouDizhu::new(DdzOptions::default()).unwrap();
    let s = opening(&game, 21);
    let seat = s.to_act();
    let o = game.observation(&s, seat);
    let mut roots = Vec::new();
    game.legal_from_observation(&o, seat, &mut roots);
    assert!(roots.len() > 20);
    roots.truncate(6);
    let hand = HandGame::new(&game, &o);
    let eval =
        |g: &HandGame<DouDizhu>, s: &mut State, rng: &mut Rng| PolicyRollout::default().rollout(g, s, rng).get(seat);
    let all = compare_roots(&hand, &o, seat, &roots, 64, 99, eval);
    for (i, &r) in roots.iter().enumerate() {
        let alone = compare_roots(&hand, &o, seat, &[r], 64, 99, eval);
        assert_eq!(alone[0], all[i], "root {r:?} alone differs");
    }
    let reversed: Vec<_> = roots.iter().rev().copied().collect();
    let rev = compare_roots(&hand, &o, seat, &reversed, 64, 99, eval);
    for (i, est) in rev.iter().enumerate() {
        assert_eq!(*est, all[roots.len() - 1 - i]);
    }
    let inserted = [roots[1], roots[0]];
    let ins = compare_roots(&hand, &o, seat, &inserted, 64, 99, eval);
    assert_eq!(ins[1], all[0], "a root inserted before leaves the target's figures");
    assert!(all.iter().any(|e| e != &all[0]), "the roots differ on the same worlds");
}
