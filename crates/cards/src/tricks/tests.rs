//! The trick plugin's own tests: following suit and the duties, the
//! winner (duplicates included), the record's play, collection, check,
//! JSON form and hash.

use proptest::prelude::*;
use tabula_search::{Rng, Seat, stable_hash};

use super::*;
use crate::french::Suit;

const DECK: SingleDeck = SingleDeck::new(2);

fn card(name: &str) -> CardId {
    DECK.parse(name).unwrap()
}

fn set(names: &str) -> CardSet {
    names.split_whitespace().map(card).collect()
}

#[test]
fn a_hand_follows_the_suit_led_when_it_can() {
    let hand = set("2c 9c Ah Ks");
    assert_eq!(follow(&DECK, hand, &[]), hand, "any card leads");
    assert_eq!(follow(&DECK, hand, &[card("Jc")]), set("2c 9c"));
    assert_eq!(follow(&DECK, hand, &[card("Jd")]), hand, "void: any card");
}

#[test]
fn spades_trump_every_other_suit() {
    let trumps = Trumps {
        deck: DECK,
        trump: Suit::Spades,
    };
    assert_eq!(winner(&trumps, &[card("Ah"), card("Kh"), card("2s"), card("Qh")]), 2);
    assert_eq!(winner(&trumps, &[card("2h"), card("Ah"), card("Ac"), card("3h")]), 1);
    assert_eq!(winner(&DECK, &[card("2h"), card("As"), card("3h"), card("Ac")]), 2);
}

/// Two copies of each card of a suit (Pinochle's duplicates): cards
/// `2k` and `2k + 1` are copies of rank `k`; one suit, numbered 0.
struct Doubled;

impl Suits for Doubled {
    fn cards_of(&self, _: u8) -> CardSet {
        CardSet::first(12)
    }
    fn suit_of(&self, _: CardId) -> u8 {
        0
    }
    fn power(&self, card: CardId, _: u8) -> u32 {
        1 + u32::from(card.0 / 2)
    }
}

#[test]
fn of_two_equal_cards_the_first_played_wins() {
    assert_eq!(winner(&Doubled, &[CardId(4), CardId(11), CardId(10)]), 1);
    assert_eq!(winner(&Doubled, &[CardId(4), CardId(10), CardId(11)]), 1);
    assert_eq!(winner(&Doubled, &[CardId(5), CardId(4)]), 0);
}

#[test]
fn heading_the_trick_and_trumping_are_duties_when_asked() {
    let hearts_trump = Duties {
        must_head: true,
        must_trump: true,
        trump: Some(Suit::Hearts as u8),
    };
    let trumps = Trumps {
        deck: DECK,
        trump: Suit::Hearts,
    };
    // Following: only the clubs above the jack.
    let hand = set("2c 9c Qc Ac 3h");
    assert_eq!(playable(&trumps, hand, &[card("Jc")], hearts_trump), set("Qc Ac"));
    // No club beats the ace: any club.
    assert_eq!(
        playable(&trumps, hand, &[card("Jc"), card("Kc")], Duties::default()),
        set("2c 9c Qc Ac")
    );
    let no_head = Duties {
        must_head: false,
        ..hearts_trump
    };
    assert_eq!(playable(&trumps, hand, &[card("Jc")], no_head), set("2c 9c Qc Ac"));
    // Void in the suit led: a trump, and one above a trump already played.
    let hand = set("2c 3h 9h Kh");
    assert_eq!(playable(&trumps, hand, &[card("Ad")], hearts_trump), set("3h 9h Kh"));
    assert_eq!(
        playable(&trumps, hand, &[card("Ad"), card("5h")], hearts_trump),
        set("9h Kh")
    );
    assert_eq!(
        playable(&trumps, hand, &[card("Ad"), card("Ah")], hearts_trump),
        set("3h 9h Kh")
    );
    let no_trump_duty = Duties {
        must_trump: false,
        ..hearts_trump
    };
    assert_eq!(playable(&trumps, hand, &[card("Ad")], no_trump_duty), hand);
    // Void and no trump: anything.
    assert_eq!(
        playable(&trumps, set("2c 3c"), &[card("Ad")], hearts_trump),
        set("2c 3c")
    );
}

