//! `tabula golden`: the golden corpus (see `tabula_conformance::golden`):
//! checked against its files, written again, or one match printed whole.

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use tabula_conformance::golden::{GoldenConfig, corpus, first_difference, match_text, presets};
use tabula_contract::GameEntry;

/// Where the corpus lives, from the repository's root.
pub const DIR: &str = "crates/registry/tests/data/golden";

/// Checks (or with `write`, writes) the corpus of `game`, or of every game,
/// in `dir`; a line per game with its checkpoints. Games run on their own
/// threads, both cores busy.
pub fn run(game: Option<&str>, write: bool, dir: &Path, out: &mut dyn Write) -> Result<()> {
    let entries: Vec<&'static dyn GameEntry> = match game {
        Some(name) => vec![tabula_registry::find(name)?],
        None => tabula_registry::games().to_vec(),
    };
    let config = GoldenConfig::default();
    let made: Vec<(&'static dyn GameEntry, String, usize, f64)> = std::thread::scope(|scope| {
        let handles: Vec<_> = entries
            .iter()
            .map(|&entry| {
                scope.spawn(move || {
                    let start = Instant::now();
                    let (file, checkpoints) = corpus(entry, &config);
                    (entry, file, checkpoints, start.elapsed().as_secs_f64())
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a corpus thread"))
            .collect()
    });
    if write {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot make {}", dir.display()))?;
    }
    let mut changed = Vec::new();
    for (entry, file, checkpoints, secs) in made {
        let name = entry.info().name;
        let path = dir.join(format!("{name}.golden"));
        if write {
            std::fs::write(&path, &file).with_context(|| format!("cannot write {}", path.display()))?;
            writeln!(out, "{name}: wrote {checkpoints} checkpoints ({secs:.1} s)")?;
            continue;
        }
        let stored = std::fs::read_to_string(&path).unwrap_or_default();
        match first_difference(&stored, &file) {
            None => writeln!(out, "{name}: {checkpoints} checkpoints, unchanged ({secs:.1} s)")?,
            Some((line, was, now)) => {
                writeln!(out, "{name}: line {line} changed: was '{was}', now '{now}'")?;
                changed.push(name);
            }
        }
    }
    if !changed.is_empty() {
        bail!("the corpus changed for {}", changed.join(", "));
    }
    Ok(())
}

/// Prints the checkpoints of one match of `game`, preset `preset`, seed
/// `seed`, as the corpus hashes them (to compare two builds line by line).
pub fn dump(game: &str, preset: usize, seed: u64, out: &mut dyn Write) -> Result<()> {
    let entry = tabula_registry::find(game)?;
    let all = presets(entry);
    let Some(options) = all.get(preset) else {
        bail!(
            "{game} has {} presets (0 to {})",
            all.len(),
            all.len().saturating_sub(1)
        );
    };
    let (text, _) = match_text(entry, options, seed, &GoldenConfig::default());
    out.write_all(text.as_bytes())?;
    Ok(())
}
