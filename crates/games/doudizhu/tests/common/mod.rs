//! What the tests share: matches played at random, a deal dealt as the
//! test says, positions of the play.

#![allow(dead_code)]

use tabula_cards::CardSet;
use tabula_doudizhu::cards::{DECK, cards_from, parse_counts};
use tabula_doudizhu::*;
use tabula_search::Game;

/// A match played at random for `plies` plies (or to its end).
pub fn random_state(game: &DouDizhu, seed: u64, plies: usize) -> State {
    tabula_conformance::random_state(game, game.initial_state(), seed, plies)
}

/// The cards of `ranks`, the lowest suits not in `taken`.
pub fn cards(ranks: &str, taken: CardSet) -> CardSet {
    cards_from(parse_counts(ranks).unwrap(), CardSet(DECK.0 & !taken.0)).expect("cards left of each rank")
}

/// A deal dealt from `s` (a state before its deal): seats 0, 1 and 2 get
/// `hands` (17 ranks each), the kitty is `kitty` (3 ranks).
pub fn deal(game: &DouDizhu, s: &mut State, hands: [&str; 3], kitty: &str) {
    let mut taken = CardSet::EMPTY;
    let sets: Vec<Vec<tabula_cards::CardId>> = hands
        .iter()
        .map(|h| {
            let c = cards(h, taken);
            taken = CardSet(taken.0 | c.0);
            assert_eq!(c.len(), 17, "17 cards in {h}");
            c.iter().collect()
        })
        .collect();
    assert_eq!(cards(kitty, taken).len(), 3);
    deal_in_order(game, s, &sets);
}

/// A deal dealt from `s` (a state before its deal): each seat gets its
/// cards in the order given (17 each).
pub fn deal_in_order(game: &DouDizhu, s: &mut State, sets: &[Vec<tabula_cards::CardId>]) {
    let mut next = [0usize; 3];
    while s.phase() == Phase::Deal {
        let to = s.next_recipient().unwrap();
        game.apply(s, Action::Deal(sets[to][next[to]]));
        next[to] += 1;
    }
}

/// The combination of `ranks` (one reading).
pub fn combo(ranks: &str) -> Combo {
    let mut v = Vec::new();
    tabula_doudizhu::moves::classify(parse_counts(ranks).unwrap(), true, &mut v);
    v[0]
}

/// The play of `ranks`.
pub fn play(ranks: &str) -> Action {
    Action::Play(combo(ranks))
}

/// A play-phase position: hands as ranks, the landlord, the seat to act,
/// and who played what last.
pub fn position(
    game: &DouDizhu,
    hands: [&str; 3],
    landlord: usize,
    to_act: usize,
    last: Option<(usize, &str)>,
) -> State {
    let mut setup = PlaySetup::from_ranks(hands, landlord, to_act).unwrap();
    if let Some((by, ranks)) = last {
        setup = setup.with_last(by, ranks).unwrap();
    }
    game.position(&setup).unwrap()
}

/// A state as JSON without its hidden order keys: the card placement and
/// everything else, for comparing a world with the truth.
pub fn without_keys(s: &State) -> serde_json::Value {
    let mut v = serde_json::to_value(s).unwrap();
    v.as_object_mut()
        .unwrap()
        .remove("order")
        .expect("the keys are a field");
    v
}
