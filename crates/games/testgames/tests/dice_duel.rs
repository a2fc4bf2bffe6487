//! DiceDuel pins expectiminimax and MCTS's chance nodes with values, node
//! counts and choices computed by hand.

use std::time::Duration;

use tabula_conformance::Config;
use tabula_search::*;
use tabula_testgames::{DiceDuel, Die, DuelAction, DuelState};

fn strip<A>(mut r: SearchResult<A>) -> SearchResult<A> {
    r.stats.elapsed = Duration::ZERO;
    r
}

fn after(actions: &[DuelAction]) -> DuelState {
    let mut s = DiceDuel.initial_state();
    for &a in actions {
        play(&DiceDuel, &mut s, a).unwrap_or_else(|e| panic!("{e}"));
    }
    s
}

// Hand computation of the full game (seat 0's winnings u):
//
// After seat 0's roll r, a call is worth 2·(P(s < r) − P(s > r)) with s the
// fair die: r = 1: 2·(0 − 2/3) = −4/3; r = 2: 2·(1/3 − 1/3) = 0;
// r = 3: 2·(2/3 − 0) = 4/3. A fold is worth +1. Seat 1 minimises:
// r = 1 → call (−4/3), r = 2 → call (0), r = 3 → fold (1).
//
//   Fair:   (1/3)(−4/3) + (1/3)(0) + (1/3)(1) = −4/9 + 3/9 = −1/9
//   Loaded: (1/4)(−4/3) + (3/4)(1)            = −1/3 + 3/4 = 5/12
//
// Seat 0 picks the loaded die; the game is worth 5/12.
const FAIR: f64 = -1.0 / 9.0;
const LOADED: f64 = 5.0 / 12.0;

#[test]
fn expectiminimax_value_and_choice_match_the_hand_computation() {
    let r = expectiminimax(
        &DiceDuel,
        &DiceDuel.initial_state(),
        None,
        &Utility,
        &Budget::unlimited(),
    );
    assert!((r.value - LOADED).abs() < 1e-12, "value {}", r.value);
    assert_eq!(r.action, Some(DuelAction::Pick(Die::Loaded)));
    assert_eq!(r.stats.root.len(), 2);
    assert_eq!(r.stats.root[0].action, DuelAction::Pick(Die::Fair));
    assert!((r.stats.root[0].value - FAIR).abs() < 1e-12);
    assert!((r.stats.root[1].value - LOADED).abs() < 1e-12);
    assert!(r.stats.root.iter().all(|s| s.exact));
}

#[test]
fn expectiminimax_counts_every_node_and_leaf() {
    // A roll r leads to seat 1's node (1), its fold (1 terminal), its call
    // (1 chance node) and the call's three rolls (3 terminals): 6 nodes,
    // 4 of them leaves.
    //   Fair:   1 chance node + 3 rolls × 6 = 19 nodes, 3 × 4 = 12 leaves
    //   Loaded: 1 chance node + 2 rolls × 6 = 13 nodes, 2 × 4 =  8 leaves
    //   Total:  1 root + 19 + 13 = 33 nodes, 12 + 8 = 20 leaves.
    let r = expectiminimax(
        &DiceDuel,
        &DiceDuel.initial_state(),
        None,
        &Utility,
        &Budget::unlimited(),
    );
    assert_eq!(r.stats.nodes, 33);
    assert_eq!(r.stats.leaves, 20);
    assert_eq!(r.stats.root[0].visits, 19);
    assert_eq!(r.stats.root[1].visits, 13);
}

