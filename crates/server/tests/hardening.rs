//! Fixes from an attacker's probe of the server, each end to end over HTTP
//! on SQLite and on PostgreSQL: the log-in page's `next=` stays on this
//! site, guessing one name's password from one address does not lock its
//! owner out, and blank and common passwords are refused.

mod common;

use std::time::Instant;

use common::{Engine, TestServer};
use reqwest::StatusCode;
use serde_json::{Value, json};

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

    // Over many addresses, the name's log-ins slow down rather than stop:
    // 3 more failures from each of two more addresses make 9, 6 past the
    // free 3, so the owner's next log-in waits at least 6 steps (bounded).
    for ip in ["127.0.0.4", "127.0.0.5"] {
        let mut other = s.client_from(ip).await;
        for _ in 0..3 {
            let (status, _) = other.post("/api/login", wrong.clone()).await;
            assert_eq!(status, StatusCode::UNAUTHORIZED);
        }
    }
    let started = Instant::now();
    let mut owner = s.client_from("127.0.0.6").await;
    let (status, _) = owner.post("/api/login", right).await;
    assert_eq!(status, StatusCode::OK);
    let waited = started.elapsed();
    let expected = tabula_server::auth::LOGIN_SLOWDOWN_STEP * 6;
    assert!(
        waited >= expected.min(tabula_server::auth::LOGIN_SLOWDOWN_MAX),
        "waited {waited:?}"
    );
}
on_both!(login_throttle, guessing_from_one_address_does_not_lock_the_owner_out);

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
