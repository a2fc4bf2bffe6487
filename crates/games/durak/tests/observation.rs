//! Observations: what each player sees, the worlds that fit it (the
//! picked-up cards in place, the counts, the trump card last), their
//! frequencies, and the swap test.

use std::collections::BTreeMap;

use tabula_cards::CardId;
use tabula_durak::*;
use tabula_search::{Game, Rng, Turn};

use crate::common::*;

/// States of random matches under several table sizes and options.
fn states() -> Vec<(Durak, State)> {
    let mut out = Vec::new();
    for (players, transfer, teams) in [(2, false, false), (3, true, false), (4, false, true), (6, false, false)] {
        let g = Durak::new(DurakOptions {
            players,
            deals: 2,
            transfer,
            teams,
            ..DurakOptions::default()
        })
        .unwrap();
        for seed in 0..4 {
            for plies in [0, 7, 20, 36, 40, 60, 90, 140, 200] {
                out.push((g.clone(), random_state(&g, seed, plies)));
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
            assert_eq!(o.turn(), g.to_move(&s));
        }
    }
}

#[test]
fn a_swap_of_unseen_cards_changes_no_observation_of_the_player() {
    let mut swapped = 0;
    for (g, s) in states() {
        for seat in 0..g.num_seats() {
            let mut t = s;
            if swap_unseen(&mut t, seat) {
                swapped += 1;
                assert_ne!(t, s);
                let (a, b) = (g.observation(&s, seat), g.observation(&t, seat));
                assert_eq!(serde_json::to_string(&a).unwrap(), serde_json::to_string(&b).unwrap());
                let mut legal_a = Vec::new();
                let mut legal_b = Vec::new();
                g.legal_actions(&s, &mut legal_a);
                g.legal_actions(&t, &mut legal_b);
                if g.to_move(&s) == Turn::Seat(seat) {
                    assert_eq!(legal_a, legal_b);
                }
            }
        }
    }
    assert!(swapped > 100, "only {swapped} swaps");
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
                assert_eq!(g.observation(&w, seat), o, "seat {seat}");
                assert_eq!(g.to_move(&w), g.to_move(&s));
                if let (Some(d), Some(p)) = (w.deal(), o.play) {
                    d.check_invariants().unwrap();
                    for t in 0..g.num_seats() {
                        assert!(d.hand(t).contains_all(p.public.known[t]));
                    }
                }
            }
        }
    }
}

#[test]
fn the_worlds_deal_each_unseen_card_to_each_hidden_place_in_proportion() {
    // Two players, after some bouts with a pick-up: each unseen card lies
    // in the other hand with the chance hidden / (hidden + stock's hidden).
    let g = game(2, 1);
    let mut found = 0;
    for seed in 0..200 {
        let s = random_state(&g, seed, 60);
        let Some(d) = s.deal() else { continue };
        let Turn::Seat(seat) = g.to_move(&s) else { continue };
        let o = g.observation(&s, seat);
        let p = o.play.unwrap();
        let other = 1 - seat;
        if p.public.known[other].is_empty() || p.public.stock_len < 3 {
            continue;
        }
        found += 1;
        let hidden_hand = p.hidden(other) as f64;
        let hidden_stock = p.hidden_stock() as f64;
        let want = hidden_hand / (hidden_hand + hidden_stock);
        let mut worlds = o.sampler().unwrap();
        let mut rng = Rng::new(seed);
        let unseen = o.unseen();
        let mut in_hand: BTreeMap<CardId, u32> = BTreeMap::new();
        let n = 4000;
        for _ in 0..n {
            let w = worlds.draw(&mut rng);
            let h = w.deal().unwrap().hand(other);
            assert!(h.contains_all(p.public.known[other]));
            assert!(
                !w.deal()
                    .unwrap()
                    .stock()
                    .take(p.hidden_stock())
                    .any(|x| x == d.trump_card())
            );
            for x in h & unseen {
                *in_hand.entry(x).or_default() += 1;
            }
        }
        for x in unseen {
            let f = f64::from(in_hand.get(&x).copied().unwrap_or(0)) / f64::from(n);
            let sd = (want * (1.0 - want) / f64::from(n)).sqrt();
            assert!((f - want).abs() < 5.0 * sd + 1e-9, "seed {seed}: {f} vs {want}");
        }
        if found == 5 {
            break;
        }
    }
    assert_eq!(found, 5, "positions with picked-up cards");
}

