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

/// Every game has its rules for players (the web app's rules page): a
/// page titled by the game, in sections, in the subset of CommonMark the
/// page draws (no HTML, tables, links, images or code).
#[test]
fn every_game_has_its_rules_for_players() {
    for entry in games() {
        let info = entry.info();
        let rules = entry.rules();
        assert!(
            rules.starts_with(&format!("# {}\n", info.title)),
            "{}: its rules begin '# {}'",
            info.name,
            info.title
        );
        assert!(rules.contains("\n## "), "{}: its rules have sections", info.name);
        let words = rules.split_whitespace().count();
        assert!((100..=1200).contains(&words), "{}: {words} words of rules", info.name);
        for bad in ["<", "](", "```", "\n|", "\n    "] {
            assert!(!rules.contains(bad), "{}: its rules hold {bad:?}", info.name);
        }
    }
}

/// Mutants per game (`TABULA_FUZZ_MUTATIONS` sets another number; `tabula
/// fuzz` runs millions). A thousand keep CI's budget (2,000 took 49 s of
/// this binary's 104 s) and still reach every game's refusals and answers.
fn mutations() -> usize {
    std::env::var("TABULA_FUZZ_MUTATIONS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1000)
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

/// A field no observation of the game has is refused, at the top and
/// inside any part: the bot protocol's hosts get an error, not a guess.
#[test]
fn every_game_refuses_an_observation_field_it_does_not_have() {
    use serde_json::Value;
    use tabula_contract::TableKind;
    use tabula_search::Turn;
    for entry in games() {
        let name = entry.info().name;
        let driver = entry.open(&Value::Null).unwrap();
        let mut game = driver.start(7, TableKind::Online);
        let mut rng = tabula_search::Rng::new(7);
        while game.to_act() == Turn::Chance {
            game.chance(&mut rng).unwrap();
        }
        let seat = match game.to_act() {
            Turn::Seat(s) => s,
            _ => 0,
        };
        let observation = game.observe(seat);
        driver
            .legal_from_observation(&observation, seat)
            .unwrap_or_else(|e| panic!("{name}: its own observation is refused: {e}"));
        let Some(fields) = observation.as_object() else {
            continue;
        };
        let mut top = observation.clone();
        top["zz_not_a_field"] = Value::from(1);
        assert!(
            driver.legal_from_observation(&top, seat).is_err(),
            "{name}: an unknown field is accepted"
        );
        let nested = fields.iter().find(|(_, v)| v.is_object()).map(|(k, _)| k.clone());
        if let Some(key) = nested {
            let mut inner = observation.clone();
            inner[&key]["zz_not_a_field"] = Value::from(1);
            assert!(
                driver.legal_from_observation(&inner, seat).is_err(),
                "{name}: an unknown field inside {key} is accepted"
            );
        }
    }
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

/// Every registered module type under every option preset
/// ([`presets`](tabula_conformance::golden::presets)), side by side: its
/// contract with the front ends ([`check_module`]: options, players, every
/// seat's observation, check and view, texts that read back, the state
/// invariants and the swap hook) and its rules' contract with the searches
/// ([`check`]: playouts to finite payoffs, sorted legal sets, chance
/// distributions, `play` refusing what is not legal and changing nothing,
/// JSON round trips, incremental hashes, worlds that show the seat what it
/// saw). A game added to [`tabula_registry::for_each_module!`] is checked
/// here with no edit.
#[test]
fn every_game_keeps_its_contracts_under_every_preset() {
    macro_rules! conform_all {
        ($($module:path),* $(,)?) => {
            std::thread::scope(|scope| {
                let handles = vec![$(scope.spawn(conform::<$module>)),*];
                let lines: Vec<String> = handles.into_iter().map(|h| h.join().unwrap()).collect();
                for line in &lines {
                    println!("{line}");
                }
                assert_eq!(lines.len(), games().len(), "the list and the registry differ");
            })
        };
    }
    tabula_registry::for_each_module!(conform_all);
}

/// Plies of each random playout the rules' check follows: whole matches
/// to their payoffs are the golden corpus's (every match it records ends
/// or is cut at its own bound), so this suite checks many states cheaply.
const PLAYOUT_PLIES: usize = 300;

/// One game: each preset is built from its JSON as the front ends build it,
/// then checked. The defaults play two seeded games, every other preset
/// one; the rules' check follows one random playout of each preset from
/// its start and one from 60 plies in, [`PLAYOUT_PLIES`] each.
fn conform<M>() -> String
where
    M: tabula_contract::GameModule,
    tabula_contract::StateOf<M>: serde::Serialize + serde::de::DeserializeOwned + PartialEq,
{
    use tabula_conformance::{Config, check, golden::presets, module::check_module, random_state};
    let name = M::INFO.name;
    if std::env::var("TABULA_CONFORM_GAME").is_ok_and(|only| only != name) {
        return format!("{name}: skipped (TABULA_CONFORM_GAME)");
    }
    let entry = find(name).expect("the module is registered under its name");
    let start = std::time::Instant::now();
    let presets = presets(entry);
    let (mut decisions, mut states, mut longest, mut swaps) = (0, 0, 0, 0);
    for (k, preset) in presets.iter().enumerate() {
        let options: M::Options = serde_json::from_value(preset.clone())
            .unwrap_or_else(|e| panic!("{name}: preset {preset} does not read: {e}"));
        let module = M::new(options).unwrap_or_else(|e| panic!("{name}: preset {preset} is refused: {e}"));
        let seeds: &[u64] = if k == 0 { &[1, 2] } else { &[k as u64 + 2] };
        let report = check_module(&module, seeds, 400);
        assert_eq!(report.games, seeds.len(), "{name}: {preset}");
        decisions += report.decisions;
        swaps += report.swaps;
        if k == 0 {
            same_by_seed(&module);
        }

        let game = module.game();
        let seed = k as u64 + 11;
        let first = module.start(seed);
        let middle = random_state(game, module.start(seed + 1), seed, 60);
        let candidates = candidates(game, module.start(seed + 2), seed);
        let config = Config {
            playouts: 1,
            max_plies: PLAYOUT_PLIES,
            stop_after: Some(PLAYOUT_PLIES),
            worlds: 1,
            seed,
        };
        let report = check(game, &[first, middle], &candidates, &config);
        assert_eq!(report.terminals + report.cut, 2, "{name}: {preset}");
        states += report.states;
        longest = longest.max(report.longest);
    }
    // A game that hides cards shows by a swap that its seats see none.
    assert!(
        !M::INFO.hidden_information || swaps > 0,
        "{name}: hides information but its swap hook never swapped"
    );
    format!(
        "{name}: {} presets, {decisions} decisions, {swaps} swaps and {states} states checked (longest playout {longest} plies) in {:.1} s",
        presets.len(),
        start.elapsed().as_secs_f64()
    )
}

/// Deterministic by seed: at a decision with a choice, each listed player
/// (its example spec, whose budget counts iterations, not time) built
/// twice with one seed answers the same action after the same search: the
/// same counters and the same figures at every root action.
fn same_by_seed<M: tabula_contract::GameModule>(module: &M) {
    use tabula_search::{Game, Player, Turn};
    let name = M::INFO.name;
    let game = module.game();
    let mut state = module.start(5);
    let mut rng = tabula_search::Rng::new(5);
    let mut legal = Vec::new();
    let seat = loop {
        match game.to_move(&state) {
            Turn::Terminal => panic!("{name}: a seeded game ends before any choice"),
            Turn::Chance => {
                let a = game.sample_chance(&state, &mut rng);
                game.apply(&mut state, a);
            }
            Turn::Seat(seat) => {
                game.legal_actions(&state, &mut legal);
                if legal.len() > 1 {
                    break seat;
                }
                game.apply(&mut state, legal[0]);
            }
        }
    };
    let observation = game.observation(&state, seat);
    for p in M::PLAYERS {
        let spec: tabula_contract::PlayerSpec = p.example.parse().expect("a listed example parses");
        let answer = || {
            let mut player = module.agent(&spec, 7).expect("a listed example is a player");
            let r = player.choose(game, &observation, seat);
            let s = r.stats;
            let roots: Vec<_> = s.root.iter().map(|r| (r.action, r.visits, r.value.to_bits())).collect();
            format!(
                "{:?}",
                (
                    r.action,
                    r.value.to_bits(),
                    s.nodes,
                    s.leaves,
                    s.iterations,
                    s.depth,
                    roots,
                    s.pv
                )
            )
        };
        assert_eq!(
            answer(),
            answer(),
            "{name}: {} answers otherwise with the same seed",
            p.example
        );
    }
}

/// Actions to try where they are not legal: up to 64 of the distinct
/// actions and chance outcomes of one random match, spread over its sorted
/// set (an action legal somewhere is the likeliest to be taken for legal
/// elsewhere).
fn candidates<G: tabula_search::Game>(game: &G, mut state: G::State, seed: u64) -> Vec<G::Action> {
    use tabula_search::{Rng, Turn};
    let mut rng = Rng::new(seed);
    let mut seen = std::collections::BTreeSet::new();
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    for _ in 0..20_000 {
        let action = match game.to_move(&state) {
            Turn::Terminal => break,
            Turn::Chance => {
                game.chance_outcomes(&state, &mut outcomes);
                seen.extend(outcomes.iter().map(|o| o.0));
                game.sample_chance(&state, &mut rng)
            }
            Turn::Seat(_) => {
                game.legal_actions(&state, &mut legal);
                seen.extend(legal.iter().copied());
                legal[rng.below(legal.len() as u64) as usize]
            }
        };
        game.apply(&mut state, action);
    }
    let all: Vec<G::Action> = seen.into_iter().collect();
    let step = all.len().div_ceil(64).max(1);
    all.into_iter().step_by(step).collect()
}
