//! Indian Rummy passes the conformance suite: whole matches at random
//! under each format and table size.

use tabula_cards::CardId;
use tabula_conformance::{Config, check};
use tabula_indianrummy::*;

#[test]
fn indian_rummy_conforms_under_every_format() {
    let mut candidates: Vec<Action> = Vec::new();
    for c in 0..106 {
        candidates.extend([
            Action::Deal(CardId(c)),
            Action::Discard(CardId(c)),
            Action::Declare(CardId(c)),
        ]);
    }
    candidates.extend([Action::Draw, Action::Take, Action::Drop]);
    for (players, format, deals, rejoin) in [
        (2, Format::Points, 2, false),
        (3, Format::Pool101, 0, true),
        (6, Format::Pool201, 0, false),
        (4, Format::Deals, 2, false),
    ] {
        let game = IndianRummy::new(IndianOptions {
            players,
            format,
            deals,
            rejoin,
        })
        .unwrap();
        let config = Config {
            playouts: 2,
            worlds: 2,
            max_plies: 100_000,
            ..Config::default()
        };
        let report = check(&game, &[game.initial_state()], &candidates, &config);
        assert_eq!(report.terminals, report.playouts, "{format:?}");
    }
}
