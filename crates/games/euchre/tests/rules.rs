//! Every rule of Euchre, each on its own: following suit with the left
//! bower as a trump, the bowers' ranking, ordering up and the dealer's
//! discard, going alone, defending alone, the first lead, stick the
//! dealer and hands thrown in, the scoring, the match's end, and the
//! ledger kept through random matches.

use crate::common;

use common::{card, cards, deal, every_option};
use tabula_euchre::cards::{DECK, effective_suit};
use tabula_euchre::*;
use tabula_search::{Game, Hidden, Rng, Seen, Turn, play};

/// Plays the first legal action of every seat until the hand ends or `stop`
/// says so; returns the number of plies.
fn play_first_legal(game: &Euchre, s: &mut State, stop: impl Fn(&State) -> bool) -> usize {
    let hand = s.hand_no();
    let mut legal = Vec::new();
    let mut plies = 0;
    while s.hand_no() == hand && !s.is_over() && !stop(s) {
        let Turn::Seat(seat) = game.to_move(s) else { break };
        assert!(!s.public().sits_out(seat), "seat {seat} sits out but is asked to act");
        game.legal_actions(s, &mut legal);
        game.apply(s, legal[0]);
        s.check().unwrap();
        plies += 1;
    }
    plies
}

#[test]
fn follow_suit_with_the_left_bower_as_a_trump() {
    let hearts = 2;
    // Hearts trump: J♦ is a trump, not a diamond.
    let hand = cards("Jd 9d As");
    assert_eq!(
        playable(hand, Some(card("10h")), hearts),
        cards("Jd"),
        "the left bower follows trump"
    );
    assert_eq!(
        playable(hand, Some(card("Kd")), hearts),
        cards("9d"),
        "and not diamonds"
    );
    assert_eq!(
        playable(cards("Jd As"), Some(card("Kd")), hearts),
        cards("Jd As"),
        "void in diamonds though holding J♦"
    );
    // The left bower led calls for trumps.
    assert_eq!(playable(cards("9h 9d Ks"), Some(card("Jd")), hearts), cards("9h"));
    assert_eq!(playable(hand, None, hearts), hand, "any card leads");
    assert_eq!(effective_suit(card("Jd"), hearts), hearts);
    assert_eq!(effective_suit(card("Jc"), hearts), 0, "the other jacks keep their suit");
}

#[test]
fn the_right_bower_beats_the_left_which_beats_the_ace() {
    let spades = 3;
    let t = [card("As"), card("Jc"), card("Js"), card("Ks")];
    assert_eq!(trick_winner(&t, spades), 2, "the right bower");
    let t = [card("As"), card("Jc"), card("Ks"), card("Qs")];
    assert_eq!(trick_winner(&t, spades), 1, "the left bower");
    // A low trump beats the suit led; off-suit cards never win.
    let t = [card("Ad"), card("Kd"), card("9s"), card("Ah")];
    assert_eq!(trick_winner(&t, spades), 2);
    let t = [card("10d"), card("Ah"), card("Ac"), card("Jd")];
    assert_eq!(
        trick_winner(&t, spades),
        3,
        "the highest diamond; J♦ ranks between Q and 10"
    );
    // The left bower led is a trump lead, beaten only by the right.
    let t = [card("Jc"), card("As"), card("Ac"), card("9s")];
    assert_eq!(trick_winner(&t, spades), 0);
    // Three-card and two-card tricks (a seat alone).
    assert_eq!(trick_winner(&[card("9h"), card("Ah"), card("Kh")], spades), 1);
    assert_eq!(trick_winner(&[card("9h"), card("9s")], spades), 1);
}

#[test]
fn hand_points_march_one_euchre_and_alone() {
    assert_eq!(hand_points(0, 5, false, false), [2, 0], "a march");
    assert_eq!(hand_points(1, 5, true, false), [0, 4], "a march alone");
    assert_eq!(hand_points(0, 5, true, true), [4, 0], "alone against a lone defender");
    assert_eq!(hand_points(1, 3, false, false), [0, 1]);
    assert_eq!(hand_points(0, 4, true, false), [1, 0], "alone without the march");
    assert_eq!(hand_points(0, 2, false, false), [0, 2], "euchred");
    assert_eq!(hand_points(1, 0, true, false), [2, 0], "a lone maker euchred");
    assert_eq!(hand_points(1, 1, true, true), [4, 0], "euchred by a lone defender");
}

