//! Gin Rummy on the game contract: actions as typed, with an error that
//! says why for each bad one, and the view (the bot protocol's and the
//! page's JSON) that nothing unseen changes.

mod common;

use common::{dealt, random_state};
use tabula_contract::GameModule;
use tabula_ginrummy::cards::parse;
use tabula_ginrummy::*;
use tabula_search::{Game, Turn};

const HAND: &str = "As 2s 3s 5d 6d 7d 9c 9h Kc Qd";
const OTHER: &str = "Ah 4h 6h 8h 10h Js 2d 4c 6c 8c";

#[test]
fn actions_are_read_as_typed_and_bad_ones_explained() {
    let g = GinRummy::new(GinOptions::default()).unwrap();
    let mut s = dealt(&g, HAND, OTHER, "9s");
    let o = g.observation(&s, 1);
    assert_eq!(g.parse_action(&o, 1, "take"), Ok(Action::Take));
    assert_eq!(g.parse_action(&o, 1, " Pass "), Ok(Action::Pass));
    assert!(
        g.parse_action(&g.observation(&s, 0), 0, "take")
            .unwrap_err()
            .contains("not your turn")
    );
    assert!(g.parse_action(&o, 1, "draw").unwrap_err().contains("not legal"));
    g.apply(&mut s, Action::Take);
    let o = g.observation(&s, 1);
    assert_eq!(
        g.parse_action(&o, 1, "discard K♣"),
        Ok(Action::Discard(parse("Kc").unwrap()))
    );
    assert_eq!(g.parse_action(&o, 1, "qd"), Ok(Action::Discard(parse("Qd").unwrap())));
    assert!(g.parse_action(&o, 1, "discard 9s").unwrap_err().contains("just taken"));
    assert!(g.parse_action(&o, 1, "discard 4h").unwrap_err().contains("do not hold"));
    assert!(g.parse_action(&o, 1, "discard 11x").is_err());
    // K♣ out leaves Q♦ (10): a knock; A♠ out leaves 2♠ 3♠ K♣ Q♦ … 25.
    assert_eq!(
        g.parse_action(&o, 1, "knock kc"),
        Ok(Action::Knock(parse("Kc").unwrap()))
    );
    let err = g.parse_action(&o, 1, "knock as").unwrap_err();
    assert!(
        err.contains("leaves 25 deadwood") && err.contains("10 or less"),
        "{err}"
    );
    assert!(g.parse_action(&o, 1, "big gin").unwrap_err().contains("not legal"));
    // The text of every legal action reads back as itself.
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    for a in legal {
        assert_eq!(g.parse_action(&o, 1, &g.action_text(a)), Ok(a));
    }
}

#[test]
fn the_view_and_the_text_show_nothing_unseen() {
    let g = GinRummy::new(GinOptions::default()).unwrap();
    let mut checked = 0;
    for seed in 0..60 {
        let s = random_state(&g, seed, 20 + seed as usize * 5);
        for seat in 0..2 {
            let mut t = s.clone();
            if !swap_unseen(&mut t, seat) {
                continue;
            }
            let (a, b) = (g.observation(&s, seat), g.observation(&t, seat));
            assert_eq!(g.view(&a, seat).to_string(), g.view(&b, seat).to_string());
            assert_eq!(g.render(&a, seat), g.render(&b, seat));
            checked += 1;
        }
    }
    assert!(checked > 80, "{checked}");
    // Once a knock lays the hands down, the last hand shows both.
    let mut s = dealt(&g, "As 2s 3s 4s 5d 6d 7d 9c 9h 2c", OTHER, "9s");
    g.apply(&mut s, Action::Take);
    g.apply(&mut s, Action::Knock(parse("2c").unwrap()));
    assert_eq!(g.to_move(&s), Turn::Chance, "the next hand's deal");
    let v = g.view(&g.observation(&s, 0), 0);
    assert_eq!(v["last"]["ending"], "gin");
    // Nothing of seat 0's melds: 59 deadwood, and gin's 25.
    assert_eq!(v["last"]["points"], 25 + 59);
    assert_eq!(v["last"]["hands"][1]["points"], 0);
    assert_eq!(v["last"]["hands"][0]["deadwood"].as_array().unwrap().len(), 10);
    assert_eq!(v["scores"][1], 84);
    assert!(v["totals"].is_null());
}
