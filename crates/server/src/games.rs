//! The games API: create, view, play, list, review. The server owns every
//! game: it stores the record, replays it on each request, plays the
//! computer's moves off the async runtime under a deadline, and scores
//! daily games from its own replay.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::{Value, json};
use sqlx::{Any, Row, Transaction};
use tabula_diagonal::{Date, GridSource, GridSpec, Record, Variant, grid::valid_size};

use crate::AppState;
use crate::auth::{ClientAddr, Posting, Session, Visitor};
use crate::compute::think;
use crate::daily::{self, parse_date};
use crate::error::{ApiError, ApiJson, ApiResult};
use crate::play::{DAILY_COMPUTER, DiagonalGame, Player, TicTacToeRecord};
use crate::rows::{Action, COLUMNS, GameRow};
use crate::table_routes::{act_table, create_table};
use crate::tables::NewTable;
use crate::util::{date_of, random_hex};

/// Loads a game the session may see, or 404.
async fn owned_game(state: &AppState, session: Option<&Session>, id: &str) -> ApiResult<GameRow> {
    let missing = || ApiError::not_found(format!("no game {id:?} here"));
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

/// The view of a stored game, with what the database knows besides.
async fn view(state: &AppState, game: &GameRow) -> ApiResult<Value> {
    if let Some(row) = &game.table {
        let table = row.table()?;
        return Ok(table.view(&table.replay()?, &game.id, &game.kind));
    }
    let mut v = if game.kind == "tictactoe" {
        let record: TicTacToeRecord = serde_json::from_str(&game.record).map_err(ApiError::internal)?;
        record.view()?
    } else {
        serde_json::to_value(game.diagonal()?.view()?).map_err(ApiError::internal)?
    };
    let (mut restarted, mut points) = (false, None);
    if let (Some(user), Some(day)) = (&game.user_id, &game.day) {
        (restarted, points) = daily::day_standing(state, user, day, &game.id).await?;
    }
    let o = v.as_object_mut().expect("views are objects");
    if let Some(result) = o.get_mut("result").and_then(Value::as_object_mut) {
        if game.kind == "daily" {
            result.insert("points".into(), json!(points));
        }
    }
    o.insert("id".into(), json!(game.id));
    o.insert("kind".into(), json!(game.kind));
    o.insert("ply".into(), json!(stored_ply(game)));
    o.insert("date".into(), json!(game.day));
    o.insert("ranked".into(), json!(game.ranked && !restarted));
    o.insert("restarted".into(), json!(restarted));
    Ok(v)
}

/// A new game's options.
#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum NewGame {
    /// The daily grid of a date.
    Daily {
        /// YYYY-MM-DD (today by default).
        date: Option<String>,
    },
    /// Free play against a computer.
    Free {
        /// Grid options.
        #[serde(flatten)]
        grid: GridOptions,
        /// `greedy` or `alphabeta:D`.
        opponent: Option<String>,
    },
    /// Two computers.
    Watch {
        /// Grid options.
        #[serde(flatten)]
        grid: GridOptions,
        /// Seat 0.
        a: Option<String>,
        /// Seat 1.
        b: Option<String>,
    },
    /// Tic-tac-toe against the perfect computer.
    Tictactoe {},
}

/// A free grid's options.
#[derive(Deserialize, Default)]
pub struct GridOptions {
    size: Option<u8>,
    walls: Option<bool>,
    target: Option<bool>,
    traps: Option<bool>,
    seed: Option<Value>,
}

impl GridOptions {
    fn record(&self) -> ApiResult<Record> {
        let size = self.size.unwrap_or(5);
        if !valid_size(size) {
            return Err(ApiError::bad_request(format!("size {size}: an odd side from 3 to 9")));
        }
        let seed = match &self.seed {
            None | Some(Value::Null) => {
                let mut b = [0u8; 8];
                getrandom::getrandom(&mut b).map_err(ApiError::internal)?;
                u64::from_le_bytes(b)
            }
            Some(Value::Number(n)) => n
                .as_u64()
                .ok_or_else(|| ApiError::bad_request("a seed is an integer from 0 to 2^64 − 1"))?,
            Some(Value::String(s)) => s
                .trim()
                .parse()
                .map_err(|_| ApiError::bad_request(format!("seed {s:?}: an integer from 0 to 2^64 − 1")))?,
            Some(_) => return Err(ApiError::bad_request("a seed is an integer or a string of digits")),
        };
        let spec = GridSpec {
            size,
            seed,
            traps: self.traps.unwrap_or(true),
        };
        let variant = Variant {
            walls: self.walls.unwrap_or(false),
            target: self.target.unwrap_or(false),
        };
        Ok(Record::new(GridSource::Seed(spec), variant))
    }
}

fn computer(spec: Option<&str>) -> ApiResult<Player> {
    match spec.unwrap_or("alphabeta:7").parse()? {
        Player::Human => Err(ApiError::bad_request("a computer seat needs greedy or alphabeta:D")),
        p => Ok(p),
    }
}

