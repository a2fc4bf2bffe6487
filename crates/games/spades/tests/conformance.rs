//! Spades passes the conformance suite: whole matches (short targets, so a
//! playout stays a few hands) under every option. The mercy rule stays on:
//! random bids set both sides hand after hand, and without it such a
//! match would drift below zero for ever (mercy off is covered by the
//! rules tests, whose random matches bid 0 to 4).

use tabula_cards::CardId;
use tabula_conformance::{Config, check};
use tabula_spades::*;

#[test]
fn spades_conforms_under_every_option() {
    let mut candidates: Vec<Action> = (0..52).map(|c| Action::Play(CardId(c))).collect();
    candidates.extend((0..52).map(|c| Action::Deal(CardId(c))));
    candidates.extend((0..=13).map(Action::Bid));
    candidates.extend([Action::Blind(false), Action::Blind(true)]);
    for (end_score, blind_nil, ten, mercy) in [(100, false, false, true), (80, true, true, true)] {
        let game = Spades::new(SpadesOptions {
            end_score,
            blind_nil,
            ten_for_two_hundred: ten,
            mercy,
        })
        .unwrap();
        let config = Config {
            playouts: 2,
            worlds: 2,
            max_plies: 20_000,
            ..Config::default()
        };
        let report = check(&game, &[game.initial_state()], &candidates, &config);
        assert_eq!(report.terminals, report.playouts);
        assert!(report.longest > 108, "at least one whole hand");
    }
}
