//! Every rule on hand-made grids: the central cross, jumping (standard)
//! against stopping (Walls), passes, the ends of the game, Target, and the
//! combined variants.

use tabula_diagonal::*;
use tabula_search::{Game, Turn};

const STANDARD: Variant = Variant::STANDARD;
const WALLS: Variant = Variant {
    walls: true,
    target: false,
};
const TARGET: Variant = Variant {
    walls: false,
    target: true,
};
const BOTH: Variant = Variant {
    walls: true,
    target: true,
};

/// 5 × 5 with two traps.
fn grid5() -> Grid {
    "1 2 3 4 5 / 6 7 8 9 10 / 1 -2 3 4 5 / 6 7 -8 9 10 / 1 2 3 4 5"
        .parse()
        .unwrap()
}

fn grid3(text: &str) -> Grid {
    text.parse().unwrap()
}

fn cell(name: &str, size: u8) -> Cell {
    parse_cell(name, size).unwrap()
}

/// Plays named cells, checking each is legal.
fn play(rules: &Diagonal, s: &mut State, moves: &[&str]) {
    for m in moves {
        let c = cell(m, s.size());
        rules.play(s, c).unwrap_or_else(|e| panic!("{m}: {e} in {s:?}"));
    }
}

fn names(cells: &[Cell], size: u8) -> Vec<String> {
    cells.iter().map(|&c| cell_name(c, size)).collect()
}

#[test]
fn the_first_move_is_restricted_to_the_central_cross() {
    for variant in [STANDARD, WALLS, TARGET, BOTH] {
        let rules = Diagonal::new(variant);
        let s = rules.start(&grid5());
        assert_eq!(rules.legal_cells(&s), [2, 7, 10, 11, 12, 13, 14, 17, 22]);
        assert_eq!(rules.to_move(&s), Turn::Seat(0));
        let mut t = s;
        assert_eq!(
            rules.play(&mut t, cell("a1", 5)),
            Err(MoveError::NotOnCross(Coord::new(0, 0)))
        );
        assert_eq!(
            rules.play(&mut t, cell("b4", 5)),
            Err(MoveError::NotOnCross(Coord::new(1, 3)))
        );
        assert_eq!(t, s, "a refused move changes nothing");
        let s3 = rules.start(&grid3("1 2 3 / 4 5 6 / 7 8 9"));
        assert_eq!(rules.legal_cells(&s3), [1, 3, 4, 5, 7]);
    }
}

#[test]
fn later_moves_follow_the_token_row_or_column() {
    let rules = Diagonal::standard();
    let mut s = rules.start(&grid5());
    play(&rules, &mut s, &["c3"]);
    assert_eq!(s.token(), Some(12));
    assert_eq!(s.scores(), [3, 0]);
    assert_eq!(s.to_move(), 1);
    assert_eq!(
        names(&rules.legal_cells(&s), 5),
        ["c1", "c2", "a3", "b3", "d3", "e3", "c4", "c5"]
    );
    let mut t = s;
    assert_eq!(
        rules.play(&mut t, cell("b2", 5)),
        Err(MoveError::NotInLine {
            cell: Coord::new(1, 1),
            token: Coord::new(2, 2)
        })
    );
    assert_eq!(
        rules.play(&mut t, cell("c3", 5)),
        Err(MoveError::Taken(Coord::new(2, 2)))
    );
    assert_eq!(rules.play(&mut t, 25), Err(MoveError::OffGrid { cell: 25, size: 5 }));
    play(&rules, &mut s, &["b3"]);
    assert_eq!(s.scores(), [3, -2], "a trap lowers the mover's score");
}

#[test]
fn the_token_jumps_over_taken_cells_but_walls_stop_it() {
    // c3 then c2: from c2 the column runs down through the taken c3.
    let standard = Diagonal::standard();
    let mut s = standard.start(&grid5());
    play(&standard, &mut s, &["c3", "c2"]);
    assert_eq!(
        names(&standard.legal_cells(&s), 5),
        ["c1", "a2", "b2", "d2", "e2", "c4", "c5"]
    );

    let walls = Diagonal::new(WALLS);
    let mut w = walls.start(&grid5());
    play(&walls, &mut w, &["c3", "c2"]);
    assert_eq!(names(&walls.legal_cells(&w), 5), ["c1", "a2", "b2", "d2", "e2"]);
    let mut t = w;
    assert_eq!(
        walls.play(&mut t, cell("c4", 5)),
        Err(MoveError::Walled {
            cell: Coord::new(2, 3),
            token: Coord::new(2, 1)
        })
    );
    assert_eq!(walls.stoppers(&w), 1 << 12, "c3 stops the token");
    assert_eq!(standard.stoppers(&s), 0);
}

