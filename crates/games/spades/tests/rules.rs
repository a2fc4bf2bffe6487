//! Every rule of Spades as implemented: the bidding order, following suit,
//! spades broken, the trick's winner, the score of a hand (contracts,
//! bags and their penalty, nil and blind nil, ten for two hundred), the
//! match's end (the target, the mercy rule, a tie), and conservation after
//! every action of random matches under every option.

use crate::common;

use common::{cards, dealt, play, random_state, striped};
use tabula_cards::CardSet;
use tabula_cards::tricks::winner;
use tabula_search::{Game, Turn};
use tabula_spades::cards::{DECK, SPADES, TRUMPS};
use tabula_spades::*;

fn game() -> Spades {
    Spades::new(SpadesOptions::default()).unwrap()
}

fn card(name: &str) -> Action {
    Action::Play(DECK.parse(name).unwrap())
}

#[test]
fn bids_go_round_from_the_dealers_left_and_the_dealers_left_leads() {
    let g = game();
    let mut s = dealt(&g, striped());
    let mut legal = Vec::new();
    for seat in [1, 2, 3, 0] {
        assert_eq!(g.to_move(&s), Turn::Seat(seat));
        g.legal_actions(&s, &mut legal);
        assert_eq!(legal, (0..=13).map(Action::Bid).collect::<Vec<_>>(), "nil or 1 to 13");
        g.apply(&mut s, Action::Bid(3));
    }
    assert_eq!(s.bids(), [Some(3); 4]);
    assert_eq!(g.to_move(&s), Turn::Seat(1), "West, on South's left, leads");
    // A hand is 52 deals, 4 bids and 52 cards; then West deals, and
    // North bids first.
    let s = random_state(&g, 3, 108);
    assert_eq!((s.hand_no(), s.dealer()), (1, 1));
    assert_eq!(g.to_move(&s), Turn::Chance);
    let s = random_state(&g, 3, 160);
    assert_eq!(g.to_move(&s), Turn::Seat(2));
}

#[test]
fn follow_suit_and_spades_wait_until_broken() {
    // playable, as a function of the cards.
    let hand = cards("2h 5h Kd As 3s");
    let led = DECK.parse("9h").ok();
    assert_eq!(playable(hand, led, false), cards("2h 5h"), "follow hearts");
    assert_eq!(
        playable(hand, DECK.parse("9c").ok(), false),
        hand,
        "void in clubs: anything, a spade too"
    );
    assert_eq!(
        playable(hand, None, false),
        cards("2h 5h Kd"),
        "no spade led before they break"
    );
    assert_eq!(playable(hand, None, true), hand, "once broken, anything");
    assert_eq!(
        playable(cards("As 3s"), None, false),
        cards("As 3s"),
        "a hand of spades leads one"
    );

    // In play: West holds twelve hearts and A♠, South A♥ and twelve spades.
    let g = game();
    let hearts = DECK.suit_cards(tabula_cards::french::Suit::Hearts);
    let ah = cards("Ah");
    let a_s = cards("As");
    let west = (hearts - ah) | a_s;
    let south = ah | (SPADES - a_s);
    let north = DECK.suit_cards(tabula_cards::french::Suit::Clubs);
    let east = DECK.suit_cards(tabula_cards::french::Suit::Diamonds);
    let mut s = dealt(&g, [south, west, north, east]);
    play(
        &g,
        &mut s,
        &[Action::Bid(3), Action::Bid(1), Action::Bid(1), Action::Bid(8)],
    );
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert!(
        !legal.contains(&card("As")),
        "West may not lead A♠: spades are not broken"
    );
    assert_eq!(legal.len(), 12);
    // Clubs and diamonds on a heart: North and East are void in hearts.
    play(&g, &mut s, &[card("Kh"), card("2c"), card("2d")]);
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal, [card("Ah")], "South must follow with its only heart");
    play(&g, &mut s, &[card("Ah")]);
    let o = g.observation(&s, 0);
    assert_eq!(o.public.tricks.voids[2] & 4, 4, "North showed no heart");
    assert_eq!(g.to_move(&s), Turn::Seat(0), "A♥ takes the trick");
    assert!(!o.public.broken);
    // South holds only spades: it may lead one, and that shows it.
    play(&g, &mut s, &[card("2s")]);
    let o = g.observation(&s, 1);
    assert!(o.public.broken, "a spade played breaks spades");
    assert_eq!(
        o.public.tricks.voids[0] & 0b0111,
        0b0111,
        "a spade led unbroken shows a hand of spades"
    );
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal, [card("As")], "West follows with A♠");
    play(&g, &mut s, &[card("As"), card("3c"), card("3d")]);
    assert_eq!(g.to_move(&s), Turn::Seat(1), "A♠ takes the trick");
    assert_eq!(s.won(), [1, 1, 0, 0]);
}