#[test]
fn a_seat_that_sits_out_is_skipped_in_every_trick() {
    // Seat 2 sits out (a lone maker's partner).
    let active = all_active(4) & !(1 << 2);
    let mut t: Tricks<4> = Tricks::new(1);
    assert_eq!(t.to_play(active), 1);
    t.play(1, card("9c"));
    assert_eq!(t.to_play(active), 3, "seat 2 is skipped");
    t.play(3, card("Ac"));
    t.play(0, card("Kc"));
    assert!(t.complete(active));
    let mut moved = Vec::new();
    t.collect(3, active, |c, by| moved.push((c, by)));
    assert_eq!(moved, [(card("9c"), 1), (card("Ac"), 3), (card("Kc"), 0)]);
    assert_eq!((t.leader, t.done, t.trick().len()), (3, 1, 0));
    t.check(active).unwrap();
    assert!(t.check(all_active(4)).is_err(), "seat 2 would have to play");
}

#[test]
fn the_taker_is_known_once_the_trick_is_collected() {
    let all = all_active(4);
    let mut t: Tricks<4> = Tricks::new(0);
    let start = t;
    for (seat, c) in ["2c", "3c", "Ac", "5c"].iter().enumerate() {
        t.play(seat, card(c));
        assert_eq!(t.taken_since(&start), None, "the trick is still on");
    }
    t.collect(2, all, |_, _| {});
    assert_eq!(t.taken_since(&start), Some(2));
    assert_eq!(t.taken_since(&t), None);
}

#[test]
fn a_record_no_play_makes_is_refused() {
    let all = all_active(4);
    let mut t: Tricks<4> = Tricks::new(0);
    for (seat, c) in ["2c", "3c", "4c", "5c"].iter().enumerate() {
        t.play(seat, card(c));
    }
    t.collect(3, all, |_, _| {});
    t.check(all).unwrap();
    let mut twice = t;
    twice.taken[1] = twice.taken[3];
    assert!(twice.check(all).is_err(), "a trick taken twice");
    let mut nobody = t;
    nobody.played[2].insert(card("Ah"));
    assert!(nobody.check(all).is_err(), "a card played by nobody's turn");
    let mut wrong_leader = t;
    wrong_leader.leader = 0;
    assert!(wrong_leader.check(all).is_err(), "a leader who took no trick");
    let mut off_turn = t;
    off_turn.play(0, card("Ad"));
    assert!(off_turn.check(all).is_err(), "the winner leads, not seat 0");
}

#[test]
fn the_json_lists_the_trick_and_the_hash_is_the_flat_fields() {
    let all = all_active(4);
    let mut t: Tricks<4> = Tricks::new(2);
    t.play(2, card("Qs"));
    t.play(3, card("Ks"));
    t.mark_void(3, 1);
    let json = serde_json::to_value(t).unwrap();
    assert_eq!(
        json,
        serde_json::json!({
            "leader": 2, "trick": [card("Qs"), card("Ks")], "tricks": 0,
            "played": [0, 0, 1u64 << card("Qs").0, 1u64 << card("Ks").0],
            "taken": [0, 0, 0, 0], "voids": [0, 0, 0, 1],
        })
    );
    assert_eq!(serde_json::from_value::<Tricks<4>>(json).unwrap(), t);
    let flat = (t.leader, t.trick().to_vec(), t.done, t.played, t.taken, t.voids);
    assert_eq!(stable_hash(&t), stable_hash(&flat));
    assert!(t.check(all).is_ok());
    let bad = serde_json::json!({
        "leader": 0, "trick": [0, 1, 2, 3, 4], "tricks": 0,
        "played": [0, 0, 0, 0], "taken": [0, 0, 0, 0], "voids": [0, 0, 0, 0],
    });
    assert!(
        serde_json::from_value::<Tricks<4>>(bad).is_err(),
        "five cards for four seats"
    );
    let short = serde_json::json!({
        "leader": 0, "trick": [], "tricks": 0,
        "played": [0, 0, 0], "taken": [0, 0, 0, 0], "voids": [0, 0, 0, 0],
    });
    assert!(
        serde_json::from_value::<Tricks<4>>(short).is_err(),
        "three seats' plays for four"
    );
}

