//! Profiling driver: MCTS from the empty board.
use tabula_search::*;
use tabula_tictactoe::{Board, TicTacToe};
fn main() {
    let n: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let reps: u64 = std::env::args().nth(2).and_then(|a| a.parse().ok()).unwrap_or(10);
    let mut mcts = Mcts::new(MctsConfig::default());
    let mut rollout = RandomRollout::new();
    let t = std::time::Instant::now();
    let mut total = 0;
    for seed in 0..reps {
        let r = mcts.search(
            &TicTacToe,
            &Board::new(),
            &mut rollout,
            &NoPrior,
            &Budget::iterations(n),
            seed,
        );
        total += r.stats.iterations;
    }
    let s = t.elapsed().as_secs_f64();
    println!("{total} iterations in {s:.3}s = {:.0}/s", total as f64 / s);
}
