//! The games table's rows as the API reads them: the games of before
//! (daily, free, watch, tic-tac-toe) and the tables of every registered
//! game, and the body of a move.

use serde::Deserialize;
use sqlx::Row;
use tabula_diagonal::Record;

use crate::auth::Session;
use crate::error::{ApiError, ApiResult};
use crate::play::{DiagonalGame, Player};
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
    /// `daily`, `free`, `watch` or `tictactoe`.
    pub kind: String,
    /// The daily grid's date.
    pub day: Option<String>,
    /// Seat 0 and seat 1 (`you`, `greedy`, `alphabeta:D`).
    pub players: [String; 2],
    /// The record (JSON).
    pub record: String,
    /// Whether it can enter the leaderboard.
    pub ranked: bool,
    /// A game over the contract: its registered name, options and truth
    /// (`None` for the daily, free, watch and tic-tac-toe games of before).
    pub table: Option<TableRow>,
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
}

impl TableRow {
    pub(crate) fn table(&self) -> ApiResult<Table> {
        Table::load(&self.game, &self.options, &self.players, &self.truth)
    }
}

impl GameRow {
    pub(crate) fn from_row(r: &sqlx::any::AnyRow) -> ApiResult<GameRow> {
        let all: Vec<String> = serde_json::from_str(&r.get::<String, _>("players")).map_err(ApiError::internal)?;
        let truth: Option<String> = r.get("truth");
        let table = truth.map(|truth| TableRow {
            game: r.get::<Option<String>, _>("game").unwrap_or_default(),
            options: r.get::<Option<String>, _>("options").unwrap_or_else(|| "null".into()),
            players: all.clone(),
            truth,
        });
        // Games of before have two seats.
        let players = match (&table, all.as_slice()) {
            (None, [a, b]) => [a.clone(), b.clone()],
            (None, _) => return Err(ApiError::internal("a stored game of before without two seats")),
            (Some(_), _) => [String::new(), String::new()],
        };
        Ok(GameRow {
            table,
            id: r.get("id"),
            session_hash: r.get("session_hash"),
            user_id: r.get("user_id"),
            kind: r.get("kind"),
            day: r.get("day"),
            players,
            record: r.get("record"),
            ranked: r.get::<i64, _>("ranked") != 0,
        })
    }

    pub(crate) fn owned_by(&self, s: &Session) -> bool {
        match (&self.user_id, &s.user) {
            (Some(owner), Some(user)) => *owner == user.id,
            (None, _) => self.session_hash == s.token_hash,
            (Some(_), None) => false,
        }
    }

    pub(crate) fn diagonal(&self) -> ApiResult<DiagonalGame> {
        let record = Record::from_json(&self.record).map_err(ApiError::internal)?;
        let players = [self.players[0].parse::<Player>()?, self.players[1].parse::<Player>()?];
        Ok(DiagonalGame { record, players })
    }
}

pub(crate) const COLUMNS: &str = "id, session_hash, user_id, kind, day, players, record, ranked, game, options, truth";

/// A move.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Action {
    /// The action's text; none asks the computers to move.
    pub action: Option<String>,
    /// The ply the action answers (the view's `ply`): a stale request
    /// (a retry, a second tab) is refused with 409.
    pub ply: Option<u64>,
}
