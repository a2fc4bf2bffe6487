//! A hand as rank counts: what a climbing game reads, suits aside.
//!
//! [`Counts`] packs the count of each of up to [`MAX_RANKS`] ranks in four
//! bits of one word (rank `r` in bits `4r .. 4r + 4`), so a count runs
//! from 0 to [`MAX_COUNT`]: a single deck's four of a rank, two decks'
//! eight, a ten-card bomb. Which rank is which, and how many ranks there
//! are, is the game's (its [`Rules`](crate::climbing::Rules)).
//!
//! Comparing, adding and testing counts is word arithmetic: the tests
//! "at least `n` of each rank" and "contains" subtract nibble by nibble
//! and read each nibble's borrow, with no loop over the ranks.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The most ranks a [`Counts`] holds.
pub const MAX_RANKS: usize = 16;
/// The most cards of one rank a [`Counts`] holds.
pub const MAX_COUNT: u8 = 15;

/// The low bit of each rank's nibble.
pub const ONES: u64 = 0x1111_1111_1111_1111;
/// The high bit of each rank's nibble.
const HIGHS: u64 = ONES << 3;

/// How many cards of each rank: four bits per rank, rank 0 lowest.
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Counts(pub u64);

/// Per nibble, the high bit set where `x`'s count is below `y`'s: the
/// borrow out of each nibble of `x - y`. The low three bits are
/// subtracted with the high bit forced, so no borrow crosses a nibble;
/// the high bit's own borrow follows from the operands' high bits and the
/// borrow into it.
#[inline]
const fn borrows(x: u64, y: u64) -> u64 {
    let low = (x | HIGHS) - (y & !HIGHS);
    ((!x & y) | (!(x ^ y) & !low)) & HIGHS
}

/// The low bit of each nibble of `x` that is not zero.
#[inline]
const fn nonzero(x: u64) -> u64 {
    (x | x >> 1 | x >> 2 | x >> 3) & ONES
}

/// The low bits of the nibbles of `x` (one per rank) gathered into one
/// bit per rank.
#[inline]
pub const fn gather(x: u64) -> u16 {
    let mut y = x & ONES;
    y = (y | y >> 3) & 0x0303_0303_0303_0303;
    y = (y | y >> 6) & 0x000F_000F_000F_000F;
    y = (y | y >> 12) & 0x0000_00FF_0000_00FF;
    ((y | y >> 24) & 0xFFFF) as u16
}

/// One bit per rank spread out to the low bit of each rank's nibble: the
/// inverse of [`gather`].
#[inline]
pub const fn spread(ranks: u16) -> u64 {
    let mut y = ranks as u64;
    y = (y | y << 24) & 0x0000_00FF_0000_00FF;
    y = (y | y << 12) & 0x000F_000F_000F_000F;
    y = (y | y << 6) & 0x0303_0303_0303_0303;
    (y | y << 3) & ONES
}

impl Counts {
    /// No card.
    pub const EMPTY: Counts = Counts(0);

    /// `n` cards of `rank`.
    #[inline]
    pub const fn of_rank(rank: u8, n: u8) -> Counts {
        Counts((n as u64) << (4 * rank as u32))
    }

    /// `each` cards on each of the `len` ranks from `rank` up.
    #[inline]
    pub const fn run(rank: u8, len: u8, each: u8) -> Counts {
        if len == 0 {
            return Counts::EMPTY;
        }
        let ones = (ONES >> (4 * (MAX_RANKS as u32 - len as u32))) << (4 * rank as u32);
        Counts(ones * each as u64)
    }

    /// Counts from one number per rank, low to high.
    ///
    /// # Panics
    /// When more than [`MAX_RANKS`] counts are given or one is over
    /// [`MAX_COUNT`].
    pub fn from_slice(counts: &[u8]) -> Counts {
        assert!(counts.len() <= MAX_RANKS, "at most {MAX_RANKS} ranks");
        let mut c = Counts::EMPTY;
        for (r, &k) in counts.iter().enumerate() {
            assert!(k <= MAX_COUNT, "at most {MAX_COUNT} cards of a rank");
            c = c.plus(r as u8, k);
        }
        c
    }

