//! The rulesets the plugin's tests play: one shaped as Dou Dizhu's (15
//! ranks, kickers, airplanes, the four with two as an option, the rocket),
//! Guandan's at three levels (two decks: up to eight of a rank and two
//! wild cards; bombs of four to ten where more cards beat fewer and the
//! straight flush between five and six, straights of exactly five, three
//! pairs, two triples, the ace low and high and the level rank in its
//! place in a chain, the four jokers above all), and a small one of six
//! ranks whose every hand the tests can list.

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

/// Guandan's kinds, in the order of its shapes: the straight flush
/// between the bombs of five and six.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Gw {
    Single,
    Pair,
    Triple,
    TriplePair,
    Straight,
    Tube,
    Plate,
    /// Four or five of a kind.
    SmallBomb(u8),
    StraightFlush,
    /// Six to ten of a kind.
    BigBomb(u8),
    FourJokers,
}

impl ComboKind for Gw {
    fn tier(self) -> u8 {
        match self {
            Gw::SmallBomb(n) => n - 3,
            Gw::StraightFlush => 3,
            Gw::BigBomb(n) => n - 2,
            Gw::FourJokers => 9,
            _ => 0,
        }
    }
}

/// The level rank's place among the game's ranks: above the ace.
pub const LEVEL: u8 = 12;
pub const SMALL_JOKER: u8 = 13;
pub const BIG_JOKER: u8 = 14;
/// Every rank but the jokers: what a wild card may stand for.
pub const WILD: u16 = (1 << SMALL_JOKER) - 1;

const SHAPES: [Shape<Gw>; 16] = [
    Shape::group(Gw::Single, 1, 0, BIG_JOKER),
    Shape::group(Gw::Pair, 2, 0, BIG_JOKER),
    Shape::group(Gw::Triple, 3, 0, LEVEL),
    Shape::group(Gw::TriplePair, 3, 0, LEVEL).with_kickers(1, 2, (1 << 15) - 1),
    Shape::chain(Gw::Straight, 1, 0, 13, 5, 5),
    Shape::chain(Gw::Tube, 2, 0, 13, 3, 3),
    Shape::chain(Gw::Plate, 3, 0, 13, 2, 2),
    Shape::group(Gw::SmallBomb(4), 4, 0, LEVEL).bomb(1),
    Shape::group(Gw::SmallBomb(5), 5, 0, LEVEL).bomb(2),
    Shape::flush(Gw::StraightFlush, 0, 13, 5, 5).bomb(3),
    Shape::group(Gw::BigBomb(6), 6, 0, LEVEL).bomb(4),
    Shape::group(Gw::BigBomb(7), 7, 0, LEVEL).bomb(5),
    Shape::group(Gw::BigBomb(8), 8, 0, LEVEL).bomb(6),
    Shape::group(Gw::BigBomb(9), 9, 0, LEVEL).bomb(7),
    Shape::group(Gw::BigBomb(10), 10, 0, LEVEL).bomb(8),
    Shape::fixed(Gw::FourJokers, SMALL_JOKER, Counts(2 << 52 | 2 << 56)).bomb(9),
];

/// The game's rank of the natural rank `n` (0 the two … 12 the ace) when
/// the level is the natural rank `level`: the level rank moves above the
/// ace, the ranks above it down one.
pub const fn game_rank(n: u8, level: u8) -> u8 {
    if n == level {
        LEVEL
    } else if n > level {
        n - 1
    } else {
        n
    }
}

/// The chain order at a level: the ace, then the two to the ace.
const fn order(level: u8) -> [u8; 14] {
    let mut o = [0; 14];
    o[0] = game_rank(12, level);
    let mut n = 0;
    while n < 13 {
        o[n as usize + 1] = game_rank(n, level);
        n += 1;
    }
    o
}

const ORDER_2: [u8; 14] = order(0);
const ORDER_7: [u8; 14] = order(5);
const ORDER_A: [u8; 14] = order(12);

/// Guandan's rules at the levels 2, 7 and the ace.
pub const RULES: [Rules<Gw>; 3] = [
    Rules::new(15, &SHAPES, 0).with_order(&ORDER_2).with_wild(WILD),
    Rules::new(15, &SHAPES, 0).with_order(&ORDER_7).with_wild(WILD),
    Rules::new(15, &SHAPES, 0).with_order(&ORDER_A).with_wild(WILD),
];

/// Guandan's rules at level 7 (the wild cards unused: the generator of
/// counts alone).
pub const GD: Rules<Gw> = RULES[1];

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
