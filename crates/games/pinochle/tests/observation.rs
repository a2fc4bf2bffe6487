//! Observations: what each seat sees (its hand, its pass, the melds, the
//! plays), the worlds that fit it (the shown and passed cards in place,
//! what the plays ruled out, the dix, the melds), their frequencies with
//! two copies of every face, the check of observations from outside, and
//! the swap test.

use std::collections::BTreeMap;

use tabula_cards::{CardId, CardSet};
use tabula_pinochle::cards::{ALL, SEATS, copies, count, face, face_of, rank};
use tabula_pinochle::*;
use tabula_search::{Game, Rng, Turn};

use crate::common::*;

/// States of random matches under each pass, at every phase.
fn states() -> Vec<(Pinochle, State)> {
    let mut out = Vec::new();
    for pass in [0, 3, 4] {
        let g = game(pass, 1500);
        for seed in 0..4 {
            for plies in [0, 20, 48, 50, 53, 55, 56, 60, 75, 90, 110, 140, 160, 200] {
                out.push((g, random_state(&g, seed * 7 + u64::from(pass), plies)));
            }
        }
    }
    out
}

#[test]
fn every_observation_of_a_random_match_checks() {
    for (g, s) in states() {
        for seat in 0..SEATS {
            let o = g.observation(&s, seat);
            assert_eq!(o.check(), Ok(()), "seat {seat}: {s:?}");
            assert_eq!(o.turn(), g.to_move(&s));
        }
    }
}

#[test]
fn a_seat_sees_its_own_pass_and_no_other_card_it_did_not_see() {
    let g = game(4, 1500);
    let mut rng = Rng::new(3);
    let mut s = g.initial_state();
    play_until(&g, &mut s, &mut rng, |s| s.public().phase() == Phase::Play);
    let d = usize::from(s.public().declarer.unwrap());
    let mate = partner(d);
    let (od, om) = (g.observation(&s, d), g.observation(&s, mate));
    assert_eq!(od.gave, om.got);
    assert_eq!(om.gave, od.got);
    assert_eq!(od.gave.len(), 4);
    for opp in [(d + 1) % 4, (d + 3) % 4] {
        let o = g.observation(&s, opp);
        assert!(o.gave.is_empty() && o.got.is_empty());
        // What the opponent knows of the declarer's hand is its meld only.
        assert_eq!(o.known_in(d), s.public().shown[d] - s.public().tricks.all_played());
    }
    // The partner knows the declarer holds what it passed (and did not
    // get back), beside its meld.
    // By face: nobody can tell two copies apart.
    let known = om.known_in(d);
    for f in 0..24u8 {
        let sure = count(om.gave, f).saturating_sub(count(om.got, f));
        let played = count(s.public().tricks.played[d], f);
        assert!(count(known, f) >= sure.saturating_sub(played), "face {f}");
        assert!(count(s.hands()[d], f) >= count(known, f), "face {f}");
    }
}

#[test]
fn a_swap_of_unseen_cards_changes_no_observation_of_the_seat() {
    let mut swapped = 0;
    for (g, s) in states() {
        for seat in 0..SEATS {
            let mut t = s.clone();
            if swap_unseen(&mut t, seat) {
                swapped += 1;
                assert_ne!(t, s);
                t.check().unwrap();
                let (a, b) = (g.observation(&s, seat), g.observation(&t, seat));
                assert_eq!(serde_json::to_string(&a).unwrap(), serde_json::to_string(&b).unwrap());
                if g.to_move(&s) == Turn::Seat(seat) {
                    let (mut la, mut lb) = (Vec::new(), Vec::new());
                    g.legal_actions(&s, &mut la);
                    g.legal_actions(&t, &mut lb);
                    assert_eq!(la, lb);
                }
            }
        }
    }
    assert!(swapped > 200, "only {swapped} swaps");
}