    /// The count of `rank`.
    #[inline]
    pub const fn get(self, rank: u8) -> u8 {
        (self.0 >> (4 * rank as u32) & 0xF) as u8
    }

    /// These counts with `n` more of `rank` (at most [`MAX_COUNT`] in all).
    #[inline]
    pub fn plus(self, rank: u8, n: u8) -> Counts {
        debug_assert!(self.get(rank) + n <= MAX_COUNT, "over {MAX_COUNT} cards of rank {rank}");
        Counts(self.0 + (u64::from(n) << (4 * u32::from(rank))))
    }

    /// These counts with `n` fewer of `rank` (there must be as many).
    #[inline]
    pub fn minus(self, rank: u8, n: u8) -> Counts {
        debug_assert!(self.get(rank) >= n);
        Counts(self.0 - (u64::from(n) << (4 * u32::from(rank))))
    }

    /// The cards counted.
    #[inline]
    pub const fn total(self) -> u32 {
        let x = self.0;
        // Byte sums (at most 30) then the sum of the bytes (at most 240).
        let bytes = (x & 0x0F0F_0F0F_0F0F_0F0F) + (x >> 4 & 0x0F0F_0F0F_0F0F_0F0F);
        (bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
    }

    /// Whether no card is counted.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every count of `other` is at most this one's.
    #[inline]
    pub const fn contains(self, other: Counts) -> bool {
        borrows(self.0, other.0) == 0
    }

    /// These counts less `other`'s (which they must contain).
    #[inline]
    pub fn less(self, other: Counts) -> Counts {
        debug_assert!(self.contains(other));
        Counts(self.0 - other.0)
    }

    /// These counts and `other`'s together (at most [`MAX_COUNT`] of a
    /// rank).
    #[inline]
    pub fn and(self, other: Counts) -> Counts {
        debug_assert!(borrows(!self.0, other.0) == 0, "over {MAX_COUNT} cards of a rank");
        Counts(self.0 + other.0)
    }

    /// The fewer of these counts and `other`'s, rank by rank: the cards
    /// of `other` these counts can give.
    #[inline]
    pub const fn meet(self, other: Counts) -> Counts {
        // Where this count is below the other's, its nibble; elsewhere the
        // other's (each borrow's high bit widened to its nibble).
        let below = (borrows(self.0, other.0) >> 3) * 0xF;
        Counts(self.0 & below | other.0 & !below)
    }

    /// The ranks with at least `n` cards, as the low bit of each rank's
    /// nibble (bit `4 * rank`); every rank's for `n = 0`, none past
    /// [`MAX_COUNT`].
    #[inline]
    pub const fn nibbles_with(self, n: u8) -> u64 {
        match n {
            0 => ONES,
            1 => nonzero(self.0),
            16.. => 0,
            // Every count under 8 (a single deck): adding 8 − n sets a
            // nibble's high bit exactly when its count is n or more, with
            // no carry out of it.
            8.. if self.0 & HIGHS == 0 => 0,
            _ if self.0 & HIGHS == 0 => (self.0 + (8 - n as u64) * ONES) >> 3 & ONES,
            _ => (!borrows(self.0, ONES * n as u64) & HIGHS) >> 3,
        }
    }

    /// The ranks with exactly `n` cards, as [`nibbles_with`](Counts::nibbles_with)
    /// gives them (every rank of count 0 among the sixteen for `n = 0`).
    #[inline]
    pub const fn nibbles_exactly(self, n: u8) -> u64 {
        self.nibbles_with(n) & !self.nibbles_with(n + 1)
    }

    /// The ranks with at least `n` cards, one bit per rank (bit `rank`).
    #[inline]
    pub const fn ranks_with(self, n: u8) -> u16 {
        gather(self.nibbles_with(n))
    }

    /// Each rank, low to high, with its count (ranks of count 0 left out).
    pub fn iter(self) -> impl Iterator<Item = (u8, u8)> {
        (0..MAX_RANKS as u8)
            .map(move |r| (r, self.get(r)))
            .filter(|&(_, k)| k > 0)
    }

    /// The counts written with the game's rank names, low to high, each
    /// as often as counted, separated by spaces (`3 3 4 4 5 5`).
    ///
    /// # Panics
    /// On display, when a counted rank has no name in `names`.
    pub fn named<'a>(self, names: &'a [&'a str]) -> Named<'a> {
        Named { counts: self, names }
    }
}

/// [`Counts`] written with rank names ([`Counts::named`]).
#[derive(Clone, Copy, Debug)]
pub struct Named<'a> {
    counts: Counts,
    names: &'a [&'a str],
}

