//! A bounded load run against the move endpoint of a running `tabula serve`
//! (loopback only): open-loop requests at a fixed rate, each one a legal
//! move in a free game against the daily computer (alpha-beta 7 plies), so
//! every request also runs the computer's reply.
//!
//! ```text
//! cargo run --release -p tabula -- serve --addr 127.0.0.1:8080 --database /tmp/load.db --game-limit 0 --move-limit 0 &
//! cargo run --release -p tabula-server --example load -- http://127.0.0.1:8080 200 20
//! ```
//! Arguments: the server's base URL (loopback), requests per second
//! (default 200), seconds (default 20, at most 120).
//!
//! Prints the requests sent, answered and failed, the achieved rate and the
//! latency percentiles of the move requests (game creation is not timed).

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tokio::sync::Mutex;

/// Games kept in play at once (each takes one move request at a time).
const POOL: usize = 256;

struct Player {
    http: reqwest::Client,
    base: String,
    csrf: String,
    game: Value,
}

impl Player {
    async fn new(base: &str) -> anyhow::Result<Player> {
        let http = reqwest::Client::builder().cookie_store(true).build()?;
        let session: Value = http.get(format!("{base}/api/session")).send().await?.json().await?;
        let mut p = Player {
            http,
            base: base.to_string(),
            csrf: session["csrf"].as_str().unwrap_or_default().to_string(),
            game: Value::Null,
        };
        p.new_game().await?;
        Ok(p)
    }

    async fn new_game(&mut self) -> anyhow::Result<()> {
        let r = self
            .http
            .post(format!("{}/api/games", self.base))
            .header("x-csrf-token", &self.csrf)
            .json(&json!({ "kind": "free", "opponent": "alphabeta:7" }))
            .send()
            .await?;
        anyhow::ensure!(r.status().is_success(), "creating a game: {}", r.status());
        self.game = r.json().await?;
        Ok(())
    }

    /// One timed move request; a finished game is replaced (untimed).
    async fn step(&mut self) -> anyhow::Result<Duration> {
        let id = self.game["id"].as_str().unwrap_or_default().to_string();
        let cell = self.game["legal"][0].as_str().unwrap_or_default().to_string();
        let start = Instant::now();
        let r = self
            .http
            .post(format!("{}/api/games/{id}/actions", self.base))
            .header("x-csrf-token", &self.csrf)
            .json(&json!({ "action": cell }))
            .send()
            .await?;
        let status = r.status();
        let body: Value = r.json().await?;
        let elapsed = start.elapsed();
        anyhow::ensure!(status.is_success(), "a move: {status} {body}");
        self.game = body;
        if self.game["over"].as_bool().unwrap_or(true) {
            self.new_game().await?;
        }
        Ok(elapsed)
    }
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i].as_secs_f64() * 1e3
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let base = args.get(1).cloned().unwrap_or_else(|| "http://127.0.0.1:8080".into());
    anyhow::ensure!(
        base.starts_with("http://127.0.0.1") || base.starts_with("http://localhost"),
        "the load run targets loopback only"
    );
    let rate: u32 = args.get(2).map_or(Ok(200), |s| s.parse())?;
    let seconds: u64 = args.get(3).map_or(Ok(20), |s| s.parse())?;
    anyhow::ensure!(
        (1..=2000).contains(&rate) && (1..=120).contains(&seconds),
        "rate 1–2000/s, 1–120 s"
    );

    eprintln!("preparing {POOL} games…");
    let pool = Arc::new(Mutex::new(Vec::with_capacity(POOL)));
    for _ in 0..POOL {
        pool.lock().await.push(Player::new(&base).await?);
    }
    let latencies = Arc::new(Mutex::new(Vec::new()));
    let failures = Arc::new(Mutex::new(Vec::<String>::new()));
    let mut ticker = tokio::time::interval(Duration::from_secs_f64(1.0 / f64::from(rate)));
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
    let total = u64::from(rate) * seconds;
    let mut skipped = 0u64;
    let start = Instant::now();
    let mut tasks = Vec::with_capacity(total as usize);
    for _ in 0..total {
        ticker.tick().await;
        let Some(mut player) = pool.lock().await.pop() else {
            skipped += 1;
            continue;
        };
        let (pool, latencies, failures) = (pool.clone(), latencies.clone(), failures.clone());
        tasks.push(tokio::spawn(async move {
            match player.step().await {
                Ok(t) => latencies.lock().await.push(t),
                Err(e) => failures.lock().await.push(e.to_string()),
            }
            pool.lock().await.push(player);
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
    let wall = start.elapsed().as_secs_f64();
    let mut l = latencies.lock().await.clone();
    l.sort();
    let failures = failures.lock().await;
    println!(
        "{{\"target_rate\":{rate},\"seconds\":{seconds},\"sent\":{},\"ok\":{},\"failed\":{},\"skipped_no_free_game\":{skipped},\"achieved_rate\":{:.1},\"p50_ms\":{:.2},\"p95_ms\":{:.2},\"p99_ms\":{:.2},\"max_ms\":{:.2}}}",
        total - skipped,
        l.len(),
        failures.len(),
        l.len() as f64 / wall,
        percentile(&l, 0.50),
        percentile(&l, 0.95),
        percentile(&l, 0.99),
        percentile(&l, 1.0),
    );
    if let Some(first) = failures.first() {
        eprintln!("first failure: {first}");
    }
    Ok(())
}
