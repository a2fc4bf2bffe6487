//! What the tests share: card names, scripted deals, and matches played at
//! random to some point.

#![allow(dead_code)]

use tabula_cards::{CardId, CardSet};
use tabula_euchre::cards::DECK;
use tabula_euchre::{Action, Euchre, EuchreOptions, State};
use tabula_search::{Game, Turn};

/// The cards named (`"Js 10h Ad"`).
pub fn cards(names: &str) -> CardSet {
    names.split_whitespace().map(|n| DECK.parse(n).unwrap()).collect()
}

/// The card named.
pub fn card(name: &str) -> CardId {
    DECK.parse(name).unwrap()
}

/// Deals `hands` (seat by seat, five cards each) by chance events in the
/// deal's order, then turns up `upcard`; the other three cards stay in the
/// kitty.
pub fn deal(game: &Euchre, s: &mut State, hands: [&str; 4], upcard: &str) {
    let mut left = hands.map(cards);
    while let Some(seat) = s.next_recipient() {
        let c = left[seat].lowest().expect("five cards a hand");
        left[seat].remove(c);
        tabula_search::play(game, s, Action::Deal(c)).unwrap();
    }
    tabula_search::play(game, s, Action::TurnUp(card(upcard))).unwrap();
    assert_eq!(game.to_move(s), Turn::Seat((s.dealer() + 1) % 4));
}

/// Every combination of the two house rules, at `end_score`.
pub fn every_option(end_score: u32) -> Vec<EuchreOptions> {
    let mut out = Vec::new();
    for stick_the_dealer in [true, false] {
        for defender_alone in [false, true] {
            out.push(EuchreOptions {
                end_score,
                stick_the_dealer,
                defender_alone,
            });
        }
    }
    out
}

/// A match played at random for `plies` plies (or to its end).
pub fn random_state(game: &Euchre, seed: u64, plies: usize) -> State {
    tabula_conformance::random_state(game, game.initial_state(), seed, plies)
}
