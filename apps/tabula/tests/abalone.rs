//! `tabula perft|play|bot|arena abalone` end to end.

use crate::common;

use common::*;

#[test]
fn perft_json_counts_sequences_in_both_modes() {
    let v = json(&tabula(&["perft", "abalone", "standard", "3", "--json"]));
    assert_eq!(v["counts"], serde_json::json!([44, 1936, 98912]));
    assert!(v["seconds"].as_f64().unwrap() >= 0.0);
    let v = json(&tabula(&[
        "perft",
        "abalone",
        "belgian",
        "3",
        "--json",
        "--no-bulk",
        "--single-thread",
    ]));
    assert_eq!(v["counts"], serde_json::json!([52, 2692, 149322]));
    // A position in the documented text form; an ejection ends a line early.
    let v = json(&tabula(&[
        "perft",
        "abalone",
        "black:e7,e8 white:e9,a1 to:black",
        "2",
        "--json",
    ]));
    assert_eq!(v["counts"][0], 15);
    let text = tabula(&["perft", "abalone", "german", "2"]);
    assert!(String::from_utf8_lossy(&text.stdout).contains("perft 2 = 6244"));
}

#[test]
fn bad_abalone_arguments_give_one_line_and_change_nothing() {
    for args in [
        &["perft", "abalone", "nonsense", "3"][..],
        &["perft", "abalone", "standard", "0"],
        &["perft", "abalone", "standard", "9"],
        &["perft", "abalone", "black:a1 white:a1 to:black", "2"],
        &["perft", "tictactoe", "standard", "2"],
        &["play", "abalone", "--layout", "hexagonal"],
        &["play", "abalone", "--level", "7"],
        &["play", "abalone", "--position", "black:z1 white:e5 to:black"],
        &["arena", "abalone", "--a", "level:9", "--b", "level:1"],
        &["arena", "abalone", "--a", "level", "--b", "level:1"],
        &["bot", "abalone", "--player", "level:0"],
    ] {
        let out = tabula(args);
        let err = one_line_error(&out);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?} wrote to stdout");
    }
}

#[test]
fn play_abalone_in_the_terminal() {
    let out = tabula_with_input(
        &["play", "abalone", "--layout", "standard", "--level", "1"],
        "a1a3:w\nzz\nmoves\nc3c5:nw\nquit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("a1a3:w is not legal here"), "{text}");
    assert!(text.contains("\"zz\" is not a move"), "{text}");
    assert!(text.contains("c3c5:nw"), "the move list: {text}");
    assert!(text.contains("white plays"), "{text}");
    assert!(text.contains("black 14 · white 14"), "{text}");
}

#[test]
fn the_stronger_level_wins_and_an_engine_plays_through_the_protocol() {
    // Level 2 (two plies and quiescence) against level 1 (one noisy ply),
    // from Discovery, where games are short.
    let v = json(&tabula(&[
        "arena",
        "abalone",
        "--a",
        "level:2",
        "--b",
        "level:1",
        "--games",
        "4",
        "--layout",
        "discovery",
        "--json",
    ]));
    assert_eq!(v["games"], 4);
    assert!(v["a_wins"].as_u64().unwrap() > v["b_wins"].as_u64().unwrap(), "{v}");
    let again = json(&tabula(&[
        "arena",
        "abalone",
        "--a",
        "level:2",
        "--b",
        "level:1",
        "--games",
        "4",
        "--layout",
        "discovery",
        "--json",
    ]));
    assert_eq!(v, again, "deterministic by seed");
    let engine = format!("bot:{BIN} bot abalone --player level:2");
    let v = json(&tabula(&[
        "arena",
        "abalone",
        "--a",
        &engine,
        "--b",
        "level:1",
        "--games",
        "2",
        "--layout",
        "discovery",
        "--json",
    ]));
    assert_eq!(v["games"], 2);
}

#[test]
fn solve_probe_and_verify_the_two_against_two_tablebase() {
    let dir = std::env::temp_dir().join(format!("tabula-cli-tb-{}", std::process::id()));
    let d = dir.to_str().unwrap();
    let v = json(&tabula(&["solve", "abalone", "2v2", "--out", d, "--json"]));
    assert_eq!(v["class"], "2v2");
    assert_eq!(v["concrete"]["strong_to_move"]["wins"], 3132);
    assert_eq!(v["concrete"]["weak_to_move"]["wins"], 3132);
    assert_eq!(v["strong_to_move"]["losses"], 0);
    assert_eq!(v["max_dtw"], 1);
    assert!(v["seconds"].as_f64().is_some() && v["peak_mb"].as_u64().is_some());
    assert!(dir.join("abalone-2v2.tb").exists());
    // The documented strong/weak syntax and the colour syntax.
    let p = json(&tabula(&[
        "probe",
        "abalone",
        "strong:e7,e8 weak:e9,a1 to:strong",
        "--tables",
        d,
        "--json",
    ]));
    assert_eq!(p["wdl"], "win");
    assert_eq!(p["dtw"], 1);
    assert_eq!(p["moves"][0]["move"], "e7e8:e");
    assert_eq!(p["moves"][0]["wdl"], "win");
    let q = json(&tabula(&[
        "probe",
        "abalone",
        "black:e7,e8 white:e9,a1 to:white",
        "--tables",
        d,
        "--json",
    ]));
    assert_eq!(q["wdl"], "draw");
    assert!(q["dtw"].is_null());
    let r = json(&tabula(&[
        "verify",
        "abalone",
        "2v2",
        "--tables",
        d,
        "--json",
        "--samples",
        "50",
    ]));
    assert_eq!(r["inconsistencies"], 0);
    assert_eq!(r["entries_checked"], v["positions"]);
    // Errors: a missing table, a bad class, a position outside the tables.
    for args in [
        &[
            "probe",
            "abalone",
            "strong:e7,e8,e6 weak:e9,a1 to:strong",
            "--tables",
            d,
        ][..],
        &["solve", "abalone", "9v2", "--out", d],
        &["solve", "abalone"],
        &["verify", "abalone", "3v3", "--tables", d],
        &["probe", "abalone", "standard", "--tables", d],
        &["probe", "tictactoe", "x", "--tables", d],
    ] {
        one_line_error(&tabula(args));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
