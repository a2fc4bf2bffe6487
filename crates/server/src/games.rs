//! The games API: create, view, play, list, review. Every game is a table
//! of a registered game (see [`crate::tables`]); the `kind` requests of
//! before make tables too ([`crate::legacy`]), and daily games are scored
//! from the server's own replay.

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use serde_json::{Value, json};
use sqlx::Row;

use crate::AppState;
use crate::auth::{ClientAddr, Posting, Session, Visitor};
use crate::compute::think;
use crate::error::{ApiError, ApiJson, ApiResult};
use crate::legacy::{self, KindRequest};
use crate::rows::{Action, COLUMNS, GameRow};
use crate::table_routes::{Creation, act_table, create_table};
use crate::tables::{NewTable, Saved};

/// Loads a game the session may see, or 404.
pub(crate) async fn owned_game(state: &AppState, session: Option<&Session>, id: &str) -> ApiResult<GameRow> {
    // The id is not written back (what a request sent is never echoed).
    let missing =
        || ApiError::not_found("no such game here (games belong to the session or the account that began them)");
    let session = session.ok_or_else(missing)?;
    let row = sqlx::query(&format!("SELECT {COLUMNS} FROM games WHERE id = $1"))
        .bind(id)
        .fetch_optional(&state.db.pool)
        .await?
        .ok_or_else(missing)?;
    let game = GameRow::from_row(&row)?;
    if game.owned_by(session) {
        Ok(game)
    } else {
        Err(missing())
    }
}

/// Adds what the database knows besides the game to its answer: the daily
/// grid's date, whether the game counts for the leaderboard (or its day
/// was restarted), and, once a ranked day is over, its margin and points.
pub(crate) async fn with_standing(state: &AppState, game: &GameRow, mut v: Value) -> ApiResult<Value> {
    let (mut restarted, mut points) = (false, None);
    if let (Some(user), Some(day)) = (&game.user_id, &game.day) {
        (restarted, points) = crate::attempts::day_standing(state, user, day, &game.id).await?;
    }
    let o = v.as_object_mut().expect("answers are objects");
    if game.kind == "daily" {
        if let Some(result) = o.get_mut("result").and_then(Value::as_object_mut) {
            let scores = result["scores"].as_array().cloned().unwrap_or_default();
            let point = |s: usize| scores.get(s).and_then(Value::as_f64).unwrap_or(0.0);
            result.insert("margin".into(), json!((point(0) - point(1)).round() as i64));
            result.insert("points".into(), json!(points));
        }
    }
    o.insert("date".into(), json!(game.day));
    o.insert("ranked".into(), json!(game.ranked && !restarted));
    o.insert("verified".into(), json!(game.verified));
    o.insert("restarted".into(), json!(restarted));
    Ok(v)
}

/// The answer's moves from ply `since` on (the caller holds the ones
/// before), with `moves_from` saying where they begin; the whole list
/// without `since`. A long match's answer then carries what changed, not
/// every move again.
///
/// # Errors
/// 400 when `since` is past the game's last move.
fn moves_since(mut v: Value, since: Option<u64>) -> ApiResult<Value> {
    let Some(since) = since else {
        return Ok(v);
    };
    let o = v.as_object_mut().expect("answers are objects");
    let moves = o
        .get_mut("moves")
        .and_then(Value::as_array_mut)
        .expect("answers list their moves");
    let from = usize::try_from(since)
        .ok()
        .filter(|&n| n <= moves.len())
        .ok_or_else(|| ApiError::bad_request("since is past the game's last move"))?;
    moves.drain(..from);
    o.insert("moves_from".into(), json!(from));
    Ok(v)
}

/// The query of a game's answer: `since`, as for a move.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SinceQuery {
    since: Option<u64>,
}

/// The answer for a stored game.
async fn view(state: &AppState, game: &GameRow) -> ApiResult<Value> {
    let table = game.table.table()?;
    let v = table.answer(&table.replay()?, &game.id, &game.kind);
    with_standing(state, game, v).await
}

