//! The `tabula` binary as a user runs it.

use crate::common;

use common::*;
use std::process::Output;

#[test]
fn solve_tictactoe_json_has_the_published_figures() {
    let v = json(&tabula(&["solve", "tictactoe", "--json"]));
    assert_eq!(v["minimax"]["value"], 0.0);
    assert_eq!(v["minimax"]["nodes"], 549_946);
    assert_eq!(v["minimax"]["leaves"], 255_168);
    assert_eq!(v["minimax"]["positions"], 5_478);
    assert_eq!(v["alphabeta"]["value"], 0.0);
    assert_eq!(v["alphabeta"]["nodes"], 18_297);
    assert_eq!(v["alphabeta_center_first"]["nodes"], 7_275);
    let r = &v["retrograde"];
    assert_eq!(r["positions"], 5_478);
    let sum = r["x_wins"].as_u64().unwrap() + r["o_wins"].as_u64().unwrap() + r["draws"].as_u64().unwrap();
    assert_eq!(sum, 5_478);
    let mcts = v["mcts"].as_array().unwrap();
    let iterations: Vec<u64> = mcts.iter().map(|m| m["iterations"].as_u64().unwrap()).collect();
    assert_eq!(iterations, [100, 300, 1000]);
    for m in mcts {
        let visits: u64 = m["visits"]
            .as_object()
            .unwrap()
            .values()
            .map(|v| v.as_u64().unwrap())
            .sum();
        assert_eq!(visits, m["iterations"].as_u64().unwrap());
        assert_eq!(
            m["mean"].as_object().unwrap().len(),
            m["visits"].as_object().unwrap().len()
        );
    }
    assert_eq!(v["mcts_position"]["winning_move"], 0);
}

#[test]
fn arena_json_is_deterministic_and_seat_swapped() {
    let args = [
        "arena",
        "tictactoe",
        "--a",
        "mcts:300",
        "--b",
        "random",
        "--games",
        "40",
        "--seed",
        "5",
        "--json",
    ];
    let first = json(&tabula(&args));
    let second = json(&tabula(&args));
    assert_eq!(first, second, "same seed, same tournament");
    for key in ["games", "a_wins", "draws", "b_wins", "a_score_rate", "ci95"] {
        assert!(first.get(key).is_some(), "missing {key}");
    }
    assert_eq!(first["games"], 40);
    let total =
        first["a_wins"].as_u64().unwrap() + first["draws"].as_u64().unwrap() + first["b_wins"].as_u64().unwrap();
    assert_eq!(total, 40);
    let rate = first["a_score_rate"].as_f64().unwrap();
    let ci = first["ci95"].as_array().unwrap();
    let (lo, hi) = (ci[0].as_f64().unwrap(), ci[1].as_f64().unwrap());
    assert!(lo <= rate && rate <= hi && hi <= 1.0 && lo >= 0.0);
    assert!(rate > 0.8, "MCTS beats random: {rate}");
}

#[test]
fn perfect_play_only_draws_against_itself() {
    let v = json(&tabula(&[
        "arena",
        "tictactoe",
        "--a",
        "alphabeta",
        "--b",
        "minimax",
        "--games",
        "4",
        "--json",
    ]));
    assert_eq!(v["draws"], 4);
}

#[test]
fn an_outside_engine_plays_through_the_bot_protocol() {
    let engine = format!("bot:{BIN} bot tictactoe --player alphabeta");
    let v = json(&tabula(&[
        "arena",
        "tictactoe",
        "--a",
        &engine,
        "--b",
        "random",
        "--games",
        "6",
        "--json",
    ]));
    assert_eq!(v["b_wins"], 0, "perfect play through the protocol never loses: {v}");
    let broken = tabula(&[
        "arena",
        "tictactoe",
        "--a",
        "bot:/nonexistent/engine",
        "--b",
        "random",
        "--games",
        "2",
    ]);
    assert!(!broken.status.success());
    assert!(stderr(&broken).contains("cannot start"), "{}", stderr(&broken));
}

