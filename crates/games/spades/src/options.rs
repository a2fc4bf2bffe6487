//! The rules options of Spades, defaults first.

use serde::{Deserialize, Serialize};

/// Every rules option (the JSON fields of the same names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SpadesOptions {
    /// The match ends after a hand in which a side reaches this score
    /// (and the sides' scores differ).
    pub end_score: u32,
    /// A seat whose side trails by [`BLIND_NIL_DEFICIT`] or more may bid
    /// nil before its cards are dealt: ±200.
    pub blind_nil: bool,
    /// A side's contract of 10 tricks or more, made, scores 20 a trick
    /// (200 for 10) instead of 10.
    pub ten_for_two_hundred: bool,
    /// A side at −200 or below at the end of a hand loses the match.
    pub mercy: bool,
}

impl Default for SpadesOptions {
    fn default() -> Self {
        SpadesOptions {
            end_score: 500,
            blind_nil: false,
            ten_for_two_hundred: false,
            mercy: true,
        }
    }
}

/// The largest end score offered.
pub const MAX_END_SCORE: u32 = 5000;
/// How far a side must trail for its seats to bid blind nil.
pub const BLIND_NIL_DEFICIT: i32 = 100;
/// The score at or below which the mercy rule ends the match.
pub const MERCY: i32 = -200;

impl SpadesOptions {
    /// Checks the options.
    ///
    /// # Errors
    /// An end score of 0 or over [`MAX_END_SCORE`].
    pub fn check(&self) -> Result<(), String> {
        if (1..=MAX_END_SCORE).contains(&self.end_score) {
            Ok(())
        } else {
            Err(format!("end_score is 1 to {MAX_END_SCORE}, not {}", self.end_score))
        }
    }
}
