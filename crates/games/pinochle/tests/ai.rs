//! The computer: the estimate and the bids, trumps, the pass, the card
//! scorer, the levels' legal and repeatable decisions, a partner's
//! decision unmoved by its partner's hidden cards, the searches'
//! allocations, and whole matches between levels.

use tabula_cards::CardSet;
use tabula_conformance::alloc::assert_ismcts_per_search;
use tabula_conformance::speed::nth_random_decision;
use tabula_pinochle::ai::{LEVEL4_BIDDING, best_trump, choose_bid, choose_bid_by, give_back, give_to_declarer};
use tabula_pinochle::cards::{suit_cards, suit_of};
use tabula_pinochle::*;
use tabula_search::{Game, Player, RandomRollout, Rng, Turn};

use crate::common::*;

const HEARTS: u8 = 2;

/// The auction's first decision with West holding `west` (the rest dealt
/// in card order).
fn west_to_bid(west: &str) -> (Pinochle, State) {
    let g = game(4, 1500);
    let s = dealt(&g, [CardSet::EMPTY, cards(west), CardSet::EMPTY, CardSet::EMPTY]);
    (g, s)
}

#[test]
fn a_strong_hand_bids_a_weak_hand_passes_and_the_stuck_dealer_bids() {
    let (g, s) = west_to_bid("Ah 10h Kh Qh Jh Kh Qh 9h Ac Ad As Qs");
    let o = g.observation(&s, 1);
    // A run, a royal marriage, a dix, aces around: 300 of meld.
    assert_eq!(count_melds(o.hand, HEARTS).points, 300);
    assert!(estimate(o.hand, HEARTS) > 350.0);
    assert_eq!(best_trump(o.hand).0, HEARTS);
    assert_eq!(choose_bid(&o, 0.0), Action::Bid(250));
    let (g, s) = west_to_bid("9c Jc 10d 9d Jd 9h 10h Jh 9s Js 10s 9c");
    let o = g.observation(&s, 1);
    assert!(estimate(o.hand, best_trump(o.hand).0) < 250.0);
    assert_eq!(choose_bid(&o, 0.0), Action::Pass);
    // Stuck: the dealer bids the minimum with any hand.
    let mut s = s;
    play(&g, &mut s, &[Action::Pass, Action::Pass, Action::Pass]);
    let o = g.observation(&s, 0);
    assert!(o.public.stuck());
    assert_eq!(choose_bid(&o, 0.0), Action::Bid(250));
}

#[test]
fn a_seat_bids_over_its_partner_only_with_a_clear_margin() {
    let (g, mut s) = west_to_bid("Ah 10h Kh Qh Jh Kh Qh 9h Ac Ad As Qs");
    play(&g, &mut s, &[Action::Pass, Action::Bid(250), Action::Pass]);
    // South (the dealer) holds the leftovers; West's partner North bid.
    // Now West again: an opponent, East, passed; North holds the bid.
    // West would bid 260 over an opponent; over its partner only with
    // 60 to spare, which its 300 of meld has.
    let o = g.observation(&s, 0);
    assert_eq!(g.to_move(&s), Turn::Seat(0));
    let a = choose_bid(&o, 0.0);
    assert!(matches!(a, Action::Pass | Action::Bid(260)));
    play(&g, &mut s, &[Action::Pass]);
    let o = g.observation(&s, 1);
    assert_eq!(choose_bid(&o, 0.0), Action::Bid(260), "the rich hand takes over");
    // A weak hand does not outbid an opponent.
    let (g, mut s) = west_to_bid("9c Jc 10d 9d Jd 9h 10h Jh 9s Js 10s Qs");
    play(
        &g,
        &mut s,
        &[Action::Bid(250), Action::Pass, Action::Bid(260), Action::Pass],
    );
    let o = g.observation(&s, 1);
    assert_eq!(choose_bid(&o, 0.0), Action::Pass);
}

