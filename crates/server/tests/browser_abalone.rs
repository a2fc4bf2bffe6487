//! Abalone end to end in headless Chromium, with 2v2 and 3v2 solved and
//! installed for the test server (about a second each): a whole game
//! against level 1 from a small position, played by keyboard alone (the
//! arrow keys move the focus ring, Space selects marbles and plays a
//! destination) up to the result; and a 3v2 trainer position won against
//! level 4 by asking for the table's best move and clicking it, the page
//! saying after each move that the win was kept.
//!
//! Every wait is for a condition on the page. Without chromedriver these
//! tests say so and pass, unless `TABULA_REQUIRE_BROWSER=1`.

use crate::common;
use crate::web;

use std::time::{Duration, Instant};

use common::{Engine, TestServer};
use fantoccini::{Client, Locator};
use serde_json::{Value, json};
use tabula_abalone::tablebase::{self, Class, Indexer, Solved, position_of, probe};
use tabula_abalone::{Cell, Move, Position};
use tabula_search::backward::{Value as TableValue, decode};
use web::{WAIT, browser, browser_slot, driver, find, open, shown, snapshot, text};

/// The tables, installed for the process's servers.
fn tables() -> &'static Solved {
    common::abalone_tables()
}

/// Whose move it is, as the page says, once no request is in flight.
#[derive(Debug, PartialEq)]
enum Turn {
    Mine,
    Over,
}

