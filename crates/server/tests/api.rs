//! The web API end to end over HTTP, on SQLite and on PostgreSQL: accounts,
//! CSRF, rate limits, every error path of the games API, free play, the lab
//! and the review (the daily grid's rules are in `daily.rs`).

use crate::common;

use common::{Engine, TestServer};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::Row;
use tabula_diagonal::DailyGrid;

async fn server(engine: Engine) -> TestServer {
    TestServer::start(engine, |_| {}).await.expect("a server")
}

async fn health_and_unknown_routes(engine: Engine) {
    let s = server(engine).await;
    let c = s.client().await;
    let (status, body) = c.get("/api/health").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["status"], "ok");
    let (status, body) = c.get("/api/nothing/here").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(body["error"].is_string());
    let r = c.http.get(format!("{}/no-such-page", s.base)).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    // Pages: HTML with the layout, and the security headers.
    let r = c.http.get(format!("{}/daily", s.base)).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let csp = r.headers()["content-security-policy"].to_str().unwrap().to_string();
    assert!(
        csp.contains("default-src 'self'") && csp.contains("frame-ancestors 'none'"),
        "{csp}"
    );
    assert_eq!(r.headers()["x-content-type-options"], "nosniff");
    let html = r.text().await.unwrap();
    assert!(
        html.contains("/assets/js/daily.js") && !html.contains("{{"),
        "the layout is filled in"
    );
    let r = c
        .http
        .get(format!("{}/assets/js/common.js", s.base))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert!(
        r.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/javascript")
    );
    // Every script and style sheet in the assets folder (a new renderer
    // and its style sheet included) is served as it is on disk, with no
    // list kept by hand.
    let assets = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    let mut scripts = vec![assets.join("js"), assets.join("js/render")];
    let mut served = 0;
    while let Some(dir) = scripts.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let file = entry.path();
            if file.extension().is_none_or(|e| e != "js" && e != "css") {
                continue;
            }
            let path = file.strip_prefix(&assets).unwrap().to_string_lossy().replace('\\', "/");
            let r = c.http.get(format!("{}/assets/{path}", s.base)).send().await.unwrap();
            assert_eq!(r.status(), StatusCode::OK, "{path}");
            assert_eq!(
                r.text().await.unwrap(),
                std::fs::read_to_string(&file).unwrap(),
                "{path}"
            );
            served += 1;
        }
    }
    assert!(served >= 28, "{served} scripts");
    let r = c
        .http
        .get(format!("{}/assets/js/../../Cargo.toml", s.base))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
}
on_both!(health, health_and_unknown_routes);

async fn session_cookie_and_csrf(engine: Engine) {
    let s = server(engine).await;
    // The cookie is HttpOnly and SameSite=Strict.
    let r = reqwest::get(format!("{}/api/session", s.base)).await.unwrap();
    let cookie_header = r.headers().get("set-cookie").cloned();
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["today"], s.config.clock.today().to_string());
    assert_eq!(body["user"], Value::Null);
    let r = reqwest::get(format!("{}/api/session", s.base)).await.unwrap();
    assert!(cookie_header.is_some());
    let cookie = r.headers().get("set-cookie").unwrap().to_str().unwrap().to_string();
    assert!(cookie.starts_with("tabula_session="), "{cookie}");
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"),
        "{cookie}"
    );

    // A POST without a session, without a token or with a wrong one: 403.
    let bare = reqwest::Client::new();
    let r = bare
        .post(format!("{}/api/games", s.base))
        .json(&json!({ "kind": "tictactoe" }))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    let mut c = s.client().await;
    let good = c.csrf.clone();
    c.csrf = String::new();
    let (status, body) = c.post("/api/games", json!({ "kind": "tictactoe" })).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    c.csrf = "0".repeat(32);
    let (status, _) = c.post("/api/games", json!({ "kind": "tictactoe" })).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (_, games) = c.get("/api/games").await;
    assert_eq!(games, json!([]), "refused requests made nothing");
    c.csrf = good;
    let (status, _) = c.post("/api/games", json!({ "kind": "tictactoe" })).await;
    assert_eq!(status, StatusCode::CREATED);
}
on_both!(csrf, session_cookie_and_csrf);