#[test]
fn level_four_bids_closer_to_its_estimate_than_the_levels_below() {
    // The first random West hand whose estimate is 5 to 25 points over
    // the minimum bid: within level 4's margin, outside the others'.
    let mut rng = Rng::new(3);
    let (g, s) = (0..10_000)
        .find_map(|_| {
            let mut west = CardSet::EMPTY;
            while west.len() < 12 {
                west.insert(tabula_pinochle::cards::ALL.random(&mut rng).unwrap());
            }
            let e = best_trump(west).1;
            (255.0..275.0).contains(&e).then(|| {
                let g = game(4, 1500);
                let s = dealt(&g, [CardSet::EMPTY, west, CardSet::EMPTY, CardSet::EMPTY]);
                (g, s)
            })
        })
        .expect("such a hand in 10,000 draws");
    let o = g.observation(&s, 1);
    assert_eq!(choose_bid(&o, 0.0), Action::Pass);
    assert_eq!(choose_bid_by(&o, 0.0, LEVEL4_BIDDING), Action::Bid(250));
    let bid = |level: u8| PinochleAi::new(level, 1).choose(&g, &o, 1).action.unwrap();
    assert_eq!([bid(2), bid(3), bid(4)], [Action::Pass, Action::Pass, Action::Bid(250)]);
}

#[test]
fn the_partner_passes_trumps_and_aces_and_the_declarer_passes_back_what_it_need_not_keep() {
    let hand = cards("Ah 9h Jh Ac Ad Kc Qc 9s 9s Jd 10d 9c");
    let give = give_to_declarer(hand, HEARTS, 4);
    // The high trumps first, then aces; the clubs' marriage stays.
    assert!(give.contains_all(cards("Ah Jh")), "{give:?}");
    assert!(
        give.iter()
            .all(|c| suit_of(c) == HEARTS || tabula_pinochle::cards::strength(c) == 5)
    );
    assert!((give & cards("Kc Qc")).is_empty());
    let declarer = cards("Ah 10h Kh Qh Jh Ac As 9s Js Qd 9c Jc Kd Kd Qs 10c");
    let back = give_back(declarer, HEARTS, 4);
    assert!((back & suit_cards(HEARTS)).is_empty(), "no trump goes back");
    assert!(
        back.iter().all(|c| !matches!(tabula_pinochle::cards::strength(c), 5)),
        "no ace goes back"
    );
    let meld = count_melds(declarer, HEARTS).points;
    assert_eq!(
        count_melds(declarer - back, HEARTS).points,
        meld,
        "the meld stays whole"
    );
    assert!(
        back.iter().any(|c| suit_of(c) == 3 || suit_of(c) == 0),
        "short suits go first"
    );
}

#[test]
fn the_scorer_cashes_a_sure_ace_and_an_opponent_sheds_no_counter_under_it() {
    let g = game(0, 1500);
    let hands = duty_hands();
    let mut s = west_declares(&g, hands, HEARTS);
    // West leads: the scorer cashes an ace no unseen card beats.
    let o = g.observation(&s, 1);
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    let best = legal
        .iter()
        .max_by(|a, b| score(&o, **a).total_cmp(&score(&o, **b)))
        .copied()
        .unwrap();
    let Action::Play(led) = best else { panic!() };
    assert!(
        ["A♣", "A♦"].contains(&tabula_pinochle::cards::name(led).as_str()),
        "an ace no card beats"
    );
    g.apply(&mut s, best);
    // North, an opponent, cannot head the ace: it sheds a nine, not a
    // counter the declarer's side would take.
    let o = g.observation(&s, 2);
    g.legal_actions(&s, &mut legal);
    let best = legal
        .iter()
        .max_by(|a, b| score(&o, **a).total_cmp(&score(&o, **b)))
        .copied()
        .unwrap();
    let Action::Play(c) = best else { panic!() };
    assert_eq!(tabula_pinochle::cards::rank_of(c), tabula_pinochle::cards::rank::NINE);
    assert_eq!(suit_of(c), suit_of(led));
}

fn score(o: &Observation, a: Action) -> f64 {
    match a {
        Action::Play(c) => card_score(o, c),
        _ => f64::NEG_INFINITY,
    }
}

