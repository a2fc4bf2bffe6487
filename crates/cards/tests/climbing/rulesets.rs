//! The rulesets the plugin's tests play: one shaped as Dou Dizhu's (15
//! ranks, kickers, airplanes, the four with two as an option, the rocket),
//! one as Guandan's natural combinations (two decks: up to eight of a
//! rank; bombs of four to eight where more cards beat fewer, straights of
//! exactly five, three pairs, two triples, the four jokers above all), and
//! a small one of six ranks whose every hand the tests can list.

use tabula_cards::climbing::{ComboKind, Counts, Rules, Shape};

/// Dou Dizhu's kinds, in the order of its legal actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ddz {
    Single,
    Pair,
    Trio,
    TrioSingle,
    TrioPair,
    Straight,
    PairChain,
    Airplane,
    AirplaneSingles,
    AirplanePairs,
    FourTwoSingles,
    FourTwoPairs,
    Bomb,
    Rocket,
}

impl ComboKind for Ddz {
    fn tier(self) -> u8 {
        match self {
            Ddz::Bomb => 1,
            Ddz::Rocket => 2,
            _ => 0,
        }
    }

    /// Right for the full ruleset, wrong past the first kind left out of
    /// the others (the generator checks a hint): both ways are tested.
    fn index(self) -> Option<usize> {
        Some(self as usize)
    }
}

/// Ranks 3 … A, 2, small joker, big joker: 0 … 14.
const ACE: u8 = 11;
const TWO: u8 = 12;
const BIG: u8 = 14;
/// Every rank.
const ALL: u16 = (1 << 15) - 1;
/// The ranks a pair kicker may be: 3 to the two.
const PAIRS: u16 = (1 << 13) - 1;
/// The jokers, never both kickers.
const JOKERS: u16 = 3 << 13;

const DDZ_SHAPES: [Shape<Ddz>; 14] = [
    Shape::group(Ddz::Single, 1, 0, BIG),
    Shape::group(Ddz::Pair, 2, 0, TWO),
    Shape::group(Ddz::Trio, 3, 0, TWO),
    Shape::group(Ddz::TrioSingle, 3, 0, TWO).with_kickers(1, 1, ALL),
    Shape::group(Ddz::TrioPair, 3, 0, TWO).with_kickers(1, 2, PAIRS),
    Shape::chain(Ddz::Straight, 1, 0, ACE, 5, 12),
    Shape::chain(Ddz::PairChain, 2, 0, ACE, 3, 12),
    Shape::chain(Ddz::Airplane, 3, 0, ACE, 2, 12),
    Shape::chain(Ddz::AirplaneSingles, 3, 0, ACE, 2, 12).with_kickers(1, 1, ALL),
    Shape::chain(Ddz::AirplanePairs, 3, 0, ACE, 2, 12).with_kickers(1, 2, PAIRS),
    Shape::group(Ddz::FourTwoSingles, 4, 0, TWO).with_kickers(2, 1, ALL),
    Shape::group(Ddz::FourTwoPairs, 4, 0, TWO).with_kickers(2, 2, PAIRS),
    Shape::group(Ddz::Bomb, 4, 0, TWO).bomb(1),
    Shape::fixed(Ddz::Rocket, 13, Counts(1 << 52 | 1 << 56)).bomb(2),
];

/// The same without the four with two.
const DDZ_PLAIN_SHAPES: [Shape<Ddz>; 12] = {
    let mut out = [DDZ_SHAPES[0]; 12];
    let mut i = 0;
    while i < 10 {
        out[i] = DDZ_SHAPES[i];
        i += 1;
    }
    out[10] = DDZ_SHAPES[12];
    out[11] = DDZ_SHAPES[13];
    out
};

/// Dou Dizhu's combinations: `[without, with]` the four with two.
pub const DDZ: [Rules<Ddz>; 2] = [
    Rules::new(15, &DDZ_PLAIN_SHAPES, JOKERS),
    Rules::new(15, &DDZ_SHAPES, JOKERS),
];

