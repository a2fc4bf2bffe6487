//! Hearts' searches allocate per search, not per iteration (the world
//! sampler is prepared once, the tree and the rollouts reuse their
//! memory); one computer called a hundred times is the registry's check
//! (crates/registry/tests/decisions.rs).

use tabula_conformance::alloc::assert_ismcts_per_search;
use tabula_conformance::speed::nth_random_decision;
use tabula_hearts::*;
use tabula_search::{Game, RandomRollout};

#[test]
fn iterations_allocate_nothing_more() {
    let game = Hearts::new(HeartsOptions::default()).unwrap();
    // A card decision with a choice some tricks into the first hand.
    let card_choice = |legal: &[Action]| legal.len() > 1 && matches!(legal[0], Action::Play(_));
    let (s, seat) = nth_random_decision(&game, game.initial_state(), 4, 12, card_choice).expect("a hand has decisions");
    let o = game.observation(&s, seat);
    let hand = HandGame::new(&game, &o);
    assert_ismcts_per_search("ISMCTS", &hand, &o, seat, &mut RandomRollout::new());
}
