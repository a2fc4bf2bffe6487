//! What a seat knows: swapping cards it cannot see changes none of its
//! observations; the worlds drawn for it honour voids (the left bower a
//! trump) and the upcard the dealer took, and their frequencies match a
//! hand count; observations no position has are refused.

use crate::common;
use proptest::prelude::*;
use tabula_conformance::frequency::assert_uniform;

use common::{card, cards, deal, every_option, random_state};
use tabula_cards::{CardId, CardSet};
use tabula_euchre::cards::{DECK, effective_suit};
use tabula_euchre::*;
use tabula_search::{Determinize, Game, Rng, Turn, play};

fn game_of(seed: u64) -> Euchre {
    Euchre::new(every_option(10)[(seed % 4) as usize]).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]
    #[test]
    fn unseen_cards_never_reach_an_observation(
        seed in 0u64..1_000_000,
        plies in 0usize..300,
        seat in 0usize..4,
        nth in 0usize..10_000,
    ) {
        let game = game_of(seed);
        let mut s = random_state(&game, seed, plies);
        let before = serde_json::to_string(&game.observation(&s, seat)).unwrap();
        let truth = s.clone();
        if swap_unseen_nth(&mut s, seat, nth) {
            prop_assert_ne!(&truth, &s, "the truth changed");
            s.check().unwrap();
            prop_assert_eq!(game.hash(&s), game.hash_from_scratch(&s));
            let after = serde_json::to_string(&game.observation(&s, seat)).unwrap();
            prop_assert_eq!(before, after);
            // What the seat may do is the same too.
            let (mut a, mut b) = (Vec::new(), Vec::new());
            game.legal_from_observation(&game.observation(&s, seat), seat, &mut a);
            if game.to_move(&s) == Turn::Seat(seat) {
                game.legal_actions(&s, &mut b);
                prop_assert_eq!(&a, &b);
                game.legal_actions(&truth, &mut b);
                prop_assert_eq!(a, b);
            }
        }
    }

    #[test]
    fn worlds_honour_voids_and_the_upcard_the_dealer_took(
        seed in 0u64..1_000_000,
        plies in 0usize..300,
        seat in 0usize..4,
    ) {
        let game = game_of(seed);
        let s = random_state(&game, seed, plies);
        let o = game.observation(&s, seat);
        o.check().unwrap();
        let p = &o.public;
        let dealer = p.dealer();
        let mut rng = Rng::new(seed ^ 7);
        for _ in 0..5 {
            let w = game.determinize(&o, seat, &mut rng);
            w.check().unwrap();
            prop_assert_eq!(&game.observation(&w, seat), &o);
            prop_assert_eq!(w.stock().len(), 24 - usize::from(p.dealt));
            if let Some(call) = p.call {
                for other in (0..4).filter(|&k| k != seat) {
                    for c in w.hands()[other] {
                        let suit = effective_suit(c, call.trump);
                        prop_assert!(p.tricks.voids[other] & (1 << suit) == 0, "a card of a void suit");
                    }
                }
            }
            if let (true, Some(up)) = (p.picked_up, p.upcard) {
                prop_assert!(w.hands()[dealer].contains(up) || p.tricks.played[dealer].contains(up));
                prop_assert_ne!(w.discard(), Some(up));
            }
            prop_assert_eq!(w.discard().is_some(), p.discarded);
        }
    }
}