/// `POST /api/games`.
pub async fn create(
    State(state): State<AppState>,
    Posting(session): Posting,
    ClientAddr(addr): ClientAddr,
    ApiJson(body): ApiJson<Value>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    if body.get("game").is_some() {
        let request: NewTable = serde_json::from_value(body).map_err(|e| ApiError::bad_request(e.to_string()))?;
        return create_table(state, session, &addr, request).await;
    }
    let new: NewGame = serde_json::from_value(body).map_err(|e| ApiError::bad_request(e.to_string()))?;
    // Validate first, so a bad request costs no rate-limit hit.
    let today = state.clock.today();
    let (kind, day, players, record): (&str, Option<Date>, [Player; 2], String) = match &new {
        NewGame::Daily { date } => {
            let date = match date {
                Some(text) => parse_date(text)?,
                None => today,
            };
            if date > today {
                return Err(ApiError::bad_request(format!(
                    "{date} is in the future: today is {today} (UTC)"
                )));
            }
            (
                "daily",
                Some(date),
                [Player::Human, DAILY_COMPUTER],
                Record::daily(date).to_json(),
            )
        }
        NewGame::Free { grid, opponent } => {
            let players = [Player::Human, computer(opponent.as_deref())?];
            ("free", None, players, grid.record()?.to_json())
        }
        NewGame::Watch { grid, a, b } => {
            let players = [computer(a.as_deref())?, computer(b.as_deref())?];
            ("watch", None, players, grid.record()?.to_json())
        }
        NewGame::Tictactoe {} => (
            "tictactoe",
            None,
            [Player::Human, Player::AlphaBeta(9)],
            serde_json::to_string(&TicTacToeRecord::default()).map_err(ApiError::internal)?,
        ),
    };
    state.count_new_game(&session.token_hash, &addr)?;
    let mut record = record;
    let (mut over, mut scores) = (false, [0i32; 2]);
    if kind == "watch" {
        let mut game = DiagonalGame {
            record: Record::from_json(&record).map_err(ApiError::internal)?,
            players,
        };
        game = think(&state, move || game.advance(None).map(|()| game)).await?;
        (scores, over) = game.scores()?;
        record = game.record.to_json();
    }
    let id = random_hex(12);
    let now_ms = state.clock.now_ms();
    let user_id = session.user.as_ref().map(|u| u.id.clone());
    let mut tx = state.db.pool.begin().await?;
    let ranked = match (day, &user_id) {
        (Some(day), Some(user)) => daily::on_create(&mut tx, user, day, &id, today).await?,
        _ => false,
    };
    let players_json = serde_json::to_string(&players.map(|p| p.to_string())).map_err(ApiError::internal)?;
    sqlx::query(
        "INSERT INTO games (id, session_hash, user_id, kind, day, players, record, over, score0, score1, ranked, created, finished, game, scores) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)",
    )
    .bind(&id)
    .bind(&session.token_hash)
    .bind(user_id.clone())
    .bind(kind)
    .bind(day.map(|d| d.to_string()))
    .bind(&players_json)
    .bind(&record)
    .bind(i64::from(over))
    .bind(i64::from(scores[0]))
    .bind(i64::from(scores[1]))
    .bind(i64::from(ranked))
    .bind(now_ms)
    .bind(over.then_some(now_ms))
    .bind(if kind == "tictactoe" { "tictactoe" } else { "diagonal" })
    .bind(over.then(|| json!(scores).to_string()))
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    let game = GameRow {
        id,
        session_hash: session.token_hash.clone(),
        user_id,
        kind: kind.to_string(),
        day: day.map(|d| d.to_string()),
        players: players.map(|p| p.to_string()),
        record,
        ranked,
        table: None,
    };
    Ok((StatusCode::CREATED, Json(view(&state, &game).await?)))
}

/// The number of moves of a game of before (the ply its next action
/// answers).
fn stored_ply(game: &GameRow) -> Option<u64> {
    let record: Value = serde_json::from_str(&game.record).ok()?;
    Some(record.get("moves")?.as_array()?.len() as u64)
}

/// `GET /api/games/{id}`.
pub async fn get(
    State(state): State<AppState>,
    Visitor(session): Visitor,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    let game = owned_game(&state, session.as_ref(), &id).await?;
    Ok(Json(view(&state, &game).await?))
}

/// Stores a record if nobody changed the game meanwhile; scores a ranked
/// daily game that just ended, in the same transaction.
async fn save(state: &AppState, game: &GameRow, record: &str, scores: [i32; 2], over: bool) -> ApiResult<()> {
    let now_ms = state.clock.now_ms();
    let mut tx: Transaction<'_, Any> = state.db.pool.begin().await?;
    let done = sqlx::query(
        "UPDATE games SET record = $1, over = $2, score0 = $3, score1 = $4, finished = $5, scores = $8 WHERE id = $6 AND record = $7",
    )
    .bind(record)
    .bind(i64::from(over))
    .bind(i64::from(scores[0]))
    .bind(i64::from(scores[1]))
    .bind(over.then_some(now_ms))
    .bind(&game.id)
    .bind(&game.record)
    .bind(over.then(|| json!(scores).to_string()))
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() != 1 {
        return Err(ApiError::conflict("the game changed meanwhile: reload it"));
    }
    if over && game.ranked {
        if let (Some(user), Some(day)) = (&game.user_id, &game.day) {
            let day = parse_date(day)?;
            let finished_on = date_of(now_ms.div_euclid(1000));
            daily::on_finish(
                &mut tx,
                user,
                day,
                &game.id,
                i64::from(scores[0] - scores[1]),
                finished_on,
            )
            .await?;
        }
    }
    tx.commit().await?;
    Ok(())
}

