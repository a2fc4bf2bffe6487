//! MiniWhist's cards: instances and faces, and the card-set algebra the
//! zones are built on, against a reference model.

use std::collections::BTreeSet;

use proptest::prelude::*;
use tabula_testgames::miniwhist::{CardId, CardSet, NUM_CARDS, Suit};

fn set_of(bits: u16) -> CardSet {
    CardSet::from_bits(bits & CardSet::ALL.bits()).unwrap()
}

fn model(set: CardSet) -> BTreeSet<u8> {
    set.iter().map(u8::from).collect()
}

#[test]
fn ids_map_to_faces_two_by_two() {
    let faces: Vec<String> = CardId::all().map(|c| c.face().to_string()).collect();
    assert_eq!(
        faces,
        ["♠1", "♠1", "♠2", "♠2", "♠3", "♠3", "♥1", "♥1", "♥2", "♥2", "♥3", "♥3"]
    );
    assert_eq!(Suit::Spades.cards().len() + Suit::Hearts.cards().len(), NUM_CARDS);
    assert!(CardSet::from_bits(1 << 12).is_err());
    assert!(serde_json::from_str::<CardSet>("[1,1]").is_err());
}

proptest! {
    #[test]
    fn card_sets_behave_like_sets(a in any::<u16>(), b in any::<u16>(), id in 0u8..12) {
        let (x, y) = (set_of(a), set_of(b));
        let (mx, my) = (model(x), model(y));
        prop_assert_eq!(x.len(), mx.len());
        prop_assert_eq!(model(x | y), mx.union(&my).copied().collect::<BTreeSet<_>>());
        prop_assert_eq!(model(x & y), mx.intersection(&my).copied().collect::<BTreeSet<_>>());
        prop_assert_eq!(model(x - y), mx.difference(&my).copied().collect::<BTreeSet<_>>());
        prop_assert_eq!((!x).len(), NUM_CARDS - x.len());
        prop_assert_eq!(x.of_suit(Suit::Spades) | x.of_suit(Suit::Hearts), x);
        let c = CardId::new(id).unwrap();
        let mut z = x;
        z.insert(c);
        prop_assert!(z.contains(c));
        z.remove(c);
        prop_assert!(!z.contains(c));
        prop_assert_eq!(z | (x & [c].into_iter().collect()), x);
        let text = serde_json::to_string(&x).unwrap();
        prop_assert_eq!(serde_json::from_str::<CardSet>(&text).unwrap(), x);
        let ids: Vec<u8> = serde_json::from_str(&text).unwrap();
        prop_assert!(ids.windows(2).all(|w| w[0] < w[1]));
        prop_assert_eq!(x.nth(0), x.iter().next());
    }
}
