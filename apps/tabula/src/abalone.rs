//! `tabula perft abalone`: move sequences of each length from a layout or
//! a position, with the time taken.

use std::io::{IsTerminal, Write};
use std::time::Instant;

use anyhow::{Result, anyhow, bail};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde_json::json;
use tabula_abalone::{PerftMode, Position, perft, perft_parallel_with};

/// The deepest perft the command accepts (depth 6 from a daisy already
/// counts about 10^11 sequences).
const MAX_DEPTH: usize = 8;

/// Runs perft and prints the counts (JSON `{"counts","seconds"}` with `json`).
pub fn perft_command(
    text: &str,
    depth: usize,
    bulk: bool,
    parallel: bool,
    json: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let pos: Position = text.parse().map_err(|e| anyhow!("'{text}': {e}"))?;
    if depth == 0 || depth > MAX_DEPTH {
        bail!("depth must be from 1 to {MAX_DEPTH}, not {depth}");
    }
    let mode = if bulk { PerftMode::Bulk } else { PerftMode::Generate };
    let bar = ProgressBar::new(0);
    if std::io::stderr().is_terminal() && depth >= 5 {
        bar.set_style(
            ProgressStyle::with_template("{spinner} {pos}/{len} first moves [{elapsed_precise}] {wide_bar} eta {eta}")
                .map_err(|e| anyhow!("{e}"))?,
        );
    } else {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    let start = Instant::now();
    let counts = if parallel {
        perft_parallel_with(&pos, depth, mode, &|total| {
            bar.set_length(total as u64);
            bar.inc(1);
        })
    } else {
        perft(&pos, depth, mode)
    };
    let seconds = start.elapsed().as_secs_f64();
    bar.finish_and_clear();
    if json {
        writeln!(out, "{}", json!({ "counts": counts, "seconds": seconds }))?;
    } else {
        for (i, c) in counts.iter().enumerate() {
            writeln!(out, "perft {} = {c}", i + 1)?;
        }
        let leaves = *counts.last().unwrap_or(&0) as f64;
        writeln!(
            out,
            "{seconds:.3} s, {:.1} M leaves/s",
            leaves / seconds.max(1e-9) / 1e6
        )?;
    }
    Ok(())
}
