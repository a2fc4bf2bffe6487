//! Properties of random play from random deals of 2 to 6 seats with
//! random options.

use proptest::prelude::*;
use tabula_search::Rng;

use super::random_deal;
use crate::bout::{CARDS, Deal, Event, Move, Outcome, Stage};
use crate::set::CardSet;

/// More moves than any random deal needs (a few hundred in practice): a
/// deal that has not ended by then is taken as one that never ends.
const MOVE_CAP: usize = 20_000;

/// The table once `mv` is played on `before`.
fn table_at_the_end(before: &Deal, mv: Move) -> CardSet {
    let mut table = before.bout().table();
    if let Move::Attack(c) | Move::Transfer(c) | Move::Defend { with: c, .. } = mv {
        table.insert(c);
    }
    table
}

/// Plays a random deal to its end, calling `each` before every move, and
/// returns the final deal and the moves played.
fn playout(seed: u64, seats: usize, mut each: impl FnMut(&Deal, Move, Event)) -> (Deal, Vec<Move>) {
    let mut rng = Rng::new(seed);
    let mut deal = random_deal(seats, &mut rng);
    let mut moves = Vec::new();
    let mut played = Vec::new();
    while deal.to_move().is_some() {
        assert!(played.len() < MOVE_CAP, "no end after {MOVE_CAP} moves: {deal:?}");
        deal.legal_moves(&mut moves);
        assert!(!moves.is_empty(), "no legal move in {deal:?}");
        let mv = moves[rng.below(moves.len() as u64) as usize];
        let before = deal;
        let event = deal.apply(mv).unwrap();
        each(&before, mv, event);
        deal.check_invariants()
            .unwrap_or_else(|e| panic!("{e} after {mv} in {before:?}"));
        played.push(mv);
    }
    (deal, played)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Every deal ends; at every step the hands, the stock, the table and
    /// the discard hold the 36 cards once each, the table never holds more
    /// attacks than the limit or more unbeaten ones than the defender
    /// holds (all in `check_invariants`); the same seed plays the same
    /// deal.
    #[test]
    fn random_play_ends_and_keeps_the_invariants(seed in any::<u64>(), seats in 2usize..=6) {
        let (end, played) = playout(seed, seats, |_, _, _| {});
        let outcome = end.outcome().unwrap();
        let holding: Vec<usize> = (0..seats).filter(|&s| !end.hand(s).is_empty()).collect();
        match outcome {
            Outcome::Durak(s) => prop_assert_eq!(holding, vec![s]),
            Outcome::DurakTeam(a, b) => {
                prop_assert!(!holding.is_empty() && holding.iter().all(|&s| s == a || s == b));
            }
            Outcome::Draw => prop_assert!(holding.is_empty()),
        }
        prop_assert_eq!(end.stock_len(), 0);
        prop_assert_eq!(end.discard().len() + (0..seats).map(|s| end.hand(s).len()).sum::<usize>(), CARDS);
        let (again, replayed) = playout(seed, seats, |_, _, _| {});
        prop_assert_eq!(again, end);
        prop_assert_eq!(replayed, played);
    }

    /// The bout's end does what its event says: beaten off, the table goes
    /// to the discard and the defender (if still in) leads; taken, the
    /// table goes to the defender's hand, known there, and the next seat
    /// in leads; a seat goes out only with no card and no stock; hands
    /// are refilled to six while the stock lasts.
    #[test]
    fn the_end_of_a_bout_moves_the_table_and_the_lead(seed in any::<u64>(), seats in 2usize..=6) {
        playout(seed, seats, |before, mv, event| {
            if event == Event::Played {
                return;
            }
            let mut after = *before;
            after.apply(mv).unwrap();
            let d = before.bout().defender();
            let table = table_at_the_end(before, mv);
            let taken = event == Event::Taken;
            assert_eq!(taken, before.bout().taking() || mv == Move::Take);
            if taken {
                assert!(after.hand(d).contains_all(table) && after.known(d).contains_all(table));
            } else {
                assert!(after.discard().contains_all(table));
            }
            for s in 0..seats {
                let out = before.in_game(s) && !after.in_game(s);
                assert_eq!(out, before.in_game(s) && after.hand(s).is_empty());
                assert!(!out || after.stock_len() == 0);
                if after.in_game(s) && after.stock_len() > 0 {
                    assert!(after.hand(s).len() >= 6);
                }
            }
            if after.outcome().is_none() {
                let lead = after.bout().attacker();
                let expected = if !taken && after.in_game(d) { d } else { after.next_in(d) };
                assert_eq!(lead, expected);
                assert_eq!(after.bout().stage(), Stage::Lead);
                assert_eq!(after.bout().defender(), after.next_opponent(lead).unwrap());
            }
        });
    }
}

/// The refill is in order: every seat drawing from the stock takes the
/// top cards in turn, the main attacker first, then around from the
/// defender's other side, the defender last.
#[test]
fn refills_take_the_stock_from_the_top_in_order() {
    for seed in 0..200 {
        playout(seed, 2 + (seed % 5) as usize, |before, mv, event| {
            if event == Event::Played || before.stock_len() == 0 {
                return;
            }
            let mut after = *before;
            after.apply(mv).unwrap();
            let (a, d, n) = (before.bout().attacker(), before.bout().defender(), before.seats());
            let order = std::iter::once(a)
                .chain((1..n).map(|k| (d + k) % n).filter(|&t| t != a))
                .chain([d]);
            let mut stock = before.stock();
            for s in order {
                let drawn = after.hand(s) - before.hand(s) - table_at_the_end(before, mv);
                let expected: CardSet = stock.by_ref().take(drawn.len()).collect();
                assert_eq!(drawn, expected, "seat {s}");
            }
        });
    }
}

/// The legal moves go into the caller's vector: once it has room for the
/// largest set, a whole deal allocates nothing there (a state is `Copy`,
/// so copy-make allocates nothing either).
#[test]
fn legal_moves_reuse_the_callers_vector() {
    fn copy<T: Copy>() {}
    copy::<Deal>();
    assert!(std::mem::size_of::<Deal>() <= 320, "{}", std::mem::size_of::<Deal>());
    let mut moves: Vec<Move> = Vec::with_capacity(256);
    let (pointer, capacity) = (moves.as_ptr(), moves.capacity());
    for seed in 0..50 {
        let mut rng = Rng::new(seed);
        let mut deal = random_deal(2 + (seed % 5) as usize, &mut rng);
        while deal.to_move().is_some() {
            deal.legal_moves(&mut moves);
            assert!((moves.as_ptr(), moves.capacity()) == (pointer, capacity));
            let mut next = deal;
            next.apply(moves[rng.below(moves.len() as u64) as usize]).unwrap();
            deal = next;
        }
    }
}
