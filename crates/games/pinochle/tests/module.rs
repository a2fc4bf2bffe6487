//! The game on the contract: actions as typed and as shown, the text and
//! the view, the notes, the records that replay, the options' checks.

use tabula_cards::MatchRecord;
use tabula_contract::GameModule;
use tabula_pinochle::cards::name;
use tabula_pinochle::*;
use tabula_search::{Determinize, Game, Rng, Turn};

use crate::common::*;

/// Positions at each phase where a seat acts.
fn decisions() -> Vec<(Pinochle, State)> {
    let mut out = Vec::new();
    for pass in [0, 4] {
        let g = game(pass, 1500);
        for seed in 0..16 {
            let want = [Phase::Bid, Phase::Trump, Phase::Give, Phase::Play][seed as usize % 4];
            let mut s = g.initial_state();
            let mut rng = Rng::new(seed);
            play_until(&g, &mut s, &mut rng, |s| {
                s.public().phase() == want && (want != Phase::Play || u64::from(s.public().tricks.done) == seed % 7)
            });
            if matches!(g.to_move(&s), Turn::Seat(_)) {
                out.push((g, s));
            }
        }
    }
    out
}

#[test]
fn every_legal_action_reads_back_from_its_text() {
    let mut read = 0;
    for (g, s) in decisions() {
        let Turn::Seat(seat) = g.to_move(&s) else { continue };
        let o = g.observation(&s, seat);
        let mut legal = Vec::new();
        g.legal_from_observation(&o, seat, &mut legal);
        // The pass lists hundreds: a few of them.
        for &a in legal.iter().step_by(1 + legal.len() / 40) {
            let text = g.action_text(a);
            assert_eq!(g.parse_action(&o, seat, &text), Ok(a), "{text}");
            read += 1;
        }
    }
    assert!(read > 200, "{read}");
}

#[test]
fn typed_actions_are_read_in_the_words_players_use_and_bad_words_are_refused() {
    let g = game(4, 1500);
    let mut s = dealt(&g, [tabula_cards::CardSet::EMPTY; 4]);
    let o = g.observation(&s, 1);
    assert_eq!(g.parse_action(&o, 1, "bid 300"), Ok(Action::Bid(300)));
    assert_eq!(g.parse_action(&o, 1, "270"), Ok(Action::Bid(270)));
    assert_eq!(g.parse_action(&o, 1, " Pass "), Ok(Action::Pass));
    assert!(g.parse_action(&o, 1, "bid 255").unwrap_err().contains("not legal"));
    assert!(g.parse_action(&o, 1, "bid 200").is_err(), "under the minimum");
    assert!(g.parse_action(&o, 1, "bid lots").is_err());
    assert_eq!(
        g.parse_action(&g.observation(&s, 2), 2, "pass").unwrap_err(),
        "it is not your turn"
    );
    play(
        &g,
        &mut s,
        &[Action::Bid(250), Action::Pass, Action::Pass, Action::Pass],
    );
    let o = g.observation(&s, 1);
    for (text, suit) in [
        ("trump hearts", 2),
        ("♠", 3),
        ("clubs", 0),
        ("d", 1),
        ("trumps diamond", 1),
    ] {
        assert_eq!(g.parse_action(&o, 1, text), Ok(Action::Trump(suit)), "{text}");
    }
    assert!(g.parse_action(&o, 1, "trump stars").is_err());
    play(&g, &mut s, &[Action::Trump(2)]);
    // East passes: four of its cards by name.
    let o = g.observation(&s, 3);
    let four: Vec<String> = tabula_pinochle::cards::sorted(o.hand)
        .into_iter()
        .take(4)
        .map(name)
        .collect();
    let a = g.parse_action(&o, 3, &format!("give {}", four.join(" "))).unwrap();
    assert!(matches!(a, Action::Give(c) if c.len() == 4 && o.hand.contains_all(c)));
    assert!(
        g.parse_action(&o, 3, &format!("give {}", four[..3].join(" ")))
            .unwrap_err()
            .contains("pass 4")
    );
    let not_held = tabula_pinochle::cards::ALL - o.hand;
    let stranger = name(not_held.lowest().unwrap());
    let other = format!("give {} {}", stranger, four[..3].join(" "));
    let refused = g.parse_action(&o, 3, &other);
    assert!(
        refused.is_err()
            || tabula_pinochle::cards::count(o.hand, tabula_pinochle::cards::face(not_held.lowest().unwrap())) > 0
    );
}

