//! The computer: the policy's choices on hands made for them, gin never
//! thrown away at any level, each level reproducible by seed, and every
//! level playing whole matches legally.

use crate::common;

use common::{dealt, discard_decision, draw_decision};
use tabula_ginrummy::ai::{INFERENCE, choose_root, play_roots, search_roots};
use tabula_ginrummy::cards::parse;
use tabula_ginrummy::*;
use tabula_search::rng::derive_seed;
use tabula_search::{Game, Player, Rng, Turn, stable_hash};

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
    // Discards, and draws (the joint take-and-discard roots).
    let decisions = [3, 8, 13].map(|seed| (seed, discard_decision(&g, seed)));
    let draws = [5, 21].map(|seed| (seed, draw_decision(&g, seed)));
    for (seed, (s, seat)) in decisions.into_iter().chain(draws) {
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

/// Values world by world (world-major, as `play_roots` gives them) of
/// roots whose values on world `j` are `f(j)`, in order.
fn values(worlds: usize, roots: usize, f: impl Fn(usize) -> Vec<f64>) -> Vec<f64> {
    (0..worlds)
        .flat_map(|j| {
            let v = f(j);
            assert_eq!(v.len(), roots);
            v
        })
        .collect()
}

#[test]
fn a_take_is_judged_by_its_best_discard_and_must_beat_the_policy_by_two_standard_errors() {
    let take = |c: &str| Root {
        action: Action::Take,
        then: Some(Action::Discard(parse(c).unwrap())),
    };
    let draw = Root::single(Action::DrawStock);
    // The worlds' own luck, shared by every root (common random numbers),
    // and a root's own noise: +3 and −3 in turn, so its mean is exact and
    // the paired difference's standard error is 3/√100 = 0.3.
    let luck = |j: usize| ((j * 37) % 23) as f64 - 11.0;
    let own = |j: usize| if j % 2 == 0 { 3.0 } else { -3.0 };

    // The policy takes and discards the K♣; the draw beats that by 5, but
    // the take then discarding the Q♦ is as good as the draw: the take
    // stands, judged by its best discard.
    let roots = [take("Kc"), take("Qd"), take("9c"), draw];
    let v = values(100, 4, |j| {
        vec![luck(j), luck(j) + 5.0, luck(j) - 4.0, luck(j) + 5.0 + own(j)]
    });
    assert_eq!(roots[choose_root(&roots, &v)].action, Action::Take);
    // When the draw beats every discard after the take, it is played.
    let v = values(100, 4, |j| {
        vec![luck(j), luck(j) + 1.0, luck(j) - 4.0, luck(j) + 5.0 + own(j)]
    });
    assert_eq!(choose_root(&roots, &v), 3);

    // The policy draws; one take (the 9♣ out) beats it by 1.0 > 2 × 0.3:
    // the take is played, whatever its other discards are worth.
    let roots = [draw, take("Kc"), take("Qd"), take("9c")];
    let v = values(100, 4, |j| {
        vec![luck(j), luck(j) - 8.0, luck(j) - 2.0, luck(j) + 1.0 + own(j)]
    });
    assert_eq!(choose_root(&roots, &v), 3);
    // By 0.5 < 0.6, it is not: the policy's draw stands.
    let v = values(100, 4, |j| {
        vec![luck(j), luck(j) - 8.0, luck(j) - 2.0, luck(j) + 0.5 + own(j)]
    });
    assert_eq!(choose_root(&roots, &v), 0);
    // Of two takes that beat the draw, the one that beats it by more.
    let v = values(100, 4, |j| vec![luck(j), luck(j) + 2.0, luck(j) + 4.0, luck(j) + 1.0]);
    assert_eq!(choose_root(&roots, &v), 2);
}

#[test]
fn at_a_draw_the_search_reports_each_action_once_the_take_by_its_best_discard() {
    let g = game();
    for seed in [5, 21] {
        let (s, seat) = draw_decision(&g, seed);
        let o = g.observation(&s, seat);
        let found = GinAi::new(3, 7).choose(&g, &o, seat);
        let actions: Vec<Action> = found.stats.root.iter().map(|r| r.action).collect();
        assert_eq!(actions, [Action::Take, Action::DrawStock]);
        // Four complete turns on the same worlds (the decision's seed from
        // the player's and the position): the stock draw and three takes,
        // each with its own discard; the take's figure is its best one's.
        let roots = search_roots(&g, &o);
        let worlds = found.stats.root[0].visits;
        assert_eq!(found.stats.iterations, roots.len() as u64 * worlds);
        let seed = derive_seed(7, stable_hash(&o));
        let mut v = Vec::new();
        play_roots(
            &g.inferring(INFERENCE),
            &o,
            seat,
            &roots,
            worlds,
            seed,
            &mut PolicyRollout::default(),
            &mut v,
        );
        let mean = |k: usize| v.iter().skip(k).step_by(roots.len()).sum::<f64>() / worlds as f64;
        let best_take = (0..roots.len())
            .filter(|&k| roots[k].action == Action::Take)
            .map(mean)
            .fold(f64::MIN, f64::max);
        let draw = roots.iter().position(|r| r.action == Action::DrawStock).unwrap();
        assert_eq!(found.stats.root[0].value, best_take);
        assert_eq!(found.stats.root[1].value, mean(draw));
        assert_eq!(found.action, Some(roots[choose_root(&roots, &v)].action));
    }
}
