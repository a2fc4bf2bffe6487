//! A reference move generator, slow and plain: every conceivable move is
//! tried against the rules as written, with faces read one card at a time
//! and no masks. The fast generator, the fast legality check and the
//! application of moves are cross-checked against it on random positions.

use proptest::prelude::*;
use tabula_search::{Rng, Seat};

use super::random_deal;
use crate::bout::{CARDS, DECK, Deal, Move, Stage, ThrowIn};
use crate::card::CardId;

/// Every move of the move space: attacks, defences, transfers of any
/// cards, "take" and "pass".
fn candidates() -> Vec<Move> {
    let cards = || (0..CARDS as u16).map(CardId);
    let mut all: Vec<Move> = cards().map(Move::Attack).collect();
    all.extend(cards().flat_map(|attack| cards().map(move |with| Move::Defend { attack, with })));
    all.extend(cards().map(Move::Transfer));
    all.extend([Move::Take, Move::Pass]);
    all
}

fn beats(with: CardId, attack: CardId, deal: &Deal) -> bool {
    let trump = deal.trump();
    if DECK.suit(with) == DECK.suit(attack) {
        DECK.rank(with) > DECK.rank(attack)
    } else {
        DECK.suit(with) == trump && DECK.suit(attack) != trump
    }
}

fn teammates(deal: &Deal, a: Seat, b: Seat) -> bool {
    deal.options().teams && a != b && a % (deal.seats() / 2) == b % (deal.seats() / 2)
}

/// The first seat after `seat` that is still in and not its teammate.
fn next_opponent(deal: &Deal, seat: Seat) -> Option<Seat> {
    let n = deal.seats();
    (1..n)
        .map(|k| (seat + k) % n)
        .find(|&t| deal.in_game(t) && !teammates(deal, seat, t))
}

/// The seats that may throw in, by priority: the main attacker, then by
/// distance from the defender around the table.
fn throwers(deal: &Deal) -> Vec<Seat> {
    let (a, d, n) = (deal.bout().attacker(), deal.bout().defender(), deal.seats());
    let after_defender = (1..n).map(|k| (d + k) % n).find(|&t| deal.in_game(t));
    let mut seats: Vec<Seat> = (0..n)
        .filter(|&s| deal.in_game(s) && s != d && !teammates(deal, s, d))
        .filter(|&s| match deal.options().throw_in {
            ThrowIn::Everyone => true,
            ThrowIn::Neighbours => s == a || Some(s) == after_defender,
            ThrowIn::AttackerOnly => s == a,
        })
        .collect();
    seats.sort_by_key(|&s| if s == a { 0 } else { (s + n - d) % n });
    seats
}

/// A position read plainly, once, for [`Plain::allows`].
struct Plain<'a> {
    deal: &'a Deal,
    pairs: Vec<(CardId, Option<CardId>)>,
    on_table: Vec<CardId>,
    open: usize,
}

impl<'a> Plain<'a> {
    fn new(deal: &'a Deal) -> Self {
        let pairs: Vec<(CardId, Option<CardId>)> = deal.bout().pairs().collect();
        let on_table = pairs.iter().flat_map(|&(x, w)| [Some(x), w]).flatten().collect();
        let open = pairs.iter().filter(|p| p.1.is_none()).count();
        Plain {
            deal,
            pairs,
            on_table,
            open,
        }
    }

    /// Whether the rules allow `mv` now, read plainly.
    fn allows(&self, mv: Move) -> bool {
        let (deal, pairs, open) = (self.deal, &self.pairs, self.open);
        let b = deal.bout();
        let (a, d) = (b.attacker(), b.defender());
        let room = pairs.len() < b.limit() && open < deal.hand(d).len();
        match (b.stage(), mv) {
            (Stage::Lead, Move::Attack(card)) => deal.hand(a).contains(card),
            (Stage::Defend, Move::Defend { attack, with }) => {
                pairs.contains(&(attack, None)) && deal.hand(d).contains(with) && beats(with, attack, deal)
            }
            (Stage::Defend, Move::Take) | (Stage::Throw, Move::Pass) => true,
            (Stage::Defend, Move::Transfer(card)) => {
                let faced = pairs.len() + 1;
                deal.options().transfer
                    && !b.taking()
                    && open == pairs.len()
                    && deal.hand(d).contains(card)
                    && pairs.iter().all(|p| DECK.rank(p.0) == DECK.rank(card))
                    && faced <= b.limit()
                    && next_opponent(deal, d).is_some_and(|t| deal.hand(t).len() >= faced)
            }
            (Stage::Throw, Move::Attack(card)) => {
                room && deal.hand(b.thrower()).contains(card)
                    && self.on_table.iter().any(|&t| DECK.rank(t) == DECK.rank(card))
            }
            _ => false,
        }
    }
}

/// Checks the seat to move against the rules: the defender faces an
/// unbeaten attack unless it took; a thrower is the first in order who
/// has not passed and holds a card, with room on the table.
fn check_turn(deal: &Deal) {
    let b = deal.bout();
    let open = b.pairs().filter(|p| p.1.is_none()).count();
    match b.stage() {
        Stage::Lead => assert_eq!((b.attacks(), deal.to_move()), (0, Some(b.attacker()))),
        Stage::Defend => {
            assert!(open > 0 && !b.taking());
            assert_eq!(deal.to_move(), Some(b.defender()));
        }
        Stage::Throw => {
            assert!(open == 0 || (b.taking() && deal.options().onto_taker));
            assert!(b.attacks() < b.limit() && open < deal.hand(b.defender()).len());
            let first = throwers(deal)
                .into_iter()
                .find(|&s| !b.passed(s) && !deal.hand(s).is_empty());
            assert_eq!(deal.to_move(), first);
        }
    }
}

/// Plays random games, checking at each step the fast generator, the
/// legality check and the application of every candidate (legal ones on a
/// copy, illegal ones refused with the deal unchanged) against the
/// reference.
fn cross_check(seed: u64, seats: usize) {
    let all = candidates();
    let mut rng = Rng::new(seed);
    let mut deal = random_deal(seats, &mut rng);
    let mut fast = Vec::new();
    for _ in 0..3000 {
        if deal.outcome().is_some() {
            return;
        }
        check_turn(&deal);
        deal.legal_moves(&mut fast);
        let plain = Plain::new(&deal);
        let reference: Vec<Move> = all.iter().copied().filter(|&m| plain.allows(m)).collect();
        let mut sorted = fast.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), fast.len(), "duplicate moves in {fast:?}");
        let mut reference_sorted = reference.clone();
        reference_sorted.sort();
        assert_eq!(sorted, reference_sorted, "{deal:?}");
        for &mv in &all {
            let legal = reference.contains(&mv);
            assert_eq!(deal.check(mv).is_ok(), legal, "{mv} in {deal:?}");
            let mut copy = deal;
            match copy.apply(mv) {
                Ok(_) => {
                    assert!(legal, "{mv} applied in {deal:?}");
                    copy.check_invariants().unwrap();
                }
                Err(_) => {
                    assert!(!legal, "{mv} refused in {deal:?}");
                    assert_eq!(copy, deal);
                }
            }
        }
        let mv = fast[rng.below(fast.len() as u64) as usize];
        deal.apply(mv).unwrap();
    }
    panic!("no end after 3000 moves: {deal:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn the_fast_generator_agrees_with_the_reference(seed in any::<u64>(), seats in 2usize..=6) {
        cross_check(seed, seats);
    }
}
