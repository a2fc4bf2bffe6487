//! Euchre's searches allocate per search, not per iteration (the world
//! sampler is prepared once, the tree and the rollouts reuse their
//! memory); one computer called a hundred times is the registry's check
//! (crates/registry/tests/decisions.rs).

use crate::common;

use common::random_state;
use tabula_conformance::alloc::assert_per_search;
use tabula_euchre::*;
use tabula_search::{Budget, Determinize, Game, Ismcts, IsmctsConfig, RandomRollout, Turn};

#[test]
fn iterations_allocate_nothing_more() {
    let game = Euchre::new(EuchreOptions::default()).unwrap();
    // A card decision early in the first hand.
    let mut plies = 24;
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
    assert_per_search("ISMCTS", 2, |n| {
        let r = search.search(&hand, &o, seat, &mut rollout, &Budget::iterations(n), 5);
        assert_eq!(r.stats.iterations, n);
    });

    // The card rollout allocates nothing either.
    let mut search = Ismcts::new(IsmctsConfig::default());
    assert_per_search("card rollouts", 2, |n| {
        search.search(&hand, &o, seat, &mut CardRollout, &Budget::iterations(n), 5)
    });
}
