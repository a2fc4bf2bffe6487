//! The review of a finished game over the API (`GET /api/games/{id}/review/{ply}`,
//! `POST …/opinion`): the steps, the computer's opinion of the person's
//! moves only, bad steps refused without being written back, another
//! session's game not found.

use crate::common::{Client, TestServer};
use reqwest::StatusCode;
use serde_json::{Value, json};

/// Checks the review of the finished game `id` (its answer at the end:
/// `end`), where the person's first move was `first_label` and the
/// computer answered it.
pub async fn a_finished_game_is_reviewed(s: &TestServer, c: &mut Client, id: &str, first_label: &str, end: &Value) {
    // Over, it is stepped through: the last step is the end as played.
    let plies = end["moves"].as_array().unwrap().len();
    let (status, last) = c.get(&format!("/api/games/{id}/review/{plies}")).await;
    assert_eq!(status, StatusCode::OK, "{last}");
    assert_eq!(last["view"], end["view"]);
    assert_eq!(last["hands"], Value::Null, "nothing is hidden in this game");
    let (status, first) = c.get(&format!("/api/games/{id}/review/0")).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    assert_eq!(
        (first["yours"].as_bool(), first["next"]["seat"].as_u64()),
        (Some(true), Some(0))
    );
    for bad in [format!("{}", plies + 1), "x<script>".to_string()] {
        let (status, body) = c.get(&format!("/api/games/{id}/review/{bad}")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(!body.to_string().contains("script"), "{body}");
    }
    let (status, opinion) = c.post(&format!("/api/games/{id}/review/0/opinion"), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{opinion}");
    assert_eq!(opinion["played"], json!(first_label), "{opinion}");
    assert!(
        opinion["computer"].is_string() && opinion["agrees"].is_boolean(),
        "{opinion}"
    );
    let (status, body) = c.post(&format!("/api/games/{id}/review/1/opinion"), json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT, "the computer's move: {body}");
    let stranger = s.client().await;
    let (status, body) = stranger.get(&format!("/api/games/{id}/review/0")).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "another session's game: {body}");
}
