//! Fixes from an attacker's probe of the server, each end to end over HTTP
//! on SQLite and on PostgreSQL: the log-in page's `next=` stays on this
//! site, cookie-less requests write no session rows, guessing one name's
//! password from one address does not lock its owner out, look-alike names
//! are refused, blank and common passwords are refused, and the cookie is
//! `Secure` when asked; unknown API paths, doubled keys, the data's
//! caching and encoding, a search past its deadline, future daily grids;
//! and every request docs/web-api.md names, sent as the document writes it.
//!
//! Long file: one binary for every hardening scenario (each server test
//! binary links every game, so another file would cost CI a link).

use crate::common;

use std::time::Instant;

use common::{Engine, TestServer};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::Row;

async fn server(engine: Engine) -> TestServer {
    TestServer::start(engine, |_| {}).await.expect("a server")
}

/// The session token of a response's `Set-Cookie`, if it sets one.
fn set_token(r: &reqwest::Response) -> Option<String> {
    let cookie = r.headers().get("set-cookie")?.to_str().ok()?;
    let value = cookie.strip_prefix("tabula_session=")?;
    Some(value.split(';').next()?.to_string())
}

/// A GET with the given session token as its only cookie.
async fn get_with(s: &TestServer, path: &str, token: &str) -> reqwest::Response {
    reqwest::Client::new()
        .get(format!("{}{path}", s.base))
        .header("cookie", format!("tabula_session={token}"))
        .send()
        .await
        .unwrap()
}

/// A POST of JSON with the given session token and CSRF token.
async fn post_with(s: &TestServer, path: &str, token: &str, csrf: &str, body: Value) -> (StatusCode, Value) {
    let r = reqwest::Client::new()
        .post(format!("{}{path}", s.base))
        .header("cookie", format!("tabula_session={token}"))
        .header("x-csrf-token", csrf)
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = r.status();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// Writes an account as the first schema's code did: its key the name in
/// lower case, no skeleton.
async fn first_schema_user(pool: &sqlx::AnyPool, id: &str, name: &str, hash: &str, created: i64) {
    sqlx::query(
        "INSERT INTO users (id, name, name_key, password_hash, pace, created) VALUES ($1, $2, $3, $4, 'measured', $5)",
    )
    .bind(id)
    .bind(name)
    .bind(name.to_lowercase())
    .bind(hash)
    .bind(created)
    .execute(pool)
    .await
    .unwrap();
}

/// A client that does not follow redirects.
fn no_redirects() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

async fn next_stays_on_this_site(engine: Engine) {
    let s = server(engine).await;
    let http = no_redirects();
    for page in ["login", "register"] {
        for hostile in [
            "/%09/evil.example/",
            "//evil.example/",
            "/%5Cevil.example/",
            "%2F%2Fevil.example",
            "/%0A/evil.example",
            "https://evil.example/",
            "javascript:alert(1)",
            "/%C2%A0/evil.example",
        ] {
            let r = http
                .get(format!("{}/{page}?next={hostile}", s.base))
                .send()
                .await
                .unwrap();
            assert_eq!(r.status(), StatusCode::SEE_OTHER, "{page} {hostile}");
            assert_eq!(r.headers()["location"], format!("/{page}?next=%2F"), "{page} {hostile}");
        }
        // A second `next` cannot smuggle one past the check.
        let r = http
            .get(format!("{}/{page}?next=/daily&next=//evil.example", s.base))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), StatusCode::SEE_OTHER);
        for fine in ["", "?next=/daily", "?next=%2Fgames%2Fabc", "?next=/"] {
            let r = http.get(format!("{}/{page}{fine}", s.base)).send().await.unwrap();
            assert_eq!(r.status(), StatusCode::OK, "{page}{fine}");
        }
    }
}
on_both!(next_parameter, next_stays_on_this_site);

