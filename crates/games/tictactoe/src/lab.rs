//! The lab's figures (the web app's lab page): the minimax value of every
//! free square, the nodes alpha-beta saves over minimax, and MCTS visit
//! counts after 100, 300 and 1,000 iterations, for any legal board.

use serde::Serialize;
use tabula_search::{
    AlphaBeta, AlphaBetaConfig, Budget, Mcts, MctsConfig, Minimax, NaturalOrder, NoPrior, RandomRollout, Utility,
};

use crate::board::{Board, Mark, TicTacToe};

/// The MCTS budgets the lab shows.
pub const MCTS_ITERATIONS: [u64; 3] = [100, 300, 1_000];
/// The MCTS seed (fixed: the same board shows the same counts).
pub const MCTS_SEED: u64 = 2024;

/// MCTS visit counts after a number of iterations.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct MctsVisits {
    /// Iterations run.
    pub iterations: u64,
    /// Visits per square, row by row (0 for taken squares).
    pub visits: [u64; 9],
}

/// What the lab shows for a board.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct LabReport {
    /// The board, nine characters.
    pub board: String,
    /// `x` or `o` (the side to move, or that would move).
    pub to_move: &'static str,
    /// Whether the game is over.
    pub over: bool,
    /// Minimax value of each free square for the side to move.
    pub values: [Option<i32>; 9],
    /// Nodes of a full minimax from the board.
    pub minimax_nodes: u64,
    /// Nodes of alpha-beta (squares in order) from the board.
    pub alphabeta_nodes: u64,
    /// Nodes alpha-beta did not visit.
    pub pruned: u64,
    /// UCT's visits after 100, 300 and 1,000 iterations.
    pub mcts: Vec<MctsVisits>,
}

/// Analyses a board given as nine characters (`x`, `o`, `.`).
///
/// # Errors
/// If the text is not a legal tic-tac-toe position, in words for a person.
pub fn analyse(text: &str) -> Result<LabReport, String> {
    let board: Board = text.parse().map_err(|e| format!("board {text:?}: {e}"))?;
    let over = board.is_over();
    let unlimited = Budget::unlimited();
    let mm = Minimax::new().search(&TicTacToe, &board, None, &Utility, &unlimited, false);
    let mut values = [None; 9];
    for stat in &mm.result.stats.root {
        values[usize::from(stat.action)] = Some(stat.value.round() as i32);
    }
    let mut ab = AlphaBeta::new(AlphaBetaConfig::plain());
    let ab_nodes = ab
        .search(&TicTacToe, &board, None, &Utility, &NaturalOrder, &unlimited)
        .stats
        .nodes;
    let mcts = if over {
        Vec::new()
    } else {
        MCTS_ITERATIONS
            .iter()
            .map(|&n| {
                let mut search = Mcts::new(MctsConfig::default());
                let r = search.search(
                    &TicTacToe,
                    &board,
                    &mut RandomRollout::new(),
                    &NoPrior,
                    &Budget::iterations(n),
                    MCTS_SEED,
                );
                let mut visits = [0; 9];
                for s in &r.stats.root {
                    visits[usize::from(s.action)] = s.visits;
                }
                MctsVisits {
                    iterations: r.stats.iterations,
                    visits,
                }
            })
            .collect()
    };
    let minimax_nodes = mm.result.stats.nodes;
    Ok(LabReport {
        board: board.to_string(),
        to_move: if board.side_to_move() == Mark::X { "x" } else { "o" },
        over,
        values,
        minimax_nodes,
        alphabeta_nodes: ab_nodes,
        pruned: minimax_nodes.saturating_sub(ab_nodes),
        mcts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_empty_board_matches_the_solve_figures() {
        let r = analyse(".........").unwrap();
        // Full minimax from the empty board: 549,946 nodes (tabula solve tictactoe).
        assert_eq!(r.minimax_nodes, 549_946);
        assert_eq!(r.values, [Some(0); 9], "every first move draws");
        assert!(r.alphabeta_nodes < r.minimax_nodes);
        assert_eq!(r.pruned, r.minimax_nodes - r.alphabeta_nodes);
        let iterations: Vec<u64> = r.mcts.iter().map(|m| m.iterations).collect();
        assert_eq!(iterations, MCTS_ITERATIONS);
        for m in &r.mcts {
            assert_eq!(m.visits.iter().sum::<u64>(), m.iterations);
        }
    }

    #[test]
    fn values_show_the_only_win() {
        // X to move wins only by taking square 2.
        let r = analyse("xx.oo....").unwrap();
        assert_eq!(r.values[2], Some(1));
        assert_eq!(r.values[0], None, "taken squares have no value");
        assert!(
            r.values
                .iter()
                .enumerate()
                .all(|(i, v)| i == 2 || v.is_none_or(|v| v < 1))
        );
        assert_eq!(r.to_move, "x");
    }

    #[test]
    fn bad_boards_are_refused() {
        assert!(analyse("xxx").is_err());
        assert!(analyse("xxxxxxxxx").is_err());
    }
}
