//! The perfect player against the searches: Bouton's rule (and its misère
//! exception) gives the game value of every small position, as alpha-beta
//! computes it; the game passes the conformance suite.

use tabula_contract::GameModule;
use tabula_nim::{Nim, State, Take};
use tabula_search::*;

/// Every position with up to three heaps of up to four counters.
fn positions() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for a in 0..=4 {
        out.push(vec![a]);
        for b in 0..=4 {
            out.push(vec![a, b]);
            for c in 0..=4 {
                out.push(vec![a, b, c]);
            }
        }
    }
    out.retain(|h| h.iter().any(|&x| x > 0));
    out
}

#[test]
fn the_winning_rule_is_the_game_value() {
    let (mut won, mut lost) = (0, 0);
    for misere in [false, true] {
        for heaps in positions() {
            let nim = Nim::new(&heaps, misere).unwrap();
            let s = nim.start();
            let mut ab = AlphaBeta::new(AlphaBetaConfig::plain());
            let r = ab.search(&nim, &s, None, &Utility, &NaturalOrder, &Budget::unlimited());
            let win = nim.winning_move(&s);
            assert_eq!(win.is_some(), r.value > 0.0, "{heaps:?} misère {misere}");
            if let Some(m) = win {
                // The rule's move keeps the win: the opponent then has none.
                let mut after = s;
                nim.apply(&mut after, m);
                let opp = ab.search(&nim, &after, None, &Utility, &NaturalOrder, &Budget::unlimited());
                assert!(
                    nim.to_move(&after) == Turn::Terminal || opp.value < 0.0,
                    "{heaps:?} {m:?}"
                );
                won += 1;
            } else {
                lost += 1;
            }
        }
    }
    assert!(won > 100 && lost > 20, "{won} {lost}");
}

#[test]
fn moves_read_and_print_and_bad_ones_are_explained() {
    let nim = Nim::default_game();
    let s = nim.start();
    assert_eq!(nim.parse_action(&s, 0, " 2:3 "), Ok(Take { heap: 1, count: 3 }));
    assert_eq!(nim.action_text(Take { heap: 1, count: 3 }), "2:3");
    assert!(nim.parse_action(&s, 0, "4:1").unwrap_err().contains("numbered 1 to 3"));
    assert!(nim.parse_action(&s, 0, "1:4").unwrap_err().contains("take 1 to 3"));
    assert!(nim.parse_action(&s, 0, "x").unwrap_err().contains("not a move"));
    // An observation from outside must be reachable from the start.
    let grown: State = serde_json::from_str(r#"{"heaps":[3,9,5],"to_move":0}"#).unwrap();
    assert!(nim.check_observation(&grown, 0).is_err());
    assert!(serde_json::from_str::<State>(r#"{"heaps":[3],"to_move":0,"extra":1}"#).is_err());
}

#[test]
fn conformance() {
    let nim = Nim::new(&[2, 3, 1], true).unwrap();
    let candidates: Vec<Take> = (0..4)
        .flat_map(|h| (0..5).map(move |c| Take { heap: h, count: c }))
        .collect();
    let report = tabula_conformance::check(&nim, &[nim.start()], &candidates, &Default::default());
    assert!(report.terminals > 0);
}
