//! The computer: the show is never missed nor made wrongly, a wild open
//! card is taken, a hopeless hand is dropped, the policy keeps its groups,
//! the search's roots are compared on common random numbers, and every
//! level is reproducible.

use tabula_indianrummy::ai::{Effort, LEVEL_EFFORT, Policy, Situation, choose_root, play_roots, roots};
use tabula_indianrummy::cards::{faces, name};
use tabula_indianrummy::score::Solvers;
use tabula_indianrummy::*;
use tabula_search::{Game, Player, Rng, Turn};

use crate::common::*;

const SHOWS: &str = "3h 4h 5h 8c 9c Jk Kd Ks Kh 7s 7d 7h 2c";

/// West (to play) holds `west`; South the filler; sixes wild.
fn west_holds(g: &IndianRummy, west: &str, open: &str) -> State {
    two(g, west, &(FILLER.to_owned() + " 5s"), open)
}

#[test]
fn every_level_shows_when_it_can_on_the_card_it_does_not_need() {
    let g = game(2, Format::Points);
    let mut s = west_holds(&g, SHOWS, "7c");
    g.apply(&mut s, Action::Take);
    let o = g.observation(&s, 1);
    for level in 1..=4 {
        let a = IndianAi::new(level, 3).choose(&g, &o, 1).action.unwrap();
        assert_eq!(a, held(&s, "2c", Action::Declare), "level {level}");
    }
}

#[test]
fn no_level_declares_wrongly_in_random_matches() {
    let g = game(3, Format::Pool101);
    let mut solvers = Solvers::default();
    for level in 1..=4 {
        for seed in 0..3 {
            let (s, seat) = decision(&g, Phase::Discard, seed);
            let o = g.observation(&s, seat);
            let a = IndianAi::new(level, seed).choose(&g, &o, seat).action.unwrap();
            if let Action::Declare(c) = a {
                let wild = tabula_indianrummy::score::wild_rank(s.cut().unwrap());
                let left = s.hands()[seat] - tabula_indianrummy::cards::Cards::of(c);
                assert!(
                    solvers.valid(wild, &faces(left)),
                    "level {level} declared wrongly on {}",
                    name(c)
                );
            }
        }
    }
}

#[test]
fn a_wild_open_card_is_taken_and_a_joker_never_thrown() {
    let g = game(2, Format::Points);
    let west = "3h 4h 5h 8c 9c Qd Kd Ks Kh 7s 2d 10h 2c";
    for open in ["Jk", "6d"] {
        let s = west_holds(&g, west, open);
        let o = g.observation(&s, 1);
        for level in 1..=2 {
            assert_eq!(
                IndianAi::new(level, 1).choose(&g, &o, 1).action,
                Some(Action::Take),
                "{open}"
            );
        }
    }
    let mut s = west_holds(&g, west, "Jk");
    g.apply(&mut s, Action::Take);
    let o = g.observation(&s, 1);
    let mut legal = Vec::new();
    o.legal_actions(&mut legal);
    assert!(
        !legal
            .iter()
            .any(|a| matches!(a, Action::Discard(c) if name(*c) == "Jk"))
    );
}

#[test]
fn the_policy_throws_a_lone_high_card_and_keeps_its_sequences() {
    let g = game(2, Format::Points);
    let mut s = west_holds(&g, "3h 4h 5h 8c 9c 10c Kd Ks Kh 7s 7d 2d Qc", "Js");
    draw(&g, &mut s, "Ah");
    let o = g.observation(&s, 1);
    let sit = Situation::of_observation(&o);
    let mut policy = Policy::default();
    let mut legal = Vec::new();
    o.legal_actions(&mut legal);
    let (best, _) = policy.best(&sit, &legal);
    // Sixes wild. Two pure sequences and a set; left 7♠ 7♦ (a pair, half
    // each), 2♦ (alone, 2), Q♣ (two above 10♣, half of 10) and A♥ (two
    // below 3♥, half of 10). Throwing Q♣ or A♥ leaves 14, the 2♦ 17, a
    // seven more still.
    assert!(
        matches!(best, Action::Discard(c) if ["A♥", "Q♣"].contains(&name(c).as_str())),
        "{best:?}"
    );
    for keep in ["3♥", "4♥", "5♥", "8♣", "9♣", "10♣", "K♦", "K♠", "K♥"] {
        assert!(!matches!(best, Action::Discard(c) if name(c) == keep), "threw {keep}");
    }
}

