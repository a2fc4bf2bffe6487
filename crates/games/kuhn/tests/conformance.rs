//! Kuhn poker passes the conformance suite and keeps the game contract.

use tabula_conformance::{Config, check};
use tabula_contract::GameModule;
use tabula_kuhn::{Action, Card, Kuhn, Line, State};
use tabula_search::Game;

#[test]
fn kuhn_conforms() {
    let start = State {
        cards: [None; 2],
        line: Line::Open,
    };
    let dealt = State {
        cards: [Some(Card::Queen), Some(Card::Jack)],
        line: Line::Open,
    };
    let mut candidates: Vec<Action> = Card::ALL.into_iter().map(Action::Deal).collect();
    candidates.extend([Action::Check, Action::Bet, Action::Call, Action::Fold]);
    let report = check(&Kuhn, &[start, dealt], &candidates, &Config::default());
    assert_eq!(report.terminals, report.playouts);
    assert!(report.longest <= 5);
}

#[test]
fn the_game_contract_holds() {
    let r = tabula_conformance::module::check_module(&Kuhn, &[1, 2, 3, 4], 10);
    assert_eq!(r.games, 4);
    assert!(r.decisions >= 8);
}

#[test]
fn the_view_shows_the_other_card_only_at_a_showdown() {
    for (line, shown) in [(Line::Bet, false), (Line::BetFold, false), (Line::BetCall, true)] {
        let hand = State {
            cards: [Some(Card::King), Some(Card::Jack)],
            line,
        };
        for seat in 0..2 {
            let view = Kuhn.view(&Kuhn.observation(&hand, seat), seat);
            let (mine, theirs) = if seat == 0 { ("K", "J") } else { ("J", "K") };
            assert_eq!(view.card.as_deref(), Some(mine));
            assert_eq!(
                view.opponent_card.as_deref() == Some(theirs),
                shown,
                "{line:?} seat {seat}: {view:?}"
            );
            assert!(view.opponent_dealt);
            assert_eq!(view.pot, if line == Line::BetCall { 4 } else { 3 });
            // Stakes are the seat's own first.
            let stakes = line.stakes();
            assert_eq!(view.stakes, [stakes[seat], stakes[1 - seat]]);
        }
    }
}
