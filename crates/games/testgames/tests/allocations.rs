//! Mini Whist's searches allocate per search, not per iteration.

use tabula_conformance::alloc::allocations_during;
use tabula_search::*;
use tabula_testgames::MiniWhist;

// One test function: the counter is global.
#[test]
fn iterations_allocate_nothing() {
    let game = MiniWhist;
    let mut deal = game.initial_state();
    let mut rng = Rng::new(11);
    while game.to_move(&deal) == Turn::Chance {
        let card = game.sample_chance(&deal, &mut rng);
        game.apply(&mut deal, card);
    }
    let view = game.observation(&deal, 0);
    for mode in [IsmctsMode::SingleObserver, IsmctsMode::MultipleObserver] {
        let mut search = Ismcts::new(IsmctsConfig {
            mode,
            ..IsmctsConfig::default()
        });
        let mut rollout = RandomRollout::new();
        let mut run = |n: u64| search.search(&game, &view, 0, &mut rollout, &Budget::iterations(n), 4);
        run(20_000);
        let (_, few) = allocations_during(|| run(1_000));
        let (r, many) = allocations_during(|| run(20_000));
        assert_eq!(r.stats.iterations, 20_000);
        // Per search: the tree's buffers, and the card engine's deal
        // sampler (its classes and counting tables) prepared once.
        assert!(few <= 24, "{mode:?}: {few} allocations for one search");
        assert!(
            many <= few,
            "{mode:?}: {few} allocations for 1,000 iterations, {many} for 20,000"
        );
    }
}