async fn cookie_less_requests_write_no_session(engine: Engine) {
    let s = server(engine).await;
    let before = s.session_rows().await;
    for _ in 0..50 {
        for path in ["/api/session", "/", "/login", "/assets/app.css"] {
            let r = reqwest::get(format!("{}{path}", s.base)).await.unwrap();
            assert_eq!(r.status(), StatusCode::OK, "{path}");
        }
    }
    assert_eq!(s.session_rows().await, before, "no rows for cookie-less requests");

    // A guest still gets a session, and keeps it across requests.
    let mut guest = s.client().await;
    let csrf = guest.csrf.clone();
    for _ in 0..5 {
        let (_, session) = guest.get("/api/session").await;
        assert_eq!(session["csrf"], csrf.as_str(), "the same session each time");
        guest.get("/").await;
    }
    let (_, games) = guest.get("/api/games").await;
    assert_eq!(games, json!([]));
    assert_eq!(s.session_rows().await, before, "a guest that only looks has no row");

    // A POST with a wrong CSRF token is refused and writes nothing.
    guest.csrf = "0".repeat(32);
    let (status, _) = guest.post("/api/games", json!({ "kind": "tictactoe" })).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(s.session_rows().await, before);

    // A guest makes games and loads them back, still without a row: its
    // games are kept under its token's hash.
    guest.csrf = csrf;
    let game = guest.new_game(json!({ "kind": "tictactoe" })).await;
    let id = game["id"].as_str().unwrap();
    let (status, loaded) = guest.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(loaded, game);
    let game = guest.new_game(json!({ "kind": "daily" })).await;
    guest
        .play(
            game["id"].as_str().unwrap(),
            game["legal"][0]["label"].as_str().unwrap(),
        )
        .await;
    let (_, games) = guest.get("/api/games").await;
    assert_eq!(games.as_array().unwrap().len(), 2);
    assert_eq!(s.session_rows().await, before, "a guest's games need no row");

    // Logging out or in without games writes no row for the guest either.
    let mut idle = s.client().await;
    let (status, _) = idle.post("/api/logout", json!({})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(s.session_rows().await, before);
    let (status, _) = idle
        .post("/api/register", json!({ "name": "Ida", "password": "long enough" }))
        .await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(s.session_rows().await, before + 1, "only the account's session");
    // A guest with games that registers leaves a tombstone (its daily game
    // stays under its old token, which must not reach it again).
    let (status, _) = guest
        .post("/api/register", json!({ "name": "Gus", "password": "long enough" }))
        .await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(s.session_rows().await, before + 3);
    let (_, games) = guest.get("/api/games").await;
    assert_eq!(games.as_array().unwrap().len(), 1, "the free game followed");

    // A guest's token is good on another instance on the same database
    // before it has a row (the signing key is in the database).
    let b = s.alongside().await;
    let r = reqwest::get(format!("{}/api/session", s.base)).await.unwrap();
    let token = set_token(&r).expect("a cookie for a cookie-less visitor");
    let csrf: Value = r.json().await.unwrap();
    let (status, game) = post_with(
        &b,
        "/api/games",
        &token,
        csrf["csrf"].as_str().unwrap(),
        json!({ "kind": "tictactoe" }),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    let r = get_with(&s, &format!("/api/games/{}", game["id"].as_str().unwrap()), &token).await;
    assert_eq!(r.status(), StatusCode::OK);
}
on_both!(lazy_sessions, cookie_less_requests_write_no_session);

async fn an_ended_session_stays_ended(engine: Engine) {
    let s = server(engine).await;
    let token_of = |r: &reqwest::Response| set_token(r).unwrap();
    // A guest with a game registers: its old token must not come back.
    let r = reqwest::get(format!("{}/api/session", s.base)).await.unwrap();
    let guest = token_of(&r);
    let guest_csrf = r.json::<Value>().await.unwrap()["csrf"].as_str().unwrap().to_string();
    let (status, daily) = post_with(&s, "/api/games", &guest, &guest_csrf, json!({ "kind": "daily" })).await;
    assert_eq!(status, StatusCode::CREATED);
    let r = reqwest::Client::new()
        .post(format!("{}/api/register", s.base))
        .header("cookie", format!("tabula_session={guest}"))
        .header("x-csrf-token", &guest_csrf)
        .json(&json!({ "name": "Tess", "password": "long enough" }))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::CREATED);
    let account = token_of(&r);
    let account_csrf = r.json::<Value>().await.unwrap()["csrf"].as_str().unwrap().to_string();

    // The guest's token is over: no session, no games, a fresh cookie.
    let r = get_with(&s, "/api/session", &guest).await;
    let fresh = set_token(&r).expect("a new cookie replaces an ended one");
    assert_ne!(fresh, guest);
    let r = get_with(&s, &format!("/api/games/{}", daily["id"].as_str().unwrap()), &guest).await;
    assert_eq!(
        r.status(),
        StatusCode::NOT_FOUND,
        "the guest's daily game stays out of reach"
    );
    let (status, _) = post_with(&s, "/api/games", &guest, &guest_csrf, json!({ "kind": "tictactoe" })).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // Log out: the account's token is over too.
    let (status, _) = post_with(&s, "/api/logout", &account, &account_csrf, json!({})).await;
    assert_eq!(status, StatusCode::OK);
    let r = get_with(&s, "/api/session", &account).await;
    assert!(set_token(&r).is_some());
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["user"], Value::Null);
    let (status, _) = post_with(&s, "/api/account", &account, &account_csrf, json!({ "pace": "calm" })).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}
on_both!(ended_sessions, an_ended_session_stays_ended);

async fn guessing_from_one_address_does_not_lock_the_owner_out(engine: Engine) {
    let s = TestServer::start(engine, |c| c.login_per_minute = 3).await.unwrap();
    s.account("Olive").await;
    let wrong = json!({ "name": "Olive", "password": "not her password" });
    let right = json!({ "name": "olive", "password": "correct horse" });

    let mut attacker = s.client_from("127.0.0.2").await;
    for _ in 0..3 {
        let (status, _) = attacker.post("/api/login", wrong.clone()).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    let r = attacker
        .http
        .post(format!("{}/api/login", s.base))
        .header("x-csrf-token", &attacker.csrf)
        .json(&wrong)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(r.headers().get("retry-after").is_some());
    let body: Value = r.json().await.unwrap();
    assert!(!body["error"].as_str().unwrap().contains("Olive"), "{body}");
    // Even the right password waits, from the attacker's address.
    let (status, _) = attacker.post("/api/login", right.clone()).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);

    // The owner, from another address, gets in meanwhile.
    let mut owner = s.client_from("127.0.0.3").await;
    let (status, body) = owner.post("/api/login", right.clone()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["user"]["name"], "Olive");
    // A right password does not use up the owner's allowance.
    for _ in 0..3 {
        let (status, _) = owner.post("/api/login", right.clone()).await;
        assert_eq!(status, StatusCode::OK);
    }

    // Over many addresses, the name's log-ins slow down, and past its free
    // failures it is locked for browsers it never logged in from: 3 more
    // failures from each of two more addresses make 9, 6 past the free 3.
    // The owner's success cleared the lock's count: three free failures
    // and one more are tried, then the name is locked.
    let mut tried = 0;
    for ip in ["127.0.0.4", "127.0.0.5"] {
        let mut other = s.client_from(ip).await;
        for _ in 0..3 {
            let (status, _) = other.post("/api/login", wrong.clone()).await;
            let expected = if tried < 4 {
                StatusCode::UNAUTHORIZED
            } else {
                StatusCode::TOO_MANY_REQUESTS
            };
            assert_eq!(status, expected, "attempt {}", tried + 1);
            tried += 1;
        }
    }
    let mut stranger = s.client_from("127.0.0.6").await;
    let (status, body) = stranger.post("/api/login", right.clone()).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    // The owner's browser passes the lock, and waits like every log-in on
    // the name: 7 failures in the minute (the attacker's 3, then 4), 4
    // past the free 3, so at least 4 steps (bounded).
    let started = Instant::now();
    let (status, _) = owner.post("/api/login", right).await;
    assert_eq!(status, StatusCode::OK);
    let waited = started.elapsed();
    let expected = tabula_server::auth::LOGIN_SLOWDOWN_STEP * 4;
    assert!(
        waited >= expected.min(tabula_server::auth::LOGIN_SLOWDOWN_MAX),
        "waited {waited:?}"
    );
}
on_both!(login_throttle, guessing_from_one_address_does_not_lock_the_owner_out);

