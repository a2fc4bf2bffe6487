//! The rules of a bout on hand-made positions, default options.

use super::{attack, c, defend, legal, play, position, set};
use crate::bout::{BoutError, Deal, Event, Move, Options, Outcome, SetupError, Stage};
use crate::card::CardId;
use crate::card::french::Suit;

fn ids(range: impl IntoIterator<Item = u16>) -> Vec<CardId> {
    range.into_iter().map(CardId).collect()
}

#[test]
fn a_deal_gives_six_each_and_turns_the_next_card_up_under_the_stock() {
    let order = ids(0..36);
    let deal = Deal::from_order(Options::default(), 4, &order, 3, None).unwrap();
    // One card at a time from the dealer's left: seat 0 gets cards 0, 4, 8…
    for s in 0..4 {
        assert_eq!(
            deal.hand(s),
            ids((0..6).map(|k| 4 * k + s as u16)).into_iter().collect()
        );
    }
    assert_eq!(deal.trump_card(), c("Qh")); // card 24, turned up
    assert_eq!(deal.trump(), Suit::Hearts);
    // The stock is drawn from the top; the turned-up card comes last.
    assert_eq!(deal.stock().collect::<Vec<_>>(), ids((25..36).chain([24])));
    // Hearts are cards 18–26: the lowest, 6♥ (18), is seat 2's; it leads.
    assert_eq!(deal.lowest_trump_holder(), Some(2));
    assert_eq!((deal.bout().attacker(), deal.bout().defender()), (2, 3));
    assert_eq!(deal.bout().limit(), 6);
    assert!((0..4).all(|s| deal.known(s).is_empty()));
    deal.check_invariants().unwrap();

    let first = Deal::from_order(Options::default(), 4, &order, 3, Some(1)).unwrap();
    assert_eq!((first.bout().attacker(), first.bout().defender()), (1, 2));
}

#[test]
fn with_six_seats_the_dealers_last_card_shows_trumps_and_stays_known() {
    let deal = Deal::from_order(Options::default(), 6, &ids(0..36), 5, None).unwrap();
    assert_eq!(deal.stock_len(), 0);
    assert_eq!(deal.trump_card(), c("As"));
    assert!(deal.hand(5).contains(c("As")));
    assert_eq!(deal.known(5), set("As"));
    // Spades are 27–35; 6♠ (27) went to seat 27 mod 6 = 3.
    assert_eq!(deal.bout().attacker(), 3);
}

#[test]
fn without_a_trump_in_any_hand_the_dealers_left_leads() {
    // Clubs and diamonds dealt, a heart turned up, the other hearts in the stock.
    let order = ids((0..12).chain(18..36).chain(12..18));
    let deal = Deal::from_order(Options::default(), 2, &order, 0, None).unwrap();
    assert_eq!(deal.trump(), Suit::Hearts);
    assert_eq!(deal.lowest_trump_holder(), None);
    assert_eq!(deal.bout().attacker(), 1);
}

#[test]
fn bad_setups_are_refused() {
    let order = ids(0..36);
    let o = Options::default();
    assert_eq!(Deal::from_order(o, 1, &order, 0, None), Err(SetupError::Seats(1)));
    assert_eq!(Deal::from_order(o, 7, &order, 0, None), Err(SetupError::Seats(7)));
    let teams = Options { teams: true, ..o };
    assert_eq!(Deal::from_order(teams, 3, &order, 0, None), Err(SetupError::Teams(3)));
    assert!(Deal::from_order(teams, 6, &order, 0, None).is_ok());
    assert!(matches!(
        Deal::from_order(o, 2, &order[..35], 0, None),
        Err(SetupError::Cards(_))
    ));
    let twice = ids((0..35).chain([0]));
    assert!(matches!(
        Deal::from_order(o, 2, &twice, 0, None),
        Err(SetupError::Cards(_))
    ));
    assert_eq!(Deal::from_order(o, 3, &order, 3, None), Err(SetupError::Seat(3)));
    assert_eq!(Deal::from_order(o, 3, &order, 0, Some(4)), Err(SetupError::Seat(4)));
}

#[test]
fn the_attacker_leads_any_card_of_its_own_and_nothing_else() {
    let mut deal = position(Options::default(), &["6c 10d Ah", "7c 8c"], "", "6h", 0);
    assert_eq!(deal.to_move(), Some(0));
    assert_eq!(legal(&deal), [attack("6c"), attack("10d"), attack("Ah")]);
    let before = deal;
    for mv in [
        attack("7c"),
        Move::Take,
        Move::Pass,
        defend("6c", "7c"),
        Move::Transfer(c("6c")),
    ] {
        assert!(matches!(deal.apply(mv), Err(BoutError::Illegal { .. })), "{mv}");
        assert_eq!(deal, before);
    }
    assert_eq!(play(&mut deal, &[attack("Ah")]), Event::Played);
    assert_eq!(deal.bout().stage(), Stage::Defend);
    assert_eq!(deal.to_move(), Some(1));
}

