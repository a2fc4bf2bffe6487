//! What Abalone offers beyond play: the Discovery endgame tables (solved,
//! installed, probed, verified, their figures), perft counts, and its
//! bench search. Files are read and written here; the clock, the memory
//! gauge and the progress display are the front end's ([`Host`]).

use std::fmt::Write as _;
use std::path::Path;

use serde_json::{Value, json};
use tabula_contract::GameModule;
use tabula_contract::capability::{BenchSearch, Capabilities, Host, Perft, PerftSettings, Report, Solve, Tablebase};
use tabula_search::Player as _;

use crate::ai::{Computer, SearchConfig};
use crate::game::Abalone;
use crate::perft::{PerftMode, perft, perft_parallel_with};
use crate::position::{Layout, Position, Side};
use crate::tablebase::{self, Class, Solved, file, parse_position, probe, summarize, verify};
use crate::trainer;

/// Abalone's capabilities.
pub const CAPABILITIES: Capabilities = Capabilities {
    solve: Some(&Tables),
    tablebase: Some(&Tables),
    perft: Some(&Counts),
    bench,
    ..Capabilities::NONE
};

/// The deepest perft accepted (depth 6 from a daisy already counts about
/// 10^11 sequences).
pub const MAX_PERFT_DEPTH: usize = 8;

/// Seconds rounded to the millisecond, as the reports print them.
fn millis(seconds: f64) -> Value {
    json!((seconds * 1000.0).round() / 1000.0)
}

fn class(text: &str) -> Result<Class, String> {
    text.parse::<Class>().map_err(|e| e.to_string())
}

/// The Discovery tablebases: `tabula solve abalone CLASS`, `probe`,
/// `verify`, `--tables`.
pub struct Tables;

impl Solve for Tables {
    fn solve(&self, target: Option<&str>, dir: &Path, host: &dyn Host) -> Result<Report, String> {
        let target = class(target.ok_or("give the class to solve, e.g. 'tabula solve abalone 3v2'")?)?;
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let mut solved = Solved::new();
        let mut json = Value::Null;
        for c in tablebase::closure(target) {
            let path = file::path_of(dir, c);
            if c != target && path.exists() {
                host.say(&format!("loading {c} from {}", path.display()));
                solved.insert(c, file::load(dir, c).map_err(|e| e.to_string())?);
                continue;
            }
            let start = host.seconds();
            let values = tablebase::solve(c, &solved, &|r| {
                host.say(&format!("{c}: level {}, {}/{} decided", r.level, r.total, r.size));
            });
            let seconds = host.seconds() - start;
            host.say(&format!("{c}: saving"));
            file::write(&path, c, &values).map_err(|e| e.to_string())?;
            if c == target {
                let mut v = serde_json::to_value(summarize(c, &values)).map_err(|e| e.to_string())?;
                v["seconds"] = millis(seconds);
                v["peak_mb"] = json!(host.peak_memory_mb());
                json = v;
            }
            solved.insert(c, values);
        }
        let mut text = format!("{target} solved and saved in {}\n", dir.display());
        if let Value::Object(fields) = &json {
            for (k, v) in fields {
                let _ = writeln!(text, "  {k}: {v}");
            }
        }
        Ok(Report::new(&json, text))
    }
}

fn load_for(dir: &Path, c: Class) -> Result<Solved, String> {
    tablebase::load_closure(dir, c).map_err(|e| format!("{e} (run 'tabula solve abalone {c} --out {}')", dir.display()))
}

impl Tablebase for Tables {
    fn install(&self, dir: &Path) -> Result<(), String> {
        if !dir.is_dir() {
            return Err(format!("--tables {}: not a directory", dir.display()));
        }
        let solved = tablebase::load_dir(dir).map_err(|e| e.to_string())?;
        tablebase::install(solved);
        Ok(())
    }

    fn probe(&self, text: &str, dir: &Path) -> Result<Report, String> {
        let pos = parse_position(text).map_err(|e| format!("'{text}': {e}"))?;
        if pos.loser().is_some() {
            return Err(format!("the game is already over in '{text}'"));
        }
        let c = Class::of(pos.count(Side::Black), pos.count(Side::White))
            .filter(|_| pos.lose_at() == 1)
            .ok_or_else(|| format!("'{text}' is not a Discovery endgame of a class from 2v2 to 6v5"))?;
        let solved = load_for(dir, c)?;
        let p = probe::probe(&solved, &pos).ok_or("a move leaves the loaded tables")?;
        let side = pos.to_move();
        let mut out = match p.dtw {
            Some(d) => format!("{side} to move: {} in {d} plies\n", p.wdl),
            None => format!("{side} to move: draw\n"),
        };
        for m in &p.moves {
            let d = m.dtw.map_or(String::new(), |d| format!(" in {d}"));
            let _ = writeln!(out, "  {:<10} {}{d}", m.mv, m.wdl);
        }
        Ok(Report::new(&p, out))
    }

