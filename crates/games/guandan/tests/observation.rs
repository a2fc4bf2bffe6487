//! Observations and worlds: a world drawn from a seat's observation shows
//! it that observation and the same legal actions; two unseen cards
//! swapped between hands change no byte of it; the tributes' copies stay
//! with their holders in every world.

use tabula_guandan::cards::{DECK, face_of, parse_cards};
use tabula_guandan::moves::Scratch;
use tabula_guandan::{Action, GuandanOptions, Observation, Phase, State, Worlds};
use tabula_search::{Rng, Turn};

use crate::common::setup;

fn legal(s: &State) -> Vec<Action> {
    let mut out = Vec::new();
    s.legal(&mut Scratch::default(), &mut out);
    out
}

/// Positions along seeded random matches from the queen, every `every`
/// plies.
fn positions(seeds: u64, every: usize) -> Vec<State> {
    let options = GuandanOptions {
        start_level: 10,
        ..GuandanOptions::default()
    };
    let mut out = Vec::new();
    let (mut acts, mut chance) = (Vec::new(), Vec::new());
    let mut scratch = Scratch::default();
    for seed in 0..seeds {
        let mut rng = Rng::new(seed);
        let mut s = State::new(options).unwrap();
        let mut ply = 0;
        while s.turn() != Turn::Terminal {
            if ply % every == 0 {
                out.push(s.clone());
            }
            let a = match s.turn() {
                Turn::Chance => {
                    s.chance_outcomes(&mut chance);
                    chance[rng.below(chance.len() as u64) as usize].0
                }
                _ => {
                    s.legal(&mut scratch, &mut acts);
                    acts[rng.below(acts.len() as u64) as usize]
                }
            };
            s.apply(a);
            ply += 1;
        }
    }
    out
}

#[test]
fn a_world_shows_the_seat_its_own_observation_and_the_same_moves() {
    let mut rng = Rng::new(3);
    let mut checked = 0;
    let mut phases = Vec::new();
    for s in positions(3, 7) {
        for seat in 0..4 {
            let o = Observation::of(&s, seat);
            let mut worlds = Worlds::new(&o).expect("the truth's observation has worlds");
            for _ in 0..2 {
                let w = worlds.sample(&mut rng);
                assert_eq!(Observation::of(&w, seat), o, "seat {seat}");
                if s.turn() == Turn::Seat(seat) {
                    assert_eq!(legal(&w), legal(&s), "seat {seat}'s moves");
                }
                checked += 1;
            }
        }
        phases.push(s.phase());
    }
    assert!(checked > 1000, "{checked} worlds");
    for p in [Phase::Deal, Phase::Tribute, Phase::Return, Phase::Play] {
        assert!(phases.contains(&p), "no position in {p:?}");
    }
}

#[test]
fn two_unseen_cards_swapped_between_hands_change_nothing_a_seat_sees() {
    let mut rng = Rng::new(4);
    let mut swaps = 0;
    for s in positions(2, 5) {
        for seat in 0..4 {
            let o = Observation::of(&s, seat);
            // Two other seats, a card of each that no tribute pins.
            let others: Vec<usize> = (0..4).filter(|&k| k != seat && !s.hand(k).is_empty()).collect();
            if others.len() < 2 {
                continue;
            }
            let (a, b) = (others[0], others[1 + rng.below(others.len() as u64 - 1) as usize]);
            let free = |k: usize| -> Vec<_> {
                let known = o.known_in(k);
                s.hand(k).iter().filter(|&c| known.get(face_of(c)) == 0).collect()
            };
            let (fa, fb) = (free(a), free(b));
            if fa.is_empty() || fb.is_empty() {
                continue;
            }
            let (ca, cb) = (
                fa[rng.below(fa.len() as u64) as usize],
                fb[rng.below(fb.len() as u64) as usize],
            );
            let mut t = s.clone();
            t.swap_cards(a, ca, b, cb);
            assert_eq!(Observation::of(&t, seat), o);
            assert_eq!(
                serde_json::to_string(&Observation::of(&t, seat)).unwrap(),
                serde_json::to_string(&o).unwrap()
            );
            if s.turn() == Turn::Seat(seat) {
                assert_eq!(legal(&t), legal(&s));
            }
            swaps += 1;
        }
    }
    assert!(swaps > 300, "{swaps} swaps");
}

