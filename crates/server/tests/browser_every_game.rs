//! Every registered game's page in headless Chromium, with no edit when a
//! game is added: its new-game form (`/new/{game}`) offering the game's
//! default player at each computer seat; started against its cheapest
//! computers, drawn by its renderer (where `assets/js/render/` has one),
//! a whole hand (a game without hands: the game, or its first moves)
//! played from the page by the keyboard alone, no error shown (a game
//! with its own page test, `tests/browser_<game>.rs`, which plays its
//! hands from the page, the keyboard among them: its first
//! [`OWN_TEST_MOVES`] moves); and for a
//! game with hidden information and a swap hook, the page at the person's
//! first turn byte for byte the same when two cards the person cannot see
//! are swapped in the server's truth. Each page (the form, the table at
//! the first turn and after the hand, the rules) is checked at a laptop's
//! and a phone's size: no sideways scrolling, the centre and the hand on
//! one screen, no serious or critical axe-core finding.

use crate::table_page;
use crate::web;

use table_page::{LIST_TURN_OR_END, player, start_game, swap_keeps_the_page, until};
use tabula_contract::GameEntry;
use web::{browser_slot, driver, open, page_faults};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_registered_game_plays_on_its_page() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    let (s, c) = player(&d, "every game").await;
    let mut swaps = 0;
    let mut tables_linked = 0;
    let mut faults = Vec::new();
    let renderers = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/js/render");
    for entry in tabula_registry::games() {
        let name = entry.info().name;
        // The form seats the game's own default player at every computer
        // seat (the first choice once won where no example was it).
        open(&c, &format!("{}/new/{name}", s.base)).await;
        until(
            &c,
            "the seats",
            "return document.getElementById('new-seats').dataset.busy === 'false' && !!document.getElementById('seat-1')",
        )
        .await;
        faults.extend(page_faults(&c, &format!("{name}-form")).await);
        // The seats' choices by the names people read ("Expert"), the
        // spec ("level:4") only under each seat's details.
        let specs = crate::table_page::strings(
            &c,
            "return [...document.querySelectorAll('#new-seats option')].map((o) => o.textContent).filter((t) => /[a-z]+:[0-9]/.test(t))",
            vec![],
        )
        .await;
        assert!(specs.is_empty(), "{name}: the seats offer {specs:?}");
        let chosen = c
            .execute(
                "return [...document.querySelectorAll('#new-seats select')].slice(1).map((s) => s.value)",
                vec![],
            )
            .await
            .unwrap();
        let chosen: Vec<&str> = chosen.as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
        assert!(
            !chosen.is_empty() && chosen.iter().all(|&p| p == entry.default_player()),
            "{name}: the form seats {chosen:?}, not the default {}",
            entry.default_player()
        );
        // A game with endgame tables links its tables page from its form
        // (the page was linked from nowhere); no other game has the link.
        let linked = c
            .execute(
                "return document.querySelector(`#new-links a[href='/tables/${arguments[0]}']`) !== null",
                vec![serde_json::json!(name)],
            )
            .await
            .unwrap();
        // The rules, from the form and from the table; the page is the
        // game's own text, with its title.
        let rules = format!("/rules/{name}");
        let linked_rules = c
            .execute(
                "return document.getElementById('new-rules')?.getAttribute('href')",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(linked_rules, serde_json::json!(rules), "{name}: the form's rules link");
        let tables = entry.capabilities().tablebase.is_some();
        assert_eq!(linked, serde_json::json!(tables), "{name}: the tables page link");
        tables_linked += usize::from(tables);
        // The form offered the defaults; the table seats the cheapest
        // computers, for the whole hand played below.
        let seats = entry.open(&serde_json::Value::Null).unwrap().seats();
        let cheap: Vec<(usize, &str)> = (1..seats).map(|i| (i, cheapest(*entry))).collect();
        let id = start_game(&c, &s.base, name, &[], &cheap).await;
        if !renderers.join(format!("{name}.js")).is_file() {
            // A game without a renderer is drawn by the shell's list: the
            // page asks for no renderer file (it once got a 404).
            let asked = c
                .execute(
                    "return performance.getEntriesByType('resource').some((e) => e.name.endsWith(`/render/${arguments[0]}.js`))",
                    vec![serde_json::json!(name)],
                )
                .await
                .unwrap();
            assert_eq!(
                asked,
                serde_json::json!(false),
                "{name}: the page asked for a renderer it has not"
            );
        }
        if renderers.join(format!("{name}.js")).is_file() {
            let drawn = c
                .execute(
                    "return document.getElementById('table-board').childElementCount",
                    vec![],
                )
                .await
                .unwrap();
            assert!(drawn.as_u64().unwrap() > 0, "{name}: its renderer drew nothing");
            // Where the play happens is marked, for the phone check.
            let centre = c
                .execute(
                    "return document.querySelector('#table-board [data-region=centre]') !== null",
                    vec![],
                )
                .await
                .unwrap();
            assert_eq!(centre, serde_json::json!(true), "{name}: its renderer marks no centre");
        }
        // At the person's first turn a hidden game has unseen cards; a game
        // whose module offers no swap hook (`GameModule::swap_unseen`)
        // exchanges nothing, and says so below.
        let swapped = entry.info().hidden_information && swap_keeps_the_page(&c, &s, &id).await;
        swaps += usize::from(swapped);
        until(&c, "the person's turn or the end", LIST_TURN_OR_END).await;
        // The person's turn starts with the keyboard on the play, not at
        // the top of the page (Abalone's board once took twelve Tabs).
        let focused = c
            .execute(
                "return !document.getElementById('table-result').hidden || ['table-board', 'table-legal'].some((id) => document.getElementById(id).contains(document.activeElement))",
                vec![],
            )
            .await
            .unwrap();
        if focused != serde_json::json!(true) {
            faults.push(format!(
                "{name}-table: the keyboard is not on the play at the person's turn"
            ));
        }
        faults.extend(page_faults(&c, &format!("{name}-table")).await);
        let linked_rules = c
            .execute(
                "return document.getElementById('table-rules').getAttribute('href')",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(linked_rules, serde_json::json!(rules), "{name}: the table's rules link");
        let seats = web::text(&c, "#table-seats").await;
        assert!(
            !seats.contains("level:") && !seats.contains(cheapest(*entry)),
            "{name}: the table names its computers by spec: {seats}"
        );
        // A game whose own page test plays its hands plays its first moves
        // here (each move of a whole hand by the keyboard costs a dozen
        // WebDriver calls: Dou Dizhu's and Guandan's took 11 and 13 s).
        let own_test = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!("tests/browser_{name}.rs"))
            .is_file();
        let limit = own_test.then_some(OWN_TEST_MOVES);
        let (moves, listed) = a_hand_by_the_keyboard(&c, *entry, &id, limit).await;
        // Later in the game: other panels, played cards, bids.
        until(&c, "the page", "return document.body.dataset.busy !== 'true'").await;
        faults.extend(page_faults(&c, &format!("{name}-later")).await);
        open(&c, &format!("{}{rules}", s.base)).await;
        assert_eq!(
            web::text(&c, "#rules h1").await,
            entry.info().title,
            "{name}: its rules page"
        );
        assert!(
            c.find(fantoccini::Locator::Css("#rules h2")).await.is_ok(),
            "{name}: its rules page has no sections"
        );
        faults.extend(page_faults(&c, &format!("{name}-rules")).await);
        let swap = if swapped {
            ", unchanged by a swap of unseen cards"
        } else {
            ""
        };
        let what = if own_test {
            "its first moves"
        } else if entry.info().chance {
            "a whole hand"
        } else {
            "the game"
        };
        eprintln!(
            "{name}: its page plays{swap}; {what} in {moves} moves by the keyboard alone ({listed} from the list)"
        );
    }
    assert!(faults.is_empty(), "{} faults:\n{}", faults.len(), faults.join("\n"));
    assert!(swaps > 0, "no game's page was checked against a swap of unseen cards");
    assert!(tables_linked > 0, "no game's form was checked for its tables link");
    c.close().await.unwrap();
}

