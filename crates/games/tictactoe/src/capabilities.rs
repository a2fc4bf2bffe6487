//! What tic-tac-toe offers beyond play: its exact figures (`tabula solve
//! tictactoe`), the lab's figures of any board, the games stored before
//! tables existed, and its bench searches.

use std::fmt::Write as _;
use std::path::Path;

use serde::Deserialize;
use serde_json::Value;
use tabula_contract::GameModule;
use tabula_contract::capability::{Archive, Archived, BenchSearch, Capabilities, Figures, Host, Report, Solve};
use tabula_search::{
    AlphaBeta, AlphaBetaConfig, Budget, Ismcts, IsmctsConfig, Mcts, MctsConfig, Minimax, NaturalOrder, NoPrior,
    RandomRollout, RootUcbConfig, Utility, expectiminimax, root_ucb,
};

use crate::ai::{CentreFirst, OpenLines};
use crate::board::{Board, TicTacToe};
use crate::lab;
use crate::report::{MCTS_POSITION, MCTS_WINNING_MOVE, SolveReport, solve_report};

/// Tic-tac-toe's capabilities.
pub const CAPABILITIES: Capabilities = Capabilities {
    solve: Some(&Solver),
    figures: Some(&Lab),
    archive: Some(&Stored),
    bench,
    ..Capabilities::NONE
};

/// `tabula solve tictactoe`: the exact figures of [`solve_report`].
pub struct Solver;

impl Solve for Solver {
    fn solve(&self, target: Option<&str>, _out: &Path, _host: &dyn Host) -> Result<Report, String> {
        if let Some(t) = target {
            return Err(format!("tictactoe takes no class, got '{t}'"));
        }
        let r = solve_report();
        Ok(Report::new(&r, solve_text(&r)))
    }
}

/// The figures as a table for a person.
fn solve_text(r: &SolveReport) -> String {
    let mut out = String::new();
    let m = &r.minimax;
    out.push_str("Tic-tac-toe from the empty board (X moves first; X win +1, O win -1)\n");
    let _ = writeln!(
        out,
        "  minimax     value {}, {} nodes (root included), {} leaves, {} distinct positions",
        m.value, m.nodes, m.leaves, m.positions
    );
    for ab in [&r.alphabeta, &r.alphabeta_center_first] {
        let _ = writeln!(
            out,
            "  alpha-beta  value {}, {} nodes ({}), {:.1}x fewer than minimax",
            ab.value,
            ab.nodes,
            ab.order,
            m.nodes as f64 / ab.nodes as f64
        );
    }
    let g = &r.retrograde;
    let _ = writeln!(
        out,
        "  retrograde  {} positions ({} up to symmetry, verified): X wins {}, O wins {}, draws {}; longest win {} plies ({})",
        g.positions, g.canonical, g.x_wins, g.o_wins, g.draws, g.max_plies, g.deepest
    );
    let _ = writeln!(
        out,
        "MCTS (UCT, c = {:.4}, random rollouts, seed {}) on {MCTS_POSITION}, X to move; only square {MCTS_WINNING_MOVE} wins:",
        r.mcts_position.exploration, r.mcts_position.seed
    );
    for run in &r.mcts {
        let cells: Vec<String> = run
            .visits
            .iter()
            .map(|(sq, v)| format!("{sq}:{v}/{:+.2}", run.mean[sq]))
            .collect();
        let _ = writeln!(
            out,
            "  {:>5} iterations: square {MCTS_WINNING_MOVE} has {:.1}% of the visits; most visited {}; visits/mean {}",
            run.iterations,
            100.0 * run.winning_share,
            run.chosen,
            cells.join(" ")
        );
    }
    out
}

/// The lab: [`lab::analyse`] of a board (nine characters, `x`, `o`, `.`),
/// played against the perfect computer.
pub struct Lab;

impl Figures for Lab {
    fn opponent(&self) -> &'static str {
        "alphabeta"
    }

    fn figures(&self, position: Option<&str>) -> Result<Value, String> {
        let report = lab::analyse(position.unwrap_or("........."))?;
        serde_json::to_value(report).map_err(|e| e.to_string())
    }
}

