//! What the tests share: games under options, matches played at random,
//! and deals dealt as the test says.

#![allow(dead_code)]

use tabula_cards::CardId;
use tabula_indianrummy::cards::{Cards, instance_in, instances, parse_cards, parse_face};
use tabula_indianrummy::{Action, Format, IndianOptions, IndianRummy, Phase, State};
use tabula_search::{Game, Turn};

/// The game for `players` in `format`, other options at their defaults.
pub fn game(players: u8, format: Format) -> IndianRummy {
    IndianRummy::new(IndianOptions {
        players,
        format,
        ..IndianOptions::default()
    })
    .unwrap()
}

/// A match played at random for `plies` plies (or to its end).
pub fn random_state(game: &IndianRummy, seed: u64, plies: usize) -> State {
    tabula_conformance::random_state(game, game.initial_state(), seed, plies)
}

/// Deals the next deal of `s` as given: `hands[k]` to player `k` (13
/// faces each; empty for a player out of the match), then `cut` as the
/// cut joker and `open` as the first open card.
pub fn deal(game: &IndianRummy, s: &mut State, hands: &[&str], cut: &str, open: &str) {
    let mut used = Cards::EMPTY;
    let mut take = |text: &str| -> Vec<CardId> {
        let mut v = Vec::new();
        for w in text.split_whitespace() {
            let f = parse_face(w).unwrap();
            let c = instances(f)
                .into_iter()
                .find(|&c| !used.contains(c))
                .expect("a free instance");
            used.insert(c);
            v.push(c);
        }
        v
    };
    let mut cards: Vec<Vec<CardId>> = hands.iter().map(|h| take(h)).collect();
    for v in &mut cards {
        v.reverse();
    }
    while let Some(to) = s.next_recipient() {
        let c = cards[to].pop().expect("13 cards for each player in");
        game.apply(s, Action::Deal(c));
    }
    game.apply(s, Action::Deal(take(cut)[0]));
    game.apply(s, Action::Deal(take(open)[0]));
    assert_eq!(s.phase(), Phase::Draw);
}

/// The first deal of `game` dealt as given (see [`deal`]).
pub fn dealt(game: &IndianRummy, hands: &[&str], cut: &str, open: &str) -> State {
    let mut s = game.initial_state();
    deal(game, &mut s, hands, cut, open);
    s
}

/// Draws `card` (a face) from the closed deck for the player to act.
pub fn draw(game: &IndianRummy, s: &mut State, card: &str) {
    game.apply(s, Action::Draw);
    let f = parse_face(card).unwrap();
    let c = instances(f)
        .into_iter()
        .find(|&c| s.stock().contains(c))
        .expect("in the closed deck");
    game.apply(s, Action::Deal(c));
}

/// `make` on the lower instance of `card` held by the player to act.
pub fn held(s: &State, card: &str, make: fn(CardId) -> Action) -> Action {
    let f = parse_face(card).unwrap();
    make(instance_in(s.hands()[s.to_act()], f).expect("held"))
}

/// A hand written as faces.
pub fn hand(text: &str) -> Cards {
    parse_cards(text).unwrap()
}

/// A decision of `phase` some turns into the first deal: `(state, seat)`.
pub fn decision(game: &IndianRummy, phase: Phase, seed: u64) -> (State, usize) {
    for plies in 40..600 {
        let s = random_state(game, seed, plies);
        if let Turn::Seat(seat) = game.to_move(&s)
            && s.phase() == phase
            && s.deal_no() == 0
        {
            return (s, seat);
        }
    }
    decision(game, phase, seed + 1000)
}

/// Twelve ordinary cards no test hand uses, to fill a hand to 13.
pub const FILLER: &str = "2c 4d 6s 8h 10c Qd 2s 4h 6c 8d 10s Qh";

/// A two-player first deal: South (seat 0, the dealer) gets `south`, West
/// (seat 1, to play first) `west`; sixes wild (the cut 6♣), the open card
/// `open`.
pub fn two(game: &IndianRummy, west: &str, south: &str, open: &str) -> State {
    dealt(game, &[south, west], "6c", open)
}

/// The points format with `deals` deals.
pub fn points(players: u8, deals: u32) -> IndianRummy {
    IndianRummy::new(IndianOptions {
        players,
        format: Format::Points,
        deals,
        rejoin: false,
    })
    .unwrap()
}