/// `POST /api/games/{id}/actions`.
pub async fn act(
    State(state): State<AppState>,
    Posting(session): Posting,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<Action>,
) -> ApiResult<Json<Value>> {
    let mut game = owned_game(&state, Some(&session), &id).await?;
    if let Some(row) = game.table.clone() {
        return Ok(Json(act_table(&state, &game, &row, &body).await?));
    }
    let action = body
        .action
        .as_deref()
        .ok_or_else(|| ApiError::bad_request("send an action: {\"action\": \"c3\"}"))?;
    if body.ply.is_some_and(|ply| Some(ply) != stored_ply(&game)) {
        return Err(ApiError::conflict(
            "this action answers an older position: reload the game",
        ));
    }
    let (record, scores, over) = if game.kind == "tictactoe" {
        let mut record: TicTacToeRecord = serde_json::from_str(&game.record).map_err(ApiError::internal)?;
        record.play(action)?;
        let over = record.board()?.is_over();
        (
            serde_json::to_string(&record).map_err(ApiError::internal)?,
            [0, 0],
            over,
        )
    } else {
        let mut diagonal = game.diagonal()?;
        let cell = diagonal.check_human(action)?;
        let diagonal = think(&state, move || diagonal.advance(Some(cell)).map(|()| diagonal)).await?;
        let (scores, over) = diagonal.scores()?;
        (diagonal.record.to_json(), scores, over)
    };
    save(&state, &game, &record, scores, over).await?;
    game.record = record;
    Ok(Json(view(&state, &game).await?))
}

/// `GET /api/games`: the session's (or account's) last 50 games.
pub async fn list(State(state): State<AppState>, Visitor(session): Visitor) -> ApiResult<Json<Value>> {
    let Some(session) = session else {
        return Ok(Json(json!([])));
    };
    let query = match &session.user {
        Some(user) => sqlx::query(
            "SELECT id, kind, day, players, over, score0, score1, ranked, created, game, scores FROM games \
             WHERE user_id = $1 ORDER BY created DESC LIMIT 50",
        )
        .bind(user.id.clone()),
        None => sqlx::query(
            "SELECT id, kind, day, players, over, score0, score1, ranked, created, game, scores FROM games \
             WHERE session_hash = $1 AND user_id IS NULL ORDER BY created DESC LIMIT 50",
        )
        .bind(session.token_hash.clone()),
    };
    let rows = query.fetch_all(&state.db.pool).await?;
    let games: Vec<Value> = rows
        .iter()
        .map(|r| {
            let players: Value = serde_json::from_str(&r.get::<String, _>("players")).unwrap_or(Value::Null);
            let scores = match r.get::<Option<String>, _>("scores") {
                Some(text) => serde_json::from_str(&text).unwrap_or(Value::Null),
                None => json!([r.get::<i64, _>("score0"), r.get::<i64, _>("score1")]),
            };
            json!({
                "id": r.get::<String, _>("id"),
                "game": r.get::<Option<String>, _>("game"),
                "kind": r.get::<String, _>("kind"),
                "date": r.get::<Option<String>, _>("day"),
                "players": players,
                "over": r.get::<i64, _>("over") != 0,
                "scores": scores,
                "ranked": r.get::<i64, _>("ranked") != 0,
                "created": r.get::<i64, _>("created"),
            })
        })
        .collect();
    Ok(Json(Value::Array(games)))
}

/// `GET /api/games/{id}/review`: the computer's deeper choice at each of
/// the human's turns.
pub async fn review(
    State(state): State<AppState>,
    Visitor(session): Visitor,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    let game = owned_game(&state, session.as_ref(), &id).await?;
    if game.kind != "daily" && game.kind != "free" {
        return Err(ApiError::bad_request(
            "only games of Jamais en diagonale against the computer have a review",
        ));
    }
    let diagonal = game.diagonal()?;
    if !diagonal.is_over()? {
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
    let record = diagonal.record;
    let entries = think(&state, move || {
        tabula_diagonal::review(&record, 0, tabula_diagonal::ai::REVIEW_DEPTH).map_err(ApiError::internal)
    })
    .await?;
    let answer = json!({ "entries": entries });
    sqlx::query("UPDATE games SET review = $1 WHERE id = $2")
        .bind(answer.to_string())
        .bind(&game.id)
        .execute(&state.db.pool)
        .await?;
    Ok(Json(answer))
}
