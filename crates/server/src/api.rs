//! The JSON API's routes (see `docs/web-api.md`).

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::daily::parse_date;
use crate::error::{ApiError, ApiResult};
use crate::{AppState, auth, daily, games};

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
        .route("/api/games/{id}/hint", post(crate::assist::hint))
        .route("/api/games/{id}/undo", post(crate::assist::undo))
        .route("/api/games/{id}/review/{ply}", get(crate::assist::review_step))
        .route("/api/games/{id}/review/{ply}/opinion", post(crate::assist::opinion))
        .route("/api/daily/{date}", get(daily_grid))
        .route("/api/leaderboard", get(daily::leaderboard))
        .route("/api/stats", get(daily::stats))
        .route("/api/lab/{game}", get(lab_board))
        .route("/api/tables/{game}", get(tables))
        .route("/api", axum::routing::any(unknown))
        .route("/api/", axum::routing::any(unknown))
        .route("/api/{*rest}", axum::routing::any(unknown_or_tables))
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

/// `GET /api/daily/{date}`: the daily puzzle's content of a day (the
/// grid), from that day on (UTC): a puzzle served before its day could be
/// rehearsed.
async fn daily_grid(State(state): State<AppState>, Path(date): Path<String>) -> ApiResult<axum::response::Response> {
    let date = parse_date(&date)?;
    let today = state.clock.today();
    if date > today {
        return Err(ApiError::not_found(format!(
            "a day's grid is served from that day on: today is {today} (UTC)"
        )));
    }
    let (_, puzzle) = crate::legacy::daily_game()?;
    let json = puzzle.show(date).json;
    Ok(axum::response::IntoResponse::into_response((
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        json,
    )))
}

/// The capability `what` of the game `name`, or 404 in one line.
fn offered<T: ?Sized>(
    name: &str,
    what: &str,
    pick: impl Fn(&tabula_contract::Capabilities) -> Option<&'static T>,
) -> ApiResult<&'static T> {
    tabula_registry::capability(name, what, pick)
        .map(|(_, c)| c)
        .map_err(ApiError::not_found)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LabQuery {
    /// The position, in the game's text form (the start by default).
    board: Option<String>,
}

/// `GET /api/lab/{game}?board=…`: the teaching figures of a position of a
/// game that offers them.
async fn lab_board(
    State(state): State<AppState>,
    Path(game): Path<String>,
    q: Result<Query<LabQuery>, axum::extract::rejection::QueryRejection>,
) -> ApiResult<Json<Value>> {
    let figures = offered(&game, "teaching figures", |c| c.figures)?;
    let Query(q) = q.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let figures = crate::compute::think(&state, move || {
        figures.figures(q.board.as_deref()).map_err(ApiError::bad_request)
    });
    Ok(Json(figures.await?))
}

/// `GET /api/tables/{game}` (and the first form, `GET /api/{game}/tables`):
/// the figures of a game's installed endgame tables (the game counts them;
/// the first call counts every class, on a
/// blocking thread, and later calls read them back).
async fn tables(Path(game): Path<String>) -> ApiResult<Json<Value>> {
    let tables = offered(&game, "endgame tables", |c| c.tablebase)?;
    tokio::task::spawn_blocking(move || tables.figures())
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

/// The game of a path `{game}/tables`: the first form of the tables'
/// figures, kept for the addresses published with it.
pub fn tables_path(path: &str) -> Option<&str> {
    path.strip_suffix("/tables")
        .filter(|g| !g.is_empty() && !g.contains('/'))
}

/// `/api/{game}/tables` answers as `/api/tables/{game}`; any other path
/// under `/api` is no endpoint (a route of its own would take every
/// `/api/{x}/…` from the catch-all).
async fn unknown_or_tables(method: axum::http::Method, Path(rest): Path<String>) -> axum::response::Response {
    use axum::response::IntoResponse;
    match tables_path(&rest) {
        Some(game) if method == axum::http::Method::GET => tables(Path(game.to_string())).await.into_response(),
        _ => unknown().await.into_response(),
    }
}

async fn unknown() -> ApiError {
    ApiError::not_found("no such API endpoint (see docs/web-api.md)")
}
