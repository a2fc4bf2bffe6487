//! Hearts passes the conformance suite: whole matches (short targets, so a
//! playout stays a few hands) under every option.

use tabula_cards::CardId;
use tabula_conformance::{Config, check};
use tabula_hearts::*;

#[test]
fn hearts_conforms_under_every_option() {
    let mut candidates: Vec<Action> = (0..52).map(|c| Action::Play(CardId(c))).collect();
    candidates.extend((0..52).map(|c| Action::Deal(CardId(c))));
    candidates.extend([Action::Moon(false), Action::Moon(true)]);
    for (end_score, moon, jack, queen) in [(30, MoonRule::Others, false, true), (20, MoonRule::Choice, true, false)] {
        let game = Hearts::new(HeartsOptions {
            end_score,
            moon,
            jack_of_diamonds: jack,
            queen_breaks_hearts: queen,
        })
        .unwrap();
        let config = Config {
            playouts: 2,
            worlds: 2,
            max_plies: 5_000,
            ..Config::default()
        };
        let report = check(&game, &[game.initial_state()], &candidates, &config);
        assert_eq!(report.terminals, report.playouts);
        assert!(report.longest > 108, "at least one whole hand");
    }
}