/// Guesses spread over many addresses lock the name (each address stays
/// under its own limits): past the free failures, no password is tried,
/// the right one neither, from a browser the account never logged in
/// from; the owner's browser still logs in, and its success lifts the
/// lock. An unknown name locks alike, so the lock says nothing.
async fn guesses_from_many_addresses_lock_the_name_but_not_its_owner(engine: Engine) {
    let s = TestServer::start(engine, |c| c.login_per_minute = 4).await.unwrap();
    let owner_http = s.client_from("127.0.2.1").await;
    let mut owner = owner_http;
    let (status, body) = owner
        .post("/api/register", json!({ "name": "Vera", "password": "correct horse" }))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let wrong = json!({ "name": "vera", "password": "a wrong guess" });
    let right = json!({ "name": "vera", "password": "correct horse" });
    for name in ["vera", "nobody here"] {
        let wrong = json!({ "name": name, "password": "a wrong guess" });
        // The four free failures, and one more, are tried.
        for k in 0..5 {
            let mut guesser = s.client_from(&format!("127.0.3.{}", 10 + k)).await;
            let (status, _) = guesser.post("/api/login", wrong.clone()).await;
            assert_eq!(status, StatusCode::UNAUTHORIZED, "{name}: guess {k}");
        }
        for k in 0..12 {
            let mut guesser = s.client_from(&format!("127.0.4.{}", 10 + k)).await;
            let (status, body) = guesser.post("/api/login", wrong.clone()).await;
            assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{name}: guess {k}: {body}");
        }
    }
    let mut stranger = s.client_from("127.0.5.1").await;
    let (status, _) = stranger.post("/api/login", right.clone()).await;
    assert_eq!(
        status,
        StatusCode::TOO_MANY_REQUESTS,
        "the right password is not tried either"
    );
    let (status, body) = owner.post("/api/login", right.clone()).await;
    assert_eq!(status, StatusCode::OK, "the owner's browser passes: {body}");
    let (status, body) = stranger.post("/api/login", right).await;
    assert_eq!(status, StatusCode::OK, "the owner's success lifts the lock: {body}");
    let (status, _) = stranger.post("/api/login", wrong).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}
on_both!(login_lock, guesses_from_many_addresses_lock_the_name_but_not_its_owner);

async fn look_alike_names_are_refused(engine: Engine) {
    let s = server(engine).await;
    s.account("admin").await;
    let mut other = s.client().await;
    for alike in [
        "аdmin",
        "ａｄｍｉｎ",
        "ADMIN",
        "Admin",
        "ΑDMIN",
        "admln",
        " admin ",
        "ᎪᎠMIN",
        "Ꭺdmin",
    ] {
        let (status, body) = other
            .post("/api/register", json!({ "name": alike, "password": "long enough" }))
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{alike}: {body}");
        let error = body["error"].as_str().unwrap();
        assert!(!error.contains(alike.trim()) && !error.contains("admin"), "{error}");
    }
    // Nor can an account rename itself to one.
    let mut bob = s.account("bob").await;
    let (status, body) = bob.post("/api/account", json!({ "name": "аdmin" })).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(!body["error"].as_str().unwrap().contains("dmin"));
    // Renaming to a look-alike of one's own name is fine.
    let (status, _) = bob.post("/api/account", json!({ "name": "B0B" })).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = bob.post("/api/account", json!({ "pace": "calm" })).await;
    assert_eq!(status, StatusCode::OK);

    // The owner still logs in, by any case of the name.
    for name in ["admin", "ADMIN"] {
        let (status, body) = other
            .post("/api/login", json!({ "name": name, "password": "correct horse" }))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["user"]["name"], "admin");
    }
}
on_both!(look_alikes, look_alike_names_are_refused);