#[test]
fn a_tribute_and_the_card_given_back_stay_with_their_holders_in_every_world() {
    let mut s = setup(
        ["3c 4c 9d", "5c 6c 9s", "7c 8c Jd", "Kd 6d 10s"],
        [0, 0],
        Some(0),
        Some([0, 1, 2, 3]),
        0,
    );
    let king = face_of(parse_cards("Kd", DECK).unwrap().lowest().unwrap());
    let three = face_of(parse_cards("3c", DECK).unwrap().lowest().unwrap());
    s.play(Action::Tribute(king)).unwrap();
    s.play(Action::Return(three)).unwrap();
    // Seat 1 sees seat 0 hold the king and seat 3 the three, in every world.
    let o = Observation::of(&s, 1);
    let mut worlds = Worlds::new(&o).unwrap();
    let mut rng = Rng::new(5);
    for _ in 0..50 {
        let w = worlds.sample(&mut rng);
        assert!(w.hand(0).iter().any(|c| face_of(c) == king));
        assert!(w.hand(3).iter().any(|c| face_of(c) == three));
        assert_eq!(Observation::of(&w, 1), o);
    }
}

/// The natural rank at `level` of a card (wild hearts excepted: `None`).
fn natural_rank(c: tabula_cards::CardId, level: u8) -> Option<u8> {
    (!tabula_guandan::cards::is_wild(c, level)).then(|| tabula_guandan::cards::rank(c, level))
}

#[test]
fn a_seat_that_gave_tribute_holds_nothing_above_it_in_any_world() {
    // West (seat 3, last) gives its highest card, a queen: in the worlds
    // South (seat 0) draws for the others, West holds no king, ace, two
    // (the level) or joker, wild hearts aside.
    let mut s = setup(
        [
            "3c 4c 5c 6c 7c 8c 9c 10c Jc",
            "3d 4d 5d 6d 7d 8d 9d 10d Jd Kd Ad 2c SJ",
            "3s 4s 5s 6s 7s 8s 9s 10s Js Ks As 2d BJ",
            "Qc Qd Qs 3h 4h 5h 6h 2h",
        ],
        [0, 0],
        Some(0),
        Some([0, 1, 2, 3]),
        0,
    );
    let queen = face_of(parse_cards("Qd", DECK).unwrap().lowest().unwrap());
    s.play(Action::Tribute(queen)).unwrap();
    let o = Observation::of(&s, 0);
    let q = tabula_guandan::cards::rank(parse_cards("Qd", DECK).unwrap().lowest().unwrap(), 0);
    let mut worlds = Worlds::new(&o).unwrap();
    let mut rng = Rng::new(8);
    let mut wild_seen = false;
    for _ in 0..200 {
        let w = worlds.sample(&mut rng);
        assert_eq!(Observation::of(&w, 0), o);
        for c in w.hand(3).iter() {
            match natural_rank(c, 0) {
                Some(r) => assert!(r <= q, "West holds {c:?} above its tribute"),
                None => wild_seen = true,
            }
        }
    }
    assert!(wild_seen, "a wild heart may stay with the giver");
}

#[test]
fn a_resisted_tribute_puts_both_big_jokers_with_the_givers_in_every_world() {
    // East and West (seats 1 and 3) went out last: both give, but they
    // hold the two big jokers between them and resist. North sees it.
    let s = setup(
        ["3c 4c 5c 6c", "3d 4d BJ 7d", "3s 4s 5s 6s", "Qc Qd BJ 6h"],
        [3, 0],
        Some(0),
        Some([0, 2, 1, 3]),
        0,
    );
    assert_eq!(s.phase(), Phase::Play, "resisted: play starts");
    let o = Observation::of(&s, 2);
    assert!(o.resisted());
    let mut worlds = Worlds::new(&o).unwrap();
    let mut rng = Rng::new(9);
    let big = |c: tabula_cards::CardId| c.0 >= 106;
    for _ in 0..100 {
        let w = worlds.sample(&mut rng);
        assert_eq!(Observation::of(&w, 2), o);
        let held = w.hand(1).iter().chain(w.hand(3).iter()).filter(|&c| big(c)).count();
        assert_eq!(held, 2, "both big jokers with the givers");
    }
}

#[test]
fn a_big_joker_given_means_the_giver_held_no_other_in_any_world() {
    // West (last) gives its highest card, a big joker: had it held both,
    // it would have resisted, so no world puts the other with it.
    let mut s = setup(
        ["3c 4c 5c", "3d 4d 5d 6d", "3s 4s 5s", "BJ Qd 6h 7h"],
        [0, 0],
        Some(0),
        Some([0, 1, 2, 3]),
        0,
    );
    assert_eq!(s.phase(), Phase::Tribute);
    let big = face_of(parse_cards("BJ", DECK).unwrap().lowest().unwrap());
    s.play(Action::Tribute(big)).unwrap();
    let o = Observation::of(&s, 1);
    let mut worlds = Worlds::new(&o).unwrap();
    let mut rng = Rng::new(10);
    for _ in 0..100 {
        let w = worlds.sample(&mut rng);
        assert_eq!(Observation::of(&w, 1), o);
        assert!(
            w.hand(3).iter().all(|c| face_of(c) != big),
            "West holds no other big joker"
        );
    }
}
