//! Indian Rummy on the page in headless Chromium: the page's group test on
//! fixed cards, then a match against the computer drawn and discarded from
//! the page: the hand in the server's groups, the keyboard on Draw at a
//! draw, the declaration buttons the view's valid shows and no other, the
//! arranger grouping a broken-up group again and refusing three cards that
//! make no group, and the page unchanged by a swap of unseen cards.

use crate::table_page;
use crate::web;

use std::time::Duration;

use fantoccini::{Client, Locator};
use serde_json::{Value, json};
use table_page::{Matches, player, strings, until};
use web::{browser_slot, driver, find, snapshot, text};

/// The page against the API's view of game `id` (`arguments[0]`): the
/// groups and cards its hand shows and the server's, the declaration
/// buttons and the view's valid shows, the wild rank, the focused id.
const CHECK: &str = "const [id, done] = arguments; fetch('/api/games/' + id).then((r) => r.json()).then(({ view }) => {
  const q = (s) => [...document.querySelectorAll(s)];
  const h = view.hand;
  done({
    shown: [q('.gr-mine .gr-hand .gr-meld').length, q('.gr-mine .gr-hand .hc-card').length],
    server: [h.groups.length, h.groups.flatMap((g) => g.cards).length + h.deadwood.length],
    offered: q('.ir-declares button').map((b) => b.dataset.action).sort(),
    declares: view.declares.map((c) => `declare ${c}`).sort(),
    wild: view.wild,
    focus: document.activeElement?.id ?? null,
  });
});";

/// The page's group test (render/indianrummy.js) on each of `cases`
/// (cards, wild rank): the group's kind, or null.
const KINDS: &str = "const [cases, done] = arguments; import('/assets/js/render/indianrummy.js').then((m) => done(cases.map(([cards, wild]) => m.group(cards, wild)?.kind ?? null)))";

/// Clicks the toggles of the cards keyed `keys` while arranging.
async fn select(c: &Client, keys: &[String]) {
    for k in keys {
        find(c, &format!(".gr-hand button[data-card=\"{k}\"][aria-pressed='false']"))
            .await
            .click()
            .await
            .unwrap();
    }
}

/// The person's own groups once: the first group broken apart and grouped
/// again, three cards that make no group refused, Auto, done arranging.
async fn arrange(c: &Client, groups: u64, wild: &Value) {
    find(c, "#ir-arrange[aria-pressed='false']")
        .await
        .click()
        .await
        .unwrap();
    find(c, "#ir-break-1").await;
    let first = strings(c, "return [...document.querySelector('.gr-hand .gr-meld').querySelectorAll('[data-card]')].map((b) => b.dataset.card)", vec![]).await;
    find(c, "#ir-break-1").await.click().await.unwrap();
    assert!(text(c, "#ir-arrange-note").await.contains("broken apart"));
    select(c, &first).await;
    find(c, "#ir-meld").await.click().await.unwrap();
    let note = text(c, "#ir-arrange-note").await;
    assert!(note.contains(" grouped (a "), "{first:?}: {note}");
    let shown = c
        .execute("return document.querySelectorAll('.gr-hand .gr-meld').length", vec![])
        .await
        .unwrap();
    assert_eq!(shown, json!(groups), "the groups again");
    // Three cards that make no group by the page's own test.
    let trio = c
        .execute_async(
            "const [wild, done] = arguments; import('/assets/js/render/indianrummy.js').then((m) => {
               const keys = [...document.querySelectorAll('.gr-hand button[data-card]')].map((b) => b.dataset.card);
               for (const a of keys) for (const b of keys) for (const x of keys) {
                 const t = [a, b, x];
                 if (new Set(t).size === 3 && !m.group(t.map((k) => k.split('#')[0]), wild)) return done(t);
               }
               done([]);
             })",
            vec![wild.clone()],
        )
        .await
        .unwrap();
    let trio: Vec<String> = trio
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k.as_str().unwrap().to_string())
        .collect();
    assert_eq!(trio.len(), 3, "three cards that make no group");
    select(c, &trio).await;
    find(c, "#ir-meld").await.click().await.unwrap();
    assert!(text(c, "#ir-arrange-note.gr-refused").await.contains("is not a group"));
    snapshot(c, "indianrummy-arrange").await;
    find(c, "#ir-auto").await.click().await.unwrap();
    find(c, "#ir-arrange").await.click().await.unwrap();
    find(c, "#ir-arrange[aria-pressed='false']").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn indian_rummy_draws_its_groups_and_the_person_arranges_them() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    let (s, c) = player(&d, "rummy player").await;
    let mut m = Matches::new(&c, &s, "indianrummy", &[], &[(1, "level:1")], Duration::from_secs(300));
    let (mut arranged, mut draws, mut shows) = (0, 0, 0);
    while m.turns < 6 || arranged == 0 {
        let id = m.start().await;
        if m.started == 1 {
            // Sevens wild: Q-K-A pure, no K-A-2, no two identical cards in a
            // set (fives wild), a joker in a sequence, a natural card needed,
            // a seven in its own place pure, at most four in a set.
            let cases = json!([
                [["Q♥", "K♥", "A♥"], "7"],
                [["K♥", "A♥", "2♥"], "7"],
                [["7♥", "7♥", "7♠"], "5"],
                [["3♥", "Jk", "5♥"], "7"],
                [["Jk", "Jk", "Jk"], "7"],
                [["5♥", "6♥", "7♥"], "7"],
                [["K♦", "K♠", "K♣", "Jk", "Jk"], "7"],
            ]);
            let kinds = c.execute_async(KINDS, vec![cases]).await.unwrap();
            assert_eq!(kinds, json!(["pure", null, null, "sequence", null, "pure", null]));
        }
        // The match's first turns only: six deals would take minutes.
        while (m.turns < 6 || arranged == 0) && m.turn(&id).await {
            let p = c.execute_async(CHECK, vec![json!(id)]).await.unwrap();
            assert_eq!(p["shown"], p["server"], "the hand in the server's groups");
            assert_eq!(p["offered"], p["declares"], "a declaration button for each valid show");
            let groups = p["server"][0].as_u64().unwrap();
            shows += p["declares"].as_array().unwrap().len();
            if c.find(Locator::Css("#ir-draw")).await.is_ok() {
                assert_eq!(p["focus"], "ir-draw", "the keyboard on Draw");
                if arranged == 0 && groups > 0 {
                    arrange(&c, groups, &p["wild"]).await;
                    arranged += 1;
                }
                draws += 1;
                find(&c, "#ir-draw").await.click().await.unwrap();
            } else if let Ok(b) = c.find(Locator::Css(".ir-declares button")).await {
                b.click().await.unwrap();
            } else if let Ok(b) = c.find(Locator::Css(".gr-deadwood button[data-action]")).await {
                b.click().await.unwrap();
            } else if let Ok(b) = c.find(Locator::Css(".gr-hand button[data-action]")).await {
                b.click().await.unwrap();
            } else {
                find(&c, "#table-legal button[data-action]")
                    .await
                    .click()
                    .await
                    .unwrap();
            }
            until(&c, "the move", "return document.body.dataset.busy !== 'true'").await;
        }
    }
    eprintln!(
        "indian rummy: {} turns, {draws} draws, {shows} valid shows offered, {} swaps checked",
        m.turns, m.swapped
    );
    assert!(m.swapped >= 1, "the hook found unseen cards");
    c.close().await.unwrap();
}
