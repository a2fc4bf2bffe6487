//! Canasta on the page in headless Chromium: the page's reading of a
//! selection on fixed cards and moves, then a match against three
//! computers (the initial meld's minimum lowered to 15, so that melds come
//! early) played from the page: both sides' melds (canastas, wild cards),
//! red threes and scores, the pile's top, size and frozen state, every
//! player's count and the hand in the view's rank groups, all as the API's
//! view has them; the keyboard on Draw at a draw (Enter draws) and on a
//! discard after it (an arrow moves along the hand, Enter discards); melds
//! built from cards selected in the hand and sent (natural cards with or
//! without wild cards, and wild cards alone on a meld picked), a mixed
//! selection refused with its reason; the page without faults at both
//! sizes with melds on the table; and the page unchanged by a swap of
//! unseen cards.

use crate::table_page;
use crate::web;

use std::time::Duration;

use fantoccini::{Client, Locator};
use serde_json::{Value, json};
use table_page::{Matches, api_answer, player, until};
use web::{browser_slot, driver, find, page_faults, snapshot, text};

/// The page against the API's view of game `id` (`arguments[0]`): both
/// sides (each meld's rank, cards, wild cards and canasta; red threes;
/// score; opened), the pile's size, top and frozen mark, the hand's rank
/// groups, every player's count; with the phase, the legal moves and the
/// focus.
const CHECK: &str = r#"const [id, done] = arguments; fetch('/api/games/' + id).then((r) => r.json()).then((answer) => {
  const v = answer.view;
  const q = (s, root = document) => [...root.querySelectorAll(s)];
  const side = (d) => {
    const box = document.getElementById('canasta-side-' + d);
    const kind = (m) => (m.classList.contains('canasta-natural') ? 'natural' : m.classList.contains('canasta-mixed') ? 'mixed' : null);
    return {
      melds: q('.canasta-meld', box).map((m) => [m.dataset.rank, q('.hc-card', m).length, q('.canasta-wild', m).length, kind(m)]),
      reds: q('.canasta-reds .hc-card', box).length,
      score: box.querySelector('.canasta-score').textContent,
      opened: box.querySelector('.canasta-opened') !== null,
    };
  };
  const top = document.querySelector('#canasta-pile > .hc-card:not(.gr-empty)');
  const count = (k) => document.querySelector(`.canasta-player[data-seat="${k}"]`).textContent.match(/: (\d+) cards?/)[1];
  done({
    page: {
      sides: [side(0), side(1)],
      pile: document.getElementById('canasta-pile-size').textContent,
      top: top ? top.textContent : null,
      frozen: document.getElementById('canasta-frozen')?.className ?? null,
      hand: q('.gr-hand .canasta-group').map((g) => [g.dataset.rank, q('.hc-card', g).length]),
      counts: [0, 1, 2, 3].map(count),
    },
    view: {
      sides: v.sides.map((s) => ({
        melds: s.melds.map((m) => [m.rank, m.cards.length, m.wilds, m.canasta]),
        reds: s.reds.length,
        score: s.score.toLocaleString('en'),
        opened: s.opened,
      })),
      pile: `${v.pile.length} card${v.pile.length === 1 ? '' : 's'}`,
      top: v.top,
      frozen: v.frozen ? 'canasta-frozen' : v.frozen_for_you ? 'canasta-frozen canasta-frozen-side' : null,
      hand: v.hand.map((g) => [g.rank, g.cards.length]),
      counts: v.seats.map((s) => String(s.count)),
    },
    phase: v.phase,
    side: v.side,
    round: answer.round,
    legal: answer.legal,
    focus: document.activeElement?.id || null,
    action: document.activeElement?.dataset?.action ?? null,
    selecting: document.querySelector('#canasta-arrange[aria-pressed="true"]') !== null,
  });
});"#;

/// The page's reading of a selection (render/canasta.js `meldsOf`) on
/// each of `cases` (cards, legal moves): the labels of the moves it
/// makes, or why it makes none.
const READS: &str = "const [cases, done] = arguments; import('/assets/js/render/canasta.js').then((m) => done(cases.map(([names, legal]) => { const r = m.meldsOf(names, legal); return r.moves.length ? r.moves.map((x) => x.move.label) : r.refusal; })))";

