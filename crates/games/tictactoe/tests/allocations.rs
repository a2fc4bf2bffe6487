//! The hot paths allocate nothing per node or iteration: a counting global
//! allocator measures whole searches once their buffers are warm.

use tabula_conformance::alloc::allocations_during;
use tabula_search::*;
use tabula_tictactoe::{Board, CentreFirst, OpenLines, TicTacToe};

// One test function: the counter is global, so the measurements must not
// run in parallel with each other.
#[test]
fn searches_allocate_per_search_not_per_node() {
    let board = Board::new();
    let unlimited = Budget::unlimited();

    let mut ab = AlphaBeta::new(AlphaBetaConfig::plain());
    ab.search(&TicTacToe, &board, None, &Utility, &NaturalOrder, &unlimited);
    let (r, n) = allocations_during(|| ab.search(&TicTacToe, &board, None, &Utility, &NaturalOrder, &unlimited));
    assert_eq!(r.stats.nodes, 18_297);
    assert!(n <= 8, "alpha-beta: {n} allocations for 18,297 nodes");

    let mut id = AlphaBeta::new(AlphaBetaConfig {
        tt_bytes: 1 << 16,
        quiescence_plies: 4,
    });
    id.iterative_deepening(&TicTacToe, &board, None, &OpenLines, &CentreFirst, &unlimited);
    let (r, n) =
        allocations_during(|| id.iterative_deepening(&TicTacToe, &board, None, &OpenLines, &CentreFirst, &unlimited));
    assert!(
        n <= 8 * u64::from(r.stats.depth) + 8,
        "iterative deepening: {n} allocations, depth {}",
        r.stats.depth
    );

    let mut mm = Minimax::new();
    mm.search(&TicTacToe, &board, None, &Utility, &unlimited, false);
    let (_, n) = allocations_during(|| mm.search(&TicTacToe, &board, None, &Utility, &unlimited, false));
    assert!(n <= 8, "minimax: {n} allocations for 549,946 nodes");

    let budget = Budget::iterations(20_000);
    let mut mcts = Mcts::new(MctsConfig::default());
    let mut rollout = RandomRollout::new();
    mcts.search(&TicTacToe, &board, &mut rollout, &NoPrior, &budget, 1);
    let (r, n) = allocations_during(|| mcts.search(&TicTacToe, &board, &mut rollout, &NoPrior, &budget, 1));
    assert_eq!(r.stats.iterations, 20_000);
    assert!(n <= 8, "MCTS: {n} allocations for 20,000 iterations");

    let mut ismcts = Ismcts::new(IsmctsConfig::default());
    ismcts.search(&TicTacToe, &board, 0, &mut rollout, &budget, 1);
    let (_, n) = allocations_during(|| ismcts.search(&TicTacToe, &board, 0, &mut rollout, &budget, 1));
    assert!(n <= 8, "ISMCTS: {n} allocations for 20,000 iterations");
}
