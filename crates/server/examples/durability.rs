//! Durability under SIGKILL: starts `tabula serve` on a SQLite file, lets
//! many browsers play games to the end, kills the server with SIGKILL in the
//! middle of play, restarts it on the same file and checks that every game
//! whose final move the server had acknowledged is there, finished, with
//! the same scores. Repeats for several rounds.
//!
//! ```text
//! cargo build --release -p tabula
//! cargo run --release -p tabula-server --example durability -- target/release/tabula 5
//! ```
//! Arguments: the `tabula` binary, rounds (default 5). Prints one JSON line.

use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, bail, ensure};
use serde_json::{Value, json};
use tokio::sync::Mutex;

const BROWSERS: usize = 16;
/// The longest a step may take before the run is called a failure.
const DEADLINE: Duration = Duration::from_secs(120);

/// A running `tabula serve`. `Child`'s own drop neither kills nor reaps, so
/// this does both: on `kill` (SIGKILL on Unix) and on drop.
struct Served {
    child: Child,
}

impl Served {
    fn start(bin: &str, db: &str, port: u16) -> anyhow::Result<Served> {
        let child = Command::new(bin)
            .args([
                "serve",
                "--addr",
                &format!("127.0.0.1:{port}"),
                "--database",
                db,
                "--game-limit",
                "0",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot start {bin} serve"))?;
        Ok(Served { child })
    }

    /// Waits for the health check, failing at once if the server exits (a
    /// port still held, say).
    async fn wait_up(&mut self, base: &str) -> anyhow::Result<()> {
        let deadline = Instant::now() + DEADLINE;
        loop {
            if let Some(status) = self.child.try_wait()? {
                bail!("the server exited before answering: {status}");
            }
            if reqwest::get(format!("{base}/api/health"))
                .await
                .is_ok_and(|r| r.status().is_success())
            {
                return Ok(());
            }
            ensure!(Instant::now() < deadline, "the server did not come up");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// SIGKILL, then reap: when this returns the process is gone.
    fn kill(mut self) -> anyhow::Result<()> {
        self.child.kill().context("cannot kill the server")?;
        self.child.wait().context("cannot reap the server")?;
        Ok(())
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        // After `kill` both fail harmlessly: the process is already reaped.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A browser: its cookie jar and CSRF token survive the restart (the
/// session is in the database, and so is the key that signs its token).
#[derive(Clone)]
struct Browser {
    http: reqwest::Client,
    csrf: String,
}

async fn post(b: &Browser, url: String, body: Value) -> Option<Value> {
    let r = b
        .http
        .post(url)
        .header("x-csrf-token", &b.csrf)
        .json(&body)
        .send()
        .await
        .ok()?;
    if !r.status().is_success() {
        return None;
    }
    r.json().await.ok()
}

/// A finished game as the server acknowledged it: its browser, id, scores.
type Finished = (Browser, String, Value);

/// Plays games to the end until the server dies, recording each finished
/// one as acknowledged.
async fn play(b: Browser, base: String, done: Arc<Mutex<Vec<Finished>>>) {
    loop {
        let Some(mut game) = post(
            &b,
            format!("{base}/api/games"),
            json!({ "kind": "free", "opponent": "greedy" }),
        )
        .await
        else {
            return;
        };
        let id = game["id"].as_str().unwrap_or_default().to_string();
        while !game["over"].as_bool().unwrap_or(true) {
            let cell = game["legal"][0]["cell"].as_str().unwrap_or_default().to_string();
            match post(&b, format!("{base}/api/games/{id}/actions"), json!({ "action": cell })).await {
                Some(g) => game = g,
                None => return,
            }
        }
        done.lock().await.push((b.clone(), id, game["scores"].clone()));
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let bin = args.get(1).cloned().unwrap_or_else(|| "target/release/tabula".into());
    let rounds: u32 = args.get(2).map_or(Ok(5), |s| s.parse())?;
    let db = std::env::temp_dir().join(format!("tabula-durability-{}.db", std::process::id()));
    let db = db.display().to_string();
    let port = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    let base = format!("http://127.0.0.1:{port}");
    let started = Instant::now();
    let (mut checked, mut lost, mut killed_in_flight) = (0usize, 0usize, 0usize);
    let mut all_done: Vec<Finished> = Vec::new();
    for round in 0..rounds {
        let mut server = Served::start(&bin, &db, port)?;
        server.wait_up(&base).await?;
        let mut browsers = Vec::new();
        for _ in 0..BROWSERS {
            let http = reqwest::Client::builder().cookie_store(true).build()?;
            let s: Value = http.get(format!("{base}/api/session")).send().await?.json().await?;
            browsers.push(Browser {
                http,
                csrf: s["csrf"].as_str().unwrap_or_default().to_string(),
            });
        }
        let done = Arc::new(Mutex::new(Vec::new()));
        let tasks: Vec<_> = browsers
            .into_iter()
            .map(|b| tokio::spawn(play(b, base.clone(), done.clone())))
            .collect();
        // Kill at a different moment each round, mid-play: once this round
        // has acknowledged a few more finished games than the last.
        let target = 4 + 3 * round as usize;
        let deadline = Instant::now() + DEADLINE;
        while done.lock().await.len() < target {
            ensure!(
                Instant::now() < deadline,
                "round {round}: fewer than {target} games finished"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        server.kill()?;
        for t in tasks {
            // Every browser stops at its first refused or failed request.
            tokio::time::timeout(DEADLINE, t)
                .await
                .context("a browser kept playing after the kill")??;
        }
        killed_in_flight += BROWSERS;
        all_done.extend(done.lock().await.drain(..));
        // Restart and check every game acknowledged so far, in every round.
        let mut server = Served::start(&bin, &db, port)?;
        server.wait_up(&base).await?;
        for (b, id, scores) in &all_done {
            let g: Value = b
                .http
                .get(format!("{base}/api/games/{id}"))
                .send()
                .await?
                .json()
                .await?;
            checked += 1;
            if g["over"] != true || g["scores"] != *scores {
                lost += 1;
            }
        }
        server.kill()?;
        eprintln!(
            "round {round}: {} finished games acknowledged so far, {lost} lost",
            all_done.len()
        );
    }
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{db}{suffix}"));
    }
    println!(
        "{{\"rounds\":{rounds},\"browsers\":{BROWSERS},\"finished_games\":{},\"checks\":{checked},\"lost\":{lost},\"browsers_interrupted\":{killed_in_flight},\"seconds\":{:.1}}}",
        all_done.len(),
        started.elapsed().as_secs_f64()
    );
    ensure!(lost == 0, "{lost} finished results were lost");
    Ok(())
}
