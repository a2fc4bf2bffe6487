//! Indian Rummy on the game contract: actions typed in words, the text
//! and the view of a player, the options' checks, the observation checked
//! from outside, and the bot protocol's documented example.

use tabula_contract::GameModule;
use tabula_indianrummy::*;
use tabula_search::Game;

use crate::common::*;

#[test]
fn actions_read_in_words_and_refuse_what_is_not_legal() {
    let g = game(2, Format::Points);
    let mut s = two(
        &g,
        "3h 4h 5h 8c 9c Jk Kd Ks Kh 7s 7d 7h 2c",
        &(FILLER.to_owned() + " 5s"),
        "7c",
    );
    let o = g.observation(&s, 1);
    assert_eq!(g.parse_action(&o, 1, "draw"), Ok(Action::Draw));
    assert_eq!(g.parse_action(&o, 1, " Take "), Ok(Action::Take));
    assert_eq!(g.parse_action(&o, 1, "drop"), Ok(Action::Drop));
    assert!(g.parse_action(&o, 1, "discard 2c").unwrap_err().contains("not legal"));
    assert_eq!(
        g.parse_action(&g.observation(&s, 0), 0, "draw"),
        Err("it is not your turn".into())
    );
    g.apply(&mut s, Action::Take);
    let o = g.observation(&s, 1);
    assert_eq!(g.parse_action(&o, 1, "2♣"), Ok(held(&s, "2c", Action::Discard)));
    assert_eq!(g.parse_action(&o, 1, "discard 2c"), Ok(held(&s, "2c", Action::Discard)));
    assert_eq!(g.parse_action(&o, 1, "declare 2c"), Ok(held(&s, "2c", Action::Declare)));
    assert_eq!(g.parse_action(&o, 1, "show Jk"), Ok(held(&s, "Jk", Action::Declare)));
    assert!(g.parse_action(&o, 1, "discard 7c").unwrap_err().contains("just taken"));
    assert!(g.parse_action(&o, 1, "discard Qh").unwrap_err().contains("do not hold"));
    assert!(g.parse_action(&o, 1, "discard 1x").is_err());
    let a = held(&s, "2c", Action::Declare);
    assert_eq!(g.action_text(a), "declare 2♣");
}

#[test]
fn the_text_and_the_view_show_the_hand_in_groups_and_the_valid_shows() {
    let g = game(2, Format::Points);
    let mut s = two(
        &g,
        "3h 4h 5h 8c 9c Jk Kd Ks Kh 7s 7d 7h 2c",
        &(FILLER.to_owned() + " 5s"),
        "7c",
    );
    g.apply(&mut s, Action::Take);
    let o = g.observation(&s, 1);
    let text = g.render(&o, 1);
    assert!(text.contains("Wild: 6 (cut 6♣)"), "{text}");
    assert!(text.contains("[7♣ 8♣ 9♣] pure"), "{text}");
    assert!(text.contains("a valid show: declare 2♣"), "{text}");
    let v = serde_json::to_value(g.view(&o, 1)).unwrap();
    assert_eq!(v["phase"], "discard");
    assert_eq!(v["wild"], "6");
    assert_eq!(v["declares"], serde_json::json!(["2♣"]));
    assert_eq!(v["taken"], "7♣");
    assert_eq!(v["seats"][1]["known"], serde_json::json!(["7♣"]));
    assert_eq!(v["seats"][0]["count"], 13);
    assert_eq!(v["hand"]["lives"], true);
    assert!(
        v["hand"]["groups"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["kind"] == "pure")
    );
    // South's view: West's count and the card it took, nothing else of it.
    let south = serde_json::to_string(&g.view(&g.observation(&s, 0), 0)).unwrap();
    assert!(!south.contains("K♦") || FILLER.contains("Kd"));
    // After the show: the summary.
    let a = held(&s, "2c", Action::Declare);
    g.apply(&mut s, a);
    let v = serde_json::to_value(g.view(&g.observation(&s, 0), 0)).unwrap();
    assert_eq!(v["last"]["ending"], "declared");
    assert_eq!(v["last"]["winner"], 1);
    assert_eq!(v["last"]["finish"], "2♣");
    assert!(v["last"]["shown"][1]["groups"].as_array().unwrap().len() >= 4);
}

#[test]
fn options_out_of_range_are_refused_in_words() {
    let bad = |o: IndianOptions| IndianRummy::new(o).unwrap_err();
    assert!(
        bad(IndianOptions {
            players: 7,
            ..IndianOptions::default()
        })
        .contains("players is 2 to 6")
    );
    assert!(
        bad(IndianOptions {
            players: 1,
            ..IndianOptions::default()
        })
        .contains("players")
    );
    assert!(
        bad(IndianOptions {
            deals: 101,
            ..IndianOptions::default()
        })
        .contains("deals")
    );
    let o: Result<IndianOptions, _> = serde_json::from_str(r#"{"format":"pool301"}"#);
    assert!(o.is_err());
    let o: IndianOptions = serde_json::from_str(r#"{"players":4,"format":"pool201","rejoin":true}"#).unwrap();
    assert_eq!((o.players, o.format, o.rejoin, o.deals), (4, Format::Pool201, true, 0));
}

#[test]
fn an_observation_from_outside_is_checked() {
    let g = game(2, Format::Points);
    let (s, seat) = decision(&g, Phase::Discard, 3);
    let other = 1 - seat;
    let o = g.observation(&s, other);
    assert_eq!(g.check_observation(&o, other), Ok(()));
    assert!(g.check_observation(&o, seat).is_err());
    let mut wrong = o.clone();
    wrong.counts[seat] += 1;
    assert!(g.check_observation(&wrong, other).is_err());
    let mut wrong = o.clone();
    wrong.pile.push(wrong.hand.lowest().unwrap());
    assert!(g.check_observation(&wrong, other).is_err());
    let mut wrong = o.clone();
    wrong.players = 3;
    assert!(g.check_observation(&wrong, other).is_err());
}

/// The bot protocol's example for Indian Rummy (docs/bot-protocol.md):
/// the action forms, as JSON, read as the game's actions.
#[test]
fn the_documented_action_forms_read_as_actions() {
    for (json, action) in [
        (r#""draw""#, Action::Draw),
        (r#""take""#, Action::Take),
        (r#""drop""#, Action::Drop),
        (r#"{"discard":14}"#, Action::Discard(tabula_cards::CardId(14))),
        (r#"{"declare":104}"#, Action::Declare(tabula_cards::CardId(104))),
    ] {
        assert_eq!(serde_json::from_str::<Action>(json).unwrap(), action);
        assert_eq!(serde_json::to_string(&action).unwrap(), json);
    }
}
