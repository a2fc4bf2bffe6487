//! What a page draws of a Kuhn poker hand for one seat, from its
//! observation alone: its card, the other card only once shown, the
//! betting and the pot.

use serde::Serialize;
use tabula_search::{Seat, Turn};

use crate::rules::{Action, Card, Observation};

/// A seat's view of the hand. Cards are their letters (`J`, `Q`, `K`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct KuhnView {
    /// The observing seat.
    pub seat: Seat,
    /// Its card; `null` before the deal.
    pub card: Option<String>,
    /// Whether the other seat has its card.
    pub opponent_dealt: bool,
    /// The other card, once shown at a showdown; else `null`.
    pub opponent_card: Option<String>,
    /// The betting so far, as typed (`check`, `bet`, `call`, `fold`).
    pub moves: Vec<&'static str>,
    /// Chips put in: the seat's, then the other seat's.
    pub stakes: [u8; 2],
    /// Chips in the pot.
    pub pot: u8,
    /// The seat to act; `null` at the deal and at the end.
    pub to_move: Option<Seat>,
    /// Whether this seat folded (`null` when nobody did).
    pub folded: Option<bool>,
    /// Whether the hand is over.
    pub over: bool,
}

/// A card's letter.
fn letter(card: Option<Card>) -> Option<String> {
    card.map(|c| c.letter().to_string())
}

/// An action as typed.
pub(crate) fn move_word(action: Action) -> &'static str {
    match action {
        Action::Deal(_) => "deal",
        Action::Check => "check",
        Action::Bet => "bet",
        Action::Call => "call",
        Action::Fold => "fold",
    }
}

impl KuhnView {
    /// The view of a seat's observation.
    pub fn of(o: &Observation, seat: Seat) -> Self {
        let stakes = o.line.stakes();
        KuhnView {
            seat,
            card: letter(o.card),
            opponent_dealt: o.opponent_dealt,
            opponent_card: letter(o.opponent_card),
            moves: o.line.moves().iter().map(|&a| move_word(a)).collect(),
            stakes: [stakes[seat], stakes[1 - seat]],
            pot: stakes[0] + stakes[1],
            to_move: o.turn().seat(),
            folded: o.line.folder().map(|s| s == seat),
            over: o.turn() == Turn::Terminal,
        }
    }
}
