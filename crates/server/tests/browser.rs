//! End to end in headless Chromium (Debian's chromium and chromium-driver):
//! a new user registers, plays the daily grid to the end and sees their
//! points on the leaderboard; a restart takes the day off the leaderboard;
//! the tic-tac-toe lab shows its counts and plays the perfect computer; the
//! board plays from the keyboard; free play (played in the page, stored at
//! its end), its review and a watched game run on the page shell.
//!
//! Without chromedriver these tests say so and pass, unless
//! `TABULA_REQUIRE_BROWSER=1` (set by `.ci/run`), which makes them fail.

use crate::common;
use crate::web;

use std::time::{Duration, Instant};

use common::{Engine, TestServer};
use fantoccini::{Client, Locator};
use web::{WAIT, browser, browser_slot, driver, find, open, register, set_pace, settle, shown, text};

/// Clicks legal cells until the result shows.
async fn play_to_the_end(c: &Client) {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        settle(c).await;
        if shown(c, "#table-result").await {
            return;
        }
        assert!(Instant::now() < deadline, "the game did not end");
        if let Ok(cell) = c.find(Locator::Css("[data-legal='true']")).await {
            // A click may land while the computer's reach is shown: it skips the wait.
            let _ = cell.click().await;
        }
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_user_plays_the_daily_grid_and_sees_the_leaderboard() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    let s = TestServer::start(Engine::Sqlite, |_| {}).await.unwrap();
    let c = browser(&d).await;
    register(&c, &s.base, "Ada").await;
    set_pace(&c, &s.base, "brisk").await;
    open(&c, &format!("{}/daily", s.base)).await;
    find(&c, "#start").await.click().await.unwrap();
    find(&c, "[data-legal='true']").await;
    play_to_the_end(&c).await;
    let points: i64 = text(&c, "#points").await.parse().expect("points are a number");
    // The page shows what the server scored.
    let you: i64 = text(&c, "#score-you").await.parse().unwrap();
    let computer: i64 = text(&c, "#score-computer").await.parse().unwrap();
    assert_eq!(points, (you - computer).max(0));

    open(&c, &format!("{}/leaderboard", s.base)).await;
    let row = find(&c, "tr[data-name='Ada'] .points").await;
    assert_eq!(row.text().await.unwrap().trim(), points.to_string());
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_takes_the_day_off_the_leaderboard() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    let s = TestServer::start(Engine::Sqlite, |_| {}).await.unwrap();
    let c = browser(&d).await;
    register(&c, &s.base, "Bea").await;
    set_pace(&c, &s.base, "brisk").await;
    open(&c, &format!("{}/daily", s.base)).await;
    find(&c, "#start").await.click().await.unwrap();
    settle(&c).await;
    find(&c, "[data-legal='true']").await.click().await.unwrap();
    settle(&c).await;
    find(&c, "#restart").await.click().await.unwrap();
    // The restart asks for a confirmation in the page.
    if let Ok(confirm) = c
        .wait()
        .at_most(Duration::from_secs(3))
        .for_element(Locator::Css("#restart-confirm"))
        .await
    {
        confirm.click().await.unwrap();
    }
    settle(&c).await;
    play_to_the_end(&c).await;
    assert!(!shown(&c, "#points").await, "a restarted day has no points");
    open(&c, &format!("{}/leaderboard", s.base)).await;
    assert!(
        c.find(Locator::Css("tr[data-name='Bea']")).await.is_err(),
        "Bea is not on the day's leaderboard"
    );
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lab_shows_values_nodes_and_visits() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    let s = TestServer::start(Engine::Sqlite, |_| {}).await.unwrap();
    let c = browser(&d).await;
    open(&c, &format!("{}/lab", s.base)).await;
    // The empty board: 549,946 minimax nodes, as `tabula solve tictactoe` prints.
    let digits = |t: String| t.chars().filter(char::is_ascii_digit).collect::<String>();
    let deadline = Instant::now() + WAIT;
    while digits(text(&c, "#minimax-nodes").await) != "549946" {
        assert!(
            Instant::now() < deadline,
            "minimax nodes: {}",
            text(&c, "#minimax-nodes").await
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let minimax: u64 = digits(text(&c, "#minimax-nodes").await).parse().unwrap();
    let alphabeta: u64 = digits(text(&c, "#alphabeta-nodes").await).parse().unwrap();
    let pruned: u64 = digits(text(&c, "#pruned").await).parse().unwrap();
    assert_eq!(pruned, minimax - alphabeta);
    for n in ["100", "300", "1000"] {
        find(&c, &format!("[data-iterations='{n}']")).await;
    }
    // Every free square shows a value.
    for q in 0..9 {
        let e = find(&c, &format!("[data-square='{q}'][data-value]")).await;
        assert_eq!(
            e.attr("data-value").await.unwrap().as_deref(),
            Some("0"),
            "square {q} draws"
        );
    }
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_plays_from_the_keyboard() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    let s = TestServer::start(Engine::Sqlite, |_| {}).await.unwrap();
    let c = browser(&d).await;
    open(&c, &format!("{}/daily", s.base)).await;
    find(&c, "#start").await.click().await.unwrap();
    // On a loaded machine the board appears some time after the click: wait
    // until it is shown and takes keys, never for a fixed time.
    let deadline = Instant::now() + WAIT;
    loop {
        settle(&c).await;
        if shown(&c, "#board").await {
            let board = find(&c, "#board").await;
            // Space: plays the focused cell.
            match board.send_keys("\u{E00D}").await {
                Ok(()) => break,
                Err(e) => assert!(Instant::now() < deadline, "the board never took a key: {e}"),
            }
        }
        assert!(Instant::now() < deadline, "the board never showed");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let deadline = Instant::now() + WAIT;
    while text(&c, "#table-live").await.is_empty() {
        assert!(Instant::now() < deadline, "the move was never announced");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let moves: serde_json::Value = c
        .execute_async(
            "fetch('/api/games').then(r => r.json()).then(g => fetch('/api/games/' + g[0].id)).then(r => r.json()).then(arguments[0])",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(
        moves["moves"][0]["seat"], 0,
        "the keyboard made the human's move: {moves}"
    );
    c.close().await.unwrap();
}

/// Waits until `css` is shown.
async fn until_shown(c: &Client, css: &str, why: &str) {
    let deadline = Instant::now() + Duration::from_secs(120);
    while !shown(c, css).await {
        assert!(Instant::now() < deadline, "{why}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn free_play_its_review_and_a_watched_game_run_on_the_shell() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    let s = TestServer::start(Engine::Sqlite, |_| {}).await.unwrap();
    let c = browser(&d).await;
    register(&c, &s.base, "Cy").await;
    set_pace(&c, &s.base, "brisk").await;
    open(&c, &format!("{}/play", s.base)).await;
    find(&c, "#free-size option[value='3']").await.click().await.unwrap();
    find(&c, "#free-opponent option[value='greedy']")
        .await
        .click()
        .await
        .unwrap();
    find(&c, "#free-start").await.click().await.unwrap();
    find(&c, "[data-legal='true']").await;
    // Played in the page: the server sees the game once it is over.
    assert!(text(&c, "#game-link").await.starts_with("Played in this browser"));
    play_to_the_end(&c).await;
    // The result says the margin of the scores the page shows.
    let you: i64 = text(&c, "#score-you").await.parse().unwrap();
    let computer: i64 = text(&c, "#score-computer").await.parse().unwrap();
    let margin: i64 = text(&c, "#margin")
        .await
        .replace('−', "-")
        .replace('+', "")
        .parse()
        .unwrap();
    assert_eq!(margin, you - computer);
    // The review opens from the result and analyses every move of yours.
    find(&c, "#review-link").await.click().await.unwrap();
    until_shown(&c, "#review-body", "the review never showed").await;
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let state: serde_json::Value = c
            .execute("return document.body.dataset.analysis ?? null", vec![])
            .await
            .unwrap();
        if state == "ready" {
            break;
        }
        assert_ne!(state, "error", "{}", text(&c, "#mistakes-summary").await);
        assert!(Instant::now() < deadline, "the analysis never came");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(!text(&c, "#mistakes-summary").await.is_empty());

    // Two computers: the game steps at the pace, pauses, and skips to the end.
    open(&c, &format!("{}/play#watch", s.base)).await;
    find(&c, "#watch-size option[value='3']").await.click().await.unwrap();
    find(&c, "#watch-start").await.click().await.unwrap();
    until_shown(&c, "#table-pause", "no pause button for a watched game").await;
    find(&c, "#table-pause").await.click().await.unwrap();
    let deadline = Instant::now() + WAIT;
    while !text(&c, "#table-status").await.starts_with("Paused") {
        assert!(
            Instant::now() < deadline,
            "never paused: {}",
            text(&c, "#table-status").await
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    find(&c, "#table-skip").await.click().await.unwrap();
    until_shown(&c, "#table-result", "the watched game never ended").await;
    let logged = c.find_all(Locator::Css("#table-moves li")).await.unwrap().len();
    let game: serde_json::Value = c
        .execute_async(
            "fetch('/api/games').then(r => r.json()).then(g => fetch('/api/games/' + g[0].id)).then(r => r.json()).then(arguments[0])",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(game["over"], true);
    assert_eq!(
        logged,
        game["moves"].as_array().unwrap().len(),
        "every move is in the log"
    );
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lab_plays_the_perfect_computer_to_a_draw_or_a_loss() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    let s = TestServer::start(Engine::Sqlite, |_| {}).await.unwrap();
    let c = browser(&d).await;
    open(&c, &format!("{}/lab", s.base)).await;
    find(&c, "#lab-versus").await.click().await.unwrap();
    // Plays the first square open to X until the board says the game ended.
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        settle(&c).await;
        let turn = text(&c, "#lab-turn").await;
        if turn.contains("three in a row") || turn.contains("full") {
            break;
        }
        assert!(Instant::now() < deadline, "the game did not end: {turn}");
        if let Ok(square) = c.find(Locator::Css("#lab-board [data-legal='true']")).await {
            let _ = square.click().await;
        }
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    let live = text(&c, "#lab-live").await;
    assert!(live.contains("The computer plays"), "{live}");
    assert!(
        live.contains("A draw.") || live.contains("The computer wins."),
        "never a win for X: {live}"
    );
    // The game is the server's: a finished tic-tac-toe table.
    let games: serde_json::Value = c
        .execute_async("fetch('/api/games').then(r => r.json()).then(arguments[0])", vec![])
        .await
        .unwrap();
    assert_eq!(
        (games[0]["game"].as_str(), games[0]["over"].as_bool()),
        (Some("tictactoe"), Some(true)),
        "{games}"
    );
    c.close().await.unwrap();
}