#[test]
fn a_taken_cell_blocks_only_its_own_ray() {
    // Walls: c3, then c2, then b2, d2 … build a position with the token on
    // c3's row and one blocker per ray at different distances.
    let walls = Diagonal::new(WALLS);
    let mut w = walls.start(&grid5());
    // a3 (cross), then e3 (same row, a clear ray), then e5 (column e).
    play(&walls, &mut w, &["a3", "e3", "e5"]);
    // Token on e5: up the column stops before e3; along the row to a5.
    assert_eq!(names(&walls.legal_cells(&w), 5), ["e4", "a5", "b5", "c5", "d5"]);
    play(&walls, &mut w, &["b5"]);
    // Token on b5: the taken e5 is not on b5's column; left a5, right c5,
    // d5 (stops before e5), up b4, b3, b2, b1 (a3 is on another ray).
    assert_eq!(
        names(&walls.legal_cells(&w), 5),
        ["b1", "b2", "b3", "b4", "a5", "c5", "d5"]
    );
    play(&walls, &mut w, &["b2"]);
    // Token on b2: down stops before b5 (b3, b4), the row and b1 are open.
    assert_eq!(
        names(&walls.legal_cells(&w), 5),
        ["b1", "a2", "c2", "d2", "e2", "b3", "b4"]
    );
    assert_eq!(walls.stoppers(&w), 1 << cell("b5", 5));
}

/// 3 × 3 moves that leave the token on i3 with its row and column full:
/// seat 0 (to move next) must pass.
const PASS_LINE: [&str; 6] = ["c2", "c1", "b1", "b3", "a3", "c3"];

#[test]
fn a_side_without_a_move_passes_and_the_other_plays_anywhere() {
    let rules = Diagonal::standard();
    let grid = grid3("1 2 3 / 4 5 6 / 7 8 9");
    let mut s = rules.start(&grid);
    play(&rules, &mut s, &PASS_LINE[..5]);
    assert!(!s.after_pass());
    let before = s.scores();
    play(&rules, &mut s, &PASS_LINE[5..]);
    // Seat 1 took c3 (9); seat 0 has nothing in c3's row or column.
    assert_eq!(s.scores(), [before[0], before[1] + 9]);
    assert!(s.after_pass(), "seat 0 passed");
    assert_eq!(rules.to_move(&s), Turn::Seat(1), "seat 1 plays twice in a row");
    // Anywhere: a1, a2, b2 are the free cells, none in c3's lines.
    assert_eq!(names(&rules.legal_cells(&s), 3), ["a1", "a2", "b2"]);
    let passed = s.scores()[0];
    play(&rules, &mut s, &["a1"]);
    assert!(!s.after_pass());
    assert_eq!(s.scores()[0], passed, "the passing side took nothing");
    assert_eq!(rules.to_move(&s), Turn::Seat(0));
    assert_eq!(names(&rules.legal_cells(&s), 3), ["a2"]);
    play(&rules, &mut s, &["a2", "b2"]);
    // The grid is empty: the game is over.
    assert!(s.is_over());
    assert_eq!(rules.to_move(&s), Turn::Terminal);
    assert_eq!(s.free(), 0);
    assert_eq!(s.scores(), [6 + 2 + 7 + 4, 3 + 8 + 9 + 1 + 5]);
    assert_eq!(
        rules.outcome(&s),
        Some(Outcome {
            winner: Some(1),
            end: End::GridEmpty
        })
    );
    assert_eq!(rules.payoffs(&s).as_slice(), [-7.0, 7.0]);
    let mut t = s;
    assert_eq!(rules.play(&mut t, 0), Err(MoveError::GameOver));
    assert_eq!(rules.check(&s), Ok(()));
}

#[test]
fn walls_end_the_game_when_the_side_to_move_is_shut_in() {
    let grid = grid3("1 2 3 / 4 5 6 / 7 8 9");
    let walls = Diagonal::new(WALLS);
    let mut w = walls.start(&grid);
    play(&walls, &mut w, &["a2", "b2", "b1", "a1"]);
    // Token on a1: b1 and a2 are taken; seat 0 cannot move: the game ends
    // with five cells left.
    assert!(w.is_over());
    assert_eq!(w.free_count(), 5);
    assert!(!w.after_pass());
    assert_eq!(w.scores(), [4 + 2, 5 + 1]);
    assert_eq!(
        walls.outcome(&w),
        Some(Outcome {
            winner: None,
            end: End::Blocked
        })
    );
    assert_eq!(walls.legal_cells(&w), Vec::<Cell>::new());
    // The same moves under the standard rules: the token jumps, a3 and c1
    // are in reach.
    let standard = Diagonal::standard();
    let mut s = standard.start(&grid);
    play(&standard, &mut s, &["a2", "b2", "b1", "a1"]);
    assert!(!s.is_over());
    assert_eq!(names(&standard.legal_cells(&s), 3), ["c1", "a3"]);
}

