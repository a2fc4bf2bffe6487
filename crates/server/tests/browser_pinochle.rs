//! Long file: the page's whole scenario, a function each part (the fixed
//! positions' script, the page against the view at every phase, free play
//! in the worker).
//!
//! Pinochle on the page in headless Chromium: the page's controls on
//! fixed positions (the bid controls send legal bids only: the next bid,
//! jumps above it, any bid typed, Pass; a dealer stuck with the bid has
//! no Pass; the four suits to name; the cards picked to pass send the
//! legal move that names the same cards, two copies of a face alike;
//! both copies of a face play its one move; the melds with the cards
//! since played, the last hand made or set, the winner), then a hand of
//! the person against three computers played from the page: at each of
//! the person's turns the table as the API's view has it (the hand in
//! the view's order, every seat's count, call, meld and tricks, the
//! marks, the trump and the contract, the melds laid down with the cards
//! still held, the sides' counters, the trick, the score sheet) and a
//! control for each kind of legal move; bids from the keyboard, a jump
//! button and the field; trumps named by the keyboard; the cards to pass
//! picked by the keyboard and by clicks; cards played by the keyboard and
//! by clicks; the next hand's first turn with the last hand's summary and
//! sheet; the page without faults at both sizes in the auction, the pass,
//! the play and the next hand; the page unchanged by a swap of unseen
//! cards; and the same page over a game kept in the browser, its
//! computers in the page's worker, with no request for the server.

use crate::table_page;
use crate::web;

use std::collections::HashSet;
use std::time::{Duration, Instant};

use fantoccini::Client;
use serde_json::{Value, json};
use table_page::{TURN_OR_END, api_answer, player, start_game, swap_keeps_the_page, until};
use web::{browser_slot, driver, find, open, page_faults, snapshot};

/// `n` and the word, plural unless one: "1 card", "6 cards".
fn plural(n: u64, one: &str) -> String {
    format!("{n} {one}{}", if n == 1 { "" } else { "s" })
}

