//! The computer: the policy's choices on hands made for them, gin never
//! thrown away at any level, each level reproducible by seed, and every
//! level playing whole matches legally.

mod common;

use common::{dealt, discard_decision};
use tabula_ginrummy::cards::parse;
use tabula_ginrummy::*;
use tabula_search::{Game, Player, Rng, Turn};

fn choose(level: u8, game: &GinRummy, s: &State) -> Action {
    let Turn::Seat(seat) = game.to_move(s) else {
        panic!("a seat to act")
    };
    GinAi::new(level, 7)
        .choose(game, &game.observation(s, seat), seat)
        .action
        .unwrap()
}

fn game() -> GinRummy {
    GinRummy::new(GinOptions {
        end_score: 500,
        ..GinOptions::default()
    })
    .unwrap()
}

/// Seat 1: A-3♠, 5-7♦, 9♣ 9♥, K♣ Q♦ and 2♣ (a 9 would make a set).
const HAND: &str = "As 2s 3s 5d 6d 7d 9c 9h Kc Qd";
const OTHER: &str = "Ah 4h 6h 8h 10h Js 2d 4c 6c 8c";

#[test]
fn the_policy_takes_a_card_that_melds_and_leaves_one_that_does_not() {
    let g = game();
    for level in 1..=4 {
        let s = dealt(&g, HAND, OTHER, "9s");
        assert_eq!(choose(level, &g, &s), Action::Take, "level {level} takes the nine");
    }
    // A jack melds with nothing, and swapped for the king it saves nothing.
    let s = dealt(&g, HAND, OTHER, "Jh");
    assert_eq!(choose(2, &g, &s), Action::Pass, "a lone J♥ helps nothing");
    // A low card does: taken for the king, it saves 8.
    let s = dealt(&g, HAND, OTHER, "2c");
    assert_eq!(choose(2, &g, &s), Action::Take);
}

#[test]
fn the_policy_discards_its_highest_unmatched_card() {
    let g = game();
    let mut s = dealt(&g, HAND, OTHER, "9s");
    g.apply(&mut s, Action::Take);
    // K♣ and Q♦ are the deadwood (20): either leaves 10; the king goes
    // first (the same deadwood, and ties go to the higher card's id… the
    // policy charges nothing for danger here).
    let a = choose(2, &g, &s);
    assert!(
        matches!(a, Action::Discard(c) | Action::Knock(c) if c == parse("Kc").unwrap() || c == parse("Qd").unwrap()),
        "{a:?}"
    );
}

#[test]
fn every_level_takes_gin_when_it_has_it() {
    let g = game();
    let gin = "As 2s 3s 4s 5d 6d 7d 9c 9h 2c";
    for level in 1..=4 {
        let mut s = dealt(&g, gin, OTHER, "9s");
        g.apply(&mut s, Action::Take);
        assert_eq!(
            choose(level, &g, &s),
            Action::Knock(parse("2c").unwrap()),
            "level {level}"
        );
    }
}

#[test]
fn each_level_is_reproducible_by_seed() {
    let g = game();
    for seed in [3, 8, 13] {
        let (s, seat) = discard_decision(&g, seed);
        let o = g.observation(&s, seat);
        for level in 1..=4 {
            let a = GinAi::new(level, 11).choose(&g, &o, seat);
            let b = GinAi::new(level, 11).choose(&g, &o, seat);
            assert_eq!(a.action, b.action, "level {level}, seed {seed}");
            assert_eq!(a.stats.root, b.stats.root);
        }
    }
}

#[test]
fn every_level_plays_whole_matches_legally() {
    let g = GinRummy::new(GinOptions {
        end_score: 40,
        ..GinOptions::default()
    })
    .unwrap();
    let mut legal = Vec::new();
    for (a, b) in [(1, 2), (3, 4)] {
        let mut ais = [GinAi::new(a, 1), GinAi::new(b, 2)];
        let mut rng = Rng::new(a.into());
        let mut s = g.initial_state();
        while g.to_move(&s) != Turn::Terminal {
            let action = match g.to_move(&s) {
                Turn::Chance => g.sample_chance(&s, &mut rng),
                Turn::Seat(p) => {
                    let act = ais[p].choose(&g, &g.observation(&s, p), p).action.unwrap();
                    g.legal_actions(&s, &mut legal);
                    assert!(legal.contains(&act), "level {} chose {act:?}", [a, b][p]);
                    act
                }
                Turn::Terminal => unreachable!(),
            };
            g.apply(&mut s, action);
        }
        assert!(s.totals().is_some());
    }
}

#[test]
fn the_search_weighs_knocking_now_against_playing_on() {
    let g = game();
    let mut s = dealt(&g, HAND, OTHER, "9s");
    g.apply(&mut s, Action::Take);
    // Either high card leaves 10: a knock is allowed but not the policy's
    // (it knocks with 6 or less while the stock is high).
    assert!(matches!(choose(2, &g, &s), Action::Discard(_)));
    let Turn::Seat(seat) = g.to_move(&s) else {
        panic!("a seat to act")
    };
    let found = GinAi::new(3, 7).choose(&g, &g.observation(&s, seat), seat);
    let roots: Vec<Action> = found.stats.root.iter().map(|r| r.action).collect();
    assert!(roots.iter().any(|a| matches!(a, Action::Knock(_))), "{roots:?}");
    assert!(roots.iter().any(|a| matches!(a, Action::Discard(_))), "{roots:?}");
    assert!(roots.contains(&found.action.unwrap()));
}
