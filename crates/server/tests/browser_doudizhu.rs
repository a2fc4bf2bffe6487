//! Dou Dizhu on the page in headless Chromium: a one-deal match against
//! two computers bid from the bid buttons and played from the hand (Hint
//! then Play, Pass when nothing beats the play, and once from the keyboard
//! alone: the arrow keys, Space to select, Enter to play), with the page's
//! DOM byte-identical when two cards the person cannot see are swapped in
//! the server's truth, and at each of the person's turns the table as the
//! API's view has it: the hand drawn sorted by rank (3 low … 2, the small
//! black joker, the big red one), the multiplier and the bids made.

use crate::table_page;
use crate::web;

use std::time::Duration;

use fantoccini::{Client, Locator};
use serde_json::Value;
use table_page::{Matches, api_answer, player, select_by_keyboard, until};
use web::{browser_slot, driver, find, shown, snapshot, text};

/// The strings a script answers as an array.
async fn strings(c: &Client, script: &str) -> Vec<String> {
    let v = c.execute(script, vec![]).await.unwrap();
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap_or_default().to_string())
        .collect()
}

/// The person's legal moves, from the shell's list of every legal move.
async fn legal(c: &Client) -> Vec<String> {
    strings(
        c,
        "return [...document.querySelectorAll('#table-legal button[data-action]')].map((b) => b.dataset.action)",
    )
    .await
}

/// The hand's card buttons' ranks, in the hand's order.
async fn hand_ranks(c: &Client) -> Vec<String> {
    strings(
        c,
        "return [...document.querySelectorAll('.dd-hand button[data-card]')].map((b) => b.dataset.rank)",
    )
    .await
}

/// The hand's card buttons' card names, in the hand's order.
async fn hand_cards(c: &Client) -> Vec<String> {
    strings(
        c,
        "return [...document.querySelectorAll('.dd-hand button[data-card]')].map((b) => b.dataset.card)",
    )
    .await
}

/// The hand positions of a play's cards (`play 3 3 4`): of each rank, the
/// first cards not taken yet.
fn positions(ranks: &[String], play: &str) -> Vec<usize> {
    let mut taken = vec![false; ranks.len()];
    let mut out = Vec::new();
    for r in play.trim_start_matches("play ").split(' ') {
        let at = (0..ranks.len())
            .find(|&i| !taken[i] && ranks[i] == r)
            .unwrap_or_else(|| panic!("no {r} left in the hand {ranks:?} for {play:?}"));
        taken[at] = true;
        out.push(at);
    }
    out.sort_unstable();
    out
}

/// Selects `play`'s cards from the keyboard alone (the arrow keys along
/// the hand, Space on each card) and plays them with Enter.
async fn play_from_the_keyboard(c: &Client, play: &str, first: &str) {
    let ranks = hand_ranks(c).await;
    let names = hand_cards(c).await;
    let hinted = serde_json::to_string(first).unwrap();
    let chosen = positions(&ranks, play);
    select_by_keyboard(
        c,
        "dd",
        &format!("return document.getElementById('dd-play').dataset.action === {hinted}"),
        &chosen,
    )
    .await;
    let button = find(c, "#dd-play:not([disabled])").await;
    assert_eq!(button.attr("data-action").await.unwrap().as_deref(), Some(play));
    let selection = find(c, "#dd-selection").await.text().await.unwrap();
    assert!(selection.contains("a legal play"), "{selection}");
    c.active_element().await.unwrap().send_keys("\u{E007}").await.unwrap(); // Enter
    // The page plays the very cards selected, by name.
    let cards: Vec<&str> = chosen.iter().map(|&i| names[i].as_str()).collect();
    let said = serde_json::to_string(&format!("You play {}.", cards.join(" "))).unwrap();
    until(
        c,
        "the keyboard's play in the log",
        &format!(
            "return [...document.querySelectorAll('#table-moves li')].some((li) => li.textContent.startsWith({said}))"
        ),
    )
    .await;
}

/// Dou Dizhu's ranks, low to high: 3 … 10, J, Q, K, A, 2, the small
/// (black) joker, the big (red) joker.
const RANKS: [&str; 15] = [
    "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "SJ", "BJ",
];

