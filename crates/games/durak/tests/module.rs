//! The game on the contract: actions as typed and as shown, the text and
//! the view, the note at a deal's end, the options' checks.

use tabula_contract::GameModule;
use tabula_durak::*;
use tabula_search::{Determinize, Game, Turn};

use crate::common::*;

#[test]
fn every_legal_action_reads_back_from_its_text() {
    for players in [2, 3, 5] {
        let g = Durak::new(DurakOptions {
            players,
            transfer: true,
            ..DurakOptions::default()
        })
        .unwrap();
        for seed in 0..6 {
            for plies in [36, 40, 55, 80, 120] {
                let s = random_state(&g, seed, plies);
                let Turn::Seat(seat) = g.to_move(&s) else { continue };
                let o = g.observation(&s, seat);
                let mut legal = Vec::new();
                g.legal_from_observation(&o, seat, &mut legal);
                for &a in &legal {
                    let text = g.action_text(a);
                    assert_eq!(g.parse_action(&o, seat, &text), Ok(a), "{text}");
                }
            }
        }
    }
}

#[test]
fn a_bare_card_is_the_one_move_it_can_be_and_bad_words_are_refused() {
    let g = game(2, 1);
    let mut s = g.initial_state();
    deal_order(&g, &mut s, &pack());
    let Turn::Seat(seat) = g.to_move(&s) else { panic!() };
    let o = g.observation(&s, seat);
    let card = o.hand.lowest().unwrap();
    let text = name(card);
    assert_eq!(g.parse_action(&o, seat, &text), Ok(Action::Move(Move::Attack(card))));
    assert!(g.parse_action(&o, seat, "take").is_err(), "the attacker cannot take");
    assert!(g.parse_action(&o, seat, "fly away").is_err());
    let other = s.deal().unwrap().hand(1 - seat).lowest().unwrap();
    let e = g.parse_action(&o, seat, &name(other)).unwrap_err();
    assert!(e.contains("do not hold"), "{e}");
    let o1 = g.observation(&s, 1 - seat);
    assert_eq!(
        g.parse_action(&o1, 1 - seat, "pass").unwrap_err(),
        "it is not your turn"
    );
}

#[test]
fn the_text_and_the_view_show_the_table_from_the_players_side() {
    let g = game(3, 2);
    let s = random_state(&g, 4, 41);
    let Turn::Seat(seat) = g.to_move(&s) else {
        panic!("a seat moves")
    };
    let o = g.observation(&s, seat);
    let text = g.render(&o, seat);
    assert!(text.contains("Trumps:"), "{text}");
    assert!(text.contains("Your hand:"), "{text}");
    let v = serde_json::to_value(g.view(&o, seat)).unwrap();
    assert_eq!(v["players"], 3);
    assert_eq!(v["hand"].as_array().unwrap().len(), o.hand.len());
    assert!(["lead", "defend", "throw"].contains(&v["phase"].as_str().unwrap()));
    assert_eq!(v["seats"].as_array().unwrap().len(), 3);
    assert_eq!(v["deal_no"], 1);
}

#[test]
fn a_note_tells_the_end_of_each_deal() {
    let g = game(2, 2);
    let mut before = g.initial_state();
    let mut rng = tabula_search::Rng::new(1);
    let mut legal = Vec::new();
    let mut notes = 0;
    while !before.is_over() {
        let mut after = before;
        let a = match g.to_move(&before) {
            Turn::Chance => g.sample_chance(&before, &mut rng),
            _ => {
                g.legal_actions(&before, &mut legal);
                *rng.choose(&legal).unwrap()
            }
        };
        g.apply(&mut after, a);
        if let Some(n) = g.note(&g.observation(&before, 0), &g.observation(&after, 0), 0) {
            if n.starts_with("Deal") {
                notes += 1;
                assert!(n.contains("durak") || n.contains("draw"), "{n}");
            }
        }
        before = after;
    }
    assert_eq!(notes, 2);
}

#[test]
fn actions_in_json_are_the_deal_or_the_bout_move_as_it_is() {
    let cases = [
        (Action::Deal(c("6c")), r#"{"deal":0}"#),
        (Action::Move(Move::Attack(c("7c"))), r#"{"attack":1}"#),
        (
            Action::Move(Move::Defend {
                attack: c("7c"),
                with: c("8c"),
            }),
            r#"{"defend":{"attack":1,"with":2}}"#,
        ),
        (Action::Move(Move::Take), r#""take""#),
        (Action::Move(Move::Pass), r#""pass""#),
        (Action::Move(Move::Transfer(c("7d"))), r#"{"transfer":10}"#),
    ];
    for (a, json) in cases {
        assert_eq!(serde_json::to_string(&a).unwrap(), json);
        assert_eq!(serde_json::from_str::<Action>(json).unwrap(), a);
    }
}
