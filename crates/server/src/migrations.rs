//! The database's schema migrations, embedded in the binary: every
//! `migrations/*.sql` (listed by the build script) read as sqlx's
//! `migrate!` macro reads a folder — the version before the first `_`, the
//! rest without `.sql` and with `_` as spaces the description, the
//! checksum sqlx's own `Migration::new` computes — so that a database
//! migrated by a build that used the macro opens unchanged. The macro is
//! not used: it built a second copy of sqlx, for the compiler.

use std::future::Future;
use std::pin::Pin;

use sqlx::error::BoxDynError;
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};

/// (file name, SQL) of each migration, sorted by file name.
const FILES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/migrations.rs"));

/// The embedded migrations, as a source sqlx's [`Migrator`] resolves.
#[derive(Debug, Clone, Copy)]
pub struct Embedded;

impl<'s> MigrationSource<'s> for Embedded {
    fn resolve(self) -> Pin<Box<dyn Future<Output = Result<Vec<Migration>, BoxDynError>> + Send + 's>> {
        Box::pin(async { FILES.iter().map(|&(file, sql)| migration(file, sql)).collect() })
    }
}

/// The migrator over [`Embedded`].
///
/// # Errors
/// A file whose name has no integer version before its first `_`.
pub async fn migrator() -> Result<Migrator, sqlx::migrate::MigrateError> {
    Migrator::new(Embedded).await
}

/// One migration from its file name and SQL, as sqlx's folder source makes it.
fn migration(file: &str, sql: &'static str) -> Result<Migration, BoxDynError> {
    let (version, rest) = file
        .split_once('_')
        .ok_or_else(|| format!("migration {file:?}: no `_` after its version"))?;
    let version: i64 = version
        .parse()
        .map_err(|_| format!("migration {file:?}: its version is not an integer"))?;
    let kind = MigrationType::from_filename(rest);
    let description = rest.trim_end_matches(kind.suffix()).replace('_', " ");
    let no_tx = sql.starts_with("-- no-transaction");
    Ok(Migration::new(version, description.into(), kind, sql.into(), no_tx))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every file of the folder is embedded, in version order, with the
    /// version and description sqlx's folder source gives it.
    #[test]
    fn every_migration_file_is_embedded_in_order() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
        let on_disk = std::fs::read_dir(dir)
            .unwrap()
            .filter(|e| e.as_ref().unwrap().path().extension().is_some_and(|x| x == "sql"));
        assert_eq!(on_disk.count(), FILES.len());
        let resolved = block_on(Embedded.resolve()).unwrap();
        let versions: Vec<i64> = resolved.iter().map(|m| m.version).collect();
        assert_eq!(versions, (1..=FILES.len() as i64).collect::<Vec<_>>());
        assert_eq!(resolved[0].description, "init");
        assert_eq!(resolved[2].description, "tables");
        assert!(resolved.iter().all(|m| m.migration_type == MigrationType::Simple));
    }

    /// Runs a future that never waits (the embedded source reads nothing).
    fn block_on<T>(f: impl Future<Output = T>) -> T {
        tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap()
            .block_on(f)
    }
}