/// A card's rank, low to high, from its name (`10♥`, `SJ`).
fn rank_index(card: &str) -> usize {
    let rank = if card == "SJ" || card == "BJ" {
        card
    } else {
        &card[..card.len() - card.chars().last().unwrap().len_utf8()]
    };
    RANKS
        .iter()
        .position(|r| *r == rank)
        .unwrap_or_else(|| panic!("a rank: {card}"))
}

/// A seat's bid as the page words it.
fn bid_words(bid: &Value, bidding: bool) -> String {
    match bid.as_u64() {
        None if bidding => "waiting to bid".into(),
        None => "did not bid".into(),
        Some(0) => "passed (no bid)".into(),
        Some(b) => format!("bid {b}"),
    }
}

/// The table as the API's view has it: the person's hand drawn sorted by
/// rank (the jokers last, the small one black and the big one red), the
/// multiplier, and each seat's bid. Answers how many seats have bid.
async fn check_table(c: &Client, id: &str) -> usize {
    let answer = api_answer(c, id).await;
    let v = &answer["view"];
    let me = v["seat"].as_u64().unwrap();
    // The hand, in the page's order: the view's cards, sorted by rank.
    let faces = c
        .execute(
            "return [...document.querySelectorAll('.dd-mine .dd-hand .hc-card')].map((f) => [f.textContent, f.className, f.getAttribute('aria-label')])",
            vec![],
        )
        .await
        .unwrap();
    let faces = faces.as_array().unwrap();
    let drawn: Vec<&str> = faces.iter().map(|f| f[0].as_str().unwrap()).collect();
    let held: Vec<&str> = v["hand"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["card"].as_str().unwrap())
        .collect();
    assert_eq!(drawn, held, "the hand drawn is the view's");
    assert_eq!(drawn.len() as u64, v["counts"][me as usize].as_u64().unwrap());
    let ranks: Vec<usize> = drawn.iter().map(|x| rank_index(x)).collect();
    assert!(ranks.is_sorted(), "the hand sorted by rank: {drawn:?}");
    for f in faces {
        let (name, class, label) = (f[0].as_str().unwrap(), f[1].as_str().unwrap(), f[2].as_str().unwrap());
        match name {
            "SJ" => assert!(class.contains("hc-spades") && label == "small joker", "{class} {label}"),
            "BJ" => assert!(class.contains("hc-hearts") && label == "big joker", "{class} {label}"),
            _ => {}
        }
    }
    // The multiplier: the bid (at least 1) doubled for each bomb.
    let multiplier = v["multiplier"].as_u64().unwrap();
    assert_eq!(
        multiplier,
        v["bid"].as_u64().unwrap().max(1) << v["bombs"].as_u64().unwrap()
    );
    assert_eq!(text(c, "#dd-multiplier strong").await, multiplier.to_string());
    assert!(
        text(c, "#dd-status")
            .await
            .contains(&format!("multiplier {multiplier}"))
    );
    // The bids made, on each seat.
    let bidding = matches!(v["phase"].as_str(), Some("bid" | "deal"));
    let mut made = 0;
    for seat in 0..3 {
        let shown = text(c, &format!("section[data-seat='{seat}'] .dd-bid")).await;
        let bid = &v["bids"][seat];
        assert_eq!(shown, bid_words(bid, bidding), "seat {seat}'s bid ({bid})");
        made += usize::from(!bid.is_null());
    }
    made
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn doudizhu_bids_and_plays_a_deal_from_the_page_and_hides_every_unseen_card() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    let (s, c) = player(&d, "doudizhu player").await;
    // One-deal matches. The deal is the table's secret seed: the computers
    // may outbid the person and win quickly, so another match is started
    // until the person has had a few turns (each match is a fresh deal).
    let mut bids = 0;
    let mut hinted = 0;
    let mut passes = 0;
    let mut keyboard = 0;
    let mut clicked = false;
    let mut beat_shot = false;
    let mut bids_shown = 0;
    let (options, seats) = ([("match_deals", "1")], [(1, "level:2"), (2, "level:2")]);
    let mut m = Matches::new(&c, &s, "doudizhu", &options, &seats, Duration::from_secs(300));
    while m.turns < 3 || keyboard == 0 {
        let id = m.start().await;
        while m.turn(&id).await {
            bids_shown = bids_shown.max(check_table(&c, &id).await);
            let legal = legal(&c).await;
            // The bidding: a button for each bid offered; the highest.
            let pad = c.find_all(Locator::Css(".dd-bids button[data-action]")).await.unwrap();
            if !pad.is_empty() {
                let mut offered = Vec::new();
                for b in &pad {
                    offered.push(b.attr("data-action").await.unwrap().unwrap_or_default());
                }
                assert_eq!(offered, legal, "a button for each legal bid");
                if bids == 0 {
                    snapshot(&c, "doudizhu-bid").await;
                }
                bids += 1;
                pad.last().unwrap().click().await.unwrap();
                continue;
            }
            if !beat_shot && shown(&c, "#dd-to-beat").await {
                beat_shot = true;
                snapshot(&c, "doudizhu-beat").await;
            }
            let plays: Vec<&String> = legal.iter().filter(|t| t.starts_with("play ")).collect();
            if plays.is_empty() {
                // Nothing beats the play: Pass is the move, Play stays off.
                assert_eq!(legal, ["pass"], "only passing is legal");
                assert!(c.find(Locator::Css("#dd-play:not([disabled])")).await.is_err());
                if passes == 0 {
                    // The P key passes, from the hand.
                    c.execute("document.querySelector('.dd-hand button[data-card]').focus()", vec![])
                        .await
                        .unwrap();
                    let count = "[...document.querySelectorAll('#table-moves li')].filter((li) => li.textContent.startsWith('You pass.')).length";
                    let before = c.execute(&format!("return {count}"), vec![]).await.unwrap();
                    c.active_element().await.unwrap().send_keys("p").await.unwrap();
                    until(&c, "the pass from the P key", &format!("return {count} > {before}")).await;
                } else {
                    find(&c, "#dd-pass[data-action='pass']").await.click().await.unwrap();
                }
                passes += 1;
                continue;
            }
            if keyboard == 0 {
                snapshot(&c, "doudizhu-play").await;
                // A play of several cards when there is one, else the first.
                let play = plays.iter().find(|t| t.matches(' ').count() >= 2).unwrap_or(&plays[0]);
                play_from_the_keyboard(&c, play, plays[0]).await;
                keyboard += 1;
                continue;
            }
            if !clicked {
                // A click selects a card and a second one unselects it.
                let first = "#table-board .dd-hand button[data-card]";
                find(&c, first).await.click().await.unwrap();
                until(
                    &c,
                    "a selected card",
                    &format!("return document.querySelector(\"{first}\").getAttribute('aria-pressed') === 'true'"),
                )
                .await;
                find(&c, first).await.click().await.unwrap();
                until(
                    &c,
                    "an unselected card",
                    &format!("return document.querySelector(\"{first}\").getAttribute('aria-pressed') === 'false'"),
                )
                .await;
                clicked = true;
            }
            // Hint selects the first legal play, and Play plays it.
            find(&c, "#dd-hint").await.click().await.unwrap();
            let button = find(&c, "#dd-play:not([disabled])").await;
            assert_eq!(
                button.attr("data-action").await.unwrap().as_deref(),
                Some(plays[0].as_str()),
                "the hint is the first legal play"
            );
            button.click().await.unwrap();
            hinted += 1;
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
        turns >= 3 && bids >= 1,
        "the person played ({turns} turns, {bids} bids, {hinted} hints, {passes} passes, {started} matches)"
    );
    assert_eq!(keyboard, 1, "one play from the keyboard");
    assert!(bids_shown >= 1, "the bids were shown");
    assert!(swapped >= 3, "the hook found unseen cards ({swapped})");
    snapshot(&c, "doudizhu-end").await;
    let ending = find(&c, "#dd-ending").await.text().await.unwrap();
    assert!(ending.contains("landlord") && ending.contains("stake"), "{ending}");
    let last = find(&c, "#dd-last-deal").await.text().await.unwrap();
    assert!(last.contains("cards left"), "{last}");
    let sheet = find(&c, "#dd-scores").await.text().await.unwrap();
    assert!(sheet.contains("Score sheet") && sheet.contains("Last deal"), "{sheet}");
    c.execute("document.getElementById('table-result').scrollIntoView()", vec![])
        .await
        .unwrap();
    snapshot(&c, "doudizhu-result").await;
    let result = find(&c, "#table-result-text").await.text().await.unwrap();
    assert!(result.contains("Points:"), "{result}");
    let more = find(&c, "#table-result-more").await.text().await.unwrap();
    assert!(more.contains("The last deal"), "{more}");
    c.close().await.unwrap();
}
