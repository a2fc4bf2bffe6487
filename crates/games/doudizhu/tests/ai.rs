//! The computer: threat-gated yielding to the partner ("safe pass",
//! "must take over") at every level, going out never thrown away,
//! bidding by strength, each level reproducible by seed, and every level
//! playing whole matches legally.

use crate::common;

use common::{play, position};
use tabula_doudizhu::ai::{bid_for, strength};
use tabula_doudizhu::solver::{Endgame, Solver};
use tabula_doudizhu::*;
use tabula_search::{Game, Player, Rng, Turn};

fn choose(level: u8, game: &DouDizhu, s: &State) -> Action {
    let Turn::Seat(seat) = game.to_move(s) else {
        panic!("a seat to act")
    };
    DdzAi::new(level, 7)
        .choose(game, &game.observation(s, seat), seat)
        .action
        .unwrap()
}

fn game() -> DouDizhu {
    DouDizhu::new(DdzOptions::default()).unwrap()
}

/// Plays `first` from `s`, then every seat as `level` does, to the deal's
/// end: whether the peasants won.
fn peasants_win_after(game: &DouDizhu, s: &State, first: Action, level: u8) -> bool {
    let mut s = s.clone();
    game.apply(&mut s, first);
    let round = s.round_no();
    while s.round_no() == round && !s.is_over() {
        let a = choose(level, game, &s);
        game.apply(&mut s, a);
    }
    !s.last_deal().unwrap().landlord_won
}

/// Whether the landlord wins after `a` from `s` with best play on both
/// sides: the exact solver's value.
fn landlord_wins_after(s: &State, a: Action) -> bool {
    let after = Endgame::of(s).expect("a position of the play").after(a);
    after
        .landlord_won()
        .or_else(|| Solver::new(true, 12).landlord_wins(&after, u64::MAX))
        .expect("no node limit")
}

#[test]
fn a_safe_pass_lets_the_partner_go_out() {
    // North (a peasant) played a 7 and holds one card; the landlord,
    // with A A 2, passed. East passing clears the trick: North leads its
    // last card and the peasants win. Taking over loses: the landlord
    // covers the 8 or the K with its 2 or an A and then plays out. The
    // landlord is not next to East, so no level is pushed to take over.
    let g = game();
    let s = position(&g, ["A A 2", "4 4 8 K", "3"], 0, 1, Some((2, "7")));
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal, [Action::Pass, play("8"), play("K")]);
    assert!(!landlord_wins_after(&s, Action::Pass), "the pass wins");
    for &take_over in &legal[1..] {
        assert!(landlord_wins_after(&s, take_over), "{take_over:?} loses");
    }
    for level in 1..=4 {
        assert_eq!(choose(level, &g, &s), Action::Pass, "level {level} yields");
    }
}

#[test]
fn a_peasant_takes_over_when_the_landlord_would_go_out() {
    // East (a peasant) played 5 5 and holds a 2. North is next, then the
    // landlord with K K: a pass lets the landlord go out on the fives.
    // North takes over with A A, leads its 3, and a peasant goes out.
    let g = game();
    let s = position(&g, ["K K", "2", "A A 3"], 0, 2, Some((1, "5 5")));
    assert!(landlord_wins_after(&s, Action::Pass), "yielding loses");
    assert!(!landlord_wins_after(&s, play("A A")), "taking over wins");
    assert!(
        !peasants_win_after(&g, &s, Action::Pass, 2),
        "yielding loses in play too"
    );
    assert!(
        peasants_win_after(&g, &s, play("A A"), 2),
        "taking over wins in play too"
    );
    for level in 1..=4 {
        assert_eq!(choose(level, &g, &s), play("A A"), "level {level} takes over");
    }
}

#[test]
fn going_out_is_never_thrown_away() {
    let g = game();
    // East can go out with its straight on the landlord's lower one.
    let s = position(&g, ["3 3 K K 2", "4 5 6 7 8", "9 9 J"], 0, 1, Some((0, "3 4 5 6 7")));
    let s = {
        // The landlord's straight came from cards it no longer holds.
        s
    };
    for level in 1..=4 {
        assert_eq!(choose(level, &g, &s), play("4 5 6 7 8"), "level {level}");
    }
    // A lead that is the whole hand.
    let s = position(&g, ["3 3 3 4", "5 6", "9 J"], 0, 0, None);
    for level in 1..=4 {
        assert_eq!(choose(level, &g, &s), play("3 3 3 4"), "level {level}");
    }
}

