//! A counting allocator for tests that a hot path allocates nothing: a
//! test binary installs [`Counting`] as its global allocator and measures a
//! closure with [`allocations_during`].
//!
//! ```ignore
//! #[global_allocator]
//! static GLOBAL: tabula_conformance::alloc::Counting = tabula_conformance::alloc::Counting;
//! ```

// The only unsafe code of the project: forwarding to the system allocator.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use tabula_search::{Budget, Determinize, Ismcts, IsmctsConfig, Rollout, Seat};

/// The system allocator, counting allocations and reallocations.
pub struct Counting;

thread_local! {
    // Per thread, so that the test harness's own threads (its "running for
    // over 60 seconds" notice, say) never count in a measurement. A const
    // initialiser with no destructor: reading it never allocates.
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn count() {
    let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
}

fn counted() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

// SAFETY: forwards every call to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: same contract as the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// Runs `f` and counts the allocations it made on this thread (work `f`
/// hands to other threads is not counted: measure single-threaded code).
pub fn allocations_during<T>(f: impl FnOnce() -> T) -> (T, u64) {
    let before = counted();
    let out = f();
    (out, counted() - before)
}

/// Checks that a search allocates per search, not per iteration:
/// `run(n)` searches `n` iterations; after a warm-up at 2,000, a search
/// of 2,000 iterations may allocate at most `slack` times more than one of
/// 200 (its buffers are reused, its world sampler prepared once). Returns
/// the count of the 200-iteration search.
///
/// # Panics
/// When the larger search allocates more, naming `what`.
pub fn assert_per_search<T>(what: &str, slack: u64, mut run: impl FnMut(u64) -> T) -> u64 {
    run(2_000);
    let (_, few) = allocations_during(|| run(200));
    let (_, many) = allocations_during(|| run(2_000));
    assert!(
        many <= few + slack,
        "{what}: {few} allocations for 200 iterations, {many} for 2,000"
    );
    few
}

/// [`assert_per_search`] for plain ISMCTS: `game` searched for `seat`
/// from `observation` with `rollout`, every iteration asked for run.
/// Returns the count of the 200-iteration search.
///
/// # Panics
/// When the larger search allocates more, naming `what`.
pub fn assert_ismcts_per_search<G, R>(
    what: &str,
    game: &G,
    observation: &G::Observation,
    seat: Seat,
    rollout: &mut R,
) -> u64
where
    G: Determinize,
    R: Rollout<G>,
{
    let mut search = Ismcts::new(IsmctsConfig::default());
    assert_per_search(what, 2, |n| {
        let r = search.search(game, observation, seat, rollout, &Budget::iterations(n), 5);
        assert_eq!(r.stats.iterations, n, "{what}: every iteration runs");
    })
}
