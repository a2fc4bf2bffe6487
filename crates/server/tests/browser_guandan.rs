//! Long file: a match's whole scenario, a function each part (the page
//! checked against the view, the plays from the hand, the keyboard, a
//! selection that is several plays, the hands between sent through the
//! API).
//!
//! Guandan on the page in headless Chromium: a short match (both sides
//! start at the ace, so that a declaring side's win ends it) against
//! three of the cheapest computers, the person's first hand played from
//! the page (Hint then Play, Pass when passing is legal and the play to
//! beat is the partner's or nothing beats it, once from the keyboard
//! alone: the arrow keys, Space to select, Enter to play; once a
//! selection that is several legal plays, a Play button for each), the rest of that hand sent through the API, the next
//! hand's first turns on the page again (its tribute or return buttons
//! when the person gives a card), and the match finished through the API
//! to its result. At each of the person's turns on the page: the hand
//! drawn as the API's view has it (sorted low to high at the level, the
//! wild hearts marked in the face and its name), both sides' levels, who
//! declares, the level card, each seat's count and last play in the
//! trick, the combination to beat; and the page's DOM byte-identical when
//! two cards the person cannot see are swapped in the server's truth.

use crate::table_page;
use crate::web;

use std::time::Duration;

use fantoccini::{Client, Locator};
use serde_json::Value;
use table_page::{Matches, select_by_keyboard, strings, until};
use web::{browser_slot, driver, find, shown, snapshot, text};

/// The person's turns played on the page in the first hand, then in the
/// second (each costs a swap check now and then: the test's time).
const FIRST_HAND_TURNS: usize = 9;
const SECOND_HAND_TURNS: usize = 3;

/// The server's answer for game `id`, read from its text (a play's rank
/// counts reach 60 bits: a JavaScript number would round them).
async fn answer(c: &Client, id: &str) -> Value {
    let text = c
        .execute_async(
            "fetch('/api/games/' + encodeURIComponent(arguments[0])).then((r) => r.text()).then(arguments[1])",
            vec![id.into()],
        )
        .await
        .unwrap();
    serde_json::from_str(text.as_str().unwrap()).unwrap()
}

/// The person's legal moves, from the shell's list of every legal move.
async fn legal(c: &Client) -> Vec<String> {
    strings(
        c,
        "return [...document.querySelectorAll('#table-legal button[data-action]')].map((b) => b.dataset.action)",
        vec![],
    )
    .await
}

/// A card's rank (`10♥` → `10`, `SJ` → `SJ`).
fn rank_of(card: &str) -> &str {
    match card.chars().last() {
        Some('♣' | '♦' | '♥' | '♠') => &card[..card.len() - card.chars().last().unwrap().len_utf8()],
        _ => card,
    }
}

/// A seat's card count as the page words it.
fn cards(n: u64) -> String {
    format!("{n} card{}", if n == 1 { "" } else { "s" })
}

/// A legal play as the test reads it from its action: its label, its
/// ranks low to high (the rank counts read in the view's rank order) and
/// a straight flush's suit.
struct Play {
    label: String,
    ranks: Vec<String>,
    suit: Option<char>,
}

/// The legal plays of an answer, in its order.
fn plays(a: &Value) -> Vec<Play> {
    let names: Vec<&str> = a["view"]["rank_names"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    a["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|m| {
            let p = m["action"].get("play")?;
            let counts = p["combo"]["cards"].as_u64().expect("rank counts as an integer");
            let ranks = (0..names.len())
                .flat_map(|i| std::iter::repeat_n(names[i].to_string(), (counts >> (4 * i) & 15) as usize))
                .collect();
            let suit = ['♣', '♦', '♥', '♠'].get(p["suit"].as_u64().unwrap() as usize).copied();
            Some(Play {
                label: m["label"].as_str().unwrap().to_string(),
                ranks,
                suit,
            })
        })
        .collect()
}

/// A card of the view's hand: its name, rank and whether it is wild.
struct Held {
    card: String,
    rank: String,
    wild: bool,
}

