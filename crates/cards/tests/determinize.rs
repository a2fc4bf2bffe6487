//! Determinization frequencies against hand-computed small cases.

use tabula_cards::{CardId, DealProblem};
use tabula_search::Rng;

const A: u32 = 0b001;
const B: u32 = 0b010;
const C: u32 = 0b100;
const ANY: u32 = A | B | C;

/// Two hearts H1 H2 (#0 #1) and four spades S1–S4 (#2–#5) to three hands of
/// two; hand A showed a void in hearts.
///
/// Hand computation: A takes 2 of the 4 spades (6 ways); the other 2 spades
/// and the 2 hearts fill B and C (2 each): B with 0 hearts 1 way, 1 heart
/// 2·2 = 4 ways, 2 hearts 1 way. 36 deals in all.
/// - P(B holds exactly one heart) = 4/6 = 2/3 (a uniform choice among the
///   three count patterns would give 1/3);
/// - P(H1 in B) = 1/2, P(S1 in A) = 1/2;
/// - P(H1 and H2 both in C) = 1/6; P(S1 and S2 both in A) = 1/6.
fn void_problem() -> DealProblem {
    let mut p = DealProblem::new(vec![2, 2, 2]);
    p.add(CardId(0), B | C);
    p.add(CardId(1), B | C);
    for s in 2..6 {
        p.add(CardId(s), ANY);
    }
    p
}

fn within(freq: f64, expected: f64, n: usize) -> bool {
    let sd = (expected * (1.0 - expected) / n as f64).sqrt();
    (freq - expected).abs() < 5.0 * sd
}

#[test]
fn void_case_counts_36_deals() {
    assert!((tabula_search::math::exp(void_problem().ln_arrangements().unwrap()) - 36.0).abs() < 1e-9);
}

#[test]
fn void_case_marginals_and_joints_follow_physical_arrangements() {
    let p = void_problem();
    let mut rng = Rng::new(11);
    let n = 60_000;
    let (mut one_heart_b, mut h1_b, mut s1_a, mut both_hearts_c, mut s1s2_a) = (0, 0, 0, 0, 0);
    for _ in 0..n {
        let deal = p.sample(&mut rng).unwrap();
        assert!(deal[0].iter().all(|c| c.0 >= 2), "a heart in the void hand");
        let hearts_b = deal[1].iter().filter(|c| c.0 < 2).count();
        one_heart_b += usize::from(hearts_b == 1);
        h1_b += usize::from(deal[1].contains(&CardId(0)));
        s1_a += usize::from(deal[0].contains(&CardId(2)));
        both_hearts_c += usize::from(deal[2].contains(&CardId(0)) && deal[2].contains(&CardId(1)));
        s1s2_a += usize::from(deal[0].contains(&CardId(2)) && deal[0].contains(&CardId(3)));
    }
    let f = |k: usize| k as f64 / n as f64;
    assert!(within(f(one_heart_b), 2.0 / 3.0, n), "{}", f(one_heart_b));
    assert!(within(f(h1_b), 0.5, n), "{}", f(h1_b));
    assert!(within(f(s1_a), 0.5, n), "{}", f(s1_a));
    assert!(within(f(both_hearts_c), 1.0 / 6.0, n), "{}", f(both_hearts_c));
    assert!(within(f(s1s2_a), 1.0 / 6.0, n), "{}", f(s1s2_a));
}

/// A kitty card known to be in the stock, and a two-deck duplicate face:
/// cards #0 and #1 share a face, #2 is known to be in holder 1 (the stock,
/// capacity 2), holder 0 is a hand of 2. Deals: #2 in the stock, then the
/// stock's other card is one of #0 #1 #3 (3 ways). P(#3 in the hand) = 2/3;
/// P(both twins in the hand) = 1/3.
#[test]
fn known_kitty_card_and_duplicates() {
    let mut p = DealProblem::new(vec![2, 2]);
    p.add(CardId(0), 0b11);
    p.add(CardId(1), 0b11);
    p.add(CardId(2), 0b10);
    p.add(CardId(3), 0b11);
    assert!((tabula_search::math::exp(p.ln_arrangements().unwrap()) - 3.0).abs() < 1e-9);
    let mut rng = Rng::new(3);
    let n = 30_000;
    let (mut three_in_hand, mut twins) = (0, 0);
    for _ in 0..n {
        let d = p.sample(&mut rng).unwrap();
        assert!(d[1].contains(&CardId(2)));
        three_in_hand += usize::from(d[0].contains(&CardId(3)));
        twins += usize::from(d[0].contains(&CardId(0)) && d[0].contains(&CardId(1)));
    }
    assert!(within(three_in_hand as f64 / n as f64, 2.0 / 3.0, n));
    assert!(within(twins as f64 / n as f64, 1.0 / 3.0, n));
}

/// Without constraints every card is equally likely in every place, and the
/// order inside a holder is uniform: P(#0 first in the 3-card stock) = 1/5.
#[test]
fn free_cards_are_uniform() {
    let mut p = DealProblem::new(vec![2, 3]);
    for c in 0..5 {
        p.add_free(CardId(c));
    }
    let mut rng = Rng::new(9);
    let n = 30_000;
    let (mut in_hand, mut first_in_stock) = (0, 0);
    for _ in 0..n {
        let d = p.sample(&mut rng).unwrap();
        assert_eq!((d[0].len(), d[1].len()), (2, 3));
        in_hand += usize::from(d[0].contains(&CardId(0)));
        first_in_stock += usize::from(d[1][0] == CardId(0));
    }
    assert!(within(in_hand as f64 / n as f64, 0.4, n));
    assert!(within(first_in_stock as f64 / n as f64, 0.2, n));
}

#[test]
fn sampling_is_reproducible_by_seed() {
    let p = void_problem();
    let a: Vec<_> = (0..20).map(|i| p.sample(&mut Rng::new(i)).unwrap()).collect();
    let b: Vec<_> = (0..20).map(|i| p.sample(&mut Rng::new(i)).unwrap()).collect();
    assert_eq!(a, b);
}
