//! Meld counted exactly: every meld by itself, the classes sharing cards
//! but never within a class, and the fast count against a search over
//! every combination of melds on random hands.

use proptest::prelude::*;
use tabula_cards::{CardId, CardSet};
use tabula_pinochle::cards::{ALL, count, face_of, rank};
use tabula_pinochle::{Meld, count_melds};

use crate::common::cards;

const CLUBS: u8 = 0;
const DIAMONDS: u8 = 1;
const HEARTS: u8 = 2;
const SPADES: u8 = 3;

fn melds(hand: &str, trump: u8) -> (u16, Vec<Meld>) {
    let m = count_melds(cards(hand), trump);
    (m.points, m.melds().to_vec())
}

#[test]
fn each_meld_counts_its_points() {
    assert_eq!(melds("Ah 10h Kh Qh Jh", HEARTS), (150, vec![Meld::Run]));
    assert_eq!(
        melds("Ah 10h Kh Qh Jh Ah 10h Kh Qh Jh", HEARTS),
        (1500, vec![Meld::DoubleRun])
    );
    assert_eq!(melds("Kh Qh", HEARTS), (40, vec![Meld::RoyalMarriage]));
    assert_eq!(melds("Kc Qc", HEARTS), (20, vec![Meld::Marriage(CLUBS)]));
    assert_eq!(melds("9h 9h", HEARTS), (20, vec![Meld::Dix, Meld::Dix]));
    assert_eq!(melds("9c", HEARTS), (0, vec![]), "a nine of another suit is no dix");
    assert_eq!(melds("Ac Ad Ah As", CLUBS), (100, vec![Meld::Around(rank::ACE)]));
    assert_eq!(melds("Kc Kd Kh Ks", CLUBS).0, 80);
    assert_eq!(melds("Qc Qd Qh Qs", CLUBS).0, 60);
    assert_eq!(melds("Jc Jd Jh Js", CLUBS).0, 40);
    assert_eq!(
        melds("Ac Ad Ah As Ac Ad Ah As", CLUBS),
        (1000, vec![Meld::DoubleAround(rank::ACE)])
    );
    assert_eq!(melds("Kc Kd Kh Ks Kc Kd Kh Ks", CLUBS).0, 800);
    assert_eq!(melds("Qc Qd Qh Qs Qc Qd Qh Qs", CLUBS).0, 600);
    assert_eq!(melds("Jc Jd Jh Js Jc Jd Jh Js", CLUBS).0, 400);
    assert_eq!(melds("Qs Jd", CLUBS), (40, vec![Meld::Pinochle]));
    assert_eq!(melds("Qs Jd Qs Jd", CLUBS), (300, vec![Meld::DoublePinochle]));
    assert_eq!(melds("10c 10d 10h 10s", CLUBS), (0, vec![]), "tens around are no meld");
    assert_eq!(melds("Ac Ad Ah", CLUBS), (0, vec![]), "three aces are not around");
}

#[test]
fn a_card_serves_one_meld_of_each_class_and_no_two_of_one() {
    // The run's king and queen are no royal marriage.
    assert_eq!(melds("Ah 10h Kh Qh Jh", HEARTS).0, 150);
    // A second king and queen of trumps beside the run are one.
    assert_eq!(
        melds("Ah 10h Kh Qh Jh Kh Qh", HEARTS),
        (190, vec![Meld::Run, Meld::RoyalMarriage])
    );
    // A second king alone is not.
    assert_eq!(melds("Ah 10h Kh Qh Jh Kh", HEARTS).0, 150);
    // Two marriages in one suit.
    assert_eq!(melds("Kc Qc Kc Qc", HEARTS).0, 40);
    // The Q♠ in a marriage, queens around and a pinochle at once.
    let (points, list) = melds("Ks Qs Jd Qc Qd Qh", HEARTS);
    assert_eq!(points, 20 + 60 + 40);
    assert_eq!(
        list,
        vec![Meld::Marriage(SPADES), Meld::Around(rank::QUEEN), Meld::Pinochle]
    );
    // Kings around with the royal marriage and two marriages.
    assert_eq!(melds("Kc Kd Kh Ks Qh Qd Qs", HEARTS).0, 80 + 40 + 20 + 20 + 60 - 60);
    // The shown cards: as many copies of a face as its busiest class needs.
    let m = count_melds(cards("Ks Qs Jd Qc Qd Qh 9c"), HEARTS);
    assert_eq!(m.shown, cards("Ks Qs Jd Qc Qd Qh"));
    assert_eq!(count(m.shown, face_of(SPADES, rank::QUEEN)), 1);
}