/// The keys of the hand's toggles that make meld `m` (its fields): the
/// first natural cards of its rank, twos, jokers.
const KEYS: &str = "const m = arguments[0]; const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
  const keys = (rank) => [...document.querySelectorAll(`.gr-hand .canasta-group[data-rank=\"${rank}\"] button[data-card]`)].map((b) => b.dataset.card);
  const wild = keys('wild');
  return [...keys(RANKS[m.rank]).slice(0, m.naturals), ...wild.filter((k) => k.startsWith('2')).slice(0, m.twos), ...wild.filter((k) => k.startsWith('Jk')).slice(0, m.jokers)];";

/// A meld move of the legal list.
fn meld(rank: u8, naturals: u8, twos: u8, jokers: u8, label: &str) -> Value {
    json!({"action": {"meld": {"rank": rank, "naturals": naturals, "twos": twos, "jokers": jokers}}, "label": label})
}

/// The page's selection reading on fixed cards.
async fn reads(c: &Client) {
    let draw = json!({"action": "draw", "label": "draw"});
    let legal = json!([
        meld(6, 2, 1, 0, "meld 7 7 2"),
        meld(6, 0, 1, 1, "meld 2 Jk on 7"),
        meld(12, 0, 1, 1, "meld 2 Jk on K"),
        meld(12, 3, 0, 0, "meld K K K"),
        {"action": {"discard": 12}, "label": "discard 7♣"},
    ]);
    let cases = json!([
        [["7♥", "7♠", "2♣"], legal],
        [["2♣", "Jk"], legal],
        [["K♦", "K♦", "K♠"], legal],
        [["7♥", "8♥", "2♣"], legal],
        [["7♥", "7♠"], legal],
        [["3♣", "3♠", "3♣"], legal],
        [["7♥", "7♠", "2♣"], [draw]],
        [[], legal],
    ]);
    let got = c.execute_async(READS, vec![cases]).await.unwrap();
    let got = got.as_array().unwrap();
    assert_eq!(got[0], json!(["meld 7 7 2"]), "natural cards and a two");
    assert_eq!(
        got[1],
        json!(["meld 2 Jk on 7", "meld 2 Jk on K"]),
        "wild cards alone: a move per meld"
    );
    assert_eq!(got[2], json!(["meld K K K"]), "two identical cards and a third");
    let why = |i: usize| got[i].as_str().unwrap_or_default().to_string();
    assert!(why(3).contains("one rank"), "{}", why(3));
    assert!(why(4).contains("three cards"), "{}", why(4));
    assert!(why(5).contains("black threes"), "{}", why(5));
    assert!(why(6).contains("only on your turn"), "{}", why(6));
    assert!(why(7).contains("select the cards"), "{}", why(7));
}

/// Turns the hand's cards into toggles.
async fn selecting(c: &Client) {
    if let Ok(b) = c.find(Locator::Css("#canasta-arrange[aria-pressed='false']")).await {
        b.click().await.unwrap();
    }
    find(c, "#canasta-arrange[aria-pressed='true']").await;
}

/// Clicks the toggles of the cards keyed `keys`.
async fn select(c: &Client, keys: &[String]) {
    for k in keys {
        find(c, &format!(".gr-hand button[data-card=\"{k}\"][aria-pressed='false']"))
            .await
            .click()
            .await
            .unwrap();
    }
}

/// The strings of a JSON array.
fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect()
}

/// The text of the person's last move in game `id`.
async fn last_own_move(c: &Client, id: &str) -> String {
    let a = api_answer(c, id).await;
    let you = a["you"].clone();
    a["moves"]
        .as_array()
        .unwrap()
        .iter()
        .rev()
        .find(|m| m["seat"] == you)
        .map(|m| m["text"].as_str().unwrap().to_string())
        .unwrap_or_default()
}

