//! What the tests share: matches played at random, and a hand dealt as
//! the test says.

#![allow(dead_code)]

use tabula_ginrummy::cards::parse_hand;
use tabula_ginrummy::{Action, GinRummy, State};
use tabula_search::{Game, Turn};

/// A match played at random for `plies` plies (or to its end).
pub fn random_state(game: &GinRummy, seed: u64, plies: usize) -> State {
    tabula_conformance::random_state(game, game.initial_state(), seed, plies)
}

/// A hand dealt by seat 0 to `nondealer` (seat 1) and `dealer` (seat 0),
/// `upcard` turned up.
pub fn dealt(game: &GinRummy, nondealer: &str, dealer: &str, upcard: &str) -> State {
    let mut s = game.initial_state();
    let (a, b) = (parse_hand(nondealer).unwrap(), parse_hand(dealer).unwrap());
    assert_eq!((a.len(), b.len()), (10, 10));
    for (x, y) in a.iter().zip(b.iter()) {
        game.apply(&mut s, Action::Deal(x));
        game.apply(&mut s, Action::Deal(y));
    }
    game.apply(&mut s, Action::Deal(parse_hand(upcard).unwrap().lowest().unwrap()));
    s
}

/// A discard decision some turns into the first hand: `(state, seat)`.
pub fn discard_decision(game: &GinRummy, seed: u64) -> (State, usize) {
    let mut plies = 30;
    loop {
        let s = random_state(game, seed, plies);
        if let Turn::Seat(seat) = game.to_move(&s)
            && s.phase() == tabula_ginrummy::Phase::Discard
            && s.hand_no() == 0
        {
            return (s, seat);
        }
        plies += 1;
    }
}

/// A draw decision some turns into the first hand where the pile's card
/// may be taken: `(state, seat)`.
pub fn draw_decision(game: &GinRummy, seed: u64) -> (State, usize) {
    let mut plies = 30;
    let mut legal = Vec::new();
    loop {
        let s = random_state(game, seed, plies);
        if let Turn::Seat(seat) = game.to_move(&s)
            && s.phase() == tabula_ginrummy::Phase::Draw
            && s.hand_no() == 0
        {
            game.legal_actions(&s, &mut legal);
            if legal.contains(&Action::Take) {
                return (s, seat);
            }
        }
        plies += 1;
    }
}
