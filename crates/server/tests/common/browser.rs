//! Headless Chromium for tests (Debian's chromium and chromium-driver), as
//! a module a test file includes with `#[path]`. Without chromedriver a
//! test says so and passes, unless `TABULA_REQUIRE_BROWSER=1`, which makes
//! it fail.

#![allow(dead_code)]

use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::json;

pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
pub const CHROMIUM: &str = "/usr/bin/chromium";
/// The longest a test waits for a page.
pub const WAIT: Duration = Duration::from_secs(30);

/// chromedriver on a free port, killed (and reaped) on drop.
pub struct Chromedriver {
    child: Child,
    port: u16,
}

impl Drop for Chromedriver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Chromedriver {
    /// Starts chromedriver, or `None` (after saying so) when it is missing.
    pub fn start() -> Option<Chromedriver> {
        let missing = [CHROMEDRIVER, CHROMIUM]
            .into_iter()
            .find(|p| !std::path::Path::new(p).exists());
        if let Some(missing) = missing {
            assert!(
                std::env::var("TABULA_REQUIRE_BROWSER").is_err(),
                "TABULA_REQUIRE_BROWSER is set but {missing} is missing"
            );
            eprintln!("skipped: no headless Chromium (apt-get install chromium chromium-driver)");
            return None;
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .ok()?
            .local_addr()
            .ok()?
            .port();
        let child = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .arg("--allowed-ips=127.0.0.1")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let driver = Chromedriver { child, port };
        let deadline = Instant::now() + WAIT;
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not come up");
            std::thread::sleep(Duration::from_millis(50));
        }
        Some(driver)
    }

    /// A new headless browser.
    pub async fn browser(&self) -> Client {
        let flags = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
        ];
        let mut caps = serde_json::Map::new();
        caps.insert(
            "goog:chromeOptions".into(),
            json!({ "binary": CHROMIUM, "args": flags }),
        );
        let url = format!("http://127.0.0.1:{}", self.port);
        let deadline = Instant::now() + WAIT;
        loop {
            let connector = hyper_util::client::legacy::connect::HttpConnector::new();
            match ClientBuilder::new(connector)
                .capabilities(caps.clone())
                .connect(&url)
                .await
            {
                Ok(c) => return c,
                // It may take connections a moment before it serves them.
                Err(e) => {
                    assert!(Instant::now() < deadline, "no Chromium session: {e}");
                    tokio::time::sleep(Duration::from_millis(250)).await;
                }
            }
        }
    }
}

/// The element `css` names, waited for.
pub async fn element(c: &Client, css: &str) -> fantoccini::elements::Element {
    match c.wait().at_most(WAIT).for_element(Locator::Css(css)).await {
        Ok(e) => e,
        Err(e) => panic!("no {css} on {:?}: {e}", c.current_url().await.ok()),
    }
}

/// Goes to `url` and waits for its first data (`body[data-ready]`).
pub async fn visit(c: &Client, url: &str) {
    c.goto(url).await.unwrap();
    element(c, "body[data-ready='true']").await;
}
