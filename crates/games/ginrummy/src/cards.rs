//! The 52-card deck as Gin Rummy reads it: the meld plugin's ace-low
//! layout (re-exported from [`tabula_cards::melds::layout`], where each
//! suit's thirteen cards are one contiguous run of bits, so that a run of
//! cards is a run of bits) and the deadwood value of each card, which is
//! Gin Rummy's own rule.
//!
//! Card `suit * 13 + rank`, with the suits in clubs, diamonds, hearts,
//! spades order and rank 0 the ace, 1 the two … 9 the ten, 10 the jack,
//! 11 the queen and 12 the king: A♣ is card 0, K♣ card 12, A♦ card 13, K♠
//! card 51.

use tabula_cards::{CardId, CardSet};
use tabula_search::Rng;

pub use tabula_cards::melds::layout::{
    DECK, HandError, NUM_CARDS, RANKS, card, name, names, parse, parse_hand, rank, rank_cards, suit_cards, suit_of,
};

/// The deadwood value of each rank, the ace first: the ace 1, two to ten
/// their number, jack, queen and king 10.
pub const VALUES: [u8; 13] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10];

/// A card's deadwood value: the ace 1, two to ten their number, jack,
/// queen and king 10.
#[inline]
pub fn value(card: CardId) -> u32 {
    u32::from(VALUES[usize::from(rank(card))])
}

/// The deadwood points of a set of cards: the sum of their values.
#[inline]
pub fn points(cards: CardSet) -> u32 {
    cards.iter().map(value).sum()
}

/// The cards that make a partial meld with `card`: the other three of its
/// rank, and the cards of its suit one or two ranks away. What the plain
/// player keeps together, what a discard can give the other seat, and
/// what a seat's discards say it does not hold.
#[inline]
pub fn partners(card: CardId) -> CardSet {
    let r = u32::from(rank(card));
    let (low, high) = (r.saturating_sub(2), (r + 2).min(12));
    let near = ((1u64 << (high - low + 1)) - 1) << low;
    (rank_cards(rank(card)) | (suit_cards(suit_of(card)) & CardSet(near << (13 * (suit_of(card) as u32)))))
        - CardSet::of(card)
}

/// `n` cards drawn uniformly from `from` (all of it when it holds `n` or
/// fewer).
pub fn draw(from: CardSet, n: usize, rng: &mut Rng) -> CardSet {
    let mut left = from;
    let mut out = CardSet::EMPTY;
    for _ in 0..n {
        let Some(c) = left.random(rng) else { break };
        left.remove(c);
        out.insert(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partners_are_the_rank_and_the_suit_two_either_side() {
        let p = |c: &str| names(partners(parse(c).unwrap()));
        assert_eq!(p("Ac"), names(parse_hand("2c 3c Ad Ah As").unwrap()));
        assert_eq!(p("7h"), names(parse_hand("5h 6h 8h 9h 7c 7d 7s").unwrap()));
        assert_eq!(p("Ks"), names(parse_hand("Js Qs Kc Kd Kh").unwrap()));
    }

    #[test]
    fn values_count_the_ace_low_and_faces_ten() {
        assert_eq!(
            [
                value(card(0, tabula_cards::french::Suit::Hearts)),
                value(parse("9d").unwrap()),
                value(parse("Kd").unwrap())
            ],
            [1, 9, 10]
        );
        assert_eq!(points(DECK), 4 * (45 + 40));
    }
}
