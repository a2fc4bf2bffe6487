//! Headless Chromium for the browser tests: chromedriver on a free port,
//! a session, and waits for conditions (never for fixed times).
//!
//! Without chromedriver the tests say so and pass, unless
//! `TABULA_REQUIRE_BROWSER=1` (set by `.ci/run`), which makes them fail.

#![allow(dead_code)]

use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::json;

pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
pub const CHROMIUM: &str = "/usr/bin/chromium";

/// chromedriver on a free port, killed on drop, with a temporary folder of
/// its own (Chromium's profiles and shared-memory files) removed on drop:
/// otherwise each session leaves a folder in /tmp.
pub struct Driver {
    pub child: Child,
    pub port: u16,
    temp: std::path::PathBuf,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.temp);
    }
}

pub fn driver() -> Option<Driver> {
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
    let temp = std::env::temp_dir().join(format!("tabula-chromium-{}-{port}", std::process::id()));
    std::fs::create_dir_all(&temp).expect("a temporary folder for Chromium");
    let child = Command::new(CHROMEDRIVER)
        .args([format!("--port={port}"), "--allowed-ips=127.0.0.1".to_string()])
        .env("TMPDIR", &temp)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let deadline = Instant::now() + Duration::from_secs(20);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "chromedriver did not come up");
        std::thread::sleep(Duration::from_millis(50));
    }
    Some(Driver { child, port, temp })
}

/// At most two browser tests at a time, each with its own Chromium. A test
/// spends most of its time waiting on the page or the server, so one at a
/// time left half of CI's two cores idle; more than two would make the
/// pages of a loaded machine wait on each other.
static BROWSERS: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(2);

/// A browser test's turn: hold it for the whole test.
pub async fn browser_slot() -> tokio::sync::SemaphorePermit<'static> {
    BROWSERS.acquire().await.expect("the semaphore is never closed")
}

pub async fn browser(driver: &Driver) -> Client {
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": CHROMIUM,
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync",
                     "--disable-dev-shm-usage", "--window-size=1200,1000"],
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

pub const WAIT: Duration = Duration::from_secs(30);

pub async fn find(c: &Client, css: &str) -> fantoccini::elements::Element {
    match c.wait().at_most(WAIT).for_element(Locator::Css(css)).await {
        Ok(e) => e,
        Err(e) => panic!("no {css} on {:?}: {e}", c.current_url().await.ok()),
    }
}

/// Waits for the page's first data (`body[data-ready]`).
pub async fn open(c: &Client, url: &str) {
    c.goto(url).await.unwrap();
    find(c, "body[data-ready='true']").await;
}

pub async fn text(c: &Client, css: &str) -> String {
    find(c, css).await.text().await.unwrap().trim().to_string()
}

/// Whether an element exists and is displayed.
pub async fn shown(c: &Client, css: &str) -> bool {
    match c.find(Locator::Css(css)).await {
        Ok(e) => e.is_displayed().await.unwrap_or(false),
        Err(_) => false,
    }
}

/// Waits until no request or animation is in progress on the board.
pub async fn settle(c: &Client) {
    let deadline = Instant::now() + WAIT;
    while c.find(Locator::Css("[data-busy='true']")).await.is_ok() {
        assert!(Instant::now() < deadline, "the board stayed busy");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

pub async fn register(c: &Client, base: &str, name: &str) {
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

/// The computers' pace `pace`, chosen on the account page as a person
/// does: `brisk` where a test watches the computers' moves being shown,
/// `instant` where it only plays.
pub async fn set_pace(c: &Client, base: &str, pace: &str) {
    open(c, &format!("{base}/account")).await;
    find(c, &format!("input[value='{pace}']")).await.click().await.unwrap();
    let deadline = Instant::now() + WAIT;
    loop {
        let s: serde_json::Value = c
            .execute_async("fetch('/api/session').then(r => r.json()).then(arguments[0])", vec![])
            .await
            .unwrap();
        if s["user"]["pace"] == pace {
            break;
        }
        assert!(Instant::now() < deadline, "the pace was not saved");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Saves a screenshot of the page as `NAME.png` in the folder named by
/// `TABULA_SCREENSHOTS`, when it is set (for describing the pages; the
/// tests assert nothing about pixels).
pub async fn snapshot(c: &Client, name: &str) {
    if let Ok(dir) = std::env::var("TABULA_SCREENSHOTS") {
        let png = c.screenshot().await.expect("a screenshot");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(std::path::Path::new(&dir).join(format!("{name}.png")), png).unwrap();
    }
}