#[test]
fn bids_follow_the_hands_strength() {
    let strong = parse_counts("3 4 5 6 7 8 9 9 10 J Q K A 2 2 SJ BJ").unwrap();
    let weak = parse_counts("3 3 4 5 5 6 7 7 8 9 9 10 J J Q K K").unwrap();
    assert!(strength(strong) > strength(weak));
    assert_eq!(bid_for(strong, 0), 3);
    assert_eq!(bid_for(weak, 0), 0, "a weak hand passes");
    assert_eq!(bid_for(strong, 3), 0, "nothing tops a 3");
}

#[test]
fn each_level_is_reproducible_by_seed() {
    let g = game();
    let mut rng = Rng::new(11);
    let mut s = g.initial_state();
    let mut checked = 0;
    while checked < 12 && !s.is_over() {
        let a = match g.to_move(&s) {
            Turn::Chance => g.sample_chance(&s, &mut rng),
            Turn::Seat(seat) => {
                let o = g.observation(&s, seat);
                let level = 1 + (checked % 4) as u8;
                let a = DdzAi::new(level, 3).choose(&g, &o, seat);
                let b = DdzAi::new(level, 3).choose(&g, &o, seat);
                assert_eq!(a.action, b.action, "level {level}");
                assert_eq!(a.stats.root, b.stats.root, "level {level}");
                checked += 1;
                a.action.unwrap()
            }
            Turn::Terminal => break,
        };
        g.apply(&mut s, a);
    }
    assert_eq!(checked, 12);
}

#[test]
fn every_level_plays_whole_matches_legally() {
    let g = DouDizhu::new(DdzOptions {
        match_deals: 2,
        ..DdzOptions::default()
    })
    .unwrap();
    for levels in [[1, 2, 3], [4, 1, 2]] {
        let mut ais: Vec<DdzAi> = (0..3).map(|k| DdzAi::new(levels[k], k as u64)).collect();
        let mut rng = Rng::new(u64::from(levels[0]));
        let mut s = g.initial_state();
        let mut legal = Vec::new();
        let mut plies = 0;
        while !s.is_over() {
            let a = match g.to_move(&s) {
                Turn::Chance => g.sample_chance(&s, &mut rng),
                Turn::Seat(seat) => {
                    let a = ais[seat].choose(&g, &g.observation(&s, seat), seat).action.unwrap();
                    g.legal_actions(&s, &mut legal);
                    assert!(legal.contains(&a), "{a:?} is legal");
                    a
                }
                Turn::Terminal => break,
            };
            g.apply(&mut s, a);
            plies += 1;
            assert!(plies < 5000);
        }
        assert_eq!(s.deal_no(), 2);
        assert_eq!(s.scores().iter().sum::<i64>(), 0, "a zero-sum match");
    }
}

#[test]
fn a_decision_does_not_depend_on_the_calls_before_it() {
    // One computer per level asked the same question first, then after
    // other decisions: the same answer, with the same statistics.
    let g = game();
    let first = position(
        &g,
        ["3 3 4 5 6 7 9 9 J Q", "4 8 8 10 K A", "5 6 10 J 2 2 SJ"],
        0,
        0,
        None,
    );
    let others = [
        position(&g, ["3 4 4 5 9", "6 6 7 7 8 8 10", "J Q K 2"], 0, 1, Some((0, "3"))),
        position(&g, ["5 5 6 6", "9 10 J Q K A", "3 3 3 4"], 2, 2, None),
    ];
    for level in 1..=4 {
        let mut ai = DdzAi::new(level, 5);
        let o = g.observation(&first, 0);
        let before = ai.choose(&g, &o, 0);
        for s in &others {
            let seat = s.to_act();
            ai.choose(&g, &g.observation(s, seat), seat);
        }
        let after = ai.choose(&g, &o, 0);
        assert_eq!(
            (before.action, before.stats.root),
            (after.action, after.stats.root),
            "level {level}"
        );
    }
}

#[test]
fn a_thrown_in_deal_rewards_nobody_in_the_search() {
    use tabula_cards::HandRules;
    let g = game();
    // A deal played out: the side that went out is rewarded.
    let mut s = position(&g, ["3", "4 4", "5 5"], 0, 0, None);
    g.apply(&mut s, play("3"));
    assert_eq!(g.hand_rewards(&s).as_slice(), [1.0, -1.0, -1.0]);
    // The next deal thrown in: its rewards are not the last deal's.
    let mut rng = Rng::new(3);
    while s.phase() == Phase::Deal {
        let a = g.sample_chance(&s, &mut rng);
        g.apply(&mut s, a);
    }
    for _ in 0..3 {
        g.apply(&mut s, Action::Bid(0));
    }
    assert!(s.last_deal().is_some(), "the last deal is still shown");
    assert_eq!(g.hand_rewards(&s).as_slice(), [0.0, 0.0, 0.0]);
}
