//! The rules options of Dou Dizhu, defaults first.

use serde::{Deserialize, Serialize};

/// Every rules option (the JSON fields of the same names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DdzOptions {
    /// Deals in a match (1 to [`MAX_DEALS`]); deals thrown in after
    /// three passes do not count.
    pub match_deals: u32,
    /// Four of a rank may carry two single or two pair kickers.
    pub four_with_two: bool,
    /// When all three seats pass in the bidding the cards are thrown in
    /// and dealt again; off, the first bidder becomes the landlord at a
    /// bid of 1.
    pub no_bid_redeal: bool,
}

impl Default for DdzOptions {
    fn default() -> Self {
        DdzOptions {
            match_deals: 10,
            four_with_two: true,
            no_bid_redeal: true,
        }
    }
}

/// The most deals a match may have.
pub const MAX_DEALS: u32 = 100;

impl DdzOptions {
    /// Checks the options.
    ///
    /// # Errors
    /// Deals out of 1 to [`MAX_DEALS`].
    pub fn check(&self) -> Result<(), String> {
        if (1..=MAX_DEALS).contains(&self.match_deals) {
            Ok(())
        } else {
            Err(format!("match_deals is 1 to {MAX_DEALS}, not {}", self.match_deals))
        }
    }
}
