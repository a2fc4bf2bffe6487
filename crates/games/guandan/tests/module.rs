//! Guandan on the game contract: actions as typed, with an error that
//! says why for each bad one and never echoes a long input; every legal
//! action's text reads back as itself; the view sorts the hand at the
//! level and marks the wild hearts; the notes of the deal, the tribute
//! and a hand's end; records that replay.

use tabula_contract::GameModule;
use tabula_guandan::moves::Kind;
use tabula_guandan::*;
use tabula_search::{Game, Turn};

use crate::common::{after_hand, position};

fn game() -> Guandan {
    Guandan::new(GuandanOptions::default()).unwrap()
}

fn play_of(a: Action) -> Play {
    match a {
        Action::Play(p) => p,
        other => panic!("{other:?} is no play"),
    }
}

#[test]
fn plays_are_read_as_typed_and_bad_ones_explained() {
    let g = game();
    // Level 2: the 2♥ is wild.
    let s = position(
        ["3s 3h 4s 4h 5s 5h 5s 6s 7s 8s 9s SJ 2h", "7c 7d 8c", "Kc Kd", "Ac Ad"],
        0,
        0,
    );
    let o = g.observation(&s, 0);
    let tube = play_of(g.parse_action(&o, 0, "3 3 4 4 5 5").unwrap());
    assert_eq!(tube.combo.kind, Kind::Tube);
    assert_eq!(g.parse_action(&o, 0, "play tube 3 3 4 4 5 5"), Ok(Action::Play(tube)));
    assert_eq!(g.action_text(Action::Play(tube)), "play tube 3 3 4 4 5 5");
    // Named cards: the wild 2♥ stands in for the third five.
    let triple = play_of(g.parse_action(&o, 0, "5h 5s 2h").unwrap());
    assert_eq!(triple.combo.kind, Kind::Triple);
    // A straight's ranks are the straight; with its kind and suit, the
    // straight flush (a bomb).
    let straight = play_of(g.parse_action(&o, 0, "5 6 7 8 9").unwrap());
    assert_eq!(straight.combo.kind, Kind::Straight);
    let flush = play_of(g.parse_action(&o, 0, "straight flush ♠ 5 6 7 8 9").unwrap());
    assert_eq!((flush.combo.kind, flush.suit), (Kind::StraightFlush, 3));
    assert_eq!(
        g.parse_action(&o, 0, "straight flush 5 6 7 8 9 spades"),
        Ok(Action::Play(flush))
    );
    // What cannot be played says why.
    assert!(g.parse_action(&o, 0, "pass").unwrap_err().contains("cannot pass"));
    assert!(
        g.parse_action(&o, 0, "K K")
            .unwrap_err()
            .contains("no combination of your hand")
    );
    assert!(g.parse_action(&o, 0, "3 4").unwrap_err().contains("no combination"));
    assert!(g.parse_action(&o, 0, "Kc").unwrap_err().contains("do not hold"));
    assert!(
        g.parse_action(&o, 0, "play")
            .unwrap_err()
            .contains("name a combination")
    );
    let long = "Z".repeat(5000);
    let err = g.parse_action(&o, 0, &long).unwrap_err();
    assert!(err.len() < 100, "the error does not echo a long input: {err}");
    assert!(
        g.parse_action(&g.observation(&s, 1), 1, "7 7")
            .unwrap_err()
            .contains("not your turn")
    );
    // Every legal action's text reads back as itself.
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert!(legal.len() > 30);
    for &a in &legal {
        assert_eq!(g.parse_action(&o, 0, &g.action_text(a)), Ok(a), "{}", g.action_text(a));
    }
    // An answer must beat the play to beat.
    let mut t = s.clone();
    g.apply(&mut t, g.parse_action(&o, 0, "3").unwrap());
    let o1 = g.observation(&t, 1);
    assert!(g.parse_action(&o1, 1, "3").unwrap_err().contains("that beats single 3"));
    assert!(g.parse_action(&o1, 1, "7").is_ok());
    assert_eq!(g.parse_action(&o1, 1, "pass"), Ok(Action::Pass));
}