#[test]
fn a_play_under_the_duties_rules_out_what_the_seat_would_have_had_to_play() {
    let duties = Duties {
        must_head: true,
        must_trump: true,
        trump: Some(Suit::Hearts as u8),
    };
    let trumps = Trumps {
        deck: DECK,
        trump: Suit::Hearts,
    };
    let out = |trick: &str, c: &str, d: Duties| {
        let trick: Vec<CardId> = trick.split_whitespace().map(card).collect();
        ruled_out(&trumps, &trick, card(c), d)
    };
    assert_eq!(out("", "2c", duties), CardSet::EMPTY, "a lead shows nothing");
    assert_eq!(out("Jc", "9c", duties), set("Qc Kc Ac"), "no club above the jack");
    assert_eq!(out("Jc", "Kc", duties), CardSet::EMPTY, "it headed the trick");
    assert_eq!(out("Jc", "Jc", duties), set("Qc Kc Ac"), "an equal card does not head");
    assert_eq!(out("Jc", "9c", Duties::default()), CardSet::EMPTY);
    // Trumped already: a club follows anyhow, nothing shown.
    assert_eq!(out("Jc 2h", "9c", duties), CardSet::EMPTY);
    // Void: a trump under the best trump shows no higher trump.
    let clubs = DECK.suit_cards(Suit::Clubs);
    assert_eq!(out("Jc 9h", "5h", duties), clubs | set("10h Jh Qh Kh Ah"));
    assert_eq!(out("Jc", "5h", duties), clubs, "the first trump heads");
    // Void in both: the suit led and the trump.
    assert_eq!(out("Jc", "2s", duties), clubs | DECK.suit_cards(Suit::Hearts));
    let only_follow = Duties {
        must_trump: false,
        ..duties
    };
    assert_eq!(out("Jc", "2s", only_follow), clubs);
    // Hearts led: following a trump lead is following suit.
    assert_eq!(out("Qh", "2h", duties), set("Kh Ah"));
}