#[test]
fn walls_never_pass() {
    // The pass line of the standard game is not playable with walls: from
    // a3, c3 lies behind the taken b3.
    let walls = Diagonal::new(WALLS);
    let mut w = walls.start(&grid3("1 2 3 / 4 5 6 / 7 8 9"));
    play(&walls, &mut w, &PASS_LINE[..5]);
    assert_eq!(
        walls.play(&mut w, cell("c3", 3)),
        Err(MoveError::Walled {
            cell: Coord::new(2, 2),
            token: Coord::new(0, 2)
        })
    );
    // Every position of random walls games: no pass is ever recorded.
    let mut rng = tabula_search::Rng::new(5);
    for g in 0..50 {
        let grid = Grid::generate(&GridSpec::new(g)).unwrap();
        let mut s = walls.start(&grid);
        while !s.is_over() {
            let legal = walls.legal_cells(&s);
            assert!(!legal.is_empty());
            walls.apply(&mut s, *rng.choose(&legal).unwrap());
            assert!(!s.after_pass());
            assert_eq!(walls.check(&s), Ok(()));
        }
    }
}

#[test]
fn target_exceeding_loses_at_once() {
    // Positive sum 18: target 9. The centre (10) exceeds it at once.
    let grid = grid3("1 1 1 / 1 10 1 / 1 1 1");
    assert_eq!(grid.target(), 9);
    let target = Diagonal::new(TARGET);
    let mut s = target.start(&grid);
    play(&target, &mut s, &["b2"]);
    assert!(s.is_over());
    assert_eq!(s.free_count(), 8);
    assert_eq!(
        target.outcome(&s),
        Some(Outcome {
            winner: Some(1),
            end: End::Exceeded(0)
        })
    );
    assert_eq!(target.payoffs(&s).as_slice(), [-1.0, 1.0]);
    assert_eq!(target.payoff_range(), (-1.0, 1.0));
    // Without Target the centre is just a good move.
    let standard = Diagonal::standard();
    let mut t = standard.start(&grid);
    play(&standard, &mut t, &["b2"]);
    assert!(!t.is_over());
    // Reaching the target exactly is allowed.
    let grid = grid3("1 1 1 / 1 9 1 / 1 1 1");
    assert_eq!(grid.target(), 9);
    let mut u = target.start(&grid);
    play(&target, &mut u, &["b2"]);
    assert!(!u.is_over());
}

#[test]
fn the_target_rounds_a_half_up() {
    assert_eq!(grid3("1 1 1 / 1 1 1 / 1 1 1").target(), 5, "9 / 2 = 4.5 rounds to 5");
    assert_eq!(grid3("2 1 1 / 1 1 1 / 1 1 1").target(), 5, "10 / 2 = 5");
    assert_eq!(
        grid3("-9 -9 -9 / 1 1 1 / -9 -9 1").target(),
        2,
        "traps do not count: 4 / 2"
    );
}

#[test]
fn target_closest_wins_and_equal_distance_draws() {
    // The pass line, then a1, a2, b2: seat 0 takes c2 b1 a3 a2, seat 1 c1
    // b3 c3 a1 b2.
    let moves = ["c2", "c1", "b1", "b3", "a3", "c3", "a1", "a2", "b2"];
    let target = Diagonal::new(TARGET);
    // Positive sum 17, target 9. Seat 0: 4+2+1+2 = 9; seat 1: 1+2+5-3-2 = 3.
    let grid = grid3("-3 2 1 / 2 -2 4 / 1 2 5");
    let mut s = target.start(&grid);
    play(&target, &mut s, &moves);
    assert_eq!((s.target(), s.scores()), (9, [9, 3]));
    assert_eq!(
        target.outcome(&s),
        Some(Outcome {
            winner: Some(0),
            end: End::GridEmpty
        })
    );
    // Positive sum 20, target 10: 9 against 9, both one below: a draw.
    let grid = grid3("-2 2 1 / 2 3 4 / 1 2 5");
    let mut s = target.start(&grid);
    play(&target, &mut s, &moves);
    assert_eq!((s.target(), s.scores()), (10, [9, 9]));
    assert_eq!(
        target.outcome(&s),
        Some(Outcome {
            winner: None,
            end: End::GridEmpty
        })
    );
    assert_eq!(target.payoffs(&s).as_slice(), [0.0, -0.0]);
}

