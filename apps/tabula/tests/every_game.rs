//! Every registered game through the command line alone: listed by
//! `tabula games`, played in the terminal (a scripted person answering
//! each prompt with the first move it lists), played in the arena, and
//! answering the bot protocol. A new game crate with its registry line
//! passes this with no edit here.

use crate::common;

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use common::*;
use serde_json::{Value, json};
use tabula_contract::{GameEntry, TableKind};
use tabula_search::{Rng, Turn};

/// The cheapest player a game offers: random, else its first.
fn cheap(entry: &dyn GameEntry) -> &'static str {
    let players = entry.players();
    players
        .iter()
        .find(|p| p.name == "random")
        .unwrap_or(&players[0])
        .example
}

/// The first move a prompt `Your move (a b c): ` offers.
fn first_move(prompt: &str) -> String {
    let inside = prompt.rsplit_once("Your move (").expect("a prompt").1;
    let inside = inside.strip_suffix("): ").expect("the prompt's end");
    if let Some((_, example)) = inside.split_once(" legal, e.g. ") {
        return example.split_once(';').expect("the e.g. part ends").0.to_string();
    }
    let sep = if inside.contains(", ") { ", " } else { " " };
    inside.split(sep).next().expect("a listed move").to_string()
}

/// Plays a game in the terminal: returns everything it printed.
fn play_in_terminal(name: &str, ai: &str) -> String {
    let mut child = Command::new(BIN)
        .args(["play", name, "--ai", ai, "--seed", "3"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let mut text = String::new();
    let mut answered = 0;
    // Output until the game ends (a generous bound: a loaded machine is slow).
    while let Ok(chunk) = rx.recv_timeout(Duration::from_secs(120)) {
        text.push_str(&String::from_utf8_lossy(&chunk));
        if text.ends_with("): ") && text.rsplit_once("Your move (").is_some() {
            let line = if answered >= 400 {
                "quit".to_string()
            } else {
                first_move(&text)
            };
            answered += 1;
            if writeln!(stdin, "{line}").is_err() {
                break;
            }
        }
    }
    drop(stdin);
    let status = child.wait().unwrap();
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    assert!(status.success(), "{name}: play failed: {err}");
    assert!(answered > 0, "{name}: the person was never asked: {text}");
    text
}

#[test]
fn every_game_is_listed_played_in_the_terminal_and_the_arena_and_speaks_the_protocol() {
    let listed = String::from_utf8_lossy(&tabula(&["games"]).stdout).into_owned();
    for entry in tabula_registry::games() {
        let name = entry.info().name;
        assert!(listed.contains(&format!("{name}: ")), "{name} is not listed: {listed}");

        // The terminal: to the end, or to the 400th move.
        let text = play_in_terminal(name, cheap(*entry));
        assert!(text.contains(" plays "), "{name}: the computer never moved");
        assert!(
            text.contains("Game over:") || text.matches("Your move (").count() > 400,
            "{name}: the game neither ended nor went on: {text}"
        );

        // The arena: one deal, every seating.
        let v = json(&tabula(&[
            "arena",
            name,
            "--a",
            entry.players()[0].example,
            "--b",
            cheap(*entry),
            "--deals",
            "1",
            "--json",
        ]));
        assert_eq!(v["games"], v["seatings"], "{name}: {v}");
        assert_eq!(v["entrants"].as_array().map(Vec::len), Some(2), "{name}: {v}");

        // The protocol: an observation of a real game, answered legally.
        let driver = entry.open(&Value::Null).unwrap();
        let mut game = driver.start(5, TableKind::Online);
        let mut rng = Rng::new(5);
        while game.to_act() == Turn::Chance {
            game.chance(&mut rng).unwrap();
        }
        let Turn::Seat(seat) = game.to_act() else {
            panic!("{name}: a seat acts after the deal")
        };
        let legal = game.legal();
        let input = [
            json!({"type": "hello", "protocol": 1, "game": name}),
            json!({"type": "move", "id": 1, "seat": seat, "observation": game.observe(seat), "legal": legal}),
            json!({"type": "quit"}),
        ]
        .map(|v| v.to_string())
        .join("\n");
        let out = tabula_with_input(&["bot", name, "--player", cheap(*entry)], &format!("{input}\n"));
        assert!(out.status.success(), "{name}: {}", stderr(&out));
        let replies: Vec<Value> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(replies[0]["type"], "ready", "{name}: {replies:?}");
        assert_eq!(replies[1]["type"], "action", "{name}: {replies:?}");
        assert!(legal.contains(&replies[1]["action"]), "{name}: {replies:?}");
        assert_eq!(replies[2]["type"], "bye");
    }
}
