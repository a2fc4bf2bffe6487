//! The registry's tests, as one binary: the checks every registered game
//! passes through the registry, with no edit when a game is added. The
//! files beside this one are its modules.

// Counted, for the memory checks of `decisions`.
#[global_allocator]
static GLOBAL: tabula_conformance::alloc::Counting = tabula_conformance::alloc::Counting;

mod answers;
mod assist;
mod contracts;
mod decisions;

/// Every registered module type, side by side (a thread each): its roots
/// compared on common random numbers are isolated, and its own computers
/// keep a flat memory over a hundred calls ([`decisions::check`]).
///
/// Named to sort first: the test harness starts tests in name order, and
/// this one's longest game (a hundred of Abalone's full searches) is the
/// binary's longest thread; started last, it ran alone at the end.
#[test]
fn all_games_isolate_their_roots_and_keep_their_memory_flat() {
    macro_rules! check_all {
        ($($module:path),* $(,)?) => {
            std::thread::scope(|scope| {
                let handles = vec![$(scope.spawn(decisions::check::<$module>)),*];
                for h in handles {
                    println!("{}", h.join().unwrap());
                }
            })
        };
    }
    tabula_registry::for_each_module!(check_all);
}
