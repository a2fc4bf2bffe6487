//! Gin Rummy passes the conformance suite: whole matches to a short target
//! under each option.

use tabula_cards::CardId;
use tabula_conformance::{Config, check};
use tabula_ginrummy::*;

#[test]
fn gin_rummy_conforms_under_every_option() {
    let mut candidates: Vec<Action> = Vec::new();
    for c in 0..52 {
        candidates.extend([
            Action::Deal(CardId(c)),
            Action::Discard(CardId(c)),
            Action::Knock(CardId(c)),
        ]);
    }
    candidates.extend([Action::Take, Action::Pass, Action::DrawStock, Action::BigGin]);
    for (end_score, big_gin, oklahoma) in [(30, false, false), (30, true, true)] {
        let game = GinRummy::new(GinOptions {
            end_score,
            big_gin,
            oklahoma,
        })
        .unwrap();
        let config = Config {
            playouts: 2,
            worlds: 2,
            max_plies: 50_000,
            ..Config::default()
        };
        let report = check(&game, &[game.initial_state()], &candidates, &config);
        assert_eq!(report.terminals, report.playouts);
    }
}