#[test]
fn every_level_answers_a_legal_action_and_repeats_it_for_a_seed() {
    let g = game(4, 1500);
    let mut checked = 0;
    for seed in 0..12 {
        let want = [Phase::Bid, Phase::Trump, Phase::Give, Phase::Play][seed as usize % 4];
        let mut s = g.initial_state();
        let mut rng = Rng::new(seed);
        play_until(&g, &mut s, &mut rng, |s| {
            s.public().phase() == want && (want != Phase::Play || s.public().tricks.done as u64 == seed % 5)
        });
        let Turn::Seat(seat) = g.to_move(&s) else { continue };
        let o = g.observation(&s, seat);
        let mut legal = Vec::new();
        g.legal_actions(&s, &mut legal);
        for level in 1..=4 {
            let a = PinochleAi::new(level, 5).choose(&g, &o, seat).action.unwrap();
            assert!(legal.contains(&a), "level {level}: {a:?} not in {legal:?}");
            let b = PinochleAi::new(level, 5).choose(&g, &o, seat).action.unwrap();
            assert_eq!(a, b, "level {level} repeats for the seed");
        }
        checked += 1;
    }
    assert!(checked >= 8);
}

#[test]
fn a_seats_decision_does_not_change_when_its_partners_hidden_cards_are_swapped() {
    let g = game(4, 1500);
    let mut checked = 0;
    for seed in 0..30 {
        let mut s = g.initial_state();
        let mut rng = Rng::new(seed);
        play_until(&g, &mut s, &mut rng, |s| {
            s.public().phase() == Phase::Play && s.public().tricks.done == 2
        });
        let Turn::Seat(seat) = g.to_move(&s) else { continue };
        let mate = partner(seat);
        let mut t = s.clone();
        if !swap_between(&mut t, seat, |a, b| a == mate || b == mate) {
            continue;
        }
        assert_ne!(s.hands()[mate], t.hands()[mate]);
        let (o, p) = (g.observation(&s, seat), g.observation(&t, seat));
        assert_eq!(o, p);
        let a = PinochleAi::new(4, 9).choose(&g, &o, seat).action;
        let b = PinochleAi::new(4, 9).choose(&g, &p, seat).action;
        assert_eq!(a, b);
        checked += 1;
        if checked == 4 {
            break;
        }
    }
    assert!(checked >= 3, "only {checked} positions");
}

#[test]
fn iterations_allocate_nothing_more() {
    let g = game(4, 1500);
    let card_choice = |legal: &[Action]| legal.len() > 1 && matches!(legal[0], Action::Play(_));
    let (s, seat) = nth_random_decision(&g, g.initial_state(), 4, 12, card_choice).expect("a hand has decisions");
    let o = g.observation(&s, seat);
    let hand = HandGame::new(&g, &o);
    assert_ismcts_per_search("ISMCTS", &hand, &o, seat, &mut RandomRollout::new());
}

#[test]
fn a_whole_match_between_levels_ends_with_a_winner() {
    let g = game(4, 500);
    let mut players: Vec<PinochleAi> = [1, 2, 1, 2].iter().map(|&l| PinochleAi::new(l, u64::from(l))).collect();
    let mut rng = Rng::new(2);
    let mut s = g.initial_state();
    let mut legal = Vec::new();
    let mut hands = 0;
    while !s.is_over() {
        match g.to_move(&s) {
            Turn::Chance => {
                let a = g.sample_chance(&s, &mut rng);
                g.apply(&mut s, a);
            }
            Turn::Seat(seat) => {
                let o = g.observation(&s, seat);
                let a = players[seat].choose(&g, &o, seat).action.unwrap();
                g.legal_actions(&s, &mut legal);
                assert!(legal.contains(&a), "{a:?}");
                let before = s.hand_no();
                g.apply(&mut s, a);
                hands += usize::from(s.hand_no() != before);
            }
            Turn::Terminal => break,
        }
    }
    assert!(s.public().winner.is_some());
    assert!(hands >= 1);
}
