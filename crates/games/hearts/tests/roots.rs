//! Verification layer 3 on Hearts: root actions compared on common worlds
//! (the card engine's `compare_roots`, as `rootucb` compares them) give
//! each root the same figures alone, among all, reordered, or with another
//! root inserted before it; and the comparison does tell roots apart.

use crate::common;

use common::random_state;
use tabula_cards::compare_roots;
use tabula_hearts::*;
use tabula_search::{Determinize, Game, Rng, Rollout, Turn};

#[test]
fn roots_are_isolated_alone_all_reordered_and_inserted() {
    let game = Hearts::new(HeartsOptions::default()).unwrap();
    // A card decision with several choices, a few tricks into a hand.
    let mut plies = 90;
    let (o, seat, roots) = loop {
        let s = random_state(&game, 21, plies);
        if let Turn::Seat(seat) = game.to_move(&s) {
            let o = game.observation(&s, seat);
            let mut legal = Vec::new();
            game.legal_from_observation(&o, seat, &mut legal);
            if legal.len() >= 3 && matches!(legal[0], Action::Play(_)) {
                break (o, seat, legal);
            }
        }
        plies += 1;
    };
    let hand = HandGame::new(&game, &o);
    let eval = |g: &HandGame<Hearts>, s: &mut State, rng: &mut Rng| CardRollout.rollout(g, s, rng).get(seat);
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
    assert!(
        all.iter().any(|e| e.samples != all[0].samples),
        "the roots differ on the same worlds"
    );
}
