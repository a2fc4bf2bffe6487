//! Jamais en diagonale from the command line: the daily grid, the arena and
//! its experiment format, terminal play with its record, the review.

use crate::common;

use common::*;
use serde_json::Value;

#[test]
fn the_daily_grid_is_a_function_of_its_date() {
    let v = json(&tabula(&["daily", "--date", "2026-11-29", "--json"]));
    assert_eq!(v["date"], "2026-11-29");
    assert_eq!(v["size"], 5);
    let rows = v["cells"].as_array().unwrap();
    assert_eq!(rows.len(), 5);
    for row in rows {
        let row = row.as_array().unwrap();
        assert_eq!(row.len(), 5);
        for cell in row {
            let x = cell.as_i64().expect("values are integers");
            assert!((1..=10).contains(&x.abs()), "{x}");
        }
    }
    assert_eq!(v, json(&tabula(&["daily", "--date", "2026-11-29", "--json"])));
    assert_ne!(
        v["cells"],
        json(&tabula(&["daily", "--date", "2026-11-30", "--json"]))["cells"]
    );
    // Today's grid works without a date.
    assert!(tabula(&["daily"]).status.success());
    for bad in ["2026-02-30", "2026-13-01", "29-11-2026", "yesterday"] {
        one_line_error(&tabula(&["daily", "--date", bad]));
    }
}

#[test]
fn the_experiment_format_and_its_determinism() {
    let args = [
        "arena",
        "diagonal",
        "--a",
        "greedy",
        "--b",
        "alphabeta:3",
        "--grids",
        "6",
        "--seed",
        "9",
        "--json",
    ];
    let v = json(&tabula(&args));
    assert_eq!(v, json(&tabula(&args)), "same seed, same tournament");
    assert_eq!(v["grids"], 6);
    assert_eq!(v["games"], 12);
    let wins = ["a_wins", "draws", "b_wins"]
        .iter()
        .map(|k| v[k].as_u64().unwrap())
        .sum::<u64>();
    assert_eq!(wins, 12);
    let grids = ["a_grid_wins", "grid_draws", "b_grid_wins"]
        .iter()
        .map(|k| v[k].as_u64().unwrap())
        .sum::<u64>();
    assert_eq!(grids, 6);
    let margin = v["mean_margin_b_minus_a"].as_f64().unwrap();
    let ci = v["ci95"].as_array().unwrap();
    assert!(ci[0].as_f64().unwrap() <= margin && margin <= ci[1].as_f64().unwrap());
    assert_eq!(v["mean_moves"], 25.0, "a standard game empties the 5×5 grid");
    // Walls games end early; traps off and Target are accepted.
    let walls = json(&tabula(&[
        "arena", "diagonal", "--a", "greedy", "--b", "greedy", "--grids", "4", "--walls", "--json",
    ]));
    assert!(walls["mean_moves"].as_f64().unwrap() < 25.0);
    assert!(
        tabula(&[
            "arena",
            "diagonal",
            "--a",
            "greedy",
            "--b",
            "random",
            "--grids",
            "2",
            "--no-traps",
            "--target"
        ])
        .status
        .success()
    );
}

#[test]
fn bad_diagonal_arguments_are_one_line() {
    for args in [
        &["arena", "diagonal", "--a", "greedy", "--b", "minimax", "--grids", "2"][..],
        &[
            "arena", "diagonal", "--a", "greedy", "--b", "greedy", "--grids", "2", "--size", "4",
        ],
        &[
            "arena", "diagonal", "--a", "greedy", "--b", "greedy", "--grids", "2", "--games", "4",
        ],
        &["play", "diagonal", "--daily", "2026-11-29", "--walls"],
        &["play", "diagonal", "--options", "{\"colour\":\"red\"}"],
        &[
            "review",
            "diagonal",
            "{\"grid\":{\"daily\":\"2026-11-29\"},\"moves\":[\"a1\"]}",
        ],
        &["review", "diagonal", "not a record"],
        &["review", "tictactoe", "{}"],
    ] {
        let err = one_line_error(&tabula(args));
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn a_terminal_game_ends_with_a_record_that_reviews() {
    // Type every cell name until the game ends: illegal ones are explained
    // and asked again.
    let cells: Vec<String> = (0..25)
        .map(|i| format!("{}{}", (b'a' + i % 5) as char, i / 5 + 1))
        .collect();
    let input = cells
        .iter()
        .cycle()
        .take(25 * 25)
        .cloned()
        .collect::<Vec<_>>()
        .join("\n")
        + "\n";
    let out = tabula_with_input(&["play", "diagonal", "--daily", "2026-11-29", "--ai", "greedy"], &input);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Game over"), "{text}");
    let record = text
        .lines()
        .find_map(|l| l.strip_prefix("Record (for tabula review): "))
        .expect("the record is printed");
    let review = json(&tabula(&["review", "diagonal", record, "--depth", "3", "--json"]));
    let entries = review.as_array().unwrap();
    assert!(!entries.is_empty());
    assert_eq!(entries[0]["number"], 1, "seat 0 moves first");
    let numbers: Vec<u64> = entries.iter().map(|e| e["number"].as_u64().unwrap()).collect();
    assert!(numbers.windows(2).all(|w| w[0] < w[1]), "{numbers:?}");
    for e in entries {
        assert!(e["best_value"].as_f64().unwrap() >= e["played_value"].as_f64().unwrap() - 1e-9);
    }
    let text = String::from_utf8_lossy(&tabula(&["review", "diagonal", record]).stdout).into_owned();
    assert!(text.contains("moves agree with the computer"), "{text}");
}

#[test]
fn the_bot_speaks_diagonal() {
    let hello = r#"{"type":"hello","protocol":1,"game":"diagonal","options":{"size":3}}"#;
    let start = r#"{"size":3,"values":[1,2,3,4,5,6,7,8,9]}"#;
    let ask = format!(r#"{{"type":"move","id":1,"seat":0,"observation":{start},"legal":[1,3,4,5,7]}}"#);
    let wrong_size = r#"{"type":"move","id":2,"seat":0,"observation":{"size":5,"values":[1,2,3,4,5,6,7,8,9,1,2,3,4,5,6,7,8,9,1,2,3,4,5,6,7]},"legal":[2,7,10,11,12,13,14,17,22]}"#;
    let input = [hello, &ask, wrong_size, &ask, r#"{"type":"quit"}"#].join("\n") + "\n";
    let out = tabula_with_input(&["bot", "diagonal", "--player", "alphabeta:7"], &input);
    assert!(out.status.success());
    let replies: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let kinds: Vec<&str> = replies.iter().map(|r| r["type"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["ready", "action", "error", "action", "bye"]);
    assert!([1, 3, 4, 5, 7].contains(&replies[1]["action"].as_u64().unwrap()));
    assert_eq!(replies[1]["action"], replies[3]["action"], "deterministic");
    assert!(replies[2]["message"].as_str().unwrap().contains("session plays 3×3"));
}
