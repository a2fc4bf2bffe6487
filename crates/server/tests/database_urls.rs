//! `--database` takes a plain SQLite path or a `sqlite:` URL as sqlx users
//! write them, relative or absolute, the file made when missing.
//!
//! One test in its own binary: it changes the working directory, which
//! every thread of a process shares.

use tabula_server::Db;

fn unique() -> String {
    let mut b = [0u8; 6];
    getrandom::getrandom(&mut b).unwrap();
    b.iter().map(|x| format!("{x:02x}")).collect()
}

#[tokio::test]
async fn sqlite_paths_and_urls_open_and_create_their_files() {
    let dir = std::env::temp_dir().join(format!("tabula-urls-{}", unique()));
    std::fs::create_dir_all(dir.join("sub dir")).unwrap();
    std::env::set_current_dir(&dir).unwrap();
    let abs = dir.join("abs #1?.db");
    let abs_url = format!(
        "sqlite://{}",
        abs.display().to_string().replace('#', "%23").replace('?', "%3F")
    );
    let cases = [
        ("plain.db", dir.join("plain.db")),
        ("sub dir/plain path.db", dir.join("sub dir/plain path.db")),
        ("sqlite://relative.db", dir.join("relative.db")),
        ("sqlite:short.db", dir.join("short.db")),
        ("sqlite://sub dir/relative.db", dir.join("sub dir/relative.db")),
        (abs_url.as_str(), abs.clone()),
        ("sqlite://relative.db?mode=rwc", dir.join("relative.db")),
    ];
    for (arg, file) in &cases {
        let db = Db::open(arg).await.unwrap_or_else(|e| panic!("{arg}: {e}"));
        assert!(db.ping().await, "{arg}");
        assert!(file.exists(), "{arg} makes {}", file.display());
        db.pool.close().await;
    }
    // The same file reopens, with what was written still there.
    let db = Db::open("sqlite://relative.db").await.unwrap();
    sqlx::query("INSERT INTO users (id, name, name_key, password_hash, created) VALUES ('probe', 'p', 'p', '-', 0)")
        .execute(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;
    let db = Db::open(&format!("sqlite://{}", dir.join("relative.db").display()))
        .await
        .unwrap();
    let n: (i64,) = sqlx::query_as("SELECT COUNT(*) FROM users WHERE id = 'probe'")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(
        n.0, 1,
        "sqlite://relative.db and sqlite:///abs/relative.db are one file"
    );
    db.pool.close().await;
    // Read-only asks for an existing file: a missing one is an error.
    assert!(Db::open("sqlite://missing.db?mode=ro").await.is_err());
    assert!(!dir.join("missing.db").exists());
    assert!(Db::open("mysql://localhost/x").await.is_err());
    std::env::set_current_dir(std::env::temp_dir()).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}
