//! The rules a table may choose ([`GuandanOptions`]), each with the
//! standard rule as its default.

use serde::{Deserialize, Serialize};

/// What a player who received tribute may give back.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReturnRule {
    /// A card of ten or lower (by its number; never a joker), or the
    /// hand's lowest card when it holds none (the 2022 tournament rules).
    #[default]
    TenOrLower,
    /// Any card but the one received (pagat's rule).
    Any,
}

/// The options of a Guandan match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GuandanOptions {
    /// The level both sides start at (a natural rank: 0 the two … 12 the
    /// ace): 2 by the rules; higher for a shorter match.
    pub start_level: u8,
    /// How many hands a side may play at its level A without winning
    /// before it drops back to level 2: 0 never (it plays A until it wins
    /// there, as the national rules have it), 3 pagat's rule.
    pub a_failures: u8,
    /// What may be given back for a tribute.
    pub return_rule: ReturnRule,
}

impl Default for GuandanOptions {
    fn default() -> Self {
        GuandanOptions {
            start_level: 0,
            a_failures: 0,
            return_rule: ReturnRule::TenOrLower,
        }
    }
}

/// The most failures at A a table may allow before the drop.
pub const MAX_A_FAILURES: u8 = 9;

/// What is wrong with a set of options.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    /// The failures at A out of range.
    #[error("a_failures is 0 (never drop back) to {MAX_A_FAILURES}")]
    AFailures,
    /// The starting level out of range.
    #[error("start_level is 0 (the two) to 12 (the ace)")]
    StartLevel,
}

impl GuandanOptions {
    /// The options checked.
    ///
    /// # Errors
    /// A value out of its range.
    pub fn validate(self) -> Result<GuandanOptions, OptionsError> {
        if self.a_failures > MAX_A_FAILURES {
            return Err(OptionsError::AFailures);
        }
        if self.start_level > crate::cards::ACE {
            return Err(OptionsError::StartLevel);
        }
        Ok(self)
    }
}
