//! Verification layer 3 on Gin Rummy's own search, whose roots are whole
//! turns (a take joined to the discard after it): each root's figures on
//! the common samples are the same alone, among all, reordered, or with
//! another root inserted before it; and the comparison does tell roots
//! apart. (Single-action roots compared as root-UCB compares them are the
//! registry's check, for every game: crates/registry/tests/decisions.rs.)

use crate::common;

use common::draw_decision;
use tabula_ginrummy::ai::{INFERENCE, TAKE_DISCARDS, play_roots, search_roots};
use tabula_ginrummy::*;
use tabula_search::Game;

/// Each root's values, world by world, from [`play_roots`] on 40 worlds.
fn played(game: &GinRummy, o: &Observation, roots: &[Root]) -> Vec<Vec<f64>> {
    let mut values = Vec::new();
    let seat = usize::from(o.seat);
    play_roots(game, o, seat, roots, 40, 99, &mut PolicyRollout::default(), &mut values);
    (0..roots.len())
        .map(|k| values.iter().skip(k).step_by(roots.len()).copied().collect())
        .collect()
}

#[test]
fn joint_take_and_discard_roots_are_isolated_alone_all_reordered_and_inserted() {
    let game = GinRummy::new(GinOptions::default()).unwrap();
    let model = game.inferring(INFERENCE);
    for seed in [5, 21] {
        let (s, seat) = draw_decision(&game, seed);
        let o = game.observation(&s, seat);
        // The stock draw and the take with each of the policy's best
        // follow-ups: complete turns.
        let roots = search_roots(&game, &o);
        assert_eq!(roots.len(), 1 + TAKE_DISCARDS, "{roots:?}");
        assert!(roots.contains(&Root::single(Action::DrawStock)));
        let top = s.top().unwrap();
        let mut after = s.clone();
        game.apply(&mut after, Action::Take);
        let mut legal = Vec::new();
        game.legal_actions(&after, &mut legal);
        let takes: Vec<Root> = roots.iter().copied().filter(|r| r.action == Action::Take).collect();
        assert_eq!(takes.len(), TAKE_DISCARDS);
        for r in &takes {
            let then = r.then.unwrap();
            assert!(legal.contains(&then), "{then:?} after taking {top:?}");
        }

        let all = played(&model, &o, &roots);
        for (k, &r) in roots.iter().enumerate() {
            assert_eq!(played(&model, &o, &[r])[0], all[k], "{r:?} alone differs");
        }
        let reversed: Vec<Root> = roots.iter().rev().copied().collect();
        let rev = played(&model, &o, &reversed);
        for k in 0..roots.len() {
            assert_eq!(rev[k], all[roots.len() - 1 - k]);
        }
        // Another take inserted before the first: a discard the search
        // did not pick.
        let other = legal
            .iter()
            .map(|&a| Root {
                action: Action::Take,
                then: Some(a),
            })
            .find(|r| !roots.contains(r))
            .unwrap();
        let ins = played(&model, &o, &[other, roots[0]]);
        assert_eq!(ins[1], all[0], "a root inserted before leaves the target's figures");
        // The discards after a take do differ on the same worlds.
        let first = roots.iter().position(|r| r.action == Action::Take).unwrap();
        assert!(
            (first + 1..first + TAKE_DISCARDS).any(|k| all[k] != all[first]),
            "seed {seed}: the take's discards tell apart"
        );
        // The policy's own follow-up comes first among the takes, and the
        // take with it plays, world by world, as a bare take whose
        // discard the rollout's policy makes.
        let bare = played(&model, &o, &[Root::single(Action::Take)]);
        assert_eq!(bare[0], all[first]);
    }
}
