//! The golden corpus: every registered game's behaviour, frozen, so that a
//! refactor of the layers under the games can prove it changed nothing.
//!
//! For each game and each of its option presets ([`presets`]) the corpus
//! holds seeded initial states and whole seeded random matches. At every
//! checkpoint before an action it writes down the ply, the actor, the
//! sorted legal actions, the acting seat's observation, its view JSON and
//! the action's notation (for chance, the outcome); at the end the payoffs.
//! A match's checkpoints are kept as the SHA-256 of their bytes, one line a
//! match, in `crates/registry/tests/data/golden/<game>.golden`: any change of
//! one byte of one checkpoint changes its line. `tabula golden --write`
//! regenerates the files, `tabula golden --dump GAME PRESET SEED` prints a
//! match's checkpoints whole (to diff two builds), and the registry's test
//! compares every line.
//!
//! ```
//! # use tabula_contract::Registered;
//! use tabula_conformance::golden::{GoldenConfig, corpus, first_difference};
//! let entry = &Registered::<tabula_tictactoe::TicTacToe>::ENTRY;
//! let config = GoldenConfig { initial_states: 3, matches: 4, matches_per_preset: 4, default_matches: 4, ..Default::default() };
//! let (file, checkpoints) = corpus(entry, &config);
//! // Seeded, so made again it is the same, byte for byte.
//! assert_eq!(first_difference(&file, &corpus(entry, &config).0), None);
//! assert_eq!(file.lines().filter(|l| l.starts_with("match ")).count(), 4);
//! assert!(checkpoints >= 3 + 4 * 5, "a game of tic-tac-toe is five moves at least");
//! ```

use std::fmt::Write as _;

use serde_json::{Map, Value};
use sha2::{Digest, Sha256};
use tabula_contract::{GameEntry, TableKind};
use tabula_search::{Rng, Turn};

/// How much of each game the corpus holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoldenConfig {
    /// Seeded initial states per preset.
    pub initial_states: u64,
    /// Whole matches per game, shared out over its presets.
    pub matches: u64,
    /// The fewest whole matches of one preset.
    pub matches_per_preset: u64,
    /// Whole matches under the defaults, when the game has other presets.
    pub default_matches: u64,
    /// The most actions of one match: a random match that goes on past it
    /// (Gin Rummy's drawn hands, a match to 500 without the mercy rule)
    /// is cut there, and its line says `cut` instead of `whole`.
    pub max_actions: usize,
}

impl Default for GoldenConfig {
    fn default() -> Self {
        GoldenConfig {
            initial_states: 50,
            matches: 50,
            matches_per_preset: 5,
            default_matches: 5,
            max_actions: 5_000,
        }
    }
}

/// The least value a documented range allows (`(1 to 5000)`, `1 to 100`),
/// from an option's meaning.
fn least(meaning: &str) -> Option<i64> {
    let words: Vec<&str> = meaning.split_whitespace().collect();
    words.windows(3).find_map(|w| {
        let a = w[0].trim_start_matches('(');
        (w[1] == "to" && w[2].trim_end_matches([')', ',', ';']).parse::<i64>().is_ok())
            .then(|| a.parse::<i64>().ok())
            .flatten()
    })
}

/// A game's option presets. First its defaults. Then the short base: the
/// defaults with every integer option whose meaning gives a range at the
/// range's least value (the shortest match: one hand, one deal), when that
/// differs from the defaults; then, on the short base (or on the defaults
/// when there is none), each boolean option flipped alone and each listed
/// choice of an option other than its value there, alone. Presets the
/// game refuses (a choice that needs data not installed here, a least
/// value that is no game) are left out.
pub fn presets(entry: &dyn GameEntry) -> Vec<Value> {
    let defaults = entry.default_options();
    let mut short = defaults.clone();
    for doc in entry.option_docs() {
        if let (Some(Value::Number(_)), Some(n)) = (defaults.get(doc.name), least(doc.meaning)) {
            short.insert(doc.name.to_string(), Value::from(n));
        }
    }
    let mut out = vec![Value::Object(defaults.clone())];
    let base = if short != defaults && entry.open(&Value::Object(short.clone())).is_ok() {
        out.push(Value::Object(short.clone()));
        short
    } else {
        defaults
    };
    let with = |name: &str, value: Value| {
        let mut m: Map<String, Value> = base.clone();
        m.insert(name.to_string(), value);
        Value::Object(m)
    };
    for (name, value) in &base {
        if let Value::Bool(b) = value {
            out.push(with(name, Value::Bool(!b)));
        }
    }
    for doc in entry.option_docs() {
        for choice in doc.choices {
            let v = Value::String((*choice).to_string());
            if base.get(doc.name) != Some(&v) {
                out.push(with(doc.name, v));
            }
        }
    }
    out.retain(|o| entry.open(o).is_ok());
    out
}