async fn older_accounts_stay_loginable(engine: Engine) {
    let s = server(engine).await;
    s.account("Model").await;
    let hash: String = sqlx::query("SELECT password_hash FROM users WHERE name_key = 'model'")
        .fetch_one(&s.state.db.pool)
        .await
        .unwrap()
        .get("password_hash");
    // Rows as the first schema wrote them, two of them look-alikes.
    for (i, name) in ["ＷＩＤＥ", "Paul", "Раul"].into_iter().enumerate() {
        first_schema_user(&s.state.db.pool, &format!("legacy{i}"), name, &hash, i as i64).await;
    }
    let seen = tabula_server::db::backfill_names(&s.state.db.pool).await.unwrap();
    assert_eq!(seen, 3);
    let mut c = s.client().await;
    for (typed, shown) in [
        ("ＷＩＤＥ", "ＷＩＤＥ"),
        ("wide", "ＷＩＤＥ"),
        ("Paul", "Paul"),
        ("Раul", "Раul"),
    ] {
        let (status, body) = c
            .post("/api/login", json!({ "name": typed, "password": "correct horse" }))
            .await;
        assert_eq!(status, StatusCode::OK, "{typed}: {body}");
        assert_eq!(body["user"]["name"], shown);
    }
    // The older look-alike keeps the skeleton: no third one can register.
    let (status, _) = c
        .post("/api/register", json!({ "name": "PAUL", "password": "long enough" }))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(tabula_server::db::backfill_names(&s.state.db.pool).await.unwrap(), 1);
}
on_both!(older_accounts, older_accounts_stay_loginable);

async fn blank_and_common_passwords_are_refused(engine: Engine) {
    let s = server(engine).await;
    let mut c = s.client().await;
    for password in [
        "        ",
        "\t\t\t\t\t\t\t\t\t",
        " \u{a0}\u{3000}        ",
        "password1",
        "Password123",
        "  qwertyuiop  ",
        "ILOVEYOU1",
        "12345678",
    ] {
        let (status, body) = c
            .post("/api/register", json!({ "name": "Pat", "password": password }))
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{password:?}: {body}");
        let error = body["error"].as_str().unwrap();
        assert!(
            !error.contains(password.trim()) || password.trim().is_empty(),
            "{error}"
        );
    }
    let (status, _) = c
        .post("/api/register", json!({ "name": "Pat", "password": "a quiet Tuesday" }))
        .await;
    assert_eq!(status, StatusCode::CREATED);
}
on_both!(passwords, blank_and_common_passwords_are_refused);

async fn secure_cookies_when_asked(engine: Engine) {
    let plain = server(engine).await;
    let secure = TestServer::start(engine, |c| c.secure_cookies = true).await.unwrap();
    for (s, want) in [(&plain, false), (&secure, true)] {
        for path in ["/api/session", "/", "/login"] {
            let r = reqwest::get(format!("{}{path}", s.base)).await.unwrap();
            let cookie = r.headers()["set-cookie"].to_str().unwrap().to_string();
            let has = cookie.split(';').any(|a| a.trim().eq_ignore_ascii_case("secure"));
            assert_eq!(has, want, "{path}: {cookie}");
            assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"));
        }
    }
    // The cookies of log-in and log-out too.
    let r = reqwest::get(format!("{}/api/session", secure.base)).await.unwrap();
    let token = set_token(&r).unwrap();
    let csrf = r.json::<Value>().await.unwrap()["csrf"].as_str().unwrap().to_string();
    let r = reqwest::Client::new()
        .post(format!("{}/api/register", secure.base))
        .header("cookie", format!("tabula_session={token}"))
        .header("x-csrf-token", csrf)
        .json(&json!({ "name": "Sid", "password": "long enough" }))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::CREATED);
    assert!(r.headers()["set-cookie"].to_str().unwrap().contains("; Secure"));
}
on_both!(secure_cookies, secure_cookies_when_asked);

