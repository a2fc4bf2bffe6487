//! The log-in page's `next=` in headless Chromium: after a real log-in the
//! browser stays on this site whatever `next` says, and the page's own
//! check (`safeNext` in common.js) refuses hostile values by itself.

use crate::common;
use crate::web;

use std::time::Instant;

use common::{Engine, TestServer};
use serde_json::{Value, json};
use web::{WAIT, browser, browser_slot, driver, find as element, open as visit};

/// Logs in through the form and answers the URL the browser lands on.
async fn log_in(c: &fantoccini::Client, from: &str) -> String {
    visit(c, from).await;
    element(c, "#name").await.send_keys("Nia").await.unwrap();
    element(c, "#password").await.send_keys("correct horse").await.unwrap();
    element(c, "button[type='submit']").await.click().await.unwrap();
    let deadline = Instant::now() + WAIT;
    loop {
        let url = c.current_url().await.unwrap();
        if url.path() != "/login" {
            return url.to_string();
        }
        assert!(Instant::now() < deadline, "logging in did not leave the page");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn logging_in_never_leaves_the_site() {
    let _slot = browser_slot().await;
    let Some(driver) = driver() else { return };
    let s = TestServer::start(Engine::Sqlite, |_| {}).await.unwrap();
    s.account("Nia").await;
    let c = browser(&driver).await;

    for hostile in [
        "/%09/evil.example/",
        "//evil.example/",
        "/%5Cevil.example",
        "https://evil.example/",
    ] {
        let landed = log_in(&c, &format!("{}/login?next={hostile}", s.base)).await;
        assert_eq!(landed, format!("{}/", s.base), "{hostile}");
        c.delete_all_cookies().await.unwrap();
    }
    let landed = log_in(&c, &format!("{}/login?next=%2Fleaderboard", s.base)).await;
    // (The leaderboard adds its date to the address.)
    assert!(
        landed.starts_with(&format!("{}/leaderboard", s.base)),
        "a path on this site is followed: {landed}"
    );

    // The script's own check, without the server's in front of it.
    let cases = json!([
        null,
        "",
        "/",
        "/daily",
        "/games/x?y=1",
        "//evil.example",
        "/\\evil.example",
        "/\t/evil.example/",
        "/\n/evil.example",
        "/\u{a0}/evil.example",
        "https://evil.example/",
        "javascript:alert(1)",
        "\\\\evil",
        " /daily"
    ]);
    let got: Value = c
        .execute_async(
            "const [cases, done] = arguments; import('/assets/js/common.js').then(m => done(cases.map(x => m.safeNext(x))));",
            vec![cases],
        )
        .await
        .unwrap();
    assert_eq!(
        got,
        json!([
            "/daily",
            "/daily",
            "/",
            "/daily",
            "/games/x?y=1",
            "/",
            "/",
            "/",
            "/",
            "/",
            "/",
            "/",
            "/",
            "/"
        ])
    );
    c.close().await.unwrap();
}
