//! The rules options of Euchre, defaults first.

use serde::{Deserialize, Serialize};

/// Every rules option (the JSON fields of the same names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct EuchreOptions {
    /// The match ends after the hand in which a side reaches this score
    /// (named as Hearts and Skyjo name their own).
    pub end_score: u32,
    /// Stick the dealer: when the first three seats pass in the second
    /// round, the dealer must name trump. Off, a hand all four pass twice
    /// is thrown in and the deal passes to the left.
    pub stick_the_dealer: bool,
    /// Against a lone maker, a defender may defend alone (its partner sits
    /// out); a lone defender who euchres the maker scores 4.
    pub defender_alone: bool,
}

impl Default for EuchreOptions {
    fn default() -> Self {
        EuchreOptions {
            end_score: 10,
            stick_the_dealer: true,
            defender_alone: false,
        }
    }
}

/// The largest end score offered.
pub const MAX_END_SCORE: u32 = 100;

impl EuchreOptions {
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
