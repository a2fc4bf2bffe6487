//! `tabula serve` as a process: it creates and migrates its SQLite file,
//! answers on its address, serves the same daily grid as `tabula daily`,
//! refuses a bad database URL in one line, and loses no finished result
//! when killed with SIGKILL in the middle of play.

use crate::common;

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{BIN, json, stderr, tabula};
use serde_json::{Value, json};

struct Served {
    child: Child,
    base: String,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Starts `tabula serve` on a port the system picks (port 0: no race with
/// another process for a port chosen beforehand), reads the address it
/// announces, and waits for its health check.
async fn serve(db: &str) -> Served {
    let mut child = Command::new(BIN)
        .args(["serve", "--addr", "127.0.0.1:0", "--database", db])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tabula serve starts");
    let err = child.stderr.take().expect("the server's stderr");
    let (tx, rx) = std::sync::mpsc::channel();
    // Reads the announcement, then keeps draining so the pipe never fills.
    std::thread::spawn(move || {
        for line in BufReader::new(err).lines().map_while(Result::ok) {
            if let Some(rest) = line.split("is serving on http://").nth(1) {
                let _ = tx.send(rest.split_whitespace().next().unwrap_or_default().to_string());
            }
        }
    });
    // Bounds on failure only: CI's two cores may be busy with the other
    // tests of this file, each starting its own server.
    let addr = rx
        .recv_timeout(Duration::from_secs(120))
        .expect("the server did not announce its address");
    let base = format!("http://{addr}");
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        if let Ok(r) = reqwest::get(format!("{base}/api/health")).await {
            if r.status().is_success() {
                break;
            }
        }
        assert!(Instant::now() < deadline, "the server did not come up");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Served { child, base }
}

struct Browser {
    http: reqwest::Client,
    base: String,
    csrf: String,
}

impl Browser {
    async fn new(base: &str) -> Browser {
        let http = reqwest::Client::builder().cookie_store(true).build().unwrap();
        let s: Value = http
            .get(format!("{base}/api/session"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        Browser {
            http,
            base: base.to_string(),
            csrf: s["csrf"].as_str().unwrap().to_string(),
        }
    }

    async fn post(&mut self, path: &str, body: Value) -> Value {
        let r = self
            .http
            .post(format!("{}{path}", self.base))
            .header("x-csrf-token", &self.csrf)
            .json(&body)
            .send()
            .await
            .unwrap();
        assert!(r.status().is_success(), "{path}: {}", r.status());
        let v: Value = r.json().await.unwrap();
        if let Some(c) = v.get("csrf").and_then(Value::as_str) {
            self.csrf = c.to_string();
        }
        v
    }

    async fn get(&self, path: &str) -> Value {
        self.http
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap()
    }
}

fn temp_db() -> std::path::PathBuf {
    std::env::temp_dir().join(format!("tabula-serve-{}-{}.db", std::process::id(), free_port()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_during_play_loses_no_finished_result() {
    let db = temp_db();
    let db_arg = db.display().to_string();
    let server = serve(&db_arg).await;
    assert!(db.exists(), "the SQLite file is created on start");
    let mut ann = Browser::new(&server.base).await;
    ann.post("/api/register", json!({ "name": "Ann", "password": "long enough" }))
        .await;
    let mut game = ann.post("/api/games", json!({ "kind": "daily" })).await;
    let id = game["id"].as_str().unwrap().to_string();
    while !game["over"].as_bool().unwrap() {
        let cell = game["legal"][0]["label"].as_str().unwrap().to_string();
        game = ann
            .post(&format!("/api/games/{id}/actions"), json!({ "action": cell }))
            .await;
    }
    let finished = game.clone();
    // A free game in progress, then many moves in flight when the kill comes.
    let mut free = ann
        .post(
            "/api/games",
            json!({ "kind": "free", "opponent": "greedy", "seed": "3" }),
        )
        .await;
    let free_id = free["id"].as_str().unwrap().to_string();
    let cell = free["legal"][0]["label"].as_str().unwrap().to_string();
    free = ann
        .post(&format!("/api/games/{free_id}/actions"), json!({ "action": cell }))
        .await;
    let mut in_flight = Vec::new();
    for _ in 0..20 {
        let http = ann.http.clone();
        let url = format!("{}/api/games", server.base);
        let csrf = ann.csrf.clone();
        in_flight.push(tokio::spawn(async move {
            let _ = http
                .post(url)
                .header("x-csrf-token", csrf)
                .json(&json!({ "kind": "tictactoe" }))
                .send()
                .await;
        }));
    }
    drop(server); // SIGKILL (Child::kill) while requests are in flight
    for t in in_flight {
        let _ = t.await;
    }

    let server = serve(&db_arg).await;
    let mut again = Browser::new(&server.base).await;
    again
        .post("/api/login", json!({ "name": "Ann", "password": "long enough" }))
        .await;
    let after = again.get(&format!("/api/games/{id}")).await;
    assert_eq!(after, finished, "the finished daily game is intact");
    let board = again.get("/api/leaderboard").await;
    assert_eq!(board["entries"][0]["name"], "Ann");
    assert_eq!(board["entries"][0]["points"], finished["result"]["points"]);
    let free_after = again.get(&format!("/api/games/{free_id}")).await;
    assert_eq!(
        free_after["moves"], free["moves"],
        "the game in progress resumes where it was"
    );
    drop(server);
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{db_arg}{suffix}"));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serves_the_same_daily_grid_as_the_command() {
    let db = temp_db();
    let db_arg = db.display().to_string();
    let server = serve(&db_arg).await;
    let b = Browser::new(&server.base).await;
    let web = b.get("/api/daily/2026-11-30").await;
    let cli = json(&tabula(&["daily", "--date", "2026-11-30", "--json"]));
    assert_eq!(web, cli);
    // The home page is served, with a session cookie.
    let r = reqwest::get(format!("{}/", server.base)).await.unwrap();
    assert!(r.status().is_success());
    assert!(r.headers().get("set-cookie").is_some());
    assert!(r.text().await.unwrap().contains("<main"));
    drop(server);
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{db_arg}{suffix}"));
    }
}

#[test]
fn a_bad_database_url_is_one_line_and_a_failure() {
    let out = tabula(&["serve", "--addr", "127.0.0.1:0", "--database", "mysql://nowhere/db"]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("unsupported database URL"), "{err}");
}
