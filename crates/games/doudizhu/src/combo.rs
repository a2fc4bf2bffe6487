//! Combinations: Dou Dizhu's kinds, and its combination as the climbing
//! plugin's ([`tabula_cards::climbing::Combo`]) over them.
//!
//! A combination is complete: its kind, its main rank (the lowest rank of
//! its main part: the trio of a trio with a kicker, the lowest of a
//! chain), its length (the ranks in a chain; 1 otherwise) and every card
//! as rank counts, kickers included. A bomb beats any combination but a
//! higher bomb or the rocket, the rocket beats everything, and otherwise a
//! combination beats one of its kind and length with a lower main rank
//! (the shapes of [`crate::moves`] place the bomb and the rocket). Suits
//! never matter; when a seat plays
//! a combination, of each rank the cards it has held longest leave its
//! hand, by a hidden order that shows nothing of the cards it keeps (see
//! [`crate::keys`]), unless a person names them
//! ([`Action::PlayCards`](crate::Action::PlayCards)).
//!
//! Kickers, as implemented: the kickers of one combination are of distinct
//! ranks, none of a rank in its main part, and never both jokers (that
//! would be the rocket).

use serde::{Deserialize, Serialize};

/// A complete combination of Dou Dizhu.
pub type Combo = tabula_cards::climbing::Combo<Kind>;

/// The kinds of combination. The order is the order of legal actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// One card.
    Single,
    /// Two cards of a rank (not the jokers).
    Pair,
    /// Three cards of a rank.
    Trio,
    /// A trio and one card of another rank.
    TrioSingle,
    /// A trio and a pair of another rank.
    TrioPair,
    /// Five or more consecutive ranks from 3 to the ace, one card each.
    Straight,
    /// Three or more consecutive pairs from 3 to the ace.
    PairChain,
    /// Two or more consecutive trios from 3 to the ace.
    Airplane,
    /// An airplane with as many single kickers as trios.
    AirplaneSingles,
    /// An airplane with as many pair kickers as trios.
    AirplanePairs,
    /// Four of a rank with two single kickers (under `four_with_two`).
    FourTwoSingles,
    /// Four of a rank with two pair kickers (under `four_with_two`).
    FourTwoPairs,
    /// Four of a rank: beats any combination but a higher bomb or the
    /// rocket, and doubles the deal.
    Bomb,
    /// Both jokers: beats everything, and doubles the deal.
    Rocket,
}

impl Kind {
    /// Every kind, in order.
    pub const ALL: [Kind; 14] = [
        Kind::Single,
        Kind::Pair,
        Kind::Trio,
        Kind::TrioSingle,
        Kind::TrioPair,
        Kind::Straight,
        Kind::PairChain,
        Kind::Airplane,
        Kind::AirplaneSingles,
        Kind::AirplanePairs,
        Kind::FourTwoSingles,
        Kind::FourTwoPairs,
        Kind::Bomb,
        Kind::Rocket,
    ];

    /// Whether a combination of this kind doubles the deal.
    pub fn doubles(self) -> bool {
        matches!(self, Kind::Bomb | Kind::Rocket)
    }

    /// The kind's name in words.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Single => "single",
            Kind::Pair => "pair",
            Kind::Trio => "trio",
            Kind::TrioSingle => "trio with a single",
            Kind::TrioPair => "trio with a pair",
            Kind::Straight => "straight",
            Kind::PairChain => "pair chain",
            Kind::Airplane => "airplane",
            Kind::AirplaneSingles => "airplane with singles",
            Kind::AirplanePairs => "airplane with pairs",
            Kind::FourTwoSingles => "four with two singles",
            Kind::FourTwoPairs => "four with two pairs",
            Kind::Bomb => "bomb",
            Kind::Rocket => "rocket",
        }
    }
}
