//! The games API of before, on tables: the `kind` requests (daily, free,
//! watch, and a game's name for its lab opponent) become table requests
//! of the registry's games, and the rows stored before tables existed read
//! as tables, through the games' capabilities (the daily puzzle, the
//! teaching figures, the archive). One code path then serves every game,
//! old or new, and none is named here.

use serde::Deserialize;
use serde_json::{Value, json};
use tabula_contract::capability::{DailyPuzzle, Figures};
use tabula_contract::{Date, GameEntry};

use crate::error::{ApiError, ApiResult};
use crate::tables::{NewTable, SeatRequest, Truth};

/// The deepest search the `kind` requests offer (deeper ones take seconds
/// on 9×9).
pub const MAX_WEB_DEPTH: u32 = 9;

/// The `kind` requests of the daily game.
#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
enum DailyKind {
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
}

/// A `kind` request: one of the daily game's (`daily`, `free`, `watch`),
/// or the name of a game with teaching figures, to play against its
/// figures' opponent.
pub struct KindRequest(KindOf);

enum KindOf {
    Daily(DailyKind),
    Figures(&'static dyn GameEntry, &'static dyn Figures),
}

/// The game of the daily puzzle: the first game of the registry that
/// offers one.
///
/// # Errors
/// 404 when no game does.
pub fn daily_game() -> ApiResult<(&'static dyn GameEntry, &'static dyn DailyPuzzle)> {
    tabula_registry::offering(|c| c.daily)
        .first()
        .copied()
        .ok_or_else(|| ApiError::not_found("no game offers a daily puzzle"))
}

