//! Dou Dizhu's combinations as the climbing plugin's data, and the
//! plugin's generator under them ([`tabula_cards::climbing`]).
//!
//! Each kind but the rocket is a run: a main part of `each` cards on each
//! of `len` consecutive ranks (one rank for kinds that are no chain), and
//! kickers per main rank of one card (singles) or two (pairs). The rocket
//! is a fixed pair of cards, both jokers. The four questions
//! ([`classify`], [`can_play_out`], [`all_plays`], [`plays_beating`]) are
//! the plugin's, under [`rules`]`(four_with_two)`: every list comes out
//! sorted by [`Combo`]'s order with no duplicate, allocating nothing
//! beyond a caller's reused vector.
//!
//! The rules of kickers: the kickers of one combination are of distinct
//! ranks, none of a rank of the main part, never both jokers together, and
//! pair kickers are of ranks 3 to 2 (never the jokers). Chains (straights,
//! pair chains, airplanes) run from 3 to the ace; pairs, trios and fours
//! from 3 to the two. The four with two kickers exists only under
//! `four_with_two`.

use tabula_cards::climbing::{self, Rules, Shape};

use crate::cards::{ACE, BIG_JOKER, Counts, RANKS, SMALL_JOKER, TWO};
use crate::combo::{Combo, Kind};

/// Every rank, one bit per rank: what a single kicker may be.
const ANY: u16 = (1 << RANKS) - 1;
/// The ranks a pair kicker may be: 3 to the two.
const PAIRS: u16 = (1 << (TWO + 1)) - 1;
/// Both jokers: never kickers together (they would be the rocket).
const JOKERS: u16 = 1 << SMALL_JOKER | 1 << BIG_JOKER;
/// The longest chain: 3 to the ace.
const LONGEST: u8 = ACE + 1;

/// The shapes of every kind, in [`Kind`] order.
const SHAPES: [Shape<Kind>; 14] = [
    Shape::group(Kind::Single, 1, 0, BIG_JOKER),
    Shape::group(Kind::Pair, 2, 0, TWO),
    Shape::group(Kind::Trio, 3, 0, TWO),
    Shape::group(Kind::TrioSingle, 3, 0, TWO).with_kickers(1, 1, ANY),
    Shape::group(Kind::TrioPair, 3, 0, TWO).with_kickers(1, 2, PAIRS),
    Shape::chain(Kind::Straight, 1, 0, ACE, 5, LONGEST),
    Shape::chain(Kind::PairChain, 2, 0, ACE, 3, LONGEST),
    Shape::chain(Kind::Airplane, 3, 0, ACE, 2, LONGEST),
    Shape::chain(Kind::AirplaneSingles, 3, 0, ACE, 2, LONGEST).with_kickers(1, 1, ANY),
    Shape::chain(Kind::AirplanePairs, 3, 0, ACE, 2, LONGEST).with_kickers(1, 2, PAIRS),
    Shape::group(Kind::FourTwoSingles, 4, 0, TWO).with_kickers(2, 1, ANY),
    Shape::group(Kind::FourTwoPairs, 4, 0, TWO).with_kickers(2, 2, PAIRS),
    Shape::group(Kind::Bomb, 4, 0, TWO).bomb(1),
    Shape::fixed(Kind::Rocket, SMALL_JOKER, ROCKET).bomb(2),
];

// The bomb order, as the shapes say: the bomb 1, the rocket 2, every
// other kind 0. A kind's index is its place in SHAPES (with the four with
// two; without, up to the four with two).
tabula_cards::combo_kinds!(Kind, SHAPES);

/// The shapes without the four with two.
const PLAIN_SHAPES: [Shape<Kind>; 12] = {
    let mut out = [SHAPES[0]; 12];
    let (mut i, mut j) = (0, 0);
    while i < SHAPES.len() {
        if !matches!(SHAPES[i].kind, Kind::FourTwoSingles | Kind::FourTwoPairs) {
            out[j] = SHAPES[i];
            j += 1;
        }
        i += 1;
    }
    out
};

/// Both jokers, as counts.
pub const ROCKET: Counts = Counts(1 << (4 * SMALL_JOKER as u32) | 1 << (4 * BIG_JOKER as u32));

/// Dou Dizhu's combinations without and with the four with two.
static RULES: [Rules<Kind>; 2] = [
    Rules::new(RANKS as u8, &PLAIN_SHAPES, JOKERS),
    Rules::new(RANKS as u8, &SHAPES, JOKERS),
];

/// Dou Dizhu's combinations, with or without the four with two kickers.
#[inline]
pub fn rules(four_with_two: bool) -> &'static Rules<Kind> {
    &RULES[usize::from(four_with_two)]
}

/// Clears `out` and pushes every reading of exactly `cards` as one
/// combination, sorted; none when the cards are no combination. (Under
/// these rules the kinds' patterns of counts never overlap, so there is
/// at most one reading; the list keeps callers independent of that.)
#[inline]
pub fn classify(cards: Counts, four_with_two: bool, out: &mut Vec<Combo>) {
    climbing::classify(cards, rules(four_with_two), out);
}

/// The lowest reading of the whole `hand` as one combination, when it is
/// one: the hand can go out in one play.
#[inline]
pub fn can_play_out(hand: Counts, four_with_two: bool) -> Option<Combo> {
    climbing::can_play_out(hand, rules(four_with_two))
}

/// Clears `out` and pushes every combination `hand` can lead on an empty
/// table, sorted ascending by [`Combo`]'s order, with no duplicate.
#[inline]
pub fn all_plays(hand: Counts, four_with_two: bool, out: &mut Vec<Combo>) {
    climbing::all_plays(hand, rules(four_with_two), out);
}

/// Clears `out` and pushes every combination of `hand` that beats
/// `target` ([`Combo::beats`]), sorted ascending with no duplicate: those
/// of the target's kind and length with a higher main rank, then the
/// bombs (above the target's rank when it is a bomb), then the rocket.
#[inline]
pub fn plays_beating(hand: Counts, target: &Combo, four_with_two: bool, out: &mut Vec<Combo>) {
    climbing::plays_beating(hand, target, rules(four_with_two), out);
}