/// `POST /api/games`: `{game, options, seats}` for any registered game, or
/// a `kind` request of before (daily, free, watch, or a game with a lab).
pub async fn create(
    State(state): State<AppState>,
    Posting(session): Posting,
    ClientAddr(addr): ClientAddr,
    ApiJson(body): ApiJson<Value>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let bad = |e: serde_json::Error| ApiError::bad_request(e.to_string());
    let (request, how) = if body.get("game").is_some() {
        let request: NewTable = serde_json::from_value(body).map_err(bad)?;
        (request, Creation::default())
    } else {
        let planned = legacy::plan(KindRequest::read(body)?, state.clock.today())?;
        let how = Creation {
            kind: Some(planned.kind),
            day: planned.day,
            seed: planned.seed,
        };
        (planned.request, how)
    };
    let _turn = state.client_turn(&session.token_hash, &addr).await?;
    let (game, v) = create_table(&state, &session, &addr, request, how).await?;
    Ok((StatusCode::CREATED, Json(with_standing(&state, &game, v).await?)))
}

/// The query of a saved game: its seed's ticket, when it has one.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LocalQuery {
    ticket: Option<String>,
}

/// `POST /api/games/local/seed`: `{"seed","ticket"}`, the seed of a game
/// the page is about to play, drawn by the server (see
/// [`crate::table_routes::local_ticket`]).
pub async fn local_seed(
    State(state): State<AppState>,
    Posting(session): Posting,
    ClientAddr(addr): ClientAddr,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let v = crate::table_routes::local_ticket(&state, &session, &addr)?;
    Ok((StatusCode::CREATED, Json(v)))
}

/// `POST /api/games/local`: a game played in the browser, finished (see
/// [`crate::table_routes::save_local`]). Answers 201 with the stored
/// game's answer (its `id` opens it, its review included).
pub async fn save_local(
    State(state): State<AppState>,
    Posting(session): Posting,
    ClientAddr(addr): ClientAddr,
    query: Result<Query<LocalQuery>, axum::extract::rejection::QueryRejection>,
    ApiJson(saved): ApiJson<Saved>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let Query(query) = query.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let ticket = query.ticket.as_deref();
    let (game, v) = crate::table_routes::save_local(&state, &session, &addr, saved, ticket).await?;
    Ok((StatusCode::CREATED, Json(with_standing(&state, &game, v).await?)))
}

/// `GET /api/games/{id}`.
pub async fn get(
    State(state): State<AppState>,
    Visitor(session): Visitor,
    Path(id): Path<String>,
    query: Result<Query<SinceQuery>, axum::extract::rejection::QueryRejection>,
) -> ApiResult<Json<Value>> {
    let Query(query) = query.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let game = owned_game(&state, session.as_ref(), &id).await?;
    Ok(Json(moves_since(view(&state, &game).await?, query.since)?))
}

/// `POST /api/games/{id}/actions`.
///
/// Moves are rate-limited per session and per address, and a client's
/// moves are computed one at a time (see [`crate::Shared::client_turn`]):
/// a client cannot hold more than one of the computer's cores.
pub async fn act(
    State(state): State<AppState>,
    Posting(session): Posting,
    ClientAddr(addr): ClientAddr,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<Action>,
) -> ApiResult<Json<Value>> {
    state.count_move(&session.token_hash, &addr)?;
    let game = owned_game(&state, Some(&session), &id).await?;
    let _turn = state.client_turn(&session.token_hash, &addr).await?;
    let v = act_table(&state, &game, &body).await?;
    Ok(Json(moves_since(with_standing(&state, &game, v).await?, body.since)?))
}

/// Each seat's computer by the name people read (`Expert`, `Monte Carlo,
/// 500 iterations`), `null` for the person: from the stored players of a
/// game of `game` (a row stored before games were named is the daily
/// puzzle's game's).
fn seat_titles(game: Option<&str>, players: &Value) -> Vec<Option<String>> {
    let entry = match game {
        Some(name) => tabula_registry::find(name).ok(),
        None => crate::legacy::daily_game().ok().map(|(entry, _)| entry),
    };
    let names = players.as_array().map(Vec::as_slice).unwrap_or_default();
    names
        .iter()
        .map(|p| {
            let spec: tabula_contract::PlayerSpec = p.as_str().filter(|&p| p != "you")?.parse().ok()?;
            Some(entry.map_or_else(
                || spec.to_string(),
                |e| tabula_contract::player_title(&spec, e.players()),
            ))
        })
        .collect()
}