#[test]
fn the_highest_spade_wins_else_the_highest_of_the_suit_led() {
    // Spades trump: the deck's reading with spades as trumps decides.
    let w = |names: &str, leader: usize| {
        let v: Vec<_> = names.split_whitespace().map(|n| DECK.parse(n).unwrap()).collect();
        (leader + winner(&TRUMPS, &v)) % 4
    };
    assert_eq!(w("9h Ah 2h Kh", 0), 1);
    assert_eq!(w("9h Ac 2h Kd", 2), 2, "off-suit aces do not win: 9♥ led by seat 2");
    assert_eq!(w("9h Ah 2s Kh", 1), 3, "the 2♠ trumps");
    assert_eq!(w("9h 3s 2s Kh", 0), 1, "the higher spade");
    assert_eq!(w("Qs 3s Ks 2h", 3), 1, "spades led");
}

fn scored(bids: [u8; 4], tricks: [u8; 4], bags: [u8; 2], options: SpadesOptions) -> ([SideScore; 2], [u8; 2]) {
    assert_eq!(tricks.iter().sum::<u8>(), 13);
    score_hand(&bids, &[false; 4], &tricks, bags, &options)
}

#[test]
fn a_hand_scores_contracts_bags_and_nils() {
    let o = SpadesOptions::default();
    let totals = |r: ([SideScore; 2], [u8; 2])| [r.0[0].total, r.0[1].total];
    // Both sides make their contracts exactly.
    assert_eq!(totals(scored([4, 3, 3, 3], [5, 3, 2, 3], [0, 0], o)), [70, 60]);
    // Overtricks are bags, one point each.
    let (s, bags) = scored([2, 3, 2, 3], [4, 3, 3, 3], [0, 0], o);
    assert_eq!((s[0].total, s[0].bags, bags), (43, 3, [3, 0]));
    // Set: minus ten a trick bid.
    assert_eq!(totals(scored([5, 2, 4, 2], [4, 3, 3, 3], [0, 0], o))[0], -90);
    // Nil made: +100 beside the partner's contract.
    assert_eq!(totals(scored([0, 3, 5, 4], [0, 4, 6, 3], [0, 0], o)), [151, 70]);
    // Nil failed: −100; its tricks are bags and do not help the partner.
    let (s, _) = scored([0, 3, 4, 4], [2, 3, 3, 5], [0, 0], o);
    assert_eq!(
        (s[0].nil_points, s[0].contract_points, s[0].bags, s[0].total),
        (-100, -40, 2, -138)
    );
    assert_eq!(s[1].total, 71);
    // Both partners nil: every trick they take is a bag.
    let (s, _) = scored([0, 3, 0, 4], [0, 6, 1, 6], [0, 0], o);
    assert_eq!((s[0].nil_points, s[0].bags, s[0].total), (0, 1, 1));
    // The tenth bag costs 100; the bags beyond ten carry on.
    let (s, bags) = scored([2, 3, 2, 3], [4, 3, 3, 3], [8, 9], o);
    assert_eq!((s[0].bag_penalty, s[0].total, bags), (-100, -57, [1, 9]));
    // Ten for two hundred: a made contract of ten or more, 20 a trick.
    let ten = SpadesOptions {
        ten_for_two_hundred: true,
        ..o
    };
    assert_eq!(totals(scored([6, 1, 5, 1], [6, 1, 5, 1], [0, 0], o))[0], 110);
    assert_eq!(totals(scored([6, 1, 5, 1], [6, 1, 5, 1], [0, 0], ten))[0], 220);
    assert_eq!(
        totals(scored([5, 1, 4, 1], [6, 1, 5, 1], [0, 0], ten))[0],
        92,
        "9 bid: no bonus"
    );
    assert_eq!(
        totals(scored([6, 1, 5, 1], [5, 2, 5, 1], [0, 0], ten))[0],
        -110,
        "set: as always"
    );
    // Blind nil: ±200.
    let blind = [true, false, false, false];
    let (s, _) = score_hand(&[0, 3, 5, 4], &blind, &[0, 4, 6, 3], [0, 0], &o);
    assert_eq!(s[0].nil_points, 200);
    let (s, _) = score_hand(&[0, 3, 5, 4], &blind, &[1, 4, 5, 3], [0, 0], &o);
    assert_eq!(s[0].nil_points, -200);
}

