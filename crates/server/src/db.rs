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
}

/// The URL of a `--database` argument: a `postgres://` or `sqlite:` URL as
/// is, anything else a SQLite file path (created if missing).
pub fn database_url(arg: &str) -> Result<(String, Backend), DbError> {
    if arg.starts_with("postgres://") || arg.starts_with("postgresql://") {
        Ok((arg.to_string(), Backend::Postgres))
    } else if arg.starts_with("sqlite:") {
        Ok((arg.to_string(), Backend::Sqlite))
    } else if arg.contains("://") {
        Err(DbError::Url(arg.to_string()))
    } else {
        Ok((format!("sqlite://{arg}?mode=rwc"), Backend::Sqlite))
    }
}

impl Db {
    /// Opens the database named by a `--database` argument and runs the
    /// migrations.
    ///
    /// # Errors
    /// If the URL is not supported, the database cannot be reached, or a
    /// migration fails.
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
        sqlx::migrate!("./migrations").run(&pool).await?;
        Ok(Db { pool, backend })
    }

    /// Whether the database answers.
    pub async fn ping(&self) -> bool {
        sqlx::query("SELECT 1").execute(&self.pool).await.is_ok()
    }
}