#[test]
fn the_defender_beats_with_a_higher_card_of_the_suit_or_a_trump() {
    // Hearts are trumps (K♥ turned up long ago).
    let hands = ["9c 10h", "7c 10c 9d 6h Ac 8h Jh"];
    let mut deal = position(Options::default(), &hands, "", "Kh", 0);
    play(&mut deal, &[attack("9c")]);
    // Not 7♣ (lower), not 9♦ (another suit); 10♣ and A♣, and any trump.
    let expected = ["10c", "Ac", "6h", "8h", "Jh"].map(|w| defend("9c", w));
    let mut moves = legal(&deal);
    assert_eq!(moves.pop(), Some(Move::Take));
    moves.sort();
    let mut expected = expected.to_vec();
    expected.sort();
    assert_eq!(moves, expected);
    assert!(deal.check(defend("9c", "9d")).is_err());
    assert!(deal.check(defend("9d", "Ac")).is_err()); // not on the table

    // On a trump, only a higher trump.
    let mut deal = position(Options::default(), &hands, "", "Kh", 0);
    play(&mut deal, &[attack("10h")]);
    assert_eq!(legal(&deal), [defend("10h", "Jh"), Move::Take]);
}

#[test]
fn throwers_are_asked_in_order_and_throw_only_ranks_on_the_table() {
    let hands = ["6c 6d 8s", "7c 8d 9s", "6s 10c", "Jd"];
    let mut deal = position(Options::default(), &hands, "", "Kh", 0);
    assert_eq!(deal.throw_order().collect::<Vec<_>>(), [0, 2, 3]);
    play(&mut deal, &[attack("6c"), defend("6c", "7c")]);
    // Sixes and sevens are on the table: the 8♠ may not go in.
    assert_eq!((deal.bout().stage(), deal.to_move()), (Stage::Throw, Some(0)));
    assert_eq!(legal(&deal), [attack("6d"), Move::Pass]);
    assert!(deal.check(attack("8s")).is_err());
    play(&mut deal, &[Move::Pass]);
    assert_eq!(deal.to_move(), Some(2));
    play(&mut deal, &[attack("6s")]);
    assert_eq!(deal.to_move(), Some(1)); // the defender answers at once
    play(&mut deal, &[defend("6s", "9s")]);
    // A new rank (9) is on the table: the round starts again from the attacker.
    assert_eq!(deal.to_move(), Some(0));
    assert!(!deal.bout().passed(0));
    play(&mut deal, &[Move::Pass]);
    // Seat 2 and seat 3 hold nothing to throw but are asked all the same.
    assert_eq!((deal.to_move(), legal(&deal)), (Some(2), vec![Move::Pass]));
    play(&mut deal, &[Move::Pass]);
    assert_eq!((deal.to_move(), legal(&deal)), (Some(3), vec![Move::Pass]));
    assert_eq!(play(&mut deal, &[Move::Pass]), Event::BeatenOff);
    // Beaten off: the table is discarded and the defender leads.
    assert!(deal.discard().contains_all(set("6c 7c 6s 9s")));
    assert!(deal.bout().table().is_empty());
    assert_eq!((deal.bout().attacker(), deal.bout().defender()), (1, 2));
    assert_eq!(deal.to_move(), Some(1));
}

#[test]
fn the_order_of_throwers_runs_from_the_defenders_other_side() {
    let hands = ["6c", "7c", "8c", "9c", "10c"];
    let deal = position(Options::default(), &hands, "", "Kh", 2);
    assert_eq!(deal.bout().defender(), 3);
    assert_eq!(deal.throw_order().collect::<Vec<_>>(), [2, 4, 0, 1]);
}

#[test]
fn a_bout_holds_at_most_six_attacks() {
    let hands = ["6c 6d 6s 7c 7d 7s 8c", "7h 8h 9h 10h Jh Qh Kh"];
    let mut deal = position(Options::default(), &hands, "", "6h", 0);
    let rounds = [("6c", "7h"), ("6d", "8h"), ("6s", "9h"), ("7c", "10h"), ("7d", "Jh")];
    for (a, w) in rounds {
        play(&mut deal, &[attack(a), defend(a, w)]);
    }
    assert!(legal(&deal).contains(&attack("8c"))); // an eight is on the table
    play(&mut deal, &[attack("7s")]);
    assert_eq!(deal.bout().attacks(), 6);
    // The sixth beaten, the bout is over though the 8♣ could still go in.
    assert_eq!(play(&mut deal, &[defend("7s", "Qh")]), Event::BeatenOff);
    assert_eq!(deal.hand(0), set("8c"));
    assert_eq!((deal.bout().attacker(), deal.bout().defender()), (1, 0));
}

