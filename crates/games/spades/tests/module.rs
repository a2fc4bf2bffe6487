//! Spades on the game contract: the module conformance checks, actions
//! typed as a person types them, the computer at every level, and a seat's
//! decision isolated from every hand it cannot see, its partner's
//! included (no back channel between partners).

use crate::common;

use common::random_state;
use tabula_contract::GameModule;
use tabula_search::{Game, Player, Rng, Turn};
use tabula_spades::cards::{DECK, SPADES};
use tabula_spades::*;

#[test]
fn the_module_conforms() {
    let game = Spades::new(SpadesOptions {
        end_score: 60,
        ..SpadesOptions::default()
    })
    .unwrap();
    let report = tabula_conformance::module::check_module(&game, &[1, 2], 2_000);
    assert_eq!(report.games, 2);
    assert!(report.decisions > 50);
    assert_eq!(game.teams(), Some(vec![0, 1, 0, 1]));
}

#[test]
fn actions_read_as_a_person_types_them() {
    let game = Spades::new(SpadesOptions::default()).unwrap();
    let mut s = random_state(&game, 3, 52);
    let Turn::Seat(seat) = game.to_move(&s) else {
        panic!("a seat bids")
    };
    let o = game.observation(&s, seat);
    assert_eq!(game.parse_action(&o, seat, "4").unwrap(), Action::Bid(4));
    assert_eq!(game.parse_action(&o, seat, " Bid 13 ").unwrap(), Action::Bid(13));
    assert_eq!(game.parse_action(&o, seat, "nil").unwrap(), Action::Bid(0));
    assert_eq!(game.parse_action(&o, seat, "NIL").unwrap(), Action::Bid(0));
    for bad in ["14", "-1", "three", "", "blind nil"] {
        assert!(game.parse_action(&o, seat, bad).is_err(), "{bad:?}");
    }
    for _ in 0..4 {
        game.apply(&mut s, Action::Bid(3));
    }
    // West leads: no spade before they break.
    let o = game.observation(&s, 1);
    let spade = (o.hand & SPADES).lowest();
    let other = (o.hand - SPADES).lowest().unwrap();
    assert_eq!(
        game.parse_action(&o, 1, &DECK.name(other)).unwrap(),
        Action::Play(other)
    );
    if let Some(sp) = spade {
        let err = game.parse_action(&o, 1, &DECK.name(sp)).unwrap_err();
        assert!(err.contains("spades are not broken"), "{err}");
    }
    let foreign = (DECK.all() - o.hand).lowest().unwrap();
    assert!(
        game.parse_action(&o, 1, &DECK.name(foreign))
            .unwrap_err()
            .contains("do not hold")
    );
    assert!(game.parse_action(&o, 1, "zz").is_err());
    assert!(game.parse_action(&o, 0, "2c").is_err(), "not South's turn");
    for a in [
        Action::Bid(0),
        Action::Bid(5),
        Action::Blind(true),
        Action::Blind(false),
        Action::Play(other),
    ] {
        assert!(!game.action_text(a).is_empty());
        // What the text says parses back where the action is legal.
    }
    assert_eq!(game.action_text(Action::Bid(0)), "nil");
    assert_eq!(game.action_text(Action::Bid(5)), "bid 5");
}

#[test]
fn every_level_plays_a_whole_match_by_its_observation_only() {
    let game = Spades::new(SpadesOptions {
        end_score: 100,
        ..SpadesOptions::default()
    })
    .unwrap();
    let mut players: Vec<SpadesAi> = (1..=4)
        .map(|level| SpadesAi::new(level, 7 + u64::from(level)))
        .collect();
    let (s, _) = tabula_conformance::play_match(&game, game.initial_state(), 11, &mut players);
    assert!(game.ends(&s.scores()));
}

#[test]
fn a_decision_depends_only_on_the_observation_and_the_seed_never_on_the_partners_hand() {
    let game = Spades::new(SpadesOptions::default()).unwrap();
    let mut partner_swaps = 0;
    for seed in 0..12 {
        let s = random_state(&game, seed, 60 + seed as usize * 5);
        let Turn::Seat(seat) = game.to_move(&s) else { continue };
        let o = game.observation(&s, seat);
        let partner = (seat + 2) % 4;
        for level in [1, 2, 3] {
            let first = SpadesAi::new(level, 5).choose(&game, &o, seat).action;
            assert_eq!(
                SpadesAi::new(level, 5).choose(&game, &o, seat).action,
                first,
                "reproducible"
            );
            // The partner's hidden cards exchanged with an opponent's.
            let mut swapped = s.clone();
            if swap_between(&mut swapped, seat, |a, b| a == partner || b == partner) {
                assert_ne!(swapped.hands()[partner], s.hands()[partner]);
                let o2 = game.observation(&swapped, seat);
                assert_eq!(o2, o);
                assert_eq!(SpadesAi::new(level, 5).choose(&game, &o2, seat).action, first);
                partner_swaps += 1;
            }
        }
        // A world drawn for the seat plays the same legal cards.
        let w = tabula_search::Determinize::determinize(&game, &o, seat, &mut Rng::new(seed));
        let (mut a, mut b) = (Vec::new(), Vec::new());
        game.legal_actions(&w, &mut a);
        game.legal_actions(&s, &mut b);
        assert_eq!(a, b);
    }
    assert!(partner_swaps >= 20, "{partner_swaps} swaps of a partner's cards");
}

#[test]
fn bids_follow_the_hands_strength() {
    let hand = |names: &str| -> tabula_cards::CardSet { common::cards(names) };
    // A rock: top spades and side aces.
    let strong = hand("As Ks Qs Js 10s Ah Kh Ac Kc Ad Kd 2h 2c");
    assert!(expected_tricks(strong) >= 9.0, "{}", expected_tricks(strong));
    // Nothing: a nil hand.
    let weak = hand("2s 3s 2h 4h 6h 3c 5c 7c 9c 2d 4d 6d 8d");
    assert!(expected_tricks(weak) < 1.0, "{}", expected_tricks(weak));
    let game = Spades::new(SpadesOptions::default()).unwrap();
    let mut o = game.observation(&random_state(&game, 1, 52), 1);
    o.hand = weak;
    assert_eq!(choose_bid(&o), 0, "nil");
    o.public.bids[3] = Some(0);
    assert!(choose_bid(&o) >= 1, "not nil beside a partner's nil");
    o.public.bids[3] = None;
    o.hand = strong;
    assert!(choose_bid(&o) >= 9);
    // Long spades are tricks; a void ruffs.
    let long = hand("9s 8s 7s 6s 5s 4s 2h 3h 4h 5h 6h 7h 8h");
    assert!(expected_tricks(long) >= 2.0, "{}", expected_tricks(long));
}