#[test]
fn expectiminimax_values_inner_nodes_for_the_seat_to_move() {
    // A chance root: the loaded die's roll, worth 5/12 to seat 0.
    let r = expectiminimax(
        &DiceDuel,
        &after(&[DuelAction::Pick(Die::Loaded)]),
        None,
        &Utility,
        &Budget::unlimited(),
    );
    assert!((r.value - LOADED).abs() < 1e-12);
    assert_eq!(r.action, None);
    // Seat 1 facing a 3 folds (−1 for it rather than −4/3); facing a 1 it
    // calls, worth 4/3 to it.
    let three = after(&[DuelAction::Pick(Die::Loaded), DuelAction::Roll(3)]);
    let r = expectiminimax(&DiceDuel, &three, None, &Utility, &Budget::unlimited());
    assert_eq!(r.action, Some(DuelAction::Fold));
    assert!((r.value + 1.0).abs() < 1e-12);
    let one = after(&[DuelAction::Pick(Die::Fair), DuelAction::Roll(1)]);
    let r = expectiminimax(&DiceDuel, &one, None, &Utility, &Budget::unlimited());
    assert_eq!(r.action, Some(DuelAction::Call));
    assert!((r.value - 4.0 / 3.0).abs() < 1e-12);
}

/// At the horizon: `2r − 3` for a known roll r of seat 0 (−1, 1, 3), else 0.
struct RollEval;

impl Evaluator<DiceDuel> for RollEval {
    fn evaluate(&self, _: &DiceDuel, s: &DuelState) -> Score {
        s.roll().map_or(0, |r| 2 * Score::from(r) - 3)
    }
}

#[test]
fn depth_limited_expectiminimax_gives_the_horizon_values() {
    // Depth 3: root (seat 0), chance, seat 1, then the horizon. Seat 1's
    // fold is terminal (+1, a leaf); its call is a chance node at the
    // horizon, worth 2r − 3. Seat 1 takes min(1, 2r − 3): r = 1 → −1,
    // r = 2 → 1, r = 3 → 1.
    //   Fair:   (−1 + 1 + 1)/3 = 1/3;   Loaded: (1/4)(−1) + (3/4)(1) = 1/2.
    // Nodes: 1 root + 2 chance + 5 seat-1 nodes + 5 folds + 5 calls = 18;
    // leaves: the 5 folds.
    let r = expectiminimax(
        &DiceDuel,
        &DiceDuel.initial_state(),
        Some(3),
        &RollEval,
        &Budget::unlimited(),
    );
    assert!((r.value - 0.5).abs() < 1e-12, "value {}", r.value);
    assert_eq!(r.action, Some(DuelAction::Pick(Die::Loaded)));
    assert!((r.stats.root[0].value - 1.0 / 3.0).abs() < 1e-12);
    assert_eq!((r.stats.nodes, r.stats.leaves), (18, 5));

    // Depth 2: seat 1's nodes are the horizon, worth 2r − 3.
    //   Fair:   (−1 + 1 + 3)/3 = 1;     Loaded: (1/4)(−1) + (3/4)(3) = 2.
    // Nodes: 1 + 2 + 5 = 8, no leaf.
    let r = expectiminimax(
        &DiceDuel,
        &DiceDuel.initial_state(),
        Some(2),
        &RollEval,
        &Budget::unlimited(),
    );
    assert!((r.value - 2.0).abs() < 1e-12, "value {}", r.value);
    assert!((r.stats.root[0].value - 1.0).abs() < 1e-12);
    assert_eq!(r.action, Some(DuelAction::Pick(Die::Loaded)));
    assert_eq!((r.stats.nodes, r.stats.leaves), (8, 0));
}

#[test]
fn payoffs_span_the_declared_range() {
    // Every terminal position, by depth-first search over actions and
    // chance outcomes: the 20 leaves counted above.
    let (low, high) = DiceDuel.payoff_range();
    let mut stack = vec![DiceDuel.initial_state()];
    let mut payoffs = Vec::new();
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    while let Some(s) = stack.pop() {
        if DiceDuel.to_move(&s) == Turn::Terminal {
            payoffs.push(DiceDuel.payoffs(&s).get(0));
            continue;
        }
        DiceDuel.legal_actions(&s, &mut actions);
        DiceDuel.chance_outcomes(&s, &mut outcomes);
        for a in actions.iter().copied().chain(outcomes.iter().map(|o| o.0)) {
            let mut child = s;
            DiceDuel.apply(&mut child, a);
            stack.push(child);
        }
    }
    assert_eq!(payoffs.len(), 20);
    assert!(payoffs.iter().all(|&u| low <= u && u <= high));
    assert!(payoffs.contains(&low) && payoffs.contains(&high));
}

