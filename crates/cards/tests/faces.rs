//! Faces apart from instances: the face counts of a set of two decks'
//! instances, and instances of a multiset of faces, lowest first or
//! uniformly chosen among the copies.

use proptest::prelude::*;
use tabula_cards::french::{FrenchFace, Suit, faces};
use tabula_cards::{CardId, CardSet, Deck, FaceCounts, FaceIndex, WideSet};
use tabula_search::Rng;

/// Two French decks with two jokers each: 108 instances, 54 faces.
fn two_decks() -> Deck<FrenchFace> {
    Deck::copies(&faces(2, 2), 2)
}

fn set_of(ids: &[u16]) -> WideSet<2> {
    ids.iter().map(|&c| CardId(c % 108)).collect()
}

#[test]
fn faces_are_numbered_by_first_instance() {
    let deck = two_decks();
    let index: FaceIndex<WideSet<2>> = FaceIndex::new(&deck);
    assert_eq!(index.faces(), 54);
    for c in deck.ids() {
        // Copy k of card i is instance 54k + i: face i.
        assert_eq!(index.face_of(c), c.index() % 54);
        assert!(index.instances(index.face_of(c)).contains(c));
    }
    let eight_hearts = index.face_of(CardId(2 * 13 + 6));
    assert_eq!(
        deck.face(CardId(2 * 13 + 6)),
        FrenchFace::Suited {
            rank: 8,
            suit: Suit::Hearts
        }
    );
    assert_eq!(
        index.instances(eight_hearts).iter().map(|c| c.0).collect::<Vec<_>>(),
        [32, 86]
    );
    let all = index.counts(WideSet::first(108));
    assert_eq!(all.total(), 108);
    assert!(all.iter().all(|(_, n)| n == 2));
}

proptest! {
    /// The counts of a set are the faces of its cards counted one by one,
    /// and the instances of those counts, lowest first or at random, carry
    /// them back: cards of the set, with the same face counts.
    #[test]
    fn counts_and_instances_go_both_ways(ids in proptest::collection::vec(any::<u16>(), 0..80), seed in any::<u64>()) {
        let deck = two_decks();
        let index: FaceIndex<WideSet<2>> = FaceIndex::new(&deck);
        let set = set_of(&ids);
        let counts = index.counts(set);
        for f in 0..54 {
            let by_hand = set.iter().filter(|&c| deck.face(c) == deck.face(CardId(f as u16))).count();
            prop_assert_eq!(counts.get(f), by_hand);
            prop_assert_eq!(index.count(set, f), by_hand);
        }
        prop_assert_eq!(counts.total(), set.len());
        prop_assert_eq!(index.lowest_of(set, &counts), Some(set));
        prop_assert_eq!(index.random_of(set, &counts, &mut Rng::new(seed)), Some(set));
        // Half of each face's count: the lowest copies, or copies at random.
        let mut half = FaceCounts::EMPTY;
        for (f, n) in counts.iter() {
            half.add(f, n.div_ceil(2));
        }
        prop_assert!(counts.contains_all(&half));
        let lowest = index.lowest_of(set, &half).unwrap();
        let random = index.random_of(set, &half, &mut Rng::new(seed)).unwrap();
        for picked in [lowest, random] {
            prop_assert!(set.contains_all(picked));
            prop_assert_eq!(index.counts(picked), half);
        }
        for (f, n) in half.iter() {
            let copies: Vec<CardId> = (set & index.instances(f)).iter().take(n).collect();
            prop_assert!(copies.into_iter().all(|c| lowest.contains(c)), "lowest ids first");
        }
        // A face the set lacks.
        let mut more = counts;
        more.add(0, 3);
        prop_assert_eq!(index.lowest_of(set, &more), None);
        prop_assert_eq!(index.random_of(set, &more, &mut Rng::new(seed)), None);
    }
}

/// One copy of two drawn uniformly: each about half the time (n = 20,000;
/// 5 standard deviations of a proportion 1/2 is 0.018).
#[test]
fn a_random_copy_is_either_copy() {
    let deck = two_decks();
    let index: FaceIndex<WideSet<2>> = FaceIndex::new(&deck);
    let all = WideSet::first(108);
    let mut rng = Rng::new(4);
    let n = 20_000;
    let first = (0..n)
        .filter(|_| index.random(all, 6, 1, &mut rng).unwrap().contains(CardId(6)))
        .count();
    assert!((first as f64 / n as f64 - 0.5).abs() < 0.018, "{first}");
    assert_eq!(index.lowest(all, 6, 1), Some(WideSet::of(CardId(6))));
    assert_eq!(index.lowest(all, 6, 2).map(|s| s.len()), Some(2));
    assert_eq!(index.lowest(all, 6, 3), None);
}

/// A game's own numbering: ranks alone, for rules that read ranks (a
/// one-word deck here, the same code as the wide one).
#[test]
fn faces_numbered_by_the_game() {
    let deck = Deck::new(faces(2, 0));
    let rank = |f: FrenchFace| match f {
        FrenchFace::Suited { rank, .. } => usize::from(rank - 2),
        FrenchFace::Joker(_) => unreachable!("no joker"),
    };
    let index: FaceIndex<CardSet> = FaceIndex::by(&deck, 13, rank);
    assert_eq!(index.faces(), 13);
    assert_eq!(index.instances(12).len(), 4, "four aces");
    // 2♣, A♣ and 2♦: two twos and an ace.
    let hand: CardSet = [0, 12, 13].into_iter().map(CardId).collect();
    let counts = index.counts(hand);
    assert_eq!((counts.get(0), counts.get(12), counts.total()), (2, 1, 3));
    assert_eq!(format!("{counts:?}"), "{0: 2, 12: 1}");
}
