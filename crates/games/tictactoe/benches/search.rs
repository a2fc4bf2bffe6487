//! Search speed on tic-tac-toe, with the work stated: alpha-beta nodes per
//! second, minimax nodes per second, MCTS iterations per second (random
//! rollouts, from the empty board), one thread.
//!
//! `cargo bench -p tabula-tictactoe --bench search`

use divan::Bencher;
use divan::counter::ItemsCount;
use tabula_search::*;
use tabula_tictactoe::{Board, TicTacToe};

fn main() {
    divan::main();
}

/// Plain alpha-beta from the empty board: 18,297 nodes per search.
#[divan::bench]
fn alphabeta_nodes(bencher: Bencher) {
    let mut ab = AlphaBeta::new(AlphaBetaConfig::plain());
    let board = Board::new();
    let nodes = ab
        .search(&TicTacToe, &board, None, &Utility, &NaturalOrder, &Budget::unlimited())
        .stats
        .nodes;
    bencher.counter(ItemsCount::new(nodes)).bench_local(|| {
        ab.search(
            &TicTacToe,
            divan::black_box(&board),
            None,
            &Utility,
            &NaturalOrder,
            &Budget::unlimited(),
        )
    });
}

/// Full minimax from the empty board: 549,946 nodes per search.
#[divan::bench(sample_count = 20)]
fn minimax_nodes(bencher: Bencher) {
    let mut mm = Minimax::new();
    let board = Board::new();
    bencher.counter(ItemsCount::new(549_946u64)).bench_local(|| {
        mm.search(
            &TicTacToe,
            divan::black_box(&board),
            None,
            &Utility,
            &Budget::unlimited(),
            false,
        )
    });
}

/// MCTS (UCT, random rollouts) from the empty board.
#[divan::bench(args = [1_000, 10_000, 100_000], sample_count = 20)]
fn mcts_iterations(bencher: Bencher, iterations: u64) {
    let mut mcts = Mcts::new(MctsConfig::default());
    let mut rollout = RandomRollout::new();
    let board = Board::new();
    let budget = Budget::iterations(iterations);
    bencher
        .counter(ItemsCount::new(iterations))
        .bench_local(|| mcts.search(&TicTacToe, divan::black_box(&board), &mut rollout, &NoPrior, &budget, 7));
}
