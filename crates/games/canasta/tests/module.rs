//! Canasta on the contract: actions as typed, and bad input refused.

use tabula_canasta::module::parse_meld;
use tabula_canasta::{Canasta, CanastaOptions, MeldMove};

#[test]
fn melds_read_from_cards_or_ranks() {
    assert_eq!(
        parse_meld(" 7 7 7 2").unwrap(),
        MeldMove {
            rank: 6,
            naturals: 3,
            twos: 1,
            jokers: 0
        }
    );
    assert_eq!(
        parse_meld(" 7h 7s jk").unwrap(),
        MeldMove {
            rank: 6,
            naturals: 2,
            twos: 0,
            jokers: 1
        }
    );
    assert_eq!(
        parse_meld(" 2 on k").unwrap(),
        MeldMove {
            rank: 12,
            naturals: 0,
            twos: 1,
            jokers: 0
        }
    );
    assert!(parse_meld(" 7 8 9").is_err(), "one rank");
    assert!(parse_meld(" 3h 3d 3h").is_err(), "red threes");
    assert!(parse_meld(" 2 2").is_err(), "no rank named");
    assert!(
        Canasta::new(CanastaOptions {
            draw: 3,
            ..CanastaOptions::default()
        })
        .is_err()
    );
}