#[test]
fn the_deal_is_hidden_and_the_turn_up_public() {
    let game = Euchre::new(EuchreOptions::default()).unwrap();
    let mut s = game.initial_state();
    let mut outcomes = Vec::new();
    for k in 0..20 {
        game.chance_outcomes(&s, &mut outcomes);
        assert_eq!(outcomes.len(), 24 - k);
        let (a, _) = outcomes[0];
        assert!(matches!(a, Action::Deal(_)));
        let to = s.next_recipient().unwrap();
        assert_eq!(to, (1 + k) % 4, "one card at a time from the dealer's left");
        for seat in 0..4 {
            let seen = game.view_action(&s, a, seat);
            assert_eq!(
                seen,
                if seat == to {
                    Seen::Action(a)
                } else {
                    Seen::Hidden(Hidden::Deal)
                }
            );
        }
        game.apply(&mut s, a);
        s.check().unwrap();
    }
    game.chance_outcomes(&s, &mut outcomes);
    assert_eq!(outcomes.len(), 4, "the upcard is one of the four cards left");
    assert!(
        outcomes
            .iter()
            .all(|&(a, p)| matches!(a, Action::TurnUp(_)) && p == 0.25)
    );
    let (up, _) = outcomes[1];
    for seat in 0..4 {
        assert_eq!(
            game.view_action(&s, up, seat),
            Seen::Action(up),
            "the turn-up is public"
        );
    }
    game.apply(&mut s, up);
    s.check().unwrap();
    assert_eq!(s.stock().len(), 3, "the kitty");
    assert!(s.hands().iter().all(|h| h.len() == 5));
    assert_eq!(game.to_move(&s), Turn::Seat(1));
}

#[test]
fn ordering_up_makes_the_dealer_take_the_upcard_and_discard() {
    let game = Euchre::new(EuchreOptions::default()).unwrap();
    let mut s = game.initial_state();
    let hands = [
        "Qh Kh Ah 9s 10s",
        "9c 10c Jc Qc Kc",
        "Ac 9d 10d Jd Qd",
        "Kd Ad 9h 10h Jh",
    ];
    deal(&game, &mut s, hands, "Js");
    assert_eq!(s.stock(), cards("Qs Ks As"), "the kitty");
    // The upcard is public; the dealt cards were not.
    let o = game.observation(&s, 2);
    assert_eq!(o.public.upcard, Some(card("Js")));
    assert_eq!(o.hand, cards(hands[2]));
    play(&game, &mut s, Action::Pass).unwrap();
    assert_eq!(game.to_move(&s), Turn::Seat(2));
    play(&game, &mut s, Action::OrderUp { alone: false }).unwrap();
    // The dealer holds six cards, the upcard among them, and may discard
    // any but the upcard.
    assert_eq!(game.to_move(&s), Turn::Seat(0));
    assert_eq!(s.hands()[0], cards("Qh Kh Ah 9s 10s Js"));
    let mut legal = Vec::new();
    game.legal_actions(&s, &mut legal);
    let want: Vec<Action> = cards(hands[0]).iter().map(Action::Discard).collect();
    assert_eq!(legal, want);
    assert!(play(&game, &mut s.clone(), Action::Discard(card("Js"))).is_err());
    let discard = Action::Discard(card("Qh"));
    for seat in 1..4 {
        assert_eq!(game.view_action(&s, discard, seat), Seen::Hidden(Hidden::Discard));
    }
    assert_eq!(game.view_action(&s, discard, 0), Seen::Action(discard));
    play(&game, &mut s, discard).unwrap();
    s.check().unwrap();
    assert_eq!(s.hands()[0], cards("Kh Ah 9s 10s Js"));
    assert_eq!(game.observation(&s, 0).discard, Some(card("Qh")));
    for seat in 1..4 {
        assert_eq!(
            game.observation(&s, seat).discard,
            None,
            "only the dealer sees its discard"
        );
    }
    let call = s.public().call.unwrap();
    assert_eq!((call.maker, call.trump, call.alone), (2, 3, false));
    // The seat on the dealer's left leads; spades are trump, so J♣ (the
    // left bower) is seat 1's only trump and follows a spade lead.
    assert_eq!(game.to_move(&s), Turn::Seat(1));
    play(&game, &mut s, Action::Play(card("9c"))).unwrap();
    play(&game, &mut s, Action::Play(card("Ac"))).unwrap();
    game.legal_actions(&s, &mut legal);
    assert_eq!(legal.len(), 5, "seat 3 has no club: any card");
    play(&game, &mut s, Action::Play(card("Jh"))).unwrap();
    assert_eq!(s.public().tricks.voids[3], 1, "void in clubs shown");
    play(&game, &mut s, Action::Play(card("Js"))).unwrap();
    assert_eq!(s.public().won, [1, 0, 0, 0], "the right bower takes it");
    assert_eq!(game.to_move(&s), Turn::Seat(0));
    play(&game, &mut s, Action::Play(card("9s"))).unwrap();
    game.legal_actions(&s, &mut legal);
    assert_eq!(
        legal,
        vec![Action::Play(card("Jc"))],
        "the left bower must follow trump"
    );
}

