//! The rules options of Canasta, defaults first.

use serde::{Deserialize, Serialize};

/// Every rules option (the JSON fields of the same names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct CanastaOptions {
    /// Cards drawn from the stock in a turn: 1 (classic) or 2 (the common
    /// variant; one card is still discarded).
    pub draw: u8,
    /// Whether going out needs the partner's permission: the player asks,
    /// the partner answers, and the answer binds (a yes: go out this turn;
    /// a no: not this turn).
    pub permission: bool,
    /// The initial meld's minimum count by the side's score: below 0, 0 to
    /// 1,495, 1,500 to 2,995, 3,000 and over.
    pub minimums: [u16; 4],
    /// The score that ends the match.
    pub end_score: u32,
}

impl Default for CanastaOptions {
    fn default() -> Self {
        CanastaOptions {
            draw: 1,
            permission: false,
            minimums: CLASSIC_MINIMUMS,
            end_score: 5000,
        }
    }
}

/// Pagat's table of initial meld minimums.
pub const CLASSIC_MINIMUMS: [u16; 4] = [15, 50, 90, 120];
/// The greatest minimum the options accept.
pub const MAX_MINIMUM: u16 = 500;

impl CanastaOptions {
    /// Checks the options.
    ///
    /// # Errors
    /// A draw other than 1 or 2, a minimum over 500, or an end score off 500 to 100,000.
    pub fn check(&self) -> Result<(), String> {
        if !(1..=2).contains(&self.draw) {
            return Err(format!("draw is 1 or 2, not {}", self.draw));
        }
        if let Some(m) = self.minimums.iter().find(|&&m| m > MAX_MINIMUM) {
            return Err(format!("a minimum is at most {MAX_MINIMUM}, not {m}"));
        }
        if !(500..=100_000).contains(&self.end_score) {
            return Err(format!("end_score is 500 to 100000, not {}", self.end_score));
        }
        Ok(())
    }

    /// The initial meld's minimum for a side on `score`.
    pub fn minimum(&self, score: i32) -> u32 {
        let k = match score {
            ..0 => 0,
            0..1500 => 1,
            1500..3000 => 2,
            _ => 3,
        };
        u32::from(self.minimums[k])
    }
}
