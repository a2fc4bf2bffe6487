//! Free play's help on the page shell: a hint at the person's turn (what
//! the game's own computer would play, said and marked on the board) and
//! undo (back to the person's turn before their last move), on the server
//! and in the page; neither for a daily game; and the hint, searched from
//! the person's observation, unchanged by a swap of cards they cannot see.

use crate::browser_local::start_local;
use crate::table_page::{TURN_OR_END, api_answer, player, start_game, until};
use crate::web;

use fantoccini::Client;
use serde_json::json;
use web::{browser_slot, driver, open, text};

/// A script's `post(path, body)`: a JSON POST with the session's CSRF token.
const POST: &str = "const post = (path, body) => fetch('/api/session').then((r) => r.json()).then((s) => fetch(path, {method: 'POST', headers: {'Content-Type': 'application/json', 'X-CSRF-Token': s.csrf}, body: JSON.stringify(body)}))";

/// Asks for a hint and waits for its words; answers them.
async fn ask_hint(c: &Client) -> String {
    until(c, "the person's turn", TURN_OR_END).await;
    c.execute("document.getElementById('table-hint-button').click()", vec![])
        .await
        .unwrap();
    until(
        c,
        "the hint",
        "return document.getElementById('table-hint').textContent !== '' && document.body.dataset.busy !== 'true'",
    )
    .await;
    text(c, "#table-hint").await
}

/// The hint at tic-tac-toe: alpha-beta's square, said and marked; the move
/// played, then taken back: the page is at the person's turn again with
/// the moves before it.
async fn hint_and_undo(c: &Client, local: bool) {
    let words = ask_hint(c).await;
    // The square, and why in the search's words: alpha-beta's score of
    // it, and how far it looked.
    let (square, why) = words
        .strip_prefix("Alpha-beta would play ")
        .and_then(|w| w.strip_suffix('.'))
        .and_then(|w| w.split_once(": "))
        .unwrap_or_else(|| panic!("the hint says {words:?}"));
    assert!(why.starts_with("it scores ") && why.contains(" moves ahead"), "{words}");
    let square = square.to_string();
    let marked = c
        .execute(
            "return [...document.querySelectorAll('[data-hinted=true]')].map((b) => b.dataset.action)",
            vec![],
        )
        .await
        .unwrap();
    assert!(
        marked
            .as_array()
            .is_some_and(|m| !m.is_empty() && m.iter().all(|a| *a == json!(square))),
        "the hinted move is marked: {marked}"
    );
    let moves_before = c
        .execute("return document.querySelectorAll('#table-moves li').length", vec![])
        .await
        .unwrap();
    c.execute(
        "document.querySelector(`#table-board [data-action='${arguments[0]}']`).click()",
        vec![json!(square)],
    )
    .await
    .unwrap();
    until(c, "the computer's reply", &format!("return document.querySelectorAll('#table-moves li').length > {moves_before} && document.body.dataset.busy !== 'true'")).await;
    until(c, "the person's turn", TURN_OR_END).await;
    c.execute("document.getElementById('table-undo').click()", vec![])
        .await
        .unwrap();
    until(
        c,
        "the undo",
        &format!("return document.querySelectorAll('#table-moves li').length === {moves_before} && document.body.dataset.busy !== 'true'"),
    )
    .await;
    until(c, "the person's turn again", TURN_OR_END).await;
    let free = c
        .execute(
            "return document.querySelector(`#table-board [data-action='${arguments[0]}']:not([disabled])`) !== null",
            vec![json!(square)],
        )
        .await
        .unwrap();
    assert_eq!(free, json!(true), "the square is free again (local: {local})");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_and_undo_in_free_play_on_the_server_and_in_the_page() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    let (s, c) = player(&d, "helped").await;
    // On the server: the person X against random.
    let id = start_game(&c, &s.base, "tictactoe", &[], &[(1, "random")]).await;
    hint_and_undo(&c, false).await;
    let answer = api_answer(&c, &id).await;
    assert_eq!(answer["your_turn"], json!(true), "{answer}");
    // In the page: the same, the worker searching the hint.
    start_local(&c, &s.base, "tictactoe", &[], &[(1, "random")]).await;
    hint_and_undo(&c, true).await;
    // A daily game takes no help: no buttons, and the API refuses.
    let daily = c
        .execute_async(
            &format!("{POST}; post('/api/games', {{kind: 'daily'}}).then((r) => r.json()).then(arguments[0])"),
            vec![],
        )
        .await
        .unwrap();
    let daily_id = daily["id"]
        .as_str()
        .unwrap_or_else(|| panic!("a daily game: {daily}"))
        .to_string();
    open(&c, &format!("{}/table/{daily_id}", s.base)).await;
    until(&c, "the page", "return document.body.dataset.busy !== 'true'").await;
    assert!(!web::shown(&c, "#table-help").await, "a daily game offers help");
    let refused = c
        .execute_async(
            &format!("{POST}; post(`/api/games/${{arguments[0]}}/hint`, {{}}).then((r) => arguments[1](r.status))"),
            vec![json!(daily_id)],
        )
        .await
        .unwrap();
    assert_eq!(refused, json!(409), "the API's hint for a daily game");
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_at_hearts_is_unchanged_by_a_swap_of_unseen_cards() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    let (s, c) = player(&d, "hinted").await;
    let seats = [(1, "level:1"), (2, "level:1"), (3, "level:1")];
    let id = start_game(&c, &s.base, "hearts", &[], &seats).await;
    let url = format!("{}/table/{id}", s.base);
    let page = |c: &Client| {
        let c = c.clone();
        async move {
            let html = c
                .execute("return document.getElementById('main').outerHTML", vec![])
                .await
                .unwrap();
            html.as_str().unwrap().to_string()
        }
    };
    let words = ask_hint(&c).await;
    assert!(words.starts_with("Strong would play "), "{words}");
    let before = page(&c).await;
    let swapped = tabula_server::table_routes::swap_unseen_for_tests(&s.state, &id)
        .await
        .unwrap();
    assert!(swapped, "two unseen cards to swap");
    open(&c, &url).await;
    assert_eq!(ask_hint(&c).await, words, "the hint after the swap");
    assert_eq!(page(&c).await, before, "the page with its hint after the swap");
    c.close().await.unwrap();
}