#[test]
fn tribute_and_return_are_read_as_typed() {
    let g = game();
    // Seat 3 was last: it gives South (first out) its highest card, an
    // ace (of two suits); South gives back a card of ten or lower.
    let s = after_hand(["3c 4c Kd", "5c 6c", "7c 8c", "Ac As 9d 9h"], 0, [0, 1, 2, 3]);
    assert_eq!(s.phase(), Phase::Tribute);
    let o = g.observation(&s, 3);
    let t = g.parse_action(&o, 3, "tribute A♠").unwrap();
    assert_eq!(g.parse_action(&o, 3, "As"), Ok(t));
    assert!(g.parse_action(&o, 3, "9d").unwrap_err().contains("highest"));
    assert!(g.parse_action(&o, 3, "pass").is_err());
    let mut s2 = s.clone();
    g.apply(&mut s2, t);
    let o0 = g.observation(&s2, 0);
    let r = g.parse_action(&o0, 0, "return 3c").unwrap();
    assert_eq!(g.parse_action(&o0, 0, "3♣"), Ok(r));
    assert!(g.parse_action(&o0, 0, "Kd").unwrap_err().contains("ten or lower"));
    g.apply(&mut s2, r);
    assert_eq!(g.to_move(&s2), Turn::Seat(3), "the giver leads");
    assert_eq!(g.action_text(t), "tribute A♠");
    assert_eq!(g.action_text(r), "return 3♣");
}

#[test]
fn the_view_sorts_the_hand_at_the_level_and_marks_the_wild_hearts() {
    let g = game();
    // Level 7: the 7s rank above the ace, the 7♥ is wild.
    let s = position(["7h 7s Ac 3d BJ 8c", "5c", "6c", "9c"], 5, 0);
    let v = g.view(&g.observation(&s, 0), 0);
    let cards: Vec<&str> = v.hand.iter().map(|c| c.card.as_str()).collect();
    assert_eq!(cards, ["3♦", "8♣", "A♣", "7♠", "7♥", "BJ"]);
    let wild: Vec<bool> = v.hand.iter().map(|c| c.wild).collect();
    assert_eq!(wild, [false, false, false, false, true, false]);
    assert_eq!((v.level.as_str(), v.level_card.as_str()), ("7", "7♥"));
    assert_eq!(v.to_move, Some(0));
    assert!(g.render(&g.observation(&s, 0), 0).contains("7♥*"));
}

#[test]
fn the_trick_shows_each_seat_s_last_play_and_passes() {
    let g = game();
    let mut s = position(["3c 3d 9c", "4c 4d Kc", "5c 6c", "Ac Ad"], 0, 0);
    for text in ["3 3", "4 4", "pass", "A A"] {
        let seat = g.to_move(&s).seat().unwrap();
        let a = g.parse_action(&g.observation(&s, seat), seat, text).unwrap();
        g.apply(&mut s, a);
    }
    let v = g.view(&g.observation(&s, 2), 2);
    let shown: Vec<(Vec<String>, bool)> = v.trick.iter().map(|m| (m.cards.clone(), m.passed)).collect();
    assert_eq!(
        shown,
        [
            (vec!["3♣".to_string(), "3♦".into()], false),
            (vec!["4♣".into(), "4♦".into()], false),
            (vec![], true),
            (vec!["A♣".into(), "A♦".into()], false),
        ]
    );
    assert_eq!(v.last.as_ref().map(|l| l.text.as_str()), Some("pair A A"));
}

