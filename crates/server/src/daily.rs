//! The daily grid's leaderboard and statistics (docs/web-api.md).
//!
//! - Points for a day: `max(0, human − computer)` of the account's first
//!   game of that day, begun and finished on that day (UTC).
//! - Beginning a new game of a day while its first game is unfinished is a
//!   restart: the day leaves the leaderboard for good (it stays in the
//!   statistics). Playing a finished day again changes nothing.
//! - Archive days count in statistics only and never extend a streak.
//! - Streak: consecutive days, each with a first, un-restarted game
//!   finished on its own day, up to today (or yesterday while today is not
//!   yet played).

use std::collections::{BTreeSet, HashMap};

use axum::Json;
use axum::extract::{Query, State};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sqlx::Row;
use tabula_contract::Date;

use crate::AppState;
use crate::auth::Visitor;
use crate::error::{ApiError, ApiResult};

/// Leaderboard query: a day, or all time.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardQuery {
    date: Option<String>,
    period: Option<String>,
}

/// One line of the day's leaderboard.
#[derive(Serialize)]
struct DayLine {
    rank: usize,
    name: String,
    points: i64,
    margin: i64,
}

/// One line of the all-time leaderboard.
#[derive(Serialize)]
struct AllLine {
    rank: usize,
    name: String,
    points: i64,
    days: i64,
}

/// Competition ranks ("1, 2, 2, 4") over lines sorted by points.
fn ranks(points: &[i64]) -> Vec<usize> {
    let mut out = Vec::with_capacity(points.len());
    for (i, p) in points.iter().enumerate() {
        out.push(if i > 0 && points[i - 1] == *p {
            out[i - 1]
        } else {
            i + 1
        });
    }
    out
}

/// Parses a date or answers 400.
pub fn parse_date(text: &str) -> ApiResult<Date> {
    text.parse::<Date>()
        .map_err(|e| ApiError::bad_request(format!("date {text:?}: {e}")))
}

/// `GET /api/leaderboard?date=D` or `?period=all`.
pub async fn leaderboard(
    State(state): State<AppState>,
    q: Result<Query<BoardQuery>, axum::extract::rejection::QueryRejection>,
) -> ApiResult<Json<Value>> {
    let Query(q) = q.map_err(|e| ApiError::bad_request(e.body_text()))?;
    if q.date.is_some() && q.period.is_some() {
        return Err(ApiError::bad_request("give a date or period=all, not both"));
    }
    match q.period.as_deref() {
        Some("all") => {
            let rows = sqlx::query(
                "SELECT u.name AS name, CAST(SUM(d.points) AS BIGINT) AS points, CAST(COUNT(*) AS BIGINT) AS days FROM daily_days d \
                 JOIN users u ON u.id = d.user_id WHERE d.counted = 1 AND d.restarted = 0 \
                 GROUP BY u.id, u.name ORDER BY points DESC, days DESC, u.name LIMIT 100",
            )
            .fetch_all(&state.db.pool)
            .await?;
            let points: Vec<i64> = rows.iter().map(|r| r.get::<i64, _>("points")).collect();
            let entries: Vec<AllLine> = rows
                .iter()
                .zip(ranks(&points))
                .map(|(r, rank)| AllLine {
                    rank,
                    name: r.get("name"),
                    points: r.get("points"),
                    days: r.get("days"),
                })
                .collect();
            Ok(Json(json!({ "period": "all", "entries": entries })))
        }
        Some(other) => Err(ApiError::bad_request(format!("period {other:?}: only \"all\""))),
        None => {
            let date = match q.date.as_deref() {
                Some(text) => parse_date(text)?,
                None => state.clock.today(),
            };
            let rows = sqlx::query(
                "SELECT u.name AS name, d.points AS points, d.margin AS margin FROM daily_days d \
                 JOIN users u ON u.id = d.user_id WHERE d.day = $1 AND d.counted = 1 AND d.restarted = 0 \
                 ORDER BY d.points DESC, d.margin DESC, u.name LIMIT 100",
            )
            .bind(date.to_string())
            .fetch_all(&state.db.pool)
            .await?;
            let points: Vec<i64> = rows.iter().map(|r| r.get::<i64, _>("points")).collect();
            let entries: Vec<DayLine> = rows
                .iter()
                .zip(ranks(&points))
                .map(|(r, rank)| DayLine {
                    rank,
                    name: r.get("name"),
                    points: r.get("points"),
                    margin: r.get("margin"),
                })
                .collect();
            Ok(Json(json!({ "date": date.to_string(), "entries": entries })))
        }
    }
}

