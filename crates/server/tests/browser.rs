//! End to end in headless Chromium (Debian's chromium and chromium-driver):
//! a new user registers, plays the daily grid to the end and sees their
//! points on the leaderboard; a restart takes the day off the leaderboard;
//! the tic-tac-toe lab shows its counts; the board plays from the keyboard.
//!
//! Without chromedriver these tests say so and pass, unless
//! `TABULA_REQUIRE_BROWSER=1` (set by `.ci/run`), which makes them fail.

mod common;

use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{Engine, TestServer};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::json;

const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const CHROMIUM: &str = "/usr/bin/chromium";

/// chromedriver on a free port, killed on drop.
struct Driver {
    child: Child,
    port: u16,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn driver() -> Option<Driver> {
    if !std::path::Path::new(CHROMEDRIVER).exists() || !std::path::Path::new(CHROMIUM).exists() {
        assert!(
            std::env::var("TABULA_REQUIRE_BROWSER").is_err(),
            "TABULA_REQUIRE_BROWSER is set but {CHROMEDRIVER} or {CHROMIUM} is missing"
        );
        eprintln!("skipped: no headless Chromium (apt-get install chromium chromium-driver)");
        return None;
    }
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let child = Command::new(CHROMEDRIVER)
        .args([format!("--port={port}"), "--allowed-ips=127.0.0.1".to_string()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let deadline = Instant::now() + Duration::from_secs(20);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "chromedriver did not come up");
        std::thread::sleep(Duration::from_millis(50));
    }
    Some(Driver { child, port })
}

/// One browser test at a time: each starts its own Chromium, and two cores
/// run one well.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

async fn browser(driver: &Driver) -> Client {
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": CHROMIUM,
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync",
                     "--disable-dev-shm-usage", "--window-size=1200,900"],
        }),
    );
    let url = format!("http://127.0.0.1:{}", driver.port);
    let mut tries = 0;
    loop {
        match ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps.clone())
            .connect(&url)
            .await
        {
            Ok(c) => return c,
            // chromedriver may accept connections a moment before it serves them.
            Err(e) if tries < 20 => {
                tries += 1;
                eprintln!("chromedriver not ready ({e}); retrying");
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
            Err(e) => panic!("no Chromium session: {e}"),
        }
    }
}

const WAIT: Duration = Duration::from_secs(30);

async fn find(c: &Client, css: &str) -> fantoccini::elements::Element {
    match c.wait().at_most(WAIT).for_element(Locator::Css(css)).await {
        Ok(e) => e,
        Err(e) => panic!("no {css} on {:?}: {e}", c.current_url().await.ok()),
    }
}

/// Waits for the page's first data (`body[data-ready]`).
async fn open(c: &Client, url: &str) {
    c.goto(url).await.unwrap();
    find(c, "body[data-ready='true']").await;
}

async fn text(c: &Client, css: &str) -> String {
    find(c, css).await.text().await.unwrap().trim().to_string()
}

/// Whether an element exists and is displayed.
async fn shown(c: &Client, css: &str) -> bool {
    match c.find(Locator::Css(css)).await {
        Ok(e) => e.is_displayed().await.unwrap_or(false),
        Err(_) => false,
    }
}

/// Waits until no request or animation is in progress on the board.
async fn settle(c: &Client) {
    let deadline = Instant::now() + WAIT;
    while c.find(Locator::Css("[data-busy='true']")).await.is_ok() {
        assert!(Instant::now() < deadline, "the board stayed busy");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Clicks legal cells until the result shows.
async fn play_to_the_end(c: &Client) {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        settle(c).await;
        if shown(c, "#result").await {
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

async fn register(c: &Client, base: &str, name: &str) {
    open(c, &format!("{base}/register")).await;
    find(c, "#name").await.send_keys(name).await.unwrap();
    find(c, "#password")
        .await
        .send_keys("correct horse battery")
        .await
        .unwrap();
    find(c, "button[type='submit']").await.click().await.unwrap();
    let deadline = Instant::now() + WAIT;
    while c.current_url().await.unwrap().path() == "/register" {
        assert!(Instant::now() < deadline, "registering did not leave the page");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Brisk pace, through the account page, so the games go quickly.
async fn brisk(c: &Client, base: &str) {
    open(c, &format!("{base}/account")).await;
    find(c, "input[value='brisk']").await.click().await.unwrap();
    let deadline = Instant::now() + WAIT;
    loop {
        let s: serde_json::Value = c
            .execute_async("fetch('/api/session').then(r => r.json()).then(arguments[0])", vec![])
            .await
            .unwrap();
        if s["user"]["pace"] == "brisk" {
            break;
        }
        assert!(Instant::now() < deadline, "the pace was not saved");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_user_plays_the_daily_grid_and_sees_the_leaderboard() {
    let _one = ONE_AT_A_TIME.lock().await;
    let Some(d) = driver() else { return };
    let s = TestServer::start(Engine::Sqlite, |_| {}).await.unwrap();
    let c = browser(&d).await;
    register(&c, &s.base, "Ada").await;
    brisk(&c, &s.base).await;
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
    let _one = ONE_AT_A_TIME.lock().await;
    let Some(d) = driver() else { return };
    let s = TestServer::start(Engine::Sqlite, |_| {}).await.unwrap();
    let c = browser(&d).await;
    register(&c, &s.base, "Bea").await;
    brisk(&c, &s.base).await;
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
    let _one = ONE_AT_A_TIME.lock().await;
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
    let _one = ONE_AT_A_TIME.lock().await;
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
    while text(&c, "#moves-live").await.is_empty() {
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