/// How many cards of each rank Dou Dizhu's deck holds.
pub const DDZ_DECK: [u8; 15] = [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 1, 1];

/// Guandan's natural kinds (no wild card, no suit), bombs by size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Gd {
    Single,
    Pair,
    Triple,
    TriplePair,
    Straight,
    Tube,
    Plate,
    /// Four to eight of a kind: `Bomb(n)`.
    Bomb(u8),
    FourJokers,
}

impl ComboKind for Gd {
    fn tier(self) -> u8 {
        match self {
            Gd::Bomb(n) => n - 3,
            Gd::FourJokers => 10,
            _ => 0,
        }
    }
}

/// Ranks 2 … K, A (0 … 12), the level rank kept in its place here, then
/// the small and big jokers (13, 14).
const GD_ACE: u8 = 12;

const GD_SHAPES: [Shape<Gd>; 13] = [
    Shape::group(Gd::Single, 1, 0, 14),
    Shape::group(Gd::Pair, 2, 0, 14),
    Shape::group(Gd::Triple, 3, 0, GD_ACE),
    Shape::group(Gd::TriplePair, 3, 0, GD_ACE).with_kickers(1, 2, ALL),
    Shape::chain(Gd::Straight, 1, 0, GD_ACE, 5, 5),
    Shape::chain(Gd::Tube, 2, 0, GD_ACE, 3, 3),
    Shape::chain(Gd::Plate, 3, 0, GD_ACE, 2, 2),
    Shape::group(Gd::Bomb(4), 4, 0, GD_ACE).bomb(1),
    Shape::group(Gd::Bomb(5), 5, 0, GD_ACE).bomb(2),
    Shape::group(Gd::Bomb(6), 6, 0, GD_ACE).bomb(3),
    Shape::group(Gd::Bomb(7), 7, 0, GD_ACE).bomb(4),
    Shape::group(Gd::Bomb(8), 8, 0, GD_ACE).bomb(5),
    Shape::fixed(Gd::FourJokers, 13, Counts(2 << 52 | 2 << 56)).bomb(10),
];

/// Guandan's natural combinations.
pub const GD: Rules<Gd> = Rules::new(15, &GD_SHAPES, 0);

/// Two decks with four jokers.
pub const GD_DECK: [u8; 15] = [8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 2, 2];

/// The small ruleset: six ranks, the two top ones single cards that make
/// a fixed pair (kept apart among kickers), chains of the four low ones.
pub const MINI: Rules<Ddz> = Rules::new(6, &MINI_SHAPES, 0b11_0000);

const MINI_SHAPES: [Shape<Ddz>; 11] = [
    Shape::group(Ddz::Single, 1, 0, 5),
    Shape::group(Ddz::Pair, 2, 0, 3),
    Shape::group(Ddz::Trio, 3, 0, 3),
    Shape::group(Ddz::TrioSingle, 3, 0, 3).with_kickers(1, 1, 0b11_1111),
    Shape::group(Ddz::TrioPair, 3, 0, 3).with_kickers(1, 2, 0b1111),
    Shape::chain(Ddz::Straight, 1, 0, 3, 3, 4),
    Shape::chain(Ddz::PairChain, 2, 0, 3, 2, 3),
    Shape::chain(Ddz::AirplaneSingles, 3, 0, 3, 2, 4).with_kickers(1, 1, 0b11_1111),
    Shape::group(Ddz::FourTwoSingles, 4, 0, 3).with_kickers(2, 1, 0b11_1111),
    Shape::group(Ddz::Bomb, 4, 0, 3).bomb(1),
    Shape::fixed(Ddz::Rocket, 4, Counts(1 << 16 | 1 << 20)).bomb(2),
];

/// The small ruleset's deck.
pub const MINI_DECK: [u8; 6] = [4, 4, 4, 4, 1, 1];
