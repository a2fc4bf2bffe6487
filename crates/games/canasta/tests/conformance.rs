//! Canasta passes the conformance suite: whole matches at random under
//! the default rules and under the two-card draw with permission.

use tabula_canasta::*;
use tabula_cards::CardId;
use tabula_conformance::{Config, check};

#[test]
fn canasta_conforms_under_its_options() {
    let mut candidates: Vec<Action> = Vec::new();
    for c in 0..108 {
        candidates.extend([Action::Deal(CardId(c)), Action::Discard(CardId(c))]);
    }
    for rank in 0..13 {
        for naturals in 0..=4 {
            for twos in 0..=2 {
                for jokers in 0..=1 {
                    candidates.push(Action::Meld(MeldMove {
                        rank,
                        naturals,
                        twos,
                        jokers,
                    }));
                }
            }
        }
    }
    candidates.extend([
        Action::Draw,
        Action::Take,
        Action::Ask,
        Action::Yes,
        Action::No,
        Action::End,
    ]);
    for options in [
        CanastaOptions {
            end_score: 1500,
            ..CanastaOptions::default()
        },
        CanastaOptions {
            draw: 2,
            permission: true,
            end_score: 1000,
            ..CanastaOptions::default()
        },
    ] {
        let game = Canasta::new(options).unwrap();
        let config = Config {
            playouts: 2,
            worlds: 2,
            max_plies: 100_000,
            ..Config::default()
        };
        let report = check(&game, &[game.initial_state()], &candidates, &config);
        assert_eq!(report.terminals, report.playouts, "{options:?}");
    }
}
