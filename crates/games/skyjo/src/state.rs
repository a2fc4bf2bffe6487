//! The whole truth of a Skyjo game: every card's place, hidden ones
//! included ([`State`]), the piles, and the card places the tests swap.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use tabula_cards::{CardId, ConservationError, ZoneId, check_conservation};
use tabula_search::{MAX_SEATS, Seat};

use crate::rules::{CELLS, DECK_SIZE, NONE, Phase, value_of};

/// A pile of card ids, bottom first, stored inline.
#[derive(Clone, Copy)]
pub struct Pile {
    pub(crate) len: u8,
    pub(crate) cards: [u8; DECK_SIZE],
}

impl Pile {
    pub(crate) const EMPTY: Pile = Pile {
        len: 0,
        cards: [0; DECK_SIZE],
    };

    /// The cards, bottom first.
    #[inline]
    pub fn as_slice(&self) -> &[u8] {
        &self.cards[..self.len as usize]
    }

    /// How many cards.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the pile is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The top card.
    #[inline]
    pub fn top(&self) -> Option<u8> {
        self.as_slice().last().copied()
    }

    #[inline]
    pub(crate) fn push(&mut self, c: u8) {
        self.cards[self.len as usize] = c;
        self.len += 1;
    }

    #[inline]
    pub(crate) fn pop(&mut self) -> Option<u8> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.cards[self.len as usize])
    }

    pub(crate) fn from_slice(cards: &[u8]) -> Pile {
        let mut p = Pile::EMPTY;
        for &c in cards {
            p.push(c);
        }
        p
    }
}

impl PartialEq for Pile {
    fn eq(&self, other: &Pile) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Pile {}

impl std::hash::Hash for Pile {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.as_slice().hash(h);
    }
}

impl std::fmt::Debug for Pile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl Serialize for Pile {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Pile {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v: Vec<u8> = Vec::deserialize(d)?;
        if v.len() > DECK_SIZE || v.iter().any(|&c| usize::from(c) >= DECK_SIZE) {
            return Err(serde::de::Error::custom("not a pile of Skyjo cards"));
        }
        Ok(Pile::from_slice(&v))
    }
}

/// The whole truth of a game: every card's place, including hidden ones,
/// and the seed of future shuffles. Never shown to a seat: seats receive an
/// [`Observation`](crate::Observation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct State {
    pub(crate) players: u8,
    /// Card id per cell, `NONE` for a removed cell.
    pub(crate) cells: [[u8; CELLS]; MAX_SEATS],
    /// Face-up cells (bit per cell).
    pub(crate) up: [u16; MAX_SEATS],
    pub(crate) draw: Pile,
    pub(crate) discard: Pile,
    /// The drawn card, or `NONE`.
    pub(crate) hand: u8,
    pub(crate) phase: Phase,
    /// The seat to act (setup, turn, drawing, placing).
    pub(crate) seat: u8,
    /// Cells revealed in setup, per seat.
    pub(crate) setup: [u8; MAX_SEATS],
    pub(crate) closer: u8,
    /// Turns left after the closer's (once there is one).
    pub(crate) final_left: u8,
    pub(crate) prev_closer: u8,
    pub(crate) round: u16,
    pub(crate) totals: [i32; MAX_SEATS],
    pub(crate) last_round: [i32; MAX_SEATS],
    pub(crate) rounds_played: u16,
    /// Seed of the deals and reshuffles to come (hidden from every seat).
    pub(crate) seed: u64,
    pub(crate) shuffles: u32,
    /// Actions applied since the deal of the game (chance outcomes
    /// included): public.
    pub(crate) turns: u32,
    /// Turns completed in this round, setup reveals not counted (public):
    /// at [`crate::Rules::round_turn_limit`] a round nobody closed ends.
    pub(crate) round_turns: u16,
}

/// A cell of a grid in the truth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// Removed with its column.
    Removed,
    /// Face down, with its value.
    Down(i8),
    /// Face up, with its value.
    Up(i8),
}

impl State {
    /// The number of players.
    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// A cell of a seat's grid, hidden value included (the truth).
    pub fn cell(&self, seat: Seat, i: usize) -> Cell {
        let c = self.cells[seat][i];
        if c == NONE {
            Cell::Removed
        } else if self.up[seat] & (1 << i) != 0 {
            Cell::Up(value_of(c))
        } else {
            Cell::Down(value_of(c))
        }
    }

    /// The game totals after the rounds played.
    pub fn totals(&self) -> &[i32] {
        &self.totals[..self.players()]
    }

    /// The scores of the last finished round (zeros before the first).
    pub fn last_round(&self) -> &[i32] {
        &self.last_round[..self.players()]
    }

    /// Actions applied so far (chance outcomes included).
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// Turns completed in the current round (setup reveals not counted;
    /// once the game is over, those of its last round).
    pub fn round_turns(&self) -> u16 {
        self.round_turns
    }

