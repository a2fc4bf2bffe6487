//! The computer: the policy's choices on hands made for them, gin never
//! thrown away at any level, each level reproducible by seed, and every
//! level playing whole matches legally.

use crate::common;

use common::{dealt, discard_decision, draw_decision};
use tabula_cards::CardSet;
use tabula_ginrummy::ai::plain_discard;
use tabula_ginrummy::ai::{INFERENCE, choose_root, play_roots, search_roots};
use tabula_ginrummy::cards::{parse, parse_hand};
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
    for level in 0..=4 {
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
        for level in 0..=4 {
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
    for (a, b) in [(0, 1), (2, 3), (4, 0)] {
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
    // Either high card leaves 10: a knock is allowed, and the policy
    // knocks as soon as it may; the search weighs playing on beside it.
    assert!(matches!(choose(2, &g, &s), Action::Knock(_)));
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

#[test]
fn the_plain_player_takes_only_a_card_that_melds() {
    let g = game();
    // The nine makes a set with 9♣ 9♥: taken.
    assert_eq!(choose(0, &g, &dealt(&g, HAND, OTHER, "9s")), Action::Take);
    // The 2♣ would save 8 points for the king (level 2 takes it) but melds
    // with nothing: the plain player passes it.
    let s = dealt(&g, HAND, OTHER, "2c");
    assert_eq!(choose(2, &g, &s), Action::Take);
    assert_eq!(choose(0, &g, &s), Action::Pass);
}

#[test]
fn the_plain_player_throws_its_highest_lone_deadwood_and_knocks_at_once() {
    // Melds A-3♠ and 5-7♦; deadwood K♣ Q♣ (a partial run), 9♥ alone, 2♥.
    let hand = parse_hand("As 2s 3s 5d 6d 7d Kc Qc 9h 2h 4c").unwrap();
    assert_eq!(
        plain_discard(hand, None),
        parse("9h").unwrap(),
        "the king and queen wait for a jack"
    );
    // Least deadwood would throw the king or the queen.
    let after = |c: &str| deadwood(hand - CardSet::of(parse(c).unwrap()));
    assert!(after("Kc") < after("9h"));
    // Every deadwood card in a partial meld: the highest of them.
    let paired = parse_hand("As 2s 3s 5d 6d 7d Kc Qc 9h 9c 2h").unwrap();
    assert_eq!(plain_discard(paired, None), parse("Kc").unwrap());
    // Not the card just taken.
    assert_eq!(plain_discard(paired, Some(parse("Kc").unwrap())), parse("Qc").unwrap());

    // With eleven cards that can knock (A-3♠, 5-7♦, 9♣ 9♥ 9♠; K♣ Q♦):
    // the plain player knocks at once, throwing the king (10 left).
    let g = game();
    let mut s = dealt(&g, HAND, OTHER, "9s");
    g.apply(&mut s, Action::Take);
    assert_eq!(choose(0, &g, &s), Action::Knock(parse("Kc").unwrap()));
}

#[test]
fn level_zero_is_offered_below_the_ladder_and_level_five_is_refused() {
    use tabula_contract::GameModule;
    let g = game();
    for (spec, ok) in [("level:0", true), ("level:4", true), ("level:5", false)] {
        let made = g.agent(&spec.parse().unwrap(), 1);
        assert_eq!(made.is_ok(), ok, "{spec}");
        if let Err(e) = made {
            assert!(e.to_string().contains("from 0 to 4"), "{e}");
        }
    }
}

#[test]
fn the_worlds_weigh_the_other_hand_by_what_its_play_showed() {
    use tabula_ginrummy::ai::{History, hand_weight};
    // Seat 1 discarded the 8♦ and left the 5♣ on the pile.
    let history = History::new(parse_hand("8d").unwrap(), parse_hand("5c").unwrap());
    let weight = |h: &str| {
        let hand = parse_hand(h).unwrap();
        hand_weight(hand, hand, &history, 8.0)
    };
    let plain = "Ac 2d 3h 4s 6c 9c 10h Js Qd Kh";
    // The same deadwood with 7♦ (next to the 8♦ it threw) weighs less.
    let near = "Ac 2d 3h 4s 6c 9c 10h Js 7d Kh";
    assert_eq!(
        deadwood(parse_hand(plain).unwrap()) - 3,
        deadwood(parse_hand(near).unwrap()),
        "7♦ for Q♦"
    );
    let prior = |h: &str| tabula_search::math::exp(-f64::from(deadwood(parse_hand(h).unwrap())) / 8.0);
    assert!(
        (weight(plain) - prior(plain)).abs() < 1e-12,
        "nothing in it says otherwise"
    );
    assert!((weight(near) - prior(near) * tabula_ginrummy::ai::NEAR_DISCARD).abs() < 1e-12);
    // A hand the 5♣ it left would have melded with (3♣ 4♣).
    let declined = "3c 4c 9h 10s Jd Qh Kh 2s 7h Ks";
    assert!((weight(declined) - prior(declined) * tabula_ginrummy::ai::DECLINED_MELD).abs() < 1e-12);
    // A hand that could have knocked after its discard and did not.
    let knockable = "Ac 2c 3c 4h 5h 6h 7s 7h 7c 2d";
    assert!(deadwood(parse_hand(knockable).unwrap()) <= 10);
    assert!((weight(knockable) - prior(knockable) * tabula_ginrummy::ai::UNKNOCKED).abs() < 1e-12);
}