/// The renderer mounted on a board of its own with a shell that records
/// the moves played, on fixed positions: South to bid over West's 260;
/// South the dealer, stuck; South to name trumps; South, the declarer,
/// passing four of sixteen cards (two A♥ among them); South to play
/// holding two K♠; the end of a match. Answers what the page offered and
/// played at each.
const FIXED: &str = r#"const done = arguments[0];
import('/assets/js/render/pinochle.js').then(async (m) => {
  const root = document.createElement('div');
  document.body.append(root);
  const played = [];
  const shell = { busy: false, play: (move) => played.push(move.label) };
  const q = (s) => [...root.querySelectorAll(s)];
  const texts = (s) => q(s).map((e) => e.textContent);
  const seats = ['South', 'West', 'North', 'East'].map((name) => ({ name }));
  const hand = ['A♠', '10♠', 'K♠', 'Q♠', 'A♥', '10♥', 'K♥', 'Q♥', 'J♥', 'K♣', '9♣', 'J♦'];
  const base = {
    seat: 0, phase: 'bid', hand, counts: [12, 12, 12, 12], hand_no: 3, dealer: 3, bids: [null, 260, null, null],
    passed: [false, false, true, false], high: 260, high_seat: 1, min_bid: 250, declarer: null, trump: null,
    trump_name: null, pass: 4, giver: null, gave: [], got: [], melds: null, leader: 0, trick: [], to_move: 0,
    tricks: 0, tricks_won: [0, 0, 0, 0], counters: [0, 0], sides: ['South–North', 'West–East'], scores: [120, -40],
    last_hand: null, end_score: 1500, winner: null,
  };
  let ply = 100;
  const answer = (view, legal) => ({
    ply: (ply += 1), you: 0, observer: 0, your_turn: legal.length > 0, over: view.phase === 'over', legal, seats, moves: [], view,
  });
  const bids = (from) => {
    const out = [];
    for (let b = from; b <= 1500; b += 10) out.push({ action: { bid: b }, label: `bid ${b}` });
    return out;
  };
  const enter = (e) => e.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  const r = m.mount(root, shell);
  const out = {};

  // The auction: South to bid over West's 260 (North passed).
  r.update(answer(base, [...bids(270), { action: 'pass', label: 'pass' }]));
  const field = root.querySelector('#pc-bid-input');
  out.bid = {
    buttons: q('.pc-bids button[data-action]').map((b) => b.dataset.action),
    controls: q('.pc-bids button, .pc-bids input').length,
    field: [field.min, field.max, field.step, field.value],
    calls: texts('.hc-seat .pc-call'),
    contract: root.querySelector('#pc-contract').textContent,
    status: root.querySelector('#pc-status').textContent,
  };
  field.value = '405';
  enter(field);
  out.bid.refused = [...played];
  out.bid.error = root.querySelector('#pc-bid-error').textContent;
  field.value = '400';
  enter(field);
  field.value = '1500';
  root.querySelector('#pc-bid-typed').click();
  root.querySelector('#pc-bid-290').click();
  root.querySelector('#pc-pass').click();
  out.bid.played = played.splice(0);

  // The dealer, stuck: the three others passed without a bid.
  r.update(answer({ ...base, dealer: 0, bids: [null, null, null, null], passed: [false, true, true, true], high: null, high_seat: null },
    bids(250)));
  out.stuck = {
    buttons: q('.pc-bids button[data-action]').map((b) => b.dataset.action),
    pass: root.querySelector('#pc-pass') !== null,
    hint: root.querySelector('#pc-hint').textContent,
  };

  // Trumps: South won the auction at 300.
  const won = { ...base, phase: 'trump', bids: [300, 290, null, null], passed: [false, true, true, true], high: 300, high_seat: 0, declarer: 0 };
  r.update(answer(won, [0, 1, 2, 3].map((s) => ({ action: { trump: s }, label: `trump ${['clubs', 'diamonds', 'hearts', 'spades'][s]}` }))));
  out.trump = {
    buttons: q('.pc-trumps button').map((b) => [b.dataset.action, b.textContent]),
    marks: texts('.hc-seat h3'),
  };
  root.querySelector('#pc-trump-hearts').click();
  out.trump.played = played.splice(0);

  // The pass: South, the declarer, holds sixteen cards, two A♥ among
  // them; one legal move per choice of faces, each labelled by its names.
  const sixteen = ['A♠', '10♠', 'K♠', 'Q♠', 'A♥', 'A♥', '10♥', 'K♥', 'Q♥', 'J♥', 'K♣', 'Q♣', '9♣', 'A♦', 'J♦', '9♦'];
  const gives = new Map();
  for (let a = 0; a < 16; a += 1) for (let b = a + 1; b < 16; b += 1) for (let c = b + 1; c < 16; c += 1) for (let d = c + 1; d < 16; d += 1) {
    const label = `give ${[a, b, c, d].map((i) => sixteen[i]).join(' ')}`;
    if (!gives.has(label)) gives.set(label, { action: { give: gives.size + 1 }, label });
  }
  const giving = {
    ...won, phase: 'give', hand: sixteen, counts: [16, 12, 8, 12], trump: '♥', trump_name: 'hearts', giver: 0, to_move: 0,
    got: ['A♥', 'Q♣', 'A♦', '9♦'],
  };
  r.update(answer(giving, [...gives.values()]));
  const pick = (i) => root.querySelector(`#pc-card-${i}`).click();
  const give = () => root.querySelector('#pc-give');
  out.give = { moves: gives.size, toggles: q('.pc-hand button[aria-pressed]').length, exchange: root.querySelector('#pc-exchange')?.textContent ?? null };
  pick(5); pick(7); pick(8);
  out.give.three = [give().disabled, give().dataset.action ?? null];
  pick(4);
  out.give.four = [give().disabled, give().dataset.action ?? null, q('.pc-hand button[aria-pressed="true"]').map((b) => b.dataset.card)];
  // A fifth card is not picked; one dropped, another picked.
  pick(15);
  out.give.fifth = q('.pc-hand button[aria-pressed="true"]').length;
  pick(4);
  out.give.again = [q('.pc-hand button[aria-pressed="true"]').length, give().disabled];
  // The other copy of A♥ (the second) still picked, 10♥ besides.
  pick(6);
  out.give.copy = give().dataset.action ?? null;
  out.give.focus = document.activeElement?.id ?? null;
  give().click();
  out.give.played = played.splice(0);

  // The play: two K♠ in hand, both playing the one move.
  const playing = {
    ...giving, phase: 'play', hand: ['A♠', 'K♠', 'K♠', 'Q♠', '10♥', '9♣'], counts: [6, 6, 6, 5], giver: null, to_move: 0, tricks: 6,
    leader: 3, trick: [{ seat: 3, card: 'J♠' }], tricks_won: [2, 1, 2, 1], gave: ['A♥', 'Q♣', 'A♦', '9♦'],
  };
  r.update(answer(playing, [{ action: { play: 44 }, label: 'K♠' }, { action: { play: 46 }, label: 'A♠' }]));
  out.play = {
    buttons: q('.pc-hand button').map((b) => b.dataset.action),
    idle: texts('.pc-hand .hc-idle'),
    table: q('.hc-seat[data-seat]').map((s) => [s.dataset.seat, [...s.querySelectorAll('.hc-played .hc-card')].map((c) => c.textContent).join('')]),
  };
  q('.pc-hand button[data-action="K♠"]')[1].click();
  out.play.played = played.splice(0);

  // The end of the match: the melds with the cards since played, the
  // last hand (East set at 320), the sheet, the winner, the result box.
  const melds = [
    { points: 80, melds: [{ name: 'royal marriage', points: 40 }, { name: 'royal marriage', points: 40 }], cards: ['K♥', 'K♥', 'Q♥', 'Q♥'], held: ['K♥', 'Q♥'] },
    { points: 100, melds: [{ name: 'aces around', points: 100 }], cards: ['A♠', 'A♥', 'A♣', 'A♦'], held: ['A♥', 'A♦'] },
    { points: 0, melds: [], cards: [], held: [] },
    { points: 190, melds: [{ name: 'run', points: 150 }, { name: 'pinochle', points: 40 }], cards: ['A♥', '10♥', 'K♥', 'Q♥', 'J♥', 'Q♠', 'J♦'], held: [] },
  ];
  const last = {
    declarer: 3, bid: 320, made: false,
    sides: [{ meld: 80, meld_counts: true, counters: 150, tricks: 7, total: 230 }, { meld: 290, meld_counts: true, counters: 100, tricks: 5, total: -320 }],
  };
  const ended = {
    ...playing, phase: 'over', hand: [], counts: [0, 0, 0, 0], declarer: 3, high: 320, high_seat: 3, bids: [300, null, null, 320],
    passed: [true, true, true, false], trick: [], to_move: null, tricks: 12, tricks_won: [4, 2, 3, 3], counters: [150, 100], melds,
    last_hand: last, scores: [1530, 610], winner: 0, gave: [], got: [],
  };
  const end = answer(ended, []);
  r.update(end);
  out.end = {
    melds: q('.pc-meld').map((b) => [b.dataset.seat, b.querySelector('.pc-meld-line').textContent, [...b.querySelectorAll('.pc-gone')].map((c) => c.textContent).join(' ')]),
    sides: texts('.pc-side-line'),
    sheet: q('#pc-scores tbody tr').map((tr) => [...tr.children].map((td) => td.textContent)),
    last: texts('#pc-last p, #pc-last li'),
    winner: root.querySelector('#pc-winner')?.textContent ?? null,
    status: root.querySelector('#pc-status').textContent,
    result: r.result(end).map((n) => n.textContent),
    gone: root.querySelector('.pc-gone')?.getAttribute('aria-label') ?? null,
  };
  root.remove();
  done(out);
});"#;

