//! The registry's own tests, and the checks every registered game passes
//! through the erased interface, with no edit when a game is added: the
//! observation fuzzer ([`tabula_conformance::fuzz`]).

use std::time::Duration;

use tabula_conformance::fuzz::{FuzzConfig, fuzz};
use tabula_registry::{find, games, names};

#[test]
fn names_are_unique_and_found_exactly() {
    let all = names();
    let mut sorted = all.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), all.len(), "{all:?}");
    for n in all {
        assert_eq!(find(n).unwrap().info().name, n);
    }
    for look_alike in ["TicTacToe", "tic-tac-toe", "SKYJO", " skyjo"] {
        let e = find(look_alike).unwrap_err().to_string();
        assert!(e.contains("did you mean"), "{e}");
    }
    let e = find("chess").unwrap_err().to_string();
    assert!(e.starts_with("unknown game 'chess'; games: tictactoe"), "{e}");
    assert!(!find(&"x".repeat(500)).unwrap_err().to_string().contains("xxxx"));
}

/// Mutants per game (`TABULA_FUZZ_MUTATIONS` sets another number; `tabula
/// fuzz` runs millions).
fn mutations() -> usize {
    std::env::var("TABULA_FUZZ_MUTATIONS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(2000)
}

/// Every game, each player (every level) asked about every accepted
/// mutant of real observations: refused, or answered legally in a world
/// that plays on. The games run side by side (one thread each).
#[test]
fn every_game_refuses_or_answers_every_mutated_observation() {
    let env = |name: &str| std::env::var(name).ok();
    let mut config = FuzzConfig {
        mutations: mutations(),
        think: Duration::from_millis(1),
        sampling_every: 16,
        ..FuzzConfig::default()
    };
    if let Some(n) = env("TABULA_FUZZ_PLAYOUT").and_then(|n| n.parse().ok()) {
        config.playout = n;
    }
    if let Some(players) = env("TABULA_FUZZ_PLAYERS") {
        config.players = players.split(',').map(str::to_string).collect();
    }
    let only = std::env::var("TABULA_FUZZ_GAME").ok();
    let reports: Vec<_> = std::thread::scope(|scope| {
        let handles: Vec<_> = games()
            .iter()
            .filter(|e| only.as_deref().is_none_or(|g| g == e.info().name))
            .map(|&entry| {
                scope.spawn(|| {
                    let start = std::time::Instant::now();
                    let result = fuzz(entry, &config);
                    println!("{}: {:.1} s", entry.info().name, start.elapsed().as_secs_f64());
                    (entry.info().name, result)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut failures = Vec::new();
    for (name, result) in reports {
        match result {
            Ok(r) => {
                println!(
                    "{name}: {} observations, {} mutants: {} refused, {} accepted, {} answers by {:?}",
                    r.observations, r.mutants, r.refused, r.accepted, r.answers, r.players
                );
                assert!(r.refused > 0, "{name}: no mutant was refused: the fuzzer tests nothing");
                assert!(
                    r.accepted > 0,
                    "{name}: no mutant was accepted: the fuzzer tests nothing"
                );
                assert!(!r.players.is_empty(), "{name}: no player was asked");
            }
            Err(f) => failures.push(f.to_string()),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Where an option's meaning names its default (`default 100`), it is the
/// default the game's `Options` type has: help texts and the new-game
/// forms read the meaning, so it must not drift from the type.
#[test]
fn every_default_an_option_names_is_its_default() {
    let mut checked = 0;
    for entry in games() {
        let defaults = entry.default_options();
        for doc in entry.option_docs() {
            let Some((_, after)) = doc.meaning.split_once("default ") else {
                continue;
            };
            let named: String = after
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '.')
                .collect();
            let actual = &defaults[doc.name];
            let shown = actual.as_str().map_or_else(|| actual.to_string(), str::to_string);
            if named.chars().next().is_some_and(|c| c.is_ascii_digit())
                || ["on", "off", "true", "false"].contains(&named.as_str())
            {
                let named = match named.as_str() {
                    "on" => "true",
                    "off" => "false",
                    n => n,
                };
                assert_eq!(
                    named,
                    shown,
                    "{}: option {}: {}",
                    entry.info().name,
                    doc.name,
                    doc.meaning
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 0, "no option names its default");
}

/// The golden corpus (crates/conformance/src/golden.rs): every registered
/// game's seeded initial states and whole random matches under each of its
/// option presets, checkpoint by checkpoint, are what
/// `tests/data/golden/<game>.golden` recorded. A game added to the registry
/// has no file until `tabula golden --write` makes it, and fails here.
#[test]
fn every_game_plays_as_its_golden_corpus_recorded() {
    use tabula_conformance::golden::{GoldenConfig, corpus, first_difference};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/golden");
    let config = GoldenConfig::default();
    let results: Vec<(&str, Option<String>, usize)> = std::thread::scope(|scope| {
        let handles: Vec<_> = games()
            .iter()
            .map(|&entry| {
                let dir = &dir;
                scope.spawn(move || {
                    let name = entry.info().name;
                    let stored = std::fs::read_to_string(dir.join(format!("{name}.golden")));
                    let (fresh, checkpoints) = corpus(entry, &config);
                    let problem = match stored {
                        Err(_) => Some("no corpus file: run `cargo run --release -p tabula -- golden --write`".into()),
                        Ok(stored) => first_difference(&stored, &fresh)
                            .map(|(n, was, now)| format!("line {n}: was '{was}', now '{now}'")),
                    };
                    (name, problem, checkpoints)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let total: usize = results.iter().map(|r| r.2).sum();
    let problems: Vec<String> = results
        .iter()
        .filter_map(|(name, p, _)| p.as_ref().map(|p| format!("{name}: {p}")))
        .collect();
    assert!(problems.is_empty(), "the golden corpus changed: {problems:#?}");
    assert!(total >= 13_000, "{total} checkpoints");
}
