//! Abalone through the game-generic API with 2v2 and 3v2 installed (solved
//! here, about a second each): the layout offered as a choice list, the
//! trainer refused for a class without tables (saying how to make them),
//! a trainer game won by following the table's best move with the verdict
//! shrinking after every move, and the tablebase figures.

use crate::common;

use common::{Engine, TestServer};
use reqwest::StatusCode;
use serde_json::{Value, json};

/// The tables, installed for the process's servers.
fn install() {
    common::abalone_tables();
}

async fn the_trainer_is_won_by_the_tables_best_moves(engine: Engine) {
    install();
    let Some(s) = TestServer::start(engine, |_| {}).await else {
        return;
    };
    let mut c = s.client().await;

    let (_, catalog) = c.get("/api/catalog").await;
    let abalone = catalog
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["info"]["name"] == "abalone")
        .unwrap();
    let layout = abalone["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "layout")
        .unwrap();
    assert_eq!(
        layout["choices"],
        json!([
            "belgian",
            "standard",
            "german",
            "discovery",
            "trainer-3v2",
            "trainer-4v2"
        ])
    );

    // 4v2 is not installed: the form's check and the creation say so, in a
    // player's words (the operator's commands are not theirs).
    let q = "/api/catalog/abalone?options=%7B%22layout%22%3A%22trainer-4v2%22%7D";
    let (status, body) = c.get(q).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let said = body.to_string();
    assert!(said.contains("tablebase of 4v2, which is not installed here"), "{body}");
    assert!(!said.contains("tabula "), "{body}");
    let (status, body) = c
        .post(
            "/api/games",
            json!({ "game": "abalone", "options": { "layout": "trainer-4v2" } }),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");

    let mut game = c
        .new_game(json!({
            "game": "abalone",
            "options": { "layout": "trainer-3v2" },
            "seats": ["human", { "ai": "level:4" }],
        }))
        .await;
    let id = game["id"].as_str().unwrap().to_string();
    assert_eq!(game["view"]["trainer"], "3v2");
    assert_eq!(game["options"]["layout"], "trainer-3v2");
    assert_eq!(game["your_turn"], true);
    let mut plies = game["view"]["tablebase"]["plies"].as_u64().unwrap();
    assert_eq!(game["view"]["tablebase"]["winner"], "black");
    while game["over"] != true {
        let best = game["view"]["best"].as_str().unwrap().to_string();
        assert!(
            game["legal"]
                .as_array()
                .unwrap()
                .iter()
                .any(|l| l["label"] == best.as_str()),
            "{best} is legal"
        );
        let (status, next) = c
            .post(
                &format!("/api/games/{id}/actions"),
                json!({ "action": best, "ply": game["ply"] }),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{next}");
        game = next;
        if game["over"] == true {
            break;
        }
        // Level 4 defends perfectly: the win is two plies nearer, no more.
        let now = game["view"]["tablebase"]["plies"].as_u64().unwrap();
        assert_eq!(game["view"]["tablebase"]["winner"], "black");
        assert_eq!(now + 2, plies, "{game}");
        plies = now;
    }
    assert_eq!(plies, 1, "the last move was the winning ejection");
    assert_eq!(game["result"]["winners"], json!([0]));
    assert_eq!(game["view"]["best"], Value::Null, "no best move once the game is over");

    let (status, figures) = c.get("/api/abalone/tables").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(figures["installed"], true);
    let classes: Vec<&str> = figures["classes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["class"].as_str().unwrap())
        .collect();
    assert_eq!(classes, ["2v2", "3v2"]);
    assert_eq!(figures["classes"][1]["max_dtw"], 7);
    // 6,264 wins for the side to move in 2v2, as published.
    let c0 = &figures["classes"][0]["concrete"];
    let wins = c0["strong_to_move"]["wins"].as_u64().unwrap() + c0["weak_to_move"]["wins"].as_u64().unwrap();
    assert_eq!(wins, 6_264);
    assert_eq!(figures["trainers"], json!(["trainer-3v2"]));
}

on_both!(the_trainer, the_trainer_is_won_by_the_tables_best_moves);

/// The tables' pieces for a browser: the index, a class's manifest, a
/// chunk (gzipped when asked), each the game's own `data_serve`; keys that
/// name nothing are 404s that echo nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tables_are_served_chunk_by_chunk() {
    install();
    let s = TestServer::start(Engine::Sqlite, |_| {}).await.unwrap();
    let c = s.client().await;
    let entry = tabula_registry::find("abalone").unwrap();
    let plain = reqwest::Client::builder().no_gzip().build().unwrap();
    for key in ["tb/index", "tb/3v2/manifest", "tb/3v2/0", "tb/3v2/37", "tb/2v2/1"] {
        for gzip in [false, true] {
            let mut r = plain.get(format!("{}/api/data/abalone/{key}", s.base));
            if gzip {
                r = r.header("accept-encoding", "gzip");
            }
            let r = r.send().await.unwrap();
            assert_eq!(r.status(), StatusCode::OK, "{key}");
            assert_eq!(r.headers().get("content-encoding").is_some(), gzip, "{key}");
            let body = r.bytes().await.unwrap().to_vec();
            let body = if gzip {
                let mut out = Vec::new();
                std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&body[..]), &mut out).unwrap();
                out
            } else {
                body
            };
            assert_eq!(Some(body), entry.data_serve(key), "{key}");
        }
    }
    let (_, index) = c.get("/api/data/abalone/tb/index").await;
    assert_eq!(index["classes"], json!(["2v2", "3v2"]));
    let (_, manifest) = c.get("/api/data/abalone/tb/3v2/manifest").await;
    assert_eq!(manifest["checksums"].as_array().unwrap().len(), 40);
    for bad in [
        "/api/data/abalone/tb/4v2/manifest",
        "/api/data/abalone/tb/3v2/40",
        "/api/data/abalone/tb/3v2/007",
        "/api/data/abalone/tb/3v2/../../etc",
        "/api/data/abalone/evil%3Cscript%3E",
        "/api/data/Abalone/tb/index",
        "/api/data/hearts/tb/index",
    ] {
        let (status, body) = c.get(bad).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{bad}");
        assert!(!body["error"].as_str().unwrap().contains("script"), "{bad}: {body}");
    }
}
