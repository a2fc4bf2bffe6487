//! A hand as the general meld solver reads it: how many cards of each
//! face it holds, duplicates and jokers included. Two 8♥ from two decks
//! are one face held twice; which instance is which does not matter to
//! the rules of melding, only to the ledger.

use std::fmt;

use crate::card::french::Suit;
use crate::faces::FaceCounts;
use crate::set::{CardNameError, CardSet};

use super::layout::{self, RANKS, french_face};

/// A face as meld rules read it: a suit and a rank of the ace-low order
/// (0 the ace … 12 the king), or a joker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Face {
    /// A suited card.
    Suited {
        /// 0 the ace, 1 the two … 12 the king.
        rank: u8,
        /// The suit.
        suit: Suit,
    },
    /// A printed joker.
    Joker,
}

impl Face {
    /// The suited face of a rank (0 the ace … 12 the king) and a suit.
    ///
    /// # Panics
    /// When the rank is over 12.
    pub fn new(rank: u8, suit: Suit) -> Face {
        assert!(rank < RANKS, "ranks run from 0 (ace) to 12 (king)");
        Face::Suited { rank, suit }
    }

    /// Reads a face: a card's name as [`layout::parse`] reads it, or a
    /// joker (`Jk`, `joker`, `*` or `🃏`, any case).
    ///
    /// # Errors
    /// When the text is neither.
    pub fn parse(text: &str) -> Result<Face, CardNameError> {
        let t = text.trim();
        if ["jk", "joker", "*", "🃏"].iter().any(|j| t.eq_ignore_ascii_case(j)) {
            return Ok(Face::Joker);
        }
        let c = layout::parse(t)?;
        Ok(Face::new(layout::rank(c), layout::suit_of(c)))
    }
}

impl fmt::Display for Face {
    /// `A♣`, `10♥`, `K♠`, or `Jk` for a joker.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Face::Suited { rank, suit } => french_face(rank, suit).fmt(f),
            Face::Joker => f.write_str("Jk"),
        }
    }
}

/// A hand of French faces and jokers: the card engine's [`FaceCounts`]
/// under one numbering, suit by suit (clubs, diamonds, hearts, spades),
/// ace first, then the jokers (face [`JOKER`]). Iteration and display go in
/// that order.
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FaceHand(FaceCounts);

/// The face index of the jokers in a [`FaceHand`].
pub const JOKER: usize = 4 * RANKS as usize;

impl Face {
    /// Its index in a [`FaceHand`]'s counts.
    #[inline]
    pub fn index(self) -> usize {
        match self {
            Face::Suited { rank, suit } => suit as usize * usize::from(RANKS) + usize::from(rank),
            Face::Joker => JOKER,
        }
    }

    /// The face of an index below [`JOKER`] (a suited face), or the joker.
    #[inline]
    fn of_index(index: usize) -> Face {
        if index >= JOKER {
            Face::Joker
        } else {
            Face::new(
                (index % usize::from(RANKS)) as u8,
                Suit::ALL[index / usize::from(RANKS)],
            )
        }
    }
}

impl FaceHand {
    /// No card.
    pub const EMPTY: FaceHand = FaceHand(FaceCounts::EMPTY);

    /// The faces of a one-deck hand in [`layout`]'s order.
    pub fn from_one_deck(hand: CardSet) -> FaceHand {
        (hand & layout::DECK)
            .iter()
            .map(|c| Face::new(layout::rank(c), layout::suit_of(c)))
            .collect()
    }

    /// Reads faces (see [`Face::parse`]) separated by spaces or commas;
    /// a face may be named more than once: `"8h 8h 9h Jk"`.
    ///
    /// # Errors
    /// When a word is not a face.
    pub fn parse(text: &str) -> Result<FaceHand, CardNameError> {
        text.split([' ', ','])
            .filter(|w| !w.is_empty())
            .map(Face::parse)
            .collect()
    }

    /// The counts, as the card engine keeps them.
    pub fn counts(&self) -> &FaceCounts {
        &self.0
    }

    /// How many cards of `face`.
    #[inline]
    pub fn count(&self, face: Face) -> u8 {
        self.0.get(face.index()) as u8
    }

    /// How many jokers.
    #[inline]
    pub fn jokers(&self) -> u8 {
        self.count(Face::Joker)
    }

    /// Adds one card of `face`.
    ///
    /// # Panics
    /// When the face is already held 255 times.
    pub fn add(&mut self, face: Face) {
        self.0.add(face.index(), 1);
    }

    /// Removes one card of `face`; whether there was one.
    pub fn remove(&mut self, face: Face) -> bool {
        self.0.take(face.index(), 1)
    }

    /// The number of cards.
    pub fn len(&self) -> usize {
        self.0.total()
    }

    /// Whether there is no card.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether every card of `other` is here (as many of each face).
    pub fn contains_all(&self, other: &FaceHand) -> bool {
        self.0.contains_all(&other.0)
    }

    /// These cards and `other`'s.
    ///
    /// # Panics
    /// When a face would be held more than 255 times.
    pub fn plus(&self, other: &FaceHand) -> FaceHand {
        self.iter().chain(other.iter()).collect()
    }

    /// These cards less `other`'s (a face held fewer times than `other`
    /// names it ends at none).
    pub fn minus(&self, other: &FaceHand) -> FaceHand {
        let mut out = *self;
        for f in other.iter() {
            out.remove(f);
        }
        out
    }

    /// Each card, a face as many times as it is held, suit by suit, ace
    /// first, then the jokers.
    pub fn iter(&self) -> impl Iterator<Item = Face> + '_ {
        self.0
            .iter()
            .flat_map(|(index, n)| std::iter::repeat_n(Face::of_index(index), n))
    }
}

impl FromIterator<Face> for FaceHand {
    fn from_iter<I: IntoIterator<Item = Face>>(iter: I) -> FaceHand {
        iter.into_iter().fold(FaceHand::EMPTY, |mut out, f| {
            out.add(f);
            out
        })
    }
}

impl fmt::Display for FaceHand {
    /// The faces separated by spaces, like `8♥ 8♥ 9♥ Jk`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, face) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            face.fmt(f)?;
        }
        Ok(())
    }
}

impl fmt::Debug for FaceHand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FaceHand({self})")
    }
}
