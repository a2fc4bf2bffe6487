//! What a player does, and the chance events.

use serde::{Deserialize, Serialize};
use tabula_cards::CardId;

use crate::cards::{Cards, distinct, face};
use crate::state::Phase;

/// An action: chance's card, or a player's choice. The order of the
/// variants is the order of a player's legal actions. A player's card
/// is named by an instance it holds; the legal actions name the lower
/// instance of each face held (two 8♥ are one choice).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Chance: the next card dealt, the cut joker, the first open card, or
    /// the closed deck's top card for the player drawing.
    Deal(CardId),
    /// Draw the closed deck's top card.
    Draw,
    /// Take the open pile's top card.
    Take,
    /// Leave the deal, before drawing (20 points on the first turn, 40
    /// later; 25 and 50 in pool 201).
    Drop,
    /// Discard a card face up: the turn passes.
    Discard(CardId),
    /// Put a card on the finish slot and show the other thirteen as a
    /// declaration: a valid one wins the deal, a wrong one costs 80.
    Declare(CardId),
}

/// A player's legal actions in `phase` holding `hand`: at a draw, the
/// closed deck, the open card (when there is one) and the drop; at a
/// discard, each face held but the one just taken from the pile, and a
/// declaration on each face held.
pub fn seat_actions(phase: Phase, hand: Cards, open: bool, taken: Option<CardId>, out: &mut Vec<Action>) {
    out.clear();
    match phase {
        Phase::Draw => {
            out.push(Action::Draw);
            if open {
                out.push(Action::Take);
            }
            out.push(Action::Drop);
        }
        Phase::Discard => {
            let taken_face = taken.map(face);
            out.extend(
                distinct(hand)
                    .filter(|&c| Some(face(c)) != taken_face)
                    .map(Action::Discard),
            );
            out.extend(distinct(hand).map(Action::Declare));
        }
        Phase::Deal | Phase::StockDraw => {}
    }
}
