//! Dou Dizhu passes the conformance suite: whole matches under each
//! option set.

use tabula_cards::CardId;
use tabula_conformance::{Config, check};
use tabula_doudizhu::moves::all_plays;
use tabula_doudizhu::*;

#[test]
fn dou_dizhu_conforms_under_every_option() {
    let mut candidates: Vec<Action> = Vec::new();
    for c in 0..54 {
        candidates.push(Action::Deal(CardId(c)));
    }
    candidates.push(Action::Pass);
    candidates.extend((0..=3).map(Action::Bid));
    // Every lead of a few full hands: the candidates the suite tries.
    let mut plays = Vec::new();
    for hand in [
        "3 3 3 3 4 4 4 5 5 5 6 6 7 8 9 10 J Q K A 2 2 SJ BJ",
        "3 4 5 6 7 7 8 8 9 9 10 J J Q Q K A A 2",
    ] {
        all_plays(parse_counts(hand).unwrap(), true, &mut plays);
        candidates.extend(plays.iter().map(|&c| Action::Play(c)));
    }
    for (four_with_two, no_bid_redeal) in [(true, true), (false, false)] {
        let game = DouDizhu::new(DdzOptions {
            match_deals: 2,
            four_with_two,
            no_bid_redeal,
        })
        .unwrap();
        let config = Config {
            playouts: 3,
            worlds: 2,
            max_plies: 20_000,
            ..Config::default()
        };
        let report = check(&game, &[game.initial_state()], &candidates, &config);
        assert_eq!(report.terminals, report.playouts);
    }
}