    /// The closer of the last finished round: `None` before the first round
    /// ends, or when the turn limit ended it with nobody closing.
    pub fn last_closer(&self) -> Option<Seat> {
        (self.prev_closer != NONE).then_some(usize::from(self.prev_closer))
    }

    /// Rounds finished.
    pub fn rounds_played(&self) -> usize {
        usize::from(self.rounds_played)
    }

    /// The closer of the current round, if a player has revealed their grid.
    pub fn closer(&self) -> Option<Seat> {
        (self.closer != NONE).then_some(usize::from(self.closer))
    }

    /// Cards in the draw pile.
    pub fn draw_count(&self) -> usize {
        self.draw.len()
    }

    /// The discard pile's values, bottom first.
    pub fn discard_values(&self) -> Vec<i8> {
        self.discard.as_slice().iter().map(|&c| value_of(c)).collect()
    }

    /// The draw pile's values, bottom first (the truth).
    pub fn draw_values(&self) -> Vec<i8> {
        self.draw.as_slice().iter().map(|&c| value_of(c)).collect()
    }

    /// The drawn card's value, if a card is in hand.
    pub fn hand_value(&self) -> Option<i8> {
        (self.hand != NONE).then(|| value_of(self.hand))
    }

    /// Hidden (face-down, present) cells of a seat.
    #[inline]
    pub fn hidden_count(&self, seat: Seat) -> usize {
        (0..CELLS)
            .filter(|&i| self.cells[seat][i] != NONE && self.up[seat] & (1 << i) == 0)
            .count()
    }

    /// Every zone with its cards: the draw pile, the discard pile, the hand,
    /// and each cell of each grid.
    pub fn zones(&self) -> Vec<(ZoneId, Vec<CardId>)> {
        let ids = |s: &[u8]| s.iter().map(|&c| CardId(u16::from(c))).collect::<Vec<_>>();
        let mut z = vec![
            (ZoneId(0), ids(self.draw.as_slice())),
            (ZoneId(1), ids(self.discard.as_slice())),
        ];
        let hand: Vec<CardId> = if self.hand == NONE {
            Vec::new()
        } else {
            ids(&[self.hand])
        };
        z.push((ZoneId(2), hand));
        for s in 0..self.players() {
            for i in 0..CELLS {
                let c = self.cells[s][i];
                let v = if c == NONE { Vec::new() } else { ids(&[c]) };
                z.push((ZoneId((3 + s * CELLS + i) as u16), v));
            }
        }
        z
    }

    /// Checks that every one of the 150 cards is in exactly one zone.
    pub fn check_conservation(&self) -> Result<(), ConservationError> {
        let zones = self.zones();
        check_conservation(DECK_SIZE, zones.iter().map(|(z, c)| (*z, c.as_slice())))
    }

    /// Swaps the cards at two places, whatever they hold (for tests of what
    /// a seat can see): `Place::Cell`, the draw pile or the hand.
    pub fn swap_cards(&mut self, a: CardPlace, b: CardPlace) {
        let ca = self.card_at(a);
        let cb = self.card_at(b);
        self.set_card(a, cb);
        self.set_card(b, ca);
    }

    pub(crate) fn card_at(&self, p: CardPlace) -> u8 {
        match p {
            CardPlace::Cell(s, i) => self.cells[s][i],
            CardPlace::Draw(k) => self.draw.cards[k],
            CardPlace::Discard(k) => self.discard.cards[k],
            CardPlace::Hand => self.hand,
        }
    }

    fn set_card(&mut self, p: CardPlace, c: u8) {
        match p {
            CardPlace::Cell(s, i) => self.cells[s][i] = c,
            CardPlace::Draw(k) => self.draw.cards[k] = c,
            CardPlace::Discard(k) => self.discard.cards[k] = c,
            CardPlace::Hand => self.hand = c,
        }
    }

    /// The places a seat cannot see: face-down cells of every grid, the draw
    /// pile, and another seat's drawn card.
    pub fn unseen_places(&self, seat: Seat) -> Vec<CardPlace> {
        let mut v = Vec::new();
        for s in 0..self.players() {
            for i in 0..CELLS {
                if self.cells[s][i] != NONE && self.up[s] & (1 << i) == 0 {
                    v.push(CardPlace::Cell(s, i));
                }
            }
        }
        v.extend((0..self.draw.len()).map(CardPlace::Draw));
        if self.hand != NONE && usize::from(self.seat) != seat {
            v.push(CardPlace::Hand);
        }
        v
    }
}

/// A place that holds one card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardPlace {
    /// A cell of a seat's grid.
    Cell(Seat, usize),
    /// The `k`-th card of the draw pile from the bottom.
    Draw(usize),
    /// The `k`-th card of the discard pile from the bottom.
    Discard(usize),
    /// The drawn card.
    Hand,
}