/// Checks the page's controls on the fixed positions.
async fn fixed_positions(c: &Client) {
    let got = c.execute_async(FIXED, vec![]).await.unwrap();
    let bid = &got["bid"];
    assert_eq!(
        bid["buttons"],
        json!(["bid 270", "bid 280", "bid 290", "bid 320", "bid 370", "pass"]),
        "the next bid, jumps above it and Pass"
    );
    assert!(
        bid["controls"].as_u64().unwrap() <= 10,
        "no pad of every bid: {}",
        bid["controls"]
    );
    assert_eq!(
        bid["field"],
        json!(["270", "1500", "10", "270"]),
        "the field: the next bid up to 1500"
    );
    assert_eq!(
        bid["calls"],
        json!(["passed", "bid 260", "no bid yet", "no bid yet"]),
        "each seat's call: North (top), West, East, South"
    );
    assert_eq!(bid["contract"], "High bid: 260 by West");
    assert_eq!(
        bid["status"],
        "Hand 3 · East deals · the auction · high bid 260 by West · match to 1500"
    );
    assert_eq!(bid["refused"], json!([]), "405 is no bid");
    assert!(
        bid["error"].as_str().unwrap().contains("405 is no bid"),
        "{}",
        bid["error"]
    );
    assert_eq!(
        bid["played"],
        json!(["bid 400", "bid 1500", "bid 290", "pass"]),
        "Enter in the field, its button, a jump, Pass"
    );
    let stuck = &got["stuck"];
    assert_eq!(stuck["pass"], false, "the stuck dealer cannot pass");
    assert_eq!(
        stuck["buttons"],
        json!(["bid 250", "bid 260", "bid 270", "bid 300", "bid 350"])
    );
    assert!(stuck["hint"].as_str().unwrap().contains("stuck"), "{}", stuck["hint"]);
    let trump = &got["trump"];
    assert_eq!(
        trump["buttons"],
        json!([
            ["trump clubs", "♣ Clubs (2)"],
            ["trump diamonds", "♦ Diamonds (1)"],
            ["trump hearts", "♥ Hearts (5)"],
            ["trump spades", "♠ Spades (4)"]
        ]),
        "the four suits, with the cards held of each"
    );
    assert_eq!(
        trump["marks"],
        json!([
            "North (partner)",
            "West",
            "East (dealer)",
            "South (you, declarer, to play)"
        ])
    );
    assert_eq!(trump["played"], json!(["trump hearts"]));
    let give = &got["give"];
    assert!(give["moves"].as_u64().unwrap() > 1000, "every choice of faces is legal");
    assert_eq!(give["toggles"], 16, "each card of the hand a toggle");
    assert_eq!(give["exchange"], "You received A♥Q♣A♦9♦");
    assert_eq!(give["three"], json!([true, null]), "three cards pass nothing");
    assert_eq!(
        give["four"],
        json!([false, "give A♥ A♥ K♥ Q♥", ["A♥", "A♥", "K♥", "Q♥"]]),
        "four cards: the move that names them, both A♥"
    );
    assert_eq!(give["fifth"], 4, "a fifth card is not picked");
    assert_eq!(give["again"], json!([3, true]), "a card dropped");
    assert_eq!(
        give["copy"], "give A♥ 10♥ K♥ Q♥",
        "a copy of a face picked: the same move"
    );
    assert_eq!(give["focus"], "pc-card-6", "the focus stays on the card toggled");
    assert_eq!(give["played"], json!(["give A♥ 10♥ K♥ Q♥"]));
    let play = &got["play"];
    assert_eq!(play["buttons"], json!(["A♠", "K♠", "K♠"]), "both K♠ play the one move");
    assert_eq!(play["idle"], json!(["Q♠", "10♥", "9♣"]));
    assert_eq!(
        play["table"],
        json!([["2", ""], ["1", ""], ["3", "J♠"], ["0", ""]]),
        "East's lead at East's place"
    );
    assert_eq!(play["played"], json!(["K♠"]));
    let end = &got["end"];
    assert_eq!(
        end["melds"],
        json!([
            ["0", "South: 80 (royal marriage 40, royal marriage 40)", "K♥ Q♥"],
            ["2", "North: 0 (no meld)", ""],
            ["1", "West: 100 (aces around 100)", "A♠ A♣"],
            ["3", "East: 190 (run 150, pinochle 40)", "A♥ 10♥ K♥ Q♥ J♥ Q♠ J♦"]
        ]),
        "each seat's melds, the cards since played greyed"
    );
    assert_eq!(
        end["sides"],
        json!([
            "South–North: meld 80 · counters 150",
            "West–East: meld 290 · counters 100"
        ])
    );
    assert_eq!(
        end["sheet"],
        json!([
            ["South–North (you)", "1530", "80", "150", "+230"],
            ["West–East", "610", "290", "100", "-320 set"]
        ])
    );
    assert_eq!(
        end["last"],
        json!([
            "East bid 320 and was set.",
            "South–North: +230 (meld 80, counters 150, 7 tricks)",
            "West–East: -320 (meld 290, counters 100, 5 tricks)"
        ])
    );
    assert_eq!(end["winner"], "South–North win the match, 1530 to 610.");
    assert!(
        end["status"].as_str().unwrap().contains("the match is over"),
        "{}",
        end["status"]
    );
    assert_eq!(
        end["result"],
        json!([
            "The last hand: East bid 320 and was set.",
            "Scores after 3 hands: South–North 1530, West–East 610."
        ])
    );
    assert_eq!(end["gone"], "king of hearts, played");
}

