//! The page shell and the new-game form in headless Chromium: a Skyjo game
//! with two computers played to the end on the page, a hand of Hearts
//! passed and played, a hand of Spades bid and played from the keyboard
//! and a match of Euchre played to its end, each with the page's DOM
//! byte-identical when two cards the person cannot see are swapped in the
//! server's truth; watched games; a move sent as its index in the answer's
//! structured legal moves. (Gin Rummy's page: browser_ginrummy.rs.)

use crate::table_page;
use crate::web;

use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};
use serde_json::{Value, json};
use table_page::{Matches, TURN_OR_END, api_answer, player, start_game, strings, swap_keeps_the_page, until};
use web::{browser_slot, driver, find, open, settle, shown, snapshot};

/// Clicks the person's moves on the board until the game ends.
async fn play_to_the_end(c: &Client, limit: Duration) {
    let deadline = Instant::now() + limit;
    loop {
        settle(c).await;
        if shown(c, "#table-result").await {
            return;
        }
        if Instant::now() > deadline {
            let state = c
                .execute(
                    "return [document.getElementById('table-status').textContent, document.getElementById('table-error').textContent, document.getElementById('table-board').innerText.slice(0, 400), document.body.dataset.busy]",
                    vec![],
                )
                .await
                .unwrap();
            panic!("the game did not end: {state}");
        }
        let found = c
            .find(Locator::Css(
                "#table-board button[data-action]:not([disabled]), #sk-draw:not([disabled])",
            ))
            .await;
        if let Ok(button) = found {
            // The board may be drawn again between the find and the click.
            let _ = button.click().await;
        }
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn skyjo_with_two_computers_plays_to_the_end_and_hides_every_unseen_card() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    let (s, c) = player(&d, "skyjo player").await;
    let id = start_game(
        &c,
        &s.base,
        "skyjo",
        &[("players", "3"), ("end_score", "1")],
        &[(1, "level:1"), (2, "level:1")],
    )
    .await;
    // Home offers the unfinished game on the shell; its old address leads there.
    open(&c, &s.base).await;
    find(&c, &format!("#resume-list a[href='/table/{id}']")).await;
    c.goto(&format!("{}/games/{id}", s.base)).await.unwrap();
    until(
        &c,
        "the shell's address",
        &format!("return location.pathname === '/table/{id}'"),
    )
    .await;
    find(&c, "body[data-ready='true']").await;
    // The whole discard pile is a click away.
    find(&c, "#sk-show-discard").await.click().await.unwrap();
    find(&c, "#sk-discard-list").await;
    snapshot(&c, "skyjo-start").await;
    // Swapping cards the person cannot see changes nothing on the page.
    let mut swapped = 0;
    for _ in 0..4 {
        swapped += usize::from(swap_keeps_the_page(&c, &s, &id).await);
        let button = find(&c, "#table-board button[data-action]:not([disabled]), #sk-draw").await;
        button.click().await.unwrap();
        settle(&c).await;
    }
    assert!(swapped >= 3, "the hook found unseen cards ({swapped})");
    // Mid-round, each seat's line says what its face-up cards show this
    // round, apart from the match's total ("Total 0" read as the round's).
    // At the person's turn no computer move is pending: the server's answer
    // is the page's.
    until(&c, "the person's turn", TURN_OR_END).await;
    let a = api_answer(&c, &id).await;
    let lines = strings(
        &c,
        "return [...document.querySelectorAll('.sk-score')].map((p) => p.textContent)",
        vec![],
    )
    .await;
    let grids = a["view"]["grids"].as_array().unwrap();
    assert_eq!(lines.len(), grids.len(), "{lines:?}");
    for (line, grid) in lines.iter().zip(grids) {
        let up: Vec<i64> = grid.as_array().unwrap().iter().filter_map(Value::as_i64).collect();
        let showing = format!("Showing {} this round ({} card", up.iter().sum::<i64>(), up.len());
        assert!(line.starts_with(&showing), "{line} / {showing}");
        assert!(line.contains("match total 0"), "{line}");
    }
    play_to_the_end(&c, Duration::from_secs(240)).await;
    snapshot(&c, "skyjo-end").await;
    let result = find(&c, "#table-result-text").await.text().await.unwrap();
    assert!(result.contains("Points:"), "{result}");
    let moves = c.find_all(Locator::Css("#table-moves li")).await.unwrap().len();
    assert!(moves > 20, "the log shows the moves ({moves})");
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watched_games_play_on_the_page() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    let (s, c) = player(&d, "watcher").await;
    // Tic-tac-toe between two computers, to the end.
    start_game(&c, &s.base, "tictactoe", &[], &[(0, "random"), (1, "minimax")]).await;
    let deadline = Instant::now() + Duration::from_secs(120);
    while !shown(&c, "#table-result").await {
        assert!(Instant::now() < deadline, "the watched game did not end");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    snapshot(&c, "tictactoe-watched").await;
    // Skyjo between two computers: it moves on by itself.
    start_game(&c, &s.base, "skyjo", &[], &[(0, "level:1"), (1, "level:1")]).await;
    until(
        &c,
        "ten moves of a watched Skyjo game",
        "return document.querySelectorAll('#table-moves li').length >= 10",
    )
    .await;
    snapshot(&c, "skyjo-watched").await;
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hearts_passes_and_plays_a_hand_and_hides_every_unseen_card() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    let (s, c) = player(&d, "hearts player").await;
    // A match to 27 points: no first hand ends it (26 is the most a seat
    // takes), so the second hand's deal comes with the first's summary.
    let id = start_game(
        &c,
        &s.base,
        "hearts",
        &[("end_score", "27")],
        &[(1, "level:1"), (2, "level:2"), (3, "level:1")],
    )
    .await;
    let mut swapped = 0;
    let deadline = Instant::now() + Duration::from_secs(240);
    let mut turns = 0;
    // Turns the finished trick was on the table, and the last trick shown.
    let mut trick_shown = (0, 0);
    let summary = loop {
        until(&c, "the person's turn or the end", TURN_OR_END).await;
        if shown(&c, "#table-result").await {
            panic!(
                "a match to 27 ended with a hand: {}",
                find(&c, "#table-result-text").await.text().await.unwrap()
            );
        }
        assert!(Instant::now() < deadline, "the hand did not end");
        // The first hand is over: its summary stays in the middle of the
        // table through the next deal, the page unchanged by a swap of
        // the new hand's unseen cards.
        if shown(&c, "#hc-summary").await {
            let summary = find(&c, "#hc-summary").await.text().await.unwrap();
            // The hand's last trick: its cards drawn toward the taker
            // (the taker's own card stays), the hand fanned.
            let drawn = c
                .execute(
                    "return [...document.querySelectorAll('.hc-finished .hc-card')].map((c) => c.classList.contains('hc-gather') || c.classList.contains('hc-gathered'))",
                    vec![],
                )
                .await
                .unwrap();
            let drawn: Vec<bool> = drawn.as_array().unwrap().iter().map(|b| b.as_bool().unwrap()).collect();
            assert_eq!((drawn.len(), drawn.iter().filter(|&&b| b).count()), (4, 3), "{drawn:?}");
            let turns = c
                .execute(
                    "const h = [...document.querySelectorAll('.hc-hand.hc-fan > *')].map((b) => parseFloat(b.style.getPropertyValue('--fan-turn'))); return [h[0], h.at(-1)]",
                    vec![],
                )
                .await
                .unwrap();
            assert!(
                turns[0].as_f64().unwrap() < 0.0 && turns[1].as_f64().unwrap() > 0.0,
                "the fan: {turns}"
            );
            assert!(swap_keeps_the_page(&c, &s, &id).await, "the new deal has unseen cards");
            assert!(shown(&c, "#hc-summary").await, "the summary after the swap");
            swapped += 1;
            break summary;
        }
        // Every few turns: cards the person cannot see are swapped in the
        // server's truth, and the page stays byte for byte the same.
        if turns % 4 == 0 {
            swapped += usize::from(swap_keeps_the_page(&c, &s, &id).await);
        }
        turns += 1;
        // The trick just finished stays on the table until the next lead,
        // its taker marked; while a newer trick is down, the last one is
        // shown on demand.
        let tricks: Value = c
            .execute(
                "const done = document.getElementById('hc-trick-done');
                 const toggle = document.getElementById('hc-last-trick-toggle');
                 if (toggle && toggle.getAttribute('aria-expanded') !== 'true') toggle.click();
                 const panel = document.getElementById('hc-last-trick');
                 return {
                   kept: done ? done.textContent : null,
                   finished: document.querySelectorAll('.hc-finished .hc-card').length,
                   takers: [...document.querySelectorAll('.hc-seat.hc-taker h3')].map((h) => h.textContent),
                   last: panel && !panel.hidden ? panel.textContent : null,
                   last_cards: panel ? panel.querySelectorAll('.hc-card').length : 0,
                 };",
                vec![],
            )
            .await
            .unwrap();
        if let Some(kept) = tricks["kept"].as_str() {
            assert_eq!(tricks["finished"], 4, "{tricks}");
            let takers = tricks["takers"].as_array().unwrap();
            assert_eq!(takers.len(), 1, "{tricks}");
            let taker = takers[0].as_str().unwrap();
            assert!(taker.contains("takes the trick"), "{tricks}");
            assert!(
                taker.starts_with(kept.trim_end_matches(" takes the trick.")),
                "{tricks}"
            );
            trick_shown.0 += 1;
        }
        if let Some(last) = tricks["last"].as_str() {
            assert!(last.contains("took it"), "{tricks}");
            assert_eq!(tricks["last_cards"], 4, "{tricks}");
            trick_shown.1 += 1;
        }
        // Passing: pick three cards, then pass them; playing: a legal card.
        let picks = c.find_all(Locator::Css(".hc-hand button[aria-pressed]")).await.unwrap();
        if !picks.is_empty() {
            for i in 0..3 {
                let pick = find(&c, &format!(".hc-hand button[aria-pressed]:nth-of-type({})", i + 1)).await;
                pick.click().await.unwrap();
            }
            find(&c, "#hc-pass[data-action]").await.click().await.unwrap();
        } else if let Ok(card) = c
            .find(Locator::Css(
                ".hc-hand button[data-action]:not([disabled]), #table-board button[data-action]:not([disabled])",
            ))
            .await
        {
            let _ = card.click().await;
        }
    };
    assert!(swapped >= 3, "the hook found unseen cards ({swapped})");
    // The person plays 13 cards: after the first trick, each play sees the
    // finished trick on the table (leading) or the last one on demand.
    assert!(
        trick_shown.0 + trick_shown.1 >= 10,
        "finished tricks shown: {trick_shown:?}"
    );
    // The deal is one line of the log, in the game's words, where it was
    // 52 lines of "Chance: a card dealt".
    let log = strings(
        &c,
        "return [...document.querySelectorAll('#table-moves li')].map((li) => (li.dataset.chance ? 'chance ' : 'move ') + li.textContent)",
        vec![],
    )
    .await;
    assert!(
        log.windows(2)
            .all(|w| !(w[0].starts_with("chance") && w[1].starts_with("chance"))),
        "no two chance lines in a row: {log:?}"
    );
    let deal = &log[0];
    assert!(
        deal.starts_with("chance Chance, 52 moves: The deal is done: South holds "),
        "{deal}"
    );
    assert_eq!(
        deal.rsplit("holds ").next().unwrap().split_whitespace().count(),
        13,
        "{deal}"
    );
    snapshot(&c, "hearts-end").await;
    // The hand's summary: each seat's points for the hand, in the game's
    // words (failed before: no summary).
    assert!(summary.contains("Hand 1 ends: South "), "{summary}");
    for seat in ["West", "North", "East"] {
        assert!(summary.contains(seat), "{summary}");
    }
    let sheet = find(&c, "#hc-scores").await.text().await.unwrap();
    assert!(sheet.contains("Score sheet"), "{sheet}");
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spades_bids_and_plays_a_hand_from_the_keyboard_and_hides_every_unseen_card() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    let (s, c) = player(&d, "spades player").await;
    // A match to 1 point: a side that makes its contract ends it.
    let id = start_game(
        &c,
        &s.base,
        "spades",
        &[("end_score", "1")],
        &[(1, "level:2"), (2, "level:1"), (3, "level:2")],
    )
    .await;
    let mut swapped = 0;
    let mut turns = 0;
    let mut bids = 0;
    let deadline = Instant::now() + Duration::from_secs(240);
    loop {
        until(&c, "the person's turn or the end", TURN_OR_END).await;
        if shown(&c, "#table-result").await {
            break;
        }
        assert!(Instant::now() < deadline, "the match did not end");
        if turns % 3 == 0 {
            swapped += usize::from(swap_keeps_the_page(&c, &s, &id).await);
        }
        turns += 1;
        if c.find(Locator::Css(".sp-bids button")).await.is_ok() {
            // The bid pad: every bid, nil first. The page focuses the pad,
            // not its first button: Enter once bid nil by accident. The
            // arrows enter it at nil; bid 3 by three more, then Enter.
            let pad = c.find_all(Locator::Css(".sp-bids button[data-action]")).await.unwrap();
            assert_eq!(pad.len(), 14, "nil and 1 to 13");
            until(
                &c,
                "the focus on the bid pad",
                "return document.activeElement?.classList.contains('sp-bids') === true",
            )
            .await;
            c.active_element().await.unwrap().send_keys("\u{E014}").await.unwrap(); // →
            let focused = c.active_element().await.unwrap();
            assert_eq!(focused.attr("data-action").await.unwrap().as_deref(), Some("nil"));
            for _ in 0..3 {
                c.active_element().await.unwrap().send_keys("\u{E014}").await.unwrap(); // →
            }
            let focused = c.active_element().await.unwrap();
            assert_eq!(focused.attr("data-action").await.unwrap().as_deref(), Some("bid 3"));
            focused.send_keys("\u{E007}").await.unwrap(); // Enter
            bids += 1;
            continue;
        }
        if bids == 1 && turns < 4 {
            snapshot(&c, "spades-play").await;
        }
        // A card: the first playable one, by the keyboard (End, then Home).
        if c.find(Locator::Css(".hc-hand button[data-action]")).await.is_ok() {
            c.execute("document.querySelector('.hc-hand button[data-action]').focus()", vec![])
                .await
                .unwrap();
            let first = c.active_element().await.unwrap().attr("data-action").await.unwrap();
            c.active_element().await.unwrap().send_keys("\u{E010}").await.unwrap(); // End
            c.active_element().await.unwrap().send_keys("\u{E011}").await.unwrap(); // Home
            let focused = c.active_element().await.unwrap();
            assert_eq!(
                focused.attr("data-action").await.unwrap(),
                first,
                "Home returns to the first card"
            );
            focused.send_keys("\u{E007}").await.unwrap();
        }
    }
    assert!(bids >= 1, "the person bid");
    assert!(swapped >= 3, "the hook found unseen cards ({swapped})");
    snapshot(&c, "spades-end").await;
    let sheet = find(&c, "#sp-scores").await.text().await.unwrap();
    assert!(sheet.contains("South–North") && sheet.contains("Bags"), "{sheet}");
    let result = find(&c, "#table-result-text").await.text().await.unwrap();
    assert!(result.contains("Points:"), "{result}");
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn euchre_plays_to_the_end_and_hides_every_unseen_card() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    let (s, c) = player(&d, "euchre player").await;
    // A match to 3 points: a few hands. The deal is the table's secret
    // seed, so whether the person bids (a seat may order up before it) or
    // sits out a lone hand is the deal's, and a lone march ends such a match
    // in one hand: another match is started until the person has had a few
    // turns (each match is a fresh secret deal).
    let mut bids = 0;
    let (options, seats) = ([("end_score", "3")], [(1, "level:2"), (2, "level:1"), (3, "level:2")]);
    let mut m = Matches::new(&c, &s, "euchre", &options, &seats, Duration::from_secs(300));
    while m.turns < 3 {
        let id = m.start().await;
        while m.turn(&id).await {
            if m.turns == 1 {
                snapshot(&c, "euchre-bid").await;
            }
            // A bid (the first offered: pass when the rules allow it), else
            // a card to discard or play.
            if let Ok(b) = c.find(Locator::Css(".eu-bids button[data-action]")).await {
                bids += 1;
                let _ = b.click().await;
            } else if let Ok(b) = c.find(Locator::Css(".hc-hand button[data-action]")).await {
                let _ = b.click().await;
            }
        }
    }
    let Matches { turns, swapped, .. } = m;
    assert!(turns >= 3, "the person played ({turns} turns, {bids} bids)");
    assert!(swapped >= 3, "the hook found unseen cards ({swapped})");
    snapshot(&c, "euchre-end").await;
    let sheet = find(&c, "#eu-scores").await.text().await.unwrap();
    assert!(sheet.contains("South–North"), "{sheet}");
    let result = find(&c, "#table-result-text").await.text().await.unwrap();
    assert!(result.contains("Points:"), "{result}");
    c.close().await.unwrap();
}

/// The page plays by the answer's structured legal moves: the shell lists
/// each move by its label (the list every game's page has, for keyboard
/// users), and a click sends its index in the list with the ply (never its
/// text), which plays that move. Wide integers of an answer are read
/// exactly (a BigInt), as a Dou Dizhu play's rank counts need.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_plays_a_move_by_its_index_in_the_answers_legal_moves() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    let (s, c) = player(&d, "chooser").await;
    let id = start_game(&c, &s.base, "tictactoe", &[], &[(1, "random")]).await;
    until(&c, "the person's turn", TURN_OR_END).await;
    let answer = api_answer(&c, &id).await;
    let labels: Vec<String> = answer["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["label"].as_str().unwrap().to_string())
        .collect();
    let listed = strings(
        &c,
        "return [...document.querySelectorAll('#table-legal button')].map((b) => b.textContent)",
        vec![],
    )
    .await;
    assert_eq!(listed, labels, "the shell lists every legal move by its label");
    c.execute(
        "window.sentBodies = []; const send = window.fetch; \
         window.fetch = (url, init) => { if (String(url).endsWith('/actions')) window.sentBodies.push(init.body); return send(url, init); }; \
         document.querySelectorAll('#table-legal button')[2].click();",
        vec![],
    )
    .await
    .unwrap();
    until(
        &c,
        "the person's move in the log",
        "return document.querySelectorAll('#table-moves li').length > 0",
    )
    .await;
    let sent = c.execute("return window.sentBodies", vec![]).await.unwrap();
    let body: Value = serde_json::from_str(sent[0].as_str().unwrap()).unwrap();
    assert_eq!((&body["choice"], &body["ply"]), (&json!(2), &answer["ply"]), "{body}");
    assert!(body.get("action").is_none(), "no text is sent: {body}");
    let first = c
        .execute("return document.querySelector('#table-moves li').textContent", vec![])
        .await
        .unwrap();
    assert!(
        first.as_str().unwrap().ends_with(&format!(": {}", labels[2])),
        "{first}"
    );
    let wide = c
        .execute_async(
            "import('/assets/js/common.js').then((m) => arguments[0](String(m.readJson('{\"cards\":72057594037927939}').cards)))",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(wide, "72057594037927939", "read exactly");
    c.close().await.unwrap();
}
