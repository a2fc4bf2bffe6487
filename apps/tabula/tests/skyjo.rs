//! `tabula play|arena|bot skyjo` end to end.

use crate::common;

use common::*;
use tabula_search::Game;

#[test]
fn arena_json_has_the_issue_fields_and_is_deterministic() {
    let args = [
        "arena",
        "skyjo",
        "--a",
        "level:2",
        "--b",
        "level:1",
        "--games",
        "6",
        "--seed",
        "5",
        "--players",
        "3",
        "--json",
    ];
    let v = json(&tabula(&args));
    for key in [
        "games",
        "a_wins",
        "b_wins",
        "draws",
        "a_mean_round",
        "b_mean_round",
        "ci95",
    ] {
        assert!(v.get(key).is_some(), "{key} in {v}");
    }
    // Whole deals, each played once per rotation of the 3 seats.
    assert_eq!(v["games"], 6);
    let n = v["a_wins"].as_u64().unwrap() + v["b_wins"].as_u64().unwrap() + v["draws"].as_u64().unwrap();
    assert_eq!(n, 6);
    assert_eq!(json(&tabula(&args)), v);
}

#[test]
fn play_skyjo_in_the_terminal_and_refuse_bad_input() {
    let out = tabula_with_input(
        &["play", "skyjo", "--players", "3", "--levels", "1,2", "--seed", "4"],
        "reveal 1\nreveal 13\nfoo\nreveal 1\nreveal 2\nquit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("seat 2 (level:1)") && text.contains("seat 3 (level:2)"),
        "{text}"
    );
    assert!(text.contains("cell 13 is not between 1 and 12"), "{text}");
    assert!(text.contains("cannot read `foo`"), "{text}");
    assert!(text.contains("plays reveal"), "{text}");
    for args in [
        &["play", "skyjo", "--players", "9"][..],
        &["play", "skyjo", "--players", "3", "--levels", "1,2,3"],
        &["play", "skyjo", "--levels", "7"],
        &["arena", "skyjo", "--a", "level:5", "--b", "level:1"],
        &["arena", "skyjo", "--a", "level:2", "--b", "level:1", "--players", "1"],
        &["bot", "skyjo", "--player", "level:9"],
    ] {
        let out = tabula(args);
        let err = one_line_error(&out);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn a_bot_gets_the_observation_only_and_answers_legally() {
    let game = tabula_skyjo::Skyjo::with_players(2).unwrap();
    let mut state = game.new_game(9);
    let mut rng = tabula_search::Rng::new(1);
    // Play the setup and a few turns at random, then ask the bot.
    let mut legal = Vec::new();
    for _ in 0..12 {
        match game.to_move(&state) {
            tabula_search::Turn::Chance => {
                let a = game.sample_chance(&state, &mut rng);
                game.apply(&mut state, a);
            }
            tabula_search::Turn::Seat(_) => {
                game.legal_actions(&state, &mut legal);
                let a = legal[rng.below(legal.len() as u64) as usize];
                game.apply(&mut state, a);
            }
            tabula_search::Turn::Terminal => break,
        }
    }
    while game.to_move(&state) == tabula_search::Turn::Chance {
        let a = game.sample_chance(&state, &mut rng);
        game.apply(&mut state, a);
    }
    let tabula_search::Turn::Seat(seat) = game.to_move(&state) else {
        panic!("a seat to act")
    };
    let obs = game.observation(&state, seat);
    game.legal_actions(&state, &mut legal);
    let request = serde_json::json!({"type": "move", "id": 1, "seat": seat, "observation": obs, "legal": legal});
    let text = request.to_string();
    assert!(
        !text.contains("draw_pile\":["),
        "the draw pile's order never reaches a bot"
    );
    let mut broken = obs.clone();
    broken.draw_count += 5;
    let bad = serde_json::json!({"type": "move", "id": 2, "seat": seat, "observation": broken, "legal": legal});
    let input = format!(
        "{}\n{bad}\n{text}\n{{\"type\":\"quit\"}}\n",
        serde_json::json!({"type": "hello", "protocol": 1, "game": "skyjo", "options": {"players": 2}})
    );
    let out = tabula_with_input(&["bot", "skyjo", "--player", "level:3"], &input);
    assert!(out.status.success(), "{}", stderr(&out));
    let replies: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(replies[0]["type"], "ready");
    assert_eq!(
        replies[1]["type"], "error",
        "an inconsistent observation is refused: {:?}",
        replies[1]
    );
    assert_eq!(replies[2]["type"], "action");
    let action: tabula_skyjo::Action = serde_json::from_value(replies[2]["action"].clone()).unwrap();
    assert!(legal.contains(&action));
    assert_eq!(replies[3]["type"], "bye");
}

#[test]
fn a_line_that_is_not_utf8_gets_an_error_and_the_engine_goes_on() {
    use std::io::Write;
    let mut child = std::process::Command::new(BIN)
        .args(["bot", "skyjo"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(
            b"{\"type\":\"hello\",\"protocol\":1,\"game\":\"skyjo\"}\n{\"type\":\"\xff\"}\n{\"type\":\"quit\"}\n",
        )
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let replies: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let kinds: Vec<&str> = replies.iter().map(|r| r["type"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["ready", "error", "bye"], "{replies:?}");
}

#[test]
fn the_arena_takes_every_player_skyjo_lists() {
    let v = json(&tabula(&[
        "arena",
        "skyjo",
        "--a",
        "random",
        "--b",
        "level:1",
        "--players",
        "3",
        "--deals",
        "1",
        "--json",
    ]));
    // Three seats: A, B, A and B, A, B in every order, six seatings a deal.
    assert_eq!(v["games"], 6, "{v}");
    assert_eq!(v["entrants"][0]["player"], "random");
    let refused = tabula(&["arena", "skyjo", "--a", "minimax", "--b", "level:1"]);
    let err = one_line_error(&refused);
    assert!(
        err.contains("skyjo has no player 'minimax'") && err.contains("level:N"),
        "{err}"
    );
}