#[test]
fn a_card_not_held_or_not_allowed_is_refused_with_the_cards_that_are() {
    let g = game(0, 1500);
    let h = duty_hands();
    let mut s = west_declares(&g, h, 2);
    let o = g.observation(&s, 1);
    let a = g.parse_action(&o, 1, "kc").unwrap();
    g.apply(&mut s, a);
    let o = g.observation(&s, 2);
    let e = g.parse_action(&o, 2, "9c").unwrap_err();
    assert!(e.contains("head the trick") && e.contains("10♣"), "{e}");
    assert!(g.parse_action(&o, 2, "As").unwrap_err().contains("do not hold"));
    assert!(g.parse_action(&o, 2, "8h").is_err(), "no eights in the deck");
    assert!(g.parse_action(&o, 2, "10c").is_ok());
}

#[test]
fn the_text_and_the_view_show_the_table_from_the_seats_side() {
    let g = game(4, 1500);
    let mut s = g.initial_state();
    let mut rng = Rng::new(6);
    play_until(&g, &mut s, &mut rng, |s| {
        s.public().phase() == Phase::Play && s.public().tricks.done == 2
    });
    let seat = 0;
    let o = g.observation(&s, seat);
    let text = g.render(&o, seat);
    assert!(text.contains("Auction:") && text.contains("trumps are"), "{text}");
    assert!(text.contains("melds"), "{text}");
    let v = serde_json::to_value(g.view(&o, seat)).unwrap();
    assert_eq!(v["phase"], "play");
    assert_eq!(v["hand"].as_array().unwrap().len(), o.hand.len());
    let melds = v["melds"].as_array().unwrap();
    assert_eq!(melds.len(), 4);
    for (k, m) in melds.iter().enumerate() {
        assert_eq!(m["points"], s.public().melds[k]);
        let listed: u64 = m["melds"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x["points"].as_u64().unwrap())
            .sum();
        assert_eq!(listed, u64::from(s.public().melds[k]));
    }
    assert_eq!(v["tricks"], 2);
    let d = usize::from(s.public().declarer.unwrap());
    assert_eq!(v["declarer"], d);
    assert!(v["trump"].as_str().is_some());
    if seat == d || seat == partner(d) {
        assert_eq!(v["gave"].as_array().unwrap().len(), 4);
    } else {
        assert!(v["gave"].as_array().unwrap().is_empty());
    }
}

#[test]
fn the_notes_tell_the_auction_the_meld_the_tricks_and_the_hand() {
    let g = game(4, 1500);
    let mut s = g.initial_state();
    let mut rng = Rng::new(8);
    let mut legal = Vec::new();
    let mut notes = Vec::new();
    while s.hand_no() == 0 && g.to_move(&s) != Turn::Terminal {
        let before = g.observation(&s, 0);
        let a = random_action(&g, &s, &mut rng, &mut legal);
        g.apply(&mut s, a);
        if let Some(n) = g.note(&before, &g.observation(&s, 0), 0) {
            notes.push(n);
        }
    }
    let all = notes.join("\n");
    assert!(all.contains("The deal is done: South holds"), "{all}");
    assert!(all.contains("wins the auction at"), "{all}");
    assert!(all.contains("Melds laid down"), "{all}");
    assert!(all.contains("takes the trick"), "{all}");
    assert!(all.contains("Hand 1 ends"), "{all}");
}

#[test]
fn a_match_record_replays_to_the_same_scores() {
    let g = game(4, 600);
    let mut s = g.initial_state();
    let mut rng = Rng::new(11);
    let mut legal = Vec::new();
    let mut actions = Vec::new();
    while g.to_move(&s) != Turn::Terminal && actions.len() < 3000 {
        let a = random_action(&g, &s, &mut rng, &mut legal);
        actions.push(a);
        g.apply(&mut s, a);
    }
    let record = MatchRecord::of(&g, &actions).unwrap();
    let json = serde_json::to_string(&record).unwrap();
    let back: Record = serde_json::from_str(&json).unwrap();
    let replayed = back.replay().unwrap();
    assert_eq!(replayed.scores(), s.scores());
    assert_eq!(replayed, s);
    // A record with an illegal action does not replay.
    let mut bad = actions.clone();
    let k = bad.iter().position(|a| matches!(a, Action::Play(_))).unwrap();
    bad[k] = Action::Bid(250);
    assert!(MatchRecord::of(&g, &bad).is_err());
}

#[test]
fn options_out_of_range_are_refused() {
    for bad in [
        r#"{"pass": 2}"#,
        r#"{"min_bid": 255}"#,
        r#"{"min_bid": 0}"#,
        r#"{"end_score": 0}"#,
        r#"{"all_pass": "shuffle"}"#,
        r#"{"trumps": "hearts"}"#,
    ] {
        let parsed: Result<PinochleOptions, _> = serde_json::from_str(bad);
        assert!(parsed.map(Pinochle::new).map(|r| r.is_err()).unwrap_or(true), "{bad}");
    }
    let ok: PinochleOptions = serde_json::from_str(r#"{"pass": 3, "all_pass": "redeal", "minus_out": false}"#).unwrap();
    assert!(Pinochle::new(ok).is_ok());
}