#[test]
fn the_match_ends_at_the_target_or_the_mercy_rule_never_on_a_tie() {
    let g = game();
    assert!(g.ends(&[500, 300]));
    assert!(g.ends(&[480, 520]));
    assert!(!g.ends(&[499, 300]));
    assert!(!g.ends(&[510, 510]), "level: another hand");
    assert!(g.ends(&[-200, 50]), "mercy");
    assert!(!g.ends(&[-199, 50]));
    let no_mercy = Spades::new(SpadesOptions {
        mercy: false,
        ..SpadesOptions::default()
    })
    .unwrap();
    assert!(!no_mercy.ends(&[-400, 50]));
    // A whole match to 150: it ends there, and the higher side wins.
    let short = Spades::new(SpadesOptions {
        end_score: 150,
        ..SpadesOptions::default()
    })
    .unwrap();
    for seed in 0..5 {
        let s = random_state(&short, seed, 100_000);
        assert!(s.is_over());
        let sc = s.scores();
        assert!(short.ends(&sc), "{sc:?}");
        let p = short.payoffs(&s);
        let win = usize::from(sc[1] > sc[0]);
        for seat in 0..4 {
            assert_eq!(p.get(seat), if seat % 2 == win { 1.0 } else { 0.0 });
        }
    }
}

#[test]
fn a_hand_scores_what_its_bids_and_tricks_say() {
    let g = game();
    for seed in 0..20 {
        let mut s = random_state(&g, seed, 56);
        let mut rng = tabula_search::Rng::new(seed);
        let mut legal = Vec::new();
        let scores_before = s.scores();
        loop {
            g.legal_actions(&s, &mut legal);
            let a = legal[rng.below(legal.len() as u64) as usize];
            let before = s.clone();
            g.apply(&mut s, a);
            if s.hand_no() == 1 {
                // The last trick's winner, from the public table.
                let o = g.observation(&before, 0);
                let mut trick = [tabula_cards::CardId(0); 4];
                trick[..3].copy_from_slice(o.public.tricks.trick());
                let Action::Play(c) = a else {
                    panic!("a card ends the hand")
                };
                trick[3] = c;
                let mut won = before.won();
                won[(usize::from(o.public.tricks.leader) + winner(&TRUMPS, &trick)) % 4] += 1;
                let bids = before.bids().map(Option::unwrap);
                let (sides, bags) = score_hand(&bids, &[false; 4], &won, [0, 0], &g.options());
                assert_eq!(s.last_hand(), Some(sides));
                assert_eq!(s.bags(), bags);
                assert_eq!(
                    s.scores(),
                    [scores_before[0] + sides[0].total, scores_before[1] + sides[1].total]
                );
                break;
            }
        }
    }
}

/// A state read from JSON with these scores, before the first deal.
fn at_scores(g: &Spades, scores: [i32; 2]) -> State {
    let mut v = serde_json::to_value(g.initial_state()).unwrap();
    v["scores"] = serde_json::json!(scores);
    v["blind_eligible"] = serde_json::json!(g.blind_eligible(scores));
    serde_json::from_value(v).unwrap()
}

