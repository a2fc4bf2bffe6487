//! Hearts on the game contract: the module conformance checks, actions
//! typed as a person types them, the computer at every level, and the
//! team-free isolation of a seat's decision from hands it cannot see.

use crate::common;

use common::random_state;
use tabula_cards::CardSet;
use tabula_contract::GameModule;
use tabula_hearts::cards::DECK;
use tabula_hearts::*;
use tabula_search::{Determinize, Game, Player, Rng, Turn};

#[test]
fn the_module_conforms() {
    let game = Hearts::new(HeartsOptions {
        end_score: 26,
        ..HeartsOptions::default()
    })
    .unwrap();
    let report = tabula_conformance::module::check_module(&game, &[1, 2], 2_000);
    assert_eq!(report.games, 2);
    assert!(report.decisions > 100);
}

#[test]
fn actions_read_as_a_person_types_them() {
    let game = Hearts::new(HeartsOptions::default()).unwrap();
    // The first pass.
    let s = random_state(&game, 3, 52);
    let Turn::Seat(seat) = game.to_move(&s) else {
        panic!("a seat passes")
    };
    let o = game.observation(&s, seat);
    let three: Vec<String> = o.hand.iter().take(3).map(|c| DECK.name(c)).collect();
    let pass = game.parse_action(&o, seat, &three.join(" ")).unwrap();
    assert_eq!(pass, Action::Pass(o.hand.iter().take(3).collect()));
    assert_eq!(game.parse_action(&o, seat, &three.join(", ")).unwrap(), pass);
    assert!(game.parse_action(&o, seat, &three[..2].join(" ")).is_err(), "two cards");
    let foreign = (DECK.all() - o.hand).lowest().unwrap();
    let bad = format!("{} {} {}", three[0], three[1], DECK.name(foreign));
    assert!(game.parse_action(&o, seat, &bad).unwrap_err().contains("do not hold"));
    // The first lead: only 2♣, and the refusal says so.
    let mut s = s;
    let mut legal = Vec::new();
    while let Turn::Seat(_) = game.to_move(&s) {
        game.legal_actions(&s, &mut legal);
        if !matches!(legal[0], Action::Pass(_)) {
            break;
        }
        game.apply(&mut s, legal[0]);
    }
    let Turn::Seat(leader) = game.to_move(&s) else {
        panic!("a seat leads")
    };
    let o = game.observation(&s, leader);
    assert_eq!(
        game.parse_action(&o, leader, "2♣").unwrap(),
        Action::Play(tabula_hearts::cards::TWO_OF_CLUBS)
    );
    assert_eq!(
        game.parse_action(&o, leader, " 2c ").unwrap(),
        Action::Play(tabula_hearts::cards::TWO_OF_CLUBS)
    );
    let other = (o.hand - CardSet::of(tabula_hearts::cards::TWO_OF_CLUBS))
        .lowest()
        .unwrap();
    assert!(
        game.parse_action(&o, leader, &DECK.name(other))
            .unwrap_err()
            .contains("2♣")
    );
    assert!(game.parse_action(&o, leader, "zz").is_err());
    for action in [Action::Play(other), pass, Action::Moon(true), Action::Moon(false)] {
        assert!(!game.action_text(action).is_empty());
    }
}

#[test]
fn every_level_plays_a_whole_match_by_its_observation_only() {
    let game = Hearts::new(HeartsOptions {
        end_score: 30,
        ..HeartsOptions::default()
    })
    .unwrap();
    let mut players: Vec<HeartsAi> = (1..=4)
        .map(|level| HeartsAi::new(level, 7 + u64::from(level)))
        .collect();
    let (s, _) = tabula_conformance::play_match(&game, game.initial_state(), 11, &mut players);
    assert!(s.scores().iter().any(|&x| x >= 30));
}

#[test]
fn a_decision_depends_only_on_the_observation_and_the_seed() {
    let game = Hearts::new(HeartsOptions::default()).unwrap();
    for seed in 0..12 {
        let s = random_state(&game, seed, 60 + seed as usize * 7);
        let Turn::Seat(seat) = game.to_move(&s) else { continue };
        let o = game.observation(&s, seat);
        for level in [2, 3] {
            let first = HeartsAi::new(level, 5).choose(&game, &o, seat).action;
            // The same observation and seed: the same card (reproducible).
            assert_eq!(HeartsAi::new(level, 5).choose(&game, &o, seat).action, first);
            // Hands the seat cannot see, exchanged: the same card.
            let mut swapped = s.clone();
            if swap_unseen(&mut swapped, seat) {
                let o2 = game.observation(&swapped, seat);
                assert_eq!(o2, o);
                assert_eq!(HeartsAi::new(level, 5).choose(&game, &o2, seat).action, first);
            }
        }
        // A world drawn for the seat plays the same legal cards.
        let w = game.determinize(&o, seat, &mut Rng::new(seed));
        let (mut a, mut b) = (Vec::new(), Vec::new());
        game.legal_actions(&w, &mut a);
        game.legal_actions(&s, &mut b);
        assert_eq!(a, b);
    }
}