/// The most of the person's moves a hand may take in the keyboard test
/// (a Skyjo round ends when a grid is all face up: the person's keyboard
/// moves may keep theirs down for 80 moves and more, until a computer's
/// is).
const HAND_MOVES: usize = 300;
/// The person's moves it plays of a game without hands (Abalone's whole
/// game by the keyboard is browser_abalone.rs's).
const GAME_MOVES: usize = 20;
/// The person's moves it plays of a game with its own page test.
const OWN_TEST_MOVES: usize = 3;

/// The move log's count (the person's move and the replies raise it).
const MOVE_COUNT: &str = "return Number(document.getElementById('table-move-count').textContent)";

/// One move of the person's by the keyboard alone: Enter on the control
/// the page focused at their turn; where that only selects (a card of a
/// pass, a marble), Tab on through the page to the list of every legal
/// move (opened by Enter on its summary) and Enter on its first.
async fn keyboard_move(c: &fantoccini::Client, name: &str) -> &'static str {
    let count = |c: &fantoccini::Client| {
        let c = c.clone();
        async move { c.execute(MOVE_COUNT, vec![]).await.unwrap().as_u64().unwrap() }
    };
    let enter = |c: &fantoccini::Client| {
        let c = c.clone();
        async move { c.active_element().await.unwrap().send_keys("\u{E007}").await.unwrap() }
    };
    let before = count(c).await;
    enter(c).await;
    until(c, "the page", "return document.body.dataset.busy !== 'true'").await;
    if count(c).await > before {
        return "focus";
    }
    for _ in 0..400 {
        // Tab presses, all but the last of those the page's tab order puts
        // between the focus and the list (one WebDriver call for them, where
        // each press and look was two), then one at a time.
        let ahead = c.execute(TABS_AHEAD, vec![]).await.unwrap().as_u64().unwrap_or(0);
        let presses = "\u{E004}".repeat(ahead.max(2) as usize - 1); // Tab
        c.active_element().await.unwrap().send_keys(&presses).await.unwrap();
        let at = c
            .execute(
                "const a = document.activeElement; if (a?.matches('#table-legal button[data-action]')) return 'move'; if (a?.matches('#table-legal-all > summary')) return document.getElementById('table-legal-all').open ? 'open' : 'closed'; return ''",
                vec![],
            )
            .await
            .unwrap();
        match at.as_str().unwrap() {
            "move" => {
                enter(c).await;
                until(c, "the move", "return document.body.dataset.busy !== 'true'").await;
                assert!(count(c).await > before, "{name}: Enter on a listed move played nothing");
                return "list";
            }
            "closed" => enter(c).await,
            _ => {}
        }
    }
    panic!("{name}: no legal move reached by Tab");
}

