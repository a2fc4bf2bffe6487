//! A hand as the general meld solver reads it: how many cards of each
//! face it holds, duplicates and jokers included. Two 8♥ from two decks
//! are one face held twice; which instance is which does not matter to
//! the rules of melding, only to the ledger.

use std::fmt;

use crate::card::french::Suit;
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

/// A multiset of faces: how many cards of each suited face, and how many
/// jokers. Iteration and display go suit by suit (clubs, diamonds, hearts,
/// spades), ace first, then the jokers.
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FaceCounts {
    counts: [[u8; 13]; 4],
    jokers: u8,
}

impl FaceCounts {
    /// No card.
    pub const EMPTY: FaceCounts = FaceCounts {
        counts: [[0; 13]; 4],
        jokers: 0,
    };

    /// The faces of a one-deck hand in [`layout`]'s order.
    pub fn from_one_deck(hand: CardSet) -> FaceCounts {
        let mut out = FaceCounts::EMPTY;
        for c in hand & layout::DECK {
            out.add(Face::new(layout::rank(c), layout::suit_of(c)));
        }
        out
    }

    /// Reads faces (see [`Face::parse`]) separated by spaces or commas;
    /// a face may be named more than once: `"8h 8h 9h Jk"`.
    ///
    /// # Errors
    /// When a word is not a face.
    pub fn parse(text: &str) -> Result<FaceCounts, CardNameError> {
        text.split([' ', ','])
            .filter(|w| !w.is_empty())
            .map(Face::parse)
            .collect()
    }

    /// How many cards of `face`.
    #[inline]
    pub fn count(&self, face: Face) -> u8 {
        match face {
            Face::Suited { rank, suit } => self.counts[suit as usize][usize::from(rank)],
            Face::Joker => self.jokers,
        }
    }

    /// How many jokers.
    #[inline]
    pub fn jokers(&self) -> u8 {
        self.jokers
    }

    /// Adds one card of `face`.
    ///
    /// # Panics
    /// When the face is already held 255 times.
    pub fn add(&mut self, face: Face) {
        let n = self.slot(face);
        *n = n.checked_add(1).expect("at most 255 cards of a face");
    }

    /// Removes one card of `face`; whether there was one.
    pub fn remove(&mut self, face: Face) -> bool {
        let n = self.slot(face);
        let had = *n > 0;
        *n = n.saturating_sub(1);
        had
    }

    fn slot(&mut self, face: Face) -> &mut u8 {
        match face {
            Face::Suited { rank, suit } => &mut self.counts[suit as usize][usize::from(rank)],
            Face::Joker => &mut self.jokers,
        }
    }

    /// The number of cards.
    pub fn len(&self) -> usize {
        self.counts.iter().flatten().map(|&n| usize::from(n)).sum::<usize>() + usize::from(self.jokers)
    }

    /// Whether there is no card.
    pub fn is_empty(&self) -> bool {
        *self == FaceCounts::EMPTY
    }

    /// Whether every card of `other` is here (as many of each face).
    pub fn contains_all(&self, other: &FaceCounts) -> bool {
        self.jokers >= other.jokers
            && self
                .counts
                .iter()
                .flatten()
                .zip(other.counts.iter().flatten())
                .all(|(a, b)| a >= b)
    }

    /// These cards and `other`'s.
    ///
    /// # Panics
    /// When a face would be held more than 255 times.
    pub fn plus(&self, other: &FaceCounts) -> FaceCounts {
        self.iter().chain(other.iter()).collect()
    }

    /// These cards less `other`'s (a face held fewer times than `other`
    /// names it ends at none).
    pub fn minus(&self, other: &FaceCounts) -> FaceCounts {
        let mut out = *self;
        for f in other.iter() {
            out.remove(f);
        }
        out
    }

    /// Each card, a face as many times as it is held, suit by suit, ace
    /// first, then the jokers.
    pub fn iter(&self) -> impl Iterator<Item = Face> + '_ {
        let suited = Suit::ALL.into_iter().flat_map(move |suit| {
            (0..RANKS).flat_map(move |rank| {
                std::iter::repeat_n(
                    Face::Suited { rank, suit },
                    usize::from(self.counts[suit as usize][usize::from(rank)]),
                )
            })
        });
        suited.chain(std::iter::repeat_n(Face::Joker, usize::from(self.jokers)))
    }
}

impl FromIterator<Face> for FaceCounts {
    fn from_iter<I: IntoIterator<Item = Face>>(iter: I) -> FaceCounts {
        iter.into_iter().fold(FaceCounts::EMPTY, |mut out, f| {
            out.add(f);
            out
        })
    }
}

impl fmt::Display for FaceCounts {
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

impl fmt::Debug for FaceCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FaceCounts({self})")
    }
}
