//! The experiment's plain search, its variants (evaluations, tie-breaks,
//! pass rules, the pass-blind slip) on small positions worked by hand, and
//! the match runner.

use tabula_diagonal::experiment::{Contestant, Eval, PassRule, Search, SearchConfig, Setting, TieBreak, greedy, run};
use tabula_diagonal::*;
use tabula_search::rng::derive_seed;
use tabula_search::{Game, Rng};

/// A 3 × 3 position, seat 0 to move, the token on b1 (cell 1) and the
/// given cells free; the taken cells' points are shared as `scores`.
///
/// ```text
///  3  5  5      cells 0 1 2
///  1  1  5            3 4 5
///  3  5  2            6 7 8
/// ```
fn position(free: &[Cell], scores: [i32; 2]) -> State {
    let values = vec![3, 5, 5, 1, 1, 5, 3, 5, 2];
    let setup = Setup {
        size: 3,
        values,
        taken: (0..9).filter(|c| !free.contains(c)).collect(),
        token: Some(1),
        scores,
        to_move: 0,
        after_pass: false,
        over: false,
    };
    State::try_from(setup).unwrap()
}

/// a1 (3), c1 (5) and c3 (2) free: taking a1 or c1 both end level (the
/// opponent answers c1 or a1, and the last cell goes to the one who is
/// not shut in), so the two moves tie at 0 with every look-ahead of 3.
fn tied() -> State {
    position(&[0, 2, 8], [10, 10])
}

/// a1 (3) and c3 (2) free: taking a1 shuts the opponent in; under the
/// standard rule seat 0 then plays again, anywhere (c3).
fn shut_in() -> State {
    position(&[0, 8], [12, 13])
}

fn search(config: SearchConfig, rule: PassRule) -> Search {
    Search::new(config, rule, 7)
}

fn at(depth: u32, eval: Eval) -> SearchConfig {
    SearchConfig {
        depth,
        eval,
        ..SearchConfig::default()
    }
}

#[test]
fn the_plain_search_values_positions_as_the_daily_computer_does() {
    // Same evaluation, same rules, exact values: the table, the iterative
    // deepening and the move order change the effort, never the value.
    let rules = Diagonal::standard();
    for g in 0..3 {
        let grid = Grid::generate(&GridSpec::new(derive_seed(5, g))).unwrap();
        let mut s = rules.start(&grid);
        let mut ply = 0;
        while let Some(cell) = Greedy::pick(&rules, &s) {
            if ply % 4 == 1 {
                for depth in 1..=4 {
                    let mut computer = Computer::new(ComputerConfig {
                        depth,
                        endgame_cells: 0,
                        ..ComputerConfig::default()
                    });
                    let want = computer.search_to(&rules, &s, Some(depth)).value;
                    let got = search(at(depth, Eval::Difference), PassRule::Pass).value(&s).unwrap();
                    assert_eq!(f64::from(got), want, "depth {depth} in {s:?}");
                }
            }
            rules.apply(&mut s, cell);
            ply += 1;
        }
    }
}

#[test]
fn evaluations_at_the_horizon() {
    let s = tied();
    let value = |eval, depth| search(at(depth, eval), PassRule::Pass).value(&s).unwrap();
    // One ply: the score difference after the best cell (c1, 5).
    assert_eq!(value(Eval::Difference, 1), 5);
    // Own score: 10 + 5.
    assert_eq!(value(Eval::Own, 1), 15);
    // Reach adds the reply's best cell (a1 after c1: 15 − 13; c1 after
    // a1: 13 − 15): one ply deeper, the same as the difference at 2.
    assert_eq!(value(Eval::Reach, 1), 2);
    assert_eq!(value(Eval::Difference, 2), 2);
    // The greedy playout and a full search both end level.
    assert_eq!(value(Eval::Playout, 1), 0);
    assert_eq!(value(Eval::Difference, 3), 0);
}

