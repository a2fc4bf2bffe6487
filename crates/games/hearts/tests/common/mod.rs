//! What the tests share: a match played at random to some point.

use tabula_hearts::{Hearts, State};

/// A match played at random for `plies` plies (or to its end).
pub fn random_state(game: &Hearts, seed: u64, plies: usize) -> State {
    tabula_conformance::random_state(game, game.initial_state(), seed, plies)
}
