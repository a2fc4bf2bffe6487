//! The rules against a reference written apart: every deal and every
//! betting line, each hand's payoff from a table of the rules' words.

use tabula_kuhn::{Action, Card, Kuhn, Line, State};
use tabula_search::{Game, Hidden, Seen, Turn, play};

/// Every sequence of seat actions the rules allow, with seat 0's payoff
/// when seat 0 holds the higher card (`high`) and the lower (`low`).
const SEQUENCES: [(&[Action], f64, f64); 5] = {
    use Action::{Bet, Call, Check, Fold};
    [
        (&[Check, Check], 1.0, -1.0),
        (&[Check, Bet, Fold], -1.0, -1.0),
        (&[Check, Bet, Call], 2.0, -2.0),
        (&[Bet, Fold], 1.0, 1.0),
        (&[Bet, Call], 2.0, -2.0),
    ]
};

fn dealt(a: Card, b: Card) -> State {
    let mut s = State {
        cards: [None; 2],
        line: Line::Open,
    };
    for c in [a, b] {
        play(&Kuhn, &mut s, Action::Deal(c)).unwrap();
    }
    s
}

#[test]
fn every_hand_pays_what_the_rules_say() {
    let mut hands = 0;
    for a in Card::ALL {
        for b in Card::ALL.into_iter().filter(|&b| b != a) {
            for (moves, high, low) in SEQUENCES {
                let mut s = dealt(a, b);
                for (i, &m) in moves.iter().enumerate() {
                    // The seats alternate, seat 0 first.
                    assert_eq!(Kuhn.to_move(&s), Turn::Seat(i % 2), "{moves:?}");
                    play(&Kuhn, &mut s, m).unwrap();
                }
                assert_eq!(Kuhn.to_move(&s), Turn::Terminal, "{moves:?}");
                let expected = if a > b { high } else { low };
                assert_eq!(
                    Kuhn.payoffs(&s).as_slice(),
                    [expected, -expected],
                    "{a:?} {b:?} {moves:?}"
                );
                hands += 1;
            }
        }
    }
    assert_eq!(hands, 6 * 5);
}

#[test]
fn illegal_actions_are_refused_and_change_nothing() {
    let mut s = dealt(Card::Queen, Card::King);
    for a in [Action::Call, Action::Fold, Action::Deal(Card::Jack)] {
        let before = s;
        assert!(play(&Kuhn, &mut s, a).is_err(), "{a:?}");
        assert_eq!(s, before);
    }
    play(&Kuhn, &mut s, Action::Bet).unwrap();
    for a in [Action::Check, Action::Bet] {
        assert!(play(&Kuhn, &mut s, a).is_err(), "{a:?} facing a bet");
    }
    // A card dealt twice is no chance outcome.
    let mut first = State {
        cards: [Some(Card::Jack), None],
        line: Line::Open,
    };
    assert!(play(&Kuhn, &mut first, Action::Deal(Card::Jack)).is_err());
}

#[test]
fn the_deal_is_uniform_and_hidden_from_the_other_seat() {
    let start = State {
        cards: [None; 2],
        line: Line::Open,
    };
    let mut outcomes = Vec::new();
    Kuhn.chance_outcomes(&start, &mut outcomes);
    assert_eq!(outcomes.len(), 3);
    assert!(outcomes.iter().all(|&(_, p)| (p - 1.0 / 3.0).abs() < 1e-12));
    let deal = Action::Deal(Card::King);
    assert_eq!(Kuhn.view_action(&start, deal, 0), Seen::Action(deal));
    assert_eq!(Kuhn.view_action(&start, deal, 1), Seen::Hidden(Hidden::Deal));
    let mut s = start;
    Kuhn.apply(&mut s, deal);
    Kuhn.chance_outcomes(&s, &mut outcomes);
    assert_eq!(
        outcomes.iter().map(|o| o.0).collect::<Vec<_>>(),
        [Action::Deal(Card::Jack), Action::Deal(Card::Queen)]
    );
    assert!(outcomes.iter().all(|&(_, p)| (p - 0.5).abs() < 1e-12));
    assert_eq!(
        Kuhn.view_action(&s, Action::Deal(Card::Jack), 0),
        Seen::Hidden(Hidden::Deal)
    );
    let seen = Kuhn.observation(&s, 1);
    assert_eq!((seen.card, seen.opponent_dealt), (None, true));
}

#[test]
fn only_a_showdown_shows_the_other_card() {
    for (moves, shown) in [
        (&[Action::Check, Action::Check][..], true),
        (&[Action::Bet, Action::Fold], false),
        (&[Action::Check, Action::Bet, Action::Fold], false),
        (&[Action::Bet, Action::Call], true),
    ] {
        let mut s = dealt(Card::Jack, Card::Queen);
        for &m in moves {
            assert_eq!(Kuhn.observation(&s, 0).opponent_card, None);
            Kuhn.apply(&mut s, m);
        }
        assert_eq!(Kuhn.observation(&s, 0).opponent_card.is_some(), shown, "{moves:?}");
        assert_eq!(Kuhn.observation(&s, 1).opponent_card.is_some(), shown, "{moves:?}");
    }
}
