//! Guandan passes the conformance suite (whole matches at random, short
//! ones: the sides start at a high level) and its module the contract
//! checks, under each option.

use tabula_cards::CardId;
use tabula_conformance::module::check_module;
use tabula_conformance::{Config, check};
use tabula_guandan::cards::{DECK, FACES};
use tabula_guandan::moves::{Scratch, plays};
use tabula_guandan::*;

#[test]
fn guandan_conforms_under_every_option() {
    let mut candidates: Vec<Action> = vec![Action::Pass];
    candidates.extend((0..108).map(|c| Action::Deal(CardId(c))));
    candidates.extend((0..4).map(Action::FirstLeader));
    candidates.extend((0..FACES as u8).map(Action::Tribute));
    candidates.extend((0..FACES as u8).map(Action::Return));
    // Every lead of a few hands at two levels.
    let (mut scratch, mut out) = (Scratch::default(), Vec::new());
    for (hand, level) in [
        ("2h 3h 4h 5h 6h 7h 7h 8s 8s 9d 9c 10c Js Qs Ks As SJ BJ", 5),
        ("2c 2d 2s 2h 3c 4c 5c 6c 9h 9h", 0),
    ] {
        let cards = cards::parse_cards(hand, DECK).unwrap();
        plays(&HandView::of(cards, level), level, None, &mut scratch, &mut out);
        candidates.extend(out.iter().map(|&p| Action::Play(p)));
    }
    for (start_level, a_failures, return_rule) in [(10, 0, ReturnRule::TenOrLower), (11, 1, ReturnRule::Any)] {
        let game = Guandan::new(GuandanOptions {
            start_level,
            a_failures,
            return_rule,
        })
        .unwrap();
        let config = Config {
            playouts: 2,
            worlds: 2,
            max_plies: 100_000,
            ..Config::default()
        };
        let report = check(&game, &[game.initial_state()], &candidates, &config);
        assert_eq!(report.terminals, report.playouts, "start {start_level}");
        assert!(report.longest > 200, "at least one whole hand");
        let module = report_module(game);
        assert!(module.swaps > 0, "the swap hook swapped");
    }
}

/// The module's contract on two seeded games, 3,000 plies each (past the
/// first hand, into the tribute).
fn report_module(game: Guandan) -> tabula_conformance::module::ModuleReport {
    check_module(&game, &[1, 2], 3_000)
}
