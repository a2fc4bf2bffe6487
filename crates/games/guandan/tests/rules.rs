//! The rules of the hand and the match, each by a position set up for it:
//! beat or pass, the lead to the partner of a seat that went out, the end
//! of a hand and the levels gained, tribute (single, double, equal cards,
//! resisted) and the card given back, the end of the match at A and the
//! drop back to 2; and whole random matches that keep every card.

use tabula_guandan::cards::{Cards, DECK, parse_cards};
use tabula_guandan::moves::{Kind, Scratch};
use tabula_guandan::{Action, GuandanOptions, Phase, ReturnRule, Setup, State};
use tabula_search::{Rng, Turn};

fn cards(text: &str) -> Cards {
    parse_cards(text, DECK).unwrap()
}

/// The face of a card named.
fn face(text: &str) -> u8 {
    tabula_guandan::cards::face_of(cards(text).lowest().unwrap())
}

fn legal(s: &State) -> Vec<Action> {
    let mut out = Vec::new();
    s.legal(&mut Scratch::default(), &mut out);
    out
}

/// The legal play of the seat to act that takes exactly `text`'s cards.
fn play_of(s: &State, text: &str) -> Action {
    let want = cards(text);
    legal(s)
        .into_iter()
        .find(|a| match a {
            Action::Play(p) => tabula_guandan::moves::take(s.hand(s.to_act()), s.level(), p) == Some(want),
            _ => false,
        })
        .unwrap_or_else(|| panic!("no play of {text} for seat {}", s.to_act()))
}

/// Each hand's cards, each name taking a card no earlier hand took.
fn hands(texts: [&str; 4]) -> [Cards; 4] {
    let mut used = Cards::EMPTY;
    texts.map(|t| {
        let h = parse_cards(t, DECK - used).unwrap();
        used = used | h;
        h
    })
}

fn setup(levels: [u8; 2], declarers: Option<u8>, texts: [&str; 4], last: Option<[u8; 4]>, leader: u8) -> State {
    Setup {
        options: GuandanOptions::default(),
        levels,
        declarers,
        failures: [0, 0],
        hands: hands(texts),
        last_order: last,
        leader,
    }
    .into_state()
    .unwrap()
}

#[test]
fn the_leader_must_play_and_a_follower_may_pass() {
    let mut s = setup([0, 0], None, ["5s 9c", "6s 3c", "7s 3d", "8s 3h"], None, 0);
    assert_eq!(s.phase(), Phase::Play);
    assert!(!legal(&s).contains(&Action::Pass), "the leader cannot pass");
    s.play(play_of(&s, "5s")).unwrap();
    let next = legal(&s);
    assert!(next.contains(&Action::Pass));
    // Seat 1 may beat the five with its six, never with a three.
    assert!(next.contains(&play_of(&s, "6s")));
    assert!(s.play(play_of(&s, "6s")).is_ok());
    // A pair is no answer to a single.
    let pair = Setup {
        options: GuandanOptions::default(),
        levels: [0, 0],
        declarers: None,
        failures: [0, 0],
        hands: ["5s 9c", "6s 6c", "7s 3d", "8s 3h"].map(cards),
        last_order: None,
        leader: 0,
    }
    .into_state()
    .unwrap();
    let mut p = pair;
    p.play(play_of(&p, "5s")).unwrap();
    assert!(
        legal(&p)
            .iter()
            .all(|a| !matches!(a, Action::Play(pl) if pl.combo.kind == Kind::Pair))
    );
}

#[test]
fn three_passes_give_the_lead_back_and_a_seat_out_gives_it_to_its_partner() {
    // Seat 0 leads the 9♣ and keeps a card: after three passes it leads again.
    let mut s = setup([0, 0], None, ["9c 4s", "3c 4c", "3d 4d", "3h 4h"], None, 0);
    s.play(play_of(&s, "9c")).unwrap();
    s.play_all(&[Action::Pass, Action::Pass, Action::Pass]).unwrap();
    assert_eq!((s.to_act(), s.to_beat()), (0, None));
    // Seat 0 goes out on a single nobody beats: its partner, seat 2, leads.
    let mut s = setup([0, 0], None, ["9c", "3c 4c", "3d 4d", "3h 4h"], None, 0);
    s.play(play_of(&s, "9c")).unwrap();
    assert_eq!(s.out(), [0]);
    assert_eq!(s.to_act(), 1);
    s.play_all(&[Action::Pass, Action::Pass, Action::Pass]).unwrap();
    assert_eq!((s.to_act(), s.to_beat()), (2, None), "the partner leads");
}

