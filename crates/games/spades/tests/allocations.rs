//! Spades' searches allocate per search, not per iteration (the world
//! sampler is prepared once, the tree and the rollouts reuse their
//! memory), and one computer called a hundred times allocates no more on
//! the hundredth call than on the second.

use crate::common;

use common::random_state;
use tabula_conformance::alloc::allocations_during;
use tabula_search::{Budget, Determinize, Game, Ismcts, IsmctsConfig, Player, RandomRollout, Turn};
use tabula_spades::*;

// One test function: the counter is global.
#[test]
fn iterations_and_repeated_calls_allocate_nothing_more() {
    let game = Spades::new(SpadesOptions::default()).unwrap();
    // A card decision some tricks into the first hand.
    let mut plies = 70;
    let (o, seat) = loop {
        let s = random_state(&game, 4, plies);
        if let Turn::Seat(seat) = game.to_move(&s) {
            let o = game.observation(&s, seat);
            let mut legal = Vec::new();
            game.legal_from_observation(&o, seat, &mut legal);
            if legal.len() > 1 && matches!(legal[0], Action::Play(_)) {
                break (o, seat);
            }
        }
        plies += 1;
    };
    let hand = HandGame::new(&game, &o);
    let mut search = Ismcts::new(IsmctsConfig::default());
    let mut rollout = RandomRollout::new();
    let mut run = |n: u64| search.search(&hand, &o, seat, &mut rollout, &Budget::iterations(n), 5);
    run(2_000);
    let (_, few) = allocations_during(|| run(200));
    let (r, many) = allocations_during(|| run(2_000));
    assert_eq!(r.stats.iterations, 2_000);
    assert!(
        many <= few + 2,
        "ISMCTS: {few} allocations for 200 iterations, {many} for 2,000"
    );

    // One level-4 computer, the same decision a hundred times.
    let mut ai = SpadesAi::new(4, 1);
    ai.choose(&game, &o, seat);
    let (_, second) = allocations_during(|| ai.choose(&game, &o, seat));
    for _ in 0..97 {
        ai.choose(&game, &o, seat);
    }
    let (_, hundredth) = allocations_during(|| ai.choose(&game, &o, seat));
    assert!(
        hundredth <= second,
        "call 2 allocated {second} times, call 100 {hundredth}"
    );
}
