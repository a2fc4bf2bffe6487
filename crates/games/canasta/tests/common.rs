//! What the tests share: games under options, matches played at random,
//! and hands dealt as the test says.

#![allow(dead_code)]

use tabula_canasta::cards::{Cards, DECK};
use tabula_canasta::{Action, Canasta, CanastaOptions, Phase, State};
use tabula_cards::CardId;
use tabula_search::Game;

/// The game under the default rules.
pub fn game() -> Canasta {
    Canasta::new(CanastaOptions::default()).unwrap()
}

/// A match played at random for `plies` plies (or to its end).
pub fn random_state(game: &Canasta, seed: u64, plies: usize) -> State {
    tabula_conformance::random_state(game, game.initial_state(), seed, plies)
}

/// The next hand of `s` dealt as given: `hands[k]` to seat `k` (eleven
/// faces each), then `pile` turned (one face, or more while a wild card or
/// a red three is turned), then `stock` as the replacements the red
/// threes get, in order.
pub fn deal(game: &Canasta, s: &mut State, hands: [&str; 4], pile: &str, stock: &str) {
    let mut used = Cards::EMPTY;
    let mut take = |text: &str| -> Vec<CardId> {
        // Fresh instances of each named face, in the order named.
        let mut v = Vec::new();
        for w in text.split_whitespace() {
            let f = tabula_canasta::cards::parse_face(w).unwrap();
            let x = tabula_cards::doubled::instances(f, DECK)
                .find(|&x| !used.contains(x))
                .expect("a free instance");
            used.insert(x);
            v.push(x);
        }
        v
    };
    let mut cards: Vec<Vec<CardId>> = hands.iter().map(|h| take(h)).collect();
    for v in &mut cards {
        v.reverse();
    }
    while let Some(to) = s.next_recipient() {
        if s.phase() != Phase::Deal {
            break;
        }
        let c = cards[to].pop().expect("eleven cards for each player");
        game.apply(s, Action::Deal(c));
    }
    for c in take(pile) {
        game.apply(s, Action::Deal(c));
    }
    for c in take(stock) {
        assert!(matches!(s.phase(), Phase::Replace), "a replacement is owed");
        game.apply(s, Action::Deal(c));
    }
    assert_eq!(s.phase(), Phase::Draw);
}

/// The first hand of `game` dealt as given (see [`deal`]).
pub fn dealt(game: &Canasta, hands: [&str; 4], pile: &str, stock: &str) -> State {
    let mut s = game.initial_state();
    deal(game, &mut s, hands, pile, stock);
    s
}

/// The legal actions of `s`.
pub fn legal(game: &Canasta, s: &State) -> Vec<Action> {
    let mut v = Vec::new();
    game.legal_actions(s, &mut v);
    v
}

/// A card of `s`'s stock with face `text`, drawn by the player to act.
pub fn draw(game: &Canasta, s: &mut State, text: &str) {
    game.apply(s, Action::Draw);
    for w in text.split_whitespace() {
        let f = tabula_canasta::cards::parse_face(w).unwrap();
        let c = tabula_canasta::cards::instance_in(s.stock(), f).expect("in the stock");
        game.apply(s, Action::Deal(c));
    }
}