#[test]
fn a_side_out_first_and_second_ends_the_hand_three_levels_up() {
    // Level 2, the first hand: seats 0 and 2 go out first and second.
    let mut s = setup([0, 0], None, ["9c", "3c 4c", "10d", "3h 4h"], None, 0);
    s.play(play_of(&s, "9c")).unwrap();
    s.play(Action::Pass).unwrap();
    s.play(play_of(&s, "10d")).unwrap();
    let last = s.last_hand().expect("the hand is over");
    assert_eq!(last.order, [0, 2, 1, 3]);
    assert_eq!(last.gained, [3, 0]);
    assert_eq!(s.levels(), [3, 0]);
    // The next hand is dealt at the winners' level, 5.
    assert_eq!((s.phase(), s.level(), s.turn()), (Phase::Deal, 3, Turn::Chance));
}

#[test]
fn the_partner_third_gains_two_and_last_gains_one() {
    // Order 0, 1, 2: seat 0's partner third.
    let mut s = setup([0, 0], None, ["9c", "10c", "Jc", "3h 4h"], None, 0);
    s.play(play_of(&s, "9c")).unwrap();
    s.play(play_of(&s, "10c")).unwrap();
    s.play(play_of(&s, "Jc")).unwrap();
    let last = s.last_hand().unwrap();
    assert_eq!((last.order, last.gained), ([0, 1, 2, 3], [2, 0]));
    // Order 0, 1, 3: seat 0's partner last.
    let mut s = setup([0, 0], None, ["9c", "10c", "3d 4d", "Jc"], None, 0);
    s.play(play_of(&s, "9c")).unwrap();
    s.play(play_of(&s, "10c")).unwrap();
    s.play(Action::Pass).unwrap();
    s.play(play_of(&s, "Jc")).unwrap();
    let last = s.last_hand().unwrap();
    assert_eq!((last.order, last.gained), ([0, 1, 3, 2], [1, 0]));
    assert_eq!(s.levels(), [1, 0]);
}