/// One match's checkpoints, as text: what the corpus hashes.
///
/// # Panics
/// When the game breaks its own contract (a legal action refused, a
/// chance step that fails): the corpus is made of real games only.
pub fn match_text(entry: &dyn GameEntry, options: &Value, seed: u64, config: &GoldenConfig) -> (String, usize) {
    let driver = entry.open(options).expect("a preset opens");
    let mut game = driver.start(seed, TableKind::Online);
    let mut rng = Rng::derived(seed, 0x601D);
    let mut text = String::new();
    let mut plies = 0;
    while plies < config.max_actions {
        match game.to_act() {
            Turn::Terminal => break,
            Turn::Chance => {
                let outcome = game.draw_chance(&mut rng.clone()).expect("chance acts");
                game.chance(&mut rng).expect("chance acts");
                let _ = writeln!(text, "{plies} chance {outcome}");
            }
            Turn::Seat(seat) => {
                let legal = game.legal();
                let pick = legal[rng.below(legal.len() as u64) as usize].clone();
                let notation = driver.action_text(&pick).expect("a legal action has a notation");
                let _ = writeln!(
                    text,
                    "{plies} seat {seat}\nlegal {}\nobservation {}\nview {}\naction {pick} {notation}",
                    Value::Array(legal),
                    game.observe(seat),
                    game.view(seat),
                );
                game.apply(&pick).expect("a legal action applies");
            }
        }
        plies += 1;
    }
    let _ = writeln!(text, "payoffs {}", serde_json::json!(game.payoffs()));
    (text, plies)
}

/// An initial state's checkpoint, as text: whose turn, the legal actions,
/// and every seat's observation and view.
pub fn initial_text(entry: &dyn GameEntry, options: &Value, seed: u64) -> String {
    let driver = entry.open(options).expect("a preset opens");
    let game = driver.start(seed, TableKind::Online);
    let mut text = format!("turn {:?}\nlegal {}\n", game.to_act(), Value::Array(game.legal()));
    for seat in 0..driver.seats() {
        let _ = writeln!(
            text,
            "observation {seat} {}\nview {seat} {}",
            game.observe(seat),
            game.view(seat)
        );
    }
    text
}

fn digest(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A game's corpus file: a header, each preset's options, a line per
/// initial state and a line per match. Returns the file and how many
/// checkpoints it covers.
pub fn corpus(entry: &dyn GameEntry, config: &GoldenConfig) -> (String, usize) {
    let name = entry.info().name;
    let presets = presets(entry);
    // The defaults' matches are the longest (a match to 500 played at
    // random runs to tens of thousands of actions): a few of them; the
    // other presets share the rest.
    let others = (presets.len() as u64).saturating_sub(1).max(1);
    let per_preset = config.matches.div_ceil(others).max(config.matches_per_preset);
    let mut out = format!(
        "# The golden corpus of {name} (crates/conformance/src/golden.rs): regenerate with\n\
         # `cargo run --release -p tabula -- golden --write`; a changed line is a changed behaviour.\n"
    );
    let mut checkpoints = 0;
    for (p, options) in presets.iter().enumerate() {
        let _ = writeln!(out, "preset {p} {options}");
        for seed in 0..config.initial_states {
            let _ = writeln!(
                out,
                "initial {p} {seed} {}",
                digest(&initial_text(entry, options, seed))
            );
            checkpoints += 1;
        }
        let matches = if p == 0 && presets.len() > 1 {
            config.default_matches
        } else {
            per_preset
        };
        for seed in 0..matches {
            let (text, plies) = match_text(entry, options, seed, config);
            let payoffs = text.lines().last().unwrap_or_default().trim_start_matches("payoffs ");
            let whole = if plies < config.max_actions { "whole" } else { "cut" };
            let _ = writeln!(out, "match {p} {seed} {plies} {whole} {} {payoffs}", digest(&text));
            checkpoints += plies;
        }
    }
    (out, checkpoints)
}

/// The first line where `stored` and `fresh` differ, for the test's
/// message: (line number, stored line, fresh line).
pub fn first_difference<'a>(stored: &'a str, fresh: &'a str) -> Option<(usize, &'a str, &'a str)> {
    let (mut a, mut b) = (stored.lines(), fresh.lines());
    for n in 1.. {
        match (a.next(), b.next()) {
            (None, None) => return None,
            (x, y) if x == y => {}
            (x, y) => return Some((n, x.unwrap_or("(none)"), y.unwrap_or("(none)"))),
        }
    }
    None
}
