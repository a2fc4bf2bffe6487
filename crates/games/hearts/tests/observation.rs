//! What a seat knows (the swap test of unseen cards runs in the
//! registry's conformance suite, for every game): the worlds drawn for it
//! honour voids, its pass and the known 2♣, and their frequencies match a
//! hand count.

use crate::common;
use proptest::prelude::*;
use tabula_conformance::frequency::{assert_uniform, every_deal};

use common::random_state;
use tabula_cards::tricks::Tricks;
use tabula_cards::{CardId, CardSet};
use tabula_hearts::cards::{DECK, HAND, TWO_OF_CLUBS, suit_index, suit_of};
use tabula_hearts::*;
use tabula_search::{Determinize, Game, Rng};

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]
    #[test]
    fn worlds_honour_voids_passes_and_the_first_lead(seed in 0u64..1_000_000, plies in 52usize..320, seat in 0usize..4) {
        let game = Hearts::new(HeartsOptions::default()).unwrap();
        let s = random_state(&game, seed, plies);
        let o = game.observation(&s, seat);
        let mut rng = Rng::new(seed ^ 7);
        for _ in 0..5 {
            let w = game.determinize(&o, seat, &mut rng);
            w.check().unwrap();
            prop_assert_eq!(&game.observation(&w, seat), &o);
            for other in (0..4).filter(|&k| k != seat) {
                for c in w.hands()[other] {
                    prop_assert!(o.public.tricks.voids[other] & (1 << suit_index(suit_of(c))) == 0, "a card of a void suit");
                }
            }
            if let (true, Some(off), Some(mine)) = (o.public.exchanged, pass_offset(o.public.hand_no), o.passed) {
                let to = (seat + off) % 4;
                prop_assert!((w.hands()[to] | o.public.tricks.played[to]).contains_all(mine), "the pass stays with its receiver");
            }
            if o.public.exchanged && o.public.tricks.done == 0 && o.public.tricks.trick().is_empty() {
                prop_assert!(w.hands()[usize::from(o.public.tricks.leader)].contains(TWO_OF_CLUBS));
            }
        }
    }
}

/// The end of a hand as seat 0 sees it: 11 tricks played, two cards in
/// each hand; six cards unseen, seat 1 void in hearts and seat 2 in spades.
fn endgame() -> Observation {
    let unseen: CardSet = ["2h", "3h", "2s", "3s", "2d", "3d"]
        .iter()
        .map(|n| DECK.parse(n).unwrap())
        .collect();
    let mine: CardSet = ["4d", "5d"].iter().map(|n| DECK.parse(n).unwrap()).collect();
    let rest: Vec<CardId> = (DECK.all() - unseen - mine).iter().collect();
    let mut played = [CardSet::EMPTY; 4];
    for (i, &c) in rest.iter().enumerate() {
        played[i % 4].insert(c);
    }
    let mut taken = [CardSet::EMPTY; 4];
    taken[0] = rest.iter().copied().collect();
    let mut voids = [0u8; 4];
    voids[1] = 1 << 2; // hearts
    voids[2] = 1 << 3; // spades
    Observation {
        seat: 0,
        hand: mine,
        passed: None,
        passers: [false; 4],
        received: CardSet::EMPTY,
        public: Public {
            dealt: 52,
            hand_no: 3,
            exchanged: true,
            tricks: {
                let mut t = Tricks::new(0);
                (t.done, t.played, t.taken, t.voids) = (11, played, taken, voids);
                t
            },
            broken: true,
            // Three hands are over, each scoring its 26 points.
            scores: [30, 20, 26, 2],
            last_hand: [26, 0, 0, 0],
            moon: None,
            over: false,
        },
    }
}

#[test]
fn worlds_are_uniform_over_the_deals_that_fit() {
    let o = endgame();
    o.check().unwrap();
    assert_eq!(HAND - o.public.tricks.played[1].len(), 2);
    // The hand count: every way to give seats 1, 2, 3 two cards each with
    // no heart for seat 1 and no spade for seat 2.
    let unseen: Vec<CardId> = (DECK.all() - o.hand - o.public.tricks.played.iter().fold(CardSet::EMPTY, |a, &b| a | b))
        .iter()
        .collect();
    let expected = every_deal(&unseen, [2, 2, 2], |holder, c| {
        let suit = suit_index(suit_of(c));
        !(holder == 0 && suit == 2 || holder == 1 && suit == 3)
    });
    let expected = expected.into_iter().map(|d| d.map(CardSet::from_iter));
    // By hand, on the hearts (h) and spades (s) seat 3 takes: (0,0) 1 deal,
    // (1,0) 4, (0,1) 4, (1,1) 8, (2,0) 1, (0,2) 1.
    assert_eq!(expected.len(), 19, "19 deals fit");
    let game = Hearts::new(HeartsOptions::default()).unwrap();
    let mut rng = Rng::new(5);
    // Each deal 1/19: 2,000 of 38,000 draws expected.
    assert_uniform(expected, 38_000, || {
        let w = game.determinize(&o, 0, &mut rng);
        [w.hands()[1], w.hands()[2], w.hands()[3]]
    });
}

#[test]
fn observations_that_no_position_has_are_refused_not_panicked_on() {
    let good = endgame();
    good.check().unwrap();
    let mut bad = Vec::new();
    for (why, tricks) in good.public.tricks.corrupted(1, good.hand, DECK.all()) {
        let mut o = good.clone();
        o.public.tricks = tricks;
        bad.push((why, o));
    }
    let mut o = good.clone();
    o.public.exchanged = false;
    o.passers = [true; 4];
    bad.push(("cards played during the passing", o));
    let mut o = good.clone();
    o.public.moon = Some(7);
    bad.push(("a shooter out of range", o));
    let game = Hearts::new(HeartsOptions::default()).unwrap();
    for (why, o) in bad {
        assert!(o.check().is_err(), "{why}");
        assert!(
            tabula_contract::GameModule::check_observation(&game, &o, 0).is_err(),
            "{why}"
        );
    }
}
