//! Writes the fixed decisions the browser and the native build must agree
//! on (`tests/data/decisions.json`): for every registered game, the first
//! two decisions of its strongest computer (`level:4`, or the game's
//! default player) that search, from a seeded game of that computer at
//! every seat. Each case is a worker's request (the seat's observation,
//! never a state) and the native answer: the action and the search's
//! statistics.
//!
//! ```sh
//! cargo run --release -p tabula-wasm --example decisions            # prints them
//! cargo run --release -p tabula-wasm --example decisions -- --write # regenerates the file
//! ```
//!
//! `cargo test -p tabula-wasm --test tests decisions` checks the file against the
//! native build, and the server's browser test against the module in
//! headless Chromium.

use serde_json::{Value, json};
use tabula_wasm::{LocalTable, decide, without_times};

/// Decisions kept per game.
const PER_GAME: usize = 2;
/// Plies a game may run before its decisions are found.
const MAX_PLIES: usize = 400;
/// The seed of every game.
const SEED: &str = "20261202";

fn strongest(entry: &dyn tabula_contract::GameEntry) -> String {
    if entry.players().iter().any(|p| p.form == "level:N") {
        "level:4".into()
    } else {
        entry.default_player().into()
    }
}

fn main() {
    let write = std::env::args().any(|a| a == "--write");
    let mut cases = Vec::new();
    for entry in tabula_registry::games() {
        let name = entry.info().name;
        let player = strongest(*entry);
        let seats = entry.open(&Value::Null).unwrap().seats();
        let request = json!({ "game": name, "seats": vec![json!({ "ai": player }); seats] });
        let mut table = LocalTable::open(&request.to_string(), SEED).unwrap();
        // Decisions that search come first; a player that never searches
        // (Nim's perfect one) gives its decisions with a choice.
        let (mut searched, mut chose) = (Vec::new(), Vec::new());
        while searched.len() < PER_GAME && table.ply() < MAX_PLIES {
            let Some(turn) = table.next_turn().unwrap() else { break };
            let worker = json!({
                "game": name, "options": Value::Null, "seat": turn.seat, "player": turn.player,
                "seed": turn.seed, "observation": turn.observation.to_string(),
            });
            let answer: Value = serde_json::from_str(&decide(&worker.to_string()).unwrap()).unwrap();
            let work =
                answer["stats"]["iterations"].as_u64().unwrap_or(0) + answer["stats"]["nodes"].as_u64().unwrap_or(0);
            let case = json!({ "request": worker, "expected": without_times(answer.clone()) });
            if work > 0 {
                searched.push(case);
            } else if answer["source"] == "search" {
                chose.push(case);
            }
            table.play_computer(answer["action"].as_str().unwrap()).unwrap();
        }
        let kept: Vec<Value> = searched.into_iter().chain(chose).take(PER_GAME).collect();
        eprintln!("{name}: {} decisions of {player}", kept.len());
        cases.extend(kept);
    }
    let text = serde_json::to_string_pretty(&cases).unwrap() + "\n";
    if write {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/decisions.json");
        std::fs::write(path, text).unwrap();
        eprintln!("wrote {} decisions to {path}", cases.len());
    } else {
        print!("{text}");
    }
}
