//! The computer: its values against a plain negamax, exact node counts,
//! forced wins, determinism, draws by repetition, and the tunables table.

use tabula_abalone::eval::evaluate;
use tabula_abalone::*;
use tabula_search::{Budget, Player, Rng};

fn plain() -> SearchConfig {
    SearchConfig {
        max_depth: 3,
        max_nodes: None,
        null_move: false,
        late_move_reductions: false,
        quiescence_plies: 0,
        noise: 0,
        ..SearchConfig::default()
    }
}

/// Negamax without pruning, table or ordering: the reference value.
fn negamax(p: &Position, depth: u32, ply: i32, w: &Weights) -> i32 {
    if p.loser().is_some() {
        return -(WIN - ply);
    }
    let moves = p.legal_moves();
    if moves.is_empty() {
        return -(WIN - ply);
    }
    if depth == 0 {
        return evaluate(p, w);
    }
    moves
        .iter()
        .map(|&m| -negamax(&p.play_unchecked(m), depth - 1, ply + 1, w))
        .max()
        .unwrap()
}

#[test]
fn alpha_beta_with_table_and_ordering_equals_plain_negamax() {
    let mut rng = Rng::new(3);
    for (b, w) in [(4, 3), (5, 5), (3, 2), (6, 4)] {
        for _ in 0..6 {
            let p = Position::random(b, w, Some(1), &mut rng);
            if p.loser().is_some() {
                continue;
            }
            for depth in 1..=3 {
                let mut engine = Engine::new(
                    SearchConfig {
                        max_depth: depth,
                        ..plain()
                    },
                    0,
                );
                let out = engine.search(&p, &Budget::unlimited());
                assert_eq!(
                    out.score,
                    negamax(&p, depth, 0, &Weights::default()),
                    "{p} depth {depth}"
                );
                let best = out.best.unwrap();
                let after = -negamax(&p.play_unchecked(best), depth - 1, 1, &Weights::default());
                assert_eq!(after, out.score, "the best move achieves the value in {p}");
            }
        }
    }
}

#[test]
fn exact_node_counts_on_the_discovery_layout() {
    // Pinned: a change to the search's behaviour changes these and must say so.
    let p = Layout::Discovery.position();
    let counts: Vec<u64> = (1..=4)
        .map(|d| {
            Engine::new(
                SearchConfig {
                    max_depth: d,
                    ..plain()
                },
                0,
            )
            .search(&p, &Budget::unlimited())
            .nodes
        })
        .collect();
    assert_eq!(counts, EXPECTED_PLAIN);
    let full = Engine::new(
        SearchConfig {
            max_depth: 5,
            max_nodes: None,
            noise: 0,
            ..SearchConfig::default()
        },
        0,
    )
    .search(&p, &Budget::unlimited());
    assert_eq!(full.nodes, EXPECTED_FULL);
}

const EXPECTED_PLAIN: [u64; 4] = [59, 282, 3157, 12251];
const EXPECTED_FULL: u64 = 12_645;

#[test]
fn the_computer_ejects_for_the_win_and_sees_it_coming() {
    // Black pushes e9 off: White drops to 1 marble and loses (Discovery).
    let p: Position = "black:e7,e8,a1 white:e9,i5 to:black".parse().unwrap();
    let out = Engine::new(SearchConfig::default(), 0).search(&p, &Budget::unlimited());
    assert_eq!(out.best.unwrap().to_string(), "e7e8:e");
    assert_eq!(out.score, WIN - 1);
    // White to move cannot save e9 (walled in by d8, e8, f9): lost in 2 plies.
    let q: Position = "black:e7,e8,d8,f9 white:e9,a1 to:white".parse().unwrap();
    let out = Engine::new(SearchConfig::default(), 0).search(&q, &Budget::unlimited());
    assert_eq!(out.score, -(WIN - 2));
}

#[test]
fn the_computer_is_deterministic_by_seed_and_budget() {
    let p = Layout::Belgian.position();
    let config = SearchConfig {
        max_nodes: Some(30_000),
        ..SearchConfig::default()
    };
    let a = Engine::new(config, 11).search(&p, &Budget::unlimited());
    let mut reused = Engine::new(config, 11);
    reused.search(&Layout::German.position(), &Budget::unlimited());
    let b = reused.search(&p, &Budget::unlimited());
    assert_eq!(
        (a.best, a.score, a.nodes, a.depth, &a.pv),
        (b.best, b.score, b.nodes, b.depth, &b.pv)
    );
    assert!(a.nodes <= 30_000 + 1);
    // Another seed moves the evaluation noise, and with it the search.
    let c = Engine::new(config, 12).search(&p, &Budget::unlimited());
    assert_ne!((a.score, a.nodes), (c.score, c.nodes));
}

#[test]
fn a_repetition_on_the_path_scores_as_a_draw() {
    // Black is a marble down; White to move can only shuffle. With the
    // position already seen twice, any line back into it is a draw.
    let game = Abalone::new("black:a1,a2 white:i9,i8,i7 to:black lose:0".parse().unwrap());
    let mut s = game.initial_state();
    for m in ["a1:ne", "i9:sw", "b2:sw", "h8:ne"] {
        s.advance(m.parse().unwrap());
    }
    assert_eq!(s.repetitions(), 2);
    let out = Engine::new(
        SearchConfig {
            max_depth: 4,
            ..plain()
        },
        0,
    )
    .search_state(&game, &s, &Budget::unlimited());
    // Black is behind on material, so it steers for the draw.
    assert_eq!(out.score, 0);
    let fresh = Engine::new(
        SearchConfig {
            max_depth: 4,
            ..plain()
        },
        0,
    )
    .search(&s.position, &Budget::unlimited());
    assert!(
        fresh.score < 0,
        "without the history Black is simply behind: {}",
        fresh.score
    );
}

#[test]
fn levels_play_legal_moves_and_the_tunables_table_matches_the_defaults() {
    let game = Abalone::default();
    let state = game.initial_state();
    for n in 1..=4 {
        let mut c = Computer::at_level(Level::new(n).unwrap(), 1);
        let r = c.choose(&game, &state, 0);
        assert!(state.position.is_legal(r.action.unwrap()));
    }
    assert!(Level::new(0).is_none() && Level::new(5).is_none());
    let c = SearchConfig::default();
    let table = |name: &str| {
        ABALONE_TUNABLES
            .iter()
            .find(|t| t.name == name)
            .unwrap()
            .default
            .to_string()
    };
    assert_eq!(table("max_depth"), c.max_depth.to_string());
    assert_eq!(table("max_nodes"), c.max_nodes.unwrap().to_string());
    assert_eq!(table("tt_bytes"), c.tt_bytes.to_string());
    assert_eq!(table("null_move"), c.null_move.to_string());
    assert_eq!(table("late_move_reductions"), c.late_move_reductions.to_string());
    assert_eq!(table("quiescence_plies"), c.quiescence_plies.to_string());
    assert_eq!(table("noise"), c.noise.to_string());
    assert_eq!(table("tablebase"), c.tablebase.to_string());
    let w = Weights::default();
    assert_eq!(table("material"), w.material.to_string());
    assert_eq!(table("centre"), w.centre.to_string());
    assert_eq!(table("cohesion"), w.cohesion.to_string());
    assert_eq!(table("rim"), w.rim.to_string());
    assert_eq!(table("threatened"), w.threatened.to_string());
    assert_eq!(table("threatening"), w.threatening.to_string());
    assert_eq!(table("no_progress"), NO_PROGRESS_PLIES.to_string());
}
