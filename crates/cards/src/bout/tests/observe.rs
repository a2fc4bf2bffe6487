//! What a seat observes: the swap test, worlds rebuilt from an
//! observation, and the cards known to be in a hand.

use proptest::prelude::*;
use tabula_search::{Rng, Seat};

use super::{attack, c, defend, play, position, random_deal, set};
use crate::bout::{Deal, Move, Options, SetupError};
use crate::card::CardId;
use crate::set::CardSet;

/// A random deal after a random number of random moves (not over).
fn midway(seed: u64, seats: usize) -> Deal {
    let mut rng = Rng::new(seed);
    let mut deal = random_deal(seats, &mut rng);
    let steps = rng.below(400);
    let mut moves = Vec::new();
    for _ in 0..steps {
        deal.legal_moves(&mut moves);
        let mut next = deal;
        next.apply(moves[rng.below(moves.len() as u64) as usize]).unwrap();
        if next.outcome().is_some() {
            break;
        }
        deal = next;
    }
    deal
}

/// Where an unseen card is: `Some(seat)` in a hand, `None` in the stock.
fn place(deal: &Deal, card: CardId) -> Option<Seat> {
    (0..deal.seats()).find(|&s| deal.hand(s).contains(card))
}

/// `deal` with cards `x` and `y` exchanged between their places.
fn swapped(deal: &Deal, observer: Seat, x: CardId, y: CardId) -> Deal {
    let flip = |c: CardId| {
        if c == x {
            y
        } else if c == y {
            x
        } else {
            c
        }
    };
    let hands: Vec<CardSet> = (0..deal.seats())
        .map(|s| deal.hand(s).iter().map(flip).collect())
        .collect();
    let stock: Vec<CardId> = deal.stock().map(flip).collect();
    deal.observe(observer).world(&hands, &stock).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Exchanging two cards the observer cannot see, between two hidden
    /// places, leaves its observation equal; the seats holding them see
    /// the change.
    #[test]
    fn the_observation_hides_what_the_seat_cannot_see(seed in any::<u64>(), seats in 2usize..=6) {
        let deal = midway(seed, seats);
        for observer in 0..seats {
            let obs = deal.observe(observer);
            let unseen = obs.unseen();
            let hidden: usize = (0..seats).map(|s| obs.hidden(s)).sum::<usize>() + obs.hidden_stock();
            prop_assert_eq!(unseen.len(), hidden);
            for x in unseen {
                for y in unseen {
                    let (px, py) = (place(&deal, x), place(&deal, y));
                    if x >= y || px == py {
                        continue;
                    }
                    prop_assert!(px != Some(observer) && py != Some(observer));
                    let world = swapped(&deal, observer, x, y);
                    world.check_invariants().unwrap();
                    prop_assert_ne!(world, deal);
                    prop_assert_eq!(world.observe(observer), obs);
                    for holder in [px, py].into_iter().flatten() {
                        prop_assert_ne!(world.observe(holder), deal.observe(holder));
                    }
                }
            }
            // The deal itself is one of the observation's worlds.
            let hands: Vec<CardSet> = (0..seats).map(|s| deal.hand(s)).collect();
            let stock: Vec<CardId> = deal.stock().collect();
            prop_assert_eq!(obs.world(&hands, &stock), Ok(deal));
        }
    }
}

