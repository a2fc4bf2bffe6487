//! Free play in the page, in headless Chromium: the browser module keeps
//! the game on the page and a module Web Worker plays the computers from
//! their seats' observations; nothing reaches the server until the game is
//! over, when the server replays, checks and stores it.

use crate::common;
use crate::table_page;
use crate::web;

use std::time::{Duration, Instant};

use fantoccini::Client;
use serde_json::Value;
use table_page::{TURN_OR_END, player, start_game_at, until};
use web::{WAIT, browser_slot, driver, find, open};

/// Turns on the page's test hooks (the local game on `window`, the
/// requests sent to the worker kept) for this tab, with `extra` keys.
async fn hooks(c: &Client, extra: &[(&str, &str)]) {
    let mut script = "sessionStorage.setItem('tabula-test-hooks', '1');".to_string();
    for (k, v) in extra {
        script.push_str(&format!("sessionStorage.setItem({k:?}, {v:?});"));
    }
    c.execute(&script, vec![]).await.unwrap();
}

/// Starts `game` in the page from its form (where "play in this browser"
/// is offered and ticked): answers the local game's key.
pub(crate) async fn start_local(
    c: &Client,
    base: &str,
    game: &str,
    options: &[(&str, &str)],
    seats: &[(usize, &str)],
) -> String {
    open(c, &format!("{base}/new/{game}")).await;
    assert!(
        c.execute(
            "return document.getElementById('new-local').checked && !document.getElementById('new-where').hidden",
            vec![]
        )
        .await
        .unwrap()
        .as_bool()
        .unwrap(),
        "play in this browser is offered and ticked"
    );
    start_game_at(c, base, game, options, seats, true).await
}

/// Three level-4 computers around the person.
const LEVEL_4: &[(usize, &str)] = &[(1, "level:4"), (2, "level:4"), (3, "level:4")];

/// Turns the page's test hooks on (with `extra`), then starts Hearts in
/// the page against `seats`.
async fn hearts_in_the_page(
    c: &Client,
    base: &str,
    extra: &[(&str, &str)],
    options: &[(&str, &str)],
    seats: &[(usize, &str)],
) {
    // Session storage is the origin's: a page of the site first.
    open(c, &format!("{base}/new/hearts")).await;
    hooks(c, extra).await;
    start_local(c, base, "hearts", options, seats).await;
}

/// The requests for the server this page made (its resource timings).
async fn api_requests(c: &Client) -> Vec<String> {
    let v = c
        .execute(
            "return performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.includes('/api/'))",
            vec![],
        )
        .await
        .unwrap();
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect()
}

/// Plays the person's first legal move from the shell's list of every
/// legal move, at each of their turns, until the end; answers how many.
pub(crate) async fn play_to_the_end(c: &Client) -> usize {
    let moves = play_moves(c, 400).await;
    assert!(moves < 400, "the game does not end");
    moves
}

