//! Calendar dates (UTC) and the daily grid, a pure function of its date.
//!
//! # The daily grid
//!
//! The grid of a date is [`Grid::generate`] of
//! `GridSpec { size: 5, traps: true, seed }` with
//!
//! ```text
//! seed = derive_seed(DAILY_SALT, days as u64)
//! ```
//!
//! where `days` is the number of days from 1970-01-01 to the date (negative
//! before it, converted to `u64` in two's complement),
//! [`DAILY_SALT`] is `0x4A41_4D41_4953_4447` (the bytes of "JAMAISDG") and
//! `derive_seed(seed, stream) = mix64(seed ^ mix64(stream + 0x632B_E59B_D9B4_E019))`
//! with `mix64` the SplitMix64 finaliser
//! ([`tabula_search::rng::derive_seed`], all arithmetic wrapping on 64 bits).

use serde::Serialize;
use tabula_search::rng::derive_seed;

use crate::grid::{DEFAULT_SIZE, Grid, GridSpec};

/// The salt of the daily seeds (the bytes of "JAMAISDG").
pub const DAILY_SALT: u64 = 0x4A41_4D41_4953_4447;

pub use tabula_contract::date::{Date, DateError, civil_from_days, days_from_civil, days_in_month, is_leap_year};

/// Today's date in UTC, from the system clock (the contract's dates read
/// no clock).
///
/// # Panics
/// If the clock is set before 1970 or after 9999.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub fn today_utc() -> Date {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("the system clock is set after 1970")
        .as_secs();
    Date::from_days_since_epoch((secs / 86_400) as i64).expect("the system clock is set before 10000")
}

/// The seed of a date's grid (formula in the module docs).
pub fn daily_seed(date: Date) -> u64 {
    derive_seed(DAILY_SALT, date.days_since_epoch() as u64)
}

/// The spec of a date's grid: 5 × 5, traps on, [`daily_seed`].
pub fn daily_spec(date: Date) -> GridSpec {
    GridSpec {
        size: DEFAULT_SIZE,
        seed: daily_seed(date),
        traps: true,
    }
}

/// The grid of a date.
pub fn daily_grid(date: Date) -> Grid {
    Grid::generate(&daily_spec(date)).expect("the daily spec is valid")
}

/// The daily grid of a date as `tabula daily --json` and the web app's
/// `GET /api/daily/{date}` print it: `{"date","size","cells"}`, the cells
/// as rows of values (negative for traps).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DailyGrid {
    /// `YYYY-MM-DD`.
    pub date: String,
    /// The grid's side.
    pub size: u8,
    /// The values, row by row from the top.
    pub cells: Vec<Vec<i8>>,
}

impl DailyGrid {
    /// The grid of `date`.
    pub fn of(date: Date) -> DailyGrid {
        let grid = daily_grid(date);
        let size = usize::from(grid.size());
        DailyGrid {
            date: date.to_string(),
            size: grid.size(),
            cells: grid.values().chunks(size).map(<[i8]>::to_vec).collect(),
        }
    }
}
