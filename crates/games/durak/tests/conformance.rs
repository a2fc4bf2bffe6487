//! Durak passes the conformance suite: whole matches at random under
//! each table size and house rule.

use tabula_cards::CardId;
use tabula_conformance::{Config, check};
use tabula_durak::*;

#[test]
fn durak_conforms_under_every_house_rule() {
    let mut candidates: Vec<Action> = vec![Action::Move(Move::Take), Action::Move(Move::Pass)];
    for a in 0..36 {
        let a = CardId(a);
        candidates.extend([
            Action::Deal(a),
            Action::Move(Move::Attack(a)),
            Action::Move(Move::Transfer(a)),
        ]);
        candidates.extend((0..36).map(|w| {
            Action::Move(Move::Defend {
                attack: a,
                with: CardId(w),
            })
        }));
    }
    for (players, transfer, throw_in, teams) in [
        (2, false, ThrowIn::Everyone, false),
        (3, true, ThrowIn::Neighbours, false),
        (4, true, ThrowIn::Everyone, true),
        (6, false, ThrowIn::AttackerOnly, false),
    ] {
        let game = Durak::new(DurakOptions {
            players,
            deals: 2,
            transfer,
            throw_in,
            teams,
            ..DurakOptions::default()
        })
        .unwrap();
        let config = Config {
            playouts: 2,
            worlds: 2,
            max_plies: 100_000,
            ..Config::default()
        };
        let report = check(&game, &[game.initial_state()], &candidates, &config);
        assert_eq!(report.terminals, report.playouts, "{players} players");
    }
}