/// A database the first schema made, with its accounts and sessions, takes
/// migration 0002 on start and keeps every account and session working.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_first_schema_database_upgrades_in_place() {
    let dir = std::env::temp_dir().join(format!("tabula-upgrade-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("migrations")).unwrap();
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/migrations/0001_init.sql"),
        dir.join("migrations/0001_init.sql"),
    )
    .unwrap();
    let file = dir.join("old.db");
    sqlx::any::install_default_drivers();
    let url = format!("sqlite://{}?mode=rwc", file.display());
    let pool = sqlx::AnyPool::connect(&url).await.unwrap();
    sqlx::migrate::Migrator::new(dir.join("migrations"))
        .await
        .unwrap()
        .run(&pool)
        .await
        .unwrap();
    // What the first schema's code wrote: keys in lower case, look-alikes
    // apart, a session with a random token and csrf.
    let hash = {
        use argon2::password_hash::{PasswordHasher, SaltString};
        let salt = SaltString::encode_b64(&[1u8; 16]).unwrap();
        argon2::Argon2::default()
            .hash_password(b"correct horse", &salt)
            .unwrap()
            .to_string()
    };
    for (i, name) in ["admin", "аdmin", "ａｄｍｉｎ"].into_iter().enumerate() {
        first_schema_user(&pool, &format!("old{i}"), name, &hash, i as i64).await;
    }
    let (token, csrf) = ("ab".repeat(32), "cd".repeat(16));
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    sqlx::query("INSERT INTO sessions (token_hash, user_id, csrf, created, expires) VALUES ($1, 'old0', $2, $3, $4)")
        .bind(tabula_server::util::sha256_hex(&token))
        .bind(&csrf)
        .bind(now)
        .bind(now + 86_400)
        .execute(&pool)
        .await
        .unwrap();
    // Games and a leaderboard day as the first schema's code wrote them:
    // an unfinished daily grid, a finished game of tic-tac-toe.
    let day = "2026-11-30";
    let daily = tabula_diagonal::Record::daily(day.parse().unwrap()).to_json();
    for (id, kind, players, record, over, scores) in [
        ("g1", "daily", r#"["you","alphabeta:7"]"#, daily.as_str(), 0, (0, 0)),
        (
            "g2",
            "tictactoe",
            r#"["you","alphabeta:9"]"#,
            r#"{"moves":[0,3,1,4,2]}"#,
            1,
            (0, 0),
        ),
    ] {
        sqlx::query(
            "INSERT INTO games (id, session_hash, user_id, kind, day, players, record, over, score0, score1, ranked, created) \
             VALUES ($1, $2, 'old0', $3, $4, $5, $6, $7, $8, $9, 1, $10)",
        )
        .bind(id)
        .bind(tabula_server::util::sha256_hex(&token))
        .bind(kind)
        .bind((kind == "daily").then_some(day))
        .bind(players)
        .bind(record)
        .bind(over)
        .bind(scores.0)
        .bind(scores.1)
        .bind(now * 1000)
        .execute(&pool)
        .await
        .unwrap();
    }
    sqlx::query("INSERT INTO daily_days (user_id, day, first_game, restarted, counted, points, margin) VALUES ('old0', $1, 'g1', 0, 1, 7, 7)")
        .bind(day)
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;

    let s = TestServer::on_database(&file.display().to_string()).await;
    // Every game row and the leaderboard read as before.
    let daily: Value = get_with(&s, "/api/games/g1", &token).await.json().await.unwrap();
    assert_eq!(
        (daily["kind"].as_str(), daily["date"].as_str()),
        (Some("daily"), Some(day)),
        "{daily}"
    );
    assert_eq!(
        daily["legal"].as_array().map(Vec::len),
        Some(9),
        "the central cross: {daily}"
    );
    // The unfinished game of before plays on: its first move stores its
    // truth, and the same move again is stale.
    let first_move = || {
        post_with(
            &s,
            "/api/games/g1/actions",
            &token,
            &csrf,
            json!({ "action": "c3", "ply": 0 }),
        )
    };
    let (status, moved) = first_move().await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    assert_eq!(moved["moves"][0]["text"], "c3");
    assert_eq!(moved["moves"][1]["seat"], 1, "the daily computer answered");
    let truth: Option<String> = sqlx::query_scalar("SELECT truth FROM games WHERE id = 'g1'")
        .fetch_one(&s.state.db.pool)
        .await
        .unwrap();
    assert!(truth.is_some(), "the row is a table now");
    assert_eq!(first_move().await.0, StatusCode::CONFLICT, "a stale move is refused");
    let ttt: Value = get_with(&s, "/api/games/g2", &token).await.json().await.unwrap();
    assert_eq!(
        (ttt["over"].as_bool(), &ttt["result"]["winners"]),
        (Some(true), &json!([0])),
        "{ttt}"
    );
    let list: Value = get_with(&s, "/api/games", &token).await.json().await.unwrap();
    let games: Vec<(&str, &str)> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|g| (g["id"].as_str().unwrap(), g["game"].as_str().unwrap()))
        .collect();
    assert_eq!(games.len(), 2, "{list}");
    assert!(
        games.contains(&("g1", "diagonal")) && games.contains(&("g2", "tictactoe")),
        "{list}"
    );
    let board: Value = get_with(&s, &format!("/api/leaderboard?date={day}"), &token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(board["entries"][0]["points"], 7, "{board}");
    let r = get_with(&s, "/api/session", &token).await;
    assert!(r.headers().get("set-cookie").is_none(), "the old session is still good");
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["user"]["name"], "admin");
    assert_eq!(body["csrf"], csrf.as_str());
    for (typed, shown) in [
        ("admin", "admin"),
        ("аdmin", "аdmin"),
        ("ａｄｍｉｎ", "ａｄｍｉｎ"),
        ("ADMIN", "admin"),
    ] {
        let mut c = s.client().await;
        let (status, body) = c
            .post("/api/login", json!({ "name": typed, "password": "correct horse" }))
            .await;
        assert_eq!(status, StatusCode::OK, "{typed}: {body}");
        assert_eq!(body["user"]["name"], shown, "{typed} logs in as {shown}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every path under `/api` that names no endpoint answers a JSON 404, like
/// every other API error (never the pages' HTML).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_api_paths_answer_a_json_404() {
    let s = server(Engine::Sqlite).await;
    let mut c = s.client().await;
    for path in ["/api", "/api/", "/api/nope", "/api/games/x/nope", "/api//"] {
        let r = c.http.get(format!("{}{path}", s.base)).send().await.unwrap();
        assert_eq!(r.status(), StatusCode::NOT_FOUND, "{path}");
        let kind = r.headers()["content-type"].to_str().unwrap().to_string();
        assert!(kind.starts_with("application/json"), "{path}: {kind}");
        let body: Value = r.json().await.unwrap();
        assert!(
            body["error"].as_str().unwrap().contains("no such API endpoint"),
            "{path}: {body}"
        );
    }
    let (status, body) = c.post("/api/nope", json!({})).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert!(body["error"].is_string(), "{body}");
}

/// A game that is not there (or not the session's) is a JSON 404 that
/// does not write the requested id back, for a read, a move, a hint.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_missing_game_is_a_404_that_does_not_echo_its_id() {
    let s = server(Engine::Sqlite).await;
    let mut c = s.client().await;
    let id = "zz<img onerror=alert(1)>";
    let (status, body) = c.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    for (path, sent) in [
        ("actions", json!({"choice": 0, "ply": 0})),
        ("hint", json!({})),
        ("undo", json!({"ply": 0})),
    ] {
        let (status, reply) = c.post(&format!("/api/games/{id}/{path}"), sent).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}: {reply}");
        assert!(!reply.to_string().contains("onerror"), "{path}: {reply}");
    }
    assert!(!body.to_string().contains("onerror"), "{body}");
    assert!(body["error"].as_str().unwrap().contains("no such game"), "{body}");
}