#[test]
fn a_hopeless_first_hand_is_dropped_by_the_policy_levels() {
    let g = game(2, Format::Points);
    let west = "2c 4d 6s 8h 10c Qd 2s 4h 7c 8d 10s Qh Kc";
    let s = dealt(&g, &["3h 4h 5h 8c 9c Jk Kd Ks Kh 7s 7d 7h 2h", west], "9d", "5c");
    let o = g.observation(&s, 1);
    let mut policy = Policy::default();
    let sit = Situation::of_observation(&o);
    assert!(policy.cost(sit.wild, o.hand) >= tabula_indianrummy::ai::FIRST_DROP_AT);
    assert_eq!(IndianAi::new(2, 1).choose(&g, &o, 1).action, Some(Action::Drop));
    // After drawing, the same hand is played on (no middle drop by rule of thumb).
    let mut s = s;
    draw(&g, &mut s, "Jk");
    let a = held(&s, "Kc", Action::Discard);
    g.apply(&mut s, a);
    draw(&g, &mut s, "Ad");
    let a = IndianAi::new(2, 1).choose(&g, &g.observation(&s, 0), 0).action;
    assert!(matches!(a, Some(Action::Discard(_) | Action::Declare(_))));
}

#[test]
fn roots_are_compared_on_common_worlds_alone_or_together() {
    let g = game(3, Format::Points);
    let (s, seat) = decision(&g, Phase::Discard, 2);
    let o = g.observation(&s, seat);
    let mut legal = Vec::new();
    o.legal_actions(&mut legal);
    let mut policy = Policy::default();
    let effort = Effort {
        worlds: 6,
        candidates: 4,
        horizon: 2,
        threat: 0.5,
    };
    let all = roots(&mut policy, &o, &legal, effort);
    assert!(all.len() >= 2);
    let together = play_roots(&g, &mut policy, &o, seat, &all, effort, 77);
    for (k, r) in all.iter().enumerate() {
        let alone = play_roots(
            &g,
            &mut Policy::default(),
            &o,
            seat,
            std::slice::from_ref(r),
            effort,
            77,
        );
        let mine: Vec<f64> = together.iter().skip(k).step_by(all.len()).copied().collect();
        assert_eq!(alone, mine, "root {k} alone");
    }
    // Reordered: the same values for each root.
    let mut rev = all.clone();
    rev.reverse();
    let back = play_roots(&g, &mut policy, &o, seat, &rev, effort, 77);
    for k in 0..all.len() {
        let a: Vec<f64> = together.iter().skip(k).step_by(all.len()).copied().collect();
        let b: Vec<f64> = back
            .iter()
            .skip(all.len() - 1 - k)
            .step_by(all.len())
            .copied()
            .collect();
        assert_eq!(a, b);
    }
    // The policy's root stands without a clear gain.
    assert_eq!(choose_root(&all, &vec![0.0; all.len() * 6]), 0);
}

#[test]
fn every_level_is_reproducible_for_an_observation_and_a_seed() {
    let g = game(2, Format::Points);
    for phase in [Phase::Draw, Phase::Discard] {
        let (s, seat) = decision(&g, phase, 4);
        let o = g.observation(&s, seat);
        for level in 1..=4 {
            let a = IndianAi::new(level, 21).choose(&g, &o, seat);
            let b = IndianAi::new(level, 21).choose(&g, &o, seat);
            assert_eq!(
                (a.action, a.stats.root.len()),
                (b.action, b.stats.root.len()),
                "level {level}"
            );
            assert_eq!(
                a.stats.root.iter().map(|r| r.value).collect::<Vec<_>>(),
                b.stats.root.iter().map(|r| r.value).collect::<Vec<_>>()
            );
        }
    }
    assert!(LEVEL_EFFORT[1].worlds > LEVEL_EFFORT[0].worlds);
}

#[test]
fn the_levels_play_whole_matches_to_the_end() {
    let g = points(3, 1);
    let mut s = g.initial_state();
    let mut seats: Vec<IndianAi> = (0..3).map(|k| IndianAi::new(1 + k as u8, k)).collect();
    let mut rng = Rng::new(9);
    for _ in 0..5000 {
        match g.to_move(&s) {
            Turn::Terminal => break,
            Turn::Chance => {
                let a = g.sample_chance(&s, &mut rng);
                g.apply(&mut s, a);
            }
            Turn::Seat(k) => {
                let a = seats[k].choose(&g, &g.observation(&s, k), k).action.unwrap();
                g.apply(&mut s, a);
            }
        }
    }
    assert!(s.is_over());
    assert_eq!(
        s.scores().iter().sum::<i32>(),
        0,
        "points rummy moves points between players"
    );
}