async fn accounts(engine: Engine) {
    let s = server(engine).await;
    let mut c = s.client().await;
    for (body, why) in [
        (json!({ "name": "", "password": "long enough" }), "empty name"),
        (
            json!({ "name": "a".repeat(25), "password": "long enough" }),
            "long name",
        ),
        (
            json!({ "name": "bad<name>", "password": "long enough" }),
            "odd characters",
        ),
        (json!({ "name": "Ann", "password": "short" }), "short password"),
        (json!({ "name": "Ann" }), "no password"),
        (
            json!({ "name": "Ann", "password": "long enough", "admin": true }),
            "unknown field",
        ),
    ] {
        let (status, body) = c.post("/api/register", body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{why}: {body}");
        assert!(body["error"].is_string());
    }
    let (status, body) = c
        .post("/api/register", json!({ "name": "Ann", "password": "long enough" }))
        .await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(body["user"]["name"], "Ann");
    assert_eq!(body["user"]["pace"], "measured");
    // The password is stored as an argon2id hash.
    let row = sqlx::query("SELECT password_hash FROM users WHERE name_key = 'ann'")
        .fetch_one(&s.state.db.pool)
        .await
        .unwrap();
    assert!(row.get::<String, _>("password_hash").starts_with("$argon2id$"));

    let mut other = s.client().await;
    let (status, _) = other
        .post("/api/register", json!({ "name": "ANN", "password": "long enough" }))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "names are unique whatever their case");
    let (status, _) = other
        .post("/api/login", json!({ "name": "Ann", "password": "wrong password" }))
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = other
        .post("/api/login", json!({ "name": "Nobody", "password": "long enough" }))
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, body) = other
        .post("/api/login", json!({ "name": "ann", "password": "long enough" }))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["user"]["name"], "Ann");

    // Account settings.
    let (status, body) = c
        .post("/api/account", json!({ "pace": "brisk", "name": "Annie" }))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["user"], json!({ "name": "Annie", "pace": "brisk" }));
    let (status, _) = c.post("/api/account", json!({ "pace": "sleepy" })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (_, session) = c.get("/api/session").await;
    assert_eq!(session["user"]["pace"], "brisk", "a refused change changes nothing");
    let (status, body) = c.post("/api/account", json!({ "pace": "instant" })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["user"]["pace"], "instant",
        "no wait before a computer's move is a pace too"
    );

    // Log out: a guest again, and guests have no account settings.
    let (status, body) = c.post("/api/logout", json!({})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["user"], Value::Null);
    let (status, _) = c.post("/api/account", json!({ "pace": "calm" })).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = c.get("/api/stats").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}
on_both!(accounts_work, accounts);