/// A body that names a key twice is refused (parsers disagree on which
/// counts), and no error quotes what the body held.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bodies_with_a_key_twice_are_refused_and_errors_quote_no_value() {
    let s = server(Engine::Sqlite).await;
    let c = s.client().await;
    let (status, body) = c
        .post_raw(
            "/api/register",
            r#"{"name":"ann","name":"bob","password":"correct horse"}"#,
            "application/json",
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body["error"].as_str().unwrap().contains("twice"), "{body}");
    let (status, body) = c
        .post_raw(
            "/api/games",
            r#"{"game":"tictactoe","options":{},"options":{"x":1}}"#,
            "application/json",
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    for (raw, secret) in [
        (r#"{"name":"ann","password":31415926}"#, "31415926"),
        (r#"{"name":27182818,"password":"correct horse"}"#, "27182818"),
        (r#"{"name":"ann","passwrd":"hunter22"}"#, "passwrd"),
    ] {
        let (status, body) = c.post_raw("/api/register", raw, "application/json").await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{raw}: {body}");
        let error = body["error"].as_str().unwrap();
        assert!(!error.contains(secret), "{error} quotes {secret}");
    }
    let (status, body) = c.post_raw("/api/register", "{}", "text/plain").await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{body}");
    assert_eq!(s.session_rows().await, 0, "nothing was written");
}

/// A game's data reads `Accept-Encoding` by its weights and case, and is
/// revalidated by its tag rather than cached for a day (a restart with
/// other tables changes an index).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn data_is_revalidated_and_gzip_is_sent_only_where_wanted() {
    let s = server(Engine::Sqlite).await;
    let http = reqwest::Client::builder().no_gzip().build().unwrap();
    let url = format!("{}/api/data/abalone/tb/index", s.base);
    for (accept, gzip) in [
        ("gzip", true),
        ("GZIP", true),
        ("br, gzip;q=0.5", true),
        ("gzip;q=0", false),
        ("gzip; q=0.0, identity", false),
        ("*", true),
        ("*;q=0", false),
        ("identity", false),
    ] {
        let r = http.get(&url).header("accept-encoding", accept).send().await.unwrap();
        assert_eq!(r.status(), StatusCode::OK, "{accept}");
        let coded = r
            .headers()
            .get("content-encoding")
            .map(|v| v.to_str().unwrap().to_string());
        assert_eq!(coded.as_deref() == Some("gzip"), gzip, "{accept}: {coded:?}");
    }
    let r = http.get(&url).send().await.unwrap();
    assert_eq!(r.headers()["cache-control"], "no-cache");
    let tag = r.headers()["etag"].to_str().unwrap().to_string();
    let again = http.get(&url).header("if-none-match", &tag).send().await.unwrap();
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    let other = http
        .get(&url)
        .header("if-none-match", "\"other\"")
        .send()
        .await
        .unwrap();
    assert_eq!(other.status(), StatusCode::OK);
}

/// A computer whose search cannot finish before the deadline still moves:
/// at the deadline the search answers its best move so far (Nim's
/// `minimax` on these heaps never finishes; it answered 500 for ever).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_search_past_its_deadline_moves_and_the_table_goes_on() {
    let s = TestServer::start(Engine::Sqlite, |c| {
        c.computer_deadline = std::time::Duration::from_millis(300)
    })
    .await
    .unwrap();
    let mut c = s.client().await;
    let game = c
        .new_game(json!({"game": "nim", "options": {"heaps": [4, 5, 6, 7]}, "seats": ["human", {"ai": "minimax"}]}))
        .await;
    let id = game["id"].as_str().unwrap();
    let mut ply = 0;
    for _ in 0..3 {
        let (_, now) = c.get(&format!("/api/games/{id}")).await;
        if now["over"] == true {
            break;
        }
        let action = now["legal"][0]["label"].as_str().unwrap().to_string();
        let start = Instant::now();
        let (status, after) = c
            .post(
                &format!("/api/games/{id}/actions"),
                json!({"action": action, "ply": now["ply"]}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{after}");
        assert!(start.elapsed() < std::time::Duration::from_secs(30));
        assert!(
            after["ply"].as_u64().unwrap() >= now["ply"].as_u64().unwrap() + 2 || after["over"] == true,
            "the computer moved: {after}"
        );
        assert_eq!(after["pending"], false, "{after}");
        ply = after["ply"].as_u64().unwrap();
    }
    assert!(ply >= 2);
}

/// No daily grid is served before its day: tomorrow's and the far
/// future's are 404, today's and the past's are served.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_daily_grid_is_served_before_its_day() {
    let s = server(Engine::Sqlite).await;
    let c = s.client().await;
    let today = s.state.clock.today();
    let tomorrow = tabula_diagonal::Date::from_days_since_epoch(today.days_since_epoch() + 1).unwrap();
    for future in [tomorrow.to_string(), "9999-12-31".to_string()] {
        let (status, body) = c.get(&format!("/api/daily/{future}")).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{future}: {body}");
        assert!(body["cells"].is_null(), "{body}");
    }
    for served in [today.to_string(), "2024-01-01".to_string()] {
        let (status, body) = c.get(&format!("/api/daily/{served}")).await;
        assert_eq!(status, StatusCode::OK, "{served}: {body}");
        assert!(body["cells"].is_array(), "{body}");
    }
}

/// Reads from `stream` until the server closes it (or answers and then
/// closes), within `bound`; answers what it sent.
async fn until_closed(stream: &mut tokio::net::TcpStream, bound: std::time::Duration) -> Option<String> {
    use tokio::io::AsyncReadExt;
    let mut got = Vec::new();
    let mut buf = [0u8; 1024];
    let read = async {
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => got.extend_from_slice(&buf[..n]),
            }
        }
    };
    tokio::time::timeout(bound, read).await.ok()?;
    Some(String::from_utf8_lossy(&got).into_owned())
}

