//! The optional features of the searches, shown on tic-tac-toe: priors as
//! virtual visits, the quiescence hook, budgets.

use tabula_search::*;
use tabula_tictactoe::report::{MCTS_POSITION, MCTS_WINNING_MOVE};
use tabula_tictactoe::*;

/// A prior on one square: `(square, mean, virtual visits)`.
struct Believe(Square, f64, f64);

impl Prior<TicTacToe> for Believe {
    fn prior(&self, _: &TicTacToe, _: &Board, a: Square) -> Option<(f64, f64)> {
        (a == self.0).then_some((self.1, self.2))
    }
}

fn visits_with(prior: &dyn Prior<TicTacToe>, iterations: u64) -> SearchResult<Square> {
    let b: Board = MCTS_POSITION.parse().unwrap();
    Mcts::new(MctsConfig::default()).search(
        &TicTacToe,
        &b,
        &mut RandomRollout::new(),
        prior,
        &Budget::iterations(iterations),
        1,
    )
}

fn visits_of(r: &SearchResult<Square>, square: Square) -> u64 {
    r.stats.root.iter().find(|s| s.action == square).map_or(0, |s| s.visits)
}

#[test]
fn priors_count_as_virtual_visits() {
    let plain = visits_with(&NoPrior, 300);
    // A pessimistic prior (20 virtual losses) keeps the search off the
    // winning square for a while; an optimistic one (20 virtual wins) draws
    // it to a losing square.
    let pessimistic = visits_with(&Believe(MCTS_WINNING_MOVE, -1.0, 20.0), 300);
    assert!(visits_of(&pessimistic, MCTS_WINNING_MOVE) * 4 < visits_of(&plain, MCTS_WINNING_MOVE));
    let optimistic = visits_with(&Believe(7, 1.0, 20.0), 300);
    assert!(visits_of(&optimistic, 7) > visits_of(&plain, 7));
    // Virtual visits are never reported as real ones.
    for r in [&plain, &pessimistic, &optimistic] {
        assert_eq!(r.stats.root.iter().map(|s| s.visits).sum::<u64>(), 300);
    }
    // The optimistic child's reported mean includes its 20 virtual wins.
    let seven = optimistic.stats.root.iter().find(|s| s.action == 7).unwrap();
    let n = seven.visits as f64;
    assert!(seven.value * (n + 20.0) <= 20.0 + n && seven.value * (n + 20.0) >= 20.0 - n);
    // A misleading prior does not survive enough search.
    let misled = visits_with(&Believe(7, 1.0, 20.0), 5000);
    assert_eq!(misled.action, Some(MCTS_WINNING_MOVE));
}

/// Counts open lines, and calls a position noisy while the side to move can
/// complete a line: those completions are searched past the horizon.
struct Tactical;

impl Evaluator<TicTacToe> for Tactical {
    fn evaluate(&self, g: &TicTacToe, b: &Board) -> Score {
        OpenLines.evaluate(g, b)
    }
    fn terminal(&self, g: &TicTacToe, b: &Board) -> Score {
        OpenLines.terminal(g, b)
    }
    fn noisy_actions(&self, _: &TicTacToe, b: &Board, out: &mut Vec<Square>) {
        out.clear();
        let mine = if b.side_to_move() == Mark::X {
            b.x_mask()
        } else {
            b.o_mask()
        };
        for s in 0..9u8 {
            if b.free() & (1 << s) != 0
                && board::LINES
                    .iter()
                    .any(|&l| l & (1 << s) != 0 && (mine | 1 << s) & l == l)
            {
                out.push(s);
            }
        }
    }
}

#[test]
fn quiescence_sees_the_threat_a_one_ply_search_misses() {
    // O to move; X threatens 1-4-7 at square 7. One ply and a static
    // evaluation prefer 6 (which loses); quiescence sees X's completion.
    let b: Board = "ox..x....".parse().unwrap();
    let search = |plies| {
        let mut ab = AlphaBeta::new(AlphaBetaConfig {
            tt_bytes: 0,
            quiescence_plies: plies,
        });
        ab.search(&TicTacToe, &b, Some(1), &Tactical, &NaturalOrder, &Budget::unlimited())
    };
    let blind = search(0);
    let careful = search(4);
    assert_eq!(
        blind.action,
        Some(6),
        "the static evaluation alone does not see the threat"
    );
    assert_eq!(careful.action, Some(7), "quiescence finds the block");
    assert!(careful.stats.nodes > blind.stats.nodes);
    // The full search agrees with the quiescence search.
    let full = AlphaBeta::new(AlphaBetaConfig::plain()).search(
        &TicTacToe,
        &b,
        None,
        &Utility,
        &NaturalOrder,
        &Budget::unlimited(),
    );
    assert_eq!(full.action, Some(7));
}

#[test]
fn a_deadline_is_respected() {
    let start = std::time::Instant::now();
    let r = Mcts::new(MctsConfig::default()).search(
        &TicTacToe,
        &Board::new(),
        &mut RandomRollout::new(),
        &NoPrior,
        &Budget::time(std::time::Duration::from_millis(30)),
        1,
    );
    assert_eq!(r.stats.stop, Stop::Deadline);
    assert!(start.elapsed() < std::time::Duration::from_millis(500));
    assert!(r.stats.iterations > 0);
}

#[test]
fn iterative_deepening_searches_at_least_one_ply() {
    let mut ab = AlphaBeta::new(AlphaBetaConfig::plain());
    let b: Board = "xx.oo....".parse().unwrap();
    let r = ab.iterative_deepening(&TicTacToe, &b, Some(0), &OpenLines, &NaturalOrder, &Budget::unlimited());
    assert_eq!(r.stats.depth, 1);
    assert_eq!(r.action, Some(2), "one ply sees the immediate win");
}
