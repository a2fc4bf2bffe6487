//! Fixes from an attacker's probe of the server, each end to end over HTTP
//! on SQLite and on PostgreSQL: the log-in page's `next=` stays on this
//! site.

mod common;

use common::{Engine, TestServer};
use reqwest::StatusCode;

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