/// The leaves of a JSON value (numbers, booleans, nulls), by path.
fn leaves(v: &serde_json::Value, path: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    match v {
        serde_json::Value::Object(m) => {
            for (k, x) in m {
                path.push(k.clone());
                leaves(x, path, out);
                path.pop();
            }
        }
        serde_json::Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                path.push(i.to_string());
                leaves(x, path, out);
                path.pop();
            }
        }
        _ => out.push(path.clone()),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]
    /// An observation with one field changed at random is checked without
    /// panicking; when the check accepts it, its worlds fit it.
    #[test]
    fn mangled_observations_are_checked_without_panicking(
        seed in 0u64..1_000_000,
        plies in 0usize..300,
        seat in 0usize..4,
        pick in 0usize..1_000,
        value in prop_oneof![0u64..30, Just(255u64), Just(u64::from(u32::MAX)), 0u64..(1 << 24)],
    ) {
        let game = game_of(seed);
        let s = random_state(&game, seed, plies);
        let mut v = serde_json::to_value(game.observation(&s, seat)).unwrap();
        let mut all = Vec::new();
        leaves(&v, &mut Vec::new(), &mut all);
        let path = &all[pick % all.len()];
        let mut at = &mut v;
        for k in path {
            at = match at {
                serde_json::Value::Object(m) => m.get_mut(k).unwrap(),
                serde_json::Value::Array(a) => &mut a[k.parse::<usize>().unwrap()],
                _ => unreachable!(),
            };
        }
        *at = match at {
            serde_json::Value::Bool(b) => serde_json::Value::Bool(!*b),
            _ => serde_json::Value::from(value),
        };
        if let Ok(o) = serde_json::from_value::<Observation>(v) {
            if o.check().is_ok() {
                let w = o.sample(&mut Rng::new(seed)).unwrap();
                w.check().unwrap();
                prop_assert_eq!(Observation::of(&w, usize::from(o.seat)), o);
            }
        }
    }
}

/// A hand after four tricks, as seat 1 (the maker, on the dealer's left)
/// sees it. Hearts are trump (ordered up by seat 1 on 9♥); the dealer,
/// seat 0, took 9♥ and still holds it; seat 2 showed a void in trumps on
/// the first trick. Unseen: seat 2's and seat 3's last cards, the discard,
/// and the kitty of three: K♦ A♥ K♠ Q♣ J♦ K♥, of which A♥, K♥ and J♦ (the
/// left bower) are trumps.
fn endgame() -> (Euchre, State) {
    let game = Euchre::new(EuchreOptions::default()).unwrap();
    let mut s = game.initial_state();
    let hands = [
        "10h Jc Qs 9d Ks",
        "Jh Ac As Ad Kc",
        "9s 10c 10s Qd Kd",
        "Qh 9c Js 10d Ah",
    ];
    deal(&game, &mut s, hands, "9h");
    play(&game, &mut s, Action::OrderUp { alone: false }).unwrap();
    play(&game, &mut s, Action::Discard(card("Ks"))).unwrap();
    let tricks = [
        ["Jh", "9s", "Qh", "10h"],
        ["Ac", "10c", "9c", "Jc"],
        ["As", "10s", "Js", "Qs"],
        ["Ad", "Qd", "10d", "9d"],
    ];
    for trick in tricks {
        for c in trick {
            play(&game, &mut s, Action::Play(card(c))).unwrap();
        }
    }
    assert_eq!(s.public().won, [0, 4, 0, 0]);
    (game, s)
}

#[test]
fn worlds_are_uniform_over_the_deals_that_fit() {
    let (game, s) = endgame();
    let o = game.observation(&s, 1);
    o.check().unwrap();
    assert_eq!(o.public.tricks.voids, [0, 0, 1 << 2, 0], "seat 2 is void in trumps");
    assert_eq!(o.hand, cards("Kc"));
    let unseen: Vec<CardId> = cards("Kd Ah Ks Qc Jd Kh").iter().collect();
    let trumps = cards("Ah Kh Jd");
    // The hand count: seat 2 takes one of the three non-trumps, seat 3 one
    // of the five cards left, the discard one of the four left, the kitty
    // the last three: 3 × 5 × 4 = 60 deals. (Were J♦ a diamond, seat 2
    // could take it too: 80.)
    let mut expected = Vec::new();
    for &a in &unseen {
        for &b in unseen.iter().filter(|&&b| b != a) {
            for &c in unseen.iter().filter(|&&c| c != a && c != b) {
                if trumps.contains(a) {
                    continue;
                }
                let kitty: CardSet = unseen.iter().copied().filter(|&x| ![a, b, c].contains(&x)).collect();
                expected.push((CardSet::of(a), CardSet::of(b), c, kitty));
            }
        }
    }
    assert_eq!(expected.len(), 60, "60 deals fit");
    let mut rng = Rng::new(5);
    let mut worlds = o.sampler().unwrap();
    // Each deal 1/60: 600 of 36,000 draws expected.
    assert_uniform(expected, 36_000, || {
        let w = worlds.draw(&mut rng);
        assert!(w.hands()[0].contains(card("9h")), "the dealer holds the upcard it took");
        (w.hands()[2], w.hands()[3], w.discard().unwrap(), w.stock())
    });
}

