//! The twelve physical cards of MiniWhist on the card engine: instances are
//! the engine's [`CardId`] 0–11, hands its [`CardSet`], and [`MiniDeck`]
//! (the constant [`DECK`]) is the game's face mapping and its reading of
//! the cards for the trick plugin ([`Suits`]).
//!
//! Ids `2k` and `2k + 1` share face `k` (docs/design.md, *Cards*). Rules
//! read faces; zones, serialisation and replays use ids.

use std::fmt;

use serde::{Deserialize, Serialize};
use tabula_cards::CardSetIter;
use tabula_cards::tricks::Suits;

pub use tabula_cards::{CardId, CardSet};

/// The number of physical cards.
pub const NUM_CARDS: usize = 12;

/// The two suits, numbered for the trick plugin as their index (a void in
/// spades is bit 0, in hearts bit 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Suit {
    /// ♠: card ids 0–5.
    Spades,
    /// ♥: card ids 6–11.
    Hearts,
}

impl Suit {
    /// Both suits, in index order.
    pub const ALL: [Suit; 2] = [Suit::Spades, Suit::Hearts];

    /// 0 for spades, 1 for hearts.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The suit's bit in a set of voids.
    #[inline]
    pub fn bit(self) -> u8 {
        1 << self as u8
    }

    /// The suit's symbol, `♠` or `♥`.
    pub fn symbol(self) -> char {
        match self {
            Suit::Spades => '♠',
            Suit::Hearts => '♥',
        }
    }

    /// Every card of the suit.
    #[inline]
    pub fn cards(self) -> CardSet {
        CardSet(0x03F << (6 * self as u32))
    }
}

/// A face: a suit and a rank from 1 to 3. Two card instances carry each face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Face {
    /// The suit.
    pub suit: Suit,
    /// The rank, 1 (low) to 3 (high).
    pub rank: u8,
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.suit.symbol(), self.rank)
    }
}

/// Why a number is not a card, or a list is not a set of cards.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CardError {
    /// Card ids run from 0 to 11.
    #[error("there is no card {0}; card ids are 0 to 11")]
    NoSuchCard(u16),
    /// A set lists a card twice.
    #[error("card {0} is listed twice")]
    Repeated(u16),
}

/// MiniWhist's deck: twelve cards, two copies of each of the faces
/// ♠1 ♠2 ♠3 ♥1 ♥2 ♥3 in that order (so 0–5 are spades, 6–11 hearts).
/// The layout is arithmetic, so the deck is a constant ([`DECK`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MiniDeck;

/// The deck.
pub const DECK: MiniDeck = MiniDeck;

impl MiniDeck {
    /// All twelve cards.
    pub const ALL: CardSet = CardSet((1 << NUM_CARDS) - 1);

    /// The card with this id.
    ///
    /// # Errors
    /// If `id` is 12 or more.
    #[inline]
    pub fn card(self, id: u16) -> Result<CardId, CardError> {
        if usize::from(id) < NUM_CARDS {
            Ok(CardId(id))
        } else {
            Err(CardError::NoSuchCard(id))
        }
    }

    /// Every card, in id order.
    #[inline]
    pub fn cards(self) -> CardSetIter {
        MiniDeck::ALL.iter()
    }

    /// The suit of a card of the deck.
    #[inline]
    pub fn suit(self, card: CardId) -> Suit {
        if card.0 < 6 { Suit::Spades } else { Suit::Hearts }
    }

    /// The rank of a card of the deck, 1–3.
    #[inline]
    pub fn rank(self, card: CardId) -> u8 {
        (card.0 / 2 % 3 + 1) as u8
    }

    /// The face (suit and rank).
    #[inline]
    pub fn face(self, card: CardId) -> Face {
        Face {
            suit: self.suit(card),
            rank: self.rank(card),
        }
    }

    /// The other instance of the same face.
    #[inline]
    pub fn twin(self, card: CardId) -> CardId {
        CardId(card.0 ^ 1)
    }

    /// The face and the copy: `♠3a` is card 4, `♠3b` card 5.
    pub fn name(self, card: CardId) -> String {
        format!("{}{}", self.face(card), if card.0 % 2 == 0 { 'a' } else { 'b' })
    }

    /// The set of `ids`.
    ///
    /// # Errors
    /// An id that is no card of the deck, or one listed twice.
    pub fn set_of(self, ids: &[CardId]) -> Result<CardSet, CardError> {
        let mut set = CardSet::EMPTY;
        for &c in ids {
            let c = self.card(c.0)?;
            if set.contains(c) {
                return Err(CardError::Repeated(c.0));
            }
            set.insert(c);
        }
        Ok(set)
    }
}

/// No trumps: the suit led wins, the higher rank of it decides, and of two
/// equal faces the plugin's [`winner`](tabula_cards::tricks::winner) takes
/// the first played.
impl Suits for MiniDeck {
    #[inline]
    fn cards_of(&self, suit: u8) -> CardSet {
        Suit::ALL[usize::from(suit)].cards()
    }
    #[inline]
    fn suit_of(&self, card: CardId) -> u8 {
        self.suit(card) as u8
    }
    #[inline]
    fn power(&self, card: CardId, led: u8) -> u32 {
        if self.suit_of(card) == led {
            u32::from(self.rank(card))
        } else {
            0
        }
    }
}

/// A set of cards written as the list of its ids, ascending: the form
/// MiniWhist's positions and observations have on the wire. Reading one
/// checks every id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ids(pub CardSet);

impl Serialize for Ids {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter())
    }
}

impl<'de> Deserialize<'de> for Ids {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let ids = Vec::<CardId>::deserialize(d)?;
        DECK.set_of(&ids).map(Ids).map_err(serde::de::Error::custom)
    }
}