/// The page and the API's view of game `id` (`arguments[0]`), side by side
/// for the checks: the status, the hand, each seat's title, line and card
/// on the table, the trump, the contract, the melds, the sides' lines,
/// the sheet, the last hand; the moves the board offers, the legal ones
/// and the focus.
const CHECK: &str = r#"const [id, done] = arguments; fetch('/api/games/' + id).then((r) => r.json()).then((answer) => {
  const q = (s, root = document) => [...root.querySelectorAll(s)];
  const faceText = (f) => f.textContent;
  const text = (id) => document.getElementById(id)?.textContent ?? null;
  const board = document.getElementById('table-board');
  const active = document.activeElement;
  done({
    view: answer.view,
    legal: answer.legal.map((m) => m.label),
    names: answer.seats.map((s) => s.name),
    your_turn: answer.your_turn,
    page: {
      status: text('pc-status'),
      hand: q('.pc-hand .hc-card').map(faceText),
      idle: q('.pc-hand .hc-idle').length,
      buttons: q('.pc-hand button').length,
      seats: q('.hc-table .hc-seat[data-seat]').map((b) => ({
        seat: Number(b.dataset.seat),
        title: b.querySelector('h3').textContent,
        line: b.querySelector('p.muted').textContent,
        played: q('.hc-played .hc-card', b).map(faceText),
      })),
      kept: document.querySelector('.hc-played.hc-finished') !== null,
      trump: text('pc-trump'),
      contract: text('pc-contract'),
      melds: q('.pc-meld').map((d) => ({
        seat: Number(d.dataset.seat),
        line: d.querySelector('.pc-meld-line').textContent,
        cards: q('.hc-card', d).map(faceText),
        gone: q('.pc-gone', d).map(faceText),
      })),
      sides: q('.pc-side-line').map(faceText),
      sheet: q('#pc-scores tbody tr').map((tr) => [...tr.children].slice(1).map((td) => td.textContent)),
      last: q('#pc-last p, #pc-last li').map(faceText),
      exchange: text('pc-exchange'),
      summary: text('hc-summary'),
      offered: q('[data-action]', board).map((b) => b.dataset.action),
      pass: document.getElementById('pc-pass') !== null,
      field: document.getElementById('pc-bid-input')?.value ?? null,
      toggles: q('.pc-hand button[aria-pressed]').length,
      focus: board.contains(active) ? (active.dataset.action ?? active.id ?? '') : null,
      focusInHand: active?.closest('.pc-hand') !== null && active?.matches('button[data-action]'),
    },
  });
});"#;

/// The strings of a JSON array.
fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect()
}

/// A seat's call in the auction as the page words it.
fn call_words(v: &Value, seat: usize) -> String {
    let bid = &v["bids"][seat];
    match (v["passed"][seat] == true, bid.as_u64()) {
        (true, None) => "passed".into(),
        (true, Some(b)) => format!("passed (bid {b})"),
        (false, None) => "no bid yet".into(),
        (false, Some(b)) => format!("bid {b}"),
    }
}

/// The last hand's figures of a side as the sheet writes them: meld,
/// counters, total (made or set for the declaring side).
fn sheet_row(v: &Value, side: usize) -> Vec<String> {
    let score = v["scores"][side].to_string();
    let last = &v["last_hand"];
    if last.is_null() || last["declarer"].is_null() {
        return vec![score, "–".into(), "–".into(), "–".into()];
    }
    let h = &last["sides"][side];
    let total = h["total"].as_i64().unwrap();
    let declaring = last["declarer"].as_u64().unwrap() as usize % 2 == side;
    let verdict = match (declaring, last["made"] == true) {
        (false, _) => "",
        (true, true) => " made",
        (true, false) => " set",
    };
    vec![
        score,
        format!(
            "{}{}",
            h["meld"],
            if h["meld_counts"] == true { "" } else { " (not counted)" }
        ),
        h["counters"].to_string(),
        format!("{}{total}{verdict}", if total > 0 { "+" } else { "" }),
    ]
}

