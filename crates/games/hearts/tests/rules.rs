//! Every rule of Hearts, each on its own: the first lead, following suit,
//! the first trick's points, breaking hearts, the pass cycle and the
//! exchange, the scoring with the moon and J♦, the match's end, and records
//! that replay.

use tabula_cards::tricks::winner;
use tabula_cards::{CardId, CardSet};
use tabula_hearts::cards::{DECK, HEARTS, JACK_OF_DIAMONDS, MOON, QUEEN_OF_SPADES, TWO_OF_CLUBS};
use tabula_hearts::*;
use tabula_search::{Game, Hidden, Rng, Seen, Turn};

fn cards(names: &str) -> CardSet {
    names.split_whitespace().map(|n| DECK.parse(n).unwrap()).collect()
}

fn card(name: &str) -> CardId {
    DECK.parse(name).unwrap()
}

/// Deals `hands` (seat by seat) by chance events in the deal's order.
fn deal(game: &Hearts, s: &mut State, hands: [CardSet; 4]) {
    let mut left = hands;
    while game.to_move(s) == Turn::Chance {
        let seat = s.next_recipient().unwrap();
        let c = left[seat].lowest().unwrap();
        left[seat].remove(c);
        game.apply(s, Action::Deal(c));
    }
}

/// The 52 cards as four hands of 13 consecutive ids.
fn blocks() -> [CardSet; 4] {
    [0, 1, 2, 3].map(|i| CardSet((0x1FFFu64) << (13 * i)))
}

#[test]
fn follow_suit_and_the_first_trick() {
    let hand = cards("3c 9c 2h Qs 5d");
    // Follow the suit led.
    assert_eq!(playable(hand, Some(card("Kc")), 3, false), cards("3c 9c"));
    // Void on the first trick: no heart, no Q♠ while something else remains.
    let void = cards("2h Qs 5d");
    assert_eq!(playable(void, Some(card("2c")), 0, false), cards("5d"));
    // Only points left: anything.
    assert_eq!(playable(cards("2h Qs"), Some(card("2c")), 0, false), cards("2h Qs"));
    // Void later: anything.
    assert_eq!(playable(void, Some(card("2c")), 1, false), void);
    // The first lead is 2♣.
    assert_eq!(playable(cards("2c 3c 2h"), None, 0, false), cards("2c"));
    // Hearts not broken: no heart led unless only hearts remain; Q♠ may lead.
    assert_eq!(playable(cards("2h Qs 5d"), None, 4, false), cards("Qs 5d"));
    assert_eq!(playable(cards("2h 9h"), None, 4, false), cards("2h 9h"));
    assert_eq!(playable(cards("2h Qs 5d"), None, 4, true), cards("2h Qs 5d"));
}

#[test]
fn the_trick_goes_to_the_highest_card_of_the_suit_led() {
    // Hearts has no trump: the deck's own reading of its suits decides.
    let t = [card("5d"), card("Ad"), card("Ks"), card("9d")];
    assert_eq!(winner(&DECK, &t), 1);
    let t = [card("2c"), card("Ah"), card("Qs"), card("3c")];
    assert_eq!(winner(&DECK, &t), 3, "the 3♣, the only club above the 2♣ led");
}

#[test]
fn passes_cycle_left_right_across_and_hold() {
    assert_eq!(
        [0, 1, 2, 3, 4].map(pass_offset),
        [Some(1), Some(3), Some(2), None, Some(1)]
    );
    let game = Hearts::new(HeartsOptions::default()).unwrap();
    let mut s = game.initial_state();
    deal(&game, &mut s, blocks());
    // Seats choose in turn from the dealer's left (the dealer is seat 0).
    let mut legal = Vec::new();
    let mut chosen = [CardSet::EMPTY; 4];
    for seat in [1, 2, 3, 0] {
        assert_eq!(game.to_move(&s), Turn::Seat(seat));
        game.legal_actions(&s, &mut legal);
        assert_eq!(legal.len(), 286, "every three of thirteen");
        let Action::Pass(p) = legal[7] else { panic!("a pass") };
        chosen[seat] = p;
        // The others see only that a pass was chosen.
        assert_eq!(
            game.view_action(&s, legal[7], (seat + 1) % 4),
            Seen::Hidden(Hidden::Pass)
        );
        assert_eq!(game.view_action(&s, legal[7], seat), Seen::Action(legal[7]));
        game.apply(&mut s, legal[7]);
        s.check().unwrap();
    }
    // The first hand passes left: seat k's cards go to seat k + 1.
    for seat in 0..4 {
        let from = (seat + 3) % 4;
        assert!(s.hands()[seat].contains_all(chosen[from]));
        assert!((s.hands()[seat] & chosen[seat]).is_empty());
        assert_eq!(game.observation(&s, seat).received, chosen[from]);
    }
    // Then the holder of 2♣ leads it.
    let holder = (0..4).find(|&k| s.hands()[k].contains(TWO_OF_CLUBS)).unwrap();
    assert_eq!(game.to_move(&s), Turn::Seat(holder));
    game.legal_actions(&s, &mut legal);
    assert_eq!(legal, vec![Action::Play(TWO_OF_CLUBS)]);
}

