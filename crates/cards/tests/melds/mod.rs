//! The meld plugin: the one-word path against a brute force over every
//! collection of melds (`word`), the general solver against the one-word
//! path and against a brute force over every partition of small hands with
//! duplicates and wild cards (`general`, against the plugin's
//! `melds::brute`), and hand-made rule
//! tests for wild cards, Canasta's limits and Indian Rummy's declaration
//! (`rules`).

mod general;
mod rules;
mod word;

use tabula_cards::CardSet;
use tabula_cards::melds::{OneDeckMelds, parse_hand};
use tabula_search::Rng;

/// Gin Rummy's values: ace 1, two to ten their number, faces 10.
const GIN: [u8; 13] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10];

/// The one-word path with those values.
static MELDS: OneDeckMelds = OneDeckMelds::new(GIN);

fn h(text: &str) -> CardSet {
    parse_hand(text).unwrap()
}

/// `n` cards drawn uniformly from `from` (all of it when it holds `n` or
/// fewer).
fn draw(from: CardSet, n: usize, rng: &mut Rng) -> CardSet {
    let mut left = from;
    for _ in 0..n {
        let Some(c) = left.random(rng) else { break };
        left.remove(c);
    }
    from - left
}
