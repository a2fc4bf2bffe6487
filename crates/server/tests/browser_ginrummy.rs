//! Gin Rummy on the page in headless Chromium: a match drawn, discarded
//! and knocked from the page (the knock and gin buttons checked against
//! the legal moves at every turn, the hand arranged by the person once),
//! with the page's DOM byte-identical when two cards the person cannot see
//! are swapped in the server's truth.

use crate::table_page;
use crate::web;

use std::time::Duration;

use fantoccini::{Client, Locator};
use serde_json::Value;
use table_page::{Matches, api_answer, player, strings, until};
use web::{browser_slot, driver, find, shown, snapshot, text};

/// A Gin Rummy card's deadwood value from a card or a move's text
/// (`10♥`, `discard 10♥`): an ace 1, a face card 10, the others their number.
fn gin_value(action: &str) -> u32 {
    let card = action.rsplit(' ').next().unwrap_or("");
    let rank: String = card.chars().take(card.chars().count().saturating_sub(1)).collect();
    match rank.as_str() {
        "A" => 1,
        "J" | "Q" | "K" => 10,
        n => n.parse().unwrap_or(0),
    }
}

/// A Gin Rummy card (`10♥`) as its rank (0 the ace … 12 the king) and suit.
fn gin_card(name: &str) -> (usize, usize) {
    const RANKS: [&str; 13] = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
    let suit = name.chars().last().unwrap();
    let rank = &name[..name.len() - suit.len_utf8()];
    let r = RANKS
        .iter()
        .position(|x| *x == rank)
        .unwrap_or_else(|| panic!("a rank: {name}"));
    let s = "♣♦♥♠"
        .chars()
        .position(|x| x == suit)
        .unwrap_or_else(|| panic!("a suit: {name}"));
    (r, s)
}

/// A meld by the rules (crates/games/ginrummy/src/melds.rs): three or four
/// cards of one rank, or three or more of one suit in sequence, ace low.
fn gin_meld(cards: &[String]) -> bool {
    let mut v: Vec<(usize, usize)> = cards.iter().map(|c| gin_card(c)).collect();
    v.sort_by_key(|&(r, s)| (s, r));
    let Some(&(r0, s0)) = v.first() else { return false };
    let run = v.iter().enumerate().all(|(i, &(r, s))| s == s0 && r == r0 + i);
    let set = v.len() <= 4 && v.iter().all(|&(r, _)| r == r0);
    v.len() >= 3 && (run || set)
}

/// Whether the cards split into melds with nothing left over: every meld
/// that holds the first card, by brute force over the subsets.
fn gin_all_meld(cards: &[String]) -> bool {
    let n = cards.len();
    if n == 0 {
        return true;
    }
    (1u32..1 << n).filter(|m| m & 1 == 1).any(|m| {
        let (pick, rest): (Vec<_>, Vec<_>) = (0..n).partition(|&i| m >> i & 1 == 1);
        let pick: Vec<String> = pick.into_iter().map(|i| cards[i].clone()).collect();
        let rest: Vec<String> = rest.into_iter().map(|i| cards[i].clone()).collect();
        gin_meld(&pick) && gin_all_meld(&rest)
    })
}

/// The cards of a Gin Rummy view's hand (its melds, then its deadwood).
fn gin_held(answer: &Value) -> Vec<String> {
    let hand = &answer["view"]["hand"];
    let mut out: Vec<String> = hand["melds"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|m| m.as_array().unwrap().iter())
        .chain(hand["deadwood"].as_array().unwrap().iter())
        .map(|c| c.as_str().unwrap().to_string())
        .collect();
    out.sort();
    out
}

fn gin_strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect()
}

/// The deadwood points the page shows for the hand.
async fn gin_deadwood_shown(c: &Client) -> u64 {
    text(c, "#gr-deadwood-points").await.parse().unwrap()
}