fn hand(a: &Value) -> Vec<Held> {
    a["view"]["hand"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| Held {
            card: c["card"].as_str().unwrap().to_string(),
            rank: c["rank"].as_str().unwrap().to_string(),
            wild: c["wild"].as_bool().unwrap(),
        })
        .collect()
}

/// The places of the hand that make `play`: of each of its ranks a
/// natural card not taken yet (of a straight flush's suit), then wild
/// cards for what is missing; `None` when the hand falls short.
fn places(hand: &[Held], play: &Play) -> Option<Vec<usize>> {
    let mut taken = vec![false; hand.len()];
    let mut missing = 0;
    for r in &play.ranks {
        let at = (0..hand.len()).find(|&i| {
            !taken[i] && !hand[i].wild && hand[i].rank == *r && play.suit.is_none_or(|s| hand[i].card.ends_with(s))
        });
        match at {
            Some(i) => taken[i] = true,
            None => missing += 1,
        }
    }
    for (i, c) in hand.iter().enumerate() {
        if c.wild && missing > 0 {
            taken[i] = true;
            missing -= 1;
        }
    }
    (missing == 0).then(|| (0..hand.len()).filter(|&i| taken[i]).collect())
}

/// The table as the API's view has it: the hand drawn in the view's order,
/// sorted low to high at the level, its wild hearts (the level card)
/// marked in the face and its name; both sides' levels and who declares;
/// the level card; each seat's count and its last play in the trick; the
/// combination to beat and who played it. Answers the answer.
async fn check_table(c: &Client, id: &str) -> Value {
    let a = answer(c, id).await;
    let v = &a["view"];
    let level_card = v["level_card"].as_str().unwrap();
    let rank_names: Vec<&str> = v["rank_names"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    let faces = c
        .execute(
            "return [...document.querySelectorAll('.gd-mine .gd-hand .hc-card')].map((f) => [f.textContent, f.className, f.getAttribute('aria-label')])",
            vec![],
        )
        .await
        .unwrap();
    let faces = faces.as_array().unwrap();
    let held = hand(&a);
    let drawn: Vec<&str> = faces.iter().map(|f| f[0].as_str().unwrap()).collect();
    let names: Vec<&str> = held.iter().map(|h| h.card.as_str()).collect();
    assert_eq!(drawn, names, "the hand drawn is the view's");
    let order: Vec<usize> = drawn
        .iter()
        .map(|c| rank_names.iter().position(|r| *r == rank_of(c)).unwrap())
        .collect();
    assert!(order.is_sorted(), "the hand sorted low to high at the level: {drawn:?}");
    for (f, h) in faces.iter().zip(&held) {
        let (class, label) = (f[1].as_str().unwrap(), f[2].as_str().unwrap());
        assert_eq!(
            h.wild,
            h.card == level_card,
            "the wild cards are the level card: {}",
            h.card
        );
        assert_eq!(class.contains("gd-wild"), h.wild, "{} marked wild: {class}", h.card);
        assert_eq!(label.ends_with(", wild"), h.wild, "{}'s name: {label}", h.card);
    }
    // Both sides' levels, the side that declares, this hand's level card.
    for side in 0..2 {
        let level = text(c, &format!("#gd-levels [data-side='{side}'] .gd-level")).await;
        assert_eq!(level, v["levels"][side].as_str().unwrap(), "side {side}'s level");
        let declaring = shown(c, &format!("#gd-levels [data-side='{side}'].gd-declaring")).await;
        assert_eq!(declaring, v["declarers"] == side, "side {side} declares");
    }
    let face = c
        .execute(
            "return document.querySelector('#gd-level-card .hc-card').textContent",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(face, level_card, "the level card");
    let wild = find(c, "#gd-level-card .hc-card").await;
    assert!(
        wild.attr("aria-label")
            .await
            .unwrap()
            .unwrap()
            .ends_with("of hearts, wild")
    );
    let level = v["level"].as_str().unwrap();
    assert!(
        text(c, "#gd-status")
            .await
            .contains(&format!("level {level} ({level_card} wild)"))
    );
    // Each seat: its count and what it did last in the trick.
    for seat in 0..4 {
        let count = text(c, &format!("section[data-seat='{seat}'] .gd-count")).await;
        assert_eq!(count, cards(v["counts"][seat].as_u64().unwrap()), "seat {seat}'s count");
        let t = &v["trick"][seat];
        let mut shown_cards = strings(
            c,
            "return [...document.querySelectorAll(`.gd-trick[data-seat='${arguments[0]}'] .hc-card`)].map((f) => f.textContent)",
            vec![seat.into()],
        )
        .await;
        let mut played: Vec<String> = t["cards"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_str().unwrap().to_string())
            .collect();
        shown_cards.sort();
        played.sort();
        assert_eq!(shown_cards, played, "seat {seat}'s play in the trick");
        let row = text(c, &format!(".gd-trick[data-seat='{seat}']")).await;
        assert_eq!(row.ends_with("pass"), t["passed"] == true, "seat {seat}'s pass: {row}");
    }
    // The combination to beat, and who played it.
    if let Some(last) = v["last"].as_object().filter(|_| v["phase"] == "play") {
        assert_eq!(text(c, "#gd-to-beat").await, last["text"].as_str().unwrap());
        let by = last["seat"].as_u64().unwrap() as usize;
        let who = if a["you"] == by {
            "you".to_string()
        } else {
            a["seats"][by]["name"].as_str().unwrap().to_string()
        };
        assert!(text(c, "#gd-last").await.contains(&format!("played by {who}")));
    }
    a
}

/// The number of the person's moves in the log that start with `said`.
async fn said(c: &Client, said: &str) -> u64 {
    c.execute(
        "return [...document.querySelectorAll('#table-moves li')].filter((li) => li.textContent.startsWith(arguments[0])).length",
        vec![said.into()],
    )
    .await
    .unwrap()
    .as_u64()
    .unwrap()
}

/// Clicks `css` and waits for the person's move `words` in the log.
async fn click_and_see(c: &Client, css: &str, words: &str) {
    let before = said(c, words).await;
    find(c, css).await.click().await.unwrap();
    wait_said(c, words, before).await;
}

/// Waits for one more of the person's moves `words` in the log.
async fn wait_said(c: &Client, words: &str, before: u64) {
    let w = serde_json::to_string(words).unwrap();
    until(
        c,
        &format!("{words} in the log"),
        &format!(
            "return [...document.querySelectorAll('#table-moves li')].filter((li) => li.textContent.startsWith({w})).length > {before}"
        ),
    )
    .await;
}

/// The log's words for the person's play of `label` (`play pair 2 2`).
fn you_play(label: &str) -> String {
    format!("You play {}.", label.trim_start_matches("play "))
}

/// Sends a key to the focused element.
async fn key(c: &Client, k: &str) {
    c.active_element().await.unwrap().send_keys(k).await.unwrap();
}

/// Plays `play` from the keyboard alone: H hints the first legal play,
/// Escape clears it, then the arrow keys along the hand and Space on each
/// of the play's cards, and Enter.
async fn play_from_the_keyboard(c: &Client, a: &Value, play: &Play, first: &str) {
    let at = places(&hand(a), play).expect("the play's cards");
    let hinted = serde_json::to_string(first).unwrap();
    select_by_keyboard(
        c,
        "gd",
        &format!("return [...document.querySelectorAll('.gd-controls button[id^=gd-play][data-action]')].some((b) => b.dataset.action === {hinted})"),
        &at,
    )
    .await;
    let button = find(c, "#gd-play:not([disabled])").await;
    assert_eq!(
        button.attr("data-action").await.unwrap().as_deref(),
        Some(play.label.as_str())
    );
    let line = text(c, "#gd-selection").await;
    assert!(line.contains("a legal play"), "{line}");
    let words = you_play(&play.label);
    let before = said(c, &words).await;
    key(c, "\u{E007}").await; // Enter
    wait_said(c, &words, before).await;
}

/// The legal plays a selection of the hand's cards at `at` is, by the
/// page's counting: as many cards, the play's ranks holding the natural
/// (not wild) cards' ranks, a straight flush's suit that of each natural
/// card.
fn matching(hand: &[Held], at: &[usize], plays: &[Play]) -> Vec<String> {
    let natural: Vec<&Held> = at.iter().map(|&i| &hand[i]).filter(|h| !h.wild).collect();
    plays
        .iter()
        .filter(|p| {
            let mut left = p.ranks.clone();
            p.ranks.len() == at.len()
                && natural.iter().all(|h| match left.iter().position(|r| *r == h.rank) {
                    Some(k) => {
                        left.swap_remove(k);
                        true
                    }
                    None => false,
                })
                && p.suit.is_none_or(|s| natural.iter().all(|h| h.card.ends_with(s)))
        })
        .map(|p| p.label.clone())
        .collect()
}

/// A turn's selection (the cards of one of its plays) that is several
/// legal plays (a straight and a straight flush, a wild card at either
/// end of a straight…), with the plays.
fn several(a: &Value) -> Option<(Vec<usize>, Vec<String>)> {
    let all = plays(a);
    let held = hand(a);
    all.iter().find_map(|p| {
        let at = places(&held, p)?;
        let m = matching(&held, &at, &all);
        (m.len() >= 2).then_some((at, m))
    })
}

/// Selects the hand's cards at `at` by clicks, then checks that the Play
/// buttons are the plays `labels` (in the legal order), that Enter on a
/// card goes to the first of them, and plays the last by its button.
async fn play_one_of_several(c: &Client, at: &[usize], labels: &[String]) {
    for &i in at {
        find(c, &format!("#gd-card-{i}")).await.click().await.unwrap();
        until(
            c,
            "a selected card",
            &format!("return document.getElementById('gd-card-{i}').getAttribute('aria-pressed') === 'true'"),
        )
        .await;
    }
    let offered = strings(
        c,
        "return [...document.querySelectorAll('.gd-controls button[id^=gd-play][data-action]')].map((b) => b.dataset.action)",
        vec![],
    )
    .await;
    assert_eq!(offered, labels, "a Play button for each play the selection is");
    let line = text(c, "#gd-selection").await;
    assert!(
        line.contains(&format!("{} legal plays: choose one", labels.len())),
        "{line}"
    );
    // Enter on a card of a selection of several plays goes to their buttons.
    c.execute(&format!("document.getElementById('gd-card-{}').focus()", at[0]), vec![])
        .await
        .unwrap();
    key(c, "\u{E007}").await;
    until(
        c,
        "the focus on the first Play button",
        "return document.activeElement?.id === 'gd-play'",
    )
    .await;
    let last = labels.last().unwrap();
    click_and_see(c, &format!("#gd-play-{}", labels.len()), &you_play(last)).await;
}

/// Plays the person's moves through the API (the first legal one: the
/// lowest play, a tribute or a return) until the match ends or, with
/// `hand`, the person's first turn of a later hand. Answers how many.
async fn through_the_api(c: &Client, id: &str, hand: Option<u64>) -> u64 {
    let done = c
        .execute_async(
            r#"const [id, hand, done] = arguments;
            (async () => {
              const { api } = await import('/assets/js/common.js');
              const path = `/api/games/${encodeURIComponent(id)}`;
              let a = await api('GET', path);
              let held = a.moves.length;
              let mine = 0;
              while (!a.over && !(hand !== null && a.your_turn && a.view.hand_no > hand)) {
                const body = { ply: a.ply, since: held };
                if (a.your_turn) {
                  body.choice = 0;
                  mine += 1;
                }
                a = await api('POST', `${path}/actions`, body);
                held = a.moves_from + a.moves.length;
              }
              return mine;
            })().then(done, (e) => done(`error: ${e}`));"#,
            vec![id.into(), hand.into()],
        )
        .await
        .unwrap();
    done.as_u64().unwrap_or_else(|| panic!("the API's moves: {done}"))
}

/// What the person did on the page.
#[derive(Default)]
struct Done {
    hinted: usize,
    passes: usize,
    keyboard: usize,
    several: usize,
    gives: usize,
}

/// One of the person's turns on the page, after the table's check.
async fn one_turn(c: &Client, a: &Value, done: &mut Done) {
    let v = &a["view"];
    let legal = legal(c).await;
    // The tribute or the return: a button for each card the person may give.
    let pad = c.find_all(Locator::Css(".gd-gives button[data-action]")).await.unwrap();
    if !pad.is_empty() {
        let mut offered = Vec::new();
        for b in &pad {
            offered.push(b.attr("data-action").await.unwrap().unwrap_or_default());
        }
        assert_eq!(offered, legal, "a button for each card the person may give");
        snapshot(c, &format!("guandan-{}", v["phase"].as_str().unwrap())).await;
        let words = if offered[0].starts_with("tribute ") {
            format!("You give {} as tribute.", offered[0].trim_start_matches("tribute "))
        } else {
            format!("You give back {}.", offered[0].trim_start_matches("return "))
        };
        let before = said(c, &words).await;
        pad[0].click().await.unwrap();
        wait_said(c, &words, before).await;
        done.gives += 1;
        return;
    }
    let plays = plays(a);
    let pass = legal.iter().any(|m| m == "pass");
    let partners = v["last"]["seat"] == (v["seat"].as_u64().unwrap() + 2) % 4;
    if pass && (plays.is_empty() || partners) {
        // Nothing beats the play, or the partner's stands: Pass.
        if plays.is_empty() {
            assert!(c.find(Locator::Css("#gd-play:not([disabled])")).await.is_err());
        }
        if done.passes == 0 {
            // The P key passes, from the hand.
            c.execute("document.querySelector('.gd-hand button[data-card]').focus()", vec![])
                .await
                .unwrap();
            let before = said(c, "You pass.").await;
            key(c, "p").await;
            wait_said(c, "You pass.", before).await;
        } else {
            click_and_see(c, "#gd-pass[data-action='pass']", "You pass.").await;
        }
        done.passes += 1;
        return;
    }
    if done.keyboard == 0 {
        snapshot(c, "guandan-play").await;
        // A play of several natural cards, each rank once or more, that no
        // other play shares (a pair, a triple, a full house, a tube…).
        let held = hand(a);
        let unique = |p: &&Play| plays.iter().filter(|q| q.ranks == p.ranks).count() == 1;
        let play = plays
            .iter()
            .filter(unique)
            .find(|p| {
                p.ranks.len() >= 2
                    && p.suit.is_none()
                    && places(&held, p).is_some_and(|at| at.iter().all(|&i| !held[i].wild))
            })
            .unwrap_or(&plays[0]);
        play_from_the_keyboard(c, a, play, &plays[0].label).await;
        done.keyboard += 1;
        return;
    }
    if done.several == 0
        && let Some((at, labels)) = several(a)
    {
        play_one_of_several(c, &at, &labels).await;
        done.several += 1;
        return;
    }
    // Hint selects the first legal play, and its Play button plays it.
    find(c, "#gd-hint").await.click().await.unwrap();
    let first = serde_json::to_string(&plays[0].label).unwrap();
    until(
        c,
        "the hinted play's button",
        &format!("return [...document.querySelectorAll('.gd-controls button[id^=gd-play][data-action]:not([disabled])')].some((b) => b.dataset.action === {first})"),
    )
    .await;
    let at = c
        .execute(
            &format!("return [...document.querySelectorAll('.gd-controls button[id^=gd-play][data-action]')].findIndex((b) => b.dataset.action === {first})"),
            vec![],
        )
        .await
        .unwrap()
        .as_u64()
        .unwrap();
    let css = if at == 0 {
        "#gd-play".to_string()
    } else {
        format!("#gd-play-{}", at + 1)
    };
    click_and_see(c, &css, &you_play(&plays[0].label)).await;
    done.hinted += 1;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guandan_plays_hands_from_the_page_and_hides_every_unseen_card() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    let (s, c) = table_page::player(&d, "guandan player").await;
    let (options, seats) = (
        [("start_level", "12")],
        [(1, "level:1"), (2, "level:1"), (3, "level:1")],
    );
    let mut m = Matches::new(&c, &s, "guandan", &options, &seats, Duration::from_secs(300));
    let id = m.start().await;
    let mut done = Done::default();
    // The first hand, from the page (should it end sooner, the second
    // hand's turns below take over).
    while m.turns < FIRST_HAND_TURNS && m.turn(&id).await {
        let a = check_table(&c, &id).await;
        if a["view"]["hand_no"] != 1 {
            break;
        }
        one_turn(&c, &a, &mut done).await;
    }
    assert!(
        done.keyboard == 1 && done.hinted >= 1,
        "the person played from the page"
    );
    // The rest of the first hand through the API; the second hand's first
    // turns on the page again, its end-of-hand summary and tributes shown.
    let sent = through_the_api(&c, &id, Some(1)).await;
    let url = format!("{}/table/{id}", s.base);
    web::open(&c, &url).await;
    let second = m.turns;
    while m.turns < second + SECOND_HAND_TURNS && m.turn(&id).await {
        let a = check_table(&c, &id).await;
        let v = &a["view"];
        let last = &v["last_hand"];
        let ending = text(&c, "#gd-ending").await;
        let order: Vec<&str> = last["order"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| a["seats"][s.as_u64().unwrap() as usize]["name"].as_str().unwrap())
            .collect();
        assert!(
            ending.starts_with(&format!("Out in the order {}.", order.join(", "))),
            "the last hand's order: {ending}"
        );
        if v["resisted"] == true {
            assert!(text(&c, "#gd-resisted").await.contains("both big jokers"));
        } else if !v["tributes"].as_array().unwrap().is_empty() {
            let tributes = text(&c, "#gd-tributes").await;
            let owed = if v["phase"] == "tribute" { "a tribute" } else { "" };
            for t in v["tributes"].as_array().unwrap() {
                let card = t["card"].as_str().unwrap_or(owed);
                assert!(tributes.contains(card), "the tribute {t} shown: {tributes}");
            }
        }
        one_turn(&c, &a, &mut done).await;
    }
    // The match to its end through the API: the page shows who won.
    let sent = sent + through_the_api(&c, &id, None).await;
    web::open(&c, &url).await;
    assert!(shown(&c, "#table-result").await, "the match ended");
    let a = answer(&c, &id).await;
    let winner = a["view"]["winner"].as_u64().unwrap() as usize;
    let side = format!(
        "{} and {}",
        a["seats"][winner]["name"].as_str().unwrap(),
        a["seats"][winner + 2]["name"].as_str().unwrap()
    );
    assert_eq!(text(&c, "#gd-winner").await, format!("{side} win the match at A."));
    c.execute("document.getElementById('table-result').scrollIntoView()", vec![])
        .await
        .unwrap();
    snapshot(&c, "guandan-result").await;
    let result = text(&c, "#gd-result").await;
    assert!(
        result.starts_with(&format!("{side} win the match at A, after ")),
        "{result}"
    );
    let more = text(&c, "#table-result-more").await;
    assert!(more.contains("The last hand: Out in the order"), "{more}");
    let Matches { turns, swapped, .. } = m;
    eprintln!(
        "guandan: {turns} turns on the page ({} hinted, {} passes, {} by the keyboard, {} of several plays, {} tributes or returns), {sent} through the API, {swapped} swaps",
        done.hinted, done.passes, done.keyboard, done.several, done.gives
    );
    assert!(swapped >= 3, "the hook found unseen cards ({swapped})");
    // The tables' seeds are fixed (table_page::player): the person's first
    // hand holds a selection that is several plays (a wild heart at either
    // end of a straight flush), and the page was asked it.
    assert_eq!(
        done.several, 1,
        "a selection of several plays was played from its buttons"
    );
    c.close().await.unwrap();
}
