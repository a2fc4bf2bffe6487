//! What the tests share: matches played at random to some point, and
//! hands dealt as a test lays them out.

#![allow(dead_code)]

use tabula_cards::CardSet;
use tabula_search::{Game, Rng, Turn};
use tabula_spades::cards::DECK;
use tabula_spades::{Action, Spades, State};

/// A match played at random for `plies` plies (or to its end); bids are
/// drawn from 1 to 4 and nil, so that hands score like real ones.
pub fn random_state(game: &Spades, seed: u64, plies: usize) -> State {
    let mut rng = Rng::new(seed);
    let mut s = game.initial_state();
    let mut legal = Vec::new();
    for _ in 0..plies {
        let a = match game.to_move(&s) {
            Turn::Terminal => break,
            Turn::Chance => game.sample_chance(&s, &mut rng),
            Turn::Seat(_) => {
                game.legal_actions(&s, &mut legal);
                if let Action::Bid(_) = legal[0] {
                    Action::Bid(rng.below(5) as u8)
                } else {
                    legal[rng.below(legal.len() as u64) as usize]
                }
            }
        };
        game.apply(&mut s, a);
    }
    s
}

/// Cards by name: `"As Kh 10d"`.
pub fn cards(names: &str) -> CardSet {
    names.split_whitespace().map(|n| DECK.parse(n).unwrap()).collect()
}

/// The first hand dealt as laid out: `hands[s]` to seat `s` (13 each).
pub fn dealt(game: &Spades, hands: [CardSet; 4]) -> State {
    let mut s = game.initial_state();
    let mut rest = hands.map(|h| h.iter().collect::<Vec<_>>());
    while game.to_move(&s) == Turn::Chance {
        let seat = s.next_recipient().unwrap();
        let card = rest[seat].remove(0);
        game.apply(&mut s, Action::Deal(card));
    }
    s
}

/// Four hands of 13: seat `s` gets suit-mixed cards `s, s+4, s+8, …` of
/// the deck, unless a test overrides them.
pub fn striped() -> [CardSet; 4] {
    let mut h = [CardSet::EMPTY; 4];
    for c in DECK.all() {
        h[usize::from(c.0) % 4].insert(c);
    }
    h
}

/// Applies actions, each checked against the legal ones.
pub fn play(game: &Spades, s: &mut State, actions: &[Action]) {
    let mut legal = Vec::new();
    for &a in actions {
        game.legal_actions(s, &mut legal);
        assert!(legal.contains(&a), "{a:?} is not legal; legal: {legal:?}");
        game.apply(s, a);
    }
}
