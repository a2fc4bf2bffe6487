//! The house-rule options on hand-made positions.

use super::{attack, c, defend, legal, play, position, position_at, set};
use crate::bout::{Event, Move, Options, Outcome, Stage, ThrowIn};

/// The default options with one change.
fn with(change: fn(&mut Options)) -> Options {
    let mut options = Options::default();
    change(&mut options);
    options
}

fn with_transfer() -> Options {
    with(|o| o.transfer = true)
}

fn teams() -> Options {
    with(|o| o.teams = true)
}

#[test]
fn perevodnoy_passes_the_attack_on_with_a_card_of_its_rank() {
    let hands = ["7c Ac Kc Qc", "7d 8s", "9c 9d 7s Kh"];
    let mut deal = position(with_transfer(), &hands, "", "6h", 0);
    play(&mut deal, &[attack("7c")]);
    // Nothing of seat 1 beats 7♣ (hearts are trumps): transfer or take.
    assert_eq!(legal(&deal), [Move::Transfer(c("7d")), Move::Take]);
    assert_eq!(play(&mut deal, &[Move::Transfer(c("7d"))]), Event::Played);
    // Seat 1 is now the main attacker; seat 2 faces both sevens.
    let bout = *deal.bout();
    assert_eq!((bout.attacker(), bout.defender(), bout.open()), (1, 2, 2));
    assert_eq!(deal.to_move(), Some(2));
    // Seat 0 holds three cards: seat 2 may pass three sevens on to it.
    assert!(legal(&deal).contains(&Move::Transfer(c("7s"))));
    play(&mut deal, &[defend("7c", "9c")]);
    // Once an attack is beaten, no more transfers.
    assert!(!legal(&deal).contains(&Move::Transfer(c("7s"))));
    assert!(deal.check(Move::Transfer(c("7s"))).is_err());
    play(&mut deal, &[defend("7d", "9d")]);
    // Throw-ins start from the new main attacker, seat 1, then seat 0.
    assert_eq!(deal.throw_order().collect::<Vec<_>>(), [1, 0]);
    assert_eq!((deal.bout().stage(), deal.to_move()), (Stage::Throw, Some(1)));

    // Off by default.
    let mut deal = position(Options::default(), &hands, "", "6h", 0);
    play(&mut deal, &[attack("7c")]);
    assert_eq!(legal(&deal), [Move::Take]);
}

#[test]
fn a_transfer_needs_a_next_player_able_to_face_every_attack() {
    // Seat 2 would face two sevens with one card: no transfer.
    let mut deal = position(with_transfer(), &["7c Ac", "7d 8s", "9c"], "", "6h", 0);
    play(&mut deal, &[attack("7c")]);
    assert_eq!(legal(&deal), [Move::Take]);

    // Two seats: the attack goes back to the attacker, who needs two cards.
    let mut deal = position(with_transfer(), &["7c 8c Ac", "7d 9s"], "", "6h", 0);
    play(&mut deal, &[attack("7c"), Move::Transfer(c("7d"))]);
    assert_eq!((deal.bout().attacker(), deal.bout().defender()), (1, 0));
    // Clubs only: nothing of seat 0 beats the 7♦.
    assert_eq!(legal(&deal), [defend("7c", "8c"), defend("7c", "Ac"), Move::Take]);
    let mut deal = position(with_transfer(), &["7c 8c", "7d 9s"], "", "6h", 0);
    play(&mut deal, &[attack("7c")]);
    assert_eq!(legal(&deal), [Move::Take]);
}

#[test]
fn who_may_throw_in_is_an_option() {
    let hands = ["6c 6d", "7c 8c 9c", "6s", "6h", "Ad"];
    let orders = [
        (ThrowIn::Everyone, vec![0, 2, 3, 4]),
        (ThrowIn::Neighbours, vec![0, 2]),
        (ThrowIn::AttackerOnly, vec![0]),
    ];
    for (throw_in, order) in orders {
        let options = Options {
            throw_in,
            ..Options::default()
        };
        let mut deal = position(options, &hands, "", "Kh", 0);
        assert_eq!(deal.throw_order().collect::<Vec<_>>(), order);
        play(&mut deal, &[attack("6c"), defend("6c", "7c")]);
        let mut asked = Vec::new();
        while deal.bout().stage() == Stage::Throw {
            asked.push(deal.to_move().unwrap());
            play(&mut deal, &[Move::Pass]);
        }
        assert_eq!(asked, order, "{throw_in:?}");
    }
}

