//! Every page that is not a game's table, at a laptop's and a phone's
//! size: no sideways scrolling, and no serious or critical finding of
//! axe-core run inside the page (the tables of every game are checked by
//! browser_every_game.rs, with the same helper).

use crate::table_page::{play_listed, player, start_game, until};
use crate::web;

use web::{browser_slot, driver, open, page_faults};

/// Each page's faults, all gathered before the test fails, so that one run
/// lists them all.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_fits_a_phone_and_passes_axe() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    // The tables page with its figures (the widest page), whichever test
    // installs the tables first.
    crate::common::abalone_tables();
    let mut faults = Vec::new();
    // A visitor first: the pages before an account.
    let s = crate::common::TestServer::start(crate::common::Engine::Sqlite, |_| {})
        .await
        .unwrap();
    let c = web::browser(&d).await;
    for page in ["login", "register", ""] {
        open(&c, &format!("{}/{page}", s.base)).await;
        faults.extend(page_faults(&c, &format!("visitor-{}", if page.is_empty() { "home" } else { page })).await);
    }
    c.close().await.unwrap();
    drop(s);
    // A person with an account, and a finished game to review.
    let (s, c) = player(&d, "pages").await;
    let id = start_game(&c, &s.base, "diagonal", &[("size", "3")], &[]).await;
    play_listed(&c, usize::MAX, "diagonal").await;
    faults.extend(page_faults(&c, "finished-table").await);
    let pages = [
        ("home", String::new()),
        ("daily", "daily".into()),
        ("play", "play".into()),
        ("games", "new".into()),
        ("leaderboard", "leaderboard".into()),
        ("stats", "stats".into()),
        ("account", "account".into()),
        ("lab", "lab".into()),
        ("review", format!("review/{id}")),
        ("tables", "tables/abalone".into()),
        ("history", "history".into()),
    ];
    for (name, path) in pages {
        open(&c, &format!("{}/{path}", s.base)).await;
        faults.extend(page_faults(&c, name).await);
    }
    // The person's games list the finished one, with the way back to it
    // and its review (the game reviews).
    open(&c, &format!("{}/history", s.base)).await;
    let links = crate::table_page::strings(
        &c,
        "return [...document.querySelectorAll(`#history-rows tr[data-id='${arguments[0]}'][data-over='true'] a`)].map((a) => a.getAttribute('href'))",
        vec![serde_json::json!(id)],
    )
    .await;
    assert_eq!(
        links,
        [
            format!("/table/{id}"),
            format!("/table/{id}#review"),
            format!("/review/{id}")
        ],
        "the finished game in the list"
    );
    // Its computer by the name people read, not by its spec.
    let row = web::text(&c, &format!("#history-rows tr[data-id='{id}']")).await;
    assert!(!row.contains("alphabeta:"), "{row}");
    // "Step through it" opens the table at its review.
    open(&c, &format!("{}/table/{id}#review", s.base)).await;
    until(
        &c,
        "the review",
        "return !document.getElementById('table-replay')?.hidden && !!document.getElementById('table-replay').dataset.step",
    )
    .await;
    c.close().await.unwrap();
    assert!(faults.is_empty(), "{} faults:\n{}", faults.len(), faults.join("\n"));
}
