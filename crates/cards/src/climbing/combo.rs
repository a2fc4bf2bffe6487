//! A combination: what a seat lays on the table in a climbing game, and
//! which combination beats which.
//!
//! A combination is complete: its kind (the game's type), its main rank
//! (the lowest rank of its main part: the trio of a trio with a kicker,
//! the lowest rank of a chain), its length (the ranks of a chain; 1
//! otherwise) and every card as [`Counts`], kickers included. Its order
//! is that of its fields, kind first: the order in which the generator
//! lists combinations, and a game's legal actions with them.

use serde::{Deserialize, Serialize};

use crate::climbing::counts::Counts;

/// A game's kind of combination, as the climbing plugin needs to know it:
/// ordered (the order of the legal actions) and placed in the bomb order.
pub trait ComboKind: Copy + Ord {
    /// The kind's tier in the bomb order: 0 for a kind that beats only a
    /// combination of its own kind and length with a lower main rank;
    /// above 0 a bomb, which beats every combination of a lower tier, and
    /// one of its own kind and length with a lower main rank. Dou Dizhu:
    /// every plain kind 0, the bomb 1, the rocket 2. Guandan would rank
    /// its bombs by their cards (four of a kind 1, five 2, the straight
    /// flush 3, six 4, …), the four jokers above all.
    fn tier(self) -> u8;

    /// The kind's place in the game's list of every kind, when it keeps
    /// one (an enum's discriminant): where the kind's shape is in rules
    /// that list a shape for each kind in order. A hint the generator
    /// checks (rules that leave kinds out still work, by a search); the
    /// default, `None`, always searches.
    #[inline]
    fn index(self) -> Option<usize> {
        None
    }
}

/// A complete combination (see the [module documentation](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Combo<K> {
    /// Its kind.
    pub kind: K,
    /// The lowest rank of its main part.
    pub rank: u8,
    /// The ranks of its chain (1 for a kind that is no chain).
    pub len: u8,
    /// Every card, kickers included.
    pub cards: Counts,
}

impl<K: ComboKind> Combo<K> {
    /// Whether this combination may be played on `other`: a higher tier
    /// of the bomb order beats a lower one; otherwise the same kind and
    /// length with a higher main rank.
    #[inline]
    pub fn beats(&self, other: &Combo<K>) -> bool {
        let (a, b) = (self.kind.tier(), other.kind.tier());
        a > b || (a == b && self.kind == other.kind && self.len == other.len && self.rank > other.rank)
    }

    /// The cards it takes from a hand.
    #[inline]
    pub fn size(&self) -> u32 {
        self.cards.total()
    }
}

/// Implements [`ComboKind`] for a game's kind enum (a plain enum, `Copy +
/// Ord`) whose shapes are listed one per kind in the order the kinds are
/// declared: [`ComboKind::tier`] reads the kind's shape,
/// [`ComboKind::index`] is its discriminant. It also checks, when the
/// crate compiles, that `shapes[kind as usize]` is each kind's shape.
///
/// ```
/// use tabula_cards::climbing::{ComboKind, Shape};
///
/// #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
/// enum Kind { Single, Bomb }
///
/// const SHAPES: [Shape<Kind>; 2] = [
///     Shape::group(Kind::Single, 1, 0, 4),
///     Shape::group(Kind::Bomb, 4, 0, 4).bomb(1),
/// ];
/// tabula_cards::combo_kinds!(Kind, SHAPES);
///
/// assert_eq!(Kind::Bomb.tier(), 1);
/// assert_eq!(Kind::Bomb.index(), Some(1));
/// ```
#[macro_export]
macro_rules! combo_kinds {
    ($kind:ty, $shapes:expr) => {
        const _: () = {
            let mut i = 0;
            while i < $shapes.len() {
                assert!($shapes[i].kind as usize == i, "each kind's shape is at its index");
                i += 1;
            }
        };

        impl $crate::climbing::combo::ComboKind for $kind {
            /// The kind's place in the bomb order, as its shape says.
            #[inline]
            fn tier(self) -> u8 {
                $shapes[self as usize].tier
            }

            /// Where its shape is among every kind's.
            #[inline]
            fn index(self) -> Option<usize> {
                Some(self as usize)
            }
        }
    };
}
