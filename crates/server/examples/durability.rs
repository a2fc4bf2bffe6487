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

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, ensure};
use serde_json::{Value, json};
use tokio::sync::Mutex;

const BROWSERS: usize = 16;
/// The longest a step may take before the run is called a failure.
const DEADLINE: Duration = Duration::from_secs(120);

// A browser's cookie jar and CSRF token survive the restart (the session
// is in the database, and so is the key that signs its token).
mod common;
use common::{Browser, Served};

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
            let cell = game["legal"][0].as_str().unwrap_or_default().to_string();
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
    let (db, port) = common::scratch("durability")?;
    let base = format!("http://127.0.0.1:{port}");
    let started = Instant::now();
    let (mut checked, mut lost, mut killed_in_flight) = (0usize, 0usize, 0usize);
    let mut all_done: Vec<Finished> = Vec::new();
    for round in 0..rounds {
        let mut server = Served::start(&bin, &db, port)?;
        server.wait_up(&base, DEADLINE).await?;
        let mut browsers = Vec::new();
        for _ in 0..BROWSERS {
            browsers.push(Browser::open(&base).await?);
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
        server.wait_up(&base, DEADLINE).await?;
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
    common::remove_db(&db);
    println!(
        "{{\"rounds\":{rounds},\"browsers\":{BROWSERS},\"finished_games\":{},\"checks\":{checked},\"lost\":{lost},\"browsers_interrupted\":{killed_in_flight},\"seconds\":{:.1}}}",
        all_done.len(),
        started.elapsed().as_secs_f64()
    );
    ensure!(lost == 0, "{lost} finished results were lost");
    Ok(())
}