/// The computers' pace is chosen on every table: a guest's is kept by the
/// browser, an account's by the server (as the account page keeps it).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pace_is_chosen_on_the_table_by_guests_and_accounts() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    let s = crate::common::TestServer::start(crate::common::Engine::Sqlite, |_| {})
        .await
        .unwrap();
    let c = web::browser(&d).await;
    let id = start_game(&c, &s.base, "tictactoe", &[], &[(1, "random")]).await;
    let chosen = |c: &Client| {
        let c = c.clone();
        async move {
            until(
                &c,
                "the pace",
                "return document.getElementById('table-pace').value !== ''",
            )
            .await;
            c.execute("return document.getElementById('table-pace').value", vec![])
                .await
                .unwrap()
        }
    };
    assert_eq!(chosen(&c).await, json!("measured"), "a guest's pace at first");
    crate::table_page::set_value(&c, "table-pace", "brisk").await;
    until(
        &c,
        "the guest's pace kept",
        "return localStorage.getItem('tabula-guest-pace') === 'brisk'",
    )
    .await;
    open(&c, &format!("{}/table/{id}", s.base)).await;
    assert_eq!(chosen(&c).await, json!("brisk"), "the guest's pace after a reload");
    // An account's pace is the server's.
    web::register(&c, &s.base, "paced").await;
    let id = start_game(&c, &s.base, "tictactoe", &[], &[(1, "random")]).await;
    assert_eq!(chosen(&c).await, json!("measured"), "an account's pace at first");
    crate::table_page::set_value(&c, "table-pace", "calm").await;
    until(
        &c,
        "the account's pace saved",
        "return window.__paced === 'calm' || (fetch('/api/session').then((r) => r.json()).then((s) => { window.__paced = s.user?.pace; }), false)",
    )
    .await;
    open(&c, &format!("{}/table/{id}", s.base)).await;
    assert_eq!(chosen(&c).await, json!("calm"), "the account's pace after a reload");
    c.close().await.unwrap();
}

/// A finished game of Mini Whist on the server, stepped through on its
/// page: the computer's opinion of the person's first move, both hands
/// face up there (the opponent's never seen in play), the steps by
/// the keyboard, the page without faults at a laptop's and a phone's size.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_stepped_through_with_every_card_face_up() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    let (s, c) = player(&d, "reviewer").await;
    let id = start_game(&c, &s.base, "miniwhist", &[], &[]).await;
    crate::table_page::play_listed(&c, 40, "miniwhist").await;
    let mut faults = Vec::new();
    let seen = crate::table_page::step_through(&c, "miniwhist", &mut faults).await;
    assert!(faults.is_empty(), "{}", faults.join("\n"));
    assert!(seen.opinion.contains(" would have played "), "{}", seen.opinion);
    let answer = api_answer(&c, &id).await;
    assert_eq!(seen.plies, answer["moves"].as_array().unwrap().len() as u64);
    // Both hands, face up: the person's and the one they never saw.
    let first: serde_json::Value = c
        .execute_async(
            "fetch(`/api/games/${arguments[0]}/review/${arguments[1]}`).then((r) => r.json()).then(arguments[2])",
            vec![json!(id), json!(seen.first)],
        )
        .await
        .unwrap();
    let counts: Vec<u64> = first["hands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h.as_array().unwrap().len() as u64)
        .collect();
    assert_eq!(seen.hands, counts, "{first}");
    assert!(counts.len() == 2 && counts.iter().all(|&n| n > 0), "{first}");
    c.close().await.unwrap();
}