#[test]
fn blind_nil_is_asked_before_the_deal_of_a_side_far_behind() {
    let g = Spades::new(SpadesOptions {
        blind_nil: true,
        ..SpadesOptions::default()
    })
    .unwrap();
    assert_eq!(g.blind_eligible([0, 99]), 0, "99 behind: not yet");
    assert_eq!(g.blind_eligible([0, 100]), 0b0101, "South and North");
    assert_eq!(game().blind_eligible([0, 300]), 0, "the option is off by default");
    // North (first from South's left of its side) is asked first.
    let mut s = at_scores(&g, [0, 150]);
    assert_eq!(g.to_move(&s), Turn::Seat(2));
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal, [Action::Blind(false), Action::Blind(true)]);
    let mut looked = s.clone();
    // Blind nil: its partner is not asked; North does not bid again.
    g.apply(&mut s, Action::Blind(true));
    assert_eq!(g.to_move(&s), Turn::Chance, "the deal");
    assert_eq!(s.hands()[2], CardSet::EMPTY, "bid before any card");
    let mut rng = tabula_search::Rng::new(1);
    while g.to_move(&s) == Turn::Chance {
        let c = g.sample_chance(&s, &mut rng);
        g.apply(&mut s, c);
    }
    for seat in [1, 3, 0] {
        assert_eq!(g.to_move(&s), Turn::Seat(seat));
        g.apply(&mut s, Action::Bid(3));
    }
    assert_eq!(s.bids(), [Some(3), Some(3), Some(0), Some(3)]);
    assert_eq!(g.to_move(&s), Turn::Seat(1), "play begins");
    // Looking: the partner is asked next.
    g.apply(&mut looked, Action::Blind(false));
    assert_eq!(g.to_move(&looked), Turn::Seat(0));
    g.apply(&mut looked, Action::Blind(false));
    assert_eq!(g.to_move(&looked), Turn::Chance);
}

#[test]
fn every_action_of_random_matches_keeps_every_card_in_one_zone() {
    let options = [
        SpadesOptions {
            end_score: 200,
            ..SpadesOptions::default()
        },
        SpadesOptions {
            end_score: 150,
            blind_nil: true,
            ten_for_two_hundred: true,
            mercy: false,
        },
    ];
    for (k, o) in options.into_iter().enumerate() {
        let g = Spades::new(o).unwrap();
        for seed in 0..4 {
            let mut rng = tabula_search::Rng::new(seed * 10 + k as u64);
            let mut s = g.initial_state();
            let mut legal = Vec::new();
            let mut blinds = 0;
            // Random play swings far (a failed blind nil is −200): without
            // the mercy rule a match may never end, so each stops at a
            // ply cap.
            for _ in 0..3_000 {
                let a = match g.to_move(&s) {
                    Turn::Terminal => break,
                    Turn::Chance => g.sample_chance(&s, &mut rng),
                    _ => {
                        g.legal_actions(&s, &mut legal);
                        if matches!(legal[0], Action::Bid(_)) {
                            // Nil now and then, but contracts mostly made:
                            // without the mercy rule a match must climb.
                            let nil = rng.below(8) == 0;
                            Action::Bid(if nil { 0 } else { 1 + rng.below(3) as u8 })
                        } else if matches!(legal[0], Action::Blind(_)) {
                            Action::Blind(rng.below(8) == 0)
                        } else {
                            legal[rng.below(legal.len() as u64) as usize]
                        }
                    }
                };
                blinds += usize::from(matches!(a, Action::Blind(_)));
                g.apply(&mut s, a);
                s.check().unwrap();
                assert_eq!(g.hash(&s), g.hash_from_scratch(&s));
            }
            if o.blind_nil && s.hand_no() > 6 {
                assert!(blinds > 0, "a side fell behind and was asked");
            }
        }
    }
}

#[test]
fn records_replay_and_refuse_what_was_not_played() {
    let g = Spades::new(SpadesOptions {
        end_score: 120,
        ..SpadesOptions::default()
    })
    .unwrap();
    let (s, actions) = tabula_conformance::random_match(&g, g.initial_state(), 9);
    let record = Record::of(&g, &actions).unwrap();
    let text = serde_json::to_string(&record).unwrap();
    let back: Record = serde_json::from_str(&text).unwrap();
    assert_eq!(back.replay().unwrap(), s);
    let mut wrong = back.clone();
    wrong.scores[0] += 10;
    assert!(matches!(wrong.replay(), Err(ReplayError::Scores { .. })));
    let mut illegal = back.clone();
    let i = illegal
        .actions
        .iter()
        .position(|a| matches!(a, Action::Play(_)))
        .unwrap();
    illegal.actions.swap(i, i + 1);
    assert!(illegal.replay().is_err(), "two cards out of turn");
}