#[test]
fn target_the_first_to_exceed_loses_even_with_the_higher_score() {
    // Seat 1 exceeds with its last cell: seat 0 wins although seat 1 led.
    let grid = grid3("1 1 1 / 1 9 1 / 1 1 9");
    // Positive sum 25: target 13.
    let target = Diagonal::new(TARGET);
    let mut s = target.start(&grid);
    play(&target, &mut s, &["b2", "b3", "c3"]);
    // Seat 0: 9 + 9 = 18 > 13: it loses although its score is higher.
    assert_eq!(s.scores(), [18, 1]);
    assert_eq!(
        target.outcome(&s),
        Some(Outcome {
            winner: Some(1),
            end: End::Exceeded(0)
        })
    );
}

#[test]
fn walls_and_target_combine() {
    let grid = grid3("1 2 3 / 4 5 6 / 7 8 9");
    // Positive sum 45, target 23. The walls line ends the game early: 6
    // against 6, the same distance: a draw.
    let both = Diagonal::new(BOTH);
    let mut s = both.start(&grid);
    play(&both, &mut s, &["a2", "b2", "b1", "a1"]);
    assert_eq!(
        both.outcome(&s),
        Some(Outcome {
            winner: None,
            end: End::Blocked
        })
    );
    // Closest wins after a walls end.
    let grid = grid3("1 2 3 / 4 5 6 / 7 8 9");
    let mut s = both.start(&grid);
    play(&both, &mut s, &["b2", "b1", "a1"]);
    // Token a1: b1 taken, a2 free: seat 1 moves on.
    assert_eq!(names(&both.legal_cells(&s), 3), ["a2", "a3"]);
    play(&both, &mut s, &["a2"]);
    // Token a2: up a1 taken, right b2 taken, down a3: seat 0 takes it.
    play(&both, &mut s, &["a3"]);
    // Token a3: up a2 taken; right b3, c3.
    play(&both, &mut s, &["b3"]);
    // Token b3: up b2 taken, left a3 taken, right c3.
    play(&both, &mut s, &["c3"]);
    // Token c3: left b3 taken, up c2, c1.
    assert_eq!(s.scores(), [5 + 1 + 7 + 9, 2 + 4 + 8]);
    play(&both, &mut s, &["c2"]);
    // Seat 1 takes c2 (6): 20; token c2: c1 up, left b2 taken.
    play(&both, &mut s, &["c1"]);
    // Seat 0 takes c1 (3): 25 > 23: it loses at once.
    assert_eq!(s.scores(), [25, 20]);
    assert_eq!(
        both.outcome(&s),
        Some(Outcome {
            winner: Some(1),
            end: End::Exceeded(0)
        })
    );
    // Walls + Target, closest wins on a blocked end: 6 against 8, target 24.
    let grid = grid3("3 2 3 / 4 5 6 / 7 8 9");
    let mut s = both.start(&grid);
    play(&both, &mut s, &["a2", "b2", "b1", "a1"]);
    assert_eq!((s.target(), s.scores()), (24, [6, 8]));
    assert_eq!(
        both.outcome(&s),
        Some(Outcome {
            winner: Some(1),
            end: End::Blocked
        })
    );
    assert_eq!(both.payoffs(&s).as_slice(), [-1.0, 1.0]);
}

#[test]
fn scores_and_outcome_under_the_standard_rules() {
    let rules = Diagonal::standard();
    let grid = grid3("1 2 3 / 4 5 6 / 7 8 9");
    let mut s = rules.start(&grid);
    assert_eq!(rules.outcome(&s), None);
    play(&rules, &mut s, &["b2", "b1"]);
    assert_eq!(rules.scores(&s), [5, 2]);
    assert_eq!(rules.utility(&s), 3);
    let (lo, hi) = Diagonal::for_grid(STANDARD, &grid).payoff_range();
    assert_eq!((lo, hi), (-45.0, 45.0));
    assert_eq!(rules.payoff_range(), (-810.0, 810.0));
}

#[test]
fn seat_one_may_start() {
    let rules = Diagonal::standard();
    let s = rules.start_with(&grid5(), 1);
    assert_eq!(rules.to_move(&s), Turn::Seat(1));
    let mut t = s;
    play(&rules, &mut t, &["c3"]);
    assert_eq!(t.scores(), [0, 3]);
}
