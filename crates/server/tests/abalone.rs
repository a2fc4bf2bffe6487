//! Abalone through the game-generic API with 2v2 and 3v2 installed (solved
//! here, about a second each): the layout offered as a choice list, the
//! trainer refused for a class without tables (saying how to make them),
//! a trainer game won by following the table's best move with the verdict
//! shrinking after every move, and the tablebase figures.

mod common;

use std::sync::Once;

use common::{Engine, TestServer};
use reqwest::StatusCode;
use serde_json::{Value, json};
use tabula_abalone::tablebase;

/// Solves 2v2 and 3v2 and installs them for the servers of this binary.
fn install() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        assert!(tablebase::install(tablebase::solve_closure("3v2".parse().unwrap())));
    });
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

    // 4v2 is not installed: the form's check and the creation say how to make it.
    let q = "/api/catalog/abalone?options=%7B%22layout%22%3A%22trainer-4v2%22%7D";
    let (status, body) = c.get(q).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body.to_string()
            .contains("tabula solve abalone 4v2, then tabula serve --tables DIR"),
        "{body}"
    );
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
            game["legal"].as_array().unwrap().iter().any(|l| l == &best),
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
