//! Free play's help over HTTP: a hint at the person's turn (what the
//! game's own computer would play from the person's observation), and
//! undo (back to the person's turn before their last move). Neither is
//! offered where a game counts: a daily or ranked game, or a watched one.

use axum::Json;
use axum::extract::{Path, State};
use serde::Deserialize;
use serde_json::Value;

use crate::AppState;
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
