//! `CardSet` against a `BTreeSet` model: every operation, iteration order
//! and the k-th card agree on random sets.

use std::collections::BTreeSet;

use proptest::prelude::*;
use tabula_cards::{CardId, CardSet};

fn set_of(model: &BTreeSet<u16>) -> CardSet {
    model.iter().map(|&c| CardId(c)).collect()
}

fn ids(set: CardSet) -> Vec<u16> {
    set.iter().map(|c| c.0).collect()
}

proptest! {
    #[test]
    fn a_card_set_behaves_as_a_set_of_ids(
        a in proptest::collection::btree_set(0u16..64, 0..40),
        b in proptest::collection::btree_set(0u16..64, 0..40),
        probe in 0u16..64,
    ) {
        let (sa, sb) = (set_of(&a), set_of(&b));
        prop_assert_eq!(ids(sa), a.iter().copied().collect::<Vec<_>>(), "increasing id order");
        prop_assert_eq!(sa.len(), a.len());
        prop_assert_eq!(sa.iter().len(), a.len());
        prop_assert_eq!(sa.is_empty(), a.is_empty());
        prop_assert_eq!(sa.contains(CardId(probe)), a.contains(&probe));
        prop_assert_eq!(sa.contains_all(sb), b.is_subset(&a));
        prop_assert_eq!(ids(sa | sb), a.union(&b).copied().collect::<Vec<_>>());
        prop_assert_eq!(ids(sa & sb), a.intersection(&b).copied().collect::<Vec<_>>());
        prop_assert_eq!(ids(sa - sb), a.difference(&b).copied().collect::<Vec<_>>());
        prop_assert_eq!(ids(!sa & CardSet::first(64)).len(), 64 - a.len());
        prop_assert_eq!(sa.lowest().map(|c| c.0), a.first().copied());
        prop_assert_eq!(sa.highest().map(|c| c.0), a.last().copied());
        for k in 0..=a.len() {
            prop_assert_eq!(sa.nth(k).map(|c| c.0), a.iter().nth(k).copied());
        }
        let mut m = sa;
        let had = m.remove(CardId(probe));
        prop_assert_eq!(had, a.contains(&probe));
        prop_assert!(!m.contains(CardId(probe)));
        m.insert(CardId(probe));
        prop_assert!(m.contains(CardId(probe)));
        prop_assert_eq!(m.len(), a.len() + usize::from(!had));
        // Serialised as its word: the same set after a round trip.
        let text = serde_json::to_string(&sa).unwrap();
        prop_assert_eq!(serde_json::from_str::<CardSet>(&text).unwrap(), sa);
    }
}

#[test]
fn the_first_n_cards() {
    assert_eq!(CardSet::first(0), CardSet::EMPTY);
    assert_eq!(CardSet::first(52).len(), 52);
    assert_eq!(CardSet::first(64).len(), 64);
    assert_eq!(CardSet::first(3).highest(), Some(CardId(2)));
}

proptest! {
    // Dense words too (the model's sets above hold at most 40 cards): the
    // broadword select agrees with counting the bits one by one.
    #[test]
    fn the_kth_card_of_any_word(word in any::<u64>()) {
        let set = CardSet(word);
        let bits: Vec<u16> = (0..64).filter(|&i| word >> i & 1 == 1).collect();
        for k in 0..=64 {
            prop_assert_eq!(set.nth(k).map(|c| c.0), bits.get(k).copied());
        }
    }
}

#[test]
fn the_kth_card_of_the_full_and_the_empty_word() {
    for k in 0..64 {
        assert_eq!(CardSet(u64::MAX).nth(k), Some(CardId(k as u16)));
        assert_eq!(CardSet(1 << 63).nth(k), (k == 0).then_some(CardId(63)));
    }
    assert_eq!(CardSet(u64::MAX).nth(64), None);
    assert_eq!(CardSet::EMPTY.nth(0), None);
}

proptest! {
    // `random` is `nth(below(len))` with the same draw, and draws nothing
    // from the empty set.
    #[test]
    fn a_random_card_is_the_drawn_kth(word in any::<u64>(), seed in any::<u64>(), sparse in any::<bool>()) {
        let set = CardSet(if sparse { word & word.rotate_left(17) & word.rotate_left(41) } else { word });
        let (mut a, mut b) = (tabula_search::Rng::new(seed), tabula_search::Rng::new(seed));
        for _ in 0..4 {
            let expected = (!set.is_empty()).then(|| set.nth(b.below(set.len() as u64) as usize).unwrap());
            prop_assert_eq!(set.random(&mut a), expected);
        }
        prop_assert_eq!(a.next_u64(), b.next_u64());
        prop_assert_eq!(CardSet::EMPTY.random(&mut a), None);
        prop_assert_eq!(a.next_u64(), b.next_u64());
    }
}