#[test]
fn ties_are_broken_by_the_stated_rule() {
    let s = tied();
    let choose = |tie| {
        let config = SearchConfig {
            depth: 3,
            tie,
            ..SearchConfig::default()
        };
        search(config, PassRule::Pass).choose(&s).unwrap()
    };
    assert_eq!(choose(TieBreak::First), 0, "a1: the lowest index");
    assert_eq!(choose(TieBreak::Last), 2, "c1: the highest index");
    assert_eq!(choose(TieBreak::Big), 2, "c1: the larger cell (5 against 3)");
    assert!([0, 2].contains(&choose(TieBreak::Random)));
    // The greedy player: four 9s on the central cross.
    let start = Diagonal::standard().start(&"5 9 1 / 9 2 9 / 1 9 3".parse().unwrap());
    let mut rng = Rng::new(1);
    assert_eq!(greedy(&start, TieBreak::First, &mut rng), Some(1));
    assert_eq!(greedy(&start, TieBreak::Last, &mut rng), Some(7));
    assert_eq!(greedy(&start, TieBreak::Big, &mut rng), Some(1));
    let drawn: Vec<Cell> = (0..40)
        .map(|_| greedy(&start, TieBreak::Random, &mut rng).unwrap())
        .collect();
    assert!(drawn.iter().all(|c| [1, 3, 5, 7].contains(c)));
    assert!([1, 3, 5, 7].iter().all(|c| drawn.contains(c)), "every 9 gets drawn");
}

#[test]
fn pass_rules_and_the_pass_blind_slip() {
    let s = shut_in();
    // The rules after a1: the opponent has nothing in reach.
    let mut pass = s;
    assert!(PassRule::Pass.apply(&mut pass, 0));
    assert_eq!((pass.to_move(), pass.after_pass(), pass.is_over()), (0, true, false));
    let mut alternate = s;
    assert!(PassRule::Alternate.apply(&mut alternate, 0));
    assert_eq!((alternate.to_move(), alternate.after_pass()), (1, true));
    let mut end = s;
    assert!(PassRule::End.apply(&mut end, 0));
    assert!(end.is_over());
    assert_eq!(end.free_count(), 1);
    // Values: seat 0 plays twice (17 − 13), the opponent takes c3 (15 −
    // 15), or the game ends (15 − 13).
    let value = |rule, blind| {
        let config = SearchConfig {
            depth: 3,
            pass_blind: blind,
            ..SearchConfig::default()
        };
        search(config, rule).value(&s).unwrap()
    };
    assert_eq!(value(PassRule::Pass, false), 4);
    assert_eq!(value(PassRule::Alternate, false), 0);
    assert_eq!(value(PassRule::End, false), 2);
    // A negamax that negates across the pass gets the sign wrong.
    assert_eq!(value(PassRule::Pass, true), -4);
    // A search that believes in another rule than the game's.
    let believer = SearchConfig {
        depth: 3,
        model: Some(PassRule::End),
        ..SearchConfig::default()
    };
    assert_eq!(search(believer, PassRule::Pass).value(&s), Some(2));
}

#[test]
fn matches_are_symmetric_and_deterministic() {
    let setting = Setting {
        grids: 4,
        seed: 3,
        size: 5,
        traps: true,
        rule: PassRule::Pass,
    };
    // One ply of the score difference is the greedy player.
    let one_ply = Contestant::Search(at(1, Eval::Difference));
    let same = run(&setting, &Contestant::Greedy(TieBreak::First), &one_ply);
    assert_eq!((same.mean_margin, same.ci95), (0.0, [0.0, 0.0]));
    assert_eq!(same.grid_results, [0, 4, 0]);
    assert_eq!(same.mean_moves, 25.0);
    // Random ties are drawn from seeds: the same match twice.
    let random = Contestant::Search(SearchConfig {
        depth: 2,
        tie: TieBreak::Random,
        ..SearchConfig::default()
    });
    let greedy_random = Contestant::Greedy(TieBreak::Random);
    let first = run(&setting, &greedy_random, &random);
    assert_eq!(first, run(&setting, &greedy_random, &random));
    assert_eq!(first.games.iter().sum::<usize>(), 8);
}
