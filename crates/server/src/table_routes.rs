//! The games API for tables of every registered game (see [`crate::tables`]):
//! creation, the person's actions and the computers' moves, stored with
//! an optimistic check so that two requests never both apply.

use axum::Json;
use axum::http::StatusCode;
use serde_json::Value;

use crate::AppState;
use crate::auth::Session;
use crate::compute::think_until;
use crate::error::{ApiError, ApiResult};
use tabula_contract::Match;

use crate::rows::{Action, COLUMNS, GameRow, TableRow};
use crate::tables::{self, NewTable, Table};
use crate::util::random_hex;

/// Plays the computers (and chance) of `game`, the table's replayed match,
/// under the deadline; returns the table with the actions they played
/// appended. The table travels to the worker and back, uncopied.
async fn run_computers(state: &AppState, table: Table, mut game: Box<dyn Match>, one_move: bool) -> ApiResult<Table> {
    if !table.computers_act(game.as_ref()) {
        return Ok(table);
    }
    let (done, _late) = think_until(state, move |flag| {
        let mut table = table;
        let played = table.advance(game.as_mut(), one_move, flag)?;
        table.truth.actions.extend(played);
        Ok(table)
    })
    .await?;
    done
}

/// The stored columns of a table at its current state.
struct TableState {
    truth: String,
    record: String,
    over: bool,
    scores: Option<String>,
}

/// The columns to store and the answer, from one replay of the truth.
fn table_state(table: &Table, id: &str, kind: &str) -> ApiResult<(TableState, Value)> {
    let replayed = table.replay()?;
    let game = replayed.game.as_ref();
    let over = game.to_act() == tabula_search::Turn::Terminal;
    let scores = if over { table.final_scores(game) } else { None };
    let state = TableState {
        truth: table.truth_json(),
        record: game.record().unwrap_or(Value::Null).to_string(),
        over,
        scores: scores.map(|s| Value::from(s).to_string()),
    };
    Ok((state, table.view(&replayed, id, kind)))
}

/// `POST /api/games` for a registered game.
pub(crate) async fn create_table(
    state: AppState,
    session: Session,
    addr: &str,
    request: NewTable,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let table = Table::create(&request)?;
    state.count_new_game(&session.token_hash, addr)?;
    let kind = if table.human().is_some() { "play" } else { "watch" };
    // The person waits for the computers that sit before them; computers
    // playing alone move one request at a time, so they can be watched.
    let table = if kind == "play" {
        let game = table.replay()?.game;
        run_computers(&state, table, game, false).await?
    } else {
        table
    };
    let id = random_hex(12);
    let (stored, v) = table_state(&table, &id, kind)?;
    let now_ms = state.clock.now_ms();
    sqlx::query(
        "INSERT INTO games (id, session_hash, user_id, kind, day, players, record, over, score0, score1, ranked, created, finished, game, options, truth, scores) \
         VALUES ($1, $2, $3, $4, NULL, $5, $6, $7, 0, 0, 0, $8, $9, $10, $11, $12, $13)",
    )
    .bind(&id)
    .bind(&session.token_hash)
    .bind(session.user.as_ref().map(|u| u.id.clone()))
    .bind(kind)
    .bind(table.players_json())
    .bind(&stored.record)
    .bind(i64::from(stored.over))
    .bind(now_ms)
    .bind(stored.over.then_some(now_ms))
    .bind(table.driver.info().name)
    .bind(table.driver.options().to_string())
    .bind(&stored.truth)
    .bind(stored.scores)
    .execute(&state.db.pool)
    .await?;
    Ok((StatusCode::CREATED, Json(v)))
}

/// `POST /api/games/{id}/actions` for a table: the person's action (or
/// none, to let the computers move), then the computers'.
pub(crate) async fn act_table(state: &AppState, game: &GameRow, row: &TableRow, body: &Action) -> ApiResult<Value> {
    let mut table = row.table()?;
    let old_truth = row.truth.clone();
    let mut replayed = table.replay()?;
    match &body.action {
        Some(action) => {
            let played = tables::play_human(&table, &mut replayed, action, body.ply)?;
            table.truth.actions.push(played);
        }
        None => {
            if let Some(ply) = body.ply {
                if ply != table.truth.actions.len() as u64 {
                    return Err(ApiError::conflict(
                        "this request answers an older position: reload the game",
                    ));
                }
            }
            if !table.computers_act(replayed.game.as_ref()) {
                return Err(ApiError::conflict(if table.human().is_some() {
                    "it is your turn (or the game is over): send an action"
                } else {
                    "the game is over"
                }));
            }
        }
    }
    let table = run_computers(state, table, replayed.game, game.kind == "watch").await?;
    let (stored, v) = table_state(&table, &game.id, &game.kind)?;
    let now_ms = state.clock.now_ms();
    let done = sqlx::query(
        "UPDATE games SET truth = $1, record = $2, over = $3, scores = $4, finished = $5 WHERE id = $6 AND truth = $7",
    )
    .bind(&stored.truth)
    .bind(&stored.record)
    .bind(i64::from(stored.over))
    .bind(stored.scores)
    .bind(stored.over.then_some(now_ms))
    .bind(&game.id)
    .bind(&old_truth)
    .execute(&state.db.pool)
    .await?;
    if done.rows_affected() != 1 {
        return Err(ApiError::conflict("the game changed meanwhile: reload it"));
    }
    Ok(v)
}

/// The hidden-information tests' hook: exchanges two cards the observing
/// seat of table `id` cannot see, in the stored truth, at the current ply.
/// Returns whether the game had two such cards. Not reachable over HTTP.
///
/// # Errors
/// 404 for no such table.
#[doc(hidden)]
pub async fn swap_unseen_for_tests(state: &AppState, id: &str) -> ApiResult<bool> {
    let row = sqlx::query(&format!("SELECT {COLUMNS} FROM games WHERE id = $1"))
        .bind(id)
        .fetch_optional(&state.db.pool)
        .await?
        .ok_or_else(|| ApiError::not_found("no such game"))?;
    let game = GameRow::from_row(&row)?;
    let row = game.table.ok_or_else(|| ApiError::not_found("not a table"))?;
    let mut table = row.table()?;
    let seat = table.observer();
    if !table.replay()?.game.swap_unseen(seat) {
        return Ok(false);
    }
    table.truth.swaps.push(tables::Swap {
        ply: table.truth.actions.len(),
        seat,
    });
    sqlx::query("UPDATE games SET truth = $1 WHERE id = $2")
        .bind(table.truth_json())
        .bind(id)
        .execute(&state.db.pool)
        .await?;
    Ok(true)
}
