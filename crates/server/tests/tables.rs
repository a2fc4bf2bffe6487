//! Every registered game through the game-generic API, on SQLite and on
//! PostgreSQL: creation with options and seats, the person's moves, the
//! computers' under a deadline that really stops them, watch games, stale
//! requests, hidden information kept off every answer, games saved from the
//! browser, and answers that carry only the moves since the caller's ply.
//!
//! Long file: one binary for the generic tables API (each server test
//! binary links every game, so another file would cost CI a link).

use crate::common;

use std::time::{Duration, Instant};

use common::{Engine, TestServer};
use reqwest::StatusCode;
use serde_json::{Value, json};

/// The cheapest computer a game offers (random where it has one).
fn cheap_player(game: &str) -> String {
    let entry = tabula_registry::find(game).unwrap();
    let players = entry.players();
    match players.iter().find(|p| p.name == "random") {
        Some(p) => p.example.to_string(),
        None => players[0].example.to_string(),
    }
}

async fn every_game_plays_through_the_api(engine: Engine) {
    let s = TestServer::start(engine, |c| c.games_per_minute = 0).await.unwrap();
    let mut c = s.client().await;
    for entry in tabula_registry::games() {
        let name = entry.info().name;
        let seats = entry.open(&Value::Null).unwrap().seats();
        let mut seat_list = vec![json!("human")];
        seat_list.extend((1..seats).map(|_| json!({ "ai": cheap_player(name) })));
        let mut game = c.new_game(json!({ "game": name, "seats": seat_list })).await;
        let id = game["id"].as_str().unwrap().to_string();
        assert_eq!(game["game"], name);
        assert_eq!(game["kind"], "play");
        assert_eq!(game["you"], 0);
        assert_eq!(game["seats"].as_array().unwrap().len(), seats);
        assert!(
            game.get("truth").is_none() && game.get("seed").is_none(),
            "{name}: no truth"
        );
        // The person plays as the page does, a legal move by its index in
        // the answer's list (each move there the game's action with the
        // game's text for it); at most 80 requests.
        let driver = entry.open(&Value::Null).unwrap();
        for _ in 0..80 {
            if game["over"] == true {
                break;
            }
            assert_eq!(game["your_turn"], true, "{name}: {game}");
            assert_eq!(game["pending"], false, "{name}: the computers have moved");
            let legal = game["legal"].as_array().unwrap();
            assert!(!legal.is_empty(), "{name}: the person has a move");
            for m in legal {
                let text = driver
                    .action_text(&m["action"])
                    .expect("a legal move is the game's action");
                assert_eq!(m["label"], text, "{name}: labelled with the game's text");
            }
            let ply = game["ply"].as_u64().unwrap();
            let choice = ply as usize % legal.len();
            let (status, next) = c
                .post(
                    &format!("/api/games/{id}/actions"),
                    json!({ "choice": choice, "ply": ply }),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{name}: {next}");
            assert!(next["ply"].as_u64().unwrap() > ply, "{name}: the game moved on");
            assert_eq!(
                next["moves"][ply as usize]["text"], legal[choice]["label"],
                "{name}: the move chosen is the one played"
            );
            assert_eq!(
                next["moves"].as_array().unwrap().len() as u64,
                next["ply"].as_u64().unwrap()
            );
            game = next;
        }
        let (status, loaded) = c.get(&format!("/api/games/{id}")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(loaded, game, "{name}: a reload answers the same view");
        eprintln!("{name}: {} plies, over: {}", game["ply"], game["over"]);
        if game["over"] == true {
            let payoffs = game["result"]["payoffs"].as_array().unwrap();
            assert_eq!(payoffs.len(), seats, "{name}");
            assert!(game["legal"].as_array().unwrap().is_empty());
        }
    }
    let (_, list) = c.get("/api/games").await;
    let games: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|g| g["game"].as_str())
        .collect();
    for entry in tabula_registry::games() {
        assert!(games.contains(&entry.info().name), "{games:?}");
    }
}
on_both!(every_game, every_game_plays_through_the_api);

async fn bad_requests_change_nothing(engine: Engine) {
    let s = TestServer::start(engine, |_| {}).await.unwrap();
    let mut c = s.client().await;
    for (body, wanted) in [
        (json!({ "game": "Skyjo" }), "did you mean skyjo"),
        (json!({ "game": "chess" }), "unknown game"),
        (json!({ "game": "skyjo", "options": { "players": 1 } }), "skyjo"),
        (
            json!({ "game": "skyjo", "options": { "jokers": true } }),
            "unknown option",
        ),
        (json!({ "game": "skyjo", "seats": ["human"] }), "seats"),
        (json!({ "game": "skyjo", "seats": ["human", "human"] }), "one person"),
        (
            json!({ "game": "skyjo", "seats": ["human", { "ai": "bot:sh" }] }),
            "outside engine",
        ),
        (
            json!({ "game": "skyjo", "seats": ["human", { "ai": "chess:9" }] }),
            "chess",
        ),
        (
            json!({ "game": "skyjo", "options": { "players": 3 }, "seats": ["human", { "ai": "master" }, { "ai": "level:1" }] }),
            "solo table",
        ),
    ] {
        let (status, answer) = c.post("/api/games", body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
        let error = answer["error"].as_str().unwrap();
        assert!(error.contains(wanted), "{body}: {error}");
    }
    // The Master sits at a solo table.
    let game = c
        .new_game(json!({ "game": "skyjo", "seats": ["human", { "ai": "master" }] }))
        .await;
    let id = game["id"].as_str().unwrap();
    let ply = game["ply"].as_u64().unwrap();
    let legal = game["legal"][0]["label"].as_str().unwrap().to_string();
    // A long action is refused without coming back; an illegal one too.
    let long = "x".repeat(1 << 20);
    let (status, answer) = c
        .post(
            &format!("/api/games/{id}/actions"),
            json!({ "action": long, "ply": ply }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(answer.to_string().len() < 400, "the error quotes no megabyte");
    let (status, _) = c
        .post(
            &format!("/api/games/{id}/actions"),
            json!({ "action": "zz9", "ply": ply }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    // A choice is an index into the answer's list at its ply: without the
    // ply, past the list, not a whole number, or beside an action it is
    // refused with a JSON error that does not write the choice back, and
    // nothing is played.
    let moves = game["legal"].as_array().unwrap().len();
    for body in [
        json!({ "choice": 0 }),
        json!({ "choice": moves, "ply": ply }),
        json!({ "choice": 4_000_000_321_u64, "ply": ply }),
        json!({ "choice": -7_000_000_321_i64, "ply": ply }),
        json!({ "choice": 1.5, "ply": ply }),
        json!({ "choice": "<i>7000000321</i>", "ply": ply }),
        json!({ "choice": 0, "action": legal, "ply": ply }),
    ] {
        let (status, answer) = c.post(&format!("/api/games/{id}/actions"), body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
        let error = answer["error"].as_str().expect("a JSON error");
        assert!(
            !error.contains("000000321") && !error.contains("1.5"),
            "{body}: {error}"
        );
    }
    let (_, now) = c.get(&format!("/api/games/{id}")).await;
    assert_eq!(now["ply"], ply, "a refused choice plays nothing");
    // A stale request (a retry, a second tab) gets 409 and plays nothing.
    let (status, played) = c
        .post(
            &format!("/api/games/{id}/actions"),
            json!({ "action": legal, "ply": ply }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{played}");
    let (status, answer) = c
        .post(
            &format!("/api/games/{id}/actions"),
            json!({ "action": legal, "ply": ply }),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    let (_, now) = c.get(&format!("/api/games/{id}")).await;
    assert_eq!(now, played, "the stale request changed nothing");
    // Someone else's game does not exist for this session.
    let other = s.client().await;
    let (status, _) = other.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
on_both!(bad_requests, bad_requests_change_nothing);

async fn watch_games_move_one_computer_move_a_request(engine: Engine) {
    let s = TestServer::start(engine, |_| {}).await.unwrap();
    let mut c = s.client().await;
    let game = c
        .new_game(json!({ "game": "tictactoe", "seats": [{ "ai": "random" }, { "ai": "minimax" }] }))
        .await;
    assert_eq!(game["kind"], "watch");
    assert_eq!((game["ply"].as_u64(), game["pending"].as_bool()), (Some(0), Some(true)));
    let id = game["id"].as_str().unwrap().to_string();
    let mut ply = 0;
    let mut game = game;
    while game["over"] != true {
        let (status, next) = c.post(&format!("/api/games/{id}/actions"), json!({ "ply": ply })).await;
        assert_eq!(status, StatusCode::OK, "{next}");
        assert_eq!(next["ply"].as_u64().unwrap(), ply + 1, "one move a request");
        ply += 1;
        game = next;
    }
    assert!(game["result"]["winners"].is_array());
    let (status, _) = c.post(&format!("/api/games/{id}/actions"), json!({ "ply": ply })).await;
    assert_eq!(status, StatusCode::CONFLICT, "a finished game plays no more");
    // Skyjo with three computers: the cards the page draws come from seat
    // 0's observation, and the game moves a step at a time.
    let game = c
        .new_game(json!({ "game": "skyjo", "options": { "players": 3 }, "seats": [{ "ai": "level:1" }, { "ai": "level:1" }, { "ai": "random" }] }))
        .await;
    let id = game["id"].as_str().unwrap();
    let mut ply = 0;
    for _ in 0..10 {
        let (status, next) = c.post(&format!("/api/games/{id}/actions"), json!({ "ply": ply })).await;
        assert_eq!(status, StatusCode::OK, "{next}");
        assert!(next["ply"].as_u64().unwrap() > ply);
        ply = next["ply"].as_u64().unwrap();
    }
}
on_both!(watch_games, watch_games_move_one_computer_move_a_request);

/// Swapping two cards the person cannot see, in the server's truth, leaves
/// every answer byte-identical, in each card game.
async fn hidden_cards_never_reach_an_answer(engine: Engine) {
    // Seeded deals, so that the count of positions where the hook finds
    // unseen cards is the same on every run: on secret deals it fell
    // below ten in 1 run of 40 (a Gin Rummy game).
    let s = TestServer::start(engine, |c| {
        c.games_per_minute = 0;
        c.seeds = tabula_server::tables::Seeds::Derived(12);
    })
    .await
    .unwrap();
    let mut c = s.client().await;
    for request in [
        json!({ "game": "skyjo", "options": { "players": 3 }, "seats": ["human", { "ai": "level:2" }, { "ai": "level:1" }] }),
        json!({ "game": "hearts", "seats": ["human", { "ai": "level:2" }, { "ai": "level:1" }, { "ai": "level:2" }] }),
        json!({ "game": "spades", "seats": ["human", { "ai": "level:2" }, { "ai": "level:1" }, { "ai": "level:2" }] }),
        json!({ "game": "euchre", "seats": ["human", { "ai": "level:2" }, { "ai": "level:1" }, { "ai": "level:2" }] }),
        json!({ "game": "ginrummy", "seats": ["human", { "ai": "level:2" }] }),
        json!({ "game": "doudizhu", "seats": ["human", { "ai": "level:2" }, { "ai": "level:2" }] }),
    ] {
        swaps_change_no_answer(&mut c, &s, request).await;
    }
}
on_both!(hidden_cards, hidden_cards_never_reach_an_answer);

async fn swaps_change_no_answer(c: &mut common::Client, s: &TestServer, request: serde_json::Value) {
    let mut game = c.new_game(request.clone()).await;
    let id = game["id"].as_str().unwrap().to_string();
    let raw = |c: &common::Client, id: String| {
        let http = c.http.clone();
        let url = format!("{}/api/games/{id}", c.base);
        async move { http.get(url).send().await.unwrap().text().await.unwrap() }
    };
    let mut swapped = 0;
    for _ in 0..12 {
        let before = raw(c, id.clone()).await;
        let (list_before, session_before) = (c.get("/api/games").await, c.get("/api/session").await);
        if tabula_server::table_routes::swap_unseen_for_tests(&s.state, &id)
            .await
            .unwrap()
        {
            swapped += 1;
            let after = raw(c, id.clone()).await;
            assert_eq!(before, after, "a swap of unseen cards showed");
            assert_eq!(list_before, c.get("/api/games").await);
            assert_eq!(session_before, c.get("/api/session").await);
        }
        if game["over"] == true {
            break;
        }
        let legal = game["legal"][0]["label"].as_str().unwrap().to_string();
        let ply = game["ply"].as_u64().unwrap();
        let (status, next) = c
            .post(
                &format!("/api/games/{id}/actions"),
                json!({ "action": legal, "ply": ply }),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{next}");
        game = next;
    }
    assert!(swapped >= 10, "the hook found unseen cards ({swapped}) in {request}");
}

/// A burst of searches that would run for ever: each stops at the
/// deadline, its thread ends before its answer, and the health check
/// answers meanwhile.
async fn a_burst_of_slow_searches_leaves_none_running(engine: Engine) {
    let s = TestServer::start(engine, |c| {
        c.computer_deadline = Duration::from_millis(400);
        c.games_per_minute = 0;
    })
    .await
    .unwrap();
    let mut c = s.client().await;
    let mut ids = Vec::new();
    for _ in 0..6 {
        // A hundred million iterations a move: minutes without the flag.
        let game = c
            .new_game(json!({ "game": "diagonal", "options": { "size": 9 }, "seats": [{ "ai": "mcts:100000000" }, { "ai": "greedy" }] }))
            .await;
        ids.push(game["id"].as_str().unwrap().to_string());
    }
    let started = Instant::now();
    let burst: Vec<_> = ids
        .iter()
        .map(|id| {
            let http = c.http.clone();
            let url = format!("{}/api/games/{id}/actions", c.base);
            let csrf = c.csrf.clone();
            tokio::spawn(async move {
                let r = http
                    .post(url)
                    .header("x-csrf-token", csrf)
                    .json(&json!({ "ply": 0 }))
                    .send()
                    .await
                    .unwrap();
                let status = r.status();
                (status, r.json::<Value>().await.unwrap(), started.elapsed())
            })
        })
        .collect();
    let mut health = Vec::new();
    while !burst.iter().all(tokio::task::JoinHandle::is_finished) {
        let t = Instant::now();
        let (status, _) = c.get("/api/health").await;
        assert_eq!(status, StatusCode::OK);
        health.push(t.elapsed());
    }
    for job in burst {
        let (status, answer, _took) = job.await.unwrap();
        match status {
            // Cut at the deadline: the search's best move so far is played
            // (the deadline binds), and the other computer waits.
            StatusCode::OK => assert_eq!(
                (answer["ply"].as_u64(), answer["pending"].as_bool()),
                (Some(1), Some(true))
            ),
            // Waited for a core past the deadline: nothing ran.
            StatusCode::SERVICE_UNAVAILABLE => assert!(answer["error"].is_string()),
            other => panic!("{other}: {answer}"),
        }
    }
    assert_eq!(
        s.state.running.load(std::sync::atomic::Ordering::SeqCst),
        0,
        "no search outlives its request"
    );
    let (_, h) = c.get("/api/health").await;
    assert_eq!(h["searches"], 0);
    health.sort();
    assert!(!health.is_empty());
    let p90 = health[health.len() * 9 / 10];
    assert!(
        p90 < Duration::from_millis(100),
        "health answered in {p90:?} (90th percentile of {})",
        health.len()
    );
}
on_both!(burst, a_burst_of_slow_searches_leaves_none_running);

/// New sessions cost nothing, so game creation also counts per address.
async fn game_creation_is_limited_per_address(engine: Engine) {
    let s = TestServer::start(engine, |c| {
        c.games_per_minute = 0;
        c.games_per_minute_by_address = 3;
    })
    .await
    .unwrap();
    let (mut a, mut b) = (s.client().await, s.client().await);
    let body = json!({ "game": "nim" });
    a.new_game(body.clone()).await;
    a.new_game(body.clone()).await;
    b.new_game(json!({ "kind": "tictactoe" })).await;
    let (status, answer) = b.post("/api/games", body).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{answer}");
    let (status, _) = a.post("/api/games", json!({ "kind": "tictactoe" })).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "both kinds of request count");
}
on_both!(per_address, game_creation_is_limited_per_address);

async fn games_of_before_are_tables_with_their_review(engine: Engine) {
    let s = TestServer::start(engine, |c| c.games_per_minute = 0).await.unwrap();
    let mut c = s.client().await;
    // A `kind` request makes a table of the registered game, with its kind.
    let free = c
        .new_game(json!({ "kind": "free", "size": 3, "seed": "7", "opponent": "greedy" }))
        .await;
    assert_eq!(
        (free["game"].as_str(), free["kind"].as_str()),
        (Some("diagonal"), Some("free"))
    );
    assert_eq!(free["seats"][1]["player"], "greedy");
    assert_eq!(free["reviewable"], false, "not before the end");
    // The chosen seed is the grid's: the same request, the same grid.
    let again = c
        .new_game(json!({ "kind": "free", "size": 3, "seed": 7, "opponent": "greedy" }))
        .await;
    assert_eq!(again["view"]["values"], free["view"]["values"]);
    let end = c.play_out(free).await;
    assert_eq!(end["reviewable"], true);
    // Every move carries its facts for the page's replay.
    for m in end["moves"].as_array().unwrap() {
        let d = &m["detail"];
        assert!(d["cell"].as_str() == Some(m["text"].as_str().unwrap()), "{m}");
        assert!(d["reach"].as_array().unwrap().contains(&d["cell"]), "{m}");
    }
    let (status, review) = c
        .get(&format!("/api/games/{}/review", end["id"].as_str().unwrap()))
        .await;
    assert_eq!(status, StatusCode::OK, "{review}");
    let yours = end["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["seat"] == 0)
        .count();
    assert_eq!(review["entries"].as_array().unwrap().len(), yours);

    // A game begun from the new-game form reviews the same way.
    let table = c
        .new_game(json!({ "game": "diagonal", "options": { "size": 3 }, "seats": ["human", { "ai": "greedy" }] }))
        .await;
    assert_eq!(table["kind"], "play");
    let end = c.play_out(table).await;
    let (status, review) = c
        .get(&format!("/api/games/{}/review", end["id"].as_str().unwrap()))
        .await;
    assert_eq!(status, StatusCode::OK, "{review}");
    assert!(review["entries"].is_array());

    // Tic-tac-toe has no review, and says so.
    let mut t = c.new_game(json!({ "kind": "tictactoe" })).await;
    assert_eq!(t["game"], "tictactoe");
    let tid = t["id"].as_str().unwrap().to_string();
    while t["over"] != true {
        let square = t["legal"][0]["label"].as_str().unwrap().to_string();
        t = c.play(&tid, &square).await;
    }
    assert_eq!(t["reviewable"], false);
    let (status, body) = c.get(&format!("/api/games/{tid}/review")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");

    // The old game address leads to the shell, and only for an id.
    let http = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let r = http.get(format!("{}/games/{tid}", s.base)).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::PERMANENT_REDIRECT);
    assert_eq!(r.headers()["location"], format!("/table/{tid}").as_str());
    for bad in ["%2F%2Fevil.example", "a%09b", "..%2F..%2Fx"] {
        let r = http.get(format!("{}/games/{bad}", s.base)).send().await.unwrap();
        assert_eq!(r.status(), StatusCode::NOT_FOUND, "{bad}");
    }
}
on_both!(games_of_before, games_of_before_are_tables_with_their_review);

/// A whole game of `request` played here, the person at seat 0 playing
/// their first legal move: as the browser's local table saves it.
fn played_elsewhere(request: Value, seed: u64) -> tabula_contract::table::Saved {
    use tabula_contract::table::{NewTable, PersonMove, Saved, Table};
    use tabula_search::{CancelFlag, Turn};
    let request: NewTable = serde_json::from_value(request).unwrap();
    let entry = tabula_registry::find(&request.game).unwrap();
    let mut table = Table::create(entry, &request, seed).unwrap();
    loop {
        let mut replayed = table.replay().unwrap();
        match replayed.game.to_act() {
            Turn::Terminal => break,
            _ if table.computers_act(replayed.game.as_ref()) => {
                let played = table
                    .advance(replayed.game.as_mut(), false, &CancelFlag::new())
                    .unwrap();
                table.truth.actions.extend(played);
            }
            _ => {
                let text = replayed.game.legal_text()[0].clone();
                let action = table.play_human(&mut replayed, PersonMove::Text(&text), None).unwrap();
                table.truth.actions.push(action);
            }
        }
    }
    Saved {
        game: request.game,
        options: table.driver.options(),
        seats: table.seat_requests(),
        seed: seed.to_string(),
        actions: table.truth.actions,
    }
}

async fn games_played_in_the_browser_are_replayed_checked_and_stored(engine: Engine) {
    let s = TestServer::start(engine, |c| c.games_per_minute = 0).await.unwrap();
    let mut c = s.client().await;
    let hearts = played_elsewhere(
        json!({ "game": "hearts", "options": { "end_score": 1 }, "seats": ["human", {"ai": "level:1"}, {"ai": "level:1"}, {"ai": "level:2"}] }),
        41,
    );
    let body = serde_json::to_value(&hearts).unwrap();

    // What is not an honest, finished game of a registered game is refused,
    // and changes nothing; no error echoes the request.
    let mut refused: Vec<(Value, StatusCode)> = Vec::new();
    let mut with = |f: &dyn Fn(&mut Value), status: StatusCode| {
        let mut b = body.clone();
        f(&mut b);
        refused.push((b, status));
    };
    with(&|b| b["game"] = json!("Hearts"), StatusCode::BAD_REQUEST);
    with(&|b| b["seed"] = json!("twelve"), StatusCode::BAD_REQUEST);
    with(&|b| b["extra"] = json!(1), StatusCode::BAD_REQUEST);
    with(
        &|b| b["seats"] = json!(["human", "human", {"ai": "level:1"}, {"ai": "level:1"}]),
        StatusCode::BAD_REQUEST,
    );
    with(
        &|b| b["seats"][1] = json!({"ai": "bot:/bin/sh"}),
        StatusCode::BAD_REQUEST,
    );
    // Another deal than the seed's (the first action is the deal's).
    with(&|b| b["seed"] = json!("42"), StatusCode::BAD_REQUEST);
    // An action that is not legal where it stands.
    with(
        &|b| {
            let n = b["actions"].as_array().unwrap().len();
            b["actions"].as_array_mut().unwrap().swap(n - 1, n - 2);
        },
        StatusCode::BAD_REQUEST,
    );
    // A game that goes on.
    with(
        &|b| drop(b["actions"].as_array_mut().unwrap().pop()),
        StatusCode::UNPROCESSABLE_ENTITY,
    );
    with(
        &|b| b["actions"] = Value::Array(vec![json!(0); 50_001]),
        StatusCode::BAD_REQUEST,
    );
    for (b, status) in refused {
        let (got, answer) = c.post("/api/games/local", b.clone()).await;
        assert_eq!(got, status, "{answer}");
        let message = answer["error"].as_str().unwrap();
        assert!(
            message.len() < 200 && !message.contains("bin/sh") && !message.contains("twelve"),
            "{message}"
        );
    }
    let (_, listed) = c.get("/api/games").await;
    assert_eq!(listed.as_array().unwrap().len(), 0, "nothing was stored");

    // The honest game is stored as a game of this session, over.
    let (status, stored) = c.post("/api/games/local", body.clone()).await;
    assert_eq!(status, StatusCode::CREATED, "{stored}");
    assert_eq!(stored["over"], true);
    assert_eq!(stored["kind"], "play");
    assert_eq!(stored["moves"].as_array().unwrap().len(), hearts.actions.len());
    let id = stored["id"].as_str().unwrap();
    let (status, again) = c.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(again["result"], stored["result"]);
    assert!(again.get("truth").is_none() && again.get("seed").is_none());
    // Stored unverified (the computers' choices were the browser's), in
    // the game's answer and in the list; and stored once: the same record
    // again is refused and changes nothing.
    assert_eq!(stored["verified"], false, "{stored}");
    assert_eq!(again["verified"], false);
    let (_, listed) = c.get("/api/games").await;
    assert_eq!(listed[0]["verified"], false, "{listed}");
    let (status, twice) = c.post("/api/games/local", body.clone()).await;
    assert_eq!(status, StatusCode::CONFLICT, "{twice}");
    assert_eq!(c.get("/api/games").await.1.as_array().unwrap().len(), 1);
    // A game the server plays is verified.
    let (_, served) = c
        .post(
            "/api/games",
            json!({"game": "tictactoe", "seats": ["human", {"ai": "alphabeta"}]}),
        )
        .await;
    assert_eq!(served["verified"], true, "{served}");

    // The seed from the server: a ticket deals one game, stored once; a
    // forged ticket, or a game dealt from another seed, is refused.
    let (status, dealt) = c.post("/api/games/local/seed", json!({})).await;
    assert_eq!(status, StatusCode::CREATED, "{dealt}");
    let seed: u64 = dealt["seed"].as_str().unwrap().parse().unwrap();
    let ticket = dealt["ticket"].as_str().unwrap().to_string();
    let dealt_game = serde_json::to_value(played_elsewhere(
        json!({ "game": "hearts", "options": { "end_score": 1 }, "seats": ["human", {"ai": "level:1"}, {"ai": "level:1"}, {"ai": "level:1"}] }),
        seed,
    ))
    .unwrap();
    let mut forged = ticket.clone();
    forged.replace_range(0..1, if ticket.starts_with('0') { "1" } else { "0" });
    for bad in [forged.as_str(), "0123", "zz"] {
        let (status, answer) = c
            .post(&format!("/api/games/local?ticket={bad}"), dealt_game.clone())
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert!(!answer["error"].as_str().unwrap().contains(bad), "{answer}");
    }
    let path = format!("/api/games/local?ticket={ticket}");
    let (status, answer) = c.post(&path, body.clone()).await;
    assert_eq!(
        status,
        StatusCode::BAD_REQUEST,
        "another seed than the ticket's: {answer}"
    );
    let (status, answer) = c.post(&path, dealt_game.clone()).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(answer["verified"], false);
    assert_eq!(c.post(&path, dealt_game).await.0, StatusCode::CONFLICT);
    assert_eq!(c.get("/api/games").await.1.as_array().unwrap().len(), 3);

    // Another session cannot see it.
    let other = s.client().await;
    assert_eq!(other.get(&format!("/api/games/{id}")).await.0, StatusCode::NOT_FOUND);

    // Saving counts against the game limit, as creating does.
    let limited = TestServer::start(engine, |c| c.games_per_minute = 1).await.unwrap();
    let mut c = limited.client().await;
    assert_eq!(c.post("/api/games/local", body.clone()).await.0, StatusCode::CREATED);
    assert_eq!(c.post("/api/games/local", body).await.0, StatusCode::TOO_MANY_REQUESTS);
}

on_both!(local_games, games_played_in_the_browser_are_replayed_checked_and_stored);

/// A move's answer carries the moves since the caller's ply (`since`), not
/// the whole history: a whole Hearts hand played so, each answer's moves
/// are the new ones only, and put together they are exactly the full list
/// a plain `GET` gives. A `since` past the game's end is refused before
/// anything is played.
async fn answers_carry_the_moves_since_the_callers_ply(engine: Engine) {
    let s = TestServer::start(engine, |c| c.games_per_minute = 0).await.unwrap();
    let mut c = s.client().await;
    let request = json!({ "game": "hearts", "options": { "end_score": 1 },
        "seats": ["human", {"ai": "random"}, {"ai": "random"}, {"ai": "random"}] });
    let mut answer = c.new_game(request).await;
    let id = answer["id"].as_str().unwrap().to_string();
    let mut held: Vec<Value> = answer["moves"].as_array().unwrap().clone();
    assert!(answer.get("moves_from").is_none(), "a new game's answer is whole");

    let ply = answer["ply"].as_u64().unwrap();
    let text = answer["legal"][0]["label"].as_str().unwrap().to_string();
    let (status, refused) = c
        .post(
            &format!("/api/games/{id}/actions"),
            json!({ "action": text, "ply": ply, "since": ply + 1 }),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert_eq!(
        c.get(&format!("/api/games/{id}")).await.1["ply"],
        ply,
        "nothing was played"
    );

    let mut turns = 0;
    let mut longest = 0;
    while answer["over"] != true && turns < 60 {
        let text = answer["legal"][0]["label"].as_str().unwrap().to_string();
        let body = json!({ "action": text, "ply": answer["ply"], "since": held.len() });
        let (status, next) = c.post(&format!("/api/games/{id}/actions"), body).await;
        assert_eq!(status, StatusCode::OK, "{next}");
        assert_eq!(next["moves_from"], held.len(), "{next}");
        let fresh = next["moves"].as_array().unwrap();
        assert!(!fresh.is_empty(), "the person's own move at least");
        for (k, m) in fresh.iter().enumerate() {
            assert_eq!(m["ply"], held.len() + k, "the moves follow on from the caller's");
        }
        longest = longest.max(fresh.len());
        held.extend(fresh.iter().cloned());
        assert_eq!(next["ply"], held.len());
        answer = next;
        turns += 1;
    }
    assert_eq!(answer["over"], true, "a hand of 1 point ends the match");
    assert!(longest <= 8, "a turn's answer holds that turn's moves only: {longest}");
    let (_, whole) = c.get(&format!("/api/games/{id}")).await;
    assert_eq!(
        whole["moves"],
        Value::Array(held.clone()),
        "together, the whole history"
    );
    let (last, full) = (answer.to_string().len(), whole.to_string().len());
    eprintln!(
        "{turns} turns, {} moves: the last answer {last} bytes, the whole answer {full}",
        held.len()
    );
    let moves_bytes = Value::Array(held.clone()).to_string().len();
    assert!(full - last > moves_bytes / 2, "the last answer leaves most moves out");
    assert!(whole.get("moves_from").is_none());
    let (_, tail) = c.get(&format!("/api/games/{id}?since={}", held.len() - 3)).await;
    assert_eq!(tail["moves"], Value::Array(held[held.len() - 3..].to_vec()));
    assert_eq!(tail["moves_from"], held.len() - 3);
    let (status, _) = c.get(&format!("/api/games/{id}?since={}", held.len() + 1)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}
on_both!(deltas, answers_carry_the_moves_since_the_callers_ply);