#[tokio::test(flavor = "multi_thread")]
async fn hearts_plays_in_the_page_and_the_server_stores_the_finished_game() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    let (s, c) = player(&d, "local1").await;
    hearts_in_the_page(
        &c,
        &s.base,
        &[],
        &[("end_score", "1")],
        &[(1, "level:4"), (2, "level:3"), (3, "level:1")],
    )
    .await;
    until(&c, "the person's first turn", TURN_OR_END).await;
    let before = api_requests(&c).await;
    // The person plays from the legal moves; the computers from the worker.
    let moves = play_to_the_end(&c).await;
    assert!(moves >= 13, "a whole hand is at least 13 cards: {moves}");
    let during: Vec<String> = api_requests(&c).await.into_iter().skip(before.len()).collect();
    // The one request of the game: the finished game, stored at the end.
    assert_eq!(during.len(), 1, "{during:?}");
    // With the ticket of the seed the server dealt it from.
    assert!(during[0].contains("/api/games/local?ticket="), "{during:?}");

    // The server replayed and stored it: it is the session's, over.
    let listed: Value = c
        .execute_async("fetch('/api/games').then((r) => r.json()).then(arguments[0])", vec![])
        .await
        .unwrap();
    let stored = listed
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["game"] == "hearts")
        .cloned();
    let stored = stored.unwrap_or_else(|| panic!("the finished game is listed: {listed}"));
    assert_eq!(stored["over"], true, "{stored}");
    // Stored unverified (its computers were the browser's), and the page
    // says so beside the result.
    assert_eq!(stored["verified"], false, "{stored}");
    until(
        &c,
        "the unverified note",
        "return !!document.getElementById('table-unverified')?.textContent.includes('unverified')",
    )
    .await;

    // The worker received each computer's observation, nothing more.
    let sent: Value = c
        .execute("return window.tabulaLocal.computer.sent", vec![])
        .await
        .unwrap();
    let sent = sent.as_array().unwrap();
    assert!(!sent.is_empty());
    for m in sent {
        let keys: Vec<&String> = m.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["gen", "id", "request", "type"], "{m}");
        let r = m["request"].as_object().unwrap();
        let keys: Vec<&String> = r.keys().collect();
        assert_eq!(
            keys,
            [
                "deadline_ms",
                "game",
                "observation",
                "options",
                "player",
                "seat",
                "seed",
                "table"
            ],
            "{m}"
        );
    }
    // Exactly the observations of the computers' turns with a choice, in
    // order, as a replay of the stored game gives them.
    let saved: String = c
        .execute("return window.tabulaLocal.table.saved()", vec![])
        .await
        .unwrap()
        .as_str()
        .unwrap()
        .to_string();
    let saved: tabula_contract::table::Saved = serde_json::from_str(&saved).unwrap();
    let entry = tabula_registry::find("hearts").unwrap();
    let (mut table, _) = tabula_contract::Table::restore(entry, saved.clone()).unwrap();
    let mut expected = Vec::new();
    for ply in 0..saved.actions.len() {
        table.truth.actions = saved.actions[..ply].to_vec();
        let replayed = table.replay().unwrap();
        if let Some(turn) = table.computer_turn(replayed.game.as_ref()) {
            if replayed.game.legal().len() > 1 {
                expected.push(turn.observation);
            }
        }
    }
    let observations: Vec<Value> = sent
        .iter()
        .map(|m| serde_json::from_str(m["request"]["observation"].as_str().unwrap()).unwrap())
        .collect();
    assert_eq!(
        observations, expected,
        "the worker got the seats' observations, in order"
    );
    let timings: Value = c.execute("return window.tabulaLocal.timings", vec![]).await.unwrap();
    let sources: Vec<&str> = timings
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["source"].as_str().unwrap())
        .collect();
    assert!(sources.contains(&"search"), "{sources:?}");
    assert!(
        sources.iter().all(|s| ["search", "only"].contains(s)),
        "no fallback was needed: {sources:?}"
    );
    // The finished game, stepped through on the same page: every seat's
    // cards face up at the person's first move (a pass: the person's
    // thirteen, the others' ten once they chose theirs), and the
    // computer's opinion of it.
    let mut faults = Vec::new();
    let seen = crate::table_page::step_through(&c, "hearts-local", &mut faults).await;
    assert!(faults.is_empty(), "{}", faults.join("\n"));
    assert!(
        seen.hands.len() == 4 && seen.hands[0] == 13 && seen.hands.iter().all(|&n| n >= 10),
        "the hands at step {}: {:?}",
        seen.first,
        seen.hands
    );
    assert!(seen.opinion.contains(" would have played "), "{}", seen.opinion);
    assert_eq!(seen.plies as usize, saved.actions.len());
    c.close().await.unwrap();
}

/// Skyjo's Master against one person in the page: the worker takes its
/// turns with the draw pile it is handed at a solo table and searches (it
/// was once refused, and the page played "take 1", the first legal move,
/// at every turn).
#[tokio::test(flavor = "multi_thread")]
async fn skyjo_s_master_searches_in_the_page_with_the_draw_pile() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    let (s, c) = player(&d, "local-master").await;
    open(&c, &format!("{}/new/skyjo", s.base)).await;
    hooks(&c, &[]).await;
    start_local(&c, &s.base, "skyjo", &[("players", "2")], &[(1, "master")]).await;
    play_moves(&c, 6).await;
    let sent: Value = c
        .execute("return window.tabulaLocal.computer.sent.map((m) => m.request)", vec![])
        .await
        .unwrap();
    let sent = sent.as_array().unwrap();
    assert!(!sent.is_empty(), "the Master took turns");
    for r in sent {
        assert_eq!(r["player"], "master", "{r}");
        assert_eq!(r["table"], "solo", "{r}");
        let observation: Value = serde_json::from_str(r["observation"].as_str().unwrap()).unwrap();
        assert!(observation["draw_pile"].is_array(), "{r}");
    }
    let sources = sources(&c).await;
    assert!(sources.contains(&"search".to_string()), "{sources:?}");
    assert!(
        sources.iter().all(|s| s == "search" || s == "only"),
        "every turn searched, none fell back: {sources:?}"
    );
    c.close().await.unwrap();
}

