//! `tabula fuzz`: the conformance suite's observation fuzzer at scale, on
//! both cores (see `tabula_conformance::fuzz`).

use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::{Result, bail};
use tabula_conformance::fuzz::{FuzzConfig, FuzzReport, fuzz};
use tabula_contract::GameEntry;
use tabula_search::Rng;

/// Fuzzes `game` (or every game) with `mutations` mutants each, split over
/// the machine's cores (each with its own seed); prints a line per game
/// and fails on the first broken promise, printing its case.
pub fn run(game: Option<&str>, mutations: usize, seed: u64, think_ms: u64, out: &mut dyn Write) -> Result<()> {
    let entries: Vec<&'static dyn GameEntry> = match game {
        Some(name) => vec![tabula_registry::find(name)?],
        None => tabula_registry::games().to_vec(),
    };
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    for entry in entries {
        let start = Instant::now();
        let parts: Vec<_> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..cores)
                .map(|k| {
                    let config = FuzzConfig {
                        mutations: mutations / cores + usize::from(k < mutations % cores),
                        seed: Rng::derived(seed, k as u64).next_u64(),
                        think: Duration::from_millis(think_ms),
                        // At scale, every answer's world plays on in full.
                        playout_others: usize::MAX,
                        ..FuzzConfig::default()
                    };
                    scope.spawn(move || fuzz(entry, &config))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a fuzzing thread"))
                .collect()
        });
        let mut total = FuzzReport::default();
        for part in parts {
            match part {
                Ok(r) => {
                    total.mutants += r.mutants;
                    total.refused += r.refused;
                    total.accepted += r.accepted;
                    total.answers += r.answers;
                    total.observations += r.observations;
                    total.players = r.players;
                }
                Err(failure) => bail!("{}", failure.to_string().replace('\n', " ")),
            }
        }
        writeln!(
            out,
            "{}: {} mutants of {} real observations: {} refused, {} accepted, {} legal answers by {} ({:.1} s)",
            entry.info().name,
            total.mutants,
            total.observations,
            total.refused,
            total.accepted,
            total.answers,
            total.players.join(", "),
            start.elapsed().as_secs_f64()
        )?;
    }
    Ok(())
}
