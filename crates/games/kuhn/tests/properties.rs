//! Invariants over random hands: worlds drawn from an observation show it
//! back and keep the seat's card; payoffs are zero-sum and at most two
//! chips; a hand takes at most five plies.

use proptest::prelude::*;
use tabula_kuhn::{Kuhn, Line, State};
use tabula_search::{Determinize, Game, Rng, Turn};

fn random_hand(seed: u64, cut: usize) -> State {
    tabula_conformance::random_state(
        &Kuhn,
        State {
            cards: [None; 2],
            line: Line::Open,
        },
        seed,
        cut,
    )
}

proptest! {
    #[test]
    fn worlds_show_the_observation_back(seed in any::<u64>(), cut in 0usize..6, world in any::<u64>()) {
        let s = random_hand(seed, cut);
        for seat in 0..2 {
            let seen = Kuhn.observation(&s, seat);
            let w = Kuhn.determinize(&seen, seat, &mut Rng::new(world));
            prop_assert_eq!(Kuhn.observation(&w, seat), seen);
            prop_assert_eq!(w.cards[seat], s.cards[seat]);
            prop_assert!(seen.check(seat).is_ok());
            let mut legal = Vec::new();
            let mut from_seen = Vec::new();
            Kuhn.legal_actions(&s, &mut legal);
            Kuhn.legal_from_observation(&seen, seat, &mut from_seen);
            if Kuhn.to_move(&s) == Turn::Seat(seat) {
                prop_assert_eq!(legal, from_seen);
            } else {
                prop_assert!(from_seen.is_empty());
            }
        }
    }

    #[test]
    fn hands_end_within_five_plies_and_are_zero_sum(seed in any::<u64>()) {
        let s = random_hand(seed, 5);
        prop_assert_eq!(Kuhn.to_move(&s), Turn::Terminal);
        let p = Kuhn.payoffs(&s);
        prop_assert_eq!(p.get(0), -p.get(1));
        prop_assert!([1.0, 2.0].contains(&p.get(0).abs()));
    }
}
