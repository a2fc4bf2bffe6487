//! Games of every registered game, over the contract's table
//! ([`tabula_contract::table`]): one code path for any number of seats,
//! perfect or hidden information, shared with the browser's local tables.
//!
//! The server keeps each table's *truth* — the secret seed and every
//! action, chance outcomes included — in the database and replays it on
//! each request. What leaves is built from one seat's observation only.
//! The server draws chance outcomes itself, from the secret seed, and runs
//! each computer seat under the request's deadline with a cancel flag that
//! really stops its search.

use tabula_contract::GameEntry;
pub use tabula_contract::table::{
    LoggedMove, MAX_ACTION_LEN, NewTable, Replayed, Saved, SeatRequest, Swap, Table, TableError, Truth, player_name,
};

use crate::error::{ApiError, ApiResult};

impl From<TableError> for ApiError {
    fn from(e: TableError) -> ApiError {
        match e {
            TableError::BadRequest(m) => ApiError::bad_request(m),
            TableError::Conflict(m) => ApiError::conflict(m),
            TableError::Refused(m) => ApiError::unprocessable(m),
            TableError::Broken(m) => ApiError::internal(m),
        }
    }
}

pub(crate) fn game_entry(name: &str) -> ApiResult<&'static dyn GameEntry> {
    tabula_registry::find(name).map_err(|e| ApiError::bad_request(e.to_string()))
}

/// Where the seeds of new tables (and of games played in the page) come from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Seeds {
    /// The operating system's random source: nobody can foresee a deal.
    #[default]
    Secret,
    /// The n-th seed drawn is derived from this one and n: the same deals,
    /// in the order the tables are made, on every run. For tests whose
    /// length depends on the deal (a whole hand played from the page):
    /// never for a server people play on, since whoever knows it knows
    /// every deal. No command-line option sets it.
    Derived(u64),
}

/// A server's source of seeds: [`Seeds`] and how many it has drawn.
#[derive(Debug, Default)]
pub struct SeedSource {
    seeds: Seeds,
    drawn: std::sync::atomic::AtomicU64,
}

impl SeedSource {
    /// A source drawing as `seeds` says.
    pub fn new(seeds: Seeds) -> Self {
        SeedSource {
            seeds,
            drawn: std::sync::atomic::AtomicU64::new(0),
        }
    }

    /// The next seed.
    ///
    /// # Errors
    /// 500 when the operating system's random source fails.
    pub fn draw(&self) -> ApiResult<u64> {
        match self.seeds {
            Seeds::Secret => {
                let mut b = [0u8; 8];
                getrandom::getrandom(&mut b).map_err(ApiError::internal)?;
                Ok(u64::from_le_bytes(b))
            }
            Seeds::Derived(base) => {
                let n = self.drawn.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                Ok(tabula_search::rng::derive_seed(base, n))
            }
        }
    }
}

/// A new table from a request: options and seats checked, a secret seed
/// drawn from `seeds` (or `seed`, for a game whose seed only draws public
/// things, such as a grid the person chose).
///
/// # Errors
/// 400 for an unknown game, bad options, a wrong number of seats, more
/// than one person, or a player the game does not offer there.
pub fn create(request: &NewTable, seed: Option<u64>, seeds: &SeedSource) -> ApiResult<Table> {
    let entry = game_entry(&request.game)?;
    let seed = match seed {
        Some(seed) => seed,
        None => seeds.draw()?,
    };
    Ok(Table::create(entry, request, seed)?)
}

/// Refuses a table whose options publish content by date (the daily
/// grid) before that date's day (UTC), whatever route asks for it: the
/// game says so ([`tabula_contract::Driver::first_day`]), the server names
/// no game.
///
/// # Errors
/// 400 before the day.
pub fn check_released(table: &Table, today: tabula_contract::Date) -> ApiResult<()> {
    match table.driver.first_day() {
        Some(day) if day > today.days_since_epoch() => Err(ApiError::bad_request(format!(
            "these options are not served before their day: today is {today} (UTC)"
        ))),
        _ => Ok(()),
    }
}

/// A stored table.
///
/// # Errors
/// 500 when the row does not describe a game any more.
pub fn load(game: &str, options: &str, players: &[String], truth: &str) -> ApiResult<Table> {
    let entry = game_entry(game).map_err(|e| ApiError::internal(e.message))?;
    Ok(Table::load(entry, options, players, truth)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Derived seeds repeat run after run and differ table after table;
    /// secret ones follow no sequence.
    #[test]
    fn derived_seeds_repeat_and_secret_ones_do_not() {
        let draw = |seeds| {
            let source = SeedSource::new(seeds);
            [source.draw().unwrap(), source.draw().unwrap(), source.draw().unwrap()]
        };
        let a = draw(Seeds::Derived(7));
        assert_eq!(a, draw(Seeds::Derived(7)));
        assert!(a[0] != a[1] && a[1] != a[2] && a[0] != a[2]);
        assert_ne!(a, draw(Seeds::Derived(8)));
        assert_ne!(draw(Seeds::Secret), draw(Seeds::Secret));
    }
}
