//! Computer-move latency through the web API: starts `tabula serve` on a
//! free loopback port and a temporary SQLite file, then, as a single client
//! sending one request at a time, plays watched games (every seat a
//! computer) of each configuration below and times every
//! `POST /api/games/{id}/actions {"ply": N}`: one computer move (and the
//! chance steps around it) served under the server's deadline.
//!
//! ```text
//! cargo build --release -p tabula && cargo build --release -p tabula-server --examples
//! cargo run --release -p tabula-server --example latency -- target/release/tabula 60
//! ```
//! Arguments: the `tabula` binary, computer moves per configuration
//! (default 60; a new game starts when one ends). Prints one line per
//! configuration (percentiles over every timed request, deadline cuts
//! included), then one JSON line. Game creation is not timed.

use std::time::{Duration, Instant};

use anyhow::{Context, bail, ensure};
use indicatif::{ProgressBar, ProgressStyle};
use reqwest::StatusCode;
use serde_json::{Value, json};

mod common;
use common::{Browser, Served};

/// The longest the server may take to come up.
const START: Duration = Duration::from_secs(60);
/// A request that takes longer has failed (the server's deadline is 10 s).
const REQUEST: Duration = Duration::from_secs(60);

/// One configuration: a label, the game, its options, every seat's player.
struct Setup {
    label: String,
    game: &'static str,
    options: Value,
    seats: Vec<String>,
}

fn setups() -> Vec<Setup> {
    let both = |spec: &str| vec![spec.to_string(), spec.to_string()];
    let mut all = Vec::new();
    for level in 1..=4 {
        all.push(Setup {
            label: format!("skyjo level:{level}"),
            game: "skyjo",
            options: json!({}),
            seats: both(&format!("level:{level}")),
        });
    }
    for level in 1..=4 {
        all.push(Setup {
            label: format!("abalone belgian level:{level}"),
            game: "abalone",
            options: json!({ "layout": "belgian" }),
            seats: both(&format!("level:{level}")),
        });
    }
    for size in [5, 9] {
        all.push(Setup {
            label: format!("diagonal {size}x{size} alphabeta:7"),
            game: "diagonal",
            options: json!({ "size": size }),
            seats: both("alphabeta:7"),
        });
    }
    all.push(Setup {
        label: "tictactoe minimax".into(),
        game: "tictactoe",
        options: json!({}),
        seats: both("minimax"),
    });
    all.push(Setup {
        label: "nim perfect".into(),
        game: "nim",
        options: json!({}),
        seats: both("perfect"),
    });
    all
}

/// What one configuration measured.
#[derive(Default)]
struct Tally {
    /// Every timed request: computer moves and deadline cuts.
    times: Vec<Duration>,
    moves: usize,
    /// 503s, and 200s that played no computer move (`"pending"`, cut).
    cuts: usize,
    /// Requests that played only chance (the game ended on it).
    chance_only: usize,
    games: usize,
}

/// Nearest-rank percentile, in milliseconds.
fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = (p * sorted.len() as f64).ceil().max(1.0) as usize;
    sorted[rank - 1].as_secs_f64() * 1e3
}

async fn post(b: &Browser, url: &str, body: &Value) -> anyhow::Result<(StatusCode, Value)> {
    let r = b
        .http
        .post(url)
        .header("x-csrf-token", &b.csrf)
        .timeout(REQUEST)
        .json(body)
        .send()
        .await?;
    let status = r.status();
    Ok((status, r.json().await.unwrap_or(Value::Null)))
}