/// Waits until the page shows `points` of deadwood.
async fn gin_until_deadwood(c: &Client, what: &str, points: u64) {
    until(
        c,
        what,
        &format!("return document.getElementById('gr-deadwood-points')?.textContent === '{points}'"),
    )
    .await;
}

/// The page's meld groups in the person's hand, each its cards sorted.
async fn gin_melds_shown(c: &Client) -> Vec<Vec<String>> {
    let v = c
        .execute(
            "return [...document.querySelectorAll('.gr-mine .gr-hand .gr-meld')].map((g) => [...g.querySelectorAll('.hc-card')].map((x) => x.textContent))",
            vec![],
        )
        .await
        .unwrap();
    let mut out: Vec<Vec<String>> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            let mut m = gin_strings(g);
            m.sort();
            m
        })
        .collect();
    out.sort();
    out
}

/// The knock and gin buttons are the legal knocks (and big gin), each a
/// gin exactly when the cards its discard leaves all meld, and there are
/// none when no knock is legal; the page's legal moves are the API's.
/// Answers the knocks and the gins offered.
async fn gin_check_knocks(c: &Client, id: &str) -> (usize, usize) {
    let answer = api_answer(c, id).await;
    let legal: Vec<String> = answer["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["label"].as_str().unwrap().to_string())
        .collect();
    let on_page = strings(
        c,
        "return [...document.querySelectorAll('#table-legal button[data-action]')].map((b) => b.dataset.action)",
        vec![],
    )
    .await;
    assert_eq!(on_page, legal, "the page's legal moves are the API's");
    let held = gin_held(&answer);
    let wanted: Vec<&String> = legal
        .iter()
        .filter(|t| t.starts_with("knock ") || *t == "big gin")
        .collect();
    let buttons = c
        .execute(
            "return [...document.querySelectorAll('#table-board button')].filter((b) => /^(Knock|Gin|Big gin)/.test(b.textContent)).map((b) => [b.dataset.action ?? '', b.textContent, b.classList.contains('gr-gin'), !!b.closest('.gr-knocks')])",
            vec![],
        )
        .await
        .unwrap();
    let buttons = buttons.as_array().unwrap();
    let actions: Vec<&str> = buttons.iter().map(|b| b[0].as_str().unwrap()).collect();
    assert_eq!(
        actions, wanted,
        "a knock or gin button for each legal knock, and no other ({legal:?})"
    );
    if wanted.is_empty() {
        assert!(
            c.find(Locator::Css(".gr-knocks")).await.is_err(),
            "no knock row without a legal knock"
        );
    }
    let mut gins = 0;
    for b in buttons {
        let action = b[0].as_str().unwrap();
        let label = b[1].as_str().unwrap();
        assert!(b[3].as_bool().unwrap(), "{label} is in the knock row");
        let gin = match action.strip_prefix("knock ") {
            Some(card) => gin_all_meld(&held.iter().filter(|x| *x != card).cloned().collect::<Vec<_>>()),
            None => true,
        };
        gins += usize::from(gin);
        assert_eq!(
            label.starts_with("Gin") || label.starts_with("Big gin"),
            gin,
            "{label} with {held:?}"
        );
        assert_eq!(b[2].as_bool().unwrap(), gin, "{label}: the gin style");
    }
    (wanted.len() - gins, gins)
}

/// Clicks the card buttons of `cards` while arranging, each then pressed.
async fn gin_select(c: &Client, cards: &[String]) {
    for card in cards {
        let css = format!(".gr-hand button[data-card=\"{card}\"][aria-pressed='false']");
        find(c, &css).await.click().await.unwrap();
        find(
            c,
            &format!(".gr-hand button[data-card=\"{card}\"][aria-pressed='true']"),
        )
        .await;
    }
}

/// The person's own arrangement, on a draw with a meld in the hand: break
/// the meld (the deadwood rises), draw (the arrangement stays), meld the
/// cards again (it falls), a group that is no meld refused with a message,
/// Auto (the best arrangement again), Space from the keyboard, and back
/// to discarding with a click.
async fn gin_arrange(c: &Client, id: &str) {
    let before = api_answer(c, id).await;
    let hand = &before["view"]["hand"];
    let p0 = hand["points"].as_u64().unwrap();
    let meld = gin_strings(&hand["melds"][0]);
    let meld_points: u64 = meld.iter().map(|x| u64::from(gin_value(x))).sum();
    assert_eq!(gin_deadwood_shown(c).await, p0, "the best arrangement's deadwood");
    assert!(text(c, "#gr-points").await.starts_with("Best arrangement"));
    assert!(
        text(c, "#gr-lay-hint").await.contains("best arrangement"),
        "the knock's hint"
    );
    let held = gin_held(&before);
    find(c, "#gr-arrange[aria-pressed='false']")
        .await
        .click()
        .await
        .unwrap();
    until(
        c,
        "the cards as toggles",
        &format!(
            "return document.querySelectorAll('.gr-hand button[aria-pressed]').length === {} && !document.querySelector('.gr-hand button[data-action]')",
            held.len()
        ),
    )
    .await;
    find(c, "#gr-arrange[aria-pressed='true']").await;
    // Break the meld: its cards join the deadwood.
    find(c, "#gr-break-1").await.click().await.unwrap();
    gin_until_deadwood(c, "the meld broken apart", p0 + meld_points).await;
    assert!(text(c, "#gr-points").await.starts_with("Your arrangement"));
    assert!(text(c, "#table-live").await.contains("broken apart"), "announced");
    // A move: the draw from the stock; the arrangement stays.
    find(c, "#gr-draw").await.click().await.unwrap();
    until(
        c,
        "the discard after the draw",
        "return document.getElementById('table-status').textContent === 'Your move.' && document.body.dataset.busy !== 'true' && !document.getElementById('gr-draw')",
    )
    .await;
    let after = api_answer(c, id).await;
    let held_after = gin_held(&after);
    let drawn: Vec<&String> = held_after.iter().filter(|x| !held.contains(x)).collect();
    assert_eq!(drawn.len(), 1, "one card drawn: {held:?} then {held_after:?}");
    let p1 = p0 + meld_points + u64::from(gin_value(drawn[0]));
    assert_eq!(gin_deadwood_shown(c).await, p1, "the arrangement kept across the draw");
    let kept = c
        .execute(
            "return arguments[0].every((x) => document.querySelector(`.gr-deadwood button[data-card=\"${x}\"]`))",
            vec![serde_json::json!(meld)],
        )
        .await
        .unwrap();
    assert_eq!(kept, Value::Bool(true), "the broken meld's cards stay in the deadwood");
    find(c, "#gr-arrange[aria-pressed='true']").await;
    // Meld them again.
    gin_select(c, &meld).await;
    find(c, "#gr-meld").await.click().await.unwrap();
    gin_until_deadwood(c, "the cards melded", p1 - meld_points).await;
    let mut sorted = meld.clone();
    sorted.sort();
    assert!(gin_melds_shown(c).await.contains(&sorted), "the meld shown");
    assert!(text(c, "#gr-arrange-note").await.contains("melded"));
    // Three cards that are no meld: refused, nothing changed.
    let n = held_after.len();
    let trio = (0..n)
        .flat_map(|i| (i + 1..n).flat_map(move |j| (j + 1..n).map(move |k| [i, j, k])))
        .map(|ix| ix.map(|i| held_after[i].clone()).to_vec())
        .find(|t| !gin_meld(t))
        .expect("three cards that are no meld");
    gin_select(c, &trio).await;
    find(c, "#gr-meld").await.click().await.unwrap();
    let refused = text(c, "#gr-arrange-note.gr-refused").await;
    assert!(refused.contains("is not a meld"), "{refused}");
    assert!(text(c, "#table-live").await.contains("is not a meld"), "announced");
    assert_eq!(
        gin_deadwood_shown(c).await,
        p1 - meld_points,
        "the refusal changes nothing"
    );
    snapshot(c, "ginrummy-arrange").await;
    // Auto: the best arrangement, as the server sees it.
    find(c, "#gr-auto").await.click().await.unwrap();
    let best = after["view"]["hand"]["points"].as_u64().unwrap();
    gin_until_deadwood(c, "the best arrangement again", best).await;
    assert!(text(c, "#gr-points").await.starts_with("Best arrangement"));
    let mut melds: Vec<Vec<String>> = after["view"]["hand"]["melds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let mut m = gin_strings(m);
            m.sort();
            m
        })
        .collect();
    melds.sort();
    assert_eq!(gin_melds_shown(c).await, melds, "the server's melds");
    // From the keyboard: Space selects the focused card, and one card
    // selected on the discard has its own discard button.
    c.execute("document.querySelector('.gr-hand button[data-card]').focus()", vec![])
        .await
        .unwrap();
    let first = c
        .active_element()
        .await
        .unwrap()
        .attr("data-card")
        .await
        .unwrap()
        .unwrap();
    c.active_element().await.unwrap().send_keys("\u{E00D}").await.unwrap(); // Space
    let focused = c.active_element().await.unwrap();
    assert_eq!(
        focused.attr("data-card").await.unwrap().as_deref(),
        Some(first.as_str())
    );
    assert_eq!(focused.attr("aria-pressed").await.unwrap().as_deref(), Some("true"));
    find(c, &format!("#gr-discard-selected[data-action=\"discard {first}\"]")).await;
    // Done arranging: a card discards with a click again.
    find(c, "#gr-arrange").await.click().await.unwrap();
    find(c, ".gr-hand button[data-action^='discard ']").await;
    find(c, "#gr-arrange[aria-pressed='false']").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gin_rummy_plays_a_match_from_the_page_and_hides_every_unseen_card() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    let (s, c) = player(&d, "gin player").await;
    // A match to 30 points: a few hands. The deal is the table's secret
    // seed, so a computer's early knock may end a match before the person
    // has had a few turns, or a hand with a meld at a draw: another match
    // is started then (each a fresh deal).
    let mut knocks = 0;
    let mut offered = (0, 0);
    let mut arrows = 0;
    let mut arranged = 0;
    let mut hand_over_shot = false;
    let options = [("end_score", "30")];
    let mut m = Matches::new(
        &c,
        &s,
        "ginrummy",
        &options,
        &[(1, "level:2")],
        Duration::from_secs(400),
    );
    while m.turns < 5 || arrows == 0 || arranged == 0 {
        let id = m.start().await;
        while m.turn(&id).await {
            let (k, g) = gin_check_knocks(&c, &id).await;
            offered = (offered.0 + k, offered.1 + g);
            if !hand_over_shot && shown(&c, "#gr-last").await {
                hand_over_shot = true;
                snapshot(&c, "ginrummy-hand-over").await;
            }
            // Once, on a draw with a meld in the hand: the person's own
            // arrangement (it draws from the stock).
            if arranged == 0
                && c.find(Locator::Css("#gr-draw")).await.is_ok()
                && c.find(Locator::Css(".gr-hand .gr-meld")).await.is_ok()
            {
                gin_arrange(&c, &id).await;
                arranged += 1;
                let (k, g) = gin_check_knocks(&c, &id).await;
                offered = (offered.0 + k, offered.1 + g);
            }
            // A knock when one is offered; else the stock; else a discard (the
            // deadwood's highest card, from the keyboard once); else whatever
            // the board offers (the first upcard's take or pass).
            if let Ok(b) = c.find(Locator::Css(".gr-knocks button[data-action]")).await {
                knocks += 1;
                let _ = b.click().await;
            } else if let Ok(b) = c.find(Locator::Css("#gr-draw[data-action]")).await {
                let _ = b.click().await;
            } else if c.find(Locator::Css(".gr-hand button[data-action]")).await.is_ok() {
                if arrows == 0 && m.turns >= 4 {
                    snapshot(&c, "ginrummy-play").await;
                    // The arrow keys move along the hand's buttons, across its melds.
                    c.execute("document.querySelector('.gr-hand button[data-action]').focus()", vec![])
                        .await
                        .unwrap();
                    let first = c.active_element().await.unwrap().attr("data-action").await.unwrap();
                    c.active_element().await.unwrap().send_keys("\u{E014}").await.unwrap(); // →
                    let next = c.active_element().await.unwrap().attr("data-action").await.unwrap();
                    assert!(
                        next.as_deref().is_some_and(|n| n.starts_with("discard ")) && next != first,
                        "→ moves from {first:?} to another card ({next:?})"
                    );
                    c.active_element().await.unwrap().send_keys("\u{E012}").await.unwrap(); // ←
                    let back = c.active_element().await.unwrap().attr("data-action").await.unwrap();
                    assert_eq!(back, first, "← moves back");
                    arrows += 1;
                }
                let mut best: Option<(u32, fantoccini::elements::Element)> = None;
                let mut buttons = c
                    .find_all(Locator::Css(".gr-deadwood button[data-action]"))
                    .await
                    .unwrap();
                if buttons.is_empty() {
                    buttons = c.find_all(Locator::Css(".gr-hand button[data-action]")).await.unwrap();
                }
                for b in buttons {
                    let action = b.attr("data-action").await.ok().flatten().unwrap_or_default();
                    let value = gin_value(&action);
                    if best.as_ref().is_none_or(|(v, _)| value > *v) {
                        best = Some((value, b));
                    }
                }
                if let Some((_, b)) = best {
                    let _ = b.click().await;
                }
            } else if let Ok(b) = c.find(Locator::Css("#table-board button[data-action]")).await {
                let _ = b.click().await;
            }
        }
        assert!(shown(&c, "#table-result").await, "the match ended");
    }
    let Matches {
        turns,
        swapped,
        started,
        ..
    } = m;
    assert!(
        turns >= 5,
        "the person played ({turns} turns, {knocks} knocks, {started} matches)"
    );
    assert_eq!(arranged, 1, "the hand was arranged once ({turns} turns)");
    eprintln!(
        "gin: {turns} turns checked, knocks offered {}, gins offered {}",
        offered.0, offered.1
    );
    assert!(swapped >= 3, "the hook found unseen cards ({swapped})");
    assert_eq!(arrows, 1, "the arrow keys were tried on a discard ({turns} turns)");
    snapshot(&c, "ginrummy-end").await;
    c.execute("document.getElementById('table-result').scrollIntoView()", vec![])
        .await
        .unwrap();
    snapshot(&c, "ginrummy-result").await;
    let sheet = find(&c, "#gr-scores").await.text().await.unwrap();
    assert!(sheet.contains("Hands won") && sheet.contains("match to 30"), "{sheet}");
    let ending = find(&c, "#gr-ending").await.text().await.unwrap();
    assert!(!ending.is_empty(), "the last hand is shown");
    let result = find(&c, "#table-result-text").await.text().await.unwrap();
    assert!(result.contains("Points:"), "{result}");
    // The log tells a draw from the stock with its card in one entry (it
    // was two: the draw, then "a card dealt"), a deal in one.
    let log = c
        .execute(
            "const lis = [...document.querySelectorAll('#table-moves li')];
             return {
               joined: lis.filter((l) => l.dataset.joined && l.textContent.includes(' · ')).length,
               lone: lis.filter((l, i) => l.dataset.chance && l.dataset.plies === '1' && i > 0 && !lis[i - 1].dataset.chance).length,
               entries: lis.length,
               moves: Number(document.getElementById('table-move-count').textContent),
             };",
            vec![],
        )
        .await
        .unwrap();
    eprintln!("gin log: {log}");
    assert!(
        log["joined"].as_u64().unwrap() > 0,
        "no draw joined with its card: {log}"
    );
    assert_eq!(log["lone"], 0, "a lone chance line after a move: {log}");
    c.close().await.unwrap();
}