/// Tic-tac-toe's record of before: the squares played, X first.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OldRecord {
    moves: Vec<u8>,
}

/// Games stored before tables existed: rows of kind `tictactoe`, their
/// record the squares played.
pub struct Stored;

impl Archive for Stored {
    fn reads(&self, kind: &str) -> bool {
        kind == <TicTacToe as GameModule>::INFO.name
    }

    fn read(&self, record: &str) -> Result<Archived, String> {
        let record: OldRecord = serde_json::from_str(record).map_err(|e| e.to_string())?;
        Ok(Archived {
            options: Value::Null,
            seed: 0,
            actions: record.moves.into_iter().map(Value::from).collect(),
        })
    }
}

fn board(text: &str) -> Board {
    text.parse().expect("bench positions are legal")
}

/// The bench: every search of the library on tic-tac-toe.
pub fn bench() -> Vec<BenchSearch> {
    let unlimited = || Budget::unlimited();
    let empty = Board::new();
    let teaching = board(MCTS_POSITION);
    let deepening = |position: Board| {
        move || {
            let mut id = AlphaBeta::new(AlphaBetaConfig {
                tt_bytes: 1 << 20,
                ..AlphaBetaConfig::default()
            });
            id.iterative_deepening(&TicTacToe, &position, None, &OpenLines, &CentreFirst, &unlimited())
        }
    };
    vec![
        BenchSearch::new("tictactoe minimax, x in the centre", 55_505, move || {
            let centre = board("....x....");
            Minimax::new()
                .search(&TicTacToe, &centre, None, &Utility, &unlimited(), false)
                .result
        }),
        BenchSearch::new("tictactoe alpha-beta, natural order", 18_297, move || {
            AlphaBeta::new(AlphaBetaConfig::plain()).search(
                &TicTacToe,
                &empty,
                None,
                &Utility,
                &NaturalOrder,
                &unlimited(),
            )
        }),
        BenchSearch::new("tictactoe alpha-beta, centre first", 7_275, move || {
            AlphaBeta::new(AlphaBetaConfig::plain()).search(
                &TicTacToe,
                &empty,
                None,
                &Utility,
                &CentreFirst,
                &unlimited(),
            )
        }),
        BenchSearch::new(
            "tictactoe iterative deepening + TT, empty board",
            4_770,
            deepening(empty),
        ),
        BenchSearch::new(
            "tictactoe iterative deepening + TT, teaching position",
            638,
            deepening(teaching),
        ),
        BenchSearch::new("tictactoe alpha-beta depth 4 + TT, empty board", 265, move || {
            let mut id = AlphaBeta::new(AlphaBetaConfig {
                tt_bytes: 1 << 20,
                ..AlphaBetaConfig::default()
            });
            id.search(&TicTacToe, &empty, Some(4), &OpenLines, &CentreFirst, &unlimited())
        }),
        BenchSearch::new("tictactoe MCTS 20,000 iterations, empty board", 43_870, move || {
            Mcts::new(MctsConfig::default()).search(
                &TicTacToe,
                &empty,
                &mut RandomRollout::new(),
                &NoPrior,
                &Budget::iterations(20_000),
                1,
            )
        }),
        BenchSearch::new(
            "tictactoe ISMCTS 5,000 iterations, teaching position",
            5_571,
            move || {
                Ismcts::new(IsmctsConfig::default()).search(
                    &TicTacToe,
                    &teaching,
                    0,
                    &mut RandomRollout::new(),
                    &Budget::iterations(5_000),
                    2,
                )
            },
        ),
        BenchSearch::new(
            "tictactoe root-UCB 5,000 samples, teaching position",
            5_000,
            move || {
                root_ucb(
                    &TicTacToe,
                    &teaching,
                    0,
                    &mut RandomRollout::new(),
                    &RootUcbConfig::default(),
                    &Budget::iterations(5_000),
                    3,
                )
            },
        ),
        BenchSearch::new("tictactoe expectiminimax, two marks", 7_332, move || {
            expectiminimax(&TicTacToe, &board("x...o...."), None, &Utility, &unlimited())
        }),
    ]
}