#[test]
fn chance_outcomes_include_the_loaded_die() {
    let mut out = Vec::new();
    DiceDuel.chance_outcomes(&after(&[DuelAction::Pick(Die::Loaded)]), &mut out);
    assert_eq!(out, vec![(DuelAction::Roll(1), 0.25), (DuelAction::Roll(3), 0.75)]);
    DiceDuel.chance_outcomes(
        &after(&[DuelAction::Pick(Die::Loaded), DuelAction::Roll(3), DuelAction::Call]),
        &mut out,
    );
    assert_eq!(
        out.iter().map(|o| o.0).collect::<Vec<_>>(),
        [1, 2, 3].map(DuelAction::Roll)
    );
    assert!(
        play(
            &DiceDuel,
            &mut after(&[DuelAction::Pick(Die::Loaded)]),
            DuelAction::Roll(2)
        )
        .is_err()
    );
}

#[test]
fn mcts_picks_the_loaded_die_deterministically() {
    let state = DiceDuel.initial_state();
    let budget = Budget::iterations(4000);
    for seed in [1, 2, 3] {
        let mut mcts = Mcts::new(MctsConfig::default());
        let a = mcts.search(&DiceDuel, &state, &mut RandomRollout::new(), &NoPrior, &budget, seed);
        let b = Mcts::new(MctsConfig::default()).search(
            &DiceDuel,
            &state,
            &mut RandomRollout::new(),
            &NoPrior,
            &budget,
            seed,
        );
        assert_eq!(a.action, Some(DuelAction::Pick(Die::Loaded)), "{:?}", a.stats.root);
        let a = strip(a);
        assert_eq!(a, strip(b));
        // The same searcher, reused, gives the same answer again.
        let c = mcts.search(&DiceDuel, &state, &mut RandomRollout::new(), &NoPrior, &budget, seed);
        assert_eq!(a, strip(c));
        assert_eq!(a.stats.iterations, 4000);
        let loaded = &a.stats.root[1];
        assert!(loaded.visits > 3000, "{:?}", a.stats.root);
        assert!((loaded.value - LOADED).abs() < 0.2, "{:?}", a.stats.root);
    }
}

#[test]
fn conformance_suite_passes() {
    let mut candidates = vec![
        DuelAction::Pick(Die::Fair),
        DuelAction::Pick(Die::Loaded),
        DuelAction::Fold,
        DuelAction::Call,
    ];
    candidates.extend((0..=4).map(DuelAction::Roll));
    let report = tabula_conformance::check(&DiceDuel, &[DiceDuel.initial_state()], &candidates, &Config::default());
    assert_eq!(report.terminals, 200);
    assert_eq!(report.longest, 4, "pick, roll, call, roll");
}

#[test]
fn serialised_positions_are_checked() {
    let s = after(&[DuelAction::Pick(Die::Loaded), DuelAction::Roll(3), DuelAction::Call]);
    let json = serde_json::to_string(&s).unwrap();
    assert_eq!(json, r#"{"die":"Loaded","roll":3,"called":true,"answer":null}"#);
    assert_eq!(serde_json::from_str::<DuelState>(&json).unwrap(), s);
    for bad in [
        r#"{"die":"Loaded","roll":2,"called":null,"answer":null}"#,
        r#"{"die":null,"roll":1,"called":null,"answer":null}"#,
        r#"{"die":"Fair","roll":1,"called":false,"answer":2}"#,
    ] {
        assert!(serde_json::from_str::<DuelState>(bad).is_err(), "{bad}");
    }
}

#[test]
fn at_depth_zero_the_root_is_the_horizon() {
    // As in minimax: nothing is expanded, the root is evaluated.
    let r = expectiminimax(
        &DiceDuel,
        &DiceDuel.initial_state(),
        Some(0),
        &RollEval,
        &Budget::unlimited(),
    );
    assert_eq!(r.action, None);
    assert_eq!(r.value, 0.0);
    assert_eq!(r.stats.nodes, 1);
    assert!(r.stats.root.is_empty());
}
