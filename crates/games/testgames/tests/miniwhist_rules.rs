//! MiniWhist's rules: the conformance suite, follow-suit, voids, duplicate
//! faces, the lead, hidden discards, card conservation and serialisation.

use crate::common;

use common::*;
use tabula_cards::tricks::winner;
use tabula_conformance::Config;
use tabula_search::{Game, Hidden, Payoffs, Rng, Seen, Turn, play};
use tabula_testgames::miniwhist::{Action, CardSet, DECK, MiniDeck, MiniWhist, State, Suit, Zone};

#[test]
fn the_game_contract_holds() {
    let r = tabula_conformance::module::check_module(&MiniWhist, &[1, 2, 3, 4], 100);
    assert_eq!(r.games, 4);
    assert!(r.decisions >= 4 * 8);
}

#[test]
fn conformance_suite_passes() {
    let game = MiniWhist;
    // Starts at every phase: before the deal, mid-deal, at the discards and
    // in the middle of the tricks.
    let mut starts = vec![game.initial_state()];
    let mut rng = Rng::new(11);
    for plies in [3, 8, 9, 13] {
        starts.push(replay(&random_history(&mut rng, plies)));
    }
    let config = Config {
        playouts: 300,
        worlds: 3,
        ..Config::default()
    };
    let report = tabula_conformance::check(&game, &starts, &all_actions(), &config);
    assert_eq!(report.playouts, 300 * starts.len());
    assert_eq!(report.terminals, report.playouts);
    assert_eq!(report.longest, 16, "8 deals, 2 discards and 6 plays");
}

/// Seat 0: ♠1a ♠2a ♥3a ♥1a (discards ♥1a); seat 1: ♠3a ♥2a ♥2b ♠1b
/// (discards ♠1b).
fn scripted_tricks() -> Vec<Action> {
    let mut h = deal([0, 2, 10, 6], [4, 8, 9, 1]);
    h.extend([Action::Discard(card(6)), Action::Discard(card(1))]);
    h
}

#[test]
fn the_deal_alternates_and_the_recipient_alone_sees_the_card() {
    let game = MiniWhist;
    let history = deal([0, 2, 10, 6], [4, 8, 9, 1]);
    let mut state = game.initial_state();
    for (k, &a) in history.iter().enumerate() {
        assert_eq!(game.to_move(&state), Turn::Chance);
        let mut outcomes = Vec::new();
        game.chance_outcomes(&state, &mut outcomes);
        assert_eq!(outcomes.len(), 12 - k);
        assert!(outcomes.iter().all(|o| o.1 == 1.0 / (12 - k) as f64));
        assert_eq!(state.next_recipient(), Some(k % 2));
        assert_eq!(game.view_action(&state, a, k % 2), Seen::Action(a));
        assert_eq!(game.view_action(&state, a, 1 - k % 2), Seen::Hidden(Hidden::Deal));
        play(&game, &mut state, a).unwrap();
    }
    assert_eq!(state.hand(0), [0, 2, 10, 6].map(card).into_iter().collect());
    assert_eq!(state.hand(1), [4, 8, 9, 1].map(card).into_iter().collect());
    assert_eq!(state.stock(), [3, 5, 7, 11].map(card).into_iter().collect());
    assert_eq!(game.to_move(&state), Turn::Seat(0));
}

#[test]
fn discards_are_hidden_from_the_opponent() {
    let game = MiniWhist;
    let dealt = replay(&deal([0, 2, 10, 6], [4, 8, 9, 1]));
    let mut legal = Vec::new();
    game.legal_actions(&dealt, &mut legal);
    assert_eq!(legal, [0, 2, 6, 10].map(|c| Action::Discard(card(c))));
    assert!(play(&game, &mut dealt.clone(), Action::Play(card(0))).is_err());

    // Each of seat 0's discards looks the same to seat 1, and differs to
    // seat 0.
    let mut seen_by_1 = Vec::new();
    let mut seen_by_0 = Vec::new();
    for &a in &legal {
        assert_eq!(game.view_action(&dealt, a, 1), Seen::Hidden(Hidden::Discard));
        assert_eq!(game.view_action(&dealt, a, 0), Seen::Action(a));
        let mut s = dealt.clone();
        play(&game, &mut s, a).unwrap();
        assert_eq!(
            s.zone_of(match a {
                Action::Discard(c) => c,
                _ => unreachable!(),
            }),
            Zone::Discard(0)
        );
        let json = observation_json(&s, 1);
        assert!(json.contains("\"opponent_discarded\":true"), "{json}");
        seen_by_1.push(json);
        seen_by_0.push(observation_json(&s, 0));
    }
    assert!(seen_by_1.windows(2).all(|w| w[0] == w[1]));
    seen_by_0.dedup();
    assert_eq!(seen_by_0.len(), 4);
}

