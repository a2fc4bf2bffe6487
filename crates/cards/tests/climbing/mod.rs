//! The climbing plugin: the generator against the slow reference on
//! three rulesets (every hand of a small one, random and dense hands of
//! Dou Dizhu's and Guandan's shapes), the bomb order, the rules' checks,
//! invariants under proptest, and the flow of a trick.

mod generate;
mod guandan;
mod rulesets;
mod trick;

use tabula_cards::climbing::Counts;
use tabula_search::Rng;

/// `n` cards drawn uniformly from a deck of `deck[r]` cards of each rank
/// `r` (at most the deck's size).
pub fn draw(rng: &mut Rng, deck: &[u8], n: usize) -> Counts {
    let mut cards: Vec<u8> = (0..deck.len() as u8)
        .flat_map(|r| std::iter::repeat_n(r, usize::from(deck[usize::from(r)])))
        .collect();
    rng.shuffle(&mut cards);
    cards.iter().take(n).fold(Counts::EMPTY, |c, &r| c.plus(r, 1))
}

/// `lo` to `hi` cards (uniformly many) drawn from `deck`.
pub fn deal(rng: &mut Rng, deck: &[u8], lo: usize, hi: usize) -> Counts {
    let n = lo + rng.below((hi - lo + 1) as u64) as usize;
    draw(rng, deck, n)
}

/// `deck` with only the ranks of `keep` (one bit per rank) left in it.
pub fn only(deck: &[u8], keep: u32) -> Vec<u8> {
    deck.iter()
        .enumerate()
        .map(|(r, &k)| if keep >> r & 1 == 1 { k } else { 0 })
        .collect()
}