#[test]
fn going_alone_sits_the_partner_out_and_a_lone_march_scores_4() {
    let game = Euchre::new(EuchreOptions::default()).unwrap();
    let mut s = game.initial_state();
    let hands = [
        "Ad 9h 10h Jh Qh",
        "Js Jc As Ks Qs",
        "9c 10c Qc Kc Ac",
        "9d 10d Jd Qd Kd",
    ];
    deal(&game, &mut s, hands, "9s");
    play(&game, &mut s, Action::OrderUp { alone: true }).unwrap();
    assert!(s.public().sits_out(3));
    assert_eq!(s.public().active_seats(), 3);
    // The dealer (a defender) still takes the upcard and discards.
    assert_eq!(game.to_move(&s), Turn::Seat(0));
    play_first_legal(&game, &mut s, |s| s.public().tricks.done == 1);
    assert_eq!(s.public().tricks.taken[1].len(), 3, "a trick of three cards");
    assert!(s.public().tricks.played[3].is_empty());
    play_first_legal(&game, &mut s, |_| false);
    assert_eq!(s.scores(), [0, 4], "a march alone");
    assert_eq!(s.last_hand(), [0, 4]);
    assert_eq!((s.hand_no(), s.dealer()), (1, 1), "the deal passes to the left");
    assert_eq!(game.to_move(&s), Turn::Chance);
    assert_eq!(s.next_recipient(), Some(2));
}

#[test]
fn the_first_lead_is_the_dealers_left_or_the_next_seat_that_plays() {
    let game = Euchre::new(EuchreOptions::default()).unwrap();
    let hands = [
        "Ad 9h 10h Jh Qh",
        "Js Jc As Ks Qs",
        "9c 10c Qc Kc Ac",
        "9d 10d Jd Qd Kd",
    ];
    // Seat 3 alone: its partner, seat 1 on the dealer's left, sits out, so
    // seat 2 leads after the dealer's discard.
    let mut s = game.initial_state();
    deal(&game, &mut s, hands, "9s");
    for _ in 0..2 {
        play(&game, &mut s, Action::Pass).unwrap();
    }
    play(&game, &mut s, Action::OrderUp { alone: true }).unwrap();
    assert!(s.public().sits_out(1));
    play_first_legal(&game, &mut s, |s| s.public().discarded);
    assert_eq!(game.to_move(&s), Turn::Seat(2));
    // The dealer's partner alone: the dealer sits out and does not take
    // the upcard, which stays on the kitty; seat 1 leads at once.
    let mut s = game.initial_state();
    deal(&game, &mut s, hands, "9s");
    play(&game, &mut s, Action::Pass).unwrap();
    play(&game, &mut s, Action::OrderUp { alone: true }).unwrap();
    assert!(!s.public().picked_up && s.public().sits_out(0));
    assert_eq!(s.hands()[0], cards(hands[0]));
    assert_eq!(game.to_move(&s), Turn::Seat(1));
    s.check().unwrap();
    // Named in the second round, not alone: the dealer's left leads.
    let mut s = game.initial_state();
    deal(&game, &mut s, hands, "9s");
    for _ in 0..5 {
        play(&game, &mut s, Action::Pass).unwrap();
    }
    play(&game, &mut s, Action::Name { suit: 2, alone: false }).unwrap();
    assert!(!s.public().picked_up);
    assert_eq!(game.to_move(&s), Turn::Seat(1));
}

