//! Euchre passes the conformance suite: whole matches under every
//! combination of the house rules.

use crate::common;

use common::every_option;
use tabula_cards::CardId;
use tabula_conformance::{Config, check};
use tabula_euchre::*;

#[test]
fn euchre_conforms_under_every_option() {
    let mut candidates: Vec<Action> = Vec::new();
    for c in 0..24 {
        let c = CardId(c);
        candidates.extend([Action::Play(c), Action::Deal(c), Action::TurnUp(c), Action::Discard(c)]);
    }
    for alone in [false, true] {
        candidates.push(Action::OrderUp { alone });
        candidates.push(Action::DefendAlone(alone));
        candidates.extend((0..4).map(|suit| Action::Name { suit, alone }));
    }
    candidates.push(Action::Pass);
    for (k, options) in every_option(10).into_iter().enumerate() {
        let options = EuchreOptions {
            end_score: [10, 6][k % 2],
            ..options
        };
        let game = Euchre::new(options).unwrap();
        let config = Config {
            playouts: 2,
            worlds: 2,
            max_plies: 5_000,
            ..Config::default()
        };
        let report = check(&game, &[game.initial_state()], &candidates, &config);
        assert_eq!(report.terminals, report.playouts);
        assert!(report.longest > 50, "at least one whole hand");
    }
}
