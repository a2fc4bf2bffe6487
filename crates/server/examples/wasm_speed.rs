//! WebAssembly against native on the same fixed work, and the page's time
//! from a click to the computer's move. Starts `tabula serve` (a release
//! build, so its module is the release one) and headless Chromium, then:
//!
//! 1. **Search speed**: each fixed level-4 decision of
//!    `crates/wasm/tests/data/decisions.json` (the same observations, seeds
//!    and budgets, so the same nodes or iterations) timed natively in this
//!    process and in the page's module, one thread each; the work per
//!    second and the ratio wasm / native.
//! 2. **The boundary**: the shortest decision of each game (its cheapest
//!    player on the same observation) natively and through the module's
//!    JSON interface, and the page's own JSON encoding of the request and
//!    decoding of the answer.
//! 3. **Click to move**: a game in the page (GAME, Hearts unless named)
//!    against level-4 computers at every other seat (the worker
//!    searching), timed from the person's click to
//!    the next computer move in the log, with the worker's round trip for
//!    each computer move; the account plays at the brisk pace (a deliberate
//!    400 ms wait before each computer move shown, included).
//!
//! ```text
//! cargo build --release -p tabula && cargo build --release -p tabula-server --examples
//! cargo run --release -p tabula-server --example wasm_speed -- target/release/tabula [REPEATS] [GAME]
//! ```
//! Needs /usr/bin/chromium and /usr/bin/chromedriver. Each timing is the
//! mean of a batch of calls filling 50 ms (one call when it takes longer),
//! after a warm-up pass; REPEATS (default 5) timings each, their median
//! printed, then one JSON line.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, bail, ensure};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

// The session helper of the other examples is not needed here.
#[allow(dead_code)]
mod common;
use common::{Served, remove_db, scratch};

const START: Duration = Duration::from_secs(60);
const WAIT: Duration = Duration::from_secs(120);
/// The most the measurements may take in all.
const RUN: Duration = Duration::from_secs(3600);

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    if v.is_empty() { f64::NAN } else { v[v.len() / 2] }
}

/// Calls of one timing: as many as fit in this much time (the page's
/// clock reads in steps of 0.1 ms, so short calls are timed in batches).
const BATCH_MS: f64 = 50.0;

/// The time of one native decision (ms, the mean over a batch of calls)
/// and its work (nodes + iterations).
fn native(request: &Value) -> anyhow::Result<(f64, u64)> {
    let driver = tabula_registry::find(request["game"].as_str().unwrap_or_default())?.open(&request["options"])?;
    let observation: Value = serde_json::from_str(request["observation"].as_str().context("observation text")?)?;
    let seat = request["seat"].as_u64().context("seat")? as usize;
    let spec = request["player"].as_str().context("player")?.parse()?;
    let seed: u64 = request["seed"].as_str().context("seed")?.parse()?;
    let legal = driver.legal_from_observation(&observation, seat)?;
    let started = Instant::now();
    let mut calls = 0;
    let mut work = 0;
    while calls == 0 || started.elapsed().as_secs_f64() * 1000.0 < BATCH_MS {
        // A fresh player each call, as the worker builds one per request.
        let mut agent = driver.agent(&spec, seed)?;
        let d = agent.act(&observation, seat, &legal)?;
        work = d.stats.nodes + d.stats.iterations;
        calls += 1;
    }
    Ok((started.elapsed().as_secs_f64() * 1000.0 / f64::from(calls), work))
}

/// The cheapest player a game offers (its level 1, or its first player).
fn cheapest(game: &str) -> anyhow::Result<String> {
    let entry = tabula_registry::find(game)?;
    let p = &entry.players()[0];
    Ok(if p.form == "level:N" {
        "level:1".into()
    } else {
        p.example.into()
    })
}

/// chromedriver, killed and reaped on drop (whatever ends the run).
struct Chromedriver(std::process::Child);

impl Drop for Chromedriver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

async fn chromium() -> anyhow::Result<(Chromedriver, Client)> {
    let port = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    let driver = Chromedriver(
        Command::new("/usr/bin/chromedriver")
            .args([format!("--port={port}"), "--allowed-ips=127.0.0.1".into()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .context("cannot start /usr/bin/chromedriver")?,
    );
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": "/usr/bin/chromium",
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync",
                     "--disable-dev-shm-usage"],
        }),
    );
    let deadline = Instant::now() + START;
    loop {
        match ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps.clone())
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
        {
            Ok(c) => return Ok((driver, c)),
            Err(e) if Instant::now() < deadline => {
                let _ = e;
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
            Err(e) => bail!("no Chromium session: {e}"),
        }
    }
}

