//! The rules options of Pinochle, defaults first.

use serde::{Deserialize, Serialize};

/// What happens when all four players pass.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AllPass {
    /// The dealer may not pass when the other three have: it bids at least
    /// the minimum ("stick the dealer").
    #[default]
    StickDealer,
    /// The hand is thrown in unplayed and the next dealer deals.
    Redeal,
}

/// Every rules option (the JSON fields of the same names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct PinochleOptions {
    /// The match ends after a hand in which a side reaches this score.
    pub end_score: u32,
    /// The lowest opening bid.
    pub min_bid: u16,
    /// What happens when all four pass.
    pub all_pass: AllPass,
    /// Cards the bidder's partner passes to the bidder after trump is
    /// named, and the bidder passes back (0 for no pass).
    pub pass: u8,
    /// A side whose score falls to minus the end score or below loses the
    /// match (the set-back spiral's end).
    pub minus_out: bool,
}

impl Default for PinochleOptions {
    fn default() -> Self {
        PinochleOptions {
            end_score: 1500,
            min_bid: 250,
            all_pass: AllPass::StickDealer,
            pass: 4,
            minus_out: true,
        }
    }
}

/// Bids go up in steps of this many points.
pub const BID_STEP: u16 = 10;
/// The highest bid: the points of a hand rarely pass it (two sides'
/// counters are 250; a double run alone is 1,500).
pub const MAX_BID: u16 = 1500;
/// The largest end score offered.
pub const MAX_END_SCORE: u32 = 10_000;

impl PinochleOptions {
    /// Checks the options.
    ///
    /// # Errors
    /// An end score of 0 or over [`MAX_END_SCORE`], a minimum bid that is
    /// not a multiple of 10 from 10 to [`MAX_BID`], a pass other than 0,
    /// 3 or 4.
    pub fn check(&self) -> Result<(), String> {
        if !(1..=MAX_END_SCORE).contains(&self.end_score) {
            return Err(format!("end_score is 1 to {MAX_END_SCORE}, not {}", self.end_score));
        }
        if !(BID_STEP..=MAX_BID).contains(&self.min_bid) || self.min_bid % BID_STEP != 0 {
            return Err(format!(
                "min_bid is a multiple of {BID_STEP} from {BID_STEP} to {MAX_BID}, not {}",
                self.min_bid
            ));
        }
        if ![0, 3, 4].contains(&self.pass) {
            return Err(format!("pass is 0, 3 or 4 cards, not {}", self.pass));
        }
        Ok(())
    }
}
