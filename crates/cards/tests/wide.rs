//! `WideSet<1>`, `<2>`, `<3>` and `CardSet`, through the `CardBits` trait,
//! against a `BTreeSet` model on random sequences of operations; the wide
//! sets against `CardSet` where the ids fit one word; `random` against
//! `nth`; the serialised form.

use std::collections::BTreeSet;

use proptest::prelude::*;
use tabula_cards::{CardBits, CardId, CardSet, WideSet};
use tabula_search::Rng;

#[derive(Clone, Debug)]
enum Op {
    Insert(u16),
    Remove(u16),
    Union(Vec<u16>),
    Intersect(Vec<u16>),
    Difference(Vec<u16>),
    Complement,
    First(u16),
    Collect(Vec<u16>),
}

fn op() -> impl Strategy<Value = Op> {
    let ids = || proptest::collection::vec(any::<u16>(), 0..80);
    prop_oneof![
        3 => any::<u16>().prop_map(Op::Insert),
        2 => any::<u16>().prop_map(Op::Remove),
        1 => ids().prop_map(Op::Union),
        1 => ids().prop_map(Op::Intersect),
        1 => ids().prop_map(Op::Difference),
        1 => Just(Op::Complement),
        1 => any::<u16>().prop_map(Op::First),
        1 => ids().prop_map(Op::Collect),
    ]
}

/// The ids an operation's numbers stand for in a set of `S`'s capacity.
fn ids_in<S: CardBits>(raw: &[u16]) -> BTreeSet<u16> {
    raw.iter().map(|&r| r % S::CAPACITY as u16).collect()
}

fn set_of<S: CardBits>(model: &BTreeSet<u16>) -> S {
    model.iter().map(|&c| CardId(c)).collect()
}

/// Every query of `set` answers as the model does.
fn agrees<S: CardBits>(set: S, model: &BTreeSet<u16>, probe: u16) -> Result<(), TestCaseError> {
    let ids: Vec<u16> = set.iter().map(|c| c.0).collect();
    prop_assert_eq!(&ids, &model.iter().copied().collect::<Vec<_>>(), "increasing id order");
    prop_assert_eq!(set.iter().len(), model.len());
    prop_assert_eq!(set.len(), model.len());
    prop_assert_eq!(set.is_empty(), model.is_empty());
    prop_assert_eq!(set.lowest().map(|c| c.0), model.first().copied());
    prop_assert_eq!(set.highest().map(|c| c.0), model.last().copied());
    for k in 0..=model.len() {
        prop_assert_eq!(set.nth(k).map(|c| c.0), model.iter().nth(k).copied());
    }
    prop_assert_eq!(set.contains(CardId(probe)), model.contains(&probe));
    // Half the set, every other card: a subset it contains, and not the
    // other way round unless the set has at most one card.
    let half: BTreeSet<u16> = model.iter().copied().step_by(2).collect();
    prop_assert!(set.contains_all(set_of(&half)));
    prop_assert_eq!(set_of::<S>(&half).contains_all(set), half.len() == model.len());
    prop_assert_eq!(format!("{set:?}"), format!("{model:?}"));
    let mut outcomes = Vec::new();
    set.uniform_outcomes(&mut outcomes, |c| c.0);
    prop_assert!(outcomes.iter().map(|o| o.0).eq(model.iter().copied()));
    let text = serde_json::to_string(&set).unwrap();
    prop_assert_eq!(serde_json::from_str::<S>(&text).unwrap(), set);
    Ok(())
}

/// Runs `ops` on a set of `S` and on the model, checking after each one.
fn run<S: CardBits>(ops: &[Op], probe: u16) -> Result<Vec<S>, TestCaseError> {
    let cap = S::CAPACITY as u16;
    let (mut set, mut model) = (S::EMPTY, BTreeSet::new());
    let mut seen = Vec::new();
    for op in ops {
        match op {
            Op::Insert(r) => {
                set.insert(CardId(r % cap));
                model.insert(r % cap);
            }
            Op::Remove(r) => {
                let id = r % cap;
                prop_assert_eq!(set.remove(CardId(id)), model.remove(&id));
            }
            Op::Union(raw) => {
                let other = ids_in::<S>(raw);
                set = set | set_of(&other);
                model = &model | &other;
            }
            Op::Intersect(raw) => {
                let other = ids_in::<S>(raw);
                set = set & set_of(&other);
                model = &model & &other;
            }
            Op::Difference(raw) => {
                let other = ids_in::<S>(raw);
                set = set - set_of(&other);
                model = &model - &other;
            }
            Op::Complement => {
                set = !set;
                model = (0..cap).filter(|c| !model.contains(c)).collect();
            }
            Op::First(r) => {
                let n = usize::from(*r) % (S::CAPACITY + 1);
                set = S::first(n);
                model = (0..n as u16).collect();
            }
            Op::Collect(raw) => {
                model = ids_in::<S>(raw);
                set = raw.iter().map(|&r| CardId(r % cap)).collect();
            }
        }
        agrees(set, &model, probe % cap)?;
        seen.push(set);
    }
    Ok(seen)
}

