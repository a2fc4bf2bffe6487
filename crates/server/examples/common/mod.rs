//! What the examples that run `tabula serve` themselves share: the served
//! process (started on a SQLite file without game-creation limits, waited
//! for through its health check, killed with SIGKILL) and a browser's
//! session.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, bail, ensure};
use serde_json::Value;

/// A running `tabula serve`. `Child`'s own drop neither kills nor reaps, so
/// this does both: on `kill` (SIGKILL on Unix) and on drop.
pub struct Served {
    child: Child,
}

impl Served {
    /// Starts `bin serve` on `127.0.0.1:port` and the SQLite file `db`,
    /// with no limit on the games a session or an address may start, nor
    /// on the moves it sends.
    pub fn start(bin: &str, db: &str, port: u16) -> anyhow::Result<Served> {
        let child = Command::new(bin)
            .args([
                "serve",
                "--addr",
                &format!("127.0.0.1:{port}"),
                "--database",
                db,
                "--game-limit",
                "0",
                "--game-limit-per-address",
                "0",
                "--move-limit",
                "0",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot start {bin} serve"))?;
        Ok(Served { child })
    }

    /// Waits for the health check (at most `patience`), failing at once if
    /// the server exits (a port still held, say).
    pub async fn wait_up(&mut self, base: &str, patience: Duration) -> anyhow::Result<()> {
        let deadline = Instant::now() + patience;
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
    pub fn kill(mut self) -> anyhow::Result<()> {
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

/// A browser: its cookie jar and its session's CSRF token.
#[derive(Clone)]
pub struct Browser {
    pub http: reqwest::Client,
    pub csrf: String,
}

impl Browser {
    /// Opens a session on the server at `base`.
    pub async fn open(base: &str) -> anyhow::Result<Browser> {
        let http = reqwest::Client::builder().cookie_store(true).build()?;
        let s: Value = http.get(format!("{base}/api/session")).send().await?.json().await?;
        Ok(Browser {
            http,
            csrf: s["csrf"].as_str().unwrap_or_default().to_string(),
        })
    }
}

/// A fresh temporary SQLite path for this process, and a free loopback port.
pub fn scratch(name: &str) -> anyhow::Result<(String, u16)> {
    let db = std::env::temp_dir().join(format!("tabula-{name}-{}.db", std::process::id()));
    let port = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    Ok((db.display().to_string(), port))
}

/// Removes a SQLite file and its WAL companions.
pub fn remove_db(db: &str) {
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{db}{suffix}"));
    }
}