#[test]
fn follow_suit_is_enforced_and_duplicate_faces_go_to_the_first_played() {
    let game = MiniWhist;
    let mut h = scripted_tricks();
    // Seat 0 leads ♠2a; seat 1 holds ♠3a and hearts: it must play ♠3a.
    h.push(Action::Play(card(2)));
    let state = replay(&h);
    assert_eq!(state.led_card(), Some(card(2)));
    let mut legal = Vec::new();
    game.legal_actions(&state, &mut legal);
    assert_eq!(legal, vec![Action::Play(card(4))]);
    assert!(play(&game, &mut state.clone(), Action::Play(card(8))).is_err());
    // ♠3 beats ♠2: seat 1 wins and leads.
    h.push(Action::Play(card(4)));
    let state = replay(&h);
    assert_eq!(state.tricks(), [0, 1]);
    assert_eq!(state.leader(), 1);
    assert_eq!(game.to_move(&state), Turn::Seat(1));
    assert!(!state.is_void(1, Suit::Spades), "seat 1 followed");

    // Two copies of one face: the first played wins, whoever plays it.
    let mut twins = deal([4, 0, 6, 8], [5, 1, 7, 9]);
    twins.extend([Action::Discard(card(8)), Action::Discard(card(9))]);
    twins.extend([Action::Play(card(4)), Action::Play(card(5))]);
    let state = replay(&twins);
    assert_eq!(state.tricks(), [1, 0], "♠3a led beats ♠3b");
    twins.extend([Action::Play(card(6)), Action::Play(card(7))]);
    let state = replay(&twins);
    assert_eq!(state.tricks(), [2, 0], "♥1a led beats ♥1b");
    assert_eq!(state.leader(), 0);
    // Seat 0 leads ♠1a, seat 1 must play its ♠1b and loses the twin again.
    twins.push(Action::Play(card(0)));
    let mut legal = Vec::new();
    game.legal_actions(&replay(&twins), &mut legal);
    assert_eq!(legal, vec![Action::Play(card(1))]);
    twins.push(Action::Play(card(1)));
    let end = replay(&twins);
    assert_eq!(game.to_move(&end), Turn::Terminal);
    assert_eq!(game.payoffs(&end), Payoffs::zero_sum(3.0));
    // The trick rule itself: a higher rank of the led suit wins, nothing else.
    let second_wins = |lead, follow| winner(&DECK, &[card(lead), card(follow)]) == 1;
    assert!(second_wins(2, 4));
    assert!(!second_wins(4, 5));
    assert!(!second_wins(5, 4));
    assert!(!second_wins(0, 11), "off suit never wins");
}

#[test]
fn failing_to_follow_reveals_a_void_to_every_seat() {
    let game = MiniWhist;
    let mut h = scripted_tricks();
    // Seat 0 leads ♠2a, seat 1 wins with ♠3a and leads ♥2a; seat 0 holds ♥3a
    // and must follow.
    h.extend([Action::Play(card(2)), Action::Play(card(4)), Action::Play(card(8))]);
    let mut legal = Vec::new();
    game.legal_actions(&replay(&h), &mut legal);
    assert_eq!(legal, vec![Action::Play(card(10))]);
    // ♥3a wins; seat 0 leads ♠1a and seat 1, holding only ♥2b, shows a
    // spade void.
    h.extend([Action::Play(card(10)), Action::Play(card(0))]);
    let state = replay(&h);
    assert_eq!(state.leader(), 0);
    game.legal_actions(&state, &mut legal);
    assert_eq!(legal, vec![Action::Play(card(9))]);
    assert!(!state.is_void(1, Suit::Spades));
    h.push(Action::Play(card(9)));
    let end = replay(&h);
    assert!(end.is_void(1, Suit::Spades));
    assert!(!end.is_void(1, Suit::Hearts) && !end.is_void(0, Suit::Spades));
    for seat in 0..2 {
        assert!(game.observation(&end, seat).is_void(1, Suit::Spades));
    }
    assert_eq!(end.tricks(), [2, 1]);
    assert_eq!(game.payoffs(&end), Payoffs::zero_sum(1.0));
}

