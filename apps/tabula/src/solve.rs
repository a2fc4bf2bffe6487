//! `tabula solve`: exact figures.

use std::io::Write;

use anyhow::Result;
use tabula_tictactoe::report::{MCTS_POSITION, MCTS_WINNING_MOVE, solve_report};

/// Tic-tac-toe's figures, as JSON or as a table.
pub fn tictactoe(json: bool, out: &mut dyn Write) -> Result<()> {
    let r = solve_report();
    if json {
        writeln!(out, "{}", serde_json::to_string(&r)?)?;
        return Ok(());
    }
    let m = &r.minimax;
    writeln!(
        out,
        "Tic-tac-toe from the empty board (X moves first; X win +1, O win -1)"
    )?;
    writeln!(
        out,
        "  minimax     value {}, {} nodes (root included), {} leaves, {} distinct positions",
        m.value, m.nodes, m.leaves, m.positions
    )?;
    for ab in [&r.alphabeta, &r.alphabeta_center_first] {
        writeln!(
            out,
            "  alpha-beta  value {}, {} nodes ({}), {:.1}x fewer than minimax",
            ab.value,
            ab.nodes,
            ab.order,
            m.nodes as f64 / ab.nodes as f64
        )?;
    }
    let g = &r.retrograde;
    writeln!(
        out,
        "  retrograde  {} positions ({} up to symmetry, verified): X wins {}, O wins {}, draws {}; longest win {} plies ({})",
        g.positions, g.canonical, g.x_wins, g.o_wins, g.draws, g.max_plies, g.deepest
    )?;
    writeln!(
        out,
        "MCTS (UCT, c = {:.4}, random rollouts, seed {}) on {MCTS_POSITION}, X to move; only square {MCTS_WINNING_MOVE} wins:",
        r.mcts_position.exploration, r.mcts_position.seed
    )?;
    for run in &r.mcts {
        let cells: Vec<String> = run
            .visits
            .iter()
            .map(|(sq, v)| format!("{sq}:{v}/{:+.2}", run.mean[sq]))
            .collect();
        writeln!(
            out,
            "  {:>5} iterations: square {MCTS_WINNING_MOVE} has {:.1}% of the visits; most visited {}; visits/mean {}",
            run.iterations,
            100.0 * run.winning_share,
            run.chosen,
            cells.join(" ")
        )?;
    }
    Ok(())
}
