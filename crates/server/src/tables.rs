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

/// A secret seed, from the operating system.
pub(crate) fn random_seed() -> ApiResult<u64> {
    let mut b = [0u8; 8];
    getrandom::getrandom(&mut b).map_err(ApiError::internal)?;
    Ok(u64::from_le_bytes(b))
}

/// A new table from a request: options and seats checked, a secret seed
/// drawn (or `seed`, for a game whose seed only draws public things, such
/// as a grid the person chose).
///
/// # Errors
/// 400 for an unknown game, bad options, a wrong number of seats, more
/// than one person, or a player the game does not offer there.
pub fn create(request: &NewTable, seed: Option<u64>) -> ApiResult<Table> {
    let entry = game_entry(&request.game)?;
    let seed = match seed {
        Some(seed) => seed,
        None => random_seed()?,
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