async fn rate_limits(engine: Engine) {
    let s = TestServer::start(engine, |c| {
        c.login_per_minute = 3;
        c.games_per_minute = 2;
    })
    .await
    .unwrap();
    let mut c = s.client().await;
    for _ in 0..3 {
        let (status, _) = c
            .post("/api/login", json!({ "name": "Zed", "password": "whatever1" }))
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    let r = c
        .http
        .post(format!("{}/api/login", s.base))
        .header("x-csrf-token", &c.csrf)
        .json(&json!({ "name": "Zed", "password": "whatever1" }))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(r.headers().get("retry-after").is_some());
    let body: Value = r.json().await.unwrap();
    assert!(body["error"].as_str().unwrap().contains("too many"));

    let mut g = s.client().await;
    for _ in 0..2 {
        g.new_game(json!({ "kind": "tictactoe" })).await;
    }
    let (status, _) = g.post("/api/games", json!({ "kind": "tictactoe" })).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    let (_, games) = g.get("/api/games").await;
    assert_eq!(games.as_array().unwrap().len(), 2, "the refused game was not made");
}
on_both!(limits, rate_limits);

async fn game_errors_change_nothing(engine: Engine) {
    let s = server(engine).await;
    let mut c = s.client().await;
    for (body, status) in [
        (json!({ "kind": "chess" }), StatusCode::BAD_REQUEST),
        (json!({ "kind": "free", "size": 4 }), StatusCode::BAD_REQUEST),
        (json!({ "kind": "free", "size": 11 }), StatusCode::BAD_REQUEST),
        (
            json!({ "kind": "free", "opponent": "alphabeta:12" }),
            StatusCode::BAD_REQUEST,
        ),
        (json!({ "kind": "free", "seed": "-3" }), StatusCode::BAD_REQUEST),
        (json!({ "kind": "watch", "a": "you" }), StatusCode::BAD_REQUEST),
        (
            json!({ "kind": "daily", "date": "2026-02-30" }),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({ "kind": "daily", "date": "9999-01-01" }),
            StatusCode::BAD_REQUEST,
        ),
    ] {
        let (got, body) = c.post("/api/games", body.clone()).await;
        assert_eq!(got, status, "{body}");
        assert!(body["error"].is_string());
    }
    let (status, _) = c.post_raw("/api/games", "{\"kind\":", "application/json").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = c.post_raw("/api/games", "{\"kind\":\"daily\"}", "text/plain").await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let (_, games) = c.get("/api/games").await;
    assert_eq!(games, json!([]));

    let game = c
        .new_game(json!({ "kind": "free", "seed": "42", "opponent": "greedy" }))
        .await;
    let id = game["id"].as_str().unwrap().to_string();
    let path = format!("/api/games/{id}/actions");
    for (body, status) in [
        (json!({ "action": "a1" }), StatusCode::UNPROCESSABLE_ENTITY),
        (json!({ "action": "z9" }), StatusCode::UNPROCESSABLE_ENTITY),
        (json!({ "action": 3 }), StatusCode::UNPROCESSABLE_ENTITY),
        (json!({ "cell": "c3" }), StatusCode::UNPROCESSABLE_ENTITY),
    ] {
        let (got, body) = c.post(&path, body.clone()).await;
        // Serde's type errors are 422 in axum; rule errors are 422 too.
        assert!(got == status || got == StatusCode::BAD_REQUEST, "{got} {body}");
        assert!(body["error"].is_string(), "{body}");
    }
    let (status, _) = c.post_raw(&path, "not json", "application/json").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (_, now) = c.get(&format!("/api/games/{id}")).await;
    assert_eq!(now, game, "refused moves changed nothing");

    // Another browser cannot see or play this game.
    let mut stranger = s.client().await;
    let (status, _) = stranger.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = stranger.post(&path, json!({ "action": "c3" })).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = c
        .post("/api/games/nonexistent/actions", json!({ "action": "c3" }))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // The review waits for the end; a finished game refuses moves.
    let (status, _) = c.get(&format!("/api/games/{id}/review")).await;
    assert_eq!(status, StatusCode::CONFLICT);
    let end = c.play_out(game).await;
    let (status, body) = c.post(&path, json!({ "action": "c3" })).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let (_, after) = c.get(&format!("/api/games/{id}")).await;
    assert_eq!(after, end);
}
on_both!(game_errors, game_errors_change_nothing);

/// The label of the first legal move of an answer.
fn first_label(answer: &Value) -> &str {
    answer["legal"][0]["label"].as_str().unwrap()
}

async fn free_play_watch_and_tictactoe(engine: Engine) {
    let s = server(engine).await;
    let mut c = s.client().await;
    let game = c
        .new_game(json!({ "kind": "free", "size": 7, "walls": true, "target": true, "traps": false, "seed": 9, "opponent": "alphabeta:3" }))
        .await;
    let v = &game["view"];
    assert_eq!((v["size"].as_u64(), v["walls"].as_bool()), (Some(7), Some(true)));
    assert!(v["target"].as_i64().unwrap() > 0);
    assert!(
        v["values"].as_array().unwrap().iter().all(|v| v.as_i64().unwrap() > 0),
        "no traps: {v}"
    );
    let id = game["id"].as_str().unwrap().to_string();
    let first = game["legal"][0]["label"].as_str().unwrap().to_string();
    let after = c.play(&id, &first).await;
    assert_eq!(after["moves"][0]["seat"], 0);
    assert_eq!(after["moves"][1]["seat"], 1, "the computer answered");
    // Under way, the game has no review yet (its hidden parts, in a card
    // game, are still secret).
    let (status, body) = c.get(&format!("/api/games/{id}/review/0")).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let end = c.play_out(after).await;
    assert!(end["view"]["end"].is_string());
    assert_eq!(end["result"]["points"], Value::Null, "free games have no points");
    crate::review::a_finished_game_is_reviewed(&s, &mut c, &id, first_label(&game), &end).await;

    // Watching: the computers play one move a request, to the end.
    let mut watch = c
        .new_game(json!({ "kind": "watch", "seed": "5", "a": "alphabeta:2", "b": "greedy" }))
        .await;
    let players: Vec<&str> = watch["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["player"].as_str().unwrap())
        .collect();
    assert_eq!(players, ["alphabeta:2", "greedy"]);
    let wid = watch["id"].as_str().unwrap().to_string();
    while watch["over"] != true {
        let ply = watch["ply"].as_u64().unwrap();
        let (status, next) = c
            .post(&format!("/api/games/{wid}/actions"), json!({ "ply": ply }))
            .await;
        assert_eq!(status, StatusCode::OK, "{next}");
        assert_eq!(next["ply"].as_u64(), Some(ply + 1), "one move a request");
        watch = next;
    }
    assert_eq!(watch["moves"].as_array().unwrap().len(), 25);
    let (status, _) = c
        .post(
            &format!("/api/games/{}/actions", watch["id"].as_str().unwrap()),
            json!({ "action": "c3" }),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);

    // Tic-tac-toe against the perfect computer: never a win for X.
    let mut t = c.new_game(json!({ "kind": "tictactoe" })).await;
    let tid = t["id"].as_str().unwrap().to_string();
    let (status, _) = c
        .post(&format!("/api/games/{tid}/actions"), json!({ "action": "d4" }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    while !t["over"].as_bool().unwrap() {
        let square = t["legal"][0]["label"].as_str().unwrap().to_string();
        t = c.play(&tid, &square).await;
    }
    assert_ne!(t["result"]["winners"], json!([0]), "never a win for X");
    let (_, list) = c.get("/api/games").await;
    let kinds: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["tictactoe", "watch", "free"], "newest first");
}
on_both!(free_play, free_play_watch_and_tictactoe);

async fn daily_grid_lab_and_review(engine: Engine) {
    let s = server(engine).await;
    let mut c = s.client().await;
    let (status, grid) = c.get("/api/daily/2026-11-30").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        grid,
        serde_json::to_value(DailyGrid::of("2026-11-30".parse().unwrap())).unwrap()
    );
    let (status, _) = c.get("/api/daily/2026-13-01").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    let (status, lab) = c.get("/api/lab/tictactoe?board=xx.oo....").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(lab["values"][2], 1);
    assert_eq!(lab["mcts"].as_array().unwrap().len(), 3);
    assert_eq!(
        lab["pruned"].as_u64().unwrap(),
        lab["minimax_nodes"].as_u64().unwrap() - lab["alphabeta_nodes"].as_u64().unwrap()
    );
    let (status, body) = c.get("/api/lab/tictactoe?board=xxxxx").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");

    let game = c
        .new_game(json!({ "kind": "free", "size": 3, "seed": "1", "opponent": "greedy" }))
        .await;
    let end = c.play_out(game).await;
    let (status, review) = c
        .get(&format!("/api/games/{}/review", end["id"].as_str().unwrap()))
        .await;
    assert_eq!(status, StatusCode::OK, "{review}");
    let human_turns = end["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["seat"] == 0)
        .count();
    let entries = review["entries"].as_array().unwrap();
    assert_eq!(entries.len(), human_turns);
    for e in entries {
        assert!(e["best_value"].as_f64().unwrap() >= e["played_value"].as_f64().unwrap());
    }
}
on_both!(grid_lab_review, daily_grid_lab_and_review);

async fn guest_games_follow_into_the_account(engine: Engine) {
    let s = server(engine).await;
    let mut c = s.client().await;
    let free = c.new_game(json!({ "kind": "tictactoe" })).await;
    let daily = c.new_game(json!({ "kind": "daily" })).await;
    let cell = daily["legal"][0]["label"].as_str().unwrap().to_string();
    c.play(daily["id"].as_str().unwrap(), &cell).await;
    let (status, _) = c
        .post("/api/register", json!({ "name": "Dee", "password": "long enough" }))
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let (_, list) = c.get("/api/games").await;
    let ids: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
        [free["id"].as_str().unwrap()],
        "free games follow; the guest's daily game stays the guest's"
    );
    // But it was this browser's attempt at the day: the account's next
    // game of the day replays the same computer, so it is a restart.
    let g = c.new_game(json!({ "kind": "daily" })).await;
    assert_eq!(
        (g["ranked"].as_bool(), g["restarted"].as_bool()),
        (Some(false), Some(true))
    );
}
on_both!(guest_games, guest_games_follow_into_the_account);

async fn two_instances_share_one_database(engine: Engine) {
    let a = server(engine).await;
    let b = a.alongside().await;
    let mut on_a = a.account("Eve").await;
    let game = on_a.new_game(json!({ "kind": "daily" })).await;
    // The same account on the other instance sees and plays the same game.
    let mut on_b = b.client().await;
    let (status, _) = on_b
        .post("/api/login", json!({ "name": "Eve", "password": "correct horse" }))
        .await;
    assert_eq!(status, StatusCode::OK);
    let id = game["id"].as_str().unwrap();
    let (status, seen) = on_b.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(seen, game);
    let end = on_b.play_out(seen).await;
    let (_, board) = on_a.get("/api/leaderboard").await;
    assert_eq!(board["entries"][0]["points"], end["result"]["points"]);
    // A session made on one instance is good on the other.
    let mut cookie_jar_of_a = on_a;
    cookie_jar_of_a.base = b.base.clone();
    let (status, session) = cookie_jar_of_a.get("/api/session").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(session["user"]["name"], "Eve", "{session}");
}
on_both!(shared_database, two_instances_share_one_database);

/// The browser module: named by its content's hash, cached for good,
/// gzipped for a browser that takes it, under 2 MB gzipped. Required where
/// `TABULA_REQUIRE_WASM` is set (CI); skipped when this build has none.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_browser_module_is_served_under_its_content_address() {
    let s = server(Engine::Sqlite).await;
    let c = s.client().await;
    let (status, m) = c.get("/api/wasm").await;
    assert_eq!(status, StatusCode::OK);
    if m["available"] != true {
        assert!(
            std::env::var("TABULA_REQUIRE_WASM").is_err(),
            "TABULA_REQUIRE_WASM is set but the module was not built: {m}"
        );
        assert!(m["missing"].is_string(), "{m}");
        eprintln!("skipped: this build has no browser module ({})", m["missing"]);
        return;
    }
    assert!(m["bytes"]["wasm_gzip"].as_u64().unwrap() < 2_000_000, "{m}");
    for (key, kind) in [("wasm", "application/wasm"), ("js", "text/javascript; charset=utf-8")] {
        let path = m[key].as_str().unwrap();
        assert!(
            path.starts_with("/wasm/tabula-") && path.ends_with(&format!(".{key}")),
            "{path}"
        );
        let plain = reqwest::Client::builder().no_gzip().build().unwrap();
        for gzip in [false, true] {
            let mut r = plain.get(format!("{}{path}", s.base));
            if gzip {
                r = r.header("accept-encoding", "gzip");
            }
            let r = r.send().await.unwrap();
            assert_eq!(r.status(), StatusCode::OK);
            assert_eq!(r.headers()["content-type"], kind);
            assert_eq!(r.headers()["cache-control"], "public, max-age=31536000, immutable");
            assert_eq!(r.headers().get("content-encoding").is_some(), gzip);
            let bytes = r.bytes().await.unwrap().len() as u64;
            let expected = m["bytes"][if gzip { format!("{key}_gzip") } else { key.to_string() }]
                .as_u64()
                .unwrap();
            assert_eq!(bytes, expected, "{path} gzip {gzip}");
        }
    }
    // Another name (an old module's, or a made-up one) is not served.
    for other in ["/wasm/tabula-0123456789abcdef.wasm", "/wasm/..%2FCargo.toml", "/wasm/"] {
        let r = c.http.get(format!("{}{other}", s.base)).send().await.unwrap();
        assert_eq!(r.status(), StatusCode::NOT_FOUND, "{other}");
    }
    // Pages may compile it (and run it in a worker).
    let r = c.http.get(format!("{}/new", s.base)).send().await.unwrap();
    let csp = r.headers()["content-security-policy"].to_str().unwrap();
    assert!(
        csp.contains("'wasm-unsafe-eval'") && csp.contains("worker-src 'self'"),
        "{csp}"
    );
}
