//! `tabula solve|probe|verify abalone`: the Discovery tablebases.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde_json::{Value, json};
use tabula_abalone::tablebase::{self, Class, Solved, file, parse_position, probe, summarize, verify};

/// The peak resident memory of this process, in MB (Linux; 0 elsewhere).
fn peak_mb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        })
        .map_or(0, |kb| kb.div_ceil(1024))
}

fn class(text: &str) -> Result<Class> {
    text.parse::<Class>().map_err(|e| anyhow!("{e}"))
}

fn spinner() -> Result<ProgressBar> {
    let bar = ProgressBar::new_spinner();
    if std::io::stderr().is_terminal() {
        bar.set_style(ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg}").map_err(|e| anyhow!("{e}"))?);
        bar.enable_steady_tick(Duration::from_millis(200));
    } else {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    Ok(bar)
}

/// Solves `class` (and the smaller classes it needs, reusing tables saved
/// in `dir`), saves it, and prints its figures.
pub fn solve(text: &str, dir: &Path, json_out: bool, out: &mut dyn Write) -> Result<()> {
    let target = class(text)?;
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let bar = spinner()?;
    let mut solved = Solved::new();
    let mut report = Value::Null;
    for c in tablebase::closure(target) {
        let path = file::path_of(dir, c);
        if c != target && path.exists() {
            bar.set_message(format!("loading {c} from {}", path.display()));
            solved.insert(c, file::load(dir, c)?);
            continue;
        }
        let start = Instant::now();
        let values = tablebase::solve(c, &solved, &|r| {
            bar.set_message(format!("{c}: level {}, {}/{} decided", r.level, r.total, r.size));
        });
        let seconds = start.elapsed().as_secs_f64();
        bar.set_message(format!("{c}: saving"));
        file::write(&path, c, &values)?;
        tracing::info!(class = %c, seconds, path = %path.display(), "class solved");
        if c == target {
            let summary = summarize(c, &values);
            let mut v = serde_json::to_value(&summary)?;
            v["seconds"] = json!((seconds * 1000.0).round() / 1000.0);
            v["peak_mb"] = json!(peak_mb());
            report = v;
        }
        solved.insert(c, values);
    }
    bar.finish_and_clear();
    if json_out {
        writeln!(out, "{report}")?;
    } else {
        writeln!(out, "{target} solved and saved in {}", dir.display())?;
        if let Value::Object(fields) = &report {
            for (k, v) in fields {
                writeln!(out, "  {k}: {v}")?;
            }
        }
    }
    Ok(())
}

fn load_for(dir: &Path, c: Class) -> Result<Solved> {
    tablebase::load_closure(dir, c).map_err(|e| anyhow!("{e} (run 'tabula solve abalone {c} --out {}')", dir.display()))
}

/// Probes a position and prints its value and each move's.
pub fn probe_command(text: &str, dir: &Path, json_out: bool, out: &mut dyn Write) -> Result<()> {
    let pos = parse_position(text).map_err(|e| anyhow!("'{text}': {e}"))?;
    if pos.loser().is_some() {
        bail!("the game is already over in '{text}'");
    }
    let c = Class::of(
        pos.count(tabula_abalone::Side::Black),
        pos.count(tabula_abalone::Side::White),
    )
    .filter(|_| pos.lose_at() == 1)
    .ok_or_else(|| anyhow!("'{text}' is not a Discovery endgame of a class from 2v2 to 6v5"))?;
    let solved = load_for(dir, c)?;
    let p = probe::probe(&solved, &pos).ok_or_else(|| anyhow!("a move leaves the loaded tables"))?;
    if json_out {
        writeln!(out, "{}", serde_json::to_string(&p)?)?;
    } else {
        let side = pos.to_move();
        match p.dtw {
            Some(d) => writeln!(out, "{side} to move: {} in {d} plies", p.wdl)?,
            None => writeln!(out, "{side} to move: draw")?,
        }
        for m in &p.moves {
            let d = m.dtw.map_or(String::new(), |d| format!(" in {d}"));
            writeln!(out, "  {:<10} {}{d}", m.mv, m.wdl)?;
        }
    }
    Ok(())
}

/// Verifies a saved class; fails when anything is inconsistent.
pub fn verify_command(
    text: &str,
    dir: &Path,
    samples: u64,
    seed: u64,
    json_out: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let c = class(text)?;
    let solved = load_for(dir, c)?;
    let start = Instant::now();
    let report = verify::verify(c, &solved, samples, seed);
    let seconds = start.elapsed().as_secs_f64();
    if json_out {
        let mut v = serde_json::to_value(&report)?;
        v["seconds"] = json!((seconds * 1000.0).round() / 1000.0);
        writeln!(out, "{v}")?;
    } else {
        writeln!(
            out,
            "{c}: {} entries re-derived, {} inconsistent; {} samples, {} probe round trips, {} best moves checked; deepest line of {} plies replayed ({seconds:.1} s)",
            report.entries_checked,
            report.inconsistencies,
            report.samples_checked,
            report.probe_round_trips,
            report.best_moves_checked,
            report.principal_variation.len()
        )?;
        for e in report.examples.iter().chain(&report.failures) {
            writeln!(out, "  {e}")?;
        }
    }
    if !report.ok() {
        bail!("{c} failed verification");
    }
    Ok(())
}

/// Installs every table found in `dir` for the computer.
pub fn install(dir: &Path) -> Result<()> {
    if !dir.is_dir() {
        bail!("--tables {}: not a directory", dir.display());
    }
    let solved = tablebase::load_dir(dir)?;
    tablebase::install(solved);
    Ok(())
}
