//! MiniWhist's deck on the card engine: the face mapping, the reading of
//! the cards the trick plugin plays by (against the rule written out), and
//! the wire form of cards and sets.

use crate::common;

use common::*;
use proptest::prelude::*;
use tabula_cards::tricks::{follow, revealed_void, winner};
use tabula_testgames::miniwhist::{Action, CardError, CardId, CardSet, DECK, MiniDeck, NUM_CARDS, Observation, Suit};

#[test]
fn ids_map_to_faces_two_by_two() {
    let faces: Vec<String> = DECK.cards().map(|c| DECK.face(c).to_string()).collect();
    assert_eq!(
        faces,
        ["♠1", "♠1", "♠2", "♠2", "♠3", "♠3", "♥1", "♥1", "♥2", "♥2", "♥3", "♥3"]
    );
    assert_eq!(DECK.name(card(0)), "♠1a");
    assert_eq!(DECK.name(card(5)), "♠3b");
    assert_eq!(DECK.name(card(6)), "♥1a");
    assert_eq!(DECK.name(card(11)), "♥3b");
    for c in DECK.cards() {
        assert_eq!(DECK.face(c), DECK.face(DECK.twin(c)));
        assert_ne!(c, DECK.twin(c));
        assert!((1..=3).contains(&DECK.rank(c)));
        assert!(DECK.suit(c).cards().contains(c));
    }
    assert_eq!(DECK.cards().filter(|&c| DECK.suit(c) == Suit::Hearts).count(), 6);
    assert_eq!(Suit::Spades.cards() | Suit::Hearts.cards(), MiniDeck::ALL);
    assert_eq!(MiniDeck::ALL.len(), NUM_CARDS);
    assert_eq!(DECK.card(12), Err(CardError::NoSuchCard(12)));
    assert_eq!(DECK.set_of(&[card(1), card(1)]), Err(CardError::Repeated(1)));
}

#[test]
fn actions_read_as_kind_and_id() {
    let play = Action::Play(card(4));
    assert_eq!(serde_json::to_string(&play).unwrap(), r#"{"Play":4}"#);
    assert_eq!(serde_json::from_str::<Action>(r#"{"Play":4}"#).unwrap(), play);
    assert_eq!(format!("{play:?}"), "Play(#4♠3a)");
    assert_eq!(format!("{:?}", Action::Deal(card(11))), "Deal(#11♥3b)");
}

#[test]
fn observations_list_their_cards_and_refuse_what_is_no_card() {
    let mut h = deal([0, 2, 10, 6], [4, 8, 9, 1]);
    h.push(Action::Discard(card(6)));
    let json = observation_json(&replay(&h), 0);
    assert!(json.contains(r#""hand":[0,2,10]"#), "{json}");
    assert!(serde_json::from_str::<Observation>(&json).is_ok());
    for bad in [
        json.replace("[0,2,10]", "[0,2,2]"),
        json.replace("[0,2,10]", "[0,2,12]"),
        json.replace("[0,2,10]", "[0,2,70]"),
        json.replace(r#""discard":6"#, r#""discard":12"#),
        json.replace(r#""discard":6"#, r#""discard":999"#),
    ] {
        assert!(serde_json::from_str::<Observation>(&bad).is_err(), "{bad} was accepted");
    }
}

fn hand_of(bits: u16) -> CardSet {
    CardSet(u64::from(bits)) & MiniDeck::ALL
}

proptest! {
    /// The plugin over MiniWhist's reading plays the game's trick rule:
    /// follow the led suit if the hand can; the second card wins only with
    /// a strictly higher rank of the led suit (so of two equal faces the
    /// first played wins); a card off the led suit shows a void in it.
    #[test]
    fn the_trick_reading_is_the_rule(lead in 0u16..12, other in 0u16..12, bits in any::<u16>()) {
        prop_assume!(lead != other);
        let (lead, other) = (card(lead), card(other));
        let hand = hand_of(bits) - CardSet::of(lead);
        let same = DECK.suit(other) == DECK.suit(lead);
        let beats = same && DECK.rank(other) > DECK.rank(lead);
        prop_assert_eq!(winner(&DECK, &[lead, other]), usize::from(beats));
        let of_led = hand & DECK.suit(lead).cards();
        let expected = if of_led.is_empty() { hand } else { of_led };
        prop_assert_eq!(follow(&DECK, hand, &[lead]), expected);
        prop_assert_eq!(follow(&DECK, hand, &[]), hand);
        let void = if same { 0 } else { DECK.suit(lead).bit() };
        prop_assert_eq!(revealed_void(&DECK, &[lead], other), void);
        prop_assert_eq!(revealed_void(&DECK, &[], other), 0);
    }

    /// The wire form of a set: its ids ascending, read back to the set.
    #[test]
    fn sets_round_trip_as_ascending_ids(bits in any::<u16>()) {
        let set = hand_of(bits);
        let ids: Vec<CardId> = set.iter().collect();
        prop_assert!(ids.windows(2).all(|w| w[0] < w[1]));
        prop_assert_eq!(DECK.set_of(&ids), Ok(set));
    }
}