#[test]
fn hearts_break_on_a_heart_and_under_the_option_on_the_queen() {
    for queen_breaks in [true, false] {
        let game = Hearts::new(HeartsOptions {
            queen_breaks_hearts: queen_breaks,
            ..HeartsOptions::default()
        })
        .unwrap();
        let mut s = game.initial_state();
        // Seat 1: all clubs; seat 2: diamonds; seat 3: hearts; seat 0: spades.
        deal(&game, &mut s, [blocks()[3], blocks()[0], blocks()[1], blocks()[2]]);
        let mut legal = Vec::new();
        // Pass the three lowest of each suit back and forth (left).
        while let Turn::Seat(_) = game.to_move(&s) {
            game.legal_actions(&s, &mut legal);
            match legal[0] {
                Action::Pass(_) => game.apply(&mut s, legal[0]),
                _ => break,
            }
        }
        // Play out the first trick and see whether the queen broke hearts.
        let mut broke_on_queen = None;
        while s.tricks() < 13 && broke_on_queen.is_none() {
            game.legal_actions(&s, &mut legal);
            let a = *legal
                .iter()
                .find(|a| **a == Action::Play(QUEEN_OF_SPADES))
                .unwrap_or(&legal[0]);
            let hearts_played_before = s.taken().iter().fold(CardSet::EMPTY, |x, &y| x | y) & HEARTS;
            game.apply(&mut s, a);
            if a == Action::Play(QUEEN_OF_SPADES) && hearts_played_before.is_empty() {
                broke_on_queen = Some(game.observation(&s, 0).public.broken);
            }
        }
        // Each seat passed its three lowest cards, so seat 0, void in clubs
        // on the second trick, may drop Q♠ there before any heart.
        let broke = broke_on_queen.expect("Q♠ was played before any heart");
        assert_eq!(broke, queen_breaks);
    }
}

#[test]
fn scoring_the_moon_and_the_jack() {
    let plain = HeartsOptions::default();
    let jack = HeartsOptions {
        jack_of_diamonds: true,
        ..plain
    };
    let others = DECK.all() - MOON;
    // Seat 2 takes every heart and Q♠; seat 0 takes J♦.
    let mut taken = [CardSet::EMPTY; 4];
    taken[2] = MOON;
    taken[0] = others;
    assert_eq!(hand_points(&taken, &plain, false), [26, 26, 0, 26]);
    assert_eq!(hand_points(&taken, &plain, true), [0, 0, -26, 0]);
    assert_eq!(hand_points(&taken, &jack, false), [16, 26, 0, 26]);
    // No moon: a heart 1, Q♠ 13, J♦ −10 under the option; 26 in all.
    let mut taken = [CardSet::EMPTY; 4];
    taken[0] = cards("2h 3h") | CardSet::of(JACK_OF_DIAMONDS);
    taken[1] = MOON - cards("2h 3h");
    taken[3] = others - CardSet::of(JACK_OF_DIAMONDS);
    assert_eq!(hand_points(&taken, &plain, false), [2, 24, 0, 0]);
    assert_eq!(hand_points(&taken, &jack, false), [-8, 24, 0, 0]);
}

#[test]
fn random_matches_keep_the_ledger_and_end_at_the_target() {
    for (seed, options) in [
        (1, HeartsOptions::default()),
        (
            2,
            HeartsOptions {
                end_score: 40,
                jack_of_diamonds: true,
                moon: MoonRule::Choice,
                ..HeartsOptions::default()
            },
        ),
    ] {
        let game = Hearts::new(options).unwrap();
        let mut rng = Rng::new(seed);
        let mut s = game.initial_state();
        let mut legal = Vec::new();
        let mut hands = 0;
        while game.to_move(&s) != Turn::Terminal {
            let before = s.scores();
            let hand = s.hand_no();
            let a = match game.to_move(&s) {
                Turn::Chance => game.sample_chance(&s, &mut rng),
                _ => {
                    game.legal_actions(&s, &mut legal);
                    legal[rng.below(legal.len() as u64) as usize]
                }
            };
            game.apply(&mut s, a);
            s.check().unwrap();
            let o = game.observation(&s, 0);
            let played = o.public.tricks.played.iter().fold(CardSet::EMPTY, |x, &y| x | y);
            let breaks =
                !(played & HEARTS).is_empty() || (options.queen_breaks_hearts && played.contains(QUEEN_OF_SPADES));
            assert_eq!(
                o.public.broken, breaks,
                "hearts are broken exactly when a breaker was played"
            );
            if s.hand_no() != hand || game.to_move(&s) == Turn::Terminal {
                hands += 1;
                let pts = s.last_hand();
                for k in 0..4 {
                    assert_eq!(s.scores()[k], before[k] + pts[k]);
                }
                let total: i32 = pts.iter().sum();
                let jack = if options.jack_of_diamonds { -10 } else { 0 };
                assert!(
                    [26 + jack, 78 + jack, -26 + jack].contains(&total),
                    "a hand's points: {pts:?}"
                );
            }
        }
        assert!(hands > 0);
        assert!(s.scores().iter().any(|&x| x >= options.end_score as i32));
        let best = *s.scores().iter().min().unwrap();
        let payoffs = game.payoffs(&s);
        let winners = s.scores().iter().filter(|&&x| x == best).count() as f64;
        for k in 0..4 {
            let want = if s.scores()[k] == best { 1.0 / winners } else { 0.0 };
            assert_eq!(payoffs.as_slice()[k], want);
        }
    }
}

#[test]
fn records_replay_and_refuse_what_does_not() {
    let game = Hearts::new(HeartsOptions {
        end_score: 30,
        ..HeartsOptions::default()
    })
    .unwrap();
    let (s, actions) = tabula_conformance::random_match(&game, game.initial_state(), 8);
    let record = Record::of(&game, &actions).unwrap();
    assert_eq!(record.scores, s.scores());
    let text = serde_json::to_string(&record).unwrap();
    let back: Record = serde_json::from_str(&text).unwrap();
    assert_eq!(back.replay().unwrap(), s, "the replay rebuilds the final state");
    // A card played twice does not replay, nor do scores the actions do
    // not reach.
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
    let mut wrong = back;
    wrong.scores[0] += 1;
    assert!(matches!(wrong.replay(), Err(ReplayError::Scores { .. })));
}
