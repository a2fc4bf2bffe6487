//! The teaching figures of tic-tac-toe (`tabula solve tictactoe`): every
//! algorithm of the search library run on the game, with its counts.

use std::collections::BTreeMap;

use serde::Serialize;
use tabula_search::retrograde::{self, Outcome};
use tabula_search::{
    AlphaBeta, AlphaBetaConfig, Budget, Mcts, MctsConfig, Minimax, NaturalOrder, NoPrior, RandomRollout, Utility,
};

use crate::ai::CentreFirst;
use crate::board::{Board, Square, TicTacToe};
use crate::retro::TttSpace;

/// The MCTS teaching position: X at square 3, O at square 2, X to move.
/// Only X at 0 wins: it threatens 6, O must block there and so threatens 4,
/// and X's block at 4 makes two threats (5 and 8). Every other move draws.
pub const MCTS_POSITION: &str = "..ox.....";
/// The winning move of [`MCTS_POSITION`].
pub const MCTS_WINNING_MOVE: Square = 0;
/// Iteration counts of the MCTS figures.
pub const MCTS_ITERATIONS: [u64; 3] = [100, 300, 1000];
/// Seed of the MCTS figures.
pub const MCTS_SEED: u64 = 1;

/// Full minimax from the empty board.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct MinimaxFigures {
    /// The game's value for X.
    pub value: f64,
    /// States visited, root included.
    pub nodes: u64,
    /// Finished games reached.
    pub leaves: u64,
    /// Distinct positions reached.
    pub positions: u64,
}

/// Alpha-beta from the empty board.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct AlphaBetaFigures {
    /// The game's value for X.
    pub value: f64,
    /// States visited, root included.
    pub nodes: u64,
    /// The move order.
    pub order: &'static str,
}

/// Retrograde analysis of every legal position.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct RetrogradeFigures {
    /// Legal positions (reachable from the empty board).
    pub positions: u64,
    /// Positions X wins with best play (finished ones included).
    pub x_wins: u64,
    /// Positions O wins.
    pub o_wins: u64,
    /// Drawn positions.
    pub draws: u64,
    /// Positions up to the eight symmetries.
    pub canonical: u64,
    /// The longest forced win, in plies.
    pub max_plies: u32,
    /// A position with that longest win.
    pub deepest: String,
    /// Positions checked by the verification pass.
    pub verified: u64,
}

/// One MCTS run on the teaching position.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct MctsFigures {
    /// Iterations run.
    pub iterations: u64,
    /// Visits per move (square → visits).
    pub visits: BTreeMap<String, u64>,
    /// Mean reward per move for X (square → mean).
    pub mean: BTreeMap<String, f64>,
    /// The most visited move.
    pub chosen: Square,
    /// The winning move's share of the visits.
    pub winning_share: f64,
}

/// The MCTS teaching position.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct MctsPosition {
    /// The board, row by row.
    pub board: String,
    /// The side to move.
    pub to_move: &'static str,
    /// The only winning move.
    pub winning_move: Square,
    /// The seed of every run.
    pub seed: u64,
    /// UCT's exploration constant.
    pub exploration: f64,
}

/// Everything `tabula solve tictactoe` prints.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct SolveReport {
    /// Full minimax.
    pub minimax: MinimaxFigures,
    /// Alpha-beta, natural order (squares ascending).
    pub alphabeta: AlphaBetaFigures,
    /// Alpha-beta, centre first, then corners, then edges.
    pub alphabeta_center_first: AlphaBetaFigures,
    /// Retrograde analysis.
    pub retrograde: RetrogradeFigures,
    /// Where the MCTS runs start.
    pub mcts_position: MctsPosition,
    /// MCTS after 100, 300 and 1,000 iterations.
    pub mcts: Vec<MctsFigures>,
}

/// Full minimax from the empty board, counting distinct positions.
pub fn minimax_figures() -> MinimaxFigures {
    let r = Minimax::new().search(&TicTacToe, &Board::new(), None, &Utility, &Budget::unlimited(), true);
    MinimaxFigures {
        value: f64::from(r.score),
        nodes: r.result.stats.nodes,
        leaves: r.result.stats.leaves,
        positions: r.positions.unwrap_or(0),
    }
}

/// Plain alpha-beta from the empty board, in the natural or the centre-first
/// order.
pub fn alphabeta_figures(centre_first: bool) -> AlphaBetaFigures {
    let mut ab = AlphaBeta::new(AlphaBetaConfig::plain());
    let (board, budget) = (Board::new(), Budget::unlimited());
    let (r, order) = if centre_first {
        (
            ab.search(&TicTacToe, &board, None, &Utility, &CentreFirst, &budget),
            "centre, corners, edges",
        )
    } else {
        (
            ab.search(&TicTacToe, &board, None, &Utility, &NaturalOrder, &budget),
            "squares ascending",
        )
    };
    AlphaBetaFigures {
        value: r.value,
        nodes: r.stats.nodes,
        order,
    }
}

/// Retrograde analysis with symmetry folding, verified, counted over every
/// legal position.
pub fn retrograde_figures() -> RetrogradeFigures {
    let space = TttSpace { symmetric: true };
    let outside = |_: &Board| -> Outcome { unreachable!("every tic-tac-toe position is in the space") };
    let table = retrograde::solve(&TicTacToe, &space, outside, &|_| {});
    let verified = retrograde::verify(&TicTacToe, &space, &table, outside).expect("the solved table verifies");
    let s = table.summary(&space);
    let (max_plies, deepest) = s.max_plies.unwrap_or((0, 0));
    RetrogradeFigures {
        positions: s.positions,
        x_wins: s.wins[0],
        o_wins: s.wins[1],
        draws: s.draws,
        canonical: s.canonical,
        max_plies,
        deepest: crate::retro::board_of_code(deepest).map_or_else(String::new, |b| b.to_string()),
        verified,
    }
}

/// MCTS on [`MCTS_POSITION`] after `iterations` iterations.
pub fn mcts_figures(iterations: u64, seed: u64) -> MctsFigures {
    let board: Board = MCTS_POSITION.parse().expect("the teaching position is legal");
    let mut mcts = Mcts::new(MctsConfig::default());
    let r = mcts.search(
        &TicTacToe,
        &board,
        &mut RandomRollout::new(),
        &NoPrior,
        &Budget::iterations(iterations),
        seed,
    );
    let total: u64 = r.stats.root.iter().map(|s| s.visits).sum();
    let winning = r
        .stats
        .root
        .iter()
        .find(|s| s.action == MCTS_WINNING_MOVE)
        .map_or(0, |s| s.visits);
    MctsFigures {
        iterations: r.stats.iterations,
        visits: r.stats.root.iter().map(|s| (s.action.to_string(), s.visits)).collect(),
        mean: r.stats.root.iter().map(|s| (s.action.to_string(), s.value)).collect(),
        chosen: r.action.expect("the position has legal moves"),
        winning_share: winning as f64 / total.max(1) as f64,
    }
}

/// All the figures.
pub fn solve_report() -> SolveReport {
    SolveReport {
        minimax: minimax_figures(),
        alphabeta: alphabeta_figures(false),
        alphabeta_center_first: alphabeta_figures(true),
        retrograde: retrograde_figures(),
        mcts_position: MctsPosition {
            board: MCTS_POSITION.to_string(),
            to_move: "x",
            winning_move: MCTS_WINNING_MOVE,
            seed: MCTS_SEED,
            exploration: MctsConfig::default().exploration,
        },
        mcts: MCTS_ITERATIONS.iter().map(|&n| mcts_figures(n, MCTS_SEED)).collect(),
    }
}
