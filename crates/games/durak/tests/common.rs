//! What the tests share: games under several options, random matches,
//! cards by name.

use tabula_cards::CardId;
use tabula_cards::bout::DECK;
use tabula_durak::*;
use tabula_search::{Game, Rng, Turn};

/// Durak for `players` with `deals` deals, the other options default.
pub fn game(players: u8, deals: u32) -> Durak {
    Durak::new(DurakOptions {
        players,
        deals,
        ..DurakOptions::default()
    })
    .unwrap()
}

/// A card by name (`7s`, `10h`, `As`).
pub fn c(name: &str) -> CardId {
    DECK.parse(name).unwrap()
}

/// Plays `plies` random actions (chance included) from the start, or
/// fewer when the match ends first.
pub fn random_state(g: &Durak, seed: u64, plies: usize) -> State {
    let mut rng = Rng::new(seed);
    let mut s = g.initial_state();
    let mut legal = Vec::new();
    for _ in 0..plies {
        let a = match g.to_move(&s) {
            Turn::Terminal => break,
            Turn::Chance => g.sample_chance(&s, &mut rng),
            _ => {
                g.legal_actions(&s, &mut legal);
                *rng.choose(&legal).unwrap()
            }
        };
        g.apply(&mut s, a);
    }
    s
}

/// Deals the pack in this order (the 36 cards, top first) from the start
/// of a deal.
pub fn deal_order(g: &Durak, s: &mut State, order: &[CardId]) {
    for &card in order {
        assert_eq!(g.to_move(s), Turn::Chance);
        g.apply(s, Action::Deal(card));
    }
}

/// The pack in card order.
pub fn pack() -> Vec<CardId> {
    (0..36).map(CardId).collect()
}
