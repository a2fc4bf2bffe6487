//! Free play in the page without the server: after a first visit the
//! service worker keeps what free play needs (the module, the shell, the
//! home and daily pages, the games' data pieces, asked of the server
//! first), a game played offline is kept in the browser and stored once
//! the server answers again, and the header still names the person.

use crate::browser_local::{play_to_the_end, start_local};
use crate::table_page::until;
use crate::web;

use serde_json::{Value, json};
use web::{browser_slot, driver, open};

/// A server on its own thread and runtime, which the test can stop (and
/// start again on the same address and database): the browser then finds
/// no server at all, as offline.
struct Stoppable {
    base: String,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Stoppable {
    fn start(addr: &str, database: &str) -> Stoppable {
        let mut config = tabula_server::Config::new(addr, database);
        config.games_per_minute = 0;
        let (tx, rx) = std::sync::mpsc::channel();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            let rt = tokio::runtime::Runtime::new().unwrap();
            rt.block_on(async move {
                let server = tabula_server::Server::start(config).await.unwrap();
                tx.send(server.addr()).unwrap();
                tokio::select! {
                    _ = server.run() => {}
                    _ = stopped => {}
                }
            });
        });
        let addr = rx.recv().unwrap();
        Stoppable {
            base: format!("http://{addr}"),
            stop: Some(stop),
            thread: Some(thread),
        }
    }

    fn stop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(t) = self.thread.take() {
            t.join().unwrap();
        }
    }
}

impl Drop for Stoppable {
    fn drop(&mut self) {
        self.stop();
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn after_a_first_visit_free_play_works_offline_and_is_stored_once_back() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    let db = std::env::temp_dir().join(format!("tabula-offline-{}.db", std::process::id()));
    let db = db.display().to_string();
    let mut server = Stoppable::start("127.0.0.1:0", &db);
    let base = server.base.clone();
    let c = web::browser(&d).await;
    // A person at the instant pace, which the page keeps for offline play.
    web::register(&c, &base, "offline player").await;
    web::set_pace(&c, &base, "instant").await;
    // The first visit: the service worker keeps what free play needs.
    open(&c, &format!("{base}/new/hearts")).await;
    until(
        &c,
        "the service worker to keep the module",
        "return !!navigator.serviceWorker.controller",
    )
    .await;
    let kept: Value = c
        .execute_async(
            "(async () => { const m = await (await fetch('/api/wasm')).json(); const names = await caches.keys(); \
             const cache = await caches.open(names.find((n) => n.startsWith('tabula-'))); \
             return !!(await cache.match(m.wasm)) && !!(await cache.match('/local/')); })().then(arguments[0])",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(kept, Value::Bool(true));
    // A game's data piece kept from an earlier visit (an index from before
    // the server's tables were installed) gives way to the server's, which
    // is then kept for offline play: a kept piece was once served for ever.
    let index = "/api/data/abalone/tb/index";
    let served: Value = c
        .execute_async(
            "(async () => { const names = await caches.keys();              const cache = await caches.open(names.find((n) => n.startsWith('tabula-')));              await cache.put(arguments[0], new Response('stale'));              return await (await fetch(arguments[0])).text(); })().then(arguments[1])",
            vec![json!(index)],
        )
        .await
        .unwrap();
    let served = served.as_str().unwrap().to_string();
    assert!(
        served.contains("\"chunk\""),
        "the server's index, not the kept one: {served}"
    );

    // Offline: no server at all, and the account's pace still the page's.
    server.stop();
    let offline_index: Value = c
        .execute_async(
            "fetch(arguments[0]).then((r) => r.text()).then(arguments[1])",
            vec![json!(index)],
        )
        .await
        .unwrap();
    assert_eq!(offline_index.as_str(), Some(served.as_str()), "kept for offline play");
    // The home page and the daily page load offline too, and the header
    // still names the person logged in (it said "Log in").
    for page in ["/", "/daily"] {
        open(&c, &format!("{base}{page}")).await;
        let who = web::text(&c, "#nav-user").await;
        assert!(who.contains("offline player"), "{page}: {who}");
        assert!(!who.contains("Log in"), "{page}: {who}");
    }
    let kept = c
        .execute("return localStorage.getItem('tabula-pace')", vec![])
        .await
        .unwrap();
    assert_eq!(
        kept,
        Value::String("instant".into()),
        "the page kept the account's pace"
    );
    start_local(
        &c,
        &base,
        "hearts",
        &[("end_score", "1")],
        &[(1, "level:2"), (2, "level:2"), (3, "level:2")],
    )
    .await;
    play_to_the_end(&c).await;
    let note = web::text(&c, "#table-unsaved").await;
    assert!(note.contains("kept in this browser"), "{note}");
    let queued: Value = c
        .execute(
            "return JSON.parse(localStorage.getItem('tabula-unsaved')).length",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(queued, 1);

    // Back online (the same address, the same database): the next page
    // stores the game for the browser's session (the person's).
    let addr = base.trim_start_matches("http://").to_string();
    let _again = Stoppable::start(&addr, &db);
    open(&c, &format!("{base}/new")).await;
    until(
        &c,
        "the game to be stored",
        "return localStorage.getItem('tabula-unsaved') === null",
    )
    .await;
    let listed: Value = c
        .execute_async("fetch('/api/games').then((r) => r.json()).then(arguments[0])", vec![])
        .await
        .unwrap();
    let stored: Vec<&Value> = listed
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["game"] == "hearts")
        .collect();
    assert_eq!(stored.len(), 1, "{listed}");
    assert_eq!(stored[0]["over"], true);
    drop(_again);
    let _ = std::fs::remove_file(&db);
    c.close().await.unwrap();
}
