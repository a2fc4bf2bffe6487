//! The searches on Jamais en diagonale: pinned node counts, alpha-beta
//! against minimax, the exact endgame solver, determinism, greedy.

use proptest::prelude::*;
use tabula_diagonal::ai::{TARGET_DANGER, TARGET_POINT, TARGET_WIN};
use tabula_diagonal::*;
use tabula_search::Rng;
use tabula_search::*;

const VARIANTS: [Variant; 4] = [
    Variant::STANDARD,
    Variant {
        walls: true,
        target: false,
    },
    Variant {
        walls: false,
        target: true,
    },
    Variant {
        walls: true,
        target: true,
    },
];

fn daily() -> Grid {
    daily_grid("2025-03-14".parse().unwrap())
}

/// Plain alpha-beta (no table) and minimax at `depth` from `state`:
/// (alpha-beta nodes, minimax nodes); the values must agree.
fn plain_counts<E: Evaluator<Diagonal>, O: MoveOrder<Diagonal>>(
    rules: &Diagonal,
    state: &State,
    depth: Option<u32>,
    eval: &E,
    order: &O,
) -> (u64, u64, f64) {
    let mm = Minimax::new().search(rules, state, depth, eval, &Budget::unlimited(), false);
    let mut ab = AlphaBeta::new(AlphaBetaConfig::plain());
    let r = ab.search(rules, state, depth, eval, order, &Budget::unlimited());
    assert_eq!(r.value, mm.result.value, "alpha-beta and minimax disagree on {state:?}");
    (r.stats.nodes, mm.result.stats.nodes, r.value)
}

#[test]
fn pinned_node_counts_of_plain_alpha_beta() {
    // The daily grid of 2025-03-14, standard rules, 4 plies from the start.
    let rules = Diagonal::standard();
    let s = rules.start(&daily());
    let natural = plain_counts(&rules, &s, Some(4), &ScoreDifference, &NaturalOrder);
    let big = plain_counts(&rules, &s, Some(4), &ScoreDifference, &BigFirst);
    assert_eq!(natural, (472, 3_898, 0.0));
    assert_eq!(big, (311, 3_898, 0.0), "big cells first prune more");
    // A 3 × 3 grid with traps, Walls, solved to the end.
    let walls = Diagonal::new(VARIANTS[1]);
    let g3: Grid = "4 -7 2 / 9 1 -3 / 5 8 6".parse().unwrap();
    let w = walls.start(&g3);
    assert_eq!(
        plain_counts(&walls, &w, None, &ScoreDifference, &BigFirst),
        (307, 1_554, -1.0)
    );
    // A 7 × 7 grid without traps, Target, 3 plies with the target-aware evaluation.
    let target = Diagonal::new(VARIANTS[2]);
    let g7 = Grid::generate(&GridSpec {
        size: 7,
        seed: 3,
        traps: false,
    })
    .unwrap();
    let t = target.start(&g7);
    assert_eq!(
        plain_counts(&target, &t, Some(3), &TargetAware, &BigFirst),
        (192, 1_886, 40.0)
    );
}

#[test]
fn pinned_answer_of_the_daily_computer() {
    // The daily grid of 2025-03-14 after the human takes c3: the computer's
    // move, value, nodes and principal variation (a regression signature).
    let rules = Diagonal::standard();
    let mut s = rules.start(&daily());
    rules.play(&mut s, 12).unwrap();
    let r = Computer::daily().think(&rules, &s);
    assert_eq!((r.action, r.value, r.stats.depth), (Some(11), 3.0, 7));
    assert_eq!(r.stats.nodes, 7_218);
    assert_eq!(r.stats.pv, [11, 14, 24, 9, 6, 16, 15]);
}