#[test]
fn a_world_must_fit_the_observation() {
    let hands = ["6c 7c 7d 7h 7s 8d", "8c 9c Ad", "10c Jc Qd Kd Ah As"];
    let mut deal = position(Options::default(), &hands, "Qc Kc", "Kc", 0);
    play(&mut deal, &[attack("6c"), defend("6c", "8c"), Move::Pass, Move::Pass]);
    // Beaten off: seat 0 drew the Q♣, seat 2 nothing, seat 1 the K♣ (trump).
    let obs = deal.observe(2);
    assert_eq!(obs.public.known[1], set("Kc"));
    assert_eq!(obs.unseen(), set("7c 7d 7h 7s 8d Qc 9c Ad"));
    assert_eq!(
        (obs.hidden(0), obs.hidden(1), obs.hidden(2), obs.hidden_stock()),
        (6, 2, 0, 0)
    );
    let own = deal.hand(2);
    let ok = [set("7c 7d 7h 7s 8d Qc"), set("9c Ad Kc"), own];
    assert_eq!(obs.world(&ok, &[]), Ok(deal));
    let fits = [set("9c 7d 7h 7s 8d Qc"), set("7c Ad Kc"), own];
    assert!(obs.world(&fits, &[]).is_ok());
    let bad: [&[CardSet]; 3] = [
        &[set("7c 7d 7h 7s 8d Qc"), set("9c Ad Kc"), (own - set("Ah")) | set("Jd")], // not seat 2's hand
        &[set("7c 7d 7h 7s 8d"), set("Qc 9c Ad Kc"), own],                           // sizes differ
        &[set("7c 7d 7h 7s 8d Kc"), set("9c Ad Qc"), own],                           // the known K♣ moved
    ];
    for world in bad {
        assert!(matches!(obs.world(world, &[]), Err(SetupError::Cards(_))), "{world:?}");
    }
    assert!(obs.world(&ok, &[c("Ac")]).is_err());
}

#[test]
fn picked_up_cards_stay_known_until_played() {
    let mut deal = position(Options::default(), &["6c 6d Ah", "7d 8s"], "", "Kh", 0);
    play(&mut deal, &[attack("6c"), Move::Take, Move::Pass]);
    assert_eq!(deal.known(1), set("6c"));
    // Seat 1 could beat the 6♦ with the 7♦ but takes again.
    play(&mut deal, &[attack("6d"), Move::Take, Move::Pass]);
    assert_eq!(deal.known(1), set("6c 6d"));
    // Seat 0 plays its last card: once it is taken, seat 0 is out.
    play(&mut deal, &[attack("Ah"), Move::Take]);
    assert_eq!(deal.known(1), set("6c 6d Ah"));
    assert_eq!(deal.outcome(), Some(crate::bout::Outcome::Durak(1)));

    let mut deal = position(Options::default(), &["6c 9c", "7c 8c", "10c"], "", "Kh", 0);
    play(&mut deal, &[attack("6c"), Move::Take, Move::Pass, Move::Pass]);
    assert_eq!(deal.known(1), set("6c"));
    // Seat 2 leads against seat 0, which takes: with one card in hand it
    // cannot be given a second attack, so the bout ends at once, and seat 2
    // is out of cards.
    assert_eq!(play(&mut deal, &[attack("10c"), Move::Take]), crate::bout::Event::Taken);
    assert!(!deal.in_game(2));
    assert_eq!((deal.bout().attacker(), deal.bout().defender()), (1, 0));
    assert_eq!(deal.known(0), set("10c"));
    play(&mut deal, &[attack("6c")]);
    assert!(deal.known(1).is_empty());
    assert_eq!(deal.hand(1), set("7c 8c"));
    assert!(deal.check(defend("6c", "10c")).is_ok());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every observation of a real deal checks and names the seat to move
    /// as the deal does; the same observation with one field broken is
    /// refused in words.
    #[test]
    fn observations_of_real_deals_check_and_broken_ones_are_refused(seed in any::<u64>(), seats in 2usize..=6) {
        let deal = midway(seed, seats);
        for s in 0..seats {
            let o = deal.observe(s);
            prop_assert_eq!(o.check(), Ok(()));
            prop_assert_eq!(o.to_move(), deal.to_move());
            let mut bad = o;
            bad.hand_lens[(s + 1) % seats] += 1;
            prop_assert!(bad.check().is_err(), "one card too many");
            let mut bad = o;
            bad.public.bout.len = 6;
            bad.public.bout.limit = 6;
            prop_assert!(o.public.bout.len == 6 || bad.check().is_err(), "attacks that are not on the table");
            let mut bad = o;
            bad.public.known[(s + 1) % seats] = CardSet::of(o.public.trump_card) | o.public.known[(s + 1) % seats];
            if !o.public.known[(s + 1) % seats].contains(o.public.trump_card) {
                prop_assert!(bad.check().is_err(), "the trump card twice");
            }
        }
    }
}