#[test]
fn stick_the_dealer_forbids_the_dealers_last_pass_and_off_a_hand_is_thrown_in() {
    for stick in [true, false] {
        let game = Euchre::new(EuchreOptions {
            stick_the_dealer: stick,
            ..EuchreOptions::default()
        })
        .unwrap();
        let mut s = game.initial_state();
        deal(
            &game,
            &mut s,
            [
                "Ad 9h 10h Jh Qh",
                "Js Jc As Ks Qs",
                "9c 10c Qc Kc Ac",
                "9d 10d Jd Qd Kd",
            ],
            "9s",
        );
        for _ in 0..4 {
            play(&game, &mut s, Action::Pass).unwrap();
        }
        // The second round: spades, turned down, may not be named.
        let mut legal = Vec::new();
        game.legal_actions(&s, &mut legal);
        assert_eq!(game.to_move(&s), Turn::Seat(1));
        assert_eq!(legal.len(), 7);
        assert!(!legal.contains(&Action::Name { suit: 3, alone: false }));
        for _ in 0..3 {
            play(&game, &mut s, Action::Pass).unwrap();
        }
        assert_eq!(game.to_move(&s), Turn::Seat(0));
        game.legal_actions(&s, &mut legal);
        let names: Vec<Action> = (0..3)
            .flat_map(|suit| [false, true].map(|alone| Action::Name { suit, alone }))
            .collect();
        if stick {
            assert_eq!(legal, names, "the dealer must name");
            assert!(play(&game, &mut s, Action::Pass).is_err());
        } else {
            assert_eq!(legal[0], Action::Pass);
            assert_eq!(&legal[1..], names.as_slice());
            play(&game, &mut s, Action::Pass).unwrap();
            s.check().unwrap();
            assert_eq!((s.hand_no(), s.dealer(), s.scores()), (1, 1, [0, 0]), "thrown in");
            assert_eq!(s.stock(), DECK.all());
            assert_eq!(game.to_move(&s), Turn::Chance);
            assert_eq!(s.next_recipient(), Some(2), "the next dealer deals from its left");
        }
    }
}

#[test]
fn a_defender_may_defend_alone_under_the_option() {
    let hands = [
        "Ad 9h 10h Jh Qh",
        "9c 10c Qc Kc Ac",
        "Js Jc As Ks Qs",
        "9d 10d Jd Qd Kd",
    ];
    for (option, answers) in [(false, vec![]), (true, vec![false, false]), (true, vec![true])] {
        let game = Euchre::new(EuchreOptions {
            defender_alone: option,
            ..EuchreOptions::default()
        })
        .unwrap();
        let mut s = game.initial_state();
        deal(&game, &mut s, hands, "9s");
        play(&game, &mut s, Action::OrderUp { alone: true }).unwrap();
        play_first_legal(&game, &mut s, |s| s.public().discarded);
        // The defender after the maker is asked first, then the other.
        for (k, &answer) in answers.iter().enumerate() {
            assert_eq!(game.to_move(&s), Turn::Seat([2, 0][k]));
            let mut legal = Vec::new();
            game.legal_actions(&s, &mut legal);
            assert_eq!(legal, vec![Action::DefendAlone(false), Action::DefendAlone(true)]);
            play(&game, &mut s, Action::DefendAlone(answer)).unwrap();
        }
        assert_eq!(game.to_move(&s), Turn::Seat(1), "the maker leads");
        let lone = answers.first() == Some(&true);
        assert_eq!(s.public().sits_out(0), lone);
        assert_eq!(s.public().active_seats(), if lone { 2 } else { 3 });
        play_first_legal(&game, &mut s, |s| s.public().tricks.done == 1);
        // J♣ is a trump: seat 2 holds no club and shows the void.
        assert_eq!(s.public().tricks.voids[2], 1, "void in clubs, J♣ held");
        assert_eq!(s.public().tricks.taken[2].len(), if lone { 2 } else { 3 });
        play_first_legal(&game, &mut s, |_| false);
        // Seat 2 holds the five best trumps and takes every trick.
        assert_eq!(s.scores(), if lone { [4, 0] } else { [2, 0] }, "euchred");
    }
}

