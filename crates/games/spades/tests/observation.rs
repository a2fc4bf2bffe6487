//! What a seat knows (the swap test of unseen cards runs in the
//! registry's conformance suite, for every game): the worlds drawn for it
//! honour the voids, and their frequencies match a hand count.

use crate::common;
use proptest::prelude::*;
use tabula_conformance::frequency::{assert_uniform, every_deal};

use common::random_state;
use tabula_cards::tricks::Tricks;
use tabula_cards::{CardId, CardSet};
use tabula_search::{Determinize, Game, Rng};
use tabula_spades::cards::{DECK, HAND, suit_bit, suit_of};
use tabula_spades::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]
    #[test]
    fn worlds_honour_voids_and_every_public_fact(seed in 0u64..1_000_000, plies in 0usize..330, seat in 0usize..4) {
        let game = Spades::new(SpadesOptions::default()).unwrap();
        let s = random_state(&game, seed, plies);
        let o = game.observation(&s, seat);
        let mut rng = Rng::new(seed ^ 7);
        for _ in 0..5 {
            let w = game.determinize(&o, seat, &mut rng);
            w.check().unwrap();
            prop_assert_eq!(&game.observation(&w, seat), &o);
            for other in (0..4).filter(|&k| k != seat) {
                for c in w.hands()[other] {
                    prop_assert!(o.public.tricks.voids[other] & suit_bit(suit_of(c)) == 0, "a card of a void suit");
                }
            }
        }
    }
}

/// The end of a hand as South sees it: 11 tricks played, two cards in
/// each hand; six cards unseen, West void in hearts and North in spades.
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
        public: Public {
            dealt: 52,
            hand_no: 3,
            blind_eligible: 0,
            blind_answered: [false; 4],
            blind: [false; 4],
            bids: [Some(3), Some(4), Some(2), Some(3)],
            tricks: {
                let mut t = Tricks::new(0);
                (t.done, t.played, t.taken, t.voids) = (11, played, taken, voids);
                t
            },
            broken: true,
            scores: [120, 80],
            bags: [3, 1],
            // Three hands are over: the last one's figures are shown.
            last_hand: Some([SideScore::default(); 2]),
            over: false,
        },
    }
}

#[test]
fn worlds_are_uniform_over_the_deals_that_fit() {
    let o = endgame();
    o.check().unwrap();
    assert_eq!(HAND - o.public.tricks.played[1].len(), 2);
    let played = o.public.tricks.played.iter().fold(CardSet::EMPTY, |a, &b| a | b);
    let unseen: Vec<CardId> = (DECK.all() - o.hand - played).iter().collect();
    // Every way to give West, North and East two cards each, with no
    // heart for West and no spade for North.
    let expected = every_deal(&unseen, [2, 2, 2], |holder, c| {
        let suit = suit_bit(suit_of(c));
        !(holder == 0 && suit == 4 || holder == 1 && suit == 8)
    });
    let expected = expected.into_iter().map(|d| d.map(CardSet::from_iter));
    // By hand, on the hearts and spades East takes: none 1 deal, one heart
    // 4, one spade 4, one of each 8, both hearts 1, both spades 1.
    assert_eq!(expected.len(), 19, "19 deals fit");
    let game = Spades::new(SpadesOptions::default()).unwrap();
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
    o.public.bids[2] = None;
    bad.push(("cards played before the bidding is over", o));
    let mut o = good.clone();
    o.public.bids[3] = Some(14);
    bad.push(("a bid over 13", o));
    let mut o = good.clone();
    o.public.blind[1] = true;
    bad.push(("a blind nil without its bid", o));
    let mut o = good.clone();
    o.public.tricks.voids[1] = 0b1111;
    bad.push(("a seat void in every suit with cards to hold", o));
    let mut o = good.clone();
    o.hand.insert(CardId(0));
    bad.push(("a hand of the wrong size", o));
    let game = Spades::new(SpadesOptions::default()).unwrap();
    for (why, o) in bad {
        assert!(o.check().is_err(), "{why}");
        assert!(
            tabula_contract::GameModule::check_observation(&game, &o, 0).is_err(),
            "{why}"
        );
    }
}