/// Plays watched games of `setup` until `moves` computer moves are timed.
async fn measure(b: &Browser, base: &str, setup: &Setup, moves: usize, bar: &ProgressBar) -> anyhow::Result<Tally> {
    let mut tally = Tally::default();
    let seats: Vec<Value> = setup.seats.iter().map(|s| json!({ "ai": s })).collect();
    let create = json!({ "game": setup.game, "options": setup.options, "seats": seats });
    let mut game = Value::Null;
    // Cuts in a row at one ply: a retry replays the same seeded search, so
    // after two the game is left for a new one.
    let mut cut_here = 0;
    while tally.moves + tally.cuts < moves {
        if game.is_null() || game["over"] == true || cut_here >= 2 {
            let (status, g) = post(b, &format!("{base}/api/games"), &create).await?;
            ensure!(
                status == StatusCode::CREATED,
                "{}: creating a game: {status} {g}",
                setup.label
            );
            game = g;
            tally.games += 1;
            cut_here = 0;
        }
        let id = game["id"].as_str().context("a game without an id")?.to_string();
        let ply = game["ply"].as_u64().context("a game without a ply")?;
        let start = Instant::now();
        let (status, g) = post(b, &format!("{base}/api/games/{id}/actions"), &json!({ "ply": ply })).await?;
        let took = start.elapsed();
        match status {
            StatusCode::OK => {}
            StatusCode::SERVICE_UNAVAILABLE => {
                tally.times.push(took);
                tally.cuts += 1;
                cut_here += 1;
                bar.inc(1);
                continue;
            }
            _ => bail!("{}: a computer move: {status} {g}", setup.label),
        }
        let played = g["moves"]
            .as_array()
            .context("an answer without moves")?
            .iter()
            .filter(|m| m["ply"].as_u64().is_some_and(|p| p >= ply) && !m["seat"].is_null())
            .count();
        let over = g["over"] == true;
        game = g;
        if played > 0 {
            tally.times.push(took);
            tally.moves += 1;
            cut_here = 0;
        } else if over {
            tally.chance_only += 1;
            continue;
        } else {
            tally.times.push(took);
            tally.cuts += 1;
            cut_here += 1;
        }
        bar.inc(1);
    }
    Ok(tally)
}

fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let bin = args.get(1).cloned().unwrap_or_else(|| "target/release/tabula".into());
    let moves: usize = args.get(2).map_or(Ok(60), |s| s.parse())?;
    ensure!((1..=10_000).contains(&moves), "moves: 1 to 10000");
    let (db, port) = common::scratch("latency")?;
    let base = format!("http://127.0.0.1:{port}");
    let mut server = Served::start(&bin, &db, port)?;
    server.wait_up(&base, START).await?;
    let browser = Browser::open(&base).await?;
    let load_before = loadavg();
    let started = Instant::now();
    let setups = setups();
    let style = ProgressStyle::with_template("{prefix:30} [{bar:30}] {pos}/{len} {elapsed}")?.progress_chars("=> ");
    println!(
        "{:30} {:>5} {:>9} {:>9} {:>9} {:>9} {:>5} {:>5}",
        "configuration", "moves", "p50 ms", "p90 ms", "p99 ms", "max ms", "cut", "games"
    );
    let mut summary = Vec::new();
    for setup in &setups {
        let bar = ProgressBar::new(moves as u64)
            .with_style(style.clone())
            .with_prefix(setup.label.clone());
        let mut tally = measure(&browser, &base, setup, moves, &bar).await?;
        bar.finish_and_clear();
        tally.times.sort();
        let [p50, p90, p99] = [0.50, 0.90, 0.99].map(|p| percentile(&tally.times, p));
        let max = tally.times.last().map_or(0.0, |t| t.as_secs_f64() * 1e3);
        println!(
            "{:30} {:>5} {p50:>9.1} {p90:>9.1} {p99:>9.1} {max:>9.1} {:>5} {:>5}",
            setup.label, tally.moves, tally.cuts, tally.games
        );
        summary.push(json!({
            "configuration": setup.label,
            "game": setup.game,
            "options": setup.options,
            "seats": setup.seats,
            "moves": tally.moves,
            "cuts": tally.cuts,
            "chance_only": tally.chance_only,
            "games": tally.games,
            "p50_ms": (p50 * 10.0).round() / 10.0,
            "p90_ms": (p90 * 10.0).round() / 10.0,
            "p99_ms": (p99 * 10.0).round() / 10.0,
            "max_ms": (max * 10.0).round() / 10.0,
        }));
    }
    let seconds = started.elapsed().as_secs_f64();
    server.kill()?;
    common::remove_db(&db);
    println!(
        "{}",
        json!({
            "moves_per_configuration": moves,
            "clients": 1,
            "cores": std::thread::available_parallelism().map_or(0, std::num::NonZero::get),
            "loadavg_before": load_before,
            "loadavg_after": loadavg(),
            "seconds": (seconds * 10.0).round() / 10.0,
            "configurations": summary,
        })
    );
    Ok(())
}
