//! A test server on a free port over a fresh database (a temporary SQLite
//! file, or a new database on the PostgreSQL server named by
//! `TABULA_TEST_POSTGRES`), and a browser-like client with a cookie jar.

#![allow(dead_code)]

use std::path::PathBuf;
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use tabula_server::{AppState, Config, Server};

/// Which database a test runs on.
#[derive(Clone, Copy, Debug)]
pub enum Engine {
    Sqlite,
    Postgres,
}

/// A running server.
pub struct TestServer {
    pub base: String,
    pub state: AppState,
    pub config: Config,
    _file: Option<TempFile>,
}

struct TempFile(PathBuf);

impl Drop for TempFile {
    fn drop(&mut self) {
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", self.0.display()));
        }
    }
}

fn unique() -> String {
    let mut b = [0u8; 6];
    getrandom::getrandom(&mut b).unwrap();
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// The PostgreSQL server for tests, if any. With `TABULA_REQUIRE_POSTGRES=1`
/// (CI) its absence fails the test instead of skipping it.
pub fn postgres_url() -> Option<String> {
    match std::env::var("TABULA_TEST_POSTGRES") {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            assert!(
                std::env::var("TABULA_REQUIRE_POSTGRES").is_err(),
                "TABULA_REQUIRE_POSTGRES is set but TABULA_TEST_POSTGRES names no server"
            );
            eprintln!("skipped on PostgreSQL: set TABULA_TEST_POSTGRES=postgres://… to run it");
            None
        }
    }
}

/// A fresh database on the test PostgreSQL server.
async fn fresh_postgres(base: &str) -> String {
    use sqlx::Executor;
    sqlx::any::install_default_drivers();
    let name = format!("tabula_test_{}", unique());
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(base)
        .await
        .expect("the test PostgreSQL server");
    conn.execute(format!("CREATE DATABASE {name}").as_str())
        .await
        .expect("CREATE DATABASE");
    let (head, _) = base.rsplit_once('/').expect("a URL with a database");
    format!("{head}/{name}")
}

impl TestServer {
    /// A server with test limits (`tune` may change them).
    pub async fn start(engine: Engine, tune: impl FnOnce(&mut Config)) -> Option<TestServer> {
        let (database, file) = match engine {
            Engine::Sqlite => {
                let path = std::env::temp_dir().join(format!("tabula-test-{}.db", unique()));
                (path.display().to_string(), Some(TempFile(path)))
            }
            Engine::Postgres => (fresh_postgres(&postgres_url()?).await, None),
        };
        let mut config = Config::new("127.0.0.1:0", &database);
        config.login_per_minute = 1000;
        config.games_per_minute = 1000;
        config.moves_per_minute = 0;
        config.computer_deadline = Duration::from_secs(60);
        tune(&mut config);
        let server = Server::start(config.clone()).await.expect("the server starts");
        let (addr, state) = server.spawn();
        Some(TestServer {
            base: format!("http://{addr}"),
            state,
            config,
            _file: file,
        })
    }

    /// A second server on the same database (as several instances share
    /// one PostgreSQL server).
    pub async fn alongside(&self) -> TestServer {
        let server = Server::start(self.config.clone())
            .await
            .expect("the second server starts");
        let (addr, state) = server.spawn();
        TestServer {
            base: format!("http://{addr}"),
            state,
            config: self.config.clone(),
            _file: None,
        }
    }

    /// A new browser (its own cookie jar) with a session.
    pub async fn client(&self) -> Client {
        let http = reqwest::Client::builder().cookie_store(true).build().unwrap();
        let mut c = Client {
            http,
            base: self.base.clone(),
            csrf: String::new(),
        };
        let (status, session) = c.get("/api/session").await;
        assert_eq!(status, StatusCode::OK);
        c.csrf = session["csrf"].as_str().unwrap().to_string();
        c
    }

    /// A browser logged in as a new account.
    pub async fn account(&self, name: &str) -> Client {
        let mut c = self.client().await;
        let (status, body) = c
            .post("/api/register", json!({ "name": name, "password": "correct horse" }))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        c
    }
}

/// A client that keeps cookies and sends the CSRF token.
pub struct Client {
    pub http: reqwest::Client,
    pub base: String,
    pub csrf: String,
}