proptest! {
    /// A play never rules out a card its seat still holds, and the cards it
    /// rules out are exactly those that would have changed what it could
    /// play: with any one of them added to the hand, the card played would
    /// not have been playable.
    #[test]
    fn what_a_play_rules_out_is_sound_and_exact(seed in any::<u64>(), led in 0usize..4, trump in 0u8..5) {
        let mut rng = Rng::new(seed);
        let duties = Duties { must_head: seed % 3 != 0, must_trump: seed % 5 != 0, trump: (trump < 4).then_some(trump) };
        let trumps = Trumps { deck: DECK, trump: Suit::ALL[usize::from(trump % 4)] };
        let mut cards: Vec<CardId> = DECK.all().iter().collect();
        rng.shuffle(&mut cards);
        let trick: Vec<CardId> = cards[..led].to_vec();
        let hand: CardSet = cards[led..led + 8].iter().copied().collect();
        let rest: CardSet = cards[led + 8..].iter().copied().collect();
        // Only the Trumps reading when the duties name its suit.
        let suits: &dyn Fn(CardSet) -> CardSet = &|h| match duties.trump {
            Some(_) => playable(&trumps, h, &trick, duties),
            None => playable(&DECK, h, &trick, duties),
        };
        for c in suits(hand) {
            let out = match duties.trump {
                Some(_) => ruled_out(&trumps, &trick, c, duties),
                None => ruled_out(&DECK, &trick, c, duties),
            };
            prop_assert!((out & hand).is_empty(), "a card still held ruled out");
            for x in rest {
                let mut more = hand;
                more.insert(x);
                prop_assert_eq!(out.contains(x), !suits(more).contains(c), "{} with {}", c, x);
            }
        }
    }

    /// Random hands played out by follow-suit: the record checks at every
    /// step, reads back from its JSON, and holds each card once.
    #[test]
    fn random_hands_keep_a_record_that_checks(seed in any::<u64>(), seats in 2usize..=4) {
        let mut rng = Rng::new(seed);
        let mut cards: Vec<CardId> = DECK.all().iter().collect();
        rng.shuffle(&mut cards);
        let per = 52 / seats;
        let mut hands = [CardSet::EMPTY; 4];
        for (i, &c) in cards.iter().take(per * seats).enumerate() {
            hands[i % seats].insert(c);
        }
        let active = all_active(seats);
        let mut t: Tricks<4> = Tricks::new((seed % seats as u64) as u8);
        for _ in 0..per * seats {
            let seat = t.to_play(active);
            let legal = follow(&DECK, hands[seat], t.trick());
            let c = legal.random(&mut rng).unwrap();
            hands[seat].remove(c);
            let void = revealed_void(&DECK, t.trick(), c);
            t.mark_void(seat, void);
            t.play(seat, c);
            if t.complete(active) {
                let w = t.seat_at(winner(&DECK, t.trick()), active);
                t.collect(w, active, |_, _| {});
            }
            prop_assert!(t.check(active).is_ok(), "{:?}", t.check(active));
            let back: Tricks<4> = serde_json::from_value(serde_json::to_value(t).unwrap()).unwrap();
            prop_assert_eq!(back, t);
            for (s, &hand) in hands.iter().enumerate().take(seats) {
                for v in 0..4u8 {
                    if t.is_void(s, 1 << v) {
                        prop_assert!((hand & DECK.cards_of(v)).is_empty(), "a void that holds its suit");
                    }
                }
            }
        }
        prop_assert_eq!(usize::from(t.done), per);
        prop_assert_eq!(t.taken.iter().map(|s| s.len()).sum::<usize>(), per * seats);
    }
}

/// A page's trick: each card named, with the seat that played it from the
/// leader on, a seat sitting the hand out skipped.
#[test]
fn the_trick_as_a_page_draws_it_names_each_card_and_its_seat() {
    let mut t: Tricks<4> = Tricks::new(3);
    t.play(3, card("Qh"));
    t.play(1, card("2h"));
    let named = |c| DECK.name(c);
    let without_seat_0 = 0b1110;
    let drawn: Vec<(Seat, String)> = t
        .trick_view(without_seat_0, named)
        .into_iter()
        .map(|p| (p.seat, p.card))
        .collect();
    assert_eq!(drawn, [(3, "Q♥".to_string()), (1, "2♥".to_string())]);
    let everyone: Vec<Seat> = t.trick_view(all_active(4), named).iter().map(|p| p.seat).collect();
    assert_eq!(everyone, [3, 0], "with every seat active, seat 0 follows seat 3");
}

#[test]
fn the_last_card_of_a_trick_finishes_it_with_its_winner_and_no_other_does() {
    let name = |c: CardId| DECK.name(c);
    let trumps = Trumps {
        deck: DECK,
        trump: Suit::Spades,
    };
    // Seat 2 leads; seat 0 sits out (three active seats).
    let active = 0b1110;
    let mut t: Tricks<4> = Tricks::new(2);
    assert_eq!(t.finishing(card("Kh"), active, &trumps, name), None, "a lead");
    t.play(2, card("Kh"));
    t.play(3, card("2s"));
    assert_eq!(t.finishing(card("Ah"), active, &DECK, name), {
        let played = |seat: Seat, c: &str| PlayedCard {
            seat,
            card: DECK.name(card(c)),
        };
        Some(FinishedTrick {
            cards: vec![played(2, "Kh"), played(3, "2s"), played(1, "Ah")],
            winner: 1,
        })
    });
    // With spades trumps, the 2♠ takes it; the table itself is unchanged.
    assert_eq!(t.finishing(card("Ah"), active, &trumps, name).unwrap().winner, 3);
    assert_eq!((t.trick().len(), t.done), (2, 0));
}
