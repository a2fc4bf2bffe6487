//! The hot paths allocate nothing per node or iteration: a counting global
//! allocator measures whole searches once their buffers are warm.

// The only unsafe code of the project: a test-only allocator wrapper.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

use tabula_search::*;
use tabula_tictactoe::{Board, CentreFirst, OpenLines, TicTacToe};

struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

// SAFETY: forwards every call to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: same contract as the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations_during<T>(f: impl FnOnce() -> T) -> (T, u64) {
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let out = f();
    (out, ALLOCATIONS.load(Ordering::Relaxed) - before)
}

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