proptest! {
    #[test]
    fn every_width_behaves_as_a_set_of_ids(ops in proptest::collection::vec(op(), 1..40), probe in any::<u16>()) {
        run::<CardSet>(&ops, probe)?;
        run::<WideSet<1>>(&ops, probe)?;
        run::<WideSet<2>>(&ops, probe)?;
        run::<WideSet<3>>(&ops, probe)?;
    }

    /// With ids below 64, a wide set holds what a `CardSet` holds after
    /// every operation (narrowing back to it), and orders as it does.
    #[test]
    fn wide_sets_agree_with_the_one_word_set(ops in proptest::collection::vec(op(), 1..40), probe in 0u16..64) {
        // The wide sets' complements reach past 64: compared below it.
        let one = run::<CardSet>(&ops, probe)?;
        let two = run::<WideSet<2>>(&ops.iter().map(low).collect::<Vec<_>>(), probe)?;
        let three = run::<WideSet<3>>(&ops.iter().map(low).collect::<Vec<_>>(), probe)?;
        for ((a, b), c) in one.iter().zip(&two).zip(&three) {
            let (b, c) = (*b & WideSet::first(64), *c & WideSet::first(64));
            prop_assert_eq!(b.narrow(), Some(*a & CardSet::first(64)));
            prop_assert_eq!(c.narrow(), Some(*a & CardSet::first(64)));
            prop_assert_eq!(WideSet::<2>::from(*a), b);
        }
        for (x, y) in one.iter().zip(one.iter().skip(1)) {
            prop_assert_eq!(WideSet::<3>::from(*x).cmp(&WideSet::<3>::from(*y)), x.cmp(y));
        }
    }

    /// `random` is `nth(below(len))` with the same single draw, and draws
    /// nothing from the empty set.
    #[test]
    fn a_random_card_is_the_drawn_kth(words in any::<[u64; 3]>(), seed in any::<u64>(), sparse in any::<bool>()) {
        let set = WideSet(words.map(|w| if sparse { w & w.rotate_left(17) & w.rotate_left(41) } else { w }));
        let (mut a, mut b) = (Rng::new(seed), Rng::new(seed));
        for _ in 0..4 {
            let expected = (!set.is_empty()).then(|| set.nth(b.below(set.len() as u64) as usize).unwrap());
            prop_assert_eq!(set.random(&mut a), expected);
        }
        prop_assert_eq!(a.next_u64(), b.next_u64());
        prop_assert_eq!(WideSet::<3>::EMPTY.random(&mut a), None);
        prop_assert_eq!(a.next_u64(), b.next_u64());
        // The k-th card against the bits counted one by one.
        let bits: Vec<u16> = (0..192).filter(|&i| set.0[i / 64] >> (i % 64) & 1 == 1).map(|i| i as u16).collect();
        for k in 0..=bits.len() {
            prop_assert_eq!(set.nth(k).map(|c| c.0), bits.get(k).copied());
        }
        // Sets order as the 192-bit numbers their words spell.
        let other = WideSet([words[2], words[0], words[1]]);
        let number = |s: WideSet<3>| (s.0[2], s.0[1], s.0[0]);
        prop_assert_eq!(set.cmp(&other), number(set).cmp(&number(other)));
    }
}

/// The operation with its ids brought below 64 (the one-word comparison).
fn low(op: &Op) -> Op {
    let l = |v: &Vec<u16>| v.iter().map(|r| r % 64).collect();
    match op {
        Op::Insert(r) => Op::Insert(r % 64),
        Op::Remove(r) => Op::Remove(r % 64),
        Op::Union(v) => Op::Union(l(v)),
        Op::Intersect(v) => Op::Intersect(l(v)),
        Op::Difference(v) => Op::Difference(l(v)),
        Op::Complement => Op::Complement,
        Op::First(r) => Op::First(r % 65),
        Op::Collect(v) => Op::Collect(l(v)),
    }
}

#[test]
fn ids_beyond_the_capacity() {
    let mut s = WideSet::<2>::first(128);
    assert!(!s.contains(CardId(128)));
    assert!(!s.remove(CardId(128)), "nothing removed beyond the capacity");
    assert!(!s.remove(CardId(200)));
    assert_eq!(s.len(), 128);
    assert_eq!(!WideSet::<2>::EMPTY, s, "the complement stays within the capacity");
    assert!(std::panic::catch_unwind(|| WideSet::<2>::of(CardId(128))).is_err());
    assert!(std::panic::catch_unwind(|| WideSet::<2>::first(129)).is_err());
    assert_eq!(WideSet::<2>::first(65).highest(), Some(CardId(64)));
    assert_eq!(WideSet::<2>::first(64).0, [u64::MAX, 0]);
}

#[test]
fn the_serialised_form_is_the_increasing_ids() {
    let set: WideSet<2> = [107, 0, 64, 5].into_iter().map(CardId).collect();
    assert_eq!(serde_json::to_string(&set).unwrap(), "[0,5,64,107]");
    assert_eq!(serde_json::to_string(&WideSet::<2>::EMPTY).unwrap(), "[]");
    // The same cards read alike whatever the width.
    assert_eq!(
        serde_json::to_string(&WideSet::<3>::from_iter(set)).unwrap(),
        "[0,5,64,107]"
    );
    assert_eq!(serde_json::from_str::<WideSet<2>>("[0,5,64,107]").unwrap(), set);
    // One form per set: unsorted, repeated or out-of-range ids are refused.
    for bad in ["[5,0]", "[5,5]", "[128]", "[-1]", "3", "{}"] {
        assert!(serde_json::from_str::<WideSet<2>>(bad).is_err(), "{bad}");
    }
    assert!(serde_json::from_str::<WideSet<3>>("[128]").is_ok());
}

#[test]
fn iteration_counts_what_is_left() {
    let set: WideSet<3> = [1, 70, 71, 190].into_iter().map(CardId).collect();
    let mut it = set.iter();
    assert_eq!(it.len(), 4);
    assert_eq!(it.next(), Some(CardId(1)));
    assert_eq!(it.next(), Some(CardId(70)));
    assert_eq!(it.len(), 2);
    assert_eq!(it.by_ref().last(), Some(CardId(190)));
    assert_eq!(it.len(), 0);
}
