//! The rules options of Gin Rummy, defaults first.

use serde::{Deserialize, Serialize};

/// Every rules option (the JSON fields of the same names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct GinOptions {
    /// The match ends after a hand that takes a seat's score to this or
    /// more.
    pub end_score: u32,
    /// Big gin: eleven cards that all meld may be laid down without a
    /// discard, for 31 instead of gin's 25.
    pub big_gin: bool,
    /// Oklahoma: the first upcard's value is the most deadwood a seat may
    /// knock with (an ace: gin only), and a spade upcard doubles the hand.
    pub oklahoma: bool,
}

impl Default for GinOptions {
    fn default() -> Self {
        GinOptions {
            end_score: 100,
            big_gin: false,
            oklahoma: false,
        }
    }
}

/// The largest end score offered.
pub const MAX_END_SCORE: u32 = 1000;
/// The most deadwood a seat may knock with (without Oklahoma).
pub const KNOCK_LIMIT: u32 = 10;
/// Gin's bonus.
pub const GIN_BONUS: u32 = 25;
/// Big gin's bonus (under `big_gin`).
pub const BIG_GIN_BONUS: u32 = 31;
/// The undercut's bonus.
pub const UNDERCUT_BONUS: u32 = 25;
/// The box (line) bonus, for each hand won, added at the match's end.
pub const BOX_BONUS: u32 = 25;
/// The game bonus of the match's winner.
pub const GAME_BONUS: u32 = 100;

impl GinOptions {
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