#[test]
fn a_hand_with_nothing_melds_nothing_and_the_trump_suit_matters() {
    assert_eq!(melds("9c 10c Jd 10h 9s Js Jh 10d Ac Ad 10s 9d", HEARTS), (0, vec![]));
    assert_eq!(
        melds("9c 10c Jd 10h 9s Js Jh 10d Ac Ad 10s 9d", SPADES),
        (10, vec![Meld::Dix])
    );
    let hand = "Ad 10d Kd Qd Jd 9d";
    assert_eq!(melds(hand, DIAMONDS).0, 150 + 10);
    assert_eq!(melds(hand, HEARTS).0, 20, "off trumps the run is a marriage");
}

/// The best meld by search: every count of every meld (0 to 2 each) that
/// the hand's cards allow, class by class, the best of each summed.
fn brute_force(hand: CardSet, trump: u8) -> u16 {
    let n = |s: u8, r: u8| count(hand, face_of(s, r));
    // Sequences: runs, royal marriages, marriages per plain suit, dixes.
    let mut best_a = 0;
    let plain: Vec<u8> = (0..4).filter(|&s| s != trump).collect();
    for runs in 0..=2u8 {
        for royal in 0..=2u8 {
            for m0 in 0..=2u8 {
                for m1 in 0..=2u8 {
                    for m2 in 0..=2u8 {
                        for dix in 0..=2u8 {
                            let fits = [rank::ACE, rank::TEN, rank::JACK].iter().all(|&r| n(trump, r) >= runs)
                                && n(trump, rank::KING) >= runs + royal
                                && n(trump, rank::QUEEN) >= runs + royal
                                && [m0, m1, m2]
                                    .iter()
                                    .zip(&plain)
                                    .all(|(&m, &s)| n(s, rank::KING) >= m && n(s, rank::QUEEN) >= m)
                                && n(trump, rank::NINE) >= dix;
                            if fits {
                                let run_points = [0, 150, 1500][usize::from(runs)];
                                let v = run_points
                                    + 40 * u16::from(royal)
                                    + 20 * u16::from(m0 + m1 + m2)
                                    + 10 * u16::from(dix);
                                best_a = best_a.max(v);
                            }
                        }
                    }
                }
            }
        }
    }
    let mut best_b = 0;
    for (r, v) in [(rank::ACE, 100), (rank::KING, 80), (rank::QUEEN, 60), (rank::JACK, 40)] {
        let mut best = 0;
        for k in 0..=2u8 {
            if (0..4).all(|s| n(s, r) >= k) {
                best = best.max([0, v, 10 * v][usize::from(k)]);
            }
        }
        best_b += best;
    }
    let mut best_c = 0;
    for k in 0..=2u8 {
        if n(SPADES, rank::QUEEN) >= k && n(DIAMONDS, rank::JACK) >= k {
            best_c = best_c.max([0, 40, 300][usize::from(k)]);
        }
    }
    best_a + best_b + best_c
}

/// A random hand of `size` instances, weighted toward the meld ranks so
/// that big melds come up.
fn hand_of(seed: u64, size: usize) -> CardSet {
    let mut rng = tabula_search::Rng::new(seed);
    let mut keyed: Vec<(bool, u64, CardId)> = ALL
        .iter()
        .map(|c| {
            (
                tabula_pinochle::cards::rank_of(c) == rank::NINE && rng.below(3) == 0,
                rng.below(1 << 20),
                c,
            )
        })
        .collect();
    keyed.sort_unstable();
    keyed.into_iter().take(size).map(|k| k.2).collect()
}

proptest! {
    #[test]
    fn the_count_is_the_best_of_every_combination(seed in any::<u64>(), size in 8usize..=30, trump in 0u8..4) {
        let hand = hand_of(seed, size);
        let m = count_melds(hand, trump);
        prop_assert_eq!(m.points, brute_force(hand, trump));
        prop_assert_eq!(m.points, m.melds().iter().map(|x| x.points()).sum::<u16>());
        // The shown cards make the same meld on their own, and are the hand's.
        prop_assert!(hand.contains_all(m.shown));
        let again = count_melds(m.shown, trump);
        prop_assert_eq!(again.points, m.points);
        prop_assert_eq!(again.shown, m.shown);
    }
}