impl Client {
    pub async fn get(&self, path: &str) -> (StatusCode, Value) {
        let r = self.http.get(format!("{}{path}", self.base)).send().await.unwrap();
        let status = r.status();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    /// POSTs JSON with the CSRF token; remembers a rotated token.
    pub async fn post(&mut self, path: &str, body: Value) -> (StatusCode, Value) {
        let r = self
            .http
            .post(format!("{}{path}", self.base))
            .header("x-csrf-token", &self.csrf)
            .json(&body)
            .send()
            .await
            .unwrap();
        let status = r.status();
        let value: Value = r.json().await.unwrap_or(Value::Null);
        if let Some(csrf) = value.get("csrf").and_then(Value::as_str) {
            self.csrf = csrf.to_string();
        }
        (status, value)
    }

    /// POSTs a raw body with the CSRF token.
    pub async fn post_raw(&self, path: &str, body: &str, content_type: &str) -> (StatusCode, Value) {
        let r = self
            .http
            .post(format!("{}{path}", self.base))
            .header("x-csrf-token", &self.csrf)
            .header("content-type", content_type)
            .body(body.to_string())
            .send()
            .await
            .unwrap();
        let status = r.status();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    /// Creates a game, expecting 201.
    pub async fn new_game(&mut self, body: Value) -> Value {
        let (status, game) = self.post("/api/games", body).await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        game
    }

    /// Plays one move, expecting 200.
    pub async fn play(&mut self, id: &str, cell: &str) -> Value {
        let (status, game) = self
            .post(&format!("/api/games/{id}/actions"), json!({ "action": cell }))
            .await;
        assert_eq!(status, StatusCode::OK, "{game}");
        game
    }

    /// Plays the first legal cell until the game ends.
    pub async fn play_out(&mut self, mut game: Value) -> Value {
        let id = game["id"].as_str().unwrap().to_string();
        while !game["over"].as_bool().unwrap() {
            let cell = game["legal"][0]["label"].as_str().unwrap().to_string();
            game = self.play(&id, &cell).await;
        }
        game
    }
}

/// Runs a scenario on SQLite and on PostgreSQL (when one is configured).
#[macro_export]
macro_rules! on_both {
    ($name:ident, $scenario:ident) => {
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                super::$scenario($crate::common::Engine::Sqlite).await;
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                if $crate::common::postgres_url().is_some() {
                    super::$scenario($crate::common::Engine::Postgres).await;
                }
            }
        }
    };
}

impl TestServer {
    /// A new browser whose connections come from `ip`, with a session. Any
    /// 127.x.y.z works: Linux routes the whole block to loopback, so tests
    /// can play clients at several addresses.
    pub async fn client_from(&self, ip: &str) -> Client {
        let local: std::net::IpAddr = ip.parse().expect("an IP address");
        let http = reqwest::Client::builder()
            .cookie_store(true)
            .local_address(local)
            .build()
            .unwrap();
        let mut c = Client {
            http,
            base: self.base.clone(),
            csrf: String::new(),
        };
        let (status, session) = c.get("/api/session").await;
        assert_eq!(status, StatusCode::OK, "{session}");
        c.csrf = session["csrf"].as_str().unwrap().to_string();
        c
    }

    /// The rows of the sessions table.
    pub async fn session_rows(&self) -> i64 {
        use sqlx::Row;
        sqlx::query("SELECT COUNT(*) AS n FROM sessions")
            .fetch_one(&self.state.db.pool)
            .await
            .unwrap()
            .get::<i64, _>("n")
    }
}

impl TestServer {
    /// A server with the default limits on a database the test made (it
    /// removes nothing when done).
    pub async fn on_database(database: &str) -> TestServer {
        let config = Config::new("127.0.0.1:0", database);
        let server = Server::start(config.clone()).await.expect("the server starts");
        let (addr, state) = server.spawn();
        TestServer {
            base: format!("http://{addr}"),
            state,
            config,
            _file: None,
        }
    }
}

/// Solves Abalone's 2v2 and 3v2 (about a second each) and installs them
/// for the process, once: the tables are the process's own, so every test
/// that needs them installs them here.
#[allow(dead_code)]
pub fn abalone_tables() -> &'static tabula_abalone::tablebase::Solved {
    use tabula_abalone::tablebase;
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        assert!(tablebase::install(tablebase::solve_closure("3v2".parse().unwrap())));
    });
    tablebase::installed().unwrap()
}
