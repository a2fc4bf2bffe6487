//! An account's attempts at the daily grid, as the `daily_days` rows keep
//! them (docs/web-api.md, "The daily grid's leaderboard and statistics"):
//! a day's first game, a restart, a guest's game that was the browser's
//! attempt, and the points a finished first game counts.

use sqlx::{Any, Row, Transaction};
use tabula_contract::Date;

use crate::AppState;
use crate::error::ApiResult;

/// Records an account's new game of `day`: the first one of the day, a
/// restart, or a replay of a finished day. Returns whether the new game can
/// enter the leaderboard (the day's first game, begun on its day); views
/// read the restart from the day's row.
pub async fn on_create(
    tx: &mut Transaction<'_, Any>,
    user_id: &str,
    day: Date,
    game_id: &str,
    today: Date,
) -> ApiResult<bool> {
    // Write first: a transaction that reads before it writes can fail on
    // SQLite (WAL) when another connection commits in between, and two
    // concurrent first games must not both insert.
    let inserted = sqlx::query(
        "INSERT INTO daily_days (user_id, day, first_game) VALUES ($1, $2, $3) ON CONFLICT (user_id, day) DO NOTHING",
    )
    .bind(user_id)
    .bind(day.to_string())
    .bind(game_id)
    .execute(&mut **tx)
    .await?;
    if inserted.rows_affected() == 1 {
        return Ok(day == today);
    }
    // A restart only while the first game is unfinished (and so not counted):
    // the guard is re-checked on the locked row, so a finish that commits
    // meanwhile wins.
    sqlx::query(
        "UPDATE daily_days SET restarted = 1 WHERE user_id = $1 AND day = $2 AND restarted = 0 AND counted = 0 \
         AND first_game IN (SELECT id FROM games WHERE over = 0)",
    )
    .bind(user_id)
    .bind(day.to_string())
    .execute(&mut **tx)
    .await?;
    Ok(false)
}

/// A guest of this browser played today's grid, and now logs in to (or
/// registers) `user_id`: that game was the browser's attempt, and the
/// daily computer replays the same line for the same moves, so the
/// account gets the day as already played. Its next game of the day is a
/// restart, and a first game it had begun and not finished no longer
/// counts; a day already counted stays counted.
pub async fn on_guest_login(
    tx: &mut Transaction<'_, Any>,
    guest_session: &str,
    user_id: &str,
    today: Date,
) -> ApiResult<()> {
    let day = today.to_string();
    let guest_game: Option<String> = sqlx::query_scalar(
        "SELECT id FROM games WHERE session_hash = $1 AND user_id IS NULL AND kind = 'daily' AND day = $2 \
         ORDER BY created LIMIT 1",
    )
    .bind(guest_session)
    .bind(&day)
    .fetch_optional(&mut **tx)
    .await?;
    let Some(game) = guest_game else {
        return Ok(());
    };
    sqlx::query(
        "INSERT INTO daily_days (user_id, day, first_game, restarted) VALUES ($1, $2, $3, 1) \
         ON CONFLICT (user_id, day) DO UPDATE SET restarted = 1 WHERE daily_days.counted = 0",
    )
    .bind(user_id)
    .bind(&day)
    .bind(&game)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Scores a ranked game that just ended: the day counts if the game is
/// still its day's first, un-restarted game and ended on its day. Returns
/// the points it counts, if any.
pub async fn on_finish(
    tx: &mut Transaction<'_, Any>,
    user_id: &str,
    day: Date,
    game_id: &str,
    margin: i64,
    finished_on: Date,
) -> ApiResult<Option<i64>> {
    if finished_on != day {
        return Ok(None);
    }
    let points = margin.max(0);
    let done = sqlx::query(
        "UPDATE daily_days SET counted = 1, points = $1, margin = $2 \
         WHERE user_id = $3 AND day = $4 AND first_game = $5 AND restarted = 0",
    )
    .bind(points)
    .bind(margin)
    .bind(user_id)
    .bind(day.to_string())
    .bind(game_id)
    .execute(&mut **tx)
    .await?;
    Ok((done.rows_affected() == 1).then_some(points))
}

/// An account's standing on a day: (restarted, points if counted).
pub async fn day_standing(state: &AppState, user_id: &str, day: &str, game_id: &str) -> ApiResult<(bool, Option<i64>)> {
    let row =
        sqlx::query("SELECT first_game, restarted, counted, points FROM daily_days WHERE user_id = $1 AND day = $2")
            .bind(user_id)
            .bind(day)
            .fetch_optional(&state.db.pool)
            .await?;
    Ok(row.map_or((false, None), |r| {
        let counted = r.get::<i64, _>("counted") != 0 && r.get::<String, _>("first_game") == game_id;
        (r.get::<i64, _>("restarted") != 0, counted.then(|| r.get("points")))
    }))
}
