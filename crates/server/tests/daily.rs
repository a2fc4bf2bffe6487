//! The daily grid over HTTP, on SQLite and on PostgreSQL: points, the
//! leaderboard and statistics, restarts, archives and streaks.

use crate::common;

use common::{Engine, TestServer};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::Row;
use tabula_diagonal::{Computer, DailyGrid, Record};

async fn server(engine: Engine) -> TestServer {
    TestServer::start(engine, |_| {}).await.expect("a server")
}

async fn daily_points_leaderboard_and_stats(engine: Engine) {
    let s = server(engine).await;
    let today = s.config.clock.today().to_string();
    let mut ann = s.account("Ann").await;
    let game = ann.new_game(json!({ "kind": "daily" })).await;
    assert_eq!(
        (game["date"].as_str(), game["ranked"].as_bool()),
        (Some(today.as_str()), Some(true))
    );
    let grid = DailyGrid::of(s.config.clock.today());
    let cells: Vec<i8> = grid.cells.iter().flatten().copied().collect();
    assert_eq!(game["view"]["values"], serde_json::json!(cells), "the day's grid");
    let end = ann.play_out(game).await;
    let margin = end["result"]["margin"].as_i64().unwrap();
    let points = margin.max(0);
    assert_eq!(end["result"]["points"], points);

    // The server's record replays, and every computer move is the daily computer's.
    let row = sqlx::query("SELECT record FROM games WHERE id = $1")
        .bind(end["id"].as_str().unwrap())
        .fetch_one(&s.state.db.pool)
        .await
        .unwrap();
    let record = Record::from_json(&row.get::<String, _>("record")).unwrap();
    record.check_computer(1, &mut Computer::daily()).unwrap();
    assert_eq!(
        record.replay().unwrap().1.scores()[0] - record.replay().unwrap().1.scores()[1],
        margin as i32
    );

    // The leaderboard of the day and of all time.
    let guest = s.client().await;
    let (_, board) = guest.get("/api/leaderboard").await;
    assert_eq!(board["date"], today);
    assert_eq!(
        board["entries"],
        json!([{ "rank": 1, "name": "Ann", "points": points, "margin": margin }])
    );
    let (_, all) = guest.get("/api/leaderboard?period=all").await;
    assert_eq!(
        all["entries"],
        json!([{ "rank": 1, "name": "Ann", "points": points, "days": 1 }])
    );
    for bad in [
        "?date=yesterday",
        "?period=week",
        "?colour=red",
        "?date=2026-11-30&period=all",
    ] {
        let (status, body) = guest.get(&format!("/api/leaderboard{bad}")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
        assert!(body["error"].is_string(), "{bad}: a JSON error");
    }
    let r = guest.http.delete(format!("{}/api/games", s.base)).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert!(r.json::<Value>().await.unwrap()["error"].is_string());

    // Playing the finished day again changes nothing on the leaderboard.
    let again = ann.new_game(json!({ "kind": "daily" })).await;
    assert_eq!(
        (again["ranked"].as_bool(), again["restarted"].as_bool()),
        (Some(false), Some(false))
    );
    let (_, board2) = guest.get("/api/leaderboard").await;
    assert_eq!(board2, board);

    let (status, stats) = ann.get("/api/stats").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(stats["games"], 1);
    assert_eq!(stats["streak"], 1);
    assert_eq!(stats["history"][0]["points"], points);
    assert_eq!(stats["mean_margin"].as_f64().unwrap(), margin as f64);

    // A guest may play the daily grid but never enters the leaderboard.
    let mut g = s.client().await;
    let gg = g.new_game(json!({ "kind": "daily" })).await;
    assert_eq!(gg["ranked"], false);
    g.play_out(gg).await;
    let (_, board3) = guest.get("/api/leaderboard").await;
    assert_eq!(board3["entries"].as_array().unwrap().len(), 1);
}
on_both!(daily_points, daily_points_leaderboard_and_stats);

async fn restart_takes_the_day_off_for_good(engine: Engine) {
    let s = server(engine).await;
    let mut bob = s.account("Bob").await;
    let first = bob.new_game(json!({ "kind": "daily" })).await;
    let cell = first["legal"][0]["label"].as_str().unwrap().to_string();
    bob.play(first["id"].as_str().unwrap(), &cell).await;
    let second = bob.new_game(json!({ "kind": "daily" })).await;
    assert_eq!(
        (second["ranked"].as_bool(), second["restarted"].as_bool()),
        (Some(false), Some(true))
    );
    let end = bob.play_out(second).await;
    assert_eq!(end["result"]["points"], Value::Null);
    // Even finishing the first game now does not bring the day back.
    let (_, first_now) = bob.get(&format!("/api/games/{}", first["id"].as_str().unwrap())).await;
    let first_end = bob.play_out(first_now).await;
    assert_eq!(first_end["restarted"], true);
    assert_eq!(first_end["result"]["points"], Value::Null);
    let (_, board) = bob.get("/api/leaderboard").await;
    assert_eq!(board["entries"], json!([]));
    let (_, all) = bob.get("/api/leaderboard?period=all").await;
    assert_eq!(all["entries"], json!([]));
    // Both games are in the statistics; no streak.
    let (_, stats) = bob.get("/api/stats").await;
    assert_eq!(stats["games"], 2);
    assert_eq!(stats["streak"], 0);
}
on_both!(restart, restart_takes_the_day_off_for_good);

async fn archives_and_streaks(engine: Engine) {
    let s = server(engine).await;
    let clock = s.config.clock.clone();
    let mut cat = s.account("Cat").await;
    // An archive day: statistics only.
    let yesterday = clock.today().previous().unwrap().to_string();
    let old = cat.new_game(json!({ "kind": "daily", "date": yesterday })).await;
    assert_eq!(old["ranked"], false);
    cat.play_out(old).await;
    let (_, board) = cat.get(&format!("/api/leaderboard?date={yesterday}")).await;
    assert_eq!(board["entries"], json!([]));
    let (_, stats) = cat.get("/api/stats").await;
    assert_eq!((stats["games"].as_u64(), stats["streak"].as_u64()), (Some(1), Some(0)));

    // Three days in a row, then a gap.
    for day in 0..3 {
        let g = cat.new_game(json!({ "kind": "daily" })).await;
        assert_eq!(g["ranked"], true, "day {day}");
        cat.play_out(g).await;
        let (_, stats) = cat.get("/api/stats").await;
        assert_eq!(stats["streak"], day + 1);
        clock.advance(86_400);
    }
    let (_, stats) = cat.get("/api/stats").await;
    assert_eq!(stats["streak"], 3, "today not yet played: the run up to yesterday");
    clock.advance(86_400);
    let (_, stats) = cat.get("/api/stats").await;
    assert_eq!(
        (stats["streak"].as_u64(), stats["best_streak"].as_u64()),
        (Some(0), Some(3))
    );
    let (_, all) = cat.get("/api/leaderboard?period=all").await;
    assert_eq!(all["entries"][0]["days"], 3);

    // A game begun on its day but finished the next day does not count.
    let late = cat.new_game(json!({ "kind": "daily" })).await;
    clock.advance(86_400);
    let end = cat.play_out(late).await;
    assert_eq!(end["result"]["points"], Value::Null);
}
on_both!(archives, archives_and_streaks);

async fn a_restarted_today_ends_the_streak(engine: Engine) {
    let s = server(engine).await;
    let clock = s.config.clock.clone();
    let mut fay = s.account("Fay").await;
    let g = fay.new_game(json!({ "kind": "daily" })).await;
    fay.play_out(g).await;
    clock.advance(86_400);
    let (_, stats) = fay.get("/api/stats").await;
    assert_eq!(stats["streak"], 1, "today not yet played");
    let first = fay.new_game(json!({ "kind": "daily" })).await;
    let cell = first["legal"][0]["label"].as_str().unwrap().to_string();
    fay.play(first["id"].as_str().unwrap(), &cell).await;
    let (_, stats) = fay.get("/api/stats").await;
    assert_eq!(stats["streak"], 1, "today begun, not finished");
    let again = fay.new_game(json!({ "kind": "daily" })).await;
    assert_eq!(again["restarted"], true);
    let (_, stats) = fay.get("/api/stats").await;
    assert_eq!(stats["streak"], 0, "a restarted today can no longer count");
    assert_eq!(stats["best_streak"], 1);
}
on_both!(restarted_today, a_restarted_today_ends_the_streak);

/// Rehearsing the day as a guest: the guest's game of the day is the
/// browser's attempt, so an account that registers or logs in from it
/// afterwards has the day played (its new game is a restart, and a first
/// game it had begun elsewhere no longer counts); a day already counted
/// stays counted, and a guest game of another day changes nothing.
async fn a_guest_game_of_the_day_is_the_browsers_attempt(engine: Engine) {
    let s = server(engine).await;
    let password = json!({ "name": "Gil", "password": "correct horse" });

    // A guest plays today's grid through, then registers from this browser.
    let mut browser = s.client().await;
    let rehearsal = browser.new_game(json!({ "kind": "daily" })).await;
    browser.play_out(rehearsal).await;
    assert_eq!(
        browser.post("/api/register", password.clone()).await.0,
        StatusCode::CREATED
    );
    let replay = browser.new_game(json!({ "kind": "daily" })).await;
    assert_eq!(
        (replay["ranked"].as_bool(), replay["restarted"].as_bool()),
        (Some(false), Some(true)),
        "{replay}"
    );
    let end = browser.play_out(replay).await;
    assert_eq!(end["result"]["points"], Value::Null);
    let (_, board) = browser.get("/api/leaderboard").await;
    assert_eq!(board["entries"], json!([]));

    // An account that began its ranked game elsewhere, then rehearses as a
    // guest on this browser and logs in here: the first game stops counting.
    let mut phone = s.account("Hal").await;
    let first = phone.new_game(json!({ "kind": "daily" })).await;
    assert_eq!(first["ranked"], true);
    let cell = first["legal"][0]["label"].as_str().unwrap().to_string();
    phone.play(first["id"].as_str().unwrap(), &cell).await;
    let mut laptop = s.client().await;
    let tried = laptop.new_game(json!({ "kind": "daily" })).await;
    laptop.play_out(tried).await;
    let hal = json!({ "name": "Hal", "password": "correct horse" });
    assert_eq!(laptop.post("/api/login", hal.clone()).await.0, StatusCode::OK);
    let (_, first_now) = phone
        .get(&format!("/api/games/{}", first["id"].as_str().unwrap()))
        .await;
    let first_end = phone.play_out(first_now).await;
    assert_eq!(first_end["restarted"], true, "{first_end}");
    assert_eq!(first_end["result"]["points"], Value::Null);

    // A day counted before the guest game stays counted.
    let mut ivy = s.account("Ivy").await;
    let g = ivy.new_game(json!({ "kind": "daily" })).await;
    let counted = ivy.play_out(g).await;
    let points = counted["result"]["points"].clone();
    assert!(points.is_i64(), "{counted}");
    let mut other = s.client().await;
    let g = other.new_game(json!({ "kind": "daily" })).await;
    other.play_out(g).await;
    let ivy_login = json!({ "name": "Ivy", "password": "correct horse" });
    assert_eq!(other.post("/api/login", ivy_login).await.0, StatusCode::OK);
    let (_, board) = other.get("/api/leaderboard").await;
    assert_eq!(board["entries"][0]["name"], "Ivy", "{board}");
    assert_eq!(board["entries"][0]["points"], points);

    // A guest game of an archive day does not touch today.
    let yesterday = s.config.clock.today().previous().unwrap().to_string();
    let mut archive = s.client().await;
    let g = archive.new_game(json!({ "kind": "daily", "date": yesterday })).await;
    archive.play_out(g).await;
    let jo = json!({ "name": "Jo", "password": "correct horse" });
    assert_eq!(archive.post("/api/register", jo).await.0, StatusCode::CREATED);
    let today = archive.new_game(json!({ "kind": "daily" })).await;
    assert_eq!(today["ranked"], true, "{today}");
}
on_both!(guest_rehearsal, a_guest_game_of_the_day_is_the_browsers_attempt);

/// No route serves a grid before its day: the generic table request and a
/// game saved from the browser are refused for a future `daily` option,
/// as the `kind` request is; today's grid is served.
async fn no_route_serves_a_future_grid(engine: Engine) {
    let s = server(engine).await;
    let mut c = s.client().await;
    let today = s.config.clock.today();
    let tomorrow = today.next().unwrap().to_string();
    let table = |day: &str| json!({ "game": "diagonal", "options": { "daily": day }, "seats": ["human", { "ai": "alphabeta:7" }] });
    for day in [tomorrow.as_str(), "9999-12-31"] {
        let (status, body) = c.post("/api/games", table(day)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(body["error"].as_str().unwrap().contains("not served before"), "{body}");
        let (status, _) = c.post("/api/games", json!({ "kind": "daily", "date": day })).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        let (status, body) = c
            .post(
                "/api/games/local",
                json!({ "game": "diagonal", "options": { "walls": false, "target": false, "size": 5, "traps": true, "daily": day },
                        "seats": ["human", { "ai": "greedy" }], "seed": "1", "actions": [] }),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    }
    let (_, listed) = c.get("/api/games").await;
    assert_eq!(listed, json!([]), "nothing was stored");
    let (status, body) = c.post("/api/games", table(&today.to_string())).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}
on_both!(future_grids, no_route_serves_a_future_grid);
