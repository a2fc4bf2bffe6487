//! The games API for tables of every registered game (see [`crate::tables`]):
//! creation, the person's actions and the computers' moves, stored with
//! an optimistic check so that two requests never both apply.

use serde_json::Value;
use tabula_contract::Date;
use tabula_contract::Match;
use tabula_contract::table::{PersonMove, Replayed};

use crate::AppState;
use crate::auth::Session;
use crate::compute::think_until;
use crate::daily;
use crate::error::{ApiError, ApiResult};
use crate::util::date_of;

use crate::rows::{Action, COLUMNS, GameRow, TableRow};
use crate::tables::{self, NewTable, Saved, Table};
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
    /// Seat 0's and seat 1's final points, rounded (the columns the daily
    /// statistics read); zero before the end.
    two_scores: [i64; 2],
}

/// The columns to store and the answer, from `replayed`, the replay of
/// the table's truth.
fn table_state(table: &Table, replayed: &Replayed, id: &str, kind: &str) -> ApiResult<(TableState, Value)> {
    let game = replayed.game.as_ref();
    let over = game.to_act() == tabula_search::Turn::Terminal;
    let scores = if over { table.final_scores(game) } else { None };
    let point = |seat: usize| {
        scores
            .as_ref()
            .and_then(|s| s.get(seat))
            .map_or(0, |&v| v.round() as i64)
    };
    let state = TableState {
        truth: table.truth_json(),
        record: game.record().unwrap_or(Value::Null).to_string(),
        over,
        two_scores: [point(0), point(1)],
        scores: scores.map(|s| Value::from(s).to_string()),
    };
    Ok((state, table.answer(replayed, id, kind)))
}

/// How a table comes to be: by a `kind` request of before (its kind, the
/// daily grid's date, a grid's chosen seed) or by a table request.
#[derive(Default)]
pub(crate) struct Creation {
    /// The stored kind (`play` or `watch` by default).
    pub kind: Option<&'static str>,
    /// The daily grid's date.
    pub day: Option<Date>,
    /// A chosen seed (see [`tables::create`]).
    pub seed: Option<u64>,
}

/// `POST /api/games`: the new game's row and its answer.
pub(crate) async fn create_table(
    state: &AppState,
    session: &Session,
    addr: &str,
    request: NewTable,
    how: Creation,
) -> ApiResult<(GameRow, Value)> {
    let table = tables::create(&request, how.seed, &state.seeds)?;
    tables::check_released(&table, state.clock.today())?;
    state.count_new_game(&session.token_hash, addr)?;
    let kind = how.kind.unwrap_or_else(|| default_kind(&table));
    // The person waits for the computers that sit before them; computers
    // playing alone move one request at a time, so they can be watched.
    let table = if table.human().is_some() {
        let game = table.replay()?.game;
        run_computers(state, table, game, false).await?
    } else {
        table
    };
    let row = new_row(&table, &table.replay()?, kind)?;
    insert_table(state, session, &table, row, kind, how.day, None).await
}

/// A new table's stored kind unless its request says otherwise.
fn default_kind(table: &Table) -> &'static str {
    if table.human().is_some() { "play" } else { "watch" }
}

/// A new table's id, its columns to store and its answer.
struct NewRow {
    id: String,
    stored: TableState,
    answer: Value,
}

/// The new row of `table`, replayed as `replayed` (made before the
/// storing's awaits: a replayed game is not shared across threads).
fn new_row(table: &Table, replayed: &Replayed, kind: &str) -> ApiResult<NewRow> {
    let id = random_hex(12);
    let (stored, answer) = table_state(table, replayed, &id, kind)?;
    Ok(NewRow { id, stored, answer })
}