/// Slow-loris: connections that never finish their headers are closed
/// after the header timeout, a body trickled in is cut off with 408, no
/// more than the cap are held open (one more is closed at once), and the
/// server answers a plain request throughout.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn half_requests_are_closed_and_connections_are_capped() {
    use tokio::io::AsyncWriteExt;
    let s = TestServer::start(Engine::Sqlite, |c| {
        c.header_timeout = std::time::Duration::from_secs(1);
        c.request_timeout = std::time::Duration::from_secs(2);
        c.max_connections = 24;
    })
    .await
    .unwrap();
    let addr = s.base.trim_start_matches("http://").to_string();
    let mut held = Vec::new();
    for _ in 0..20 {
        let mut c = tokio::net::TcpStream::connect(&addr).await.unwrap();
        c.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            .await
            .unwrap();
        held.push(c);
    }
    // A body promised and trickled, by a session that may post: the
    // request times out.
    let r = reqwest::get(format!("{}/api/session", s.base)).await.unwrap();
    let token = set_token(&r).expect("a session cookie");
    let csrf = r.json::<Value>().await.unwrap()["csrf"].as_str().unwrap().to_string();
    let mut trickle = tokio::net::TcpStream::connect(&addr).await.unwrap();
    let head = format!(
        "POST /api/games HTTP/1.1\r\nHost: x\r\nCookie: tabula_session={token}\r\nX-CSRF-Token: {csrf}\r\n\
         Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{{"
    );
    trickle.write_all(head.as_bytes()).await.unwrap();
    // The cap: these connections fill it, and the next ones are closed at once.
    let mut extra = Vec::new();
    for _ in 0..8 {
        extra.push(tokio::net::TcpStream::connect(&addr).await.unwrap());
    }
    let mut closed_at_once = 0;
    for c in &mut extra {
        if until_closed(c, std::time::Duration::from_millis(500)).await.is_some() {
            closed_at_once += 1;
        }
    }
    assert!(
        closed_at_once >= 5,
        "{closed_at_once} of 8 connections past the cap were closed at once"
    );
    let bound = std::time::Duration::from_secs(30);
    for c in &mut held {
        assert!(until_closed(c, bound).await.is_some(), "a half request stayed open");
    }
    let answer = until_closed(&mut trickle, bound)
        .await
        .expect("the trickled body stayed open");
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    let (status, health) = s.client().await.get("/api/health").await;
    assert_eq!(status, StatusCode::OK, "{health}");
}

/// One client cannot starve another: a client's moves are computed one at
/// a time (its sessions share its address's turn), so heavy moves sent
/// back to back by four sessions of one address hold one core, and a
/// person elsewhere is answered at once, while they still wait; and moves
/// are rate-limited per session.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn heavy_moves_of_one_client_leave_the_computer_to_the_others() {
    let s = TestServer::start(Engine::Sqlite, |c| {
        c.computer_deadline = std::time::Duration::from_secs(4);
        c.moves_per_minute = 5;
    })
    .await
    .unwrap();
    // Each attacker's computer searches until the deadline at every move.
    let heavy = json!({"game": "tictactoe", "seats": ["human", {"ai": "mcts:1000000000"}]});
    let mut attackers = Vec::new();
    for _ in 0..4 {
        let mut a = s.client_from("127.0.8.1").await;
        let game = a.new_game(heavy.clone()).await;
        attackers.push((a, game["id"].as_str().unwrap().to_string()));
    }
    let mut person = s.client_from("127.0.9.1").await;
    let game = person
        .new_game(json!({"game": "tictactoe", "seats": ["human", {"ai": "alphabeta"}]}))
        .await;
    let id = game["id"].as_str().unwrap().to_string();
    let done = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let mut flights = Vec::new();
    for (mut a, gid) in attackers {
        let done = done.clone();
        flights.push(tokio::spawn(async move {
            let (status, body) = a
                .post(&format!("/api/games/{gid}/actions"), json!({"action": "4", "ply": 0}))
                .await;
            done.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            (status, body)
        }));
    }
    // Wait until the attackers' first search runs (the server counts it).
    let started = Instant::now();
    while s.state.running.load(std::sync::atomic::Ordering::SeqCst) == 0 {
        assert!(
            started.elapsed() < std::time::Duration::from_secs(30),
            "no search started"
        );
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    let (status, answer) = person
        .post(&format!("/api/games/{id}/actions"), json!({"action": "4", "ply": 0}))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["ply"], 2, "the computer answered: {answer}");
    let finished = done.load(std::sync::atomic::Ordering::SeqCst);
    assert!(
        finished <= 1,
        "the person waited for {finished} of the attackers' moves"
    );
    for f in flights {
        let (status, body) = f.await.unwrap();
        assert!(
            status == StatusCode::OK || status == StatusCode::SERVICE_UNAVAILABLE,
            "{status}: {body}"
        );
    }
    // The rate limit: five moves a minute for this session.
    let mut quick = s.client_from("127.0.10.1").await;
    let game = quick
        .new_game(json!({"game": "nim", "options": {"heaps": [9, 9, 9, 9]}, "seats": ["human", {"ai": "random"}]}))
        .await;
    let gid = game["id"].as_str().unwrap().to_string();
    let mut statuses = Vec::new();
    for _ in 0..6 {
        let (_, now) = quick.get(&format!("/api/games/{gid}")).await;
        let action = now["legal"][0]["label"].as_str().unwrap_or("").to_string();
        let (status, _) = quick
            .post(
                &format!("/api/games/{gid}/actions"),
                json!({"action": action, "ply": now["ply"]}),
            )
            .await;
        statuses.push(status);
    }
    assert_eq!(statuses[..5], [StatusCode::OK; 5], "{statuses:?}");
    assert_eq!(statuses[5], StatusCode::TOO_MANY_REQUESTS, "{statuses:?}");
}