#[test]
fn the_last_seat_gives_its_highest_card_but_a_wild_one_and_the_first_gives_back_ten_or_lower() {
    // Last hand 0, 1, 2, 3: seat 3 gives to seat 0. At level 2 (side 0's,
    // 0) the 2♥ is wild: seat 3's highest other cards are its aces.
    let mut s = setup(
        [0, 0],
        Some(0),
        ["3c 4c Qs", "5c 6c", "7c 8c", "2h As Ad 9c"],
        Some([0, 1, 2, 3]),
        0,
    );
    assert_eq!((s.phase(), s.to_act()), (Phase::Tribute, 3));
    let names: Vec<u8> = legal(&s)
        .iter()
        .map(|a| match a {
            Action::Tribute(c) => *c,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(names, [face("Ad"), face("As")], "A♦ or A♠, never the wild 2♥");
    s.play(Action::Tribute(face("As"))).unwrap();
    assert!(s.hand(0).contains_all(cards("As")) && !s.hand(3).contains_all(cards("As")));
    // Seat 0 gives back a card of ten or lower: the 3♣ or 4♣, not the Q♠
    // nor the ace it received.
    assert_eq!((s.phase(), s.to_act()), (Phase::Return, 0));
    let back = legal(&s);
    assert_eq!(back, [Action::Return(face("3c")), Action::Return(face("4c"))]);
    s.play(back[1]).unwrap();
    assert!(
        s.hand(3).contains_all(cards("4c")),
        "the card given back reaches the giver"
    );
    // The payer leads the hand.
    assert_eq!((s.phase(), s.to_act()), (Phase::Play, 3));
    assert!(s.hand(3).contains_all(cards("4c")) && s.hand(0).len() == 3);
}

#[test]
fn after_a_double_loss_both_give_and_the_higher_card_goes_to_the_first_out() {
    // Last hand 0, 2, 1, 3: seats 1 and 3 give, seat 1 (next after 0)
    // first. Seat 3's king beats seat 1's queen: it goes to seat 0, and
    // seat 3 leads.
    let mut s = setup(
        [0, 0],
        Some(0),
        ["3c 4c", "Qs 5d", "7c 8c", "Kd 6d"],
        Some([0, 2, 1, 3]),
        0,
    );
    assert_eq!((s.phase(), s.to_act()), (Phase::Tribute, 1));
    s.play(Action::Tribute(face("Qs"))).unwrap();
    assert_eq!(s.to_act(), 3);
    s.play(Action::Tribute(face("Kd"))).unwrap();
    let given: Vec<(u8, u8)> = s.tributes().map(|t| (t.payer, t.receiver)).collect();
    assert_eq!(given, [(1, 2), (3, 0)]);
    assert!(s.hand(0).contains_all(cards("Kd")) && s.hand(2).contains_all(cards("Qs")));
    // Seat 0 gives back first, then seat 2; then seat 3 leads.
    assert_eq!((s.phase(), s.to_act()), (Phase::Return, 0));
    s.play(legal(&s)[0]).unwrap();
    assert_eq!(s.to_act(), 2);
    s.play(legal(&s)[0]).unwrap();
    assert_eq!((s.phase(), s.to_act()), (Phase::Play, 3));
    // Equal cards: the payer next after the first out (seat 1) gives to it.
    let mut s = setup(
        [0, 0],
        Some(0),
        ["3c 4c", "Qs 5d", "7c 8c", "Qd 6d"],
        Some([0, 2, 1, 3]),
        0,
    );
    s.play(Action::Tribute(face("Qs"))).unwrap();
    s.play(Action::Tribute(face("Qd"))).unwrap();
    let given: Vec<(u8, u8)> = s.tributes().map(|t| (t.payer, t.receiver)).collect();
    assert_eq!(given, [(1, 0), (3, 2)]);
}

#[test]
fn both_big_jokers_resist_tribute_and_the_first_out_leads() {
    // One giver with both big jokers.
    let s = setup(
        [0, 0],
        Some(0),
        ["3c 4c", "5c 6c", "7c 8c", "BJ BJ 9c"],
        Some([0, 1, 2, 3]),
        3,
    );
    assert_eq!((s.phase(), s.to_act()), (Phase::Play, 0));
    assert_eq!(s.tributes().count(), 0);
    // Two givers with one each.
    let s = setup(
        [0, 0],
        Some(0),
        ["3c 4c", "BJ 6c", "7c 8c", "BJ 9c"],
        Some([0, 2, 1, 3]),
        3,
    );
    assert_eq!((s.phase(), s.to_act()), (Phase::Play, 0));
    // One big joker alone is given.
    let s = setup(
        [0, 0],
        Some(0),
        ["3c 4c", "5c 6c", "7c 8c", "BJ 9c"],
        Some([0, 1, 2, 3]),
        3,
    );
    assert_eq!(legal(&s), [Action::Tribute(face("BJ"))]);
}

#[test]
fn a_hand_of_no_card_of_ten_or_lower_gives_back_its_lowest_and_any_rule_gives_back_anything() {
    let mk = |rule| {
        Setup {
            options: GuandanOptions {
                return_rule: rule,
                ..GuandanOptions::default()
            },
            levels: [0, 0],
            declarers: Some(0),
            failures: [0, 0],
            hands: ["Qc Kc", "5c 6c", "7c 8c", "As 9c"].map(cards),
            last_order: Some([0, 1, 2, 3]),
            leader: 0,
        }
        .into_state()
        .unwrap()
    };
    let mut s = mk(ReturnRule::TenOrLower);
    s.play(Action::Tribute(face("As"))).unwrap();
    assert_eq!(legal(&s), [Action::Return(face("Qc"))]);
    let mut s = mk(ReturnRule::Any);
    s.play(Action::Tribute(face("As"))).unwrap();
    assert_eq!(legal(&s).len(), 2, "the queen or the king, never the ace received");
}

#[test]
fn the_declarers_at_ace_win_going_out_first_with_their_partner_second_or_third() {
    // Side 0 at A (12) declares: 0 then 2 out, the match is won.
    let mut s = setup([12, 5], Some(0), ["9c", "3c 4c", "10d", "3h 4h"], None, 0);
    assert_eq!(s.level(), 12);
    s.play(play_of(&s, "9c")).unwrap();
    s.play(Action::Pass).unwrap();
    s.play(play_of(&s, "10d")).unwrap();
    assert_eq!(
        (s.phase(), s.winner(), s.turn()),
        (Phase::Over, Some(0), Turn::Terminal)
    );
    assert_eq!(s.payoffs(), [1.0, 0.0, 1.0, 0.0]);
    // Going out first with the partner last is a failure at A: the match
    // goes on at A.
    let mut s = setup([12, 5], Some(0), ["9c", "10c", "3d 4d", "Jc"], None, 0);
    s.play(play_of(&s, "9c")).unwrap();
    s.play(play_of(&s, "10c")).unwrap();
    s.play(Action::Pass).unwrap();
    s.play(play_of(&s, "Jc")).unwrap();
    let last = s.last_hand().unwrap();
    assert!(last.failed_at_ace && !last.dropped);
    assert_eq!((s.winner(), s.levels(), s.level()), (None, [12, 5], 12));
}

#[test]
fn three_failures_at_ace_drop_a_side_back_to_two_when_the_table_says_so() {
    let options = GuandanOptions {
        a_failures: 3,
        ..GuandanOptions::default()
    };
    // Side 1 goes out first and second at side 0's A three times: the
    // third failure drops side 0 back to 2.
    let mut failures = 0;
    let mut s = State::new(options).unwrap();
    for failure in 1..=3 {
        s = Setup {
            options,
            levels: [12, 3],
            declarers: Some(0),
            failures: [failures, 0],
            hands: ["3d 4d", "9c", "3h 4h", "10c"].map(cards),
            last_order: None,
            leader: 1,
        }
        .into_state()
        .unwrap();
        s.play(play_of(&s, "9c")).unwrap();
        s.play(Action::Pass).unwrap();
        s.play(play_of(&s, "10c")).unwrap();
        let last = s.last_hand().unwrap();
        assert!(last.failed_at_ace, "failure {failure}");
        assert_eq!(last.dropped, failure == 3);
        failures = s.failures()[0];
        assert_eq!(failures, if failure < 3 { failure } else { 0 });
    }
    let last = s.last_hand().unwrap();
    assert!(last.dropped);
    assert_eq!(s.levels(), [0, 6]);
}

#[test]
fn random_matches_end_with_a_winner_and_keep_every_card() {
    let options = GuandanOptions {
        start_level: 10,
        ..GuandanOptions::default()
    };
    let mut scratch = Scratch::default();
    let (mut out, mut chance) = (Vec::new(), Vec::new());
    let (mut returns, mut hands, mut drawn) = (0, 0, 0);
    for seed in 0..6 {
        let mut rng = Rng::new(seed);
        let mut s = State::new(options).unwrap();
        let mut plies = 0;
        while s.turn() != Turn::Terminal {
            // Every card is in a hand, the stock or a seat's plays.
            let mut all = s.stock() | s.in_tribute();
            for seat in 0..4 {
                assert!((all & s.hand(seat)).is_empty() && (all & s.played(seat)).is_empty());
                all = all | s.hand(seat) | s.played(seat);
            }
            assert_eq!(all, DECK, "seed {seed}, ply {plies}");
            let a = match s.turn() {
                Turn::Chance => {
                    s.chance_outcomes(&mut chance);
                    chance[rng.below(chance.len() as u64) as usize].0
                }
                _ => {
                    s.legal(&mut scratch, &mut out);
                    assert!(!out.is_empty(), "a seat to act has a move");
                    out[rng.below(out.len() as u64) as usize]
                }
            };
            if s.phase() == Phase::Play && (0..4).all(|k| s.played(k).is_empty()) {
                assert!(
                    (0..4).all(|k| s.hand(k).len() == 27),
                    "27 cards each when the play begins"
                );
            }
            returns += usize::from(matches!(a, Action::Return(_)));
            drawn += usize::from(matches!(a, Action::FirstLeader(_)));
            let before = s.last_hand().copied();
            s.play(a).unwrap();
            hands += usize::from(s.last_hand().copied() != before);
            plies += 1;
            assert!(plies < 200_000, "seed {seed}: the match does not end");
        }
        let w = s.winner().unwrap();
        assert_eq!(s.payoffs().iter().sum::<f64>(), 2.0);
        assert_eq!(s.levels()[w], 12);
    }
    // A first leader drawn once a match; cards given back after most
    // hands but the first.
    assert_eq!(drawn, 6);
    assert!(
        hands > 12 && returns >= hands / 2,
        "{hands} hands, {returns} cards given back"
    );
}

#[test]
fn the_partner_last_gives_to_the_first_and_one_big_joker_each_side_resists_nothing() {
    // Last hand 0, 1, 3, 2: seat 0's partner was last and gives to it.
    let s = setup(
        [1, 0],
        Some(0),
        ["3c 4c", "5c 6c", "7c 8c Kd", "BJ 9c"],
        Some([0, 1, 3, 2]),
        1,
    );
    assert_eq!((s.phase(), s.to_act()), (Phase::Tribute, 2));
    assert_eq!(legal(&s), [Action::Tribute(face("Kd"))]);
    // A single giver with one big joker while an opponent of the first
    // seat out holds the other: the tribute stands.
    let s = setup(
        [1, 0],
        Some(0),
        ["3c 4c", "BJ 6c", "7c 8c", "BJ 9c"],
        Some([0, 1, 2, 3]),
        1,
    );
    assert_eq!((s.phase(), s.to_act()), (Phase::Tribute, 3));
    assert_eq!(legal(&s), [Action::Tribute(face("BJ"))]);
}

#[test]
fn a_seat_out_whose_last_play_is_beaten_is_passed_over() {
    let mut s = setup([0, 0], None, ["9c", "10c 3s", "3d 4d", "3h 4h"], None, 0);
    s.play(play_of(&s, "9c")).unwrap();
    s.play(play_of(&s, "10c")).unwrap();
    assert_eq!(s.to_act(), 2);
    s.play_all(&[Action::Pass, Action::Pass]).unwrap();
    // Seats 2 and 3 passed: seat 1's ten wins, seat 0 (out) is never asked.
    assert_eq!((s.to_act(), s.to_beat()), (1, None));
}

#[test]
fn with_no_limit_failures_at_ace_never_drop_a_side() {
    let mut s = Setup {
        options: GuandanOptions::default(),
        levels: [12, 3],
        declarers: Some(0),
        failures: [5, 0],
        hands: hands(["3d 4d", "9c", "3h 4h", "10c"]),
        last_order: None,
        leader: 1,
    }
    .into_state()
    .unwrap();
    s.play(play_of(&s, "9c")).unwrap();
    s.play(Action::Pass).unwrap();
    s.play(play_of(&s, "10c")).unwrap();
    let last = s.last_hand().unwrap();
    assert!(last.failed_at_ace && !last.dropped);
    assert_eq!((s.failures(), s.levels()), ([6, 0], [12, 6]));
}

#[test]
fn set_ups_the_rules_never_reach_are_refused() {
    let base = Setup {
        options: GuandanOptions::default(),
        levels: [3, 0],
        declarers: Some(0),
        failures: [0, 0],
        hands: hands(["3c", "4c", "5c", "6c"]),
        last_order: Some([0, 1, 2, 3]),
        leader: 0,
    };
    use tabula_guandan::SetupError;
    let refused = |f: &dyn Fn(&mut Setup)| {
        let mut s = base.clone();
        f(&mut s);
        s.into_state().unwrap_err()
    };
    assert!(base.clone().into_state().is_ok());
    assert_eq!(refused(&|s| s.declarers = Some(1)), SetupError::Declarers);
    assert_eq!(refused(&|s| s.declarers = None), SetupError::Declarers);
    assert_eq!(refused(&|s| s.failures = [1, 0]), SetupError::Failures);
    assert_eq!(refused(&|s| s.levels = [13, 0]), SetupError::Level);
    assert_eq!(refused(&|s| s.hands[1] = s.hands[0]), SetupError::Hands);
    assert_eq!(refused(&|s| s.last_order = Some([0, 0, 2, 3])), SetupError::Order);
    // The last seat holds only a wild card (the 5♥ at side 0's level 5).
    assert_eq!(refused(&|s| s.hands[3] = cards("5h")), SetupError::NoTribute);
    assert!(
        State::new(GuandanOptions {
            start_level: 13,
            ..GuandanOptions::default()
        })
        .is_err()
    );
}
