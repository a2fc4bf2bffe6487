//! Card instances and their faces.
//!
//! A [`CardId`] names one physical card; its face (rank, suit, value — any
//! type the game chooses) is looked up in the [`Deck`]. Two 8♥ from two decks
//! are two instances with one face. Rules read faces and counts
//! ([`FaceIndex`](crate::FaceIndex) numbers a deck's faces and counts them
//! in a set); conservation, replay and serialisation use instance ids.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The identity of one physical card: an index into its [`Deck`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct CardId(pub u16);

impl CardId {
    /// The id as an index.
    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// The set of physical cards of a game: card `i` has face `faces[i]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deck<F> {
    faces: Vec<F>,
}

impl<F: Copy + Eq> Deck<F> {
    /// A deck whose card `i` has face `faces[i]`.
    ///
    /// # Panics
    /// If there are more than 65,536 cards.
    pub fn new(faces: Vec<F>) -> Self {
        assert!(faces.len() <= 1 << 16, "a deck has at most 65536 cards");
        Deck { faces }
    }

    /// A deck with `count` instances of each face, in the order given (ids
    /// are consecutive per face).
    pub fn from_counts(counts: &[(F, usize)]) -> Self {
        Deck::new(
            counts
                .iter()
                .flat_map(|&(face, n)| std::iter::repeat_n(face, n))
                .collect(),
        )
    }

    /// `copies` decks shuffled together: instance `k·n + i` is copy `k` of
    /// card `i` (multi-deck games such as Guandan or Canasta).
    pub fn copies(single: &[F], copies: usize) -> Self {
        Deck::new((0..copies).flat_map(|_| single.iter().copied()).collect())
    }

    /// The number of physical cards.
    #[inline]
    pub fn len(&self) -> usize {
        self.faces.len()
    }

    /// Whether the deck has no card.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.faces.is_empty()
    }

    /// The face of a card.
    ///
    /// # Panics
    /// If the card is not in this deck.
    #[inline]
    pub fn face(&self, card: CardId) -> F {
        self.faces[card.index()]
    }

    /// Every card id, in order.
    pub fn ids(&self) -> impl Iterator<Item = CardId> + '_ {
        (0..self.faces.len()).map(|i| CardId(i as u16))
    }

    /// How many instances carry `face`.
    pub fn count_of(&self, face: F) -> usize {
        self.faces.iter().filter(|&&f| f == face).count()
    }

    /// Every face, indexed by card id.
    pub fn faces(&self) -> &[F] {
        &self.faces
    }
}

/// The faces of the standard French deck (trick-taking and climbing games).
pub mod french {
    use std::fmt;

    use serde::{Deserialize, Serialize};

    /// A suit.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
    pub enum Suit {
        /// ♣
        Clubs,
        /// ♦
        Diamonds,
        /// ♥
        Hearts,
        /// ♠
        Spades,
    }

    impl Suit {
        /// The four suits.
        pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];
    }

    /// A face of the French deck: a rank 2–14 (11 J, 12 Q, 13 K, 14 A) and a
    /// suit, or a joker (Dou Dizhu: 0 small, 1 big).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
    pub enum FrenchFace {
        /// A suited card.
        Suited {
            /// 2–14, ace high.
            rank: u8,
            /// The suit.
            suit: Suit,
        },
        /// A joker: 0 small, 1 big.
        Joker(u8),
    }

    impl FrenchFace {
        /// The suit, for a suited card.
        pub fn suit(self) -> Option<Suit> {
            match self {
                FrenchFace::Suited { suit, .. } => Some(suit),
                FrenchFace::Joker(_) => None,
            }
        }
    }

    impl fmt::Display for FrenchFace {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            match *self {
                FrenchFace::Suited { rank, suit } => {
                    let r = match rank {
                        11 => "J".to_string(),
                        12 => "Q".to_string(),
                        13 => "K".to_string(),
                        14 => "A".to_string(),
                        n => n.to_string(),
                    };
                    let s = match suit {
                        Suit::Clubs => '♣',
                        Suit::Diamonds => '♦',
                        Suit::Hearts => '♥',
                        Suit::Spades => '♠',
                    };
                    write!(f, "{r}{s}")
                }
                FrenchFace::Joker(0) => write!(f, "small joker"),
                FrenchFace::Joker(_) => write!(f, "big joker"),
            }
        }
    }

    /// The faces of one deck with ranks `lowest..=14` in each suit (2 for the
    /// 52-card deck, 9 for Euchre's 24), suit by suit, plus `jokers` jokers.
    pub fn faces(lowest: u8, jokers: u8) -> Vec<FrenchFace> {
        let mut v: Vec<FrenchFace> = Suit::ALL
            .iter()
            .flat_map(|&suit| (lowest..=14).map(move |rank| FrenchFace::Suited { rank, suit }))
            .collect();
        v.extend((0..jokers).map(FrenchFace::Joker));
        v
    }
}

#[cfg(test)]
mod tests {
    use super::french::{FrenchFace, Suit, faces};
    use super::*;

    #[test]
    fn two_decks_have_two_instances_of_each_face() {
        let deck = Deck::copies(&faces(2, 0), 2);
        assert_eq!(deck.len(), 104);
        let eight_hearts = FrenchFace::Suited {
            rank: 8,
            suit: Suit::Hearts,
        };
        assert_eq!(deck.count_of(eight_hearts), 2);
        let ids: Vec<CardId> = deck.ids().filter(|&c| deck.face(c) == eight_hearts).collect();
        assert_eq!(ids.len(), 2);
        assert_ne!(ids[0], ids[1]);
        assert_eq!(faces(9, 0).len(), 24);
        assert_eq!(faces(2, 2).len(), 54);
    }

    #[test]
    fn from_counts_orders_ids_by_face() {
        let deck = Deck::from_counts(&[(-2i8, 2), (0, 1)]);
        assert_eq!(deck.faces(), &[-2, -2, 0]);
        assert_eq!(deck.face(CardId(2)), 0);
    }
}
