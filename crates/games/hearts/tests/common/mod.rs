//! What the tests share: a match played at random to some point.

use tabula_hearts::{Hearts, State};
use tabula_search::{Game, Rng, Turn};

/// A match played at random for `plies` plies (or to its end).
pub fn random_state(game: &Hearts, seed: u64, plies: usize) -> State {
    let mut rng = Rng::new(seed);
    let mut s = game.initial_state();
    let mut legal = Vec::new();
    for _ in 0..plies {
        let a = match game.to_move(&s) {
            Turn::Terminal => break,
            Turn::Chance => game.sample_chance(&s, &mut rng),
            Turn::Seat(_) => {
                game.legal_actions(&s, &mut legal);
                legal[rng.below(legal.len() as u64) as usize]
            }
        };
        game.apply(&mut s, a);
    }
    s
}