#[test]
fn two_copies_of_a_face_swapped_between_unseen_hands_are_never_told_apart() {
    // From every phase (the pass included), the two worlds go on by the
    // same actions: the observer sees the same at every step of the hand.
    let mut swapped = 0;
    for (g, s) in states() {
        for seat in 0..SEATS {
            let mut t = s.clone();
            if !swap_copies(&mut t, seat) {
                continue;
            }
            swapped += 1;
            t.check().unwrap();
            let (mut a, mut b) = (s.clone(), t);
            let mut rng = Rng::new(swapped);
            let mut legal = Vec::new();
            while a.hand_no() == s.hand_no() && g.to_move(&a) != Turn::Terminal {
                assert_eq!(g.observation(&a, seat), g.observation(&b, seat), "seat {seat}");
                let x = random_action(&g, &a, &mut rng, &mut legal);
                let mut legal_b = Vec::new();
                g.legal_actions(&b, &mut legal_b);
                if matches!(g.to_move(&a), Turn::Seat(k) if k == seat) {
                    assert_eq!(legal, legal_b, "the observer's legal actions");
                }
                let y = if g.to_move(&a) == Turn::Chance {
                    x
                } else {
                    g.legal_form(&b, x).unwrap()
                };
                g.apply(&mut a, x);
                g.apply(&mut b, y);
            }
            assert_eq!(a.scores(), b.scores());
        }
    }
    assert!(swapped > 50, "only {swapped} swaps");
}

#[test]
fn every_world_shows_the_same_observation_and_keeps_what_is_known() {
    let mut rng = Rng::new(5);
    for (g, s) in states() {
        for seat in 0..SEATS {
            let o = g.observation(&s, seat);
            let mut worlds = o.sampler().unwrap();
            for _ in 0..3 {
                let w = worlds.draw(&mut rng);
                assert_eq!(g.observation(&w, seat), o, "seat {seat}");
                w.check().unwrap();
                for other in (0..SEATS).filter(|&x| x != seat) {
                    assert!(w.hands()[other].contains_all(o.known_in(other)));
                    assert!((w.hands()[other] & s.public().excluded[other]).is_empty());
                    // The worlds seen by the other seats check too.
                    assert_eq!(
                        g.observation(&w, other).check(),
                        Ok(()),
                        "seat {other} of a world of {seat}"
                    );
                }
            }
        }
    }
}

/// A late position: a hand of random play with `tricks` tricks done.
fn late(seed: u64, tricks: u8) -> (Pinochle, State) {
    let g = game(4, 1500);
    let mut s = g.initial_state();
    let mut rng = Rng::new(seed);
    play_until(&g, &mut s, &mut rng, |s| {
        s.public().phase() == Phase::Play && s.public().tricks.done == tricks
    });
    (g, s)
}

/// Every arrangement of the unseen cards to the other hands that fits the
/// observation (capacities, what each seat is known to hold or not, the
/// dix, the melds shown), each counted once: the exact law the worlds
/// must follow.
fn arrangements(o: &Observation) -> Vec<[CardSet; SEATS]> {
    let me = usize::from(o.seat);
    let p = &o.public;
    let trump = p.trump.unwrap();
    let others: Vec<usize> = (0..SEATS).filter(|&x| x != me).collect();
    let mut base = [CardSet::EMPTY; SEATS];
    for &x in &others {
        base[x] = o.known_in(x);
    }
    let fixed = base.iter().fold(o.hand | p.tricks.all_played(), |a, &b| a | b);
    let unseen: Vec<CardId> = (ALL - fixed).iter().collect();
    let dix = copies(face_of(trump, rank::NINE));
    let allowed = |x: usize, c: CardId| !p.excluded[x].contains(c) && (!dix.contains(c) || p.shown[x].contains(c));
    let mut out = Vec::new();
    fn walk(
        i: usize,
        unseen: &[CardId],
        hands: &mut [CardSet; SEATS],
        others: &[usize],
        o: &Observation,
        allowed: &dyn Fn(usize, CardId) -> bool,
        out: &mut Vec<[CardSet; SEATS]>,
    ) {
        if i == unseen.len() {
            let t = o.public.trump.unwrap();
            if others
                .iter()
                .all(|&x| count_melds(hands[x] | o.public.tricks.played[x], t).points == o.public.melds[x])
            {
                out.push(*hands);
            }
            return;
        }
        for &x in others {
            if hands[x].len() < o.hand_size(x) && allowed(x, unseen[i]) {
                hands[x].insert(unseen[i]);
                walk(i + 1, unseen, hands, others, o, allowed, out);
                hands[x].remove(unseen[i]);
            }
        }
    }
    let mut hands = base;
    walk(0, &unseen, &mut hands, &others, o, &allowed, &mut out);
    out
}

