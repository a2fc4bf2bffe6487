//! Pinochle passes the conformance suite: whole matches at random (short
//! targets, so a playout stays a few hands) under each pass and the
//! redeal rule.

use tabula_cards::{CardId, CardSet};
use tabula_conformance::{Config, check};
use tabula_pinochle::*;

#[test]
fn pinochle_conforms_under_every_option() {
    let mut candidates: Vec<Action> = vec![Action::Pass];
    candidates.extend((0..48).map(|c| Action::Play(CardId(c))));
    candidates.extend((0..48).map(|c| Action::Deal(CardId(c))));
    candidates.extend((0..=160).map(|b| Action::Bid(b * 10)));
    candidates.extend((0..5).map(Action::Trump));
    candidates.extend((0..44).map(|c| Action::Give(CardSet(0b1111 << c))));
    candidates.extend((0..44).map(|c| Action::Give(CardSet(0b10101 << c))));
    for (pass, all_pass, end_score) in [
        (4, AllPass::StickDealer, 400),
        (0, AllPass::Redeal, 300),
        (3, AllPass::Redeal, 300),
    ] {
        let game = Pinochle::new(PinochleOptions {
            pass,
            all_pass,
            end_score,
            ..PinochleOptions::default()
        })
        .unwrap();
        let config = Config {
            playouts: 2,
            worlds: 2,
            max_plies: 200_000,
            ..Config::default()
        };
        let report = check(&game, &[game.initial_state()], &candidates, &config);
        assert_eq!(report.terminals, report.playouts, "pass {pass}");
        assert!(report.longest > 100, "at least one whole hand");
    }
}
