//! Level 0, the plain reference player: sound, simple and easy to beat
//! for a good player, kept in the ladder as the yardstick the levels above
//! are measured against (issue 28's "plain, sound heuristic").
//!
//! - **Draw**: take the pile's card only when it completes or extends a
//!   meld (it is in a meld of the hand's best partition once taken);
//!   otherwise draw from the stock (or pass the first upcard).
//! - **Discard**: the highest-valued deadwood card that is in no partial
//!   meld (a pair of a rank, or two cards of a suit at most two apart);
//!   when every deadwood card is in one, the highest-valued deadwood card;
//!   ties to the higher card. Never the card just taken from the pile.
//! - **Knock** as soon as it may, with the discard that leaves the least
//!   deadwood (gin whenever it can).

use tabula_cards::{CardId, CardSet};

use crate::actions::Action;
use crate::cards::{partners, rank, value};
use crate::melds::{best_partition, deadwood};
use crate::state::Phase;

use super::policy::View;

/// Whether `card` makes a partial meld with another card of `hand`.
fn in_partial_meld(card: CardId, hand: CardSet) -> bool {
    !(partners(card) & hand).is_empty()
}

/// The highest-valued of `cards`, ties to the higher rank and card.
fn highest(cards: impl Iterator<Item = CardId>) -> Option<CardId> {
    cards.max_by_key(|&c| (value(c), rank(c), c))
}

/// The plain player's discard from `hand` (not `keep`, the card just
/// taken): the highest deadwood card in no partial meld, else the highest
/// deadwood card, else (every card melds) the highest card.
pub fn plain_discard(hand: CardSet, keep: Option<CardId>) -> CardId {
    let may = hand - keep.map_or(CardSet::EMPTY, CardSet::of);
    let dead = best_partition(hand).deadwood() & may;
    let lone = dead.iter().filter(|&c| !in_partial_meld(c, hand));
    highest(lone)
        .or_else(|| highest(dead.iter()))
        .or_else(|| highest(may.iter()))
        .expect("a card to discard")
}

/// The plain player's action among `legal` from `view`.
///
/// # Panics
/// When `legal` is empty.
pub fn plain_action(view: &View, legal: &[Action]) -> Action {
    if legal.contains(&Action::BigGin) {
        return Action::BigGin;
    }
    match view.phase {
        Phase::Offer | Phase::Draw => {
            let melds = view
                .top
                .is_some_and(|top| !best_partition(view.hand | CardSet::of(top)).deadwood().contains(top));
            if melds && legal.contains(&Action::Take) {
                Action::Take
            } else {
                *legal
                    .iter()
                    .find(|a| matches!(a, Action::DrawStock | Action::Pass))
                    .unwrap_or(&legal[0])
            }
        }
        _ => {
            let knock = legal
                .iter()
                .filter_map(|&a| match a {
                    Action::Knock(c) => Some((deadwood(view.hand - CardSet::of(c)), std::cmp::Reverse(value(c)), a)),
                    _ => None,
                })
                .min();
            if let Some((_, _, k)) = knock {
                return k;
            }
            // The card just taken from the pile is the one without a discard.
            let keep = view.hand.iter().find(|&c| !legal.contains(&Action::Discard(c)));
            let card = plain_discard(view.hand, keep);
            debug_assert!(legal.contains(&Action::Discard(card)));
            Action::Discard(card)
        }
    }
}
