//! What a seat sees, and nothing more: swapping a card it cannot see (the
//! other hand's hidden cards, the stock) leaves its observation
//! byte-identical; worlds keep the cards it knows and draw the rest
//! uniformly; a knocker decides without the defender's cards; tampered
//! observations are refused.

use proptest::prelude::*;
use tabula_cards::{CardId, CardSet};
use tabula_ginrummy::cards::parse_hand;
use tabula_ginrummy::*;
use tabula_search::{Determinize, Game, Rng, Turn};

mod common;

use common::random_state;

fn json(o: &Observation) -> String {
    serde_json::to_string(o).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn swapping_an_unseen_card_changes_nothing_a_seat_sees(seed in 0u64..10_000, plies in 0usize..400, seat in 0usize..2) {
        let game = GinRummy::new(GinOptions::default()).unwrap();
        let s = random_state(&game, seed, plies);
        let mut t = s.clone();
        if swap_unseen(&mut t, seat) {
            prop_assert_ne!(&s, &t);
            prop_assert_eq!(json(&game.observation(&s, seat)), json(&game.observation(&t, seat)));
            let (mut a, mut b) = (Vec::new(), Vec::new());
            game.legal_from_observation(&game.observation(&s, seat), seat, &mut a);
            game.legal_from_observation(&game.observation(&t, seat), seat, &mut b);
            prop_assert_eq!(&a, &b);
            if game.to_move(&s) == Turn::Seat(seat) {
                let mut truth = Vec::new();
                game.legal_actions(&t, &mut truth);
                prop_assert_eq!(&a, &truth);
            }
            prop_assert_eq!(game.hash(&t), game.hash_from_scratch(&t));
        }
    }
}

/// A hand played by seats that keep their deadwood low (the discard that
/// leaves the least, the pile's card when it helps) up to the first
/// decision where a knock is legal.
fn knock_decision(game: &GinRummy, seed: u64) -> Option<State> {
    let mut rng = Rng::new(seed);
    let mut s = game.initial_state();
    let mut legal = Vec::new();
    while s.hand_no() == 0 {
        let a = match game.to_move(&s) {
            Turn::Terminal => return None,
            Turn::Chance => game.sample_chance(&s, &mut rng),
            Turn::Seat(_) => {
                game.legal_actions(&s, &mut legal);
                if legal.iter().any(|a| matches!(a, Action::Knock(_))) {
                    return Some(s);
                }
                let hand = s.hands()[s.to_act()];
                let left = |a: &Action| match *a {
                    Action::Discard(c) => deadwood(hand - CardSet::of(c)),
                    Action::Take => s.top().map_or(u32::MAX, |t| deadwood(hand | CardSet::of(t)) + 5),
                    _ => deadwood(hand) + 10,
                };
                let best = legal.iter().map(left).min().unwrap();
                let ties: Vec<Action> = legal.iter().copied().filter(|a| left(a) == best).collect();
                ties[rng.below(ties.len() as u64) as usize]
            }
        };
        game.apply(&mut s, a);
    }
    None
}

#[test]
fn a_knocker_decides_without_the_defenders_cards() {
    let game = GinRummy::new(GinOptions::default()).unwrap();
    let mut found = 0;
    for seed in 0..40 {
        let Some(s) = knock_decision(&game, seed) else { continue };
        let Turn::Seat(seat) = game.to_move(&s) else {
            unreachable!()
        };
        let mut legal = Vec::new();
        game.legal_actions(&s, &mut legal);
        // A card of the defender's swapped for one of the stock: the
        // knocker's view and choices stay the same.
        let mut t = s.clone();
        assert!(swap_unseen(&mut t, seat));
        assert_ne!(t.hands()[1 - seat], s.hands()[1 - seat]);
        assert_eq!(json(&game.observation(&t, seat)), json(&game.observation(&s, seat)));
        let mut other = Vec::new();
        game.legal_actions(&t, &mut other);
        assert_eq!(other, legal);
        found += 1;
    }
    assert!(found >= 20, "{found} knock decisions");
}

#[test]
fn worlds_keep_the_known_cards_and_draw_the_hidden_ones_uniformly() {
    let game = GinRummy::new(GinOptions::default()).unwrap();
    // Seat 1 took the 5♣ upcard and discarded 2♣: seat 0 knows the 5♣ is
    // in seat 1's hand and sees 2♣ on the pile: beside its own ten, 40
    // unseen cards, of which seat 1 holds 9.
    let mut s = game.initial_state();
    let a = parse_hand("As 2s 3s 4s 5d 6d 7d 9c 9h 2c").unwrap();
    let b = parse_hand("Kc Kd Qh Js 10c 8h 8s 6c 4h Ah").unwrap();
    for (x, y) in a.iter().zip(b.iter()) {
        game.apply(&mut s, Action::Deal(x));
        game.apply(&mut s, Action::Deal(y));
    }
    let five = tabula_ginrummy::cards::parse("5c").unwrap();
    let two = tabula_ginrummy::cards::parse("2c").unwrap();
    game.apply(&mut s, Action::Deal(five));
    game.apply(&mut s, Action::Take);
    game.apply(&mut s, Action::Discard(two));
    let o = game.observation(&s, 0);
    assert_eq!(o.other_known, CardSet::of(five));
    let unseen = o.unseen();
    assert_eq!(unseen.len(), 40);
    let draws = 40_000;
    let mut count = [0u32; 52];
    let mut rng = Rng::new(5);
    let mut sampler = game.sampler(&o, 0);
    for _ in 0..draws {
        let w = sampler.sample(&mut rng);
        assert!(w.hands()[1].contains(five));
        assert_eq!(w.hands()[1].len(), 10);
        assert_eq!(w.hands()[0], o.hand);
        assert_eq!(json(&game.observation(&w, 0)), json(&o));
        for c in w.hands()[1] - CardSet::of(five) {
            count[c.index()] += 1;
        }
    }
    // Each unseen card is in seat 1's hand with probability 9/40.
    let p = 9.0 / 40.0;
    let sd = (draws as f64 * p * (1.0 - p)).sqrt();
    for c in unseen {
        let dev = (f64::from(count[c.index()]) - draws as f64 * p).abs();
        assert!(dev < 5.0 * sd, "card {c:?}: {} of {draws}", count[c.index()]);
    }
    for c in (0..52).map(CardId).filter(|&c| !unseen.contains(c)) {
        assert_eq!(count[c.index()], 0, "a seen card drawn: {c:?}");
    }
}

#[test]
fn tampered_observations_are_refused() {
    let game = GinRummy::new(GinOptions::default()).unwrap();
    let s = random_state(&game, 3, 60);
    let o = game.observation(&s, 0);
    assert!(o.check().is_ok());
    let mut bad = Vec::new();
    let mut x = o.clone();
    x.seat = 2;
    bad.push(x);
    let mut x = o.clone();
    x.stock += 1;
    bad.push(x);
    let mut x = o.clone();
    x.hand = CardSet(1 << 60);
    bad.push(x);
    let mut x = o.clone();
    x.other_known = o.hand;
    bad.push(x);
    let mut x = o.clone();
    x.pile.push(o.hand.lowest().unwrap());
    bad.push(x);
    let mut x = o.clone();
    x.refused = 3;
    bad.push(x);
    let mut x = o.clone();
    x.known = CardSet::of(CardId(51)) - o.hand;
    if !x.known.is_empty() {
        bad.push(x);
    }
    for b in bad {
        assert!(b.check().is_err(), "{b:?}");
        assert!(b.sampler().is_none());
    }
}
