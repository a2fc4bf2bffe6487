//! Observations: what each player sees, the worlds that fit it (the cards
//! known to be in a hand, two of each face, the counts), their
//! frequencies, and the swap test.

use tabula_indianrummy::cards::{Cards, face, faces};
use tabula_indianrummy::*;
use tabula_search::{Game, Rng, Turn};

use crate::common::*;

/// States of random matches under several table sizes and formats.
fn states() -> Vec<(IndianRummy, State)> {
    let mut out = Vec::new();
    for (players, format) in [(2, Format::Points), (3, Format::Pool101), (6, Format::Pool201)] {
        let g = game(players, format);
        for seed in 0..5 {
            for plies in [0, 5, 40, 90, 200, 400, 900] {
                out.push((g, random_state(&g, seed, plies)));
            }
        }
    }
    out
}

#[test]
fn every_observation_of_a_random_match_checks() {
    for (g, s) in states() {
        for seat in 0..g.num_seats() {
            let o = g.observation(&s, seat);
            assert_eq!(o.check(), Ok(()), "seat {seat}: {s:?}");
        }
    }
}

#[test]
fn a_swap_of_unseen_cards_changes_no_observation_of_the_player() {
    let mut swapped = 0;
    for (g, s) in states() {
        for seat in 0..g.num_seats() {
            let mut t = s.clone();
            if swap_unseen(&mut t, seat) {
                swapped += 1;
                assert_ne!(t.hands(), s.hands());
                let (a, b) = (g.observation(&s, seat), g.observation(&t, seat));
                assert_eq!(serde_json::to_string(&a).unwrap(), serde_json::to_string(&b).unwrap());
                assert_eq!(g.hash(&t), g.hash_from_scratch(&t));
            }
        }
    }
    assert!(swapped > 50, "only {swapped} swaps");
}

#[test]
fn every_world_shows_the_same_observation_and_keeps_known_cards_where_they_are() {
    let mut rng = Rng::new(5);
    for (g, s) in states() {
        for seat in 0..g.num_seats() {
            let o = g.observation(&s, seat);
            let mut worlds = o.sampler().unwrap();
            for _ in 0..3 {
                let w = worlds.draw(&mut rng);
                assert_eq!(g.observation(&w, seat), o);
                for k in 0..g.num_seats() {
                    assert!(w.hands()[k].contains_all(o.known[k]));
                }
                // Two of each face at most, every card in one place.
                let mut all = w.stock() | w.pile().iter().copied().collect::<Cards>();
                for &h in w.hands() {
                    assert!((all & h).is_empty());
                    all = all | h;
                }
                all = all | w.cut().into_iter().collect();
                assert_eq!(all, cards::DECK);
                assert!(faces(all).iter().all(|f| faces(all).count(f) == 2));
            }
        }
    }
}

#[test]
fn worlds_deal_the_unseen_cards_by_physical_arrangements() {
    // Two players after the deal: West sees its 13 cards, the cut and the
    // open card; South's 13 are among 91 unseen cards (two instances of a
    // face it does not hold are two cards). Over many worlds, South holds
    // a given unseen instance with chance 13/91, and both instances of a
    // face with chance 13·12/(91·90).
    let g = game(2, Format::Points);
    let s = two(
        &g,
        "3h 4h 5h 8c 9c Jk Kd Ks Kh 7s 7d 7h 2c",
        &(FILLER.to_owned() + " 5s"),
        "Qc",
    );
    let o = g.observation(&s, 1);
    assert_eq!(o.unseen().len(), 91);
    let mut worlds = o.sampler().unwrap();
    let mut rng = Rng::new(11);
    let ten = cards::instances(cards::parse_face("10h").unwrap());
    let (mut one, mut both, n) = (0, 0, 40_000);
    for _ in 0..n {
        let w = worlds.draw(&mut rng);
        let held = u32::from(w.hands()[0].contains(ten[0])) + u32::from(w.hands()[0].contains(ten[1]));
        one += u32::from(w.hands()[0].contains(ten[0]));
        both += u32::from(held == 2);
    }
    let p1 = f64::from(one) / f64::from(n);
    let p2 = f64::from(both) / f64::from(n);
    let (e1, e2) = (13.0 / 91.0, 13.0 * 12.0 / (91.0 * 90.0));
    // Four standard errors.
    assert!(
        (p1 - e1).abs() < 4.0 * (e1 * (1.0 - e1) / f64::from(n)).sqrt(),
        "{p1} vs {e1}"
    );
    assert!(
        (p2 - e2).abs() < 4.0 * (e2 * (1.0 - e2) / f64::from(n)).sqrt(),
        "{p2} vs {e2}"
    );
}

#[test]
fn a_card_taken_from_the_pile_is_known_to_all_until_it_is_discarded() {
    let g = game(3, Format::Points);
    let hands = [
        FILLER.to_owned() + " 5s",
        "3h 4h 5h 8c 9c Jk Kd Ks Kh 7s 7d 7h 2c".to_owned(),
        "2d 3d 5c 7c 9h Jc 4c 2h 4s 8s 10h Qc As".to_owned(),
    ];
    let h: Vec<&str> = hands.iter().map(String::as_str).collect();
    let mut s = dealt(&g, &h, "6c", "Qs");
    g.apply(&mut s, Action::Take);
    let queen = g.observation(&s, 0).known[1];
    assert_eq!(cards::names(queen), "Q♠");
    for seat in 0..3 {
        assert_eq!(g.observation(&s, seat).known[1], queen);
    }
    // Every world of South's holds it in West's hand.
    let o = g.observation(&s, 0);
    let mut worlds = o.sampler().unwrap();
    let mut rng = Rng::new(3);
    for _ in 0..50 {
        assert!(worlds.draw(&mut rng).hands()[1].contains_all(queen));
    }
    // West may not throw it straight back.
    let mut legal = Vec::new();
    g.observation(&s, 1).legal_actions(&mut legal);
    assert!(!legal.contains(&held(&s, "Qs", Action::Discard)));
    let a = held(&s, "2c", Action::Discard);
    g.apply(&mut s, a);
    assert_eq!(g.observation(&s, 0).known[1], queen, "still held");
    assert_eq!(g.to_move(&s), Turn::Seat(2));
    assert!(queen.iter().all(|c| face(c) == cards::parse_face("Qs").unwrap()));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(32))]

    /// Whatever the table and the moment of a match played at random: each
    /// player's observation checks, its worlds show it again, a swap of a
    /// card it cannot see changes none of its observation, and its legal
    /// actions are the truth's.
    #[test]
    fn observations_worlds_and_swaps_hold_anywhere(seed in 0u64..1 << 40, plies in 0usize..700, players in 2u8..=6) {
        let g = game(players, Format::Pool101);
        let s = random_state(&g, seed, plies);
        let mut rng = Rng::new(seed);
        for seat in 0..usize::from(players) {
            let o = g.observation(&s, seat);
            proptest::prop_assert_eq!(o.check(), Ok(()));
            let w = o.sampler().unwrap().draw(&mut rng);
            proptest::prop_assert_eq!(&g.observation(&w, seat), &o);
            let mut t = s.clone();
            if swap_unseen(&mut t, seat) {
                proptest::prop_assert_eq!(&g.observation(&t, seat), &o);
            }
            if g.to_move(&s) == Turn::Seat(seat) {
                let (mut a, mut b) = (Vec::new(), Vec::new());
                g.legal_actions(&s, &mut a);
                o.legal_actions(&mut b);
                proptest::prop_assert_eq!(a, b);
            }
        }
    }
}
