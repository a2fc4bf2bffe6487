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

use super::cards::{CARDS, DECK, HAND, all_cards, beaters};
use super::centre::Stage;
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
    /// The seat to move (as [`Deal::to_move`]: every seat sees who acts);
    /// `None` once the deal is over.
    pub fn to_move(&self) -> Option<Seat> {
        if self.public.outcome.is_some() {
            return None;
        }
        let b = &self.public.bout;
        Some(match b.stage() {
            Stage::Lead => b.attacker(),
            Stage::Defend => b.defender(),
            Stage::Throw => b.thrower(),
        })
    }

    /// Checks that the observation is one a real deal could give, so
    /// that every other method may trust it (an observation from outside,
    /// a bot's say, is checked before use).
    ///
    /// # Errors
    /// The first thing that does not add up, in words.
    pub fn check(&self) -> Result<(), &'static str> {
        let p = &self.public;
        let n = usize::from(p.seats);
        let me = usize::from(self.seat);
        if !(2..=MAX_SEATS).contains(&n) || (p.options.teams && n != 4 && n != 6) {
            return Err("the number of seats does not fit the rules");
        }
        if me >= n || usize::from(self.hand_lens[me]) != self.hand.len() {
            return Err("the observer's seat or hand does not add up");
        }
        if self.hand_lens[n..].iter().any(|&l| l != 0) || p.active >> n != 0 {
            return Err("a seat beyond the table holds cards or is in");
        }
        let b = &p.bout;
        let (len, covered) = (usize::from(b.len), usize::from(b.covered));
        let limit = if p.options.first_bout_five && p.bouts == 0 {
            5
        } else {
            HAND
        };
        if [b.attacker, b.defender, b.thrower].iter().any(|&s| usize::from(s) >= n)
            || b.passed >> n != 0
            || (p.outcome.is_none() && usize::from(b.limit) != limit)
            || len > usize::from(b.limit)
            || usize::from(b.limit) > HAND
            || covered > len
        {
            return Err("the bout's seats or counts are out of range");
        }
        // A new bout's slots are cleared, and a slot is written once.
        if b.attacks[len..].iter().any(|&c| c != CardId(0)) {
            return Err("an attacking card beyond the attacks");
        }
        let mut table = CardSet::EMPTY;
        for i in 0..HAND {
            let cover = b.covers[i];
            if i >= len {
                if cover.is_some() {
                    return Err("a beating card beyond the attacks");
                }
                continue;
            }
            for c in std::iter::once(b.attacks[i]).chain(cover) {
                if usize::from(c.0) >= CARDS || table.contains(c) {
                    return Err("a card twice on the table, or not of the pack");
                }
                table.insert(c);
            }
            if cover.is_some_and(|w| !beaters(b.attacks[i], self.trump()).contains(w)) {
                return Err("a beating card that does not beat its attack");
            }
        }
        if table != b.table || b.covers[..len].iter().flatten().count() != covered {
            return Err("the table is not its pairs");
        }
        if b.stage != Stage::Throw && b.passed != 0 {
            return Err("passes outside a round of throw-ins");
        }
        let open = len - covered;
        let stage_fits = match b.stage {
            Stage::Lead => len == 0 && !b.taking,
            Stage::Defend => open > 0 && !b.taking,
            Stage::Throw => len > 0 && (b.taking || open == 0),
        };
        if !stage_fits || open > usize::from(self.hand_lens[usize::from(b.defender)]) {
            return Err("the bout's moment does not fit its table");
        }
        let active = |s: usize| p.active >> s & 1 == 1;
        if (0..n).any(|s| !active(s) && (self.hand_lens[s] != 0 || p.stock_len > 0)) {
            return Err("a seat out of the deal holds cards, or went out before the stock was drawn");
        }
        let (attacker, thrower) = (usize::from(b.attacker), usize::from(b.thrower));
        if p.outcome.is_none() && b.stage == Stage::Lead && self.hand_lens[attacker] == 0 {
            return Err("the attacker leads with no card");
        }
        if b.stage == Stage::Throw && (b.thrower == b.defender || b.passed >> thrower & 1 == 1) {
            return Err("the thrower is the defender, or has passed");
        }
        if p.outcome.is_none()
            && (b.attacker == b.defender || !active(usize::from(b.attacker)) || !active(usize::from(b.defender)))
        {
            return Err("the attacker and the defender are not two seats in the deal");
        }
        if usize::from(p.trump_card.0) >= CARDS || usize::from(p.stock_len) > CARDS {
            return Err("the trump card or the stock is out of range");
        }
        // Every card in one place: the hand, the known cards, the table,
        // the discard, and the trump card while it is in the stock.
        let mut seen = self.hand | p.discard;
        let mut placed = self.hand.len() + p.discard.len();
        for zone in std::iter::once(table).chain((0..n).filter(|&s| s != me).map(|s| p.known[s])) {
            seen = seen | zone;
            placed += zone.len();
        }
        if p.stock_len > 0 {
            seen.insert(p.trump_card);
            placed += 1;
        }
        if seen.len() != placed || !all_cards().contains_all(seen) {
            return Err("a card is in two places at once");
        }
        if !self.hand.contains_all(p.known[me]) || p.known[n..].iter().any(|k| !k.is_empty()) {
            return Err("the observer's known cards are not in its hand");
        }
        let mut hidden = usize::from(p.stock_len.saturating_sub(1));
        for s in (0..n).filter(|&s| s != me) {
            hidden += usize::from(self.hand_lens[s])
                .checked_sub(p.known[s].len())
                .ok_or("a seat is known to hold more cards than it has")?;
        }
        if hidden != self.unseen().len() {
            return Err("the hidden places and the unseen cards differ in number");
        }
        Ok(())
    }

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