/// How many Tab presses the page's tab order puts between the focus and
/// the list of every legal move (its summary while it is closed, else its
/// first move): visible, enabled elements that take focus, in document
/// order (no positive `tabindex` is used). 0 when the list is behind the
/// focus or not found: the caller then steps one press at a time.
const TABS_AHEAD: &str = r#"
const all = [...document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]')]
  .filter((e) => !e.disabled && e.tabIndex >= 0 && e.getClientRects().length > 0);
const list = document.getElementById('table-legal-all');
const target = list.open ? list.querySelector('#table-legal button[data-action]') : list.querySelector('summary');
const from = all.indexOf(document.activeElement);
const to = all.indexOf(target);
return to > from ? to - from : 0;
"#;

/// Plays one whole hand of game `entry` at table `id` (a whole game, up
/// to its first [`GAME_MOVES`] moves, where the game deals no hands) by
/// the keyboard alone (its first `limit` moves only, when given): the person's moves end when
/// the game or the hand does (the answer's `round` moves on). Answers the
/// moves played and how many of them came from the list of every legal
/// move.
async fn a_hand_by_the_keyboard(
    c: &fantoccini::Client,
    entry: &dyn GameEntry,
    id: &str,
    limit: Option<usize>,
) -> (usize, usize) {
    let name = entry.info().name;
    until(c, "the person's turn or the end", LIST_TURN_OR_END).await;
    let mut round = table_page::api_answer(c, id).await["round"].as_u64().unwrap();
    let (mut moves, mut listed, mut this_hand) = (0, 0, 0);
    // A game of chance deals hands; one without plays one game.
    let dealt = entry.info().chance;
    loop {
        until(c, "the person's turn or the end", LIST_TURN_OR_END).await;
        let answer = table_page::api_answer(c, id).await;
        let now = answer["round"].as_u64().unwrap();
        // A hand thrown in after a move or two (every seat passed at
        // Dou Dizhu) does not count: the next one is played too.
        if now != round && this_hand < 3 && answer["over"] != true {
            (round, this_hand) = (now, 0);
        }
        if answer["over"] == true || now != round || !dealt && moves == GAME_MOVES || Some(moves) == limit {
            return (moves, listed);
        }
        assert!(moves < HAND_MOVES, "{name}: the hand is not over after {moves} moves");
        if keyboard_move(c, name).await == "list" {
            listed += 1;
        }
        moves += 1;
        this_hand += 1;
        assert!(!web::shown(c, "#table-error").await, "{name}: the page shows an error");
    }
}

/// The cheapest computer a game's form offers: Beginner, else random
/// (the whole hand played by the keyboard waits on them).
fn cheapest(entry: &dyn GameEntry) -> &'static str {
    if entry.players().iter().any(|p| p.form == "level:N") {
        "level:1"
    } else if entry.players().iter().any(|p| p.name == "random") {
        "random"
    } else {
        entry.default_player()
    }
}
