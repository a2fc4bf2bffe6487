//! Free play's help over HTTP: a hint at the person's turn (what the
//! game's own computer would play from the person's observation), and
//! undo (back to the person's turn before their last move). Neither is
//! offered where a game counts: a daily or ranked game, or a watched one.
//! And for every finished game, whatever its kind: its review, step by
//! step, with the computer's opinion of each of the person's moves.

use axum::Json;
use axum::extract::{Path, State};
use serde::Deserialize;
use serde_json::Value;

use crate::AppState;
use crate::auth::Visitor;
use crate::auth::{ClientAddr, Posting};
use crate::compute::think_until;
use crate::error::{ApiError, ApiJson, ApiResult};
use crate::games::{owned_game, with_standing};
use crate::rows::GameRow;

/// Refuses help for a game that counts as it is played.
fn free_play(game: &GameRow) -> ApiResult<()> {
    if game.kind == "daily" || game.ranked || game.kind == "watch" {
        return Err(ApiError::conflict(
            "hints and undo are for free play: this game counts as it is played",
        ));
    }
    Ok(())
}

/// `POST /api/games/{id}/hint`: `{index, label, player}`, the move of the
/// answer's `legal` that the game's default computer would play now.
/// Counted and queued as a move is (one search per client at a time).
pub async fn hint(
    State(state): State<AppState>,
    Posting(session): Posting,
    ClientAddr(addr): ClientAddr,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    state.count_move(&session.token_hash, &addr)?;
    let game = owned_game(&state, Some(&session), &id).await?;
    free_play(&game)?;
    let _turn = state.client_turn(&session.token_hash, &addr).await?;
    let table = game.table.table()?;
    let replayed = table.replay()?;
    // Not the person's turn: refused before a core is taken.
    table.hint_turn(&replayed)?;
    let (answer, _late) = think_until(&state, move |flag| table.hint(&replayed, flag)).await?;
    Ok(Json(answer?))
}

/// An undo's body: the ply the page shows.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Undo {
    /// The answer's `ply` (a stale request changes nothing: 409).
    pub ply: u64,
}

/// `POST /api/games/{id}/undo`: the game as it was at the person's turn
/// before their last move (the person's view, as `GET` answers it).
pub async fn undo(
    State(state): State<AppState>,
    Posting(session): Posting,
    ClientAddr(addr): ClientAddr,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<Undo>,
) -> ApiResult<Json<Value>> {
    state.count_move(&session.token_hash, &addr)?;
    let game = owned_game(&state, Some(&session), &id).await?;
    free_play(&game)?;
    let _turn = state.client_turn(&session.token_hash, &addr).await?;
    let v = crate::table_routes::undo_table(&state, &game, body.ply).await?;
    Ok(Json(with_standing(&state, &game, v).await?))
}

/// A review step's number from the path (its text is not written back).
fn step_of(text: &str) -> ApiResult<u64> {
    text.parse()
        .map_err(|_| ApiError::bad_request("a review step is a number of moves from the start"))
}

/// `GET /api/games/{id}/review/{ply}`: a finished game at step `ply`, the
/// position after its first `ply` moves, with every hidden card face up
/// (`{ply, plies, to_act, view, hands, next, yours}`, see
/// [`tabula_contract::table::Table::review_step`]).
pub async fn review_step(
    State(state): State<AppState>,
    Visitor(session): Visitor,
    Path((id, ply)): Path<(String, String)>,
) -> ApiResult<Json<Value>> {
    let ply = step_of(&ply)?;
    let game = owned_game(&state, session.as_ref(), &id).await?;
    let table = game.table.table()?;
    let replayed = table.replay()?;
    Ok(Json(table.review_step(&replayed, ply)?))
}

/// `POST /api/games/{id}/review/{ply}/opinion`: what the game's default
/// computer would have played where the person played the move at step
/// `ply` of a finished game (`{ply, played, computer, player, agrees}`).
/// Counted and queued as a move is.
pub async fn opinion(
    State(state): State<AppState>,
    Posting(session): Posting,
    ClientAddr(addr): ClientAddr,
    Path((id, ply)): Path<(String, String)>,
) -> ApiResult<Json<Value>> {
    let ply = step_of(&ply)?;
    state.count_move(&session.token_hash, &addr)?;
    let game = owned_game(&state, Some(&session), &id).await?;
    let _turn = state.client_turn(&session.token_hash, &addr).await?;
    let table = game.table.table()?;
    let replayed = table.replay()?;
    // Not the person's move, or the game not over: refused before a core is taken.
    table.opinion_turn(&replayed, ply)?;
    let (answer, _late) = think_until(&state, move |flag| table.opinion(&replayed, ply, flag)).await?;
    Ok(Json(answer?))
}