/// Every card in exactly one zone, with the sizes the phase implies.
fn assert_conserved(state: &State) {
    let zones = [
        state.hand(0),
        state.hand(1),
        state.discard(0).into_iter().collect(),
        state.discard(1).into_iter().collect(),
        state.stock(),
        state.played(),
    ];
    let total: usize = zones.iter().map(|z| z.len()).sum();
    let union = zones.iter().fold(CardSet::EMPTY, |acc, &z| acc | z);
    assert_eq!(total, 12, "a card in two zones or none: {state:?}");
    assert_eq!(union, MiniDeck::ALL, "a card is missing: {state:?}");
    assert_eq!(state.plays().len(), state.played().len());
    for c in DECK.cards() {
        let holders = zones.iter().filter(|z| z.contains(c)).count();
        assert_eq!(holders, 1, "{c} is in {holders} zones in {state:?}");
        let zone = state.zone_of(c);
        let index = match zone {
            Zone::Hand(s) => s,
            Zone::Discard(s) => 2 + s,
            Zone::Stock => 4,
            Zone::Played => 5,
        };
        assert!(zones[index].contains(c), "{c} is not in {zone:?}");
    }
}

#[test]
fn every_card_is_in_exactly_one_zone_after_every_action() {
    let game = MiniWhist;
    let mut rng = Rng::new(5);
    let mut legal = Vec::new();
    let mut checked = 0;
    let mut extremes = 0;
    for _ in 0..300 {
        let mut state = game.initial_state();
        assert_conserved(&state);
        loop {
            let a = match game.to_move(&state) {
                Turn::Terminal => break,
                Turn::Chance => game.sample_chance(&state, &mut rng),
                Turn::Seat(_) => {
                    game.legal_actions(&state, &mut legal);
                    legal[rng.below(legal.len() as u64) as usize]
                }
            };
            game.apply(&mut state, a);
            assert_conserved(&state);
            for seat in 0..2 {
                assert_eq!(game.observation(&state, seat).to_move(), game.to_move(&state));
            }
            checked += 1;
        }
        assert_eq!(state.stock().len(), 4);
        assert_eq!(state.played().len(), 6);
        let [t0, t1] = state.tricks();
        assert_eq!(t0 + t1, 3);
        let u = game.payoffs(&state).get(0);
        let (low, high) = game.payoff_range();
        assert!(low <= u && u <= high, "payoff {u} outside the declared range");
        extremes += usize::from(u == low || u == high);
    }
    assert_eq!(checked, 300 * 16);
    assert!(extremes > 0, "a 3–0 deal in 300");
}

#[test]
fn serialised_positions_are_checked() {
    let state = replay(&scripted_tricks());
    let json = serde_json::to_string(&state).unwrap();
    assert_eq!(
        json,
        r#"{"hands":[[0,2,10],[4,8,9]],"discards":[6,1],"stock":[3,5,7,11],"dealt":8,"plays":[]}"#
    );
    let back: State = serde_json::from_str(&json).unwrap();
    assert_eq!(back, state);
    let bad = [
        // a card twice
        r#"{"hands":[[0,2,10],[4,8,0]],"discards":[6,1],"stock":[3,5,7,11],"dealt":8,"plays":[]}"#,
        // seat 1 discarded first
        r#"{"hands":[[0,2,10,6],[4,8,9]],"discards":[null,1],"stock":[3,5,7,11],"dealt":8,"plays":[]}"#,
        // hand sizes wrong for the phase
        r#"{"hands":[[0,2],[4,8,9,10]],"discards":[6,1],"stock":[3,5,7,11],"dealt":8,"plays":[]}"#,
        // seat 1 did not follow spades while holding ♠3a
        r#"{"hands":[[0,10],[4,9]],"discards":[6,1],"stock":[3,5,7,11],"dealt":8,"plays":[2,8]}"#,
        // no such card
        r#"{"hands":[[0,2,10],[4,8,12]],"discards":[6,1],"stock":[3,5,7,11],"dealt":8,"plays":[]}"#,
    ];
    for text in bad {
        assert!(serde_json::from_str::<State>(text).is_err(), "{text} was accepted");
    }
    // Observations are checked as well: seat 0 cannot hold four cards after
    // discarding.
    let obs = serde_json::to_string(&MiniWhist.observation(&state, 0)).unwrap();
    assert!(serde_json::from_str::<tabula_testgames::miniwhist::Observation>(&obs).is_ok());
    let bad = obs.replace("[0,2,10]", "[0,2,10,3]");
    assert!(serde_json::from_str::<tabula_testgames::miniwhist::Observation>(&bad).is_err());
}