impl fmt::Display for Named<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (r, k) in self.counts.iter() {
            for _ in 0..k {
                if !first {
                    f.write_str(" ")?;
                }
                first = false;
                f.write_str(self.names[usize::from(r)])?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Counts {
    /// The count of each rank from rank 0 to the highest counted:
    /// `Counts[2 0 1]` is two of rank 0 and one of rank 2.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let top = (64 - self.0.leading_zeros()).div_ceil(4) as u8;
        f.write_str("Counts[")?;
        for r in 0..top {
            if r > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}", self.get(r))?;
        }
        f.write_str("]")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The word tests against plain per-rank arithmetic, over every pair
    /// of counts a nibble holds, in every nibble.
    #[test]
    fn word_arithmetic_matches_rank_by_rank_arithmetic() {
        for a in 0..=MAX_COUNT {
            for b in 0..=MAX_COUNT {
                // Noise in the other nibbles must not leak into `r`'s:
                // counts of two decks, and of one (under 8: the fast path).
                for (r, noise) in [0u8, 1, 7, 14, 15]
                    .into_iter()
                    .flat_map(|r| [(r, 0xF0F3_5A0C_9E21_7B64u64), (r, 0x6051_4302_7160_3524)])
                {
                    let noise = Counts(noise & !(0xF << (4 * u32::from(r))));
                    let x = noise.plus(r, a);
                    let y = Counts::of_rank(r, b);
                    assert_eq!(
                        borrows(x.0, y.0) >> (4 * u32::from(r)) & 8 != 0,
                        a < b,
                        "{a} < {b} at {r}"
                    );
                    assert_eq!(x.nibbles_with(b) >> (4 * u32::from(r)) & 1 != 0, a >= b, "{a} >= {b}");
                    assert_eq!(x.nibbles_exactly(b) >> (4 * u32::from(r)) & 1 != 0, a == b);
                }
                assert_eq!(Counts::of_rank(3, a).contains(Counts::of_rank(3, b)), a >= b);
            }
        }
        let c = Counts::from_slice(&[2, 0, 15, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8]);
        assert_eq!(c.total(), 26);
        assert_eq!(c.ranks_with(1), 0b1000_0000_0000_1101);
        assert_eq!(c.ranks_with(3), 0b1000_0000_0000_0100);
        assert_eq!(c.iter().collect::<Vec<_>>(), [(0, 2), (2, 15), (3, 1), (15, 8)]);
        assert_eq!(gather(spread(0xA5C3)), 0xA5C3);
        assert_eq!(spread(c.ranks_with(2)), c.nibbles_with(2));
        assert_eq!(Counts::run(2, 3, 2), Counts::from_slice(&[0, 0, 2, 2, 2]));
        assert_eq!(Counts::run(0, 16, 1).0, ONES);
        assert_eq!(format!("{c:?}"), "Counts[2 0 15 1 0 0 0 0 0 0 0 0 0 0 0 8]");
        let names = ["3", "4", "5", "6"];
        assert_eq!(Counts::from_slice(&[2, 0, 1]).named(&names).to_string(), "3 3 5");
    }
}
