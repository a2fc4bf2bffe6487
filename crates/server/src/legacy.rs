//! The games API of before, on tables: the `kind` requests (daily, free,
//! watch, tictactoe) become table requests of the registry's games, and
//! the rows stored before tables existed read as tables. One code path
//! then serves every game, old or new.

use serde::Deserialize;
use serde_json::{Value, json};
use tabula_diagonal::grid::valid_size;
use tabula_diagonal::{Date, GridSource, Record};

use crate::error::{ApiError, ApiResult};
use crate::tables::{NewTable, SeatRequest, Truth};

/// The deepest search the `kind` requests offer (deeper ones take seconds
/// on 9×9).
pub const MAX_WEB_DEPTH: u32 = 9;
/// The daily grid's computer.
pub const DAILY_COMPUTER: &str = "alphabeta:7";
/// Tic-tac-toe's perfect computer (a full-depth search).
const TICTACTOE_COMPUTER: &str = "alphabeta";

/// A `kind` request's options.
#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum KindRequest {
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

/// A `kind` request as a table: the request, the stored kind, the daily
/// grid's date, and the grid's seed when the person chose it.
pub struct Planned {
    /// The table request.
    pub request: NewTable,
    /// `daily`, `free`, `watch` or `tictactoe`.
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
    fn options(&self) -> ApiResult<Value> {
        let size = self.size.unwrap_or(5);
        if !valid_size(size) {
            return Err(ApiError::bad_request(format!("size {size}: an odd side from 3 to 9")));
        }
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
fn computer(spec: Option<&str>) -> ApiResult<SeatRequest> {
    let spec = spec.unwrap_or(DAILY_COMPUTER);
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
    Ok(match request {
        KindRequest::Daily { date } => {
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
                request: table(
                    "diagonal",
                    json!({ "daily": date.to_string() }),
                    vec![human(), computer(None)?],
                ),
                kind: "daily",
                day: Some(date),
                seed: None,
            }
        }
        KindRequest::Free { grid, opponent } => Planned {
            request: table(
                "diagonal",
                grid.options()?,
                vec![human(), computer(opponent.as_deref())?],
            ),
            kind: "free",
            day: None,
            seed: parse_seed(&grid.seed)?,
        },
        KindRequest::Watch { grid, a, b } => Planned {
            request: table(
                "diagonal",
                grid.options()?,
                vec![computer(a.as_deref())?, computer(b.as_deref())?],
            ),
            kind: "watch",
            day: None,
            seed: parse_seed(&grid.seed)?,
        },
        KindRequest::Tictactoe {} => Planned {
            request: table(
                "tictactoe",
                Value::Null,
                vec![
                    human(),
                    SeatRequest::Ai {
                        ai: TICTACTOE_COMPUTER.into(),
                    },
                ],
            ),
            kind: "tictactoe",
            day: None,
            seed: None,
        },
    })
}

/// Tic-tac-toe's record of before: the squares played, X first.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TicTacToeRecord {
    moves: Vec<u8>,
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
/// table it describes: the same game, the same grid, the same moves.
///
/// # Errors
/// 500 when the record does not read.
pub fn table_of_old_row(kind: &str, record: &str) -> ApiResult<OldTable> {
    let (game, options, truth) = if kind == "tictactoe" {
        let record: TicTacToeRecord = serde_json::from_str(record).map_err(ApiError::internal)?;
        let actions = record.moves.into_iter().map(Value::from).collect();
        (
            "tictactoe",
            Value::Null,
            Truth {
                seed: 0,
                actions,
                ..Truth::default()
            },
        )
    } else {
        let record = Record::from_json(record).map_err(ApiError::internal)?;
        let (size, seed, traps, daily) = match &record.grid {
            GridSource::Seed(spec) => (spec.size, spec.seed, spec.traps, None),
            GridSource::Daily(date) => (5, 0, true, Some(date.to_string())),
        };
        let actions = record
            .moves
            .iter()
            .map(|c| c.cell(size).map(Value::from))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| ApiError::internal("a stored move is off its grid"))?;
        let options = json!({
            "size": size,
            "traps": traps,
            "walls": record.variant.walls,
            "target": record.variant.target,
            "daily": daily,
        });
        (
            "diagonal",
            options,
            Truth {
                seed,
                actions,
                ..Truth::default()
            },
        )
    };
    Ok(OldTable {
        game,
        options: options.to_string(),
        truth: serde_json::to_string(&truth).map_err(ApiError::internal)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opponents_of_before_are_checked() {
        for good in ["greedy", "alphabeta:1", "alphabeta:9"] {
            assert!(computer(Some(good)).is_ok(), "{good}");
        }
        for bad in ["alphabeta:0", "alphabeta:10", "mcts:5", "alphabeta:x", "you", ""] {
            assert!(computer(Some(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn an_old_row_reads_as_its_table() {
        let mut record = Record::new(
            GridSource::Seed(tabula_diagonal::GridSpec {
                size: 7,
                seed: 9,
                traps: false,
            }),
            tabula_diagonal::Variant {
                walls: true,
                target: false,
            },
        );
        record.push_cell(24, 7);
        let old = table_of_old_row("free", &record.to_json()).unwrap();
        let players = ["you".to_string(), "greedy".to_string()];
        let table = crate::tables::load(old.game, &old.options, &players, &old.truth).unwrap();
        assert_eq!(table.truth.seed, 9);
        assert_eq!(table.truth.actions, vec![Value::from(24)]);
        let replayed = table.replay().unwrap();
        // The table's record is the stored one.
        let again = Record::from_json(&replayed.game.record().unwrap().to_string()).unwrap();
        assert_eq!(again, record);
    }
}