#[test]
fn while_dealing_a_player_sees_its_own_cards_and_the_trump_only() {
    let g = game(3, 1);
    let mut s = g.initial_state();
    for (k, &card) in pack().iter().enumerate().take(20) {
        for seat in 0..3 {
            let seen = g.view_action(&s, Action::Deal(card), seat);
            let mine = k < 18 && (k + 1) % 3 == seat;
            let public = k == 18;
            assert_eq!(
                matches!(seen, tabula_search::Seen::Action(_)),
                mine || public,
                "card {k} seat {seat}"
            );
        }
        g.apply(&mut s, Action::Deal(card));
    }
    let o = g.observation(&s, 1);
    assert_eq!(o.hand.len(), 6);
    assert_eq!(o.trump_card, Some(pack()[18]));
    assert_eq!(o.unseen().len(), 36 - 7);
}

#[test]
fn worlds_repeat_for_a_seed() {
    for (g, s) in states().into_iter().step_by(7) {
        for seat in 0..g.num_seats() {
            let o = g.observation(&s, seat);
            let a = o.sampler().unwrap().draw(&mut Rng::new(9));
            let b = o.sampler().unwrap().draw(&mut Rng::new(9));
            assert_eq!(a, b);
        }
    }
}

#[test]
fn in_the_first_bout_the_worlds_honour_that_the_attacker_held_the_lowest_trump() {
    // Three players, first deals: at the lead and after it, no world gives
    // another seat (its beating cards counted) a trump below the
    // attacker's lowest (its hand and the lead).
    let g = game(3, 1);
    let mut checked = 0;
    for seed in 0..40 {
        for plies in [36, 37, 38] {
            let s = random_state(&g, seed, plies);
            let Some(d) = s.deal() else { continue };
            if d.bouts() != 0 {
                continue;
            }
            for seat in 0..3 {
                let o = g.observation(&s, seat);
                let mut worlds = o.sampler().unwrap();
                let mut rng = Rng::new(seed);
                for _ in 0..200 {
                    let w = worlds.draw(&mut rng);
                    assert!(worlds.fits_first_lead(&w));
                    checked += 1;
                }
                assert!(worlds.fits_first_lead(&s), "the truth fits");
            }
        }
    }
    assert!(checked > 10_000, "{checked} worlds");
}

#[test]
fn observations_from_outside_that_do_not_add_up_are_refused() {
    let g = game(3, 2);
    let s = random_state(&g, 2, 45);
    let o = g.observation(&s, 0);
    assert_eq!(o.check(), Ok(()));
    let mut bad = o;
    bad.last = Some(Outcome::Durak(9));
    assert!(bad.check().is_err(), "a durak beyond the table");
    let mut bad = o;
    bad.hand = o.hand | tabula_cards::CardSet::of(tabula_cards::CardId(40));
    assert!(bad.check().is_err(), "a card not of the pack");
    let mut bad = o;
    if let Some(p) = bad.play.as_mut() {
        p.public.outcome = Some(Outcome::Draw);
    }
    assert!(bad.check().is_err(), "a finished deal in play");
    let mut dealing = g.observation(&random_state(&g, 2, 10), 1);
    assert_eq!(dealing.check(), Ok(()));
    dealing.hand = dealing.hand | tabula_cards::CardSet::of(tabula_cards::CardId(50));
    assert!(dealing.check().is_err(), "a card not of the pack while dealing");
}
