//! The bout plugin's tests: rules on hand-made positions (`rules`,
//! `options`), a plain reference generator cross-checked against the fast
//! one and property tests over random deals (`props`), and the
//! observation side (`observe`). This file holds what they share.

mod observe;
mod options;
mod props;
mod reference;
mod rules;

use tabula_search::{Rng, Seat};

use crate::bout::{DECK, Deal, Event, Move, Options, Position, ThrowIn};
use crate::card::CardId;
use crate::set::CardSet;

/// A card by name (`7s`, `10h`, `Ac`).
fn c(name: &str) -> CardId {
    DECK.parse(name).unwrap()
}

/// Cards by name, separated by spaces.
fn set(names: &str) -> CardSet {
    names.split_whitespace().map(c).collect()
}

/// A position at the start of a bout (not the deal's first): the given
/// hands and stock (drawing order), everything else beaten off; `trump`
/// is the turned-up card.
fn position(options: Options, hands: &[&str], stock: &str, trump: &str, attacker: Seat) -> Deal {
    position_at(5, options, hands, stock, trump, attacker)
}

/// [`position`] after `bouts` bouts.
fn position_at(bouts: u16, options: Options, hands: &[&str], stock: &str, trump: &str, attacker: Seat) -> Deal {
    let hands: Vec<CardSet> = hands.iter().map(|h| set(h)).collect();
    let stock: Vec<CardId> = stock.split_whitespace().map(c).collect();
    let mut discard = DECK.all() - stock.iter().copied().collect::<CardSet>();
    for &h in &hands {
        discard = discard - h;
    }
    Deal::from_position(&Position {
        options,
        hands: &hands,
        stock: &stock,
        trump_card: c(trump),
        discard,
        known: &[],
        attacker,
        bouts,
    })
    .unwrap()
}

/// Applies moves that must be legal, and returns the last event.
fn play(deal: &mut Deal, moves: &[Move]) -> Event {
    let mut last = Event::Played;
    for &mv in moves {
        last = deal.apply(mv).unwrap_or_else(|e| panic!("{e} in {deal:?}"));
        deal.check_invariants().unwrap();
    }
    last
}

/// The legal moves now.
fn legal(deal: &Deal) -> Vec<Move> {
    let mut out = Vec::new();
    deal.legal_moves(&mut out);
    out
}

/// Random options: every option varied, teams only where they fit.
fn random_options(rng: &mut Rng, seats: usize) -> Options {
    Options {
        transfer: rng.below(2) == 1,
        throw_in: [ThrowIn::Everyone, ThrowIn::Neighbours, ThrowIn::AttackerOnly][rng.below(3) as usize],
        onto_taker: rng.below(2) == 1,
        first_bout_five: rng.below(2) == 1,
        teams: (seats == 4 || seats == 6) && rng.below(2) == 1,
    }
}

/// A random deal of `seats` with random options and a random dealer.
fn random_deal(seats: usize, rng: &mut Rng) -> Deal {
    let options = random_options(rng, seats);
    let dealer = rng.below(seats as u64) as usize;
    Deal::shuffled(options, seats, dealer, None, rng).unwrap()
}

/// Shorthands for moves.
fn attack(name: &str) -> Move {
    Move::Attack(c(name))
}

fn defend(attack: &str, with: &str) -> Move {
    Move::Defend {
        attack: c(attack),
        with: c(with),
    }
}