#[test]
fn worlds_follow_the_exact_law_of_the_unseen_cards_copies_included() {
    let mut checked = 0;
    for seed in 0..40 {
        let (g, s) = late(seed, 9);
        if s.public().phase() != Phase::Play {
            continue;
        }
        let seat = (seed % 4) as usize;
        let o = g.observation(&s, seat);
        let all = arrangements(&o);
        if all.len() < 20 {
            continue;
        }
        // Exact marginals (card in seat) and, for a face with both copies
        // unseen, the chance one seat holds both.
        let mut exact: BTreeMap<(usize, u8, u8), f64> = BTreeMap::new();
        let tally = |hands: &[CardSet; SEATS], m: &mut BTreeMap<(usize, u8, u8), f64>, w: f64| {
            for x in (0..SEATS).filter(|&x| x != seat) {
                for f in 0..24u8 {
                    let k = (hands[x] & copies(f)).len() as u8;
                    if k > 0 {
                        *m.entry((x, f, k)).or_default() += w;
                    }
                }
            }
        };
        for h in &all {
            tally(h, &mut exact, 1.0 / all.len() as f64);
        }
        let n = 20_000;
        let mut seen: BTreeMap<(usize, u8, u8), f64> = BTreeMap::new();
        let mut worlds = o.sampler().unwrap();
        let mut rng = Rng::new(seed);
        for _ in 0..n {
            let w = worlds.draw(&mut rng);
            tally(w.hands(), &mut seen, 1.0 / f64::from(n));
        }
        for (key, &p) in &exact {
            let q = seen.get(key).copied().unwrap_or(0.0);
            let sigma = (p * (1.0 - p) / f64::from(n)).sqrt().max(1e-4);
            assert!(
                (q - p).abs() < 5.0 * sigma + 0.01,
                "seed {seed}, seat {}, face {} x{}: {q:.4} against {p:.4}",
                key.0,
                key.1,
                key.2
            );
        }
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} positions checked");
}

#[test]
fn a_nine_of_trumps_not_melded_and_a_ruled_out_card_are_in_no_world() {
    let mut rng = Rng::new(9);
    for seed in 0..20 {
        let (g, s) = late(seed, 3);
        let Some(trump) = s.public().trump.filter(|_| s.public().phase() == Phase::Play) else {
            continue;
        };
        let dix = copies(face_of(trump, rank::NINE));
        let o = g.observation(&s, 0);
        let mut worlds = o.sampler().unwrap();
        for _ in 0..50 {
            let w = worlds.draw(&mut rng);
            for x in 1..SEATS {
                assert!(s.public().shown[x].contains_all(w.hands()[x] & dix));
                assert!((w.hands()[x] & s.public().excluded[x]).is_empty());
            }
        }
    }
}

#[test]
fn observations_that_no_position_has_are_refused() {
    let (g, s) = late(4, 5);
    let o = g.observation(&s, 1);
    assert_eq!(o.check(), Ok(()));
    let mut bad = Vec::new();
    let mut t = o;
    let stranger = (ALL - o.hand - s.public().public_cards()).lowest().unwrap();
    t.hand.insert(stranger);
    bad.push(("a hand too big", t));
    let mut t = o;
    t.public.shown[1] = t.public.shown[1] | CardSet::of(stranger);
    bad.push(("a card shown and not held", t));
    let mut t = o;
    t.gave = CardSet::of(CardId(1));
    bad.push(("a pass naming a second copy alone", t));
    let mut t = o;
    t.public.trump = Some(7);
    bad.push(("a fifth suit", t));
    let mut t = o;
    t.public.melds[2] += 10;
    bad.push(("a meld its cards do not make", t));
    let mut t = o;
    t.public.high = 255;
    bad.push(("a bid off the steps", t));
    let mut t = o;
    t.public.excluded[1] = t.hand;
    bad.push(("a hand holding what it ruled out", t));
    let mut t = o;
    t.gave = CardSet::EMPTY;
    t.got = ALL;
    bad.push(("a pass of every card", t));
    for (why, tricks) in s.public().tricks.corrupted(1, o.hand, ALL) {
        let mut t = o;
        t.public.tricks = tricks;
        bad.push((why, t));
    }
    for (why, t) in bad {
        assert!(t.check().is_err(), "{why} passed the check");
    }
    let _ = face(CardId(0));
}