#[test]
fn notes_tell_the_deal_the_tribute_and_the_hand_s_end() {
    let g = game();
    // A hand ends: South goes out first, North second.
    let mut s = position(["3c", "9c 9d", "4c", "Kc Kd"], 0, 0);
    let before = g.observation(&s, 1);
    for text in ["3", "pass", "4"] {
        let seat = g.to_move(&s).seat().unwrap();
        let a = g.parse_action(&g.observation(&s, seat), seat, text).unwrap();
        g.apply(&mut s, a);
    }
    let note = g
        .note(&before, &g.observation(&s, 1), 1)
        .expect("a note at the hand's end");
    assert!(note.contains("South, North"), "{note}");
    assert!(note.contains("go up 3"), "{note}");
    // The next hand's deal, then the tribute of both losers.
    let mut rng = tabula_search::Rng::new(6);
    while g.to_move(&s) == Turn::Chance {
        let before = g.observation(&s, 1);
        let a = g.sample_chance(&s, &mut rng);
        g.apply(&mut s, a);
        if g.to_move(&s) != Turn::Chance {
            let note = g
                .note(&before, &g.observation(&s, 1), 1)
                .expect("a note at the deal's end");
            assert!(note.starts_with("The deal is done: East holds"), "{note}");
        }
    }
    assert_eq!(s.phase(), Phase::Tribute, "this deal is not resisted");
    {
        let before = g.observation(&s, 0);
        while s.phase() == Phase::Tribute {
            let mut legal = Vec::new();
            g.legal_actions(&s, &mut legal);
            g.apply(&mut s, legal[0]);
        }
        let note = g
            .note(&before, &g.observation(&s, 0), 0)
            .expect("a note when the tributes are given");
        assert!(note.starts_with("Tribute: "), "{note}");
        assert_eq!(note.matches(" gives ").count(), 2, "both losers give: {note}");
    }
}

#[test]
fn records_replay_to_the_same_match() {
    let g = Guandan::new(GuandanOptions {
        start_level: 11,
        ..GuandanOptions::default()
    })
    .unwrap();
    let mut s = g.initial_state();
    let mut rng = tabula_search::Rng::new(9);
    let mut actions = Vec::new();
    let mut legal = Vec::new();
    while g.to_move(&s) != Turn::Terminal && actions.len() < 600 {
        let a = match g.to_move(&s) {
            Turn::Chance => g.sample_chance(&s, &mut rng),
            _ => {
                g.legal_actions(&s, &mut legal);
                legal[rng.below(legal.len() as u64) as usize]
            }
        };
        g.apply(&mut s, a);
        actions.push(a);
    }
    let record = Record::of(&g, &actions).unwrap();
    let json = serde_json::to_string(&record).unwrap();
    let back: Record = serde_json::from_str(&json).unwrap();
    assert_eq!(back.replay().unwrap(), s);
    // A record with an illegal action does not replay.
    let mut bad = actions.clone();
    bad.push(Action::Tribute(0));
    assert!(Record::of(&g, &bad).is_err());
}

#[test]
fn observations_no_position_has_are_refused() {
    let g = game();
    let s = position(["3c 3d 9c", "4c 4d Kc", "5c 6c", "Ac Ad"], 0, 0);
    let o = g.observation(&s, 1);
    assert_eq!(g.check_observation(&o, 1), Ok(()));
    // A seat without cards that is not out, at play.
    let mut empty = o.clone();
    empty.counts[2] = 0;
    assert!(g.check_observation(&empty, 1).unwrap_err().contains("nothing to do"));
    // A tribute phase where the seat to act owes none.
    let mut tribute = o.clone();
    tribute.phase = Phase::Tribute;
    assert!(g.check_observation(&tribute, 1).unwrap_err().contains("nothing to do"));
    // Failures at A count up without a drop (the national rules), and
    // stay below the drop when there is one.
    let mut many = o.clone();
    many.failures = [12, 0];
    assert_eq!(g.check_observation(&many, 1), Ok(()));
    let pagat = Guandan::new(GuandanOptions {
        a_failures: 3,
        ..GuandanOptions::default()
    })
    .unwrap();
    let mut dropped = many.clone();
    dropped.options = pagat.options();
    dropped.failures = [3, 0];
    assert!(
        pagat
            .check_observation(&dropped, 1)
            .unwrap_err()
            .contains("out of range")
    );
    dropped.failures = [2, 0];
    assert_eq!(pagat.check_observation(&dropped, 1), Ok(()));
}