#[test]
fn bad_arguments_give_one_line_and_a_failure_code() {
    for args in [
        &["arena", "tictactoe", "--a", "mcts:abc", "--b", "random"][..],
        &["arena", "tictactoe", "--a", "greedy", "--b", "random"],
        &["arena", "tictactoe", "--a", "random", "--b", "random", "--games", "3"],
        &["arena", "chess", "--a", "random", "--b", "random"],
        &["arena", "tictactoe", "--a", "random"],
        &["arena", "tictactoe", "--a", "random", "--b", "random", "--games", "-4"],
        &["solve", "chess"],
        &["play", "tictactoe", "--seat", "2"],
        &["play", "tictactoe", "--options", "{\"size\":4}"],
        &["play", "tictactoe", "--options", "not json"],
        &["bot", "tictactoe", "--player", "mcts"],
        &["fuzz", "chess"],
        &["golden", "chess"],
        &["golden", "nim", "--dump", "99", "1"],
        &["golden", "--dump", "0", "1"],
        &["frobnicate"],
    ] {
        let out = tabula(args);
        assert!(!out.status.success(), "{args:?} succeeded");
        let err = stderr(&out);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?} printed {err:?}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?} wrote to stdout");
    }
}

#[test]
fn play_in_the_terminal_to_the_end() {
    // The person (X) plays 0, 1, 2… whatever is free; perfect play as O
    // cannot lose and wins against this.
    let out = tabula_with_input(
        &["play", "tictactoe", "--ai", "alphabeta"],
        "0\n1\n9\nfoo\n2\n3\n5\n6\n7\n8\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("'9' is not a square"), "{text}");
    assert!(text.contains("'foo' is not a square"), "{text}");
    assert!(text.contains("Game over: You lose."), "{text}");
    // The end of the input ends the game quietly.
    let out = tabula_with_input(&["play", "tictactoe", "--seat", "1", "--ai", "random"], "");
    assert!(out.status.success());
}

#[test]
fn bench_prints_a_stable_signature() {
    let first = tabula(&["bench"]);
    assert!(first.status.success());
    let signature = |o: &Output| {
        String::from_utf8_lossy(&o.stdout)
            .lines()
            .find_map(|l| l.strip_prefix("Nodes searched: ").map(str::to_string))
            .expect("a Nodes searched line")
    };
    let second = tabula(&["bench"]);
    assert_eq!(signature(&first), signature(&second));
    assert!(String::from_utf8_lossy(&first.stdout).contains("Nodes/second: "));
}

#[test]
fn help_and_lists() {
    assert!(tabula(&["--help"]).status.success());
    let games = tabula(&["games"]);
    assert!(String::from_utf8_lossy(&games.stdout).contains("tictactoe"));
    let tunables = String::from_utf8_lossy(&tabula(&["tunables"]).stdout).into_owned();
    for name in ["exploration", "tt_bytes", "quiescence_plies", "max_nodes"] {
        assert!(tunables.contains(name), "{tunables}");
    }
}

#[test]
fn fuzz_mutates_a_game_s_observations_and_reports_what_it_tried() {
    let out = tabula(&["fuzz", "nim", "--mutations", "300", "--seed", "3"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("nim: 300 mutants of "), "{text}");
    assert!(
        text.contains(" refused, ") && text.contains("legal answers by perfect"),
        "{text}"
    );
}

#[test]
fn golden_dumps_one_match_and_checks_the_corpus_from_the_repository_root() {
    let out = tabula(&["golden", "nim", "--dump", "0", "1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("0 seat 0\nlegal ["), "{text}");
    assert!(
        text.trim_end().lines().last().unwrap().starts_with("payoffs ["),
        "{text}"
    );
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["golden", "nim"])
        .current_dir(root)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(String::from_utf8(out.stdout).unwrap().starts_with("nim: "), "unchanged");
}
