//! What Jamais en diagonale offers beyond play: the daily grid (a puzzle
//! of the day), the review of a record, the games an earlier server stored
//! before tables existed, and its bench searches.

use std::fmt::Write as _;

use serde_json::{Value, json};
use tabula_contract::capability::{Archive, Archived, BenchSearch, Capabilities, DailyPuzzle, RecordReview, Report};

use crate::ai::{Computer, Greedy, REVIEW_DEPTH};
use crate::date::{DailyGrid, Date, daily_grid};
use crate::notation::cell_name;
use crate::record::{GridSource, Record};
use crate::review::review;
use crate::rules::Diagonal;
use tabula_search::Game as _;

/// Jamais en diagonale's capabilities.
pub const CAPABILITIES: Capabilities = Capabilities {
    daily: Some(&Daily),
    review: Some(&Reviewer),
    archive: Some(&Stored),
    bench,
    ..Capabilities::NONE
};

/// The daily computer: alpha-beta at 7 plies.
pub const DAILY_COMPUTER: &str = "alphabeta:7";

/// The daily grid: 5 × 5 with traps under the standard rules, a pure
/// function of its date, against the daily computer.
pub struct Daily;

impl DailyPuzzle for Daily {
    fn options(&self, day: Date) -> Value {
        json!({ "daily": day.to_string() })
    }

    fn computer(&self) -> &'static str {
        DAILY_COMPUTER
    }

    fn show(&self, day: Date) -> Report {
        let daily = DailyGrid::of(day);
        let mut text = format!("Jamais en diagonale, daily grid of {day} (UTC)\n    ");
        for c in 0..daily.size {
            let _ = write!(text, "{:>4}", (b'a' + c) as char);
        }
        text.push('\n');
        for (r, row) in daily.cells.iter().enumerate() {
            let _ = write!(text, "{:>4}", r + 1);
            for v in row {
                let _ = write!(text, "{v:>4}");
            }
            text.push('\n');
        }
        Report::new(&daily, text)
    }
}

/// The review of a record: each of a seat's moves against the
/// computer's choice at a depth (exact in the endgame).
pub struct Reviewer;

impl RecordReview for Reviewer {
    fn default_depth(&self) -> u32 {
        REVIEW_DEPTH
    }

    fn review(&self, record: &str, seat: usize, depth: u32) -> Result<Report, String> {
        if seat > 1 {
            return Err(format!("--seat is 0 (moved first) or 1, not {seat}"));
        }
        if !(2..=30).contains(&depth) {
            return Err(format!("--depth is 2 to 30 plies, not {depth}"));
        }
        let record = Record::from_json(record).map_err(|e| e.to_string())?;
        let (grid, end) = record.replay().map_err(|e| e.to_string())?;
        let entries = review(&record, seat, depth).map_err(|e| e.to_string())?;
        let mut text = format!(
            "Review of seat {seat}'s moves ({} variant, search {depth} plies, exact in the endgame); values for you:\n",
            record.variant
        );
        let mut agreed = 0;
        for e in &entries {
            let same = e.played == e.best;
            agreed += usize::from(same);
            let tail = if same {
                ", the computer's choice too".to_string()
            } else {
                format!(
                    ", the computer would play {} ({:+}){}",
                    e.best,
                    e.best_value,
                    if e.exact { ", exact" } else { "" }
                )
            };
            let _ = writeln!(
                text,
                "  move {:>2}: you played {} ({:+}){tail}",
                e.number, e.played, e.played_value
            );
        }
        let scores = end.scores();
        let _ = writeln!(
            text,
            "{agreed} of {} moves agree with the computer. Final scores: seat 0 {}, seat 1 {}; last cell {}.",
            entries.len(),
            scores[0],
            scores[1],
            end.token()
                .map_or_else(|| "none".to_string(), |c| cell_name(c, grid.size()))
        );
        Ok(Report::new(&entries, text))
    }
}

/// Games stored before tables existed: rows of kind `daily`, `free` and
/// `watch`, their record a [`Record`].
pub struct Stored;

impl Archive for Stored {
    fn reads(&self, kind: &str) -> bool {
        matches!(kind, "daily" | "free" | "watch")
    }

    fn read(&self, record: &str) -> Result<Archived, String> {
        let record = Record::from_json(record).map_err(|e| e.to_string())?;
        let (size, seed, traps, daily) = match &record.grid {
            GridSource::Seed(spec) => (spec.size, spec.seed, spec.traps, None),
            GridSource::Daily(date) => (5, 0, true, Some(date.to_string())),
        };
        let actions = record
            .moves
            .iter()
            .map(|c| c.cell(size).map(Value::from))
            .collect::<Option<Vec<_>>>()
            .ok_or("a stored move is off its grid")?;
        let options = json!({
            "size": size,
            "traps": traps,
            "walls": record.variant.walls,
            "target": record.variant.target,
            "daily": daily,
        });
        Ok(Archived { options, seed, actions })
    }
}

/// The bench: the daily computer on a fixed daily grid after the first
/// move, then an exact endgame solve later in the same game.
pub fn bench() -> Vec<BenchSearch> {
    let rules = Diagonal::standard();
    let grid = daily_grid("2026-11-29".parse().expect("a valid date"));
    let mut opening = rules.start(&grid);
    rules.apply(&mut opening, 12);
    let mut endgame = opening;
    while endgame.free_count() > 14 {
        let cell = Greedy::pick(&rules, &endgame).expect("the game is not over");
        rules.apply(&mut endgame, cell);
    }
    vec![
        BenchSearch::new(
            "diagonal alpha-beta 7 plies, daily grid 2026-11-29 after c3",
            5_269,
            move || Computer::daily().think(&Diagonal::standard(), &opening),
        ),
        BenchSearch::new("diagonal exact endgame, 14 free cells", 41_786, move || {
            Computer::daily().think(&Diagonal::standard(), &endgame)
        }),
    ]
}