/// The document the web API is described in.
const WEB_API: &str = include_str!("../../../docs/web-api.md");

/// docs/web-api.md cannot drift from the server: every request its tables
/// name (`GET /api/…`, `POST /api/… {body}`) is read out of the document,
/// its placeholders filled with real values, and sent; each is an endpoint
/// the server has (a JSON answer, never the unknown-endpoint 404 or a 405),
/// and each example given as whole JSON — the `kind` requests, the lab's
/// board — is accepted.
async fn every_request_the_document_names_is_served(engine: Engine) {
    let s = TestServer::start(engine, |c| c.games_per_minute = 0).await.unwrap();
    let mut c = s.account("Doc").await;
    let today = s.config.clock.today().to_string();
    let game = c.new_game(json!({ "kind": "tictactoe" })).await;
    let id = game["id"].as_str().unwrap().to_string();
    let (_, dealt) = c.post("/api/games/local/seed", json!({})).await;
    let ticket = dealt["ticket"].as_str().unwrap().to_string();

    // Every request the document writes in backticks (`GET /api/stats`,
    // `POST /api/games {"game", …}`), its body the snippet itself or the
    // next one of a table's first cell; every `kind` body of a table's
    // first cell.
    let mut requests: Vec<(String, String, Option<String>)> = Vec::new();
    let mut examples: Vec<Value> = Vec::new();
    for line in WEB_API.lines() {
        let first_cell = line.strip_prefix("| ").and_then(|l| l.split(" | ").next());
        let snippets: Vec<&str> = line.split('`').skip(1).step_by(2).collect();
        for (k, snippet) in snippets.iter().enumerate() {
            let Some((method, rest)) = snippet.split_once(' ').filter(|(m, _)| ["GET", "POST"].contains(m)) else {
                continue;
            };
            let (path, body) = match rest.split_once(' ') {
                Some((path, body)) => (path, Some(body.to_string())),
                None => {
                    let next = snippets.get(k + 1).filter(|b| b.starts_with('{'));
                    let in_cell = first_cell.is_some_and(|c| next.is_some_and(|b| c.contains(&format!("`{b}`"))));
                    (rest, next.filter(|_| in_cell).map(|b| b.to_string()))
                }
            };
            requests.push((method.to_string(), path.to_string(), body));
        }
        if let Some(cell) = first_cell.filter(|c| c.starts_with("`{")) {
            for snippet in cell.split('`').skip(1).step_by(2) {
                examples.push(serde_json::from_str(snippet).unwrap_or_else(|e| panic!("{snippet}: {e}")));
            }
        }
    }
    requests.sort();
    requests.dedup();
    assert!(requests.len() >= 25 && examples.len() >= 5, "{requests:?} {examples:?}");
    let (_, wasm) = c.get("/api/wasm").await;
    // Logging out ends the session the others use: last.
    requests.sort_by_key(|(_, path, _)| path == "/api/logout");

    for (method, path, body) in &requests {
        let path = path
            .replace("{id}", &id)
            .replace("{date}", &today)
            .replace("YYYY-MM-DD", &today)
            .replace("{game}", "abalone")
            .replace("{key}", "tb/index")
            .replace("{ply}", "0")
            .replace("ticket=T", &format!("ticket={ticket}"))
            .replace("options=…", "options=%7B%7D");
        if path.contains("<hash>") {
            // The browser module's address, when this build has one.
            let Some(js) = wasm["js"].as_str() else { continue };
            let (status, _) = (c.http.get(format!("{}{js}", s.base)).send().await.unwrap().status(), ());
            assert_eq!(status, StatusCode::OK, "{path} as {js}");
            continue;
        }
        if !path.starts_with("/api/") {
            let r = c.http.get(format!("{}{path}", s.base)).send().await.unwrap();
            assert_eq!(r.status(), StatusCode::OK, "{path}");
            continue;
        }
        assert!(!path.contains(['{', '…', '<']), "an unfilled placeholder in {path}");
        let whole = body.as_deref().and_then(|b| serde_json::from_str::<Value>(b).ok());
        let (status, answer) = match method.as_str() {
            "GET" => c.get(&path).await,
            _ => c.post(&path, whole.clone().unwrap_or(json!({}))).await,
        };
        let unknown = answer["error"]
            .as_str()
            .is_some_and(|e| e.contains("no such API endpoint"));
        assert!(
            !unknown && status != StatusCode::METHOD_NOT_ALLOWED && !answer.is_null(),
            "{method} {path}: {status} {answer}"
        );
        if whole.is_some() || path.contains("board=") {
            assert!(status.is_success(), "{method} {path}: {status} {answer}");
        }
    }
    for example in examples {
        let (status, answer) = c.post("/api/games", example.clone()).await;
        assert_eq!(status, StatusCode::CREATED, "{example}: {answer}");
    }
}
on_both!(documented_requests, every_request_the_document_names_is_served);