#[test]
fn random_matches_keep_the_ledger_score_each_hand_and_end_at_the_target() {
    for (k, options) in every_option(10).into_iter().enumerate() {
        let game = Euchre::new(options).unwrap();
        for seed in 0..6u64 {
            let mut rng = Rng::new(seed * 10 + k as u64);
            let mut s = game.initial_state();
            let mut legal = Vec::new();
            let mut hands = 0;
            while game.to_move(&s) != Turn::Terminal {
                let before = s.clone();
                let a = match game.to_move(&s) {
                    Turn::Chance => game.sample_chance(&s, &mut rng),
                    Turn::Seat(seat) => {
                        assert!(!s.public().sits_out(seat));
                        game.legal_actions(&s, &mut legal);
                        assert!(legal.windows(2).all(|w| w[0] < w[1]));
                        legal[rng.below(legal.len() as u64) as usize]
                    }
                    Turn::Terminal => unreachable!("the loop stops at the end"),
                };
                game.apply(&mut s, a);
                s.check().unwrap();
                assert_eq!(game.hash(&s), game.hash_from_scratch(&s));
                if s.hand_no() == before.hand_no() && !s.is_over() {
                    continue;
                }
                hands += 1;
                let pts = s.last_hand();
                assert_eq!(s.scores(), plus(before.scores(), pts));
                let p = before.public();
                let Action::Play(c) = a else {
                    assert_eq!((a, pts), (Action::Pass, [0, 0]), "only a pass throws a hand in");
                    assert!(!options.stick_the_dealer);
                    continue;
                };
                // The points from the tricks: the last one's winner added.
                let mut trick = p.trick_cards().to_vec();
                trick.push(c);
                let call = p.call.unwrap();
                let mut won = p.won;
                won[p.trick_seat(trick_winner(&trick, call.trump))] += 1;
                let m = usize::from(call.maker);
                let want = hand_points(team(m), won[m] + won[partner(m)], call.alone, p.defender.is_some());
                assert_eq!(pts, want);
            }
            assert!(hands > 0);
            let [a, b] = s.scores();
            assert!(a.max(b) >= 10 && a.min(b) < 10, "one side reached 10: {a} {b}");
            let winner = usize::from(b > a);
            for seat in 0..4 {
                let want = if team(seat) == winner { 1.0 } else { 0.0 };
                assert_eq!(game.payoffs(&s).get(seat), want);
            }
        }
    }
}

#[test]
fn the_match_ends_after_the_hand_that_reaches_the_end_score() {
    let game = Euchre::new(EuchreOptions {
        end_score: 1,
        ..EuchreOptions::default()
    })
    .unwrap();
    let mut s = game.initial_state();
    deal(
        &game,
        &mut s,
        [
            "Ad 9h 10h Jh Qh",
            "Js Jc As Ks Qs",
            "9c 10c Qc Kc Ac",
            "9d 10d Jd Qd Kd",
        ],
        "9s",
    );
    play(&game, &mut s, Action::OrderUp { alone: false }).unwrap();
    play_first_legal(&game, &mut s, |_| false);
    assert!(s.is_over());
    assert_eq!(game.to_move(&s), Turn::Terminal);
    assert_eq!(game.payoffs(&s).as_slice(), &[0.0, 1.0, 0.0, 1.0]);
}

#[test]
fn options_are_checked_and_read_strictly() {
    let d = EuchreOptions::default();
    assert_eq!((d.end_score, d.stick_the_dealer, d.defender_alone), (10, true, false));
    for bad in [0, MAX_END_SCORE + 1] {
        assert!(Euchre::new(EuchreOptions { end_score: bad, ..d }).is_err());
    }
    let read: EuchreOptions = serde_json::from_str(r#"{"end_score": 5}"#).unwrap();
    assert_eq!(read, EuchreOptions { end_score: 5, ..d });
    assert!(serde_json::from_str::<EuchreOptions>(r#"{"stick": false}"#).is_err());
}

#[test]
fn records_replay_and_refuse_what_does_not() {
    let game = Euchre::new(EuchreOptions {
        end_score: 5,
        defender_alone: true,
        ..EuchreOptions::default()
    })
    .unwrap();
    let (s, actions) = tabula_conformance::random_match(&game, game.initial_state(), 8);
    let record = Record::of(&game, &actions).unwrap();
    assert_eq!(record.scores, s.scores());
    let text = serde_json::to_string(&record).unwrap();
    let back: Record = serde_json::from_str(&text).unwrap();
    assert_eq!(back.replay().unwrap(), s, "the replay rebuilds the final state");
    // A card played twice does not replay, nor do scores the actions do
    // not reach, nor bad options.
    let mut tampered = back.clone();
    let last_play = tampered
        .actions
        .iter()
        .rposition(|a| matches!(a, Action::Play(_)))
        .unwrap();
    let first_play = tampered
        .actions
        .iter()
        .position(|a| matches!(a, Action::Play(_)))
        .unwrap();
    tampered.actions[last_play] = tampered.actions[first_play];
    assert!(matches!(tampered.replay(), Err(ReplayError::Illegal { .. })));
    let mut wrong = back.clone();
    wrong.scores[0] += 1;
    assert!(matches!(wrong.replay(), Err(ReplayError::Scores { .. })));
    let mut options = back;
    options.options.end_score = 0;
    assert!(matches!(options.replay(), Err(ReplayError::Options(_))));
}