impl KindRequest {
    /// Reads a `kind` request.
    ///
    /// # Errors
    /// 400 for an unknown kind or fields a kind does not take.
    pub fn read(body: Value) -> ApiResult<KindRequest> {
        let bad = |e: serde_json::Error| ApiError::bad_request(e.to_string());
        let kind = body.get("kind").and_then(Value::as_str).unwrap_or_default();
        if matches!(kind, "daily" | "free" | "watch") {
            return Ok(KindRequest(KindOf::Daily(serde_json::from_value(body).map_err(bad)?)));
        }
        let labs = tabula_registry::offering(|c| c.figures);
        let Some(&(entry, figures)) = labs.iter().find(|(g, _)| g.info().name == kind) else {
            let mut kinds = vec!["daily", "free", "watch"];
            kinds.extend(labs.iter().map(|(g, _)| g.info().name));
            let shown = if kind.is_empty() { "no kind" } else { "an unknown kind" };
            return Err(ApiError::bad_request(format!(
                "{shown}: `kind` is one of {}, or the request names a `game`",
                kinds.join(", ")
            )));
        };
        if let Some(field) = body.as_object().and_then(|o| o.keys().find(|k| *k != "kind")) {
            return Err(ApiError::bad_request(format!(
                "unknown field `{field}`: a {kind} request has none"
            )));
        }
        Ok(KindRequest(KindOf::Figures(entry, figures)))
    }
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

/// A `kind` request as a table: the request, the stored kind, the daily
/// grid's date, and the grid's seed when the person chose it.
pub struct Planned {
    /// The table request.
    pub request: NewTable,
    /// `daily`, `free`, `watch` or the name of the game played.
    pub kind: &'static str,
    /// The daily grid's date.
    pub day: Option<Date>,
    /// The seed of a chosen grid (a grid is public: choosing it reveals
    /// nothing).
    pub seed: Option<u64>,
}

fn parse_seed(seed: &Option<Value>) -> ApiResult<Option<u64>> {
    match seed {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => n
            .as_u64()
            .map(Some)
            .ok_or_else(|| ApiError::bad_request("a seed is an integer from 0 to 2^64 − 1")),
        Some(Value::String(s)) => s
            .trim()
            .parse()
            .map(Some)
            .map_err(|_| ApiError::bad_request(format!("seed {s:?}: an integer from 0 to 2^64 − 1"))),
        Some(_) => Err(ApiError::bad_request("a seed is an integer or a string of digits")),
    }
}

impl GridOptions {
    /// The daily game's options (checked by the game when the table opens).
    fn options(&self) -> ApiResult<Value> {
        let size = self.size.unwrap_or(5);
        Ok(json!({
            "size": size,
            "walls": self.walls.unwrap_or(false),
            "target": self.target.unwrap_or(false),
            "traps": self.traps.unwrap_or(true),
        }))
    }
}

/// A computer seat of the `kind` requests: `greedy` or `alphabeta:1` to
/// `alphabeta:9`.
fn computer(spec: Option<&str>, daily: &dyn DailyPuzzle) -> ApiResult<SeatRequest> {
    let spec = spec.unwrap_or(daily.computer());
    let bad = || {
        ApiError::bad_request(format!(
            "unknown opponent {spec:?}: greedy or alphabeta:1 to alphabeta:{MAX_WEB_DEPTH}"
        ))
    };
    let ok = spec == "greedy"
        || spec
            .strip_prefix("alphabeta:")
            .and_then(|d| d.parse::<u32>().ok())
            .is_some_and(|d| (1..=MAX_WEB_DEPTH).contains(&d));
    if ok {
        Ok(SeatRequest::Ai { ai: spec.into() })
    } else {
        Err(bad())
    }
}

/// The table a `kind` request asks for.
///
/// # Errors
/// 400 for a bad grid, opponent or date (a daily grid of the future too).
pub fn plan(request: KindRequest, today: Date) -> ApiResult<Planned> {
    let human = || SeatRequest::Named("human".into());
    let table = |game: &str, options: Value, seats: Vec<SeatRequest>| NewTable {
        game: game.into(),
        options,
        seats: Some(seats),
    };
    let daily = match request.0 {
        KindOf::Figures(entry, figures) => {
            let name = entry.info().name;
            let opponent = SeatRequest::Ai {
                ai: figures.opponent().into(),
            };
            return Ok(Planned {
                request: table(name, Value::Null, vec![human(), opponent]),
                kind: name,
                day: None,
                seed: None,
            });
        }
        KindOf::Daily(daily) => daily,
    };
    let (entry, puzzle) = daily_game()?;
    let game = entry.info().name;
    Ok(match daily {
        DailyKind::Daily { date } => {
            let date = match date {
                Some(text) => crate::daily::parse_date(&text)?,
                None => today,
            };
            if date > today {
                return Err(ApiError::bad_request(format!(
                    "{date} is in the future: today is {today} (UTC)"
                )));
            }
            Planned {
                request: table(game, puzzle.options(date), vec![human(), computer(None, puzzle)?]),
                kind: "daily",
                day: Some(date),
                seed: None,
            }
        }
        DailyKind::Free { grid, opponent } => Planned {
            request: table(
                game,
                grid.options()?,
                vec![human(), computer(opponent.as_deref(), puzzle)?],
            ),
            kind: "free",
            day: None,
            seed: parse_seed(&grid.seed)?,
        },
        DailyKind::Watch { grid, a, b } => Planned {
            request: table(
                game,
                grid.options()?,
                vec![computer(a.as_deref(), puzzle)?, computer(b.as_deref(), puzzle)?],
            ),
            kind: "watch",
            day: None,
            seed: parse_seed(&grid.seed)?,
        },
    })
}

/// The table a row of before describes: its registered game, its options
/// and its truth (JSON), the seats being the row's.
pub struct OldTable {
    /// The registered name.
    pub game: &'static str,
    /// Its options (JSON).
    pub options: String,
    /// The seed and every action (JSON).
    pub truth: String,
}

/// A row stored before tables existed (its `kind` and `record`) as the
/// table it describes: the same game, the same grid, the same moves, read
/// by the game whose archive reads that kind.
///
/// # Errors
/// 500 when no game reads the kind, or the record does not read.
pub fn table_of_old_row(kind: &str, record: &str) -> ApiResult<OldTable> {
    let (entry, archive) = tabula_registry::offering(|c| c.archive)
        .into_iter()
        .find(|(_, a)| a.reads(kind))
        .ok_or_else(|| ApiError::internal(format!("no game reads stored games of kind {kind:?}")))?;
    let old = archive.read(record).map_err(ApiError::internal)?;
    let truth = Truth {
        seed: old.seed,
        actions: old.actions,
        ..Truth::default()
    };
    Ok(OldTable {
        game: entry.info().name,
        options: old.options.to_string(),
        truth: serde_json::to_string(&truth).map_err(ApiError::internal)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opponents_of_before_are_checked() {
        let (_, daily) = daily_game().unwrap();
        for good in ["greedy", "alphabeta:1", "alphabeta:9"] {
            assert!(computer(Some(good), daily).is_ok(), "{good}");
        }
        for bad in ["alphabeta:0", "alphabeta:10", "mcts:5", "alphabeta:x", "you", ""] {
            assert!(computer(Some(bad), daily).is_err(), "{bad}");
        }
    }
}
