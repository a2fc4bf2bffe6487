//! Fixes from an attacker's probe of the server, each end to end over HTTP
//! on SQLite and on PostgreSQL: the log-in page's `next=` stays on this
//! site, and blank and common passwords are refused.

mod common;

use common::{Engine, TestServer};
use reqwest::StatusCode;
use serde_json::json;

async fn server(engine: Engine) -> TestServer {
    TestServer::start(engine, |_| {}).await.expect("a server")
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