/// Checks the page against the view (`p`, from [`CHECK`]).
fn check_page(p: &Value) {
    let (v, page) = (&p["view"], &p["page"]);
    let names = strings(&p["names"]);
    let me = v["seat"].as_u64().unwrap() as usize;
    let phase = v["phase"].as_str().unwrap();
    let declarer = v["declarer"].as_u64().map(|d| d as usize);
    let playing = phase == "play" || phase == "over";
    assert_eq!(page["hand"], v["hand"], "the hand in the view's order");
    // The status: the hand, the dealer, trumps, the contract.
    let status = page["status"].as_str().unwrap();
    let dealer = v["dealer"].as_u64().unwrap() as usize;
    assert!(
        status.starts_with(&format!("Hand {} · {} deals · ", v["hand_no"], names[dealer])),
        "{status}"
    );
    if let (Some(sign), Some(word)) = (v["trump"].as_str(), v["trump_name"].as_str()) {
        assert!(status.contains(&format!("trumps {sign} {word}")), "{status}");
        assert_eq!(page["trump"], json!(format!("Trumps: {sign} {word}")));
    } else {
        assert!(page["trump"].is_null(), "no trump yet: {}", page["trump"]);
    }
    let contract = page["contract"].as_str().unwrap();
    match declarer {
        Some(d) => {
            let words = format!("{} bid {}", names[d], v["high"]);
            assert!(status.contains(&words), "{status}");
            assert_eq!(contract, format!("Contract: {words}"));
        }
        None if v["high"].is_null() => assert_eq!(contract, format!("Opening bid: {} or more", v["min_bid"])),
        None => assert_eq!(
            contract,
            format!(
                "High bid: {} by {}",
                v["high"],
                names[v["high_seat"].as_u64().unwrap() as usize]
            )
        ),
    }
    // The four seats: the partner across, the person at the bottom.
    let order: Vec<usize> = page["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["seat"].as_u64().unwrap() as usize)
        .collect();
    assert_eq!(
        order,
        [(me + 2) % 4, (me + 1) % 4, (me + 3) % 4, me],
        "across, left, right, you"
    );
    for s in page["seats"].as_array().unwrap() {
        let k = s["seat"].as_u64().unwrap() as usize;
        let mut line = format!(
            "{} · {}",
            plural(v["counts"][k].as_u64().unwrap(), "card"),
            call_words(v, k)
        );
        if let Some(m) = v["melds"].as_array() {
            line.push_str(&format!(" · meld {}", m[k]["points"]));
        }
        if playing && declarer.is_some() {
            line.push_str(&format!(" · {}", plural(v["tricks_won"][k].as_u64().unwrap(), "trick")));
        }
        assert_eq!(s["line"], json!(line), "seat {k}'s count, call, meld and tricks");
        let title = s["title"].as_str().unwrap();
        assert!(title.starts_with(&names[k]), "{title}");
        let marks = |word: &str| title.contains(&format!("({word}")) || title.contains(&format!(", {word}"));
        assert_eq!(marks("declarer"), declarer == Some(k), "{title}: the declarer");
        assert_eq!(marks("dealer"), dealer == k, "{title}: the dealer");
        assert_eq!(marks("partner"), k == (me + 2) % 4, "{title}: the partner");
        assert_eq!(marks("you"), k == me, "{title}: you");
        // The trick in progress, each card at its player's place (an
        // empty table may still show the trick just won).
        let trick = v["trick"].as_array().unwrap();
        if !trick.is_empty() {
            let card: Vec<Value> = trick
                .iter()
                .filter(|t| t["seat"] == json!(k))
                .map(|t| t["card"].clone())
                .collect();
            assert_eq!(s["played"], json!(card), "seat {k}'s card on the table");
        }
    }
    // The melds laid down, with the cards shown and those still held.
    match v["melds"].as_array() {
        None => assert_eq!(page["melds"], json!([]), "no meld before the play"),
        Some(melds) => {
            let shown = page["melds"].as_array().unwrap();
            assert_eq!(shown.len(), 4, "a meld box for each seat");
            for box_ in shown {
                let k = box_["seat"].as_u64().unwrap() as usize;
                let m = &melds[k];
                let list: Vec<String> = m["melds"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|x| format!("{} {}", x["name"].as_str().unwrap(), x["points"]))
                    .collect();
                let words = if list.is_empty() {
                    "no meld".to_string()
                } else {
                    list.join(", ")
                };
                assert_eq!(
                    box_["line"],
                    json!(format!("{}: {} ({words})", names[k], m["points"])),
                    "seat {k}'s melds"
                );
                assert_eq!(box_["cards"], m["cards"], "seat {k}'s cards shown");
                // The cards not greyed are those still held.
                let mut left = strings(&box_["cards"]);
                for g in strings(&box_["gone"]) {
                    let at = left.iter().position(|c| *c == g).unwrap();
                    left.remove(at);
                }
                let mut held = strings(&m["held"]);
                left.sort();
                held.sort();
                assert_eq!(left, held, "seat {k}'s meld cards still held");
            }
            let sides: Vec<String> = (0..2)
                .map(|side| {
                    let meld = melds[side]["points"].as_u64().unwrap() + melds[side + 2]["points"].as_u64().unwrap();
                    format!(
                        "{}: meld {meld} · counters {}",
                        v["sides"][side].as_str().unwrap(),
                        v["counters"][side]
                    )
                })
                .collect();
            assert_eq!(strings(&page["sides"]), sides, "the sides' meld and counters");
        }
    }
    // The cards this seat passed and received.
    let (gave, got) = (strings(&v["gave"]), strings(&v["got"]));
    let mut exchange = String::new();
    if !gave.is_empty() {
        exchange.push_str(&format!("You passed {}", gave.concat()));
    }
    if !got.is_empty() {
        exchange.push_str(&format!("You received {}", got.concat()));
    }
    let exchange = if exchange.is_empty() {
        Value::Null
    } else {
        json!(exchange)
    };
    assert_eq!(page["exchange"], exchange, "the cards passed and received");
    // The score sheet and the last hand.
    let rows: Vec<Vec<String>> = (0..2).map(|side| sheet_row(v, side)).collect();
    assert_eq!(page["sheet"], json!(rows), "the score sheet");
    let last = &v["last_hand"];
    if last.is_null() {
        assert_eq!(page["last"], json!([]), "no last hand yet");
    } else {
        let words = &strings(&page["last"])[0];
        match last["declarer"].as_u64() {
            None => assert!(words.contains("thrown in"), "{words}"),
            Some(d) => assert_eq!(
                *words,
                format!(
                    "{} bid {} and {}.",
                    names[d as usize],
                    last["bid"],
                    if last["made"] == true { "made it" } else { "was set" }
                )
            ),
        }
    }
    // A control for each kind of legal move, and only legal ones.
    let legal = strings(&p["legal"]);
    let offered = strings(&page["offered"]);
    for o in &offered {
        assert!(legal.contains(o), "the board offers {o}, not legal");
    }
    let bids: Vec<u64> = legal
        .iter()
        .filter_map(|l| l.strip_prefix("bid ")?.parse().ok())
        .collect();
    if let Some(next) = bids.iter().min() {
        assert!(offered.contains(&format!("bid {next}")), "no button for the next bid");
        assert_eq!(page["field"], json!(next.to_string()), "the field at the next bid");
        assert!(offered.len() <= 7, "no pad of every bid: {offered:?}");
    }
    assert_eq!(
        page["pass"],
        json!(legal.iter().any(|l| l == "pass")),
        "Pass while it is legal"
    );
    for l in &legal {
        if l.starts_with("trump ") || !(l.starts_with("bid ") || l.starts_with("give ") || l == "pass") {
            assert!(offered.contains(l), "no button for {l}");
        }
    }
    if legal.iter().any(|l| l.starts_with("give ")) {
        assert_eq!(
            page["toggles"],
            json!(v["hand"].as_array().unwrap().len()),
            "each card a toggle in the pass"
        );
    }
    if p["your_turn"] == true {
        assert!(
            !page["focus"].is_null(),
            "the keyboard on the board at the person's turn"
        );
        if phase == "play" {
            let (idle, buttons) = (page["idle"].as_u64().unwrap(), page["buttons"].as_u64().unwrap());
            assert_eq!(
                idle + buttons,
                v["hand"].as_array().unwrap().len() as u64,
                "each card a button or idle"
            );
        }
    }
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

/// Waits for the move sent to be answered.
async fn settled(c: &Client) {
    until(c, "the move", "return document.body.dataset.busy !== 'true'").await;
}

/// Sends `keys` to the focused element.
async fn keys(c: &Client, keys: &str) {
    c.active_element().await.unwrap().send_keys(keys).await.unwrap();
}

/// The focused element's move label, or its id.
async fn focused(c: &Client) -> String {
    let f = c
        .execute(
            "const a = document.activeElement; return a?.dataset?.action ?? a?.id ?? ''",
            vec![],
        )
        .await
        .unwrap();
    f.as_str().unwrap_or_default().to_string()
}

/// Clicks the board's control `css` and checks that the person's last move
/// is then `label`.
async fn click(c: &Client, id: &str, css: &str, label: &str) {
    find(c, css).await.click().await.unwrap();
    settled(c).await;
    assert_eq!(last_own_move(c, id).await, label, "{css} played");
}

/// The highest bid the person makes in the test (it bids to win the
/// auction, and so to pass cards and name trumps).
const BID_LIMIT: u64 = 450;

/// Which control of the board the person's turn offers: a bid, trumps,
/// the pass, a card to play.
const TURN_KIND: &str = "return document.getElementById('pc-bid-input') || document.getElementById('pc-pass') ? 'bid' : document.querySelector('.pc-trumps') ? 'trump' : document.getElementById('pc-give') ? 'give' : document.querySelector('.pc-hand button[data-action]') ? 'play' : ''";

/// The moves the page's log counts.
const MOVE_COUNT: &str = "return Number(document.getElementById('table-move-count').textContent)";

/// Free play in the page (the game kept by the page, the computers in its
/// worker): the person's turns from the board's controls, a bid by the
/// keyboard, then passes, trumps and the pass of cards where they come, and
/// cards played by the keyboard, until the person has played `cards`;
/// no request for the server meanwhile.
async fn local_play(c: &Client, base: &str, cards: usize) -> usize {
    let seats = [(1, "level:1"), (2, "level:1"), (3, "level:1")];
    crate::browser_local::start_local(c, base, "pinochle", &[], &seats).await;
    let requests = "return performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/')).length";
    let before = c.execute(requests, vec![]).await.unwrap();
    let (mut played, mut bid, mut turns) = (0, false, 0);
    while played < cards {
        turns += 1;
        until(c, "the person's turn in the page", TURN_OR_END).await;
        assert!(!web::shown(c, "#table-result").await, "the local match ended");
        let count = c.execute(MOVE_COUNT, vec![]).await.unwrap().as_u64().unwrap();
        let kind = c.execute(TURN_KIND, vec![]).await.unwrap();
        match kind.as_str().unwrap() {
            "bid" if bid && web::shown(c, "#pc-pass").await => find(c, "#pc-pass").await.click().await.unwrap(),
            "bid" => {
                assert!(focused(c).await.starts_with("bid "), "the focus on the next bid");
                keys(c, "\u{E007}").await; // Enter
                bid = true;
            }
            "trump" => keys(c, "\u{E007}").await,
            "give" => {
                let k = c
                    .execute("return document.querySelectorAll('.pc-hand button').length", vec![])
                    .await
                    .unwrap()
                    .as_u64()
                    .unwrap();
                assert!(k >= 8, "a hand to pass from");
                for i in 0..4 {
                    find(c, &format!("#pc-card-{i}")).await.click().await.unwrap();
                }
                find(c, "#pc-give").await.click().await.unwrap();
            }
            "play" => {
                keys(c, "\u{E007}").await;
                played += 1;
            }
            other => panic!("the person's turn offers no control: {other:?}"),
        }
        until(
            c,
            "the move applied in the page",
            &format!("return document.body.dataset.busy !== 'true' && Number(document.getElementById('table-move-count').textContent) > {count}"),
        )
        .await;
        assert!(!web::shown(c, "#table-error").await, "the local page shows an error");
    }
    let after = c.execute(requests, vec![]).await.unwrap();
    assert_eq!(before, after, "free play in the page asked the server nothing");
    turns
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pinochle_plays_a_hand_from_the_page_and_hides_every_unseen_card() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    let (s, c) = player(&d, "pinochle player").await;
    open(&c, &format!("{}/rules/pinochle", s.base)).await;
    fixed_positions(&c).await;
    let seats = [(1, "level:1"), (2, "level:1"), (3, "level:1")];
    let id = start_game(&c, &s.base, "pinochle", &[], &seats).await;
    let deadline = Instant::now() + Duration::from_secs(180);
    let first_round = api_answer(&c, &id).await["round"].clone();
    let (mut turns, mut swapped) = (0, 0);
    let (mut bids, mut passes, mut trumps, mut gives, mut key_plays, mut click_plays) = (0, 0, 0, 0, 0, 0);
    let mut kinds = HashSet::new();
    let mut faulted = HashSet::new();
    let mut faults = Vec::new();
    let mut declared = None;
    loop {
        until(&c, "the person's turn or the end", TURN_OR_END).await;
        assert!(
            !web::shown(&c, "#table-result").await,
            "the match ended in its first hand"
        );
        assert!(Instant::now() < deadline, "the hand did not end ({turns} turns)");
        let answer = api_answer(&c, &id).await;
        let next_hand = answer["round"] != first_round;
        let v = &answer["view"];
        let phase = v["phase"].as_str().unwrap().to_string();
        // Each kind of turn swap-checked (the hand's phase, a card on the
        // table), and the first two.
        let kind = (phase.clone(), v["trick"].as_array().unwrap().is_empty(), next_hand);
        if turns < 2 || kinds.insert(kind) {
            swapped += usize::from(swap_keeps_the_page(&c, &s, &id).await);
        }
        turns += 1;
        let p = c.execute_async(CHECK, vec![json!(id)]).await.unwrap();
        check_page(&p);
        let (v, page) = (&p["view"], &p["page"]);
        // The page's faults at both sizes: in the auction, the pass, the
        // play with cards on the table and melds, the next hand.
        let fault_kind = match phase.as_str() {
            "play" if !v["trick"].as_array().unwrap().is_empty() => "play",
            "play" => "",
            _ if next_hand => "next-hand",
            "bid" => "bid",
            "trump" => "trump",
            "give" => "give",
            _ => "",
        };
        if !fault_kind.is_empty() && faulted.insert(fault_kind) {
            let name = format!("pinochle-{fault_kind}");
            snapshot(&c, &name).await;
            faults.extend(page_faults(&c, &name).await);
        }
        if next_hand {
            // The last hand's summary: the trick table's (its note), kept
            // until the person acts, and the sheet's (checked above).
            let summary = page["summary"].as_str().unwrap_or_default();
            assert!(summary.contains("Hand 1 ends"), "the hand's summary: {summary}");
            break;
        }
        let legal = strings(&p["legal"]);
        let has = |l: &str| legal.iter().any(|x| x == l);
        match phase.as_str() {
            "bid" => {
                let next = legal
                    .iter()
                    .filter_map(|l| l.strip_prefix("bid ")?.parse::<u64>().ok())
                    .min();
                match next {
                    Some(next) if next <= BID_LIMIT || !has("pass") => {
                        match bids {
                            // Enter on the next bid, focused.
                            0 => {
                                assert_eq!(focused(&c).await, format!("bid {next}"), "the focus on the next bid");
                                keys(&c, "\u{E007}").await;
                                settled(&c).await;
                                assert_eq!(last_own_move(&c, &id).await, format!("bid {next}"), "Enter bids");
                            }
                            // A bid typed in the field, and Enter.
                            1 => {
                                let field = find(&c, "#pc-bid-input").await;
                                field.clear().await.unwrap();
                                field.send_keys(&format!("{}\u{E007}", next + 20)).await.unwrap();
                                settled(&c).await;
                                let typed = format!("bid {}", next + 20);
                                assert_eq!(last_own_move(&c, &id).await, typed, "a bid typed in the field");
                            }
                            // A jump, else the next bid.
                            _ if legal.contains(&format!("bid {}", next + 10)) && bids == 2 => {
                                click(
                                    &c,
                                    &id,
                                    &format!("#pc-bid-{}", next + 10),
                                    &format!("bid {}", next + 10),
                                )
                                .await;
                            }
                            _ => click(&c, &id, &format!("#pc-bid-{next}"), &format!("bid {next}")).await,
                        }
                        bids += 1;
                    }
                    _ => {
                        click(&c, &id, "#pc-pass", "pass").await;
                        passes += 1;
                    }
                }
            }
            "trump" => {
                // The keyboard: from the first suit along to the suit the
                // person holds most of, Enter.
                assert_eq!(focused(&c).await, "trump clubs", "the focus on the first suit");
                let hand = strings(&v["hand"]);
                let signs = ["♣", "♦", "♥", "♠"];
                let best = (0..4)
                    .max_by_key(|&s| hand.iter().filter(|c| c.ends_with(signs[s])).count())
                    .unwrap();
                keys(&c, &"\u{E014}".repeat(best)).await; // →
                keys(&c, "\u{E007}").await; // Enter
                settled(&c).await;
                let suit = ["clubs", "diamonds", "hearts", "spades"][best];
                assert_eq!(
                    last_own_move(&c, &id).await,
                    format!("trump {suit}"),
                    "Enter names trumps"
                );
                trumps += 1;
                declared = Some(v["seat"].clone());
            }
            "give" => {
                // Two cards picked by the keyboard (the last by Space, the
                // one before by Enter), two by clicks; then the button.
                let hand = strings(&v["hand"]);
                let n = hand.len();
                let k = v["pass"].as_u64().unwrap() as usize;
                assert_eq!(focused(&c).await, "pc-card-0", "the focus on the first card");
                keys(&c, "\u{E010}").await; // End
                keys(&c, "\u{E00D}").await; // Space
                keys(&c, "\u{E012}").await; // ←
                keys(&c, "\u{E007}").await; // Enter
                for i in 2..k {
                    find(&c, &format!("#pc-card-{}", n - 1 - i))
                        .await
                        .click()
                        .await
                        .unwrap();
                }
                let picked = c
                    .execute(
                        "return [...document.querySelectorAll('.pc-hand button[aria-pressed=\"true\"]')].map((b) => b.id)",
                        vec![],
                    )
                    .await
                    .unwrap();
                let want: Vec<String> = (n - k..n).map(|i| format!("pc-card-{i}")).collect();
                assert_eq!(picked, json!(want), "the cards picked by the keyboard and clicks");
                let label = format!("give {}", hand[n - k..].join(" "));
                let button = find(&c, "#pc-give").await;
                assert_eq!(
                    button.attr("data-action").await.unwrap(),
                    Some(label.clone()),
                    "the move that names the cards picked"
                );
                click(&c, &id, "#pc-give", &label).await;
                gives += 1;
            }
            "play" => {
                if key_plays <= click_plays && page["focusInHand"] == true {
                    // The keyboard on a legal card: → moves along the hand
                    // when there is another, and Enter plays the card focused.
                    let first = page["focus"].as_str().unwrap().to_string();
                    keys(&c, "\u{E014}").await; // →
                    let to = match focused(&c).await {
                        label if legal.contains(&label) => label,
                        _ => {
                            keys(&c, "\u{E012}").await; // ←
                            first
                        }
                    };
                    keys(&c, "\u{E007}").await; // Enter
                    settled(&c).await;
                    assert_eq!(last_own_move(&c, &id).await, to, "Enter plays the card focused");
                    key_plays += 1;
                } else {
                    // The last card that may be played, clicked.
                    let cards = c
                        .find_all(fantoccini::Locator::Css(".pc-hand button[data-action]"))
                        .await
                        .unwrap();
                    let last = cards.last().expect("a card to play");
                    let label = last.attr("data-action").await.unwrap().unwrap();
                    last.click().await.unwrap();
                    settled(&c).await;
                    assert_eq!(last_own_move(&c, &id).await, label, "a card clicked plays");
                    click_plays += 1;
                }
            }
            other => panic!("the person's turn in phase {other}"),
        }
        assert!(!web::shown(&c, "#table-error").await, "the page shows an error");
    }
    eprintln!(
        "pinochle: {turns} turns, {bids} bids, {passes} passes, {trumps} trumps named, {gives} passes of cards, {key_plays} cards by the keyboard and {click_plays} by clicks, {swapped} swaps checked"
    );
    assert!(bids >= 1, "a bid from the page");
    assert!(
        key_plays >= 1 && click_plays >= 1,
        "cards played by the keyboard and by clicks"
    );
    assert!(swapped >= 3, "the hook found unseen cards ({swapped})");
    // The person or the partner declared: the person passed cards.
    let answer = api_answer(&c, &id).await;
    let last = &answer["view"]["last_hand"];
    if let Some(d) = last["declarer"].as_u64() {
        if d % 2 == 0 {
            assert_eq!(gives, 1, "the person passed cards in its side's pass");
        }
        assert_eq!(declared.is_some(), d == 0, "the person named trumps as the declarer");
    }
    for kind in ["bid", "play", "next-hand"] {
        assert!(faulted.contains(kind), "the page was not checked for faults in {kind}");
    }
    assert!(faults.is_empty(), "{} faults:\n{}", faults.len(), faults.join("\n"));
    // The same page over a game kept in the browser, its computers in the worker.
    let local = local_play(&c, &s.base, 2).await;
    eprintln!("pinochle in the page: {local} turns of the person's");
    c.close().await.unwrap();
}