#[test]
fn throwing_in_onto_a_taker_is_an_option() {
    let hands = ["6c 6d", "7d 8s 9s"];
    let mut deal = position(Options::default(), &hands, "", "Kh", 0);
    play(&mut deal, &[attack("6c"), Move::Take]);
    assert_eq!(legal(&deal), [attack("6d"), Move::Pass]);

    let options = with(|o| o.onto_taker = false);
    let mut deal = position(options, &hands, "", "Kh", 0);
    assert_eq!(play(&mut deal, &[attack("6c"), Move::Take]), Event::Taken);
    assert_eq!(deal.hand(1), set("7d 8s 9s 6c"));
}

#[test]
fn the_first_bout_may_be_limited_to_five() {
    let hands = ["6c 6d 6s 7c 7d 7s", "7h 8h 9h 10h Jh Qh"];
    let five = with(|o| o.first_bout_five = true);
    for (bouts, options, limit) in [(0, five, 5), (1, five, 6), (0, Options::default(), 6)] {
        let mut deal = position_at(bouts, options, &hands, "", "6h", 0);
        assert_eq!(deal.bout().limit(), limit);
        let rounds = [
            ("6c", "7h"),
            ("6d", "8h"),
            ("6s", "9h"),
            ("7c", "10h"),
            ("7d", "Jh"),
            ("7s", "Qh"),
        ];
        let mut last = Event::Played;
        for (a, w) in &rounds[..limit] {
            last = play(&mut deal, &[attack(a), defend(a, w)]);
        }
        assert_eq!(last, Event::BeatenOff, "{bouts} {options:?}");
        assert_eq!(deal.hand(0).len(), 6 - limit);
    }
}

#[test]
fn with_teams_a_defenders_partner_never_throws_in() {
    let deal = position(teams(), &["6c", "7c", "8c", "6d"], "", "Kh", 0);
    assert!(deal.partners(1, 3) && deal.partners(0, 2) && !deal.partners(0, 1));
    assert_eq!(deal.throw_order().collect::<Vec<_>>(), [0, 2]);
    assert!(!deal.may_throw(3));
    // Six seats: partners are s and s + 3.
    let deal = position(teams(), &["6c", "7c", "8c", "6d", "7d", "8d"], "", "Kh", 0);
    assert_eq!(deal.throw_order().collect::<Vec<_>>(), [0, 2, 3, 5]);
}

#[test]
fn with_teams_the_attack_goes_to_the_next_opponent() {
    // Seat 1 is out: seat 0 attacks seat 3, not its partner seat 2.
    let deal = position(teams(), &["6c", "", "8c", "6d"], "", "Kh", 0);
    assert_eq!(deal.bout().defender(), 3);
    assert_eq!(deal.next_in(0), 2);
    assert_eq!(deal.next_opponent(0), Some(3));
}

#[test]
fn with_teams_the_deal_ends_when_one_team_alone_holds_cards() {
    let mut deal = position(teams(), &["7c", "9c 8d Kc", "7d", "Ac"], "", "6h", 0);
    play(&mut deal, &[attack("7c"), defend("7c", "9c")]);
    assert_eq!(deal.to_move(), Some(2)); // seat 0 has nothing left to throw
    assert_eq!(play(&mut deal, &[attack("7d"), defend("7d", "8d")]), Event::BeatenOff);
    let outcome = deal.outcome().unwrap();
    assert_eq!(outcome, Outcome::DurakTeam(1, 3));
    assert!(outcome.loses(1) && outcome.loses(3) && !outcome.loses(0));
}