/// Two natural cards of different ranks selected: Meld refuses them, with
/// the reason; then they are unselected.
async fn refuse_a_mix(c: &Client) -> bool {
    let keys = strings(
        &c.execute(
            "return [...document.querySelectorAll('.gr-hand .canasta-group')].filter((g) => g.dataset.rank !== 'wild').slice(0, 2).map((g) => g.querySelector('button[data-card]').dataset.card)",
            vec![],
        )
        .await
        .unwrap(),
    );
    if keys.len() < 2 {
        return false;
    }
    select(c, &keys).await;
    find(c, "#canasta-meld").await.click().await.unwrap();
    let note = text(c, "#canasta-arrange-note.gr-refused").await;
    assert!(note.contains("one rank"), "{keys:?}: {note}");
    for k in &keys {
        find(c, &format!(".gr-hand button[data-card=\"{k}\"][aria-pressed='true']"))
            .await
            .click()
            .await
            .unwrap();
    }
    true
}

/// Lays meld `m` (a legal move) by selecting its cards in the hand and
/// pressing the button the selection makes: Meld, or for wild cards alone
/// the button of the meld they go on. Checks that the move sent is `m`
/// and that the side's meld of its rank grew by its cards.
async fn meld_by_selection(c: &Client, id: &str, p: &Value, m: &Value) {
    let f = &m["action"]["meld"];
    let rank = f["rank"].as_u64().unwrap() as usize;
    let size = ["naturals", "twos", "jokers"]
        .iter()
        .map(|k| f[k].as_u64().unwrap())
        .sum::<u64>();
    let name = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"][rank];
    let side = p["side"].as_u64().unwrap() as usize;
    let before = |p: &Value| {
        p["view"]["sides"][side]["melds"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x[0] == name)
            .map_or(0, |x| x[1].as_u64().unwrap())
    };
    let had = before(p);
    selecting(c).await;
    let keys = strings(&c.execute(KEYS, vec![f.clone()]).await.unwrap());
    assert_eq!(keys.len() as u64, size, "the cards of {m} in the hand");
    select(c, &keys).await;
    let button = if f["naturals"] == 0 {
        format!("#canasta-meld-on-{name}")
    } else {
        "#canasta-meld".to_string()
    };
    let b = find(c, &button).await;
    assert_eq!(
        b.attr("data-action").await.unwrap().as_deref(),
        m["label"].as_str(),
        "the selection {keys:?} makes {m}"
    );
    b.click().await.unwrap();
    until(c, "the meld", "return document.body.dataset.busy !== 'true'").await;
    assert_eq!(
        last_own_move(c, id).await,
        m["label"].as_str().unwrap(),
        "the meld sent"
    );
    let after = c.execute_async(CHECK, vec![json!(id)]).await.unwrap();
    if after["round"] == p["round"] {
        assert_eq!(before(&after), had + size, "the side's {name}s grew by {m}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn canasta_draws_both_sides_and_the_person_melds_a_selection() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    let (s, c) = player(&d, "canasta player").await;
    let seats = [(1, "level:1"), (2, "level:1"), (3, "level:1")];
    let mut m = Matches::new(
        &c,
        &s,
        "canasta",
        &[("minimums", "15 15 15 15")],
        &seats,
        Duration::from_secs(300),
    );
    let (mut draws, mut key_discards, mut melds, mut wild_melds, mut takes) = (0, 0, 0, 0, 0);
    let (mut refused, mut this_turn, mut frozen) = (false, 0, 0);
    let mut faults = Vec::new();
    let done = |turns: usize, melds: usize, keys: usize| turns >= 10 && melds >= 2 && keys >= 2;
    while !done(m.turns, melds, key_discards) {
        let id = m.start().await;
        if m.started == 1 {
            reads(&c).await;
        }
        while !done(m.turns, melds, key_discards) && m.turn(&id).await {
            let p = c.execute_async(CHECK, vec![json!(id)]).await.unwrap();
            assert_eq!(p["page"], p["view"], "the page draws the view");
            frozen += usize::from(p["view"]["frozen"] == "canasta-frozen");
            let legal = p["legal"].as_array().unwrap().clone();
            let of = |kind: &str| {
                legal
                    .iter()
                    .filter(|x| x["action"] == kind || x["action"].get(kind).is_some())
                    .cloned()
                    .collect::<Vec<_>>()
            };
            match p["phase"].as_str().unwrap() {
                "draw" => {
                    this_turn = 0;
                    if !of("draw").is_empty() {
                        assert_eq!(p["focus"], "canasta-draw", "the keyboard on Draw");
                    }
                    if takes == 0 && !of("take").is_empty() {
                        // The pile once: its top card is melded at once, and
                        // the turn goes on with melds from the hand.
                        find(&c, "#canasta-take").await.click().await.unwrap();
                        takes += 1;
                    } else if !of("draw").is_empty() {
                        c.active_element().await.unwrap().send_keys("\u{E007}").await.unwrap();
                        draws += 1;
                    } else {
                        find(&c, ".canasta-turn button").await.click().await.unwrap();
                    }
                }
                "play" | "opening" => {
                    let all = of("meld");
                    let natural = all.iter().find(|x| x["action"]["meld"]["naturals"] != 0);
                    let wild = all.iter().find(|x| x["action"]["meld"]["naturals"] == 0);
                    let pick = if wild_melds == 0 && wild.is_some() {
                        wild
                    } else if p["phase"] == "opening" || (this_turn == 0 && melds < 6) {
                        natural.or(wild)
                    } else {
                        None
                    };
                    if let Some(x) = pick {
                        if !refused {
                            selecting(&c).await;
                            refused = refuse_a_mix(&c).await;
                        }
                        meld_by_selection(&c, &id, &p, x).await;
                        melds += 1;
                        this_turn += 1;
                        wild_melds += usize::from(x["action"]["meld"]["naturals"] == 0);
                        if melds == 1 {
                            snapshot(&c, "canasta-melded").await;
                            faults.extend(page_faults(&c, "canasta-melded").await);
                        }
                    } else if p["selecting"] == true || of("discard").is_empty() {
                        // Done selecting: the cards discard again.
                        if p["selecting"] == true {
                            find(&c, "#canasta-arrange").await.click().await.unwrap();
                        }
                        find(&c, ".gr-hand button[data-action]").await.click().await.unwrap();
                    } else {
                        // The keyboard on a discard: an arrow moves along
                        // the hand, Enter discards the card it reaches.
                        let first = p["action"].as_str().unwrap_or_default().to_string();
                        assert!(
                            first.starts_with("discard "),
                            "the keyboard on a discard, not {first:?}"
                        );
                        let el = c.active_element().await.unwrap();
                        el.send_keys("\u{E014}").await.unwrap(); // →
                        let to = c
                            .execute("return document.activeElement.dataset.action ?? null", vec![])
                            .await
                            .unwrap();
                        let to = to.as_str().unwrap().to_string();
                        assert!(to.starts_with("discard "), "the arrow stays on the discards: {to}");
                        c.active_element().await.unwrap().send_keys("\u{E007}").await.unwrap();
                        until(&c, "the discard", "return document.body.dataset.busy !== 'true'").await;
                        assert_eq!(last_own_move(&c, &id).await, to, "Enter discards the card reached");
                        key_discards += 1;
                    }
                }
                _ => {
                    find(&c, ".canasta-turn button, #table-legal button[data-action]")
                        .await
                        .click()
                        .await
                        .unwrap();
                }
            }
            until(&c, "the move", "return document.body.dataset.busy !== 'true'").await;
            assert!(!web::shown(&c, "#table-error").await, "the page shows an error");
        }
    }
    eprintln!(
        "canasta: {} turns, {draws} draws by Enter, {key_discards} discards by the arrows and Enter, {melds} melds from a selection ({wild_melds} of wild cards alone), {takes} takes, {frozen} turns at a frozen pile, {} swaps checked",
        m.turns, m.swapped
    );
    assert!(refused, "a mixed selection refused");
    assert!(m.swapped >= 1, "the hook found unseen cards");
    assert!(faults.is_empty(), "{} faults:\n{}", faults.len(), faults.join("\n"));
    c.close().await.unwrap();
}
