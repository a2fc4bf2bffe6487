//! The rules options of Hearts, defaults first.

use serde::{Deserialize, Serialize};

/// What shooting the moon (taking every heart and Q♠ in one hand) does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoonRule {
    /// The other three seats take 26 each; the shooter takes nothing.
    #[default]
    Others,
    /// The shooter chooses, when it matters: the others take 26 each, or
    /// the shooter takes −26. The two leave every difference between
    /// scores the same, so the choice only matters when 26 more would put
    /// someone at the target and end the match; only then is the shooter
    /// asked, and otherwise the others take 26.
    Choice,
}

/// Every rules option (the JSON fields of the same names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct HeartsOptions {
    /// The match ends after the hand in which a seat reaches this score
    /// (named as Skyjo names its own).
    pub end_score: u32,
    /// Shooting the moon.
    pub moon: MoonRule,
    /// J♦ counts −10 for the seat that takes it.
    pub jack_of_diamonds: bool,
    /// Playing Q♠ breaks hearts, as a heart does.
    pub queen_breaks_hearts: bool,
}

impl Default for HeartsOptions {
    fn default() -> Self {
        HeartsOptions {
            end_score: 100,
            moon: MoonRule::Others,
            jack_of_diamonds: false,
            queen_breaks_hearts: true,
        }
    }
}

/// The largest end score offered (a match of about a hundred hands).
pub const MAX_END_SCORE: u32 = 1000;

impl HeartsOptions {
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
