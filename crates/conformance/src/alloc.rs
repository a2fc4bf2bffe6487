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
