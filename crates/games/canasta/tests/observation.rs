//! Observations and worlds: every world shows the observation it came
//! from, red threes stay in the stock, cards taken with the pile stay in
//! their hands, unseen cards land uniformly, and a swap of unseen cards
//! changes nothing a seat sees.

use tabula_canasta::cards::is_red_three;
use tabula_canasta::{Observation, swap_unseen};
use tabula_search::{Game, Rng, Turn};

use crate::common::{game, random_state};

#[test]
fn every_world_shows_its_observation_and_keeps_red_threes_in_the_stock() {
    let g = game();
    let mut rng = Rng::new(4);
    let mut checked = 0;
    for seed in 0..40 {
        let s = random_state(&g, seed, 150 + seed as usize * 7);
        let Turn::Seat(k) = g.to_move(&s) else { continue };
        let o: Observation = g.observation(&s, k);
        let mut worlds = o.sampler().expect("the truth fits");
        for _ in 0..20 {
            let w = worlds.draw(&mut rng);
            assert_eq!(g.observation(&w, k), o, "seed {seed}");
            for j in 0..4 {
                assert!(w.hands()[j].contains_all(o.known[j]));
                assert!(!w.hands()[j].iter().any(is_red_three), "a red three in a hand");
            }
            checked += 1;
        }
    }
    assert!(checked >= 400, "{checked}");
}

#[test]
fn an_unseen_card_lands_in_each_hidden_place_with_its_share() {
    let g = game();
    let s = random_state(&g, 9, 120);
    let Turn::Seat(k) = g.to_move(&s) else {
        panic!("a seat to act")
    };
    let o = g.observation(&s, k);
    let card = o.unseen().iter().find(|&c| !is_red_three(c)).unwrap();
    let pool = o.unseen().iter().filter(|&c| !is_red_three(c)).count() as f64;
    let mut worlds = o.sampler().unwrap();
    let mut rng = Rng::new(1);
    let n = 20_000;
    let mut hits = [0u32; 4];
    for _ in 0..n {
        let w = worlds.draw(&mut rng);
        for (hit, hand) in hits.iter_mut().zip(w.hands()) {
            if hand.contains(card) {
                *hit += 1;
            }
        }
    }
    for j in (0..4).filter(|&j| j != k) {
        let p = o.hidden(j) as f64 / pool;
        let got = f64::from(hits[j]) / f64::from(n);
        let se = (p * (1.0 - p) / f64::from(n)).sqrt();
        assert!((got - p).abs() < 4.0 * se, "seat {j}: {got} against {p}");
    }
    assert_eq!(hits[k], 0);
}

#[test]
fn a_swap_of_unseen_cards_changes_no_observation_of_the_seat() {
    let g = game();
    for seed in 0..30 {
        let s = random_state(&g, 100 + seed, 80 + seed as usize * 11);
        for k in 0..4 {
            let mut t = s.clone();
            if swap_unseen(&mut t, k) {
                assert_ne!(t.hands(), s.hands());
                assert_eq!(g.observation(&t, k), g.observation(&s, k));
                assert_eq!(g.hash(&t), g.hash_from_scratch(&t));
            }
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 48, ..Default::default() })]

    /// Any position of random matches under any options: each seat's
    /// observation checks, a world drawn from it shows it again, and the
    /// acting seat's legal actions from its observation are the truth's.
    #[test]
    fn observations_check_and_reproduce_under_any_options(
        seed in 0u64..10_000,
        plies in 0usize..600,
        draw in 1u8..=2,
        permission in proptest::bool::ANY,
    ) {
        let options = tabula_canasta::CanastaOptions { draw, permission, end_score: 1500, ..Default::default() };
        let g = tabula_canasta::Canasta::new(options).unwrap();
        let s = tabula_conformance::random_state(&g, g.initial_state(), seed, plies);
        let mut rng = Rng::new(seed);
        for k in 0..4 {
            let o = g.observation(&s, k);
            proptest::prop_assert_eq!(o.check(), Ok(()));
            let w = o.sample(&mut rng).expect("a world");
            proptest::prop_assert_eq!(g.observation(&w, k), o.clone());
            if g.to_move(&s) == Turn::Seat(k) {
                let (mut a, mut b) = (Vec::new(), Vec::new());
                g.legal_actions(&s, &mut a);
                o.legal_actions(&mut b);
                proptest::prop_assert_eq!(a, b);
            }
        }
    }
}