/// One finished daily game in the statistics.
#[derive(Serialize)]
struct HistoryLine {
    date: String,
    margin: i64,
    points: Option<i64>,
    ranked: bool,
}

/// The current and the best streak over the days that count. While today
/// is not yet played the current streak runs to yesterday; a restarted
/// today can no longer count, so it ends the streak.
pub fn streaks(days: &BTreeSet<i64>, today: i64, today_restarted: bool) -> (u32, u32) {
    let mut best = 0;
    let mut run = 0;
    let mut previous = None;
    for &d in days {
        run = if previous == Some(d - 1) { run + 1 } else { 1 };
        best = best.max(run);
        previous = Some(d);
    }
    let mut current = 0;
    let mut d = if days.contains(&today) || today_restarted {
        today
    } else {
        today - 1
    };
    while days.contains(&d) {
        current += 1;
        d -= 1;
    }
    (current, best)
}

/// `GET /api/stats`: the account's daily-grid statistics.
pub async fn stats(State(state): State<AppState>, Visitor(session): Visitor) -> ApiResult<Json<Value>> {
    let session = session.ok_or_else(|| ApiError::unauthorized("log in first: statistics need an account"))?;
    let user = session.account()?;
    let days = sqlx::query("SELECT day, first_game, counted, restarted, points FROM daily_days WHERE user_id = $1")
        .bind(&user.id)
        .fetch_all(&state.db.pool)
        .await?;
    let mut counted: HashMap<String, (String, i64)> = HashMap::new();
    let mut streak_days = BTreeSet::new();
    let today = state.clock.today();
    let mut today_restarted = false;
    for r in &days {
        if r.get::<i64, _>("restarted") != 0 && r.get::<String, _>("day") == today.to_string() {
            today_restarted = true;
        }
        if r.get::<i64, _>("counted") != 0 {
            let day: String = r.get("day");
            if let Ok(d) = day.parse::<Date>() {
                streak_days.insert(d.days_since_epoch());
            }
            counted.insert(day, (r.get("first_game"), r.get("points")));
        }
    }
    let games = sqlx::query(
        "SELECT id, day, score0, score1 FROM games WHERE user_id = $1 AND kind = 'daily' AND over = 1 ORDER BY finished",
    )
    .bind(&user.id)
    .fetch_all(&state.db.pool)
    .await?;
    let history: Vec<HistoryLine> = games
        .iter()
        .map(|r| {
            let day: String = r.get::<Option<String>, _>("day").unwrap_or_default();
            let id: String = r.get("id");
            let points = counted.get(&day).filter(|(first, _)| *first == id).map(|(_, p)| *p);
            HistoryLine {
                margin: r.get::<i64, _>("score0") - r.get::<i64, _>("score1"),
                ranked: points.is_some(),
                points,
                date: day,
            }
        })
        .collect();
    let n = history.len();
    let wins = history.iter().filter(|h| h.margin > 0).count();
    let draws = history.iter().filter(|h| h.margin == 0).count();
    let mean = if n == 0 {
        0.0
    } else {
        history.iter().map(|h| h.margin as f64).sum::<f64>() / n as f64
    };
    let (streak, best_streak) = streaks(&streak_days, today.days_since_epoch(), today_restarted);
    Ok(Json(json!({
        "games": n,
        "wins": wins,
        "draws": draws,
        "losses": n - wins - draws,
        "mean_margin": (mean * 100.0).round() / 100.0,
        "streak": streak,
        "best_streak": best_streak,
        "history": history,
    })))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn competition_ranks() {
        assert_eq!(ranks(&[9, 7, 7, 3]), [1, 2, 2, 4]);
        assert_eq!(ranks(&[]), Vec::<usize>::new());
    }

    #[test]
    fn streaks_count_consecutive_days_up_to_today_or_yesterday() {
        let days: BTreeSet<i64> = [1, 2, 3, 7, 8].into_iter().collect();
        assert_eq!(streaks(&days, 8, false), (2, 3));
        assert_eq!(
            streaks(&days, 9, false),
            (2, 3),
            "today not yet played: the run up to yesterday"
        );
        assert_eq!(streaks(&days, 9, true), (0, 3), "a restarted today ends it");
        assert_eq!(streaks(&days, 10, false), (0, 3), "a missed day breaks it");
        assert_eq!(streaks(&BTreeSet::new(), 5, false), (0, 0));
    }
}