/// Stores a new table (a finished one, for a game played in the browser)
/// and gives its row and answer.
async fn insert_table(
    state: &AppState,
    session: &Session,
    table: &Table,
    new: NewRow,
    kind: &str,
    day: Option<Date>,
    local: Option<&str>,
) -> ApiResult<(GameRow, Value)> {
    let NewRow { id, stored, answer: v } = new;
    let (players, options) = (table.players_json(), table.driver.options().to_string());
    let now_ms = state.clock.now_ms();
    let user_id = session.user.as_ref().map(|u| u.id.clone());
    let mut tx = state.db.pool.begin().await?;
    let ranked = match (day, &user_id) {
        (Some(day), Some(user)) => crate::attempts::on_create(&mut tx, user, day, &id, state.clock.today()).await?,
        _ => false,
    };
    sqlx::query(
        "INSERT INTO games (id, session_hash, user_id, kind, day, players, record, over, score0, score1, ranked, created, finished, game, options, truth, scores, verified, origin) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)",
    )
    .bind(&id)
    .bind(&session.token_hash)
    .bind(user_id.clone())
    .bind(kind)
    .bind(day.map(|d| d.to_string()))
    .bind(&players)
    .bind(&stored.record)
    .bind(i64::from(stored.over))
    .bind(stored.two_scores[0])
    .bind(stored.two_scores[1])
    .bind(i64::from(ranked))
    .bind(now_ms)
    .bind(stored.over.then_some(now_ms))
    .bind(table.driver.info().name)
    .bind(&options)
    .bind(&stored.truth)
    .bind(stored.scores)
    .bind(i64::from(local.is_none()))
    .bind(local)
    .execute(&mut *tx)
    .await
    .map_err(|e| match e.as_database_error() {
        // Two saves of one game racing: the second finds the first.
        Some(d) if d.is_unique_violation() => stored_already(),
        _ => e.into(),
    })?;
    tx.commit().await?;
    let row = GameRow {
        id,
        session_hash: session.token_hash.clone(),
        user_id,
        kind: kind.to_string(),
        day: day.map(|d| d.to_string()),
        ranked,
        verified: local.is_none(),
        table: TableRow {
            game: table.driver.info().name.to_string(),
            options,
            players: table.players.iter().map(tables::player_name).collect(),
            stored: true,
            truth: stored.truth,
        },
    };
    Ok((row, v))
}

/// The most actions a game played in the browser may bring (the longest
/// matches of the card table take a few thousand).
pub const MAX_SAVED_ACTIONS: usize = 50_000;

/// How long a seed ticket for a game played in the browser stays good.
pub const LOCAL_TICKET_SECONDS: i64 = 7 * 86_400;

/// The answer to a second save of one game.
fn stored_already() -> ApiError {
    ApiError::conflict("this game is stored already")
}

/// `POST /api/games/local/seed`: the seed of a game about to be played in
/// the browser, drawn here, and its signed ticket; the issue counts as the
/// game's creation.
pub(crate) fn local_ticket(state: &AppState, session: &Session, addr: &str) -> ApiResult<Value> {
    state.count_new_game(&session.token_hash, addr)?;
    let seed = state.seeds.draw()?;
    let ticket = state.session_key.local_ticket(seed, state.clock.now());
    Ok(serde_json::json!({ "seed": seed.to_string(), "ticket": ticket }))
}

/// Where a saved game comes from, as its unique `origin` column: the
/// ticket of its seed, or (a game begun offline, without one) the digest
/// of its whole record, so that one record is stored once.
fn local_origin(
    state: &AppState,
    session: &Session,
    addr: &str,
    saved: &Saved,
    ticket: Option<&str>,
) -> ApiResult<String> {
    let Some(ticket) = ticket else {
        state.count_new_game(&session.token_hash, addr)?;
        use sha2::Digest;
        let text = serde_json::to_string(&(&saved.game, &saved.options, &saved.seats, &saved.seed, &saved.actions))
            .map_err(ApiError::internal)?;
        return Ok(format!(
            "record:{}",
            crate::util::hex(&sha2::Sha256::digest(text.as_bytes()))
        ));
    };
    let bad = || ApiError::bad_request("the seed ticket is not one this server issued, or it has expired");
    let (seed, issued) = state.session_key.local_seed(ticket).ok_or_else(bad)?;
    if state.clock.now() - issued > LOCAL_TICKET_SECONDS {
        return Err(bad());
    }
    if tabula_contract::table::parse_seed(&saved.seed).ok() != Some(seed) {
        return Err(ApiError::bad_request("the game was not dealt from its ticket's seed"));
    }
    Ok(format!("ticket:{ticket}"))
}

