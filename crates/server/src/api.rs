//! The JSON API's routes (see `docs/web-api.md`).

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};
use tabula_diagonal::DailyGrid;

use crate::daily::parse_date;
use crate::error::{ApiError, ApiResult};
use crate::{AppState, auth, daily, games, lab};

/// The API's routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/health", get(health))
        .route("/api/session", get(auth::get_session))
        .route("/api/register", post(auth::register))
        .route("/api/login", post(auth::login))
        .route("/api/logout", post(auth::logout))
        .route("/api/account", post(auth::account))
        .route("/api/catalog", get(catalog))
        .route("/api/catalog/{game}", get(seating))
        .route("/api/games", post(games::create).get(games::list))
        .route("/api/games/local", post(games::save_local))
        .route("/api/games/local/seed", post(games::local_seed))
        .route("/api/wasm", get(crate::wasm::manifest_route))
        .route("/api/data/{game}/{*key}", get(crate::wasm::data_route))
        .route("/api/games/{id}", get(games::get))
        .route("/api/games/{id}/actions", post(games::act))
        .route("/api/games/{id}/review", get(games::review))
        .route("/api/daily/{date}", get(daily_grid))
        .route("/api/leaderboard", get(daily::leaderboard))
        .route("/api/stats", get(daily::stats))
        .route("/api/lab/tictactoe", get(lab_board))
        .route("/api/abalone/tables", get(abalone_tables))
        .route("/api", axum::routing::any(unknown))
        .route("/api/", axum::routing::any(unknown))
        .route("/api/{*rest}", axum::routing::any(unknown))
        .method_not_allowed_fallback(wrong_method)
}

async fn wrong_method() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "this endpoint does not take that method (see docs/web-api.md)",
    )
}

async fn health(State(state): State<AppState>) -> (StatusCode, Json<Value>) {
    if state.db.ping().await {
        (
            StatusCode::OK,
            Json(json!({
                "status": "ok",
                "database": state.db.backend.name(),
                "searches": state.running.load(std::sync::atomic::Ordering::SeqCst),
            })),
        )
    } else {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(json!({
                "status": "unavailable",
                "database": state.db.backend.name(),
                "error": "the database does not answer",
            })),
        )
    }
}

/// `GET /api/daily/{date}`: a day's grid, from that day on (UTC): a grid
/// served before its day could be rehearsed.
async fn daily_grid(State(state): State<AppState>, Path(date): Path<String>) -> ApiResult<Json<DailyGrid>> {
    let date = parse_date(&date)?;
    let today = state.clock.today();
    if date > today {
        return Err(ApiError::not_found(format!(
            "a day's grid is served from that day on: today is {today} (UTC)"
        )));
    }
    Ok(Json(DailyGrid::of(date)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LabQuery {
    board: Option<String>,
}

async fn lab_board(
    State(state): State<AppState>,
    q: Result<Query<LabQuery>, axum::extract::rejection::QueryRejection>,
) -> ApiResult<Json<lab::LabReport>> {
    let Query(q) = q.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let board = q.board.unwrap_or_else(|| ".........".to_string());
    Ok(Json(crate::compute::think(&state, move || lab::analyse(&board)).await?))
}

/// The installed Abalone tablebase's figures (the Abalone crate counts
/// them; the first call counts every class, on a blocking thread, and
/// later calls read them back).
async fn abalone_tables() -> ApiResult<Json<Value>> {
    tokio::task::spawn_blocking(tabula_abalone::module::tablebase_figures)
        .await
        .map(Json)
        .map_err(ApiError::internal)
}

/// Every registered game as the new-game form needs it: its card, its
/// seats under the default options, its options (with their defaults and
/// meanings) and its players.
async fn catalog() -> Json<Value> {
    Json(tabula_registry::catalog())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatingQuery {
    options: Option<String>,
}

/// The seats of a game under options (`?options=JSON`): how many, and
/// their names; `400` with the reason when the options are refused (the
/// new-game form checks its options with it as they change).
async fn seating(
    Path(game): Path<String>,
    q: Result<Query<SeatingQuery>, axum::extract::rejection::QueryRejection>,
) -> ApiResult<Json<Value>> {
    let Query(q) = q.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let options: Value = match q.options.as_deref() {
        None | Some("") => Value::Null,
        Some(text) => serde_json::from_str(text).map_err(|_| ApiError::bad_request("options are a JSON object"))?,
    };
    Ok(Json(
        tabula_registry::seating(&game, &options).map_err(ApiError::bad_request)?,
    ))
}

async fn unknown() -> ApiError {
    ApiError::not_found("no such API endpoint (see docs/web-api.md)")
}
