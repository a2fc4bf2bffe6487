//! The count-based melding against the meld plugin's general solver under
//! Canasta's rules (the reference on hands without table melds), on
//! random hands.

use tabula_canasta::cards::{Cards, DECK, faces, is_red_three, total};
use tabula_canasta::melding::{Counts, MeldCount, go_out_value, max_value};
use tabula_cards::melds::{MeldRules, MeldSolver};
use tabula_search::Rng;

/// Canasta's rules for the plugin: worth by rank (the plugin's ace-low ranks).
fn rules() -> MeldRules {
    let mut values = [0u8; 13];
    for (r, v) in values.iter_mut().enumerate() {
        *v = tabula_canasta::cards::rank_value(r as u8) as u8;
    }
    values[1] = 20;
    MeldRules::canasta(values, 50)
}

#[test]
fn the_most_a_hand_melds_is_the_solvers_least_deadwood_taken_from_its_worth() {
    let mut solver = MeldSolver::new(rules()).unwrap();
    let mut rng = Rng::new(7);
    let table = [MeldCount::default(); 13];
    let mut checked = 0;
    for _ in 0..2_000 {
        // Eight to fifteen cards, no threes (black threes never meld but
        // going out; red threes are never held).
        let mut hand = Cards::EMPTY;
        let size = 8 + rng.below(8) as usize;
        while hand.len() < size {
            let c = (DECK - hand).random(&mut rng).unwrap();
            if tabula_canasta::cards::face(c).to_string().starts_with('3') || is_red_three(c) {
                continue;
            }
            hand.insert(c);
        }
        let h = Counts::of(hand);
        let ours = max_value(&h, &table, 0, 0).unwrap();
        let theirs = solver.deadwood(&faces(hand)).map(|d| total(hand) - d);
        assert_eq!(Some(ours), theirs, "{}", tabula_canasta::cards::names(hand));
        checked += 1;
    }
    assert_eq!(checked, 2_000);
}

#[test]
fn keeping_cards_and_going_out_follow_the_rules() {
    let hand = |t: &str| Counts::of(tabula_canasta::cards::parse_cards(t).unwrap());
    let mut table = [MeldCount::default(); 13];
    // Three kings and two twos: melded whole (70) keeps nothing.
    assert_eq!(max_value(&hand("Kh Ks Kd 2c 2d"), &table, 0, 0), Some(70));
    // Keeping two cards: two kings and a two (40), a king and a two kept.
    assert_eq!(max_value(&hand("Kh Ks Kd 2c 2d"), &table, 2, 0), Some(40));
    // Two sevens need a wild card; three wild cards at most in a meld.
    assert_eq!(max_value(&hand("7h 7s"), &table, 0, 0), Some(0));
    assert_eq!(max_value(&hand("7h 7s Jk Jk Jk Jk"), &table, 0, 0), Some(160));
    // No canasta on the table: no going out.
    assert_eq!(go_out_value(&hand("Kh Ks Kd 9c"), &table), None);
    // A canasta on the table (kings, seven naturals): the kings go onto it
    // and the nine is the discard.
    table[12] = MeldCount { naturals: 7, wilds: 0 };
    assert_eq!(go_out_value(&hand("Kh Ks Kd 9c"), &table), Some(30));
    // Black threes go out only three or more together.
    assert_eq!(go_out_value(&hand("3c 3s 9c"), &table), None);
    assert_eq!(go_out_value(&hand("3c 3s 3c 9c"), &table), Some(15));
    // Or the last card is discarded whatever it is: a single black three.
    assert_eq!(go_out_value(&hand("Kh 3s"), &table), Some(10));
}
