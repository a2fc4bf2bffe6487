//! The public part of a deal: what every seat knows, held once by the
//! deal and copied whole into each seat's observation (the split Euchre's
//! `Public` follows), so that no field is listed twice and nothing hidden
//! can slip into an observation by a copy.

use serde::{Deserialize, Serialize};

use super::cards::HAND;
use super::centre::Bout;
use super::moves::{Options, Outcome};
use crate::card::CardId;
use crate::set::CardSet;

/// The most seats at a durak table.
pub const MAX_SEATS: usize = 6;

/// What every seat knows of a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Public {
    /// The house rules.
    pub options: Options,
    /// The number of seats (out or in).
    pub seats: u8,
    /// The cards each seat is known to hold: what it picked up from the
    /// table and has not played since, and the turned-up trump if it drew
    /// it last (or, with six seats, was dealt it).
    pub known: [CardSet; MAX_SEATS],
    /// Cards in the stock, the turned-up trump among them while it is.
    pub stock_len: u8,
    /// The turned-up card, whose suit is trumps.
    pub trump_card: CardId,
    /// The cards beaten off (face down, but every seat saw them go).
    pub discard: CardSet,
    /// Bit `s`: seat `s` is still in the deal.
    pub active: u8,
    /// The table's centre.
    pub bout: Bout,
    /// Bouts finished in this deal.
    pub bouts: u16,
    /// How the deal ended, once it has.
    pub outcome: Option<Outcome>,
}

impl Public {
    /// A deal's public part before anything is known or played: every
    /// seat in, an empty stock and discard, no bout yet.
    pub(super) fn empty(options: Options, seats: usize, trump_card: CardId) -> Public {
        Public {
            options,
            seats: seats as u8,
            known: [CardSet::EMPTY; MAX_SEATS],
            stock_len: 0,
            trump_card,
            discard: CardSet::EMPTY,
            active: ((1u16 << seats) - 1) as u8,
            bout: Bout::new(0, 1, HAND),
            bouts: 0,
            outcome: None,
        }
    }
}