#[test]
fn never_more_unbeaten_attacks_than_the_defender_holds() {
    // The defender holds two cards and takes: one throw-in fits, not two.
    let mut deal = position(Options::default(), &["6c 6d 6s 9c", "7d 8s"], "", "Kh", 0);
    play(&mut deal, &[attack("6c"), Move::Take]);
    assert!(deal.bout().taking());
    assert_eq!(legal(&deal), [attack("6d"), attack("6s"), Move::Pass]);
    assert_eq!(play(&mut deal, &[attack("6d")]), Event::Taken);
    // Taken: the table goes to the defender's hand, where all now know it is.
    assert_eq!(deal.hand(1), set("7d 8s 6c 6d"));
    assert_eq!(deal.known(1), set("6c 6d"));
    assert_eq!(deal.hand(0), set("6s 9c"));
    // The seat after the taker leads (with two seats, the same attacker).
    assert_eq!((deal.bout().attacker(), deal.bout().defender()), (0, 1));

    // A defender who beats with its last card leaves no room: the bout ends.
    let mut deal = position(Options::default(), &["6c 6d", "7c", "6s 9d"], "", "Kh", 0);
    assert_eq!(play(&mut deal, &[attack("6c"), defend("6c", "7c")]), Event::BeatenOff);
    // The stock is empty: seat 1 is out, and seat 2 leads against seat 0.
    assert!(!deal.in_game(1));
    assert_eq!((deal.bout().attacker(), deal.bout().defender()), (2, 0));
}

#[test]
fn on_a_taker_each_thrower_goes_on_until_it_passes() {
    let hands = ["6c 9d", "Ad Kd Qd Jd", "6d 6s"];
    let mut deal = position(Options::default(), &hands, "", "Kh", 0);
    play(&mut deal, &[attack("6c"), Move::Take]);
    assert_eq!((deal.to_move(), legal(&deal)), (Some(0), vec![Move::Pass]));
    play(&mut deal, &[Move::Pass, attack("6d")]);
    assert_eq!(deal.to_move(), Some(2)); // the same thrower again
    assert_eq!(play(&mut deal, &[attack("6s")]), Event::Taken); // out of cards
    // Seat 2 went out; the seat after the taker would be 2: seat 0 leads.
    assert!(!deal.in_game(2));
    assert_eq!((deal.bout().attacker(), deal.bout().defender()), (0, 1));
    assert_eq!(deal.known(1), set("6c 6d 6s"));
}

#[test]
fn hands_are_refilled_attacker_first_defender_last_and_the_trump_drawn_last() {
    // Spades are trumps: the 6♠ lies at the bottom of the stock.
    let hands = ["7c 7d Qc Qd Kc Kd", "8c 8d 9c 9d Jd Qh", "7h 8h 9h 10h Jh Kh"];
    let mut deal = position(Options::default(), &hands, "10c 10d Jc 6s", "6s", 0);
    let moves = [
        attack("7c"),
        defend("7c", "8c"),
        Move::Pass,
        attack("7h"),
        defend("7h", "Qh"),
        Move::Pass,
    ];
    assert_eq!(play(&mut deal, &moves), Event::Played);
    assert_eq!(play(&mut deal, &[Move::Pass]), Event::BeatenOff);
    assert!(deal.hand(0).contains(c("10c")));
    assert!(deal.hand(2).contains(c("10d")));
    assert!(deal.hand(1).contains_all(set("Jc 6s")));
    assert_eq!(deal.stock_len(), 0);
    // Everyone saw the turned-up trump go to the defender.
    assert_eq!(deal.known(1), set("6s"));
    assert!((0..3).all(|s| deal.hand(s).len() == 6));
}

#[test]
fn the_last_holding_cards_is_the_durak_and_a_last_beat_together_is_a_draw() {
    let mut deal = position(Options::default(), &["6c", "7c 8d"], "", "Kh", 0);
    assert_eq!(play(&mut deal, &[attack("6c"), defend("6c", "7c")]), Event::BeatenOff);
    assert_eq!(deal.outcome(), Some(Outcome::Durak(1)));
    assert_eq!(deal.to_move(), None);
    assert!(legal(&deal).is_empty());
    let before = deal;
    assert_eq!(deal.apply(attack("8d")), Err(BoutError::Over));
    assert_eq!(deal, before);
    assert!(Outcome::Durak(1).loses(1) && !Outcome::Durak(1).loses(0));

    let mut deal = position(Options::default(), &["6c", "7c"], "", "Kh", 0);
    play(&mut deal, &[attack("6c"), defend("6c", "7c")]);
    assert_eq!(deal.outcome(), Some(Outcome::Draw));
    assert!(!Outcome::Draw.loses(0));

    // Three seats: two go out in one bout, the third is the durak.
    let mut deal = position(Options::default(), &["6c", "7c", "6d Ad"], "", "Kh", 0);
    play(&mut deal, &[attack("6c"), defend("6c", "7c")]);
    assert_eq!(deal.outcome(), Some(Outcome::Durak(2)));
}

#[test]
fn nobody_goes_out_while_the_stock_has_cards() {
    let mut deal = position(Options::default(), &["6c", "7c 8d"], "9s Ks", "Ks", 0);
    play(&mut deal, &[attack("6c"), defend("6c", "7c")]);
    assert!(deal.in_game(0));
    assert_eq!(deal.hand(0), set("9s Ks"));
    assert_eq!(deal.known(0), set("Ks"));
    assert_eq!(deal.outcome(), None);
}