/// `POST /api/games/local`: a game played in the browser, over. The server
/// replays it — every move legal, every chance outcome the one its seed
/// draws — and stores it once, marked unverified: the computers' moves
/// were decided against the browser's clock and cannot be replayed here.
/// `ticket` is the seed's ticket ([`local_ticket`]); a game begun offline
/// has none (its seed is the browser's).
pub(crate) async fn save_local(
    state: &AppState,
    session: &Session,
    addr: &str,
    saved: Saved,
    ticket: Option<&str>,
) -> ApiResult<(GameRow, Value)> {
    if saved.actions.len() > MAX_SAVED_ACTIONS {
        return Err(ApiError::bad_request(format!(
            "a saved game has at most {MAX_SAVED_ACTIONS} actions"
        )));
    }
    let entry = tables::game_entry(&saved.game)?;
    let origin = local_origin(state, session, addr, &saved, ticket)?;
    let known = sqlx::query("SELECT 1 FROM games WHERE origin = $1")
        .bind(&origin)
        .fetch_optional(&state.db.pool)
        .await?;
    if known.is_some() {
        return Err(stored_already());
    }
    // Replaying a long match takes milliseconds: off the request threads.
    let (table, replayed) = tokio::task::spawn_blocking(move || Table::restore(entry, saved))
        .await
        .map_err(ApiError::internal)??;
    tables::check_released(&table, state.clock.today())?;
    if replayed.game.to_act() != tabula_search::Turn::Terminal {
        return Err(ApiError::unprocessable(
            "only a finished game is saved: this one goes on",
        ));
    }
    let kind = default_kind(&table);
    let row = new_row(&table, &replayed, kind)?;
    insert_table(state, session, &table, row, kind, None, Some(&origin)).await
}

/// `POST /api/games/{id}/actions` for a table: the person's action (or
/// none, to let the computers move), then the computers'.
pub(crate) async fn act_table(state: &AppState, game: &GameRow, body: &Action) -> ApiResult<Value> {
    let row = &game.table;
    let mut table = row.table()?;
    let mut replayed = table.replay()?;
    // Checked before anything is played: an error changes nothing.
    if body.since.is_some_and(|n| n > replayed.log.len() as u64) {
        return Err(ApiError::bad_request("since is past the game's last move"));
    }
    let person = match (&body.action, body.choice) {
        (Some(_), Some(_)) => return Err(ApiError::bad_request("send an action or a choice, not both")),
        (Some(text), None) => Some(PersonMove::Text(text)),
        (None, Some(i)) => Some(PersonMove::Choice(i)),
        (None, None) => None,
    };
    match person {
        Some(person) => {
            let played = table.play_human(&mut replayed, person, body.ply)?;
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
    let columns = table_state(&table, &table.replay()?, &game.id, &game.kind)?;
    store_table(state, game, columns).await
}

/// Takes back the person's last move of `game` (free play: its caller
/// checks), at the ply the page shows, and stores the table as it was
/// before that move.
pub(crate) async fn undo_table(state: &AppState, game: &GameRow, ply: u64) -> ApiResult<Value> {
    let mut table = game.table.table()?;
    let replayed = table.replay()?;
    // The undo's own replay of what is left: no third replay to store it.
    let undone = table.undo(&replayed, ply)?;
    let columns = table_state(&table, &undone, &game.id, &game.kind)?;
    store_table(state, game, columns).await
}

/// Stores the new state of `game`, its columns and answer from
/// [`table_state`] (a ranked daily game that ends is scored with it),
/// unless the row changed meanwhile; answers the person's view.
async fn store_table(state: &AppState, game: &GameRow, (stored, v): (TableState, Value)) -> ApiResult<Value> {
    let row = &game.table;
    let now_ms = state.clock.now_ms();
    let mut tx = state.db.pool.begin().await?;
    // The truth as read: a row of before has none until this first move.
    let done = sqlx::query(
        "UPDATE games SET truth = $1, record = $2, over = $3, scores = $4, finished = $5, score0 = $6, score1 = $7, options = $8 \
         WHERE id = $9 AND COALESCE(truth, '') = $10",
    )
    .bind(&stored.truth)
    .bind(&stored.record)
    .bind(i64::from(stored.over))
    .bind(stored.scores)
    .bind(stored.over.then_some(now_ms))
    .bind(stored.two_scores[0])
    .bind(stored.two_scores[1])
    .bind(&row.options)
    .bind(&game.id)
    .bind(if row.stored { row.truth.as_str() } else { "" })
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() != 1 {
        return Err(ApiError::conflict("the game changed meanwhile: reload it"));
    }
    // A ranked daily game that just ended is scored in the same transaction.
    if stored.over && game.ranked {
        if let (Some(user), Some(day)) = (&game.user_id, &game.day) {
            let margin = stored.two_scores[0] - stored.two_scores[1];
            let finished_on = date_of(now_ms.div_euclid(1000));
            crate::attempts::on_finish(&mut tx, user, daily::parse_date(day)?, &game.id, margin, finished_on).await?;
        }
    }
    tx.commit().await?;
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
    let mut table = game.table.table()?;
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
