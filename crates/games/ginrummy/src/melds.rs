//! Gin Rummy's melds, on the card engine's meld plugin
//! ([`tabula_cards::melds`]): the plugin's one-word path with Gin Rummy's
//! card values. Its melding is the plugin's rules for a single deck with no
//! wild card ([`MeldRules::gin_rummy`]): sets of three or four of a rank,
//! runs of three or more in a suit, the ace low only; deadwood at
//! [`VALUES`]. What the plugin finds is what the
//! rules score and the computer plays by: the partition with the least
//! deadwood (its tie order is [`OneDeckMelds::best_partition`]'s) and the
//! defender's best layoffs.
//!
//! [`MeldRules::gin_rummy`]: tabula_cards::melds::MeldRules::gin_rummy

use tabula_cards::CardSet;
use tabula_cards::melds::OneDeckMelds;
pub use tabula_cards::melds::{Layoff, MAX_HAND, MAX_MELDS, Meld, MeldKind, Partition, meldable};

use crate::cards::VALUES;

/// The one-word meld solver with Gin Rummy's values.
pub static MELDS: OneDeckMelds = OneDeckMelds::new(VALUES);

/// The partition of `hand` into disjoint melds that leaves the fewest
/// deadwood points, exactly ([`OneDeckMelds::best_partition`], whose
/// documentation gives the order among equal deadwood).
///
/// # Panics
/// When the hand has more than [`MAX_HAND`] cards, or a card id over 51.
#[inline]
pub fn best_partition(hand: CardSet) -> Partition {
    MELDS.best_partition(hand)
}

/// The deadwood points of `hand`'s [`best_partition`], without building it.
///
/// # Panics
/// When the hand has more than [`MAX_HAND`] cards, or a card id over 51.
#[inline]
pub fn deadwood(hand: CardSet) -> u32 {
    MELDS.deadwood(hand)
}

/// After a knock (not after gin, which the caller rules out), the
/// defender's own melds and its layoffs onto the knocker's melds that
/// together leave it the fewest deadwood points, exactly
/// ([`OneDeckMelds::best_layoff`]): the fourth card of a set of three, or
/// cards extending a run at either end, each card laid off extending it
/// further; the knocker's melds are not rearranged.
///
/// # Panics
/// As [`OneDeckMelds::best_layoff`].
#[inline]
pub fn best_layoff(knocker_melds: &[Meld], defender: CardSet) -> Layoff {
    MELDS.best_layoff(knocker_melds, defender)
}

#[cfg(test)]
mod tests {
    use tabula_cards::melds::MeldRules;

    use super::*;

    #[test]
    fn gin_rummys_rules_are_the_one_word_path() {
        assert_eq!(MeldRules::gin_rummy(VALUES).one_deck().as_ref(), Some(&MELDS));
    }
}