/// `GET /api/games`: the session's (or account's) last 50 games.
pub async fn list(State(state): State<AppState>, Visitor(session): Visitor) -> ApiResult<Json<Value>> {
    let Some(session) = session else {
        return Ok(Json(json!([])));
    };
    let query = match &session.user {
        Some(user) => sqlx::query(
            "SELECT id, kind, day, players, over, score0, score1, ranked, verified, created, game, scores FROM games \
             WHERE user_id = $1 ORDER BY created DESC LIMIT 50",
        )
        .bind(user.id.clone()),
        None => sqlx::query(
            "SELECT id, kind, day, players, over, score0, score1, ranked, verified, created, game, scores FROM games \
             WHERE session_hash = $1 AND user_id IS NULL ORDER BY created DESC LIMIT 50",
        )
        .bind(session.token_hash.clone()),
    };
    let rows = query.fetch_all(&state.db.pool).await?;
    let games: Vec<Value> = rows
        .iter()
        .map(|r| {
            let players: Value = serde_json::from_str(&r.get::<String, _>("players")).unwrap_or(Value::Null);
            let game = r.get::<Option<String>, _>("game");
            let titles = seat_titles(game.as_deref(), &players);
            let scores = match r.get::<Option<String>, _>("scores") {
                Some(text) => serde_json::from_str(&text).unwrap_or(Value::Null),
                None => json!([r.get::<i64, _>("score0"), r.get::<i64, _>("score1")]),
            };
            json!({
                "id": r.get::<String, _>("id"),
                "game": game,
                "kind": r.get::<String, _>("kind"),
                "date": r.get::<Option<String>, _>("day"),
                "players": players,
                "titles": titles,
                "over": r.get::<i64, _>("over") != 0,
                "scores": scores,
                "ranked": r.get::<i64, _>("ranked") != 0,
                "verified": r.get::<i64, _>("verified") != 0,
                "created": r.get::<i64, _>("created"),
            })
        })
        .collect();
    Ok(Json(Value::Array(games)))
}

/// `GET /api/games/{id}/review`: a deeper search's choice at each of the
/// person's turns, for the games that review (computed once, then read).
pub async fn review(
    State(state): State<AppState>,
    Visitor(session): Visitor,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    let game = owned_game(&state, session.as_ref(), &id).await?;
    let table = game.table.table()?;
    let seat = table.human();
    let replayed = table.replay()?;
    let (Some(seat), true) = (seat, replayed.game.reviews()) else {
        return Err(ApiError::bad_request(
            "only your own games of a game that reviews (Jamais en diagonale) have a review",
        ));
    };
    if replayed.game.to_act() != tabula_search::Turn::Terminal {
        return Err(ApiError::conflict("the review comes once the game is over"));
    }
    // A finished game's review never changes: computed once, then read.
    let cached: Option<String> = sqlx::query_scalar("SELECT review FROM games WHERE id = $1")
        .bind(&game.id)
        .fetch_one(&state.db.pool)
        .await?;
    if let Some(text) = cached {
        return Ok(Json(serde_json::from_str(&text).map_err(ApiError::internal)?));
    }
    let session = session.expect("an owned game has a session");
    state
        .reviews
        .hit(&session.token_hash)
        .map_err(|s| ApiError::too_many("reviews", s))?;
    let played = replayed.game;
    let answer = think(&state, move || played.review(seat).map_err(ApiError::internal)).await?;
    sqlx::query("UPDATE games SET review = $1 WHERE id = $2")
        .bind(answer.to_string())
        .bind(&game.id)
        .execute(&state.db.pool)
        .await?;
    Ok(Json(answer))
}