    fn verify(&self, text: &str, dir: &Path, samples: u64, seed: u64, host: &dyn Host) -> Result<Report, String> {
        let c = class(text)?;
        let solved = load_for(dir, c)?;
        let start = host.seconds();
        let report = verify::verify(c, &solved, samples, seed);
        let seconds = host.seconds() - start;
        let mut json = serde_json::to_value(&report).map_err(|e| e.to_string())?;
        json["seconds"] = millis(seconds);
        let mut out = format!(
            "{c}: {} entries re-derived, {} inconsistent; {} samples, {} probe round trips, {} best moves checked; deepest line of {} plies replayed ({seconds:.1} s)\n",
            report.entries_checked,
            report.inconsistencies,
            report.samples_checked,
            report.probe_round_trips,
            report.best_moves_checked,
            report.principal_variation.len()
        );
        for e in report.examples.iter().chain(&report.failures) {
            let _ = writeln!(out, "  {e}");
        }
        Ok(Report {
            failure: (!report.ok()).then(|| format!("{c} failed verification")),
            ..Report::new(&json, out)
        })
    }

    fn figures(&self) -> Value {
        tablebase_figures()
    }
}

/// The tablebase figures for pages and the API: every installed class's
/// counts ([`crate::tablebase::Summary`]: wins, losses and draws by side to
/// move, over index entries and over every actual position; the longest
/// win and a position achieving it), the trainer classes they allow, and
/// how to make tables when there are none.
pub fn tablebase_figures() -> Value {
    let figures = tablebase::installed_figures();
    let trainers: Vec<String> = <Abalone as GameModule>::OPTIONS[0]
        .choices
        .iter()
        .filter_map(|l| trainer::parse(l)?.ok())
        .filter(|&c: &Class| trainer::check_installed(c).is_ok())
        .map(|c| format!("{}{c}", trainer::PREFIX))
        .collect();
    json!({
        "installed": tablebase::installed().is_some(),
        "classes": figures,
        "trainers": trainers,
        "how_to_install": "tabula solve abalone 4v2 --out DIR (it solves 2v2 and 3v2 first), then tabula serve --tables DIR",
    })
}

/// `tabula perft abalone`: move sequences of each length from a layout or
/// a position.
pub struct Counts;

impl Perft for Counts {
    fn perft(&self, text: &str, depth: usize, settings: PerftSettings, host: &dyn Host) -> Result<Report, String> {
        let pos: Position = text.parse().map_err(|e| format!("'{text}': {e}"))?;
        if depth == 0 || depth > MAX_PERFT_DEPTH {
            return Err(format!("depth must be from 1 to {MAX_PERFT_DEPTH}, not {depth}"));
        }
        let mode = if settings.bulk {
            PerftMode::Bulk
        } else {
            PerftMode::Generate
        };
        let start = host.seconds();
        let counts = if settings.parallel {
            let done = std::sync::atomic::AtomicU64::new(0);
            perft_parallel_with(&pos, depth, mode, &|total| {
                let d = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                host.progress(d, total as u64);
            })
        } else {
            perft(&pos, depth, mode)
        };
        let seconds = host.seconds() - start;
        let mut text = String::new();
        for (i, c) in counts.iter().enumerate() {
            let _ = writeln!(text, "perft {} = {c}", i + 1);
        }
        let leaves = *counts.last().unwrap_or(&0) as f64;
        let _ = writeln!(
            text,
            "{seconds:.3} s, {:.1} M leaves/s",
            leaves / seconds.max(1e-9) / 1e6
        );
        Ok(Report::new(&json!({ "counts": counts, "seconds": seconds }), text))
    }
}

/// The bench: the level-4 search to a fixed depth from the Belgian daisy
/// (no node limit, no noise, so only the search decides the count).
pub fn bench() -> Vec<BenchSearch> {
    let belgian = Abalone::new(Layout::Belgian.position());
    let config = SearchConfig {
        max_depth: 7,
        max_nodes: None,
        noise: 0,
        ..SearchConfig::default()
    };
    vec![BenchSearch::new(
        "abalone alpha-beta 7 plies, Belgian daisy",
        149_584,
        move || Computer::new(config, 0).choose(&belgian, &belgian.initial_state(), 0),
    )]
}
