//! Verification layer 5 on Dou Dizhu: one level-4 computer called a
//! hundred times on the same decision allocates no more on the hundredth
//! call than on the second.

use crate::common;

use common::random_state;
use tabula_conformance::alloc::allocations_during;
use tabula_doudizhu::*;
use tabula_search::{Game, Player};

#[test]
fn repeated_calls_allocate_nothing_more() {
    let game = DouDizhu::new(DdzOptions::default()).unwrap();
    // A decision in the play, some plies after the bidding.
    let mut plies = 80;
    let (s, seat) = loop {
        let s = random_state(&game, 4, plies);
        if let Some(seat) = s.turn().seat()
            && s.phase() == Phase::Play
        {
            break (s, seat);
        }
        plies += 1;
    };
    let o = game.observation(&s, seat);
    let mut ai = DdzAi::new(4, 1);
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
