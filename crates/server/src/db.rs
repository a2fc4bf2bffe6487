//! The database: one pool over SQLite or PostgreSQL (sqlx's `Any` driver),
//! the same migrations on both.
//!
//! Queries use `$1, $2, …` placeholders, which both engines accept, each
//! number appearing in order; integers are `BIGINT` (i64) on both.

use std::str::FromStr;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyPool, Executor};

/// Which engine the pool speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// An embedded SQLite file.
    Sqlite,
    /// A PostgreSQL server.
    Postgres,
}

impl Backend {
    /// `sqlite` or `postgres`.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Sqlite => "sqlite",
            Backend::Postgres => "postgres",
        }
    }
}

/// The database handle (cheap to clone).
#[derive(Clone, Debug)]
pub struct Db {
    /// The connection pool.
    pub pool: AnyPool,
    /// The engine.
    pub backend: Backend,
}

/// Why the database cannot be opened.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// The URL names no engine we speak.
    #[error("unsupported database URL {0:?}: give a SQLite file path, sqlite://PATH or postgres://…")]
    Url(String),
    /// Connecting failed.
    #[error("cannot open the database: {0}")]
    Connect(#[from] sqlx::Error),
    /// A migration failed.
    #[error("cannot migrate the database: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// The names' keys could not be back-filled.
    #[error("cannot back-fill the accounts' name keys: {0}")]
    Names(#[source] sqlx::Error),
    /// A SQLite path that cannot be made absolute.
    #[error("cannot resolve the SQLite path: {0}")]
    Path(#[source] std::io::Error),
}

/// The URL of a `--database` argument: a `postgres://` URL as is; a SQLite
/// file as a plain path, `sqlite://PATH` (relative), `sqlite:///PATH`
/// (absolute) or `sqlite:PATH`, created if missing unless the URL sets its
/// own `mode`. The SQLite URL given to sqlx has an absolute, percent-encoded
/// path, so that no path character reads as a host or a query.
///
/// # Errors
/// If the scheme is not one of these, or the working directory is unknown.
pub fn database_url(arg: &str) -> Result<(String, Backend), DbError> {
    if arg.starts_with("postgres://") || arg.starts_with("postgresql://") {
        return Ok((arg.to_string(), Backend::Postgres));
    }
    let (path, params) = if let Some(rest) = arg.strip_prefix("sqlite:") {
        // sqlx's own reading: `sqlite://` or `sqlite:`, then a
        // percent-encoded path and an optional `?query`.
        let rest = rest.strip_prefix("//").unwrap_or(rest);
        let (path, params) = rest.split_once('?').map_or((rest, None), |(p, q)| (p, Some(q)));
        if path == ":memory:" || path.is_empty() {
            return Ok((arg.to_string(), Backend::Sqlite));
        }
        (percent_decode(path), params)
    } else if arg.contains("://") {
        return Err(DbError::Url(arg.to_string()));
    } else {
        (arg.to_string(), None)
    };
    let path = std::path::absolute(&path).map_err(DbError::Path)?;
    let mut url = format!("sqlite://{}", percent_encode(&path.to_string_lossy()));
    let params: Vec<&str> = params
        .into_iter()
        .flat_map(|q| q.split('&'))
        .filter(|p| !p.is_empty())
        .collect();
    let has_mode = params.iter().any(|p| p.split('=').next() == Some("mode"));
    let mut params = params.join("&");
    if !has_mode {
        if !params.is_empty() {
            params.push('&');
        }
        params.push_str("mode=rwc");
    }
    url.push('?');
    url.push_str(&params);
    Ok((url, Backend::Sqlite))
}

/// Decodes `%XX` escapes (anything else, a malformed escape included, as is).
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
        match (bytes[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Escapes what a URL's path cannot hold as is (sqlx decodes it back).
fn percent_encode(path: &str) -> String {
    use std::fmt::Write;
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || b"/-_.~".contains(&b) {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// Fills in what migration 0002 cannot compute in SQL: each older account's
/// name key (NFKC, case-folded) and look-alike skeleton. Older accounts win
/// a clash: a row whose new key or skeleton another already has keeps its
/// old key (still good for log-in) and no skeleton. Answers the rows seen.
///
/// # Errors
/// If the database fails.
pub async fn backfill_names(pool: &AnyPool) -> Result<usize, sqlx::Error> {
    use crate::credentials::{name_key, name_skeleton};
    use sqlx::Row;
    let rows = sqlx::query("SELECT id, name, name_key FROM users WHERE name_skeleton IS NULL ORDER BY created, id")
        .fetch_all(pool)
        .await?;
    for row in &rows {
        let (id, name, old_key): (String, String, String) = (row.get("id"), row.get("name"), row.get("name_key"));
        let skeleton = sqlx::query("UPDATE users SET name_skeleton = $1 WHERE id = $2")
            .bind(name_skeleton(&name))
            .bind(&id)
            .execute(pool)
            .await;
        unless_clash(skeleton)?;
        let key = name_key(&name);
        if key != old_key {
            let keyed = sqlx::query("UPDATE users SET name_key = $1 WHERE id = $2")
                .bind(key)
                .bind(&id)
                .execute(pool)
                .await;
            unless_clash(keyed)?;
        }
    }
    Ok(rows.len())
}

/// A statement's error, a unique violation excepted.
fn unless_clash<T>(result: Result<T, sqlx::Error>) -> Result<(), sqlx::Error> {
    match result {
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Ok(()),
        other => other.map(|_| ()),
    }
}

impl Db {
    /// Opens the database named by a `--database` argument and runs the
    /// migrations.
    ///
    /// # Errors
    /// If the URL is not supported, the database cannot be reached, or a
    /// migration or the names' back-fill fails.
    pub async fn open(arg: &str) -> Result<Db, DbError> {
        sqlx::any::install_default_drivers();
        let (url, backend) = database_url(arg)?;
        let options = AnyConnectOptions::from_str(&url)?;
        let sqlite = backend == Backend::Sqlite;
        let pool = AnyPoolOptions::new()
            // SQLite has one writer at a time; a few connections serve reads.
            .max_connections(if sqlite { 4 } else { 16 })
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if sqlite {
                        // WAL: readers do not block the writer; a commit is
                        // durable once it returns (synchronous stays FULL).
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute("PRAGMA busy_timeout = 5000").await?;
                        conn.execute("PRAGMA foreign_keys = ON").await?;
                    }
                    Ok(())
                })
            })
            .connect_with(options)
            .await?;
        crate::migrations::migrator().await?.run(&pool).await?;
        backfill_names(&pool).await.map_err(DbError::Names)?;
        Ok(Db { pool, backend })
    }

    /// Whether the database answers.
    pub async fn ping(&self) -> bool {
        sqlx::query("SELECT 1").execute(&self.pool).await.is_ok()
    }
}
