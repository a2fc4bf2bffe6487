//! The computer: the policy's choices in hand-made positions, every
//! level's answer legal, the same answer for the same seed, and the
//! search's rewards.

use tabula_cards::CardSet;
use tabula_cards::bout::{self, Deal, Move, Position};
use tabula_durak::*;
use tabula_search::{Game, Player, Rng, Turn};

use crate::common::*;

fn set(names: &[&str]) -> CardSet {
    names.iter().map(|n| c(n)).collect()
}

/// A two-player bout: seat 0 attacks seat 1 with hearts trumps; `stock`
/// cards (hearts' 6 last) stay in the stock.
fn position(attacker_hand: &[&str], defender_hand: &[&str], stock: usize) -> Deal {
    let hands = [set(attacker_hand), set(defender_hand)];
    let rest: Vec<_> = ((bout::all_cards() - hands[0]) - hands[1] - CardSet::of(c("6h")))
        .iter()
        .collect();
    let mut stock_cards: Vec<_> = rest[..stock.saturating_sub(1)].to_vec();
    if stock > 0 {
        stock_cards.push(c("6h"));
    }
    let mut discard = (bout::all_cards() - hands[0]) - hands[1];
    for &x in &stock_cards {
        discard.remove(x);
    }
    Deal::from_position(&Position {
        options: bout::Options::default(),
        hands: &hands,
        stock: &stock_cards,
        trump_card: c("6h"),
        discard,
        known: &[],
        attacker: 0,
        bouts: 1,
    })
    .unwrap()
}

fn policy(d: &Deal) -> Move {
    let mut legal = Vec::new();
    d.legal_moves(&mut legal);
    policy_move(&d.observe(d.to_move().unwrap()), &legal)
}

#[test]
fn the_policy_leads_its_cheapest_plain_card_preferring_a_pair() {
    let d = position(&["7s", "8c", "8d", "Ah", "Kc"], &["8s", "10s"], 12);
    assert_eq!(
        policy(&d),
        Move::Attack(c("8c")),
        "the pair of eights before the lone seven"
    );
    let d = position(&["7s", "Ac", "7h"], &["8s", "10s"], 12);
    assert_eq!(
        policy(&d),
        Move::Attack(c("7s")),
        "the plain seven before the trump seven"
    );
}

#[test]
fn the_policy_beats_with_the_cheapest_card_spends_a_low_trump_late_and_takes_rather_than_spend_a_high_trump_early() {
    let mut d = position(&["7s", "Kc"], &["9s", "Ks", "8h"], 12);
    d.apply(Move::Attack(c("7s"))).unwrap();
    assert_eq!(
        policy(&d),
        Move::Defend {
            attack: c("7s"),
            with: c("9s")
        }
    );

    let mut d = position(&["As", "Kc"], &["Ah", "7c"], 20);
    d.apply(Move::Attack(c("As"))).unwrap();
    assert_eq!(policy(&d), Move::Take, "the trump ace is worth more kept early");

    // A second attack, the stock short: the trump seven beats it rather
    // than take three cards.
    let mut d = position(&["9s", "9c", "Kc"], &["10s", "7h", "8d"], 2);
    d.apply(Move::Attack(c("9s"))).unwrap();
    let ten = Move::Defend {
        attack: c("9s"),
        with: c("10s"),
    };
    assert_eq!(policy(&d), ten);
    d.apply(ten).unwrap();
    d.apply(Move::Attack(c("9c"))).unwrap();
    let seven = Move::Defend {
        attack: c("9c"),
        with: c("7h"),
    };
    assert_eq!(
        policy(&d),
        seven,
        "a low trump is spent when the table fills and the stock is short"
    );
    // The same attack alone, early: taking one card costs less.
    let mut d = position(&["9c", "Kc"], &["7h", "8d"], 20);
    d.apply(Move::Attack(c("9c"))).unwrap();
    assert_eq!(policy(&d), Move::Take);

    let mut d = position(&["As", "Kc"], &["Ah", "7c"], 0);
    d.apply(Move::Attack(c("As"))).unwrap();
    assert_eq!(
        policy(&d),
        Move::Defend {
            attack: c("As"),
            with: c("Ah")
        },
        "with the stock gone, taking keeps the cards"
    );
}

#[test]
fn the_policy_throws_in_small_plain_cards_and_keeps_trumps_while_the_stock_lasts() {
    let mut d = position(&["7s", "7c", "Kh", "Ks"], &["9s", "Kd", "10s"], 12);
    d.apply(Move::Attack(c("7s"))).unwrap();
    d.apply(Move::Defend {
        attack: c("7s"),
        with: c("9s"),
    })
    .unwrap();
    assert_eq!(policy(&d), Move::Attack(c("7c")), "another seven");
    let mut d = position(&["7s", "7h", "Ks"], &["9s", "Kd", "10s"], 12);
    d.apply(Move::Attack(c("7s"))).unwrap();
    d.apply(Move::Defend {
        attack: c("7s"),
        with: c("9s"),
    })
    .unwrap();
    assert_eq!(policy(&d), Move::Pass, "not the trump seven");
}

#[test]
fn every_level_answers_a_legal_move_and_repeats_it_for_a_seed() {
    for (players, plies, seeds) in [(2, 40, 0..6), (3, 50, 0..4), (4, 60, 0..3)] {
        let g = game(players, 2);
        for seed in seeds {
            let s = random_state(&g, seed, plies);
            let Turn::Seat(seat) = g.to_move(&s) else { continue };
            let o = g.observation(&s, seat);
            let mut legal = Vec::new();
            g.legal_actions(&s, &mut legal);
            for level in 1..=4 {
                let a = DurakAi::new(level, 5).choose(&g, &o, seat).action.unwrap();
                assert!(legal.contains(&a), "level {level}: {a:?}");
                let b = DurakAi::new(level, 5).choose(&g, &o, seat).action.unwrap();
                assert_eq!(a, b, "level {level} repeats for the seed");
            }
        }
    }
}

#[test]
fn a_whole_match_between_levels_ends_with_a_legal_record() {
    let g = game(3, 1);
    let mut players: Vec<DurakAi> = (1..=3).map(|l| DurakAi::new(l, u64::from(l))).collect();
    let mut rng = Rng::new(2);
    let mut s = g.initial_state();
    let mut legal = Vec::new();
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
                assert!(legal.contains(&a));
                g.apply(&mut s, a);
            }
            Turn::Terminal => break,
        }
    }
    assert_eq!(s.duraks().iter().sum::<u32>() + s.draws(), 1);
}