/// A position: a grid from a seed (3 × 3 or 5 × 5), then random legal moves.
fn position() -> impl Strategy<Value = (Diagonal, State)> {
    (
        any::<u64>(),
        prop_oneof![Just(3u8), Just(5u8)],
        0usize..4,
        proptest::collection::vec(any::<u8>(), 0..20),
    )
        .prop_map(|(seed, size, v, picks)| {
            let rules = Diagonal::new(VARIANTS[v]);
            let grid = Grid::generate(&GridSpec {
                size,
                seed,
                traps: true,
            })
            .unwrap();
            let mut s = rules.start(&grid);
            for p in picks {
                let legal = rules.legal_cells(&s);
                if legal.is_empty() {
                    break;
                }
                rules.apply(&mut s, legal[usize::from(p) % legal.len()]);
            }
            (rules, s)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn alpha_beta_returns_the_minimax_value((rules, s) in position(), depth in 1u32..4) {
        let plies = if s.size() == 3 { depth + 3 } else { depth };
        let depth = Some(plies);
        let mm = Minimax::new().search(&rules, &s, depth, &TargetAware, &Budget::unlimited(), false);
        let mut plain = AlphaBeta::new(AlphaBetaConfig::plain());
        let ab = plain.search(&rules, &s, depth, &TargetAware, &BigFirst, &Budget::unlimited());
        prop_assert_eq!(ab.value, mm.result.value);
        prop_assert!(ab.stats.nodes <= mm.result.stats.nodes);
        let mut table = AlphaBeta::new(AlphaBetaConfig { tt_bytes: 1 << 16, quiescence_plies: 0 });
        let id = table.iterative_deepening(&rules, &s, depth, &TargetAware, &BigFirst, &Budget::unlimited());
        prop_assert_eq!(id.value, mm.result.value);
        // The computer's search is the same search.
        let mut computer = Computer::new(ComputerConfig { endgame_cells: 0, ..ComputerConfig::with_depth(plies) });
        let c = computer.think(&rules, &s);
        prop_assert_eq!(c.value, mm.result.value);
        // The chosen move really has that value.
        if let (Some(a), Some(seat)) = (c.action, rules.to_move(&s).seat()) {
            let mut child = s;
            rules.apply(&mut child, a);
            let after = Minimax::new().search(&rules, &child, Some(plies - 1), &TargetAware, &Budget::unlimited(), false);
            let v = f64::from(after.score) * if seat == 0 { 1.0 } else { -1.0 };
            prop_assert_eq!(v, c.value);
        }
    }
}

/// Random play on a 5 × 5 grid until at most `free` cells are free.
fn endgame(rules: &Diagonal, seed: u64, free: u32) -> State {
    let grid = Grid::generate(&GridSpec::new(seed)).unwrap();
    let mut s = rules.start(&grid);
    let mut rng = Rng::new(seed);
    while !s.is_over() && s.free_count() > free {
        let legal = rules.legal_cells(&s);
        rules.apply(&mut s, *rng.choose(&legal).unwrap());
    }
    s
}

#[test]
fn the_endgame_solver_agrees_with_full_minimax() {
    for variant in VARIANTS {
        let rules = Diagonal::new(variant);
        let mut computer = Computer::daily();
        let positions: Vec<State> = (0..500)
            .map(|seed| endgame(&rules, seed, 11))
            .filter(|s| !s.is_over())
            .take(12)
            .collect();
        assert_eq!(positions.len(), 12, "{variant}");
        for s in positions {
            assert!(computer.solves(&s));
            let mm = Minimax::new().search(&rules, &s, None, &ScoreDifference, &Budget::unlimited(), false);
            let r = computer.think(&rules, &s);
            assert_eq!(r.value, mm.result.value, "{variant}: {s:?}");
            // The move has that value: the position after it, solved by
            // minimax, is worth as much for the mover.
            let mut child = s;
            rules.apply(&mut child, r.action.unwrap());
            let after = Minimax::new().search(&rules, &child, None, &ScoreDifference, &Budget::unlimited(), false);
            let mover = s.to_move();
            assert_eq!(f64::from(after.score) * if mover == 0 { 1.0 } else { -1.0 }, r.value);
        }
    }
}

#[test]
fn the_computer_is_deterministic() {
    for variant in VARIANTS {
        let rules = Diagonal::new(variant);
        let grid = Grid::generate(&GridSpec::new(99)).unwrap();
        let mut s = rules.start(&grid);
        rules.apply(&mut s, 12);
        let config = ComputerConfig::with_depth(4);
        let mut a = Computer::new(config.clone());
        let first = a.think(&rules, &s);
        // The same computer after other searches, and a fresh one.
        let other = endgame(&rules, 3, 12);
        a.think(&rules, &other);
        let again = a.think(&rules, &s);
        let fresh = Computer::new(config).choose(&rules, &s, s.to_move());
        for r in [&again, &fresh] {
            assert_eq!(
                (r.action, r.value, r.stats.nodes),
                (first.action, first.value, first.stats.nodes)
            );
            assert_eq!(r.stats.pv, first.stats.pv);
        }
        assert!(first.action.is_some());
    }
}

#[test]
fn greedy_takes_the_largest_cell_in_reach_lowest_index_first() {
    let rules = Diagonal::standard();
    let grid: Grid = "1 9 1 2 3 / 9 1 1 1 1 / 1 1 5 9 1 / 1 1 9 1 1 / 10 1 1 1 1"
        .parse()
        .unwrap();
    let mut s = rules.start(&grid);
    // The cross: c1 c2 c3 c4 c5 = 1 1 5 9 1 and a3 b3 d3 e3 = 1 1 9 1. Two 9s
    // (d3 = 13, c4 = 17): the lower index wins.
    assert_eq!(Greedy::pick(&rules, &s), Some(13));
    let r = Greedy.choose(&rules, &s, 0);
    assert_eq!((r.action, r.value), (Some(13), 9.0));
    assert_eq!(r.stats.root.len(), 9);
    rules.apply(&mut s, 13);
    // From d3: column d holds 2 (d1) and 1s, row 3 holds 5 (c3): c3.
    assert_eq!(Greedy::pick(&rules, &s), Some(12));
    // A trap-only reach: the least bad cell.
    let traps: Grid = "-1 -2 -3 / -4 -5 -6 / -7 -8 -9".parse().unwrap();
    let t = rules.start(&traps);
    assert_eq!(Greedy::pick(&rules, &t), Some(1));
}

#[test]
fn greedy_under_target_does_not_exceed_while_it_can_help_it() {
    // Positive sum 50: target 25.
    let target = Diagonal::new(VARIANTS[2]);
    let grid: Grid = "1 10 1 / 10 10 6 / 1 10 1".parse().unwrap();
    assert_eq!(grid.target(), 25);
    let mut s = target.start(&grid);
    target.play(&mut s, 4).unwrap(); // seat 0: 10
    target.play(&mut s, 1).unwrap(); // seat 1: 10, token b1
    target.play(&mut s, 7).unwrap(); // seat 0: 20, token b3
    target.play(&mut s, 6).unwrap(); // seat 1: 11, token a3
    // Seat 0 (20, room 5) from a3: a1 (1), a2 (10), c3 (1). Not a2.
    assert_eq!(Greedy::pick(&target, &s), Some(0));
    // Under the standard rules it takes the 10.
    let standard = Diagonal::standard();
    let mut u = standard.start(&grid);
    for c in [4, 1, 7, 6] {
        standard.play(&mut u, c).unwrap();
    }
    assert_eq!(Greedy::pick(&standard, &u), Some(3));
    // When every cell in reach exceeds, it still moves: the largest, the
    // lowest index among equals. Target 25; seat 0 holds 18 (room 7) and
    // the token on b2 sees a2, c2, b3, all 9.
    let json = r#"{"size":3,"values":[1,9,1,9,9,9,1,9,1],"taken":[1,4,6,8],"token":4,"scores":[18,2],"to_move":0}"#;
    let forced: State = serde_json::from_str(json).unwrap();
    assert_eq!(target.check(&forced), Ok(()));
    assert_eq!(target.legal_cells(&forced), [3, 5, 7]);
    assert_eq!(Greedy::pick(&target, &forced), Some(3));
}

#[test]
fn the_target_evaluation_sees_a_forced_loss_and_the_danger_ahead() {
    let target = Diagonal::new(VARIANTS[2]);
    // Positive sum 40: target 20.
    let grid: Grid = "1 1 1 / 9 9 9 / 1 9 -1".parse().unwrap();
    assert_eq!(grid.target(), 20);
    let mut s = target.start(&grid);
    target.play(&mut s, 4).unwrap(); // seat 0: 9, token b2
    target.play(&mut s, 3).unwrap(); // seat 1: 9, token a2
    target.play(&mut s, 5).unwrap(); // seat 0: 18, token c2
    // Seat 1 (9, room 11) from c2: c1 (1), c3 (-1). Free: a1 b1 c1 a3 b3 c3.
    // Danger: seat 0 (room 2) fears b3 (9); seat 1 (room 11) fears nothing.
    assert_eq!(s.to_move(), 1);
    assert_eq!(
        TargetAware.evaluate(&target, &s),
        TARGET_POINT * (18 - 9) + TARGET_DANGER * (0 - 1)
    );
    // Seat 1 takes c1 (1): seat 0 (18, room 2) sees a1 (1), b1 (1), c3 (-1):
    // no forced loss.
    let mut t = s;
    target.play(&mut t, 2).unwrap();
    assert_eq!(target.legal_cells(&t), [0, 1, 8]);
    assert!(TargetAware.evaluate(&target, &t).abs() < TARGET_WIN);
    // A position where the mover must exceed: target 25, seat 0 holds 18
    // (room 7) and every cell in reach (a2, c2, b3) is a 9.
    let json = r#"{"size":3,"values":[1,9,1,9,9,9,1,9,1],"taken":[1,4,6,8],"token":4,"scores":[18,2],"to_move":0}"#;
    let f: State = serde_json::from_str(json).unwrap();
    assert_eq!((f.target(), target.check(&f)), (25, Ok(())));
    assert_eq!(target.legal_cells(&f), [3, 5, 7]);
    assert_eq!(TargetAware.evaluate(&target, &f), -TARGET_WIN);
    // The search proves it too: every move loses at once.
    let r = Computer::daily().think(&target, &f);
    assert_eq!(r.value, f64::from(-TARGET_WIN));
    // Without Target both evaluations are the score difference.
    let standard = Diagonal::standard();
    assert_eq!(TargetAware.evaluate(&standard, &f), 16);
    assert_eq!(ScoreDifference.evaluate(&standard, &f), 16);
}

#[test]
fn big_cells_are_searched_first() {
    let rules = Diagonal::standard();
    let s = rules.start(&daily());
    let mut cells = rules.legal_cells(&s);
    BigFirst.order(&rules, &s, &mut cells);
    assert_eq!(cells, [2, 17, 11, 12, 14, 22, 7, 10, 13]);
    let values: Vec<i8> = cells.iter().map(|&c| s.value(c)).collect();
    assert_eq!(values, [10, 9, 6, 6, 6, 5, 2, -1, -10]);
    // Under Target, cells that would exceed the target come last.
    let target = Diagonal::new(VARIANTS[2]);
    let json = r#"{"size":3,"values":[1,9,1,9,9,2,1,9,3],"taken":[1,4,6],"token":4,"scores":[17,2],"to_move":0}"#;
    let f: State = serde_json::from_str(json).unwrap();
    // Target 22: seat 0 has room for 5, so the 2 on c2 comes before the 9s.
    assert_eq!(f.target(), 22);
    let mut cells = target.legal_cells(&f);
    assert_eq!(cells, [3, 5, 7]);
    BigFirst.order(&target, &f, &mut cells);
    assert_eq!(cells, [5, 3, 7]);
    let mut cells = rules.legal_cells(&f);
    BigFirst.order(&rules, &f, &mut cells);
    assert_eq!(cells, [3, 7, 5]);
}