/// The sources of the computers' moves so far (`search`, `only`,
/// `policy`, `first`).
async fn sources(c: &Client) -> Vec<String> {
    let v = c
        .execute("return window.tabulaLocal.timings.map((t) => t.source)", vec![])
        .await
        .unwrap();
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect()
}

/// Plays the person's first legal move `n` times (or to the end):
/// answers how many.
async fn play_moves(c: &Client, n: usize) -> usize {
    for played in 0..n {
        until(c, "the person's turn or the end", TURN_OR_END).await;
        let over = c
            .execute("return !document.getElementById('table-result').hidden", vec![])
            .await
            .unwrap();
        if over == Value::Bool(true) {
            return played;
        }
        c.execute(
            "document.querySelector('#table-legal button[data-action]:not([disabled])').click()",
            vec![],
        )
        .await
        .unwrap();
    }
    n
}

#[tokio::test(flavor = "multi_thread")]
async fn past_the_deadline_a_move_falls_back_to_the_policy_and_only_that_move() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    let (s, c) = player(&d, "local2").await;
    // One millisecond: no worker answers in time.
    hearts_in_the_page(
        &c,
        &s.base,
        &[("tabula-deadline-ms", "1")],
        &[("end_score", "1")],
        LEVEL_4,
    )
    .await;
    play_moves(&c, 4).await;
    let early = sources(&c).await;
    assert!(early.contains(&"policy".to_string()), "{early:?}");
    assert!(
        early.iter().all(|s| s == "policy" || s == "only"),
        "every move past its deadline fell back to the level's policy: {early:?}"
    );
    // The deadline back to normal: the next moves are the search's again.
    c.execute("sessionStorage.removeItem('tabula-deadline-ms')", vec![])
        .await
        .unwrap();
    play_moves(&c, 3).await;
    let later: Vec<String> = sources(&c).await.into_iter().skip(early.len()).collect();
    assert!(later.contains(&"search".to_string()), "{later:?}");
    assert!(
        c.execute("return sessionStorage.getItem('tabula-wasm-broken')", vec![])
            .await
            .unwrap()
            .is_null()
    );
    play_to_the_end(&c).await;
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn a_late_answer_of_an_old_worker_is_never_applied_and_one_legal_move_needs_no_worker() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    let (s, c) = player(&d, "local3").await;
    hearts_in_the_page(&c, &s.base, &[], &[], LEVEL_4).await;
    until(&c, "the person's first turn", TURN_OR_END).await;
    // A Computer of its own on a table of its own: computers everywhere.
    let report: Value = c
        .execute_async(
            r#"const done = arguments[0];
            (async () => {
              const g = window.tabulaLocal;
              const { LocalTable } = g.module.bindings;
              const request = { game: 'hearts', options: null, seats: [0, 1, 2, 3].map(() => ({ ai: 'level:4' })) };
              const table = new LocalTable(JSON.stringify(request), '77');
              const turn = JSON.parse(table.next());
              const Computer = g.computer.constructor;
              const lone = new Computer(g.module);
              const only = await lone.decide('hearts', null, { ...turn, only: turn.first });
              const comp = new Computer(g.module);
              const pending = comp.decide('hearts', null, turn, 60000);
              const oldGen = comp.gen;
              const id = comp.pending.id;
              // A new game (or a changed option, or leaving) cancels: a new generation.
              comp.reset();
              const fallback = await pending;
              const other = turn.first;
              comp.deliver(oldGen, { type: 'decision', gen: oldGen, id, answer: { action: other, source: 'search' } });
              comp.deliver(comp.gen, { type: 'decision', gen: comp.gen, id, answer: { action: other, source: 'search' } });
              const again = await comp.decide('hearts', null, turn, 60000);
              done({ only, onlyStarted: lone.started, fallback, ignored: comp.ignored, again, started: comp.started,
                     legal: JSON.parse(table.answer()).legal, first: turn.first });
            })().catch((e) => done({ error: String(e) }));"#,
            vec![],
        )
        .await
        .unwrap();
    assert!(report.get("error").is_none(), "{report}");
    assert_eq!(report["only"]["source"], "only", "{report}");
    assert_eq!(report["onlyStarted"], 0, "one legal action starts no worker: {report}");
    assert_eq!(report["fallback"]["source"], "policy", "{report}");
    assert!(report["ignored"].as_u64().unwrap() >= 2, "{report}");
    assert_eq!(report["again"]["source"], "search", "{report}");
    assert_eq!(report["started"], 2, "the cancelled worker was replaced: {report}");
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn a_module_that_fails_to_download_is_not_used_again_this_session() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    let (s, c) = player(&d, "local4").await;
    let missing = [("tabula-test-worker-wasm", "/wasm/tabula-0000000000000000.wasm")];
    hearts_in_the_page(&c, &s.base, &missing, &[("end_score", "1")], LEVEL_4).await;
    play_moves(&c, 2).await;
    until(
        &c,
        "the session marks the module broken",
        "return !!sessionStorage.getItem('tabula-wasm-broken')",
    )
    .await;
    let moves = sources(&c).await;
    assert!(!moves.contains(&"search".to_string()), "{moves:?}");
    assert!(
        moves.contains(&"policy".to_string()),
        "the page's own module answered: {moves:?}"
    );
    // The next game of the session is the server's.
    open(&c, &format!("{}/new/hearts", s.base)).await;
    let offered = c
        .execute("return !document.getElementById('new-where').hidden", vec![])
        .await
        .unwrap();
    assert_eq!(offered, Value::Bool(false));
    find(&c, "#new-start").await.click().await.unwrap();
    let deadline = Instant::now() + WAIT;
    while !c.current_url().await.unwrap().path().starts_with("/table/") {
        assert!(Instant::now() < deadline, "the game did not open on the server");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn every_fixed_decision_is_the_same_in_the_browser_as_natively() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    let s = common::TestServer::start(common::Engine::Sqlite, |_| {}).await.unwrap();
    let c = web::browser(&d).await;
    open(&c, &format!("{}/new", s.base)).await;
    let cases: Value = serde_json::from_str(include_str!("../../wasm/tests/data/decisions.json")).unwrap();
    // The module in the page decides every case (the request as the worker
    // gets it); times are the machine's, the rest must be the native build's.
    let answers: Value = c
        .execute_async(
            r#"const [cases, done] = arguments;
            (async () => {
              const { loadModule } = await import('/assets/js/local.js');
              const m = await loadModule();
              if (!m) return { error: 'no module' };
              const out = [];
              for (const c of cases) {
                const started = performance.now();
                // The request as the page builds it (its observation is
                // JSON text); the answer kept as text for the test to read.
                const answer = m.bindings.decide(JSON.stringify(c.request));
                out.push({ answer, ms: performance.now() - started });
              }
              return out;
            })().then(done, (e) => done({ error: String(e) }));"#,
            vec![cases.clone()],
        )
        .await
        .unwrap();
    assert!(answers.get("error").is_none(), "{answers}");
    let cases = cases.as_array().unwrap();
    for (case, got) in cases.iter().zip(answers.as_array().unwrap()) {
        let game = case["request"]["game"].as_str().unwrap();
        // The answer as text, read here: its numbers whole.
        let mut answer: Value = serde_json::from_str(got["answer"].as_str().unwrap()).unwrap();
        answer.as_object_mut().unwrap().remove("ms");
        answer["stats"].as_object_mut().unwrap().remove("time_ms");
        assert_eq!(answer, case["expected"], "{game}: the browser decided otherwise");
        eprintln!(
            "{game} {}: {:.1} ms in the browser",
            case["request"]["player"], got["ms"]
        );
    }
    assert_eq!(answers.as_array().unwrap().len(), cases.len());
    c.close().await.unwrap();
}
