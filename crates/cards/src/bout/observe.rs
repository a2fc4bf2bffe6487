//! What one seat observes of a deal, and the worlds consistent with it.
//!
//! Everything on the table is public, and so is everything that was: the
//! discard (every seat saw it beaten off), the turned-up trump, each
//! hand's size and the stock's. Hands are private, except the cards a
//! seat picked up from the table (everyone saw them go to it) and the
//! trump it drew last: [`Deal::known`] keeps those per seat, and an
//! observation carries them, so that a determinization deals only the
//! rest ([`Observation::unseen`], [`Observation::world`]).

use serde::{Deserialize, Serialize};
use tabula_search::Seat;

use super::cards::{DECK, all_cards};
use super::deal::Deal;
use super::moves::SetupError;
use super::public::{MAX_SEATS, Public};
use crate::card::CardId;
use crate::card::french::Suit;
use crate::set::CardSet;

/// One seat's view of a deal: equal for two deals that differ only in
/// cards this seat cannot see.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Observation {
    /// The observing seat.
    pub seat: u8,
    /// The observer's own hand.
    pub hand: CardSet,
    /// Each seat's number of cards.
    pub hand_lens: [u8; MAX_SEATS],
    /// What every seat knows.
    pub public: Public,
}

impl Deal {
    /// What `seat` observes.
    pub fn observe(&self, seat: Seat) -> Observation {
        Observation {
            seat: seat as u8,
            hand: self.hands[seat],
            hand_lens: std::array::from_fn(|s| self.hands[s].len() as u8),
            public: self.public,
        }
    }
}

impl Observation {
    /// Trumps.
    pub fn trump(&self) -> Suit {
        DECK.suit(self.public.trump_card)
    }

    /// The cards whose place the observer does not know: in another
    /// seat's hand beyond its known cards, or in the stock above the
    /// turned-up trump.
    pub fn unseen(&self) -> CardSet {
        let p = &self.public;
        let mut seen = self.hand | p.discard | p.bout.table();
        for k in p.known {
            seen = seen | k;
        }
        if p.stock_len > 0 {
            seen.insert(p.trump_card);
        }
        all_cards() - seen
    }

    /// How many unseen cards seat `seat` holds (none for the observer).
    pub fn hidden(&self, seat: Seat) -> usize {
        if seat == usize::from(self.seat) {
            0
        } else {
            usize::from(self.hand_lens[seat]) - self.public.known[seat].len()
        }
    }

    /// How many unseen cards the stock holds (all but the trump card).
    pub fn hidden_stock(&self) -> usize {
        usize::from(self.public.stock_len.saturating_sub(1))
    }

    /// The deal this observation comes from if the hands are `hands` (one
    /// per seat) and the stock is `stock` (drawing order, the trump card
    /// last): a world for a search to play in.
    ///
    /// # Errors
    /// When the world does not fit the observation: the observer's hand,
    /// a hand's size, a known card, the stock's size or last card, or the
    /// 36 cards once each.
    pub fn world(&self, hands: &[CardSet], stock: &[CardId]) -> Result<Deal, SetupError> {
        let seats = usize::from(self.public.seats);
        if hands.len() != seats || hands[usize::from(self.seat)] != self.hand {
            return Err(SetupError::Cards("the observer's hand is not its own"));
        }
        if (0..seats).any(|s| hands[s].len() != usize::from(self.hand_lens[s])) {
            return Err(SetupError::Cards("a hand has the wrong number of cards"));
        }
        if stock.len() != usize::from(self.public.stock_len) {
            return Err(SetupError::Cards("the stock has the wrong number of cards"));
        }
        Deal::assemble(&self.public, hands, stock)
    }
}
