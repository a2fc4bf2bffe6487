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
#[test]
fn every_game_isolates_its_roots_and_keeps_its_memory_flat() {
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