async fn wait_for(c: &Client, what: &str, script: &str) -> anyhow::Result<()> {
    let deadline = Instant::now() + WAIT;
    while c.execute(script, vec![]).await? != Value::Bool(true) {
        ensure!(Instant::now() < deadline, "waited in vain for {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Ok(())
}

/// Times `decide` of each request in the page (after a warm-up pass),
/// `repeats` batches each: the call (ms) and the page's JSON encoding of
/// the request and decoding of the answer (ms).
async fn in_page(c: &Client, requests: &[Value], repeats: usize) -> anyhow::Result<Vec<(Vec<f64>, Vec<f64>)>> {
    let out = c
        .execute_async(
            r#"const [requests, repeats, batch, done] = arguments;
            (async () => {
              const { loadModule } = await import('/assets/js/local.js');
              const m = await loadModule();
              if (!m) return { error: 'no module' };
              // A batch of calls per timing (the clock reads in 0.1 ms steps).
              const timed = (f, ms = batch) => {
                const t0 = performance.now();
                let n = 0;
                do { f(); n += 1; } while (performance.now() - t0 < ms);
                return (performance.now() - t0) / n;
              };
              // Warm up: the engine optimises the module's hot code as it
              // runs (hot functions tier up in the background).
              for (const r of requests) {
                const text = JSON.stringify(r);
                timed(() => m.bindings.decide(text), 4 * batch);
              }
              const out = [];
              for (const r of requests) {
                const calls = [], json = [];
                const text = JSON.stringify(r);
                const answer = m.bindings.decide(text);
                for (let i = 0; i < repeats; i += 1) {
                  calls.push(timed(() => m.bindings.decide(text)));
                  json.push(timed(() => { JSON.stringify(r); JSON.parse(answer); }));
                }
                out.push([calls, json]);
              }
              return out;
            })().then(done, (e) => done({ error: String(e) }));"#,
            vec![Value::Array(requests.to_vec()), json!(repeats), json!(BATCH_MS)],
        )
        .await?;
    if let Some(e) = out.get("error") {
        bail!("in the page: {e}");
    }
    let rows = out.as_array().context("an array")?;
    Ok(rows
        .iter()
        .map(|r| {
            let v = |i: usize| {
                r[i].as_array()
                    .map(|a| a.iter().filter_map(Value::as_f64).collect())
                    .unwrap_or_default()
            };
            (v(0), v(1))
        })
        .collect())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let bin = args.get(1).context("give the tabula binary: target/release/tabula")?;
    let repeats: usize = args
        .get(2)
        .map_or(Ok(5), |a| a.parse())
        .context("REPEATS is a number")?;
    let cases: Vec<Value> = serde_json::from_str(include_str!("../../wasm/tests/data/decisions.json"))?;
    let (db, port) = scratch("wasm-speed")?;
    let base = format!("http://127.0.0.1:{port}");
    let mut served = Served::start(bin, &db, port)?;
    served.wait_up(&base, START).await?;
    let (driver, c) = chromium().await?;
    // Whatever happens, within a bound, the browser, its driver (on drop)
    // and the server go.
    let game = args.get(3).map_or("hearts", String::as_str);
    let result = match tokio::time::timeout(RUN, measure(&c, &base, repeats, &cases, game)).await {
        Ok(result) => result,
        Err(_) => Err(anyhow::anyhow!("the measurements took over {} s", RUN.as_secs())),
    };
    let _ = tokio::time::timeout(Duration::from_secs(30), c.close()).await;
    drop(driver);
    served.kill()?;
    remove_db(&db);
    result
}

async fn measure(c: &Client, base: &str, repeats: usize, cases: &[Value], game: &str) -> anyhow::Result<()> {
    // A page's script may run for minutes here (chromedriver's default: 30 s).
    c.update_timeouts(fantoccini::wd::TimeoutConfiguration::new(
        Some(Duration::from_secs(900)),
        None,
        None,
    ))
    .await?;
    c.goto(&format!("{base}/new")).await?;
    wait_for(c, "the page", "return document.body.dataset.ready === 'true'").await?;

    // 1. The fixed decisions, natively and in the page.
    let requests: Vec<Value> = cases.iter().map(|c| c["request"].clone()).collect();
    let page = in_page(c, &requests, repeats).await?;
    println!("1. search speed, wasm v native (median of {repeats}, one thread)");
    let mut report = Vec::new();
    for (case, (calls, _)) in cases.iter().zip(&page) {
        let r = &case["request"];
        let mut times = Vec::new();
        let mut work = 0;
        for _ in 0..repeats {
            let (ms, w) = native(r)?;
            times.push(ms);
            work = w;
        }
        let (n, w) = (median(times), median(calls.clone()));
        let per_s = |ms: f64| work as f64 / (ms / 1000.0);
        println!(
            "  {:<10} {:<12} work {:>8}  native {:>8.2} ms ({:>10.0}/s)  wasm {:>8.2} ms ({:>10.0}/s)  wasm/native {:.2}",
            r["game"].as_str().unwrap_or_default(),
            r["player"].as_str().unwrap_or_default(),
            work,
            n,
            per_s(n),
            w,
            per_s(w),
            n / w
        );
        report.push(json!({ "game": r["game"], "player": r["player"], "work": work, "native_ms": n, "wasm_ms": w, "ratio": n / w }));
    }

    // 2. The shortest decision of each game, through the boundary.
    let mut seen = std::collections::BTreeSet::new();
    let mut shortest = Vec::new();
    for case in cases {
        let game = case["request"]["game"].as_str().unwrap_or_default().to_string();
        if seen.insert(game.clone()) {
            let mut r = case["request"].clone();
            r["player"] = json!(cheapest(&game)?);
            shortest.push(r);
        }
    }
    let page = in_page(c, &shortest, repeats).await?;
    println!("2. the shortest decision of each game through the boundary (median)");
    let mut boundary = Vec::new();
    for (r, (calls, json_ms)) in shortest.iter().zip(&page) {
        let n = median(
            (0..repeats.max(20))
                .map(|_| native(r).map(|x| x.0))
                .collect::<anyhow::Result<_>>()?,
        );
        let (w, j) = (median(calls.clone()), median(json_ms.clone()));
        println!(
            "  {:<10} {:<12} native {:>9.4} ms  wasm call {:>9.4} ms  page JSON {:>9.4} ms",
            r["game"].as_str().unwrap_or_default(),
            r["player"].as_str().unwrap_or_default(),
            n,
            w,
            j
        );
        boundary.push(json!({ "game": r["game"], "player": r["player"], "native_ms": n, "wasm_ms": w, "json_ms": j }));
    }

    // 3. Click to move: `game` in the page against level-4 computers.
    c.goto(&format!("{base}/register")).await?;
    c.find(Locator::Css("#name")).await?.send_keys("speed").await?;
    c.find(Locator::Css("#password"))
        .await?
        .send_keys("correct horse battery")
        .await?;
    c.find(Locator::Css("button[type='submit']")).await?.click().await?;
    wait_for(c, "the account", "return location.pathname !== '/register'").await?;
    c.goto(&format!("{base}/account")).await?;
    c.find(Locator::Css("input[value='brisk']")).await?.click().await?;
    wait_for(
        c,
        "the pace saved",
        "return document.getElementById('pace-saved').textContent.startsWith('Pace saved')",
    )
    .await?;
    c.goto(&format!("{base}/new/{game}")).await?;
    wait_for(c, "the form", "return !!document.getElementById('seat-1')").await?;
    c.execute(
        "sessionStorage.setItem('tabula-test-hooks', '1'); for (let s = 1, e; (e = document.getElementById('seat-' + s)); s += 1) { e.value = 'level:4'; e.dispatchEvent(new Event('change', { bubbles: true })); }",
        vec![],
    )
    .await?;
    c.find(Locator::Css("#new-start")).await?.click().await?;
    wait_for(
        c,
        "the local game",
        "return location.pathname.startsWith('/local/') && document.body.dataset.ready === 'true'",
    )
    .await?;
    let turn = "return (document.getElementById('table-status').textContent === 'Your move.' && document.body.dataset.busy !== 'true') || !document.getElementById('table-result').hidden";
    let mut clicks = Vec::new();
    for _ in 0..13 {
        wait_for(c, "the person's turn", turn).await?;
        if c.execute("return !document.getElementById('table-result').hidden", vec![])
            .await?
            == Value::Bool(true)
        {
            break;
        }
        let logged = c
            .execute("return document.querySelectorAll('#table-moves li').length", vec![])
            .await?;
        let logged = logged.as_u64().unwrap_or(0);
        let started = Instant::now();
        c.execute(
            "document.querySelector('#table-legal button[data-action]:not([disabled])').click()",
            vec![],
        )
        .await?;
        // The person's move, then the first computer move after it; or
        // the person's turn again at once (a trick the person ended and
        // won leaves the person to lead), which times no computer move.
        let moves = "document.querySelectorAll('#table-moves li').length";
        let next = format!(
            "const n = {moves}; return n >= {two} || !document.getElementById('table-result').hidden \
             || (n >= {one} && document.getElementById('table-status').textContent === 'Your move.' \
                 && document.body.dataset.busy !== 'true')",
            two = logged + 2,
            one = logged + 1,
        );
        wait_for(c, "the computer's move", &next).await?;
        let elapsed = started.elapsed().as_secs_f64() * 1000.0;
        let now = c
            .execute(&format!("return {moves}"), vec![])
            .await?
            .as_u64()
            .unwrap_or(0);
        if now >= logged + 2 {
            clicks.push(elapsed);
        }
    }
    let timings = c
        .execute(
            "return window.tabulaLocal.timings.filter((t) => t.source === 'search').map((t) => t.ms)",
            vec![],
        )
        .await?;
    let round_trips: Vec<f64> = timings
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_f64).collect())
        .unwrap_or_default();
    println!(
        "3. click to the computer's move ({game}, level 4, brisk pace of 400 ms included): median {:.0} ms over {} clicks; the worker's round trip per searched move: median {:.1} ms, max {:.1} ms over {}",
        median(clicks.clone()),
        clicks.len(),
        median(round_trips.clone()),
        round_trips.iter().copied().fold(0.0, f64::max),
        round_trips.len()
    );
    println!(
        "{}",
        json!({ "search": report, "boundary": boundary, "click_ms": clicks, "worker_ms": round_trips })
    );
    Ok(())
}
