//! The commands of what games offer beyond play — solve, probe, verify,
//! perft, daily, review, `--tables` — each dispatched to the capability
//! of the game named, through the registry: none names a game. A game
//! without the capability is refused in one line that names the games
//! offering it.

use std::io::{IsTerminal, Read, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use tabula_contract::capability::{Capabilities, Host, PerftSettings, Report};
use tabula_contract::{Date, GameEntry};

/// The capability `what` of game `name`, or one clear line.
fn offered<T: ?Sized>(
    name: &str,
    what: &str,
    pick: impl Fn(&Capabilities) -> Option<&'static T>,
) -> Result<(&'static dyn GameEntry, &'static T)> {
    tabula_registry::capability(name, what, pick).map_err(|e| anyhow!(e))
}

/// Prints a report (its JSON with `json`), then fails if it says so.
fn print(report: Report, json: bool, out: &mut dyn Write) -> Result<()> {
    if json {
        writeln!(out, "{}", report.json)?;
    } else {
        write!(out, "{}", report.text)?;
    }
    match report.failure {
        Some(why) => bail!(why),
        None => Ok(()),
    }
}

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

/// The command line as a long job's host: the wall clock, the process's
/// memory, and a spinner or a bar on standard error when it is a terminal.
struct Terminal {
    start: Instant,
    bar: ProgressBar,
}

impl Terminal {
    /// A host that shows `template` (an indicatif template) when `shown`
    /// and standard error is a terminal.
    fn new(template: &str, shown: bool) -> Result<Terminal> {
        let bar = ProgressBar::new(0);
        if shown && std::io::stderr().is_terminal() {
            bar.set_style(ProgressStyle::with_template(template).map_err(|e| anyhow!("{e}"))?);
            bar.enable_steady_tick(Duration::from_millis(200));
        } else {
            bar.set_draw_target(ProgressDrawTarget::hidden());
        }
        Ok(Terminal {
            start: Instant::now(),
            bar,
        })
    }

    fn spinner() -> Result<Terminal> {
        Terminal::new("{spinner} [{elapsed_precise}] {msg}", true)
    }
}

impl Host for Terminal {
    fn seconds(&self) -> f64 {
        self.start.elapsed().as_secs_f64()
    }
    fn peak_memory_mb(&self) -> u64 {
        peak_mb()
    }
    fn say(&self, message: &str) {
        self.bar.set_message(message.to_string());
    }
    fn progress(&self, done: u64, total: u64) {
        self.bar.set_length(total);
        self.bar.set_position(done);
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

/// `tabula solve GAME [TARGET]`.
pub fn solve(name: &str, target: Option<&str>, dir: &Path, json: bool, out: &mut dyn Write) -> Result<()> {
    let (_, solver) = offered(name, "exact solving", |c| c.solve)?;
    let report = solver
        .solve(target, dir, &Terminal::spinner()?)
        .map_err(|e| anyhow!(e))?;
    print(report, json, out)
}

/// `tabula probe GAME POSITION`.
pub fn probe(name: &str, position: &str, dir: &Path, json: bool, out: &mut dyn Write) -> Result<()> {
    let (_, tables) = offered(name, "endgame tables", |c| c.tablebase)?;
    print(tables.probe(position, dir).map_err(|e| anyhow!(e))?, json, out)
}

/// What `tabula verify` checks.
pub struct Verify<'a> {
    /// The class of tables.
    pub class: &'a str,
    /// Random positions for the sampled checks.
    pub samples: u64,
    /// Their seed.
    pub seed: u64,
}

/// `tabula verify GAME CLASS`.
pub fn verify(name: &str, v: &Verify, dir: &Path, json: bool, out: &mut dyn Write) -> Result<()> {
    let (_, tables) = offered(name, "endgame tables", |c| c.tablebase)?;
    let report = tables
        .verify(v.class, dir, v.samples, v.seed, &Terminal::spinner()?)
        .map_err(|e| anyhow!(e))?;
    print(report, json, out)
}

/// `--tables DIR`: installs the tables of every game that reads them.
pub fn install(dir: &Path) -> Result<()> {
    for (_, tables) in tabula_registry::offering(|c| c.tablebase) {
        tables.install(dir).map_err(|e| anyhow!(e))?;
    }
    Ok(())
}

/// `tabula perft GAME POSITION DEPTH`.
pub fn perft(
    name: &str,
    position: &str,
    depth: usize,
    settings: PerftSettings,
    json: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let (_, counts) = offered(name, "perft", |c| c.perft)?;
    let host = Terminal::new(
        "{spinner} {pos}/{len} first moves [{elapsed_precise}] {wide_bar} eta {eta}",
        depth >= 5,
    )?;
    let report = counts.perft(position, depth, settings, &host).map_err(|e| anyhow!(e))?;
    drop(host);
    print(report, json, out)
}

/// `tabula daily [GAME]`: the day's puzzle (today, UTC, by default) of the
/// game named, or of the one game that offers a daily puzzle.
pub fn daily(name: Option<&str>, date: Option<&str>, json: bool, out: &mut dyn Write) -> Result<()> {
    let (_, puzzle) = match name {
        Some(name) => offered(name, "daily puzzle", |c| c.daily)?,
        None => tabula_registry::only("daily puzzle", |c| c.daily).map_err(|e| anyhow!(e))?,
    };
    let day = match date {
        Some(text) => text.parse::<Date>().with_context(|| format!("--date {text}"))?,
        None => today(),
    };
    print(puzzle.show(day), json, out)
}

/// Today's date in UTC, from the system clock.
fn today() -> Date {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    Date::from_days_since_epoch((seconds / 86_400) as i64)
        .unwrap_or_else(|| Date::from_days_since_epoch(0).expect("1970-01-01"))
}

/// A record given as a file, `-` for standard input, or the JSON itself.
fn read_record(source: &str) -> Result<String> {
    if source.trim_start().starts_with('{') {
        Ok(source.to_string())
    } else if source == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .context("reading the record from standard input")?;
        Ok(text)
    } else {
        std::fs::read_to_string(source).with_context(|| format!("cannot read the record {source}"))
    }
}

/// `tabula review GAME RECORD`.
pub fn review(
    name: &str,
    source: &str,
    seat: usize,
    depth: Option<u32>,
    json: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let (_, reviewer) = offered(name, "record review", |c| c.review)?;
    let record = read_record(source)?;
    let depth = depth.unwrap_or_else(|| reviewer.default_depth());
    print(
        reviewer.review(&record, seat, depth).map_err(|e| anyhow!(e))?,
        json,
        out,
    )
}
