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

/// The two screens every page is checked at: a laptop and a phone in
/// portrait (CSS pixels).
pub const SCREENS: [(&str, u32, u32); 2] = [("desktop", 1280, 800), ("phone", 390, 844)];

/// Resizes the window so that the page's viewport is `width` by `height`
/// (headless Chromium's window has no frame, but the driver is asked for
/// the outer size: the difference is measured and made up once).
pub async fn viewport(c: &Client, width: u32, height: u32) {
    c.set_window_size(width, height).await.unwrap();
    let inner = c
        .execute("return [window.innerWidth, window.innerHeight]", vec![])
        .await
        .unwrap();
    let (w, h) = (inner[0].as_u64().unwrap() as u32, inner[1].as_u64().unwrap() as u32);
    if (w, h) != (width, height) {
        c.set_window_size(2 * width - w, 2 * height - h).await.unwrap();
    }
    let deadline = Instant::now() + WAIT;
    loop {
        let inner = c
            .execute("return [window.innerWidth, window.innerHeight]", vec![])
            .await
            .unwrap();
        if inner == json!([width, height]) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "the viewport stayed {inner}, not {width}x{height}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// axe-core's script, installed by `npm ci --prefix crates/server/tests/axe`
/// (`.ci/run` does): `None` where it is missing, which fails the tests
/// under `TABULA_REQUIRE_BROWSER=1` and skips the check otherwise.
pub fn axe_source() -> Option<&'static str> {
    static SOURCE: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    SOURCE
        .get_or_init(|| {
            let path =
                std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/axe/node_modules/axe-core/axe.min.js");
            match std::fs::read_to_string(&path) {
                Ok(s) => Some(s),
                Err(_) => {
                    assert!(
                        std::env::var("TABULA_REQUIRE_BROWSER").is_err(),
                        "TABULA_REQUIRE_BROWSER is set but axe-core is missing: npm ci --prefix crates/server/tests/axe"
                    );
                    eprintln!("axe-core skipped: npm ci --prefix crates/server/tests/axe installs it");
                    None
                }
            }
        })
        .as_deref()
}

/// axe-core's serious and critical findings on the page as it is now,
/// one line each (the rule, and the first elements it names).
pub async fn axe_findings(c: &Client) -> Vec<String> {
    let Some(source) = axe_source() else {
        return Vec::new();
    };
    let loaded = c
        .execute("return typeof window.axe === 'object'", vec![])
        .await
        .unwrap();
    if loaded != json!(true) {
        c.execute(&format!("{source}\n;return true"), vec![]).await.unwrap();
    }
    let found = c
        .execute_async(
            r#"const done = arguments[0];
            // The experimental rules too: visible words missing from an
            // accessible name is one of them.
            const rules = Object.fromEntries(axe.getRules(['experimental']).map((r) => [r.ruleId, { enabled: true }]));
            // Animations first run to their end (a card sliding in is
            // faint on its way: its contrast is not the page's).
            Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)))
              .then(() => axe.run(document, { resultTypes: ['violations'], rules }))
              .then((r) => done(r.violations
                .filter((v) => v.impact === 'serious' || v.impact === 'critical')
                .map((v) => `${v.impact} ${v.id} (${v.nodes.length}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`)),
              (e) => done([`axe failed: ${e}`]));"#,
            vec![],
        )
        .await
        .unwrap();
    found
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}

/// What overflows the viewport's width (the page scrolls sideways), by the
/// elements whose right edge lies past it: `None` where nothing does.
pub async fn overflow(c: &Client) -> Option<String> {
    let found = c
        .execute(
            r#"const width = document.documentElement.clientWidth;
            if (document.documentElement.scrollWidth <= width) return null;
            const out = [...document.querySelectorAll('body *')].filter((e) => {
                const r = e.getBoundingClientRect();
                return r.width > 0 && r.right > width + 1 && !e.closest('.visually-hidden');
            });
            // Elements clipped by a box that scrolls on its own do not widen the page.
            const clipped = (e) => {
                for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
                    if (getComputedStyle(p).overflowX !== 'visible') return true;
                }
                return false;
            };
            const outer = out.filter((e) => !out.includes(e.parentElement) && !clipped(e));
            return `${document.documentElement.scrollWidth} px wide, past ${width}: ` + outer.slice(0, 4)
                .map((e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className && typeof e.className === 'string' ? '.' + e.className.split(' ').join('.') : '') + ` (right ${Math.round(e.getBoundingClientRect().right)})`)
                .join(', ');"#,
            vec![],
        )
        .await
        .unwrap();
    found.as_str().map(str::to_string)
}

/// The page at both [`SCREENS`]: a screenshot of each (`TABULA_SCREENSHOTS`),
/// and its faults: sideways scrolling, play regions taller than the
/// screen, and axe-core's serious and critical findings, each line named
/// by `page` and the screen. axe-core runs at the phone's size only: the
/// page's elements, names and colours are the same at both (the phone's
/// style sheet changes sizes only), and each run costs CI time. The
/// window is left at the laptop's size.
pub async fn page_faults(c: &Client, page: &str) -> Vec<String> {
    let mut faults = Vec::new();
    for (screen, width, height) in SCREENS {
        viewport(c, width, height).await;
        snapshot(c, &format!("{page}-{screen}")).await;
        if let Some(o) = overflow(c).await {
            faults.push(format!("{page} ({screen}): scrolls sideways, {o}"));
        }
        if let Some(o) = regions_overflow(c).await {
            faults.push(format!("{page} ({screen}): {o}"));
        }
        if screen == "phone" {
            for f in axe_findings(c).await {
                faults.push(format!("{page} ({screen}): {f}"));
            }
        }
    }
    viewport(c, SCREENS[0].1, SCREENS[0].2).await;
    faults
}

/// Whether the page's play regions (a renderer's `data-region="centre"` and
/// `data-region="hand"`, see table.js) fit the viewport together: the
/// span from the highest top to the lowest bottom no taller than the
/// viewport, so that one scroll position shows the trick and the hand.
pub async fn regions_overflow(c: &Client) -> Option<String> {
    let found = c
        .execute(
            r#"const rects = [...document.querySelectorAll('[data-region]')]
                .filter((e) => e.getClientRects().length > 0)
                .map((e) => [e.dataset.region ?? e.getAttribute('data-region'), e.getBoundingClientRect()]);
            if (rects.length === 0) return null;
            const top = Math.min(...rects.map(([, r]) => r.top));
            const bottom = Math.max(...rects.map(([, r]) => r.bottom));
            const tall = Math.round(bottom - top);
            if (tall <= window.innerHeight) return null;
            return `the ${rects.map(([n, r]) => `${n} (${Math.round(r.height)} px)`).join(' and ')} span ${tall} px, taller than the ${window.innerHeight} px screen`;"#,
            vec![],
        )
        .await
        .unwrap();
    found.as_str().map(str::to_string)
}
