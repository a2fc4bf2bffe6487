//! The games table's rows as the API reads them (every row a table of a
//! registered game, the rows of before included), and the body of a move.

use serde::Deserialize;
use sqlx::Row;

use crate::auth::Session;
use crate::error::{ApiError, ApiResult};
use crate::legacy;
use crate::tables::Table;

/// A game as stored.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// Its id.
    pub id: String,
    /// The session that made it.
    pub session_hash: String,
    /// The account, if any.
    pub user_id: Option<String>,
    /// `play` or `watch`, or the `kind` request that made it (`daily`,
    /// `free`, `watch`, `tictactoe`).
    pub kind: String,
    /// The daily grid's date.
    pub day: Option<String>,
    /// Whether it can enter the leaderboard.
    pub ranked: bool,
    /// Whether the server played it (false: played in a browser and
    /// stored at its end; its computers' moves are not the server's).
    pub verified: bool,
    /// The game: its registered name, options, seats and truth (read from
    /// the record for rows of before).
    pub table: TableRow,
}

/// The columns of a game over the contract.
#[derive(Clone, Debug)]
pub struct TableRow {
    /// The registered name.
    pub game: String,
    /// Its options (JSON).
    pub options: String,
    /// Every seat's player.
    pub players: Vec<String>,
    /// The secret seed and every action (JSON).
    pub truth: String,
    /// Whether the truth column holds `truth`: false for a row of before,
    /// whose truth is read from its record (its first move stores it).
    pub stored: bool,
}

impl TableRow {
    pub(crate) fn table(&self) -> ApiResult<Table> {
        crate::tables::load(&self.game, &self.options, &self.players, &self.truth)
    }
}

impl GameRow {
    pub(crate) fn from_row(r: &sqlx::any::AnyRow) -> ApiResult<GameRow> {
        let players: Vec<String> = serde_json::from_str(&r.get::<String, _>("players")).map_err(ApiError::internal)?;
        let kind: String = r.get("kind");
        let table = match r.get::<Option<String>, _>("truth") {
            Some(truth) => TableRow {
                game: r.get::<Option<String>, _>("game").unwrap_or_default(),
                options: r.get::<Option<String>, _>("options").unwrap_or_else(|| "null".into()),
                players,
                stored: true,
                truth,
            },
            None => {
                let old = legacy::table_of_old_row(&kind, &r.get::<String, _>("record"))?;
                TableRow {
                    game: old.game.into(),
                    options: old.options,
                    players,
                    truth: old.truth,
                    stored: false,
                }
            }
        };
        Ok(GameRow {
            table,
            id: r.get("id"),
            session_hash: r.get("session_hash"),
            user_id: r.get("user_id"),
            kind,
            day: r.get("day"),
            ranked: r.get::<i64, _>("ranked") != 0,
            verified: r.get::<i64, _>("verified") != 0,
        })
    }

    pub(crate) fn owned_by(&self, s: &Session) -> bool {
        match (&self.user_id, &s.user) {
            (Some(owner), Some(user)) => *owner == user.id,
            (None, _) => self.session_hash == s.token_hash,
            (Some(_), None) => false,
        }
    }
}

pub(crate) const COLUMNS: &str =
    "id, session_hash, user_id, kind, day, players, record, ranked, verified, game, options, truth";

/// A move.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Action {
    /// The action's text; none (and no `choice`) asks the computers to
    /// move.
    pub action: Option<String>,
    /// The index of the move in the answer's `legal` at `ply` (which it
    /// needs): what pages send.
    pub choice: Option<u64>,
    /// The ply the action answers (the view's `ply`): a stale request
    /// (a retry, a second tab) is refused with 409.
    pub ply: Option<u64>,
    /// The moves the caller holds already: the answer's `moves` begin at
    /// this ply (`moves_from`) instead of the first.
    pub since: Option<u64>,
}
