//! Verification layer 5 on Gin Rummy: one level-4 computer called a
//! hundred times on the same decision allocates no more on the hundredth
//! call than on the second.

use crate::common;

use common::discard_decision;
use tabula_conformance::alloc::allocations_during;
use tabula_ginrummy::*;
use tabula_search::{Game, Player};

#[test]
fn repeated_calls_allocate_nothing_more() {
    let game = GinRummy::new(GinOptions::default()).unwrap();
    let (s, seat) = discard_decision(&game, 4);
    let o = game.observation(&s, seat);
    let mut ai = GinAi::new(4, 1);
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