async fn next_turn(c: &Client) -> Turn {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let idle = c.find(Locator::Css("[data-busy='true']")).await.is_err();
        if idle && shown(c, "#table-result").await && !text(c, "#table-result-text").await.is_empty() {
            return Turn::Over;
        }
        if idle
            && text(c, "#table-status").await == "Your move."
            && c.find(Locator::Css("[data-movable='true']")).await.is_ok()
        {
            return Turn::Mine;
        }
        if Instant::now() > deadline {
            let a = answer(c).await;
            panic!(
                "neither my turn nor the end came: {} {a}",
                text(c, "#table-status").await
            );
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Starts a game from the new-game form: options set, White a computer,
/// on the server (or, with `local`, in the page).
async fn start_from_the_form(
    c: &Client,
    base: &str,
    layout: Option<&str>,
    position: Option<&str>,
    no_progress: Option<&str>,
    white: &str,
) {
    start_from_the_form_at(c, base, layout, position, no_progress, white, false).await;
}

async fn start_from_the_form_at(
    c: &Client,
    base: &str,
    layout: Option<&str>,
    position: Option<&str>,
    no_progress: Option<&str>,
    white: &str,
    local: bool,
) {
    open(c, &format!("{base}/new/abalone")).await;
    if let Some(n) = no_progress {
        let input = find(c, "#option-no_progress").await;
        input.clear().await.unwrap();
        input.send_keys(n).await.unwrap();
    }
    if let Some(l) = layout {
        find(c, "select#option-layout").await.select_by_value(l).await.unwrap();
    }
    if let Some(p) = position {
        find(c, "#option-position").await.send_keys(p).await.unwrap();
    }
    // The seats are redrawn as options change: wait for White's seat under them.
    find(c, "#new-seats[data-busy='false']").await;
    let seat = find(c, "#seat-1").await;
    seat.select_by_value(white).await.unwrap();
    // The server's game (its tables the server's), or the page's (its
    // tables fetched chunk by chunk).
    c.execute(
        "const box = document.getElementById('new-local'); if (box) box.checked = arguments[0];",
        vec![json!(local)],
    )
    .await
    .unwrap();
    find(c, "#new-start").await.click().await.unwrap();
    let deadline = Instant::now() + WAIT;
    let prefix = if local { "/local/" } else { "/table/" };
    while !c.current_url().await.unwrap().path().starts_with(prefix) {
        assert!(
            Instant::now() < deadline,
            "the game did not open: {}",
            text(c, "#new-error").await
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    find(c, "#abalone-board").await;
}

/// The game's answer, as the page's own request would get it.
async fn answer(c: &Client) -> Value {
    c.execute_async(
        "fetch('/api/games/' + location.pathname.split('/').pop()).then(r => r.json()).then(arguments[0])",
        vec![],
    )
    .await
    .unwrap()
}

fn position_of_view(view: &Value) -> Position {
    let list = |side: &str| {
        view[side]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap())
            .collect::<Vec<_>>()
            .join(",")
    };
    format!(
        "black:{} white:{} to:{}",
        list("black"),
        list("white"),
        view["to_move"].as_str().unwrap()
    )
    .parse()
    .unwrap()
}

/// The cells a move moves into (the head's next cell in line, each
/// marble's next cell side-stepping).
fn destinations(m: Move) -> Vec<Cell> {
    if m.is_inline() {
        m.head().neighbour(m.dir()).into_iter().collect()
    } else {
        m.marbles().filter_map(|c| c.neighbour(m.dir())).collect()
    }
}

/// Presses arrow keys until the focus ring is on `target`: rows first,
/// then along the row (each key waits until the ring moved).
async fn walk_to(board: &fantoccini::elements::Element, target: Cell) {
    let (tr, tc) = target.coords();
    let deadline = Instant::now() + WAIT;
    loop {
        let at = board.attr("data-focus").await.unwrap().unwrap();
        let (r, col) = Cell::parse(&at).unwrap().coords();
        if (r, col) == (tr, tc) {
            return;
        }
        let key = if r < tr {
            "\u{E013}" // up
        } else if r > tr {
            "\u{E015}" // down
        } else if col < tc {
            "\u{E014}" // right
        } else {
            "\u{E012}" // left
        };
        board.send_keys(key).await.unwrap();
        while board.attr("data-focus").await.unwrap().as_deref() == Some(at.as_str()) {
            assert!(Instant::now() < deadline, "the focus ring did not move from {at}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// Plays `m` with the keyboard alone: Space on each of its marbles, then
/// Space on its destination when only it goes there, else Enter on its
/// direction's button.
async fn play_by_keyboard(c: &Client, board: &fantoccini::elements::Element, pos: &Position, m: Move) {
    for marble in m.marbles() {
        walk_to(board, marble).await;
        board.send_keys("\u{E00D}").await.unwrap();
        find(c, &format!("[data-cell='{marble}'][data-selected='true']")).await;
    }
    // Space on a destination plays the move when only it goes there;
    // else Enter on the direction's button.
    let same: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|o| o.marbles().collect::<Vec<_>>() == m.marbles().collect::<Vec<_>>())
        .collect();
    let dest = destinations(m)
        .into_iter()
        .find(|d| same.iter().filter(|o| destinations(**o).contains(d)).count() == 1);
    match dest {
        Some(cell) => {
            walk_to(board, cell).await;
            board.send_keys("\u{E00D}").await.unwrap();
        }
        None => {
            let button = find(c, &format!("button[data-dir='{}']", m.dir())).await;
            button.send_keys("\u{E007}").await.unwrap();
        }
    }
}

/// A 3v2 position that Black, to move, wins in `plies` plies.
fn won_in(tables: &Solved, plies: u32) -> Position {
    let class: Class = "3v2".parse().unwrap();
    let values = tables.values(class).unwrap();
    let ix = Indexer::new(class);
    (0..ix.size())
        .step_by(2)
        .filter(|&i| decode(values[i as usize]) == Some(TableValue::Win(plies)))
        .find_map(|i| ix.entry(i))
        .map(|e| position_of(&e))
        .expect("such a position")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_against_level_one_by_keyboard() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    let tables = tables();
    let s = TestServer::start(Engine::Sqlite, |_| {}).await.unwrap();
    let c = browser(&d).await;
    let start = won_in(tables, 5);
    start_from_the_form(&c, &s.base, None, Some(&start.to_string()), None, "level:1").await;
    let board = find(&c, "#abalone-board").await;
    let mut moves = 0;
    // The coordinates around the board: each row's letter and each
    // diagonal's number, as the notation names cells.
    let coords = c
        .execute(
            "return [...document.querySelectorAll('#abalone-board .abalone-coord')].map((t) => t.textContent).sort().join('')",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(coords, "123456789abcdefghi");
    while next_turn(&c).await == Turn::Mine {
        assert!(moves < 10, "a win in 5 plies takes 3 moves of mine");
        let a = answer(&c).await;
        if moves > 0 {
            // The computer's last move is marked: the cells its marbles
            // moved into, each now a white marble.
            let last = c
                .execute(
                    "return [...document.querySelectorAll('#abalone-board [data-last=true]')].map((g) => g.dataset.cell)",
                    vec![],
                )
                .await
                .unwrap();
            let last: Vec<&str> = last.as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
            let white: Vec<&str> = a["view"]["white"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap())
                .collect();
            assert!((1..=3).contains(&last.len()), "{last:?}");
            // Each rolled in from the cell it left, one step away.
            let from = c
                .execute(
                    "return [...document.querySelectorAll('#abalone-board [data-last=true]')].every((g) => /^[a-i][1-9]$/.test(g.dataset.from ?? '') && g.dataset.from !== g.dataset.cell)",
                    vec![],
                )
                .await
                .unwrap();
            assert_eq!(from, serde_json::json!(true), "{last:?}");
            assert!(
                last.iter().all(|cell| white.contains(cell)),
                "{last:?} are White's: {white:?}"
            );
        }
        let pos = position_of_view(&a["view"]);
        let (m, _) = probe::best_move(tables, &pos).expect("the tables know the position");
        assert!(
            a["legal"]
                .as_array()
                .unwrap()
                .iter()
                .any(|l| l["label"] == m.to_string().as_str())
        );
        play_by_keyboard(&c, &board, &pos, m).await;
        // The move is in the log before the next turn is read.
        let ply = a["ply"].as_u64().unwrap();
        find(&c, &format!("#table-moves li[data-ply='{ply}']")).await;
        moves += 1;
    }
    let result = text(&c, "#table-result-text").await;
    assert!(result.starts_with("You win!"), "{result}");
    snapshot(&c, "abalone-keyboard-end").await;
    let a = answer(&c).await;
    assert_eq!(a["result"]["winners"], json!([0]), "the server scored the win");
    assert_eq!(
        a["view"]["white"].as_array().unwrap().len(),
        1,
        "White is down to one marble"
    );
    c.close().await.unwrap();
}

/// The moves in the page's log.
async fn moves_logged(c: &Client) -> u64 {
    c.execute("return document.querySelectorAll('#table-moves li').length", vec![])
        .await
        .unwrap()
        .as_u64()
        .unwrap()
}

/// Plays a 3v2 trainer game against level 4 by asking for the table's
/// best move and clicking it, up to the win, the page saying after each
/// move that the win was kept.
async fn win_the_trainer(c: &Client, base: &str, local: bool) {
    start_from_the_form_at(c, base, Some("trainer-3v2"), None, None, "level:4", local).await;
    let verdict = text(c, "#abalone-verdict").await;
    assert!(verdict.starts_with("Tablebase: Black wins in "), "{verdict}");
    assert!(
        text(c, "#abalone-trainer")
            .await
            .starts_with("Trainer 3v2: Black wins in")
    );
    assert!(!shown(c, "#abalone-best").await, "the best move shows only on request");
    let mut moves = 0;
    while next_turn(c).await == Turn::Mine {
        if moves > 0 {
            let kept = find(c, "#abalone-trainer").await;
            assert_eq!(kept.attr("data-kept").await.unwrap().as_deref(), Some("true"));
            assert!(kept.text().await.unwrap().starts_with("You kept the win"));
        }
        assert!(moves < 8, "3v2 wins take at most 7 plies");
        find(c, "#abalone-best-button").await.click().await.unwrap();
        let best = text(c, "#abalone-best").await;
        if moves == 1 {
            snapshot(c, "abalone-trainer").await;
        }
        let m: Move = best.rsplit(' ').next().unwrap().parse().unwrap();
        for marble in m.marbles() {
            find(c, &format!("[data-cell='{marble}']")).await.click().await.unwrap();
            find(c, &format!("[data-cell='{marble}'][data-selected='true']")).await;
        }
        let ply = moves_logged(c).await;
        find(c, &format!("button[data-dir='{}']:not([disabled])", m.dir()))
            .await
            .click()
            .await
            .unwrap();
        find(c, &format!("#table-moves li[data-ply='{ply}']")).await;
        moves += 1;
    }
    let result = text(c, "#table-result-text").await;
    assert!(result.starts_with("You win!"), "{result}");
    assert!(text(c, "#abalone-trainer").await.starts_with("You converted the win"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trainer_position_is_won_with_the_tables_best_moves() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    tables();
    let s = TestServer::start(Engine::Sqlite, |_| {}).await.unwrap();
    let c = browser(&d).await;
    // The form says which tables a trainer lacks.
    open(&c, &format!("{}/new/abalone", s.base)).await;
    find(&c, "select#option-layout")
        .await
        .select_by_value("trainer-4v2")
        .await
        .unwrap();
    let deadline = Instant::now() + WAIT;
    while !shown(&c, "#new-error").await {
        assert!(Instant::now() < deadline, "no word about the missing tables");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let error = text(&c, "#new-error").await;
    assert!(
        error.contains("tablebase of 4v2, which is not installed here"),
        "{error}"
    );
    assert!(
        !error.contains("tabula "),
        "no operator's command for a player: {error}"
    );
    // A Discovery start (7v7, no table of it): the page says there is no
    // verdict in a player's words, without the operator's commands.
    start_from_the_form_at(&c, &s.base, Some("discovery"), None, None, "level:1", false).await;
    let verdict = text(&c, "#abalone-verdict").await;
    assert_eq!(
        verdict,
        "No tablebase verdict here: this server has no endgame tables of this material."
    );

    win_the_trainer(&c, &s.base, false).await;
    // The figures page shows the installed classes.
    open(&c, &format!("{}/abalone/tables", s.base)).await;
    let longest = text(&c, "tr[data-class='3v2'][data-side='strong'] .longest").await;
    assert_eq!(longest, "7");
    c.close().await.unwrap();
}

/// A whole game from the Belgian daisy against level 1, by keyboard alone:
/// the person plays the first legal move each turn, and the game ends by
/// the no-progress rule (set to 6 plies in the form), a draw the server
/// scores.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_from_the_belgian_daisy_by_keyboard() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    // Seeded: level 1's mistakes are drawn from the table's seed, and on
    // some secret seeds its play ejected six marbles before six quiet
    // plies came (CI, 1 run in some tens).
    let s = TestServer::start(Engine::Sqlite, |c| {
        c.seeds = tabula_server::tables::Seeds::Derived(12);
    })
    .await
    .unwrap();
    let c = browser(&d).await;
    start_from_the_form(&c, &s.base, Some("belgian"), None, Some("6"), "level:1").await;
    let board = find(&c, "#abalone-board").await;
    let mut moves = 0;
    while next_turn(&c).await == Turn::Mine {
        assert!(moves < 40, "six plies without an ejection end the game");
        let a = answer(&c).await;
        let pos = position_of_view(&a["view"]);
        let m: Move = a["legal"][0]["label"].as_str().unwrap().parse().unwrap();
        play_by_keyboard(&c, &board, &pos, m).await;
        let ply = a["ply"].as_u64().unwrap();
        find(&c, &format!("#table-moves li[data-ply='{ply}']")).await;
        moves += 1;
    }
    let a = answer(&c).await;
    assert_eq!(a["over"], true);
    assert_eq!(a["view"]["quiet_plies"], 6, "the no-progress rule ended it: {a}");
    let result = text(&c, "#table-result-text").await;
    assert!(result.starts_with("A draw."), "{result}");
    c.close().await.unwrap();
}

/// The same trainer played in the page: its module fetches the tables'
/// index, 3v2's manifest and only the chunks its positions need (never
/// the whole table), on the page's thread for the verdict and in the
/// worker for level 4's perfect defence; the finished game is stored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trainer_in_the_page_fetches_only_the_chunks_it_needs() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    tables();
    let s = TestServer::start(Engine::Sqlite, |_| {}).await.unwrap();
    let c = browser(&d).await;
    open(&c, &format!("{}/new/abalone", s.base)).await;
    c.execute("sessionStorage.setItem('tabula-test-hooks', '1')", vec![])
        .await
        .unwrap();
    win_the_trainer(&c, &s.base, true).await;
    let keys: Value = c
        .execute(
            "return [...performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.includes('/api/data/')) \
               .map((n) => n.split('/api/data/abalone/')[1]), ...window.tabulaLocal.computer.dataFetched]",
            vec![],
        )
        .await
        .unwrap();
    let keys: std::collections::BTreeSet<String> = keys
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k.as_str().unwrap().to_string())
        .collect();
    assert!(
        keys.contains("tb/index") && keys.contains("tb/3v2/manifest"),
        "{keys:?}"
    );
    let chunks = keys
        .iter()
        .filter(|k| k.starts_with("tb/3v2/") && !k.ends_with("manifest"))
        .count();
    let of = Class::new(3, 2).unwrap().size().div_ceil(tablebase::web::WEB_CHUNK) as usize;
    eprintln!("fetched {chunks} of 3v2's {of} chunks: {keys:?}");
    assert!(chunks > 0 && chunks < of, "{chunks} of {of}");
    let sources: Value = c
        .execute("return window.tabulaLocal.timings.map((t) => t.source)", vec![])
        .await
        .unwrap();
    assert!(
        sources.as_array().unwrap().iter().all(|s| s == "search" || s == "only"),
        "level 4 answered from the worker: {sources}"
    );
    let listed: Value = c
        .execute_async("fetch('/api/games').then((r) => r.json()).then(arguments[0])", vec![])
        .await
        .unwrap();
    assert!(
        listed
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["game"] == "abalone" && g["over"] == true),
        "{listed}"
    );
    c.close().await.unwrap();
}
