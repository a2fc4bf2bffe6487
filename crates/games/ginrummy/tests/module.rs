//! Gin Rummy on the game contract: actions as typed, with an error that
//! says why for each bad one, the view (the bot protocol's and the
//! page's JSON) and what it shows once a knock lays the hands down, and records of the
//! computer's matches that replay, tampered ones refused.

use crate::common;

use common::dealt;
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

/// Unseen cards stay out of the view and the text at every ply: the
/// registry's conformance suite swaps them for every seat of every game
/// (crates/registry/tests/contracts.rs). Here, what a knock shows.
#[test]
fn once_a_knock_lays_the_hands_down_the_last_hand_shows_both() {
    let g = GinRummy::new(GinOptions::default()).unwrap();
    let mut s = dealt(&g, "As 2s 3s 4s 5d 6d 7d 9c 9h 2c", OTHER, "9s");
    g.apply(&mut s, Action::Take);
    g.apply(&mut s, Action::Knock(parse("2c").unwrap()));
    assert_eq!(g.to_move(&s), Turn::Chance, "the next hand's deal");
    let v = g.view(&g.observation(&s, 0), 0);
    let last = v.last.expect("the hand laid down");
    assert_eq!(last.ending, Ending::Gin);
    // Nothing of seat 0's melds: 59 deadwood, and gin's 25.
    assert_eq!(last.points, 25 + 59);
    assert_eq!(last.hands[1].points, 0);
    assert_eq!(last.hands[0].deadwood.len(), 10);
    assert_eq!(v.scores[1], 84);
    assert!(v.totals.is_none());
}

/// A whole match between two computer levels, every action (each dealt
/// and drawn card too) as the record keeps it, and the final state.
fn computer_match(g: &GinRummy, levels: [u8; 2], seed: u64) -> (Vec<Action>, State) {
    let mut ais = levels.map(|l| GinAi::new(l, seed + u64::from(l)));
    let (s, actions) = tabula_conformance::play_match(g, g.initial_state(), seed, &mut ais);
    (actions, s)
}

#[test]
fn records_of_the_computers_matches_replay_to_the_same_scores() {
    for (levels, end_score, seed) in [([1, 2], 100, 3), ([3, 2], 60, 5)] {
        let g = GinRummy::new(GinOptions {
            end_score,
            ..GinOptions::default()
        })
        .unwrap();
        let (actions, end) = computer_match(&g, levels, seed);
        assert!(end.hand_no() >= 2, "levels {levels:?}: a match of several hands");
        let record = Record::of(&g, &actions).unwrap();
        assert_eq!(record.scores, end.scores());
        // The module's record is the same one, through its JSON.
        let back: Record = serde_json::from_value(g.record(seed, &actions).unwrap()).unwrap();
        assert_eq!(back, record);
        let replayed = back.replay().unwrap();
        assert_eq!(replayed, end, "the replay rebuilds the whole final state");
        assert_eq!(replayed.totals(), end.totals());

        // A discard of a card the seat does not hold is refused where it
        // comes, and so is the rest of the record never reached.
        let i = actions.iter().position(|a| matches!(a, Action::Discard(_))).unwrap();
        let mut before = g.initial_state();
        for &a in &actions[..i] {
            g.apply(&mut before, a);
        }
        let foreign = before.hands()[1 - before.to_act()].lowest().unwrap();
        let mut bad = back.clone();
        bad.actions[i] = Action::Discard(foreign);
        assert!(
            matches!(bad.replay(), Err(ReplayError::Illegal { index, action }) if index == i && action == Action::Discard(foreign)),
            "{:?}",
            bad.replay()
        );
        // A deal of a card already dealt is refused too.
        let mut bad = back.clone();
        bad.actions[1] = bad.actions[0];
        assert!(matches!(bad.replay(), Err(ReplayError::Illegal { index: 1, .. })));
        // A wrong final score is refused, with the scores it replays to.
        let mut bad = back.clone();
        bad.scores[0] += 1;
        assert_eq!(
            bad.replay(),
            Err(ReplayError::Scores {
                recorded: bad.scores,
                replayed: end.scores(),
            })
        );
        // A record cut before its last knock keeps the scores of the whole
        // match, which the shorter game does not reach.
        let knock = actions.iter().rposition(|a| matches!(a, Action::Knock(_))).unwrap();
        let mut bad = back.clone();
        bad.actions.truncate(knock);
        assert!(matches!(bad.replay(), Err(ReplayError::Scores { .. })));
        // Options out of range.
        let mut bad = back;
        bad.options.end_score = 0;
        assert!(matches!(bad.replay(), Err(ReplayError::Options(_))));
    }
}
