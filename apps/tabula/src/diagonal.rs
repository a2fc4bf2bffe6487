//! The commands of Jamais en diagonale: the daily grid and the review.

use std::io::{Read, Write};

use anyhow::{Context, Result, bail};
use tabula_diagonal::{DailyGrid, Date, Record, cell_name, review as review_record};

/// `tabula daily`: the grid of a date (today, UTC, by default).
pub fn daily(date: Option<&str>, json: bool, out: &mut dyn Write) -> Result<()> {
    let date = match date {
        Some(text) => text.parse::<Date>().with_context(|| format!("--date {text}"))?,
        None => Date::today_utc(),
    };
    let daily = DailyGrid::of(date);
    let size = usize::from(daily.size);
    let cells = &daily.cells;
    if json {
        writeln!(out, "{}", serde_json::to_string(&daily)?)?;
    } else {
        writeln!(out, "Jamais en diagonale, daily grid of {date} (UTC)")?;
        write!(out, "    ")?;
        for c in 0..size {
            write!(out, "{:>4}", (b'a' + c as u8) as char)?;
        }
        writeln!(out)?;
        for (r, row) in cells.iter().enumerate() {
            write!(out, "{:>4}", r + 1)?;
            for v in row {
                write!(out, "{v:>4}")?;
            }
            writeln!(out)?;
        }
    }
    Ok(())
}

fn read_record(source: &str) -> Result<Record> {
    let text = if source.trim_start().starts_with('{') {
        source.to_string()
    } else if source == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .context("reading the record from standard input")?;
        text
    } else {
        std::fs::read_to_string(source).with_context(|| format!("cannot read the record {source}"))?
    };
    Ok(Record::from_json(&text)?)
}

/// `tabula review diagonal <record>`.
pub fn review(source: &str, seat: usize, depth: u32, json: bool, out: &mut dyn Write) -> Result<()> {
    if seat > 1 {
        bail!("--seat is 0 (moved first) or 1, not {seat}");
    }
    if !(2..=30).contains(&depth) {
        bail!("--depth is 2 to 30 plies, not {depth}");
    }
    let record = read_record(source)?;
    let (grid, end) = record.replay()?;
    let entries = review_record(&record, seat, depth)?;
    if json {
        writeln!(out, "{}", serde_json::to_string(&entries)?)?;
        return Ok(());
    }
    let size = grid.size();
    writeln!(
        out,
        "Review of seat {seat}'s moves ({} variant, search {depth} plies, exact in the endgame); values for you:",
        record.variant
    )?;
    let mut agreed = 0;
    for e in &entries {
        let same = e.played == e.best;
        agreed += usize::from(same);
        writeln!(
            out,
            "  move {:>2}: you played {} ({:+}){}",
            e.number,
            e.played,
            e.played_value,
            if same {
                ", the computer's choice too".to_string()
            } else {
                format!(
                    ", the computer would play {} ({:+}){}",
                    e.best,
                    e.best_value,
                    if e.exact { ", exact" } else { "" }
                )
            }
        )?;
    }
    let scores = end.scores();
    writeln!(
        out,
        "{agreed} of {} moves agree with the computer. Final scores: seat 0 {}, seat 1 {}; last cell {}.",
        entries.len(),
        scores[0],
        scores[1],
        end.token().map_or_else(|| "none".to_string(), |c| cell_name(c, size))
    )?;
    Ok(())
}