#[test]
fn the_dealer_knows_its_discard_and_the_others_only_that_it_holds_the_upcard() {
    let (game, s) = endgame();
    let dealer = game.observation(&s, 0);
    assert_eq!(dealer.discard, Some(card("Ks")));
    let mut rng = Rng::new(3);
    for _ in 0..50 {
        let w = game.determinize(&dealer, 0, &mut rng);
        assert_eq!(w.discard(), Some(card("Ks")), "the dealer's own discard stays");
        assert_eq!(w.hands()[0], cards("9h"));
    }
    for seat in 1..4 {
        let o = game.observation(&s, seat);
        assert_eq!(o.discard, None);
        let text = serde_json::to_string(&o).unwrap();
        let back: Observation = serde_json::from_str(&text).unwrap();
        assert_eq!(back, o);
    }
}

#[test]
fn observations_that_no_position_has_are_refused_not_panicked_on() {
    let (game, s) = endgame();
    let good = game.observation(&s, 1);
    good.check().unwrap();
    let mut bad: Vec<(&str, Observation)> = Vec::new();
    for (why, tricks) in good.public.tricks.corrupted(2, good.hand, DECK.all()) {
        let mut o = good.clone();
        o.public.tricks = tricks;
        bad.push((why, o));
    }
    let mut o = good.clone();
    o.public.upcard = None;
    bad.push(("no upcard after the deal", o));
    let mut o = good.clone();
    o.public.upcard = Some(CardId(30));
    bad.push(("an upcard out of the deck", o));
    let mut o = good.clone();
    o.discard = Some(card("Ks"));
    bad.push(("the discard shown to another seat", o));
    let mut o = good.clone();
    o.public.call.as_mut().unwrap().maker = 2;
    bad.push(("a maker out of turn", o));
    let mut o = good.clone();
    o.public.call.as_mut().unwrap().trump = 0;
    bad.push(("a trump other than the upcard's, ordered up", o));
    let mut o = good.clone();
    o.public.tricks.voids[2] = 15;
    bad.push(("a seat void in every suit that holds a card", o));
    let mut o = good.clone();
    o.public.passes = 9;
    bad.push(("more passes than seats twice", o));
    let mut o = good.clone();
    o.public.defender = Some(2);
    bad.push(("a lone defender when the option is off", o));
    let mut o = good.clone();
    o.hand = cards("9h");
    bad.push(("the upcard in a hand other than the dealer's", o));
    let mut o = good.clone();
    o.hand = CardSet(1 << 40);
    bad.push(("a hand card out of the deck", o));
    let mut o = good.clone();
    o.public.over = true;
    bad.push(("a match over before a side reached the end", o));
    let mut o = good.clone();
    o.public.options.end_score = 0;
    bad.push(("bad options", o));
    let mut o = good.clone();
    o.public.won = [0, 5, 0, 0];
    bad.push(("tricks won that do not add up", o));
    let mut o = good.clone();
    o.public.picked_up = false;
    bad.push(("ordered up but not taken", o));
    let mut o = good;
    o.seat = 4;
    bad.push(("a seat out of range", o));
    for (why, o) in bad {
        assert!(o.check().is_err(), "{why}");
    }
}
