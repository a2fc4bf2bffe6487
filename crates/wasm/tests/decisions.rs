//! The fixed decisions of `tests/data/decisions.json` (written by `cargo
//! run --release -p tabula-wasm --example decisions -- --write`) are what
//! this build decides: the same action and the same search statistics
//! (times aside). The server's browser test checks the module in headless
//! Chromium against the same file, so a decision is the same natively and
//! in the browser.

use serde_json::Value;
use tabula_wasm::{decide, without_times};

#[test]
fn the_fixed_decisions_are_this_builds() {
    let cases: Vec<Value> = serde_json::from_str(include_str!("data/decisions.json")).unwrap();
    let games: std::collections::BTreeSet<&str> =
        cases.iter().map(|c| c["request"]["game"].as_str().unwrap()).collect();
    // Every registered game has its decisions.
    for name in tabula_registry::names() {
        assert!(games.contains(name), "no fixed decision of {name}: regenerate the file");
    }
    for case in &cases {
        let answer: Value = serde_json::from_str(&decide(&case["request"].to_string()).unwrap()).unwrap();
        assert_eq!(
            without_times(answer),
            case["expected"],
            "{}: the decision changed (if on purpose, regenerate the file)",
            case["request"]["game"]
        );
    }
}
