//! Durak on the page in headless Chromium: the page's defence on fixed
//! positions (a card that beats two attacks asks which, an attack picked
//! on the table first makes the hand's cards beat it, Escape drops a
//! choice, T takes, a transfer from its card and its button), then a
//! one-deal match of three against two computers played from the page:
//! at each of the person's turns the table as the API's view has it
//! (the hand in the view's order, every player's count, known cards,
//! standing and duraks, the stock, the trump, the beaten-off cards, the
//! bout's pairs, "takes", the score sheet) and a button for each legal
//! move; one card played from the keyboard (the focus on a legal card,
//! an arrow along the hand, Enter), defences clicked on the hand, Take
//! and Pass from their buttons and Pass once by its key; the page without
//! faults at both sizes with cards on the table and at the end; and the
//! page unchanged by a swap of unseen cards.

use crate::table_page;
use crate::web;

use std::collections::HashSet;
use std::time::{Duration, Instant};

use fantoccini::Client;
use serde_json::{Value, json};
use table_page::{TURN_OR_END, api_answer, player, start_game, swap_keeps_the_page, until};
use web::{browser_slot, driver, find, open, page_faults, snapshot, text};

/// `n` and the word, plural unless one: "1 card", "6 cards".
fn plural(n: u64, one: &str) -> String {
    format!("{n} {one}{}", if n == 1 { "" } else { "s" })
}

/// The page's defence on fixed positions, the renderer mounted on a board
/// of its own with a shell that records the moves played: South defends
/// against 7♠ and 8♠ (trumps ♥) holding 6♣, 9♠ and 7♥ (both 9♠ and 7♥
/// beat either attack), then with perevodnoy against 7♠ alone holding 7♦
/// and 9♠. Answers what the page offered and played at each step.
const FIXED: &str = r#"const done = arguments[0];
import('/assets/js/render/durak.js').then(async (m) => {
  const root = document.createElement('div');
  document.body.append(root);
  const played = [];
  const defend = (a, w) => ({ action: { defend: { attack: a, with: w } }, label: `beat ${a === 28 ? '7♠' : '8♠'} with ${w === 30 ? '9♠' : '7♥'}` });
  const legal = [defend(28, 30), defend(29, 30), defend(28, 19), defend(29, 19), { action: 'take', label: 'take' }];
  const shell = { busy: false, play: (move) => played.push(move.label) };
  const seat = (count, known = []) => ({ count, known, in_game: true, duraks: 0 });
  const answer = {
    ply: 40, you: 0, observer: 0, your_turn: true, over: false, legal,
    seats: [{ name: 'South' }, { name: 'West' }, { name: 'North' }],
    view: {
      seat: 0, players: 3, phase: 'defend', to_move: 0, hand: ['6♣', '9♠', '7♥'], trump: '6♥', trump_suit: '♥',
      stock: 12, discard: 4, attacker: 2, defender: 0,
      table: [{ attack: '7♠', beaten_by: null }, { attack: '8♠', beaten_by: null }],
      limit: 6, taking: false, seats: [seat(3, ['7♥']), seat(5), seat(4)], deal_no: 1, deals: 1, draws: 0,
      last: null, winners: null, teams: false,
    },
  };
  const r = m.mount(root, shell);
  r.update(answer);
  const q = (s) => [...root.querySelectorAll(s)];
  const step = () => ({
    direct: q('.dk-hand button[data-action]').map((b) => b.dataset.action),
    asking: q('.dk-hand button[aria-expanded]').map((b) => b.querySelector('.hc-card').textContent),
    idle: q('.dk-hand .hc-idle').map((f) => f.textContent),
    targets: q('.dk-target').map((b) => b.querySelector('.hc-card').textContent),
    choices: q('.dk-choices button[data-action]').map((b) => b.dataset.action),
    focus: document.activeElement?.dataset?.action ?? document.activeElement?.id ?? null,
    played: [...played],
  });
  const steps = [step()];
  // The card that beats both: the page asks which, the focus on the first choice.
  root.querySelector('#dk-card-9♠').click();
  steps.push(step());
  root.querySelector('.dk-choices button[data-action="beat 8♠ with 9♠"]').click();
  steps.push(step());
  // Escape drops the choice.
  root.querySelector('#dk-card-7♥').click();
  document.activeElement.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  steps.push(step());
  // The attack first: the hand's cards then beat it, at one click.
  root.querySelector('#dk-target-7♠').click();
  steps.push(step());
  root.querySelector('.dk-hand button[data-action="beat 7♠ with 7♥"]').click();
  steps.push(step());
  // T takes.
  root.querySelector('.dk-hand button').dispatchEvent(new KeyboardEvent('keydown', { key: 't', bubbles: true }));
  steps.push(step());
  const seen = root.querySelector('.dk-hand .dk-seen')?.getAttribute('aria-label') ?? null;
  // Perevodnoy: against 7♠ alone, holding 7♦ and 9♠: 9♠ beats it at once,
  // 7♦ and its own button transfer the attack.
  r.update({
    ...answer, ply: 41,
    legal: [defend(28, 30), { action: { transfer: 10 }, label: 'transfer 7♦' }, { action: 'take', label: 'take' }],
    view: { ...answer.view, hand: ['7♦', '9♠'], table: [{ attack: '7♠', beaten_by: null }], seats: [seat(2), seat(5), seat(4)] },
  });
  const transfer = step();
  transfer.controls = q('.dk-controls button[data-action]').map((b) => b.dataset.action);
  root.querySelector('#dk-transfer-7♦').click();
  transfer.played = [...played];
  root.remove();
  done({ steps, seen, transfer });
});"#;

/// Checks the page's defence on the fixed position.
async fn fixed_defence(c: &Client) {
    let got = c.execute_async(FIXED, vec![]).await.unwrap();
    let s = &got["steps"];
    // At first both beating cards ask, 6♣ beats nothing, both attacks are toggles.
    assert_eq!(s[0]["direct"], json!([]), "no card beats one attack only");
    assert_eq!(
        s[0]["asking"],
        json!(["9♠", "7♥"]),
        "the cards that beat two attacks ask which"
    );
    assert_eq!(s[0]["idle"], json!(["6♣"]), "a card that beats nothing is idle");
    assert_eq!(
        s[0]["targets"],
        json!(["7♠", "8♠"]),
        "the unbeaten attacks can be picked"
    );
    // 9♠ clicked: a choice of each attack, the focus on the first.
    assert_eq!(s[1]["choices"], json!(["beat 7♠ with 9♠", "beat 8♠ with 9♠"]));
    assert_eq!(s[1]["focus"], "beat 7♠ with 9♠", "the focus on the first choice");
    assert_eq!(s[1]["played"], json!([]), "asking plays nothing");
    assert_eq!(
        s[2]["played"],
        json!(["beat 8♠ with 9♠"]),
        "the choice plays its defence"
    );
    // 7♥ clicked, then Escape: no choice left, the focus back on 7♥.
    assert_eq!(s[3]["choices"], json!([]), "Escape drops the choice");
    assert_eq!(s[3]["focus"], "dk-card-7♥");
    // 7♠ picked: both cards beat it at one click, 6♣ still idle.
    assert_eq!(
        s[4]["direct"],
        json!(["beat 7♠ with 9♠", "beat 7♠ with 7♥"]),
        "the attack picked first"
    );
    assert_eq!(s[4]["idle"], json!(["6♣"]));
    assert_eq!(s[5]["played"], json!(["beat 8♠ with 9♠", "beat 7♠ with 7♥"]));
    assert_eq!(s[6]["played"][2], "take", "T takes");
    assert_eq!(
        got["seen"], "7 of hearts, seen by everyone",
        "a card everyone saw go into the hand"
    );
    let t = &got["transfer"];
    assert_eq!(
        t["direct"],
        json!(["transfer 7♦", "beat 7♠ with 9♠"]),
        "one attack: each card plays at once"
    );
    assert_eq!(t["targets"], json!([]), "one attack: nothing to pick on the table");
    assert_eq!(
        t["controls"],
        json!(["take", "transfer 7♦"]),
        "Take and the transfer's button"
    );
    assert_eq!(t["played"][3], "transfer 7♦", "the transfer's button transfers");
}

/// The page and the API's view of game `id` (`arguments[0]`), side by side
/// for the checks: the hand, each seat's line, known cards and standing,
/// the stock, the trump, the discard, the pairs, the sheet, the status;
/// the moves the board offers and the legal ones; the focus.
const CHECK: &str = r#"const [id, done] = arguments; fetch('/api/games/' + id).then((r) => r.json()).then((answer) => {
  const q = (s, root = document) => [...root.querySelectorAll(s)];
  const faceText = (f) => (f ? f.textContent : null);
  const board = document.getElementById('table-board');
  const seat = (b) => ({
    seat: Number(b.dataset.seat),
    title: b.querySelector('h3').textContent,
    line: b.querySelector('.dk-line').textContent.replace(/^ · /, ''),
    known: q('.dk-known .hc-card', b).map(faceText),
    out: b.classList.contains('dk-out'),
  });
  done({
    view: answer.view,
    legal: answer.legal.map((m) => m.label),
    your_turn: answer.your_turn,
    page: {
      hand: q('.dk-hand .hc-card').map(faceText),
      seen: q('.dk-hand .dk-seen').map(faceText),
      idle: q('.dk-hand .hc-idle').length,
      buttons: q('.dk-hand button').length,
      seats: q('.dk-seats section[data-seat]').map(seat),
      mine: seat(document.querySelector('.dk-mine')),
      stock: document.getElementById('dk-stock-count').textContent,
      trump: document.getElementById('dk-trump').textContent,
      under: faceText(document.querySelector('#dk-stock .dk-trump-card .hc-card')),
      discard: document.getElementById('dk-discard-count').textContent,
      pairs: q('.dk-pair').map((li) => [faceText(li.querySelector(':scope > .hc-card, :scope > button .hc-card')), faceText(li.querySelector('.dk-beat .hc-card'))]),
      taking: document.getElementById('dk-taking') !== null,
      sheet: q('#dk-scores tbody tr').map((tr) => tr.lastElementChild.textContent),
      status: document.getElementById('dk-status').textContent,
      offered: q('[data-action]', board).map((b) => b.dataset.action),
      asking: q('.dk-hand button[aria-expanded]').map((b) => b.querySelector('.hc-card').textContent),
      focus: board.contains(document.activeElement) ? (document.activeElement.dataset.action ?? document.activeElement.id ?? '') : null,
      focusInHand: document.activeElement?.closest('.dk-hand') !== null && document.activeElement?.matches('button[data-action]'),
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

/// The card a defence's label beats with: `beat 7♠ with 9♠` → `9♠`.
fn beating_card(label: &str) -> Option<&str> {
    label.strip_prefix("beat ")?.split(" with ").nth(1)
}

/// Checks the page against the view (`p`, from [`CHECK`]).
fn check_page(p: &Value) {
    let (v, page) = (&p["view"], &p["page"]);
    let me = v["seat"].as_u64().unwrap() as usize;
    let n = v["players"].as_u64().unwrap() as usize;
    assert_eq!(page["hand"], v["hand"], "the hand in the view's order");
    // The person's cards everyone saw go into the hand, marked.
    let mut seen = strings(&page["seen"]);
    let mut known = strings(&v["seats"][me]["known"]);
    seen.sort();
    known.sort();
    assert_eq!(seen, known, "the hand's cards everyone saw");
    // Every other player in turn order from the person's left, then the person.
    let order: Vec<u64> = page["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["seat"].as_u64().unwrap())
        .collect();
    let expected: Vec<u64> = (1..n).map(|k| ((me + k) % n) as u64).collect();
    assert_eq!(order, expected, "the other players from your left");
    let mut all: Vec<&Value> = page["seats"].as_array().unwrap().iter().collect();
    all.push(&page["mine"]);
    for s in all {
        let k = s["seat"].as_u64().unwrap() as usize;
        let want = &v["seats"][k];
        let line = format!(
            "{} · {}",
            plural(want["count"].as_u64().unwrap(), "card"),
            plural(want["duraks"].as_u64().unwrap(), "durak")
        );
        assert_eq!(s["line"], json!(line), "seat {k}'s count and duraks");
        assert_eq!(
            s["out"],
            json!(!want["in_game"].as_bool().unwrap()),
            "seat {k} in or out"
        );
        let title = s["title"].as_str().unwrap();
        assert_eq!(
            title.contains("out of the deal"),
            !want["in_game"].as_bool().unwrap(),
            "{title}"
        );
        if k != me {
            assert_eq!(s["known"], want["known"], "seat {k}'s known cards");
        }
        let playing = v["phase"] != "over" && v["phase"] != "deal";
        assert_eq!(
            title.contains("attacks"),
            playing && v["attacker"] == json!(k),
            "{title}: the attacker marked"
        );
        assert_eq!(
            title.contains("defends"),
            playing && v["defender"] == json!(k),
            "{title}: the defender marked"
        );
    }
    // The stock, the trump card under it (or its suit alone), the discard.
    let stock = v["stock"].as_u64().unwrap();
    let words = if stock == 0 {
        "empty".to_string()
    } else {
        plural(stock, "card")
    };
    assert_eq!(page["stock"], json!(words), "the stock's count");
    let trump = page["trump"].as_str().unwrap();
    if let (Some(card), Some(suit)) = (v["trump"].as_str(), v["trump_suit"].as_str()) {
        assert!(trump.starts_with(&format!("Trumps: {suit}")), "{trump}");
        assert!(trump.contains(card), "{trump}");
        let under = if stock > 0 { json!(card) } else { Value::Null };
        assert_eq!(
            page["under"], under,
            "the trump card under the stock while there is one"
        );
    }
    assert_eq!(
        page["discard"],
        json!(plural(v["discard"].as_u64().unwrap(), "card")),
        "the beaten-off cards"
    );
    // The bout's pairs in table order, each attack with its beating card.
    let pairs: Vec<Value> = v["table"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| json!([x["attack"], x["beaten_by"]]))
        .collect();
    assert_eq!(page["pairs"], json!(pairs), "the bout's pairs");
    assert_eq!(page["taking"], v["taking"], "takes, once the defender said so");
    let duraks: Vec<String> = v["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["duraks"].to_string())
        .collect();
    assert_eq!(strings(&page["sheet"]), duraks, "the score sheet");
    let status = page["status"].as_str().unwrap();
    assert!(
        status.starts_with(&format!("Deal {} of {}", v["deal_no"], v["deals"])),
        "{status}"
    );
    // A button for each legal move: each move of the board is legal, each
    // attack, take, pass and transfer has its own, and each card that
    // beats has a button (at once, or asking which attack).
    let legal = strings(&p["legal"]);
    let offered = strings(&page["offered"]);
    for o in &offered {
        assert!(legal.contains(o), "the board offers {o}, not legal: {legal:?}");
    }
    for l in &legal {
        if let Some(card) = beating_card(l) {
            let asked = page["asking"].as_array().unwrap().contains(&json!(card));
            assert!(offered.contains(l) || asked, "no button beats with {card}");
        } else {
            assert!(offered.contains(l), "no button for {l}");
        }
    }
    if p["your_turn"] == true {
        assert!(
            !page["focus"].is_null(),
            "the keyboard on the board at the person's turn"
        );
        // Each card of the hand a button, or greyed: it cannot be played now.
        let (idle, buttons) = (page["idle"].as_u64().unwrap(), page["buttons"].as_u64().unwrap());
        assert_eq!(
            idle + buttons,
            v["hand"].as_array().unwrap().len() as u64,
            "each card a button or idle"
        );
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

/// Clicks the board's button `css` and checks that the person's last move
/// is then `label`.
async fn click(c: &Client, id: &str, css: &str, label: &str) {
    find(c, css).await.click().await.unwrap();
    until(c, "the move", "return document.body.dataset.busy !== 'true'").await;
    assert_eq!(last_own_move(c, id).await, label, "{css} played");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn durak_plays_a_deal_from_the_page_and_hides_every_unseen_card() {
    let _slot = browser_slot().await;
    let Some(d) = driver() else { return };
    let (s, c) = player(&d, "durak player").await;
    open(&c, &format!("{}/rules/durak", s.base)).await;
    fixed_defence(&c).await;
    let options = [("players", "3"), ("deals", "1")];
    let seats = [(1, "level:1"), (2, "level:1")];
    let id = start_game(&c, &s.base, "durak", &options, &seats).await;
    let deadline = Instant::now() + Duration::from_secs(120);
    let (mut turns, mut swapped) = (0, 0);
    let (mut keyboard, mut defends, mut takes, mut passes, mut pass_keys, mut attacks) = (0, 0, 0, 0, 0, 0);
    // The kinds of turn swap-checked so far, after the first two: the
    // phase, "takes", whether any player holds known cards (each check
    // loads the page twice: a turn like one checked shows nothing new).
    let mut kinds = HashSet::new();
    let mut faults = Vec::new();
    let (mut bout_checked, mut seen_checked) = (false, false);
    loop {
        until(&c, "the person's turn or the end", TURN_OR_END).await;
        if web::shown(&c, "#table-result").await {
            break;
        }
        assert!(Instant::now() < deadline, "the deal did not end ({turns} turns)");
        let v = api_answer(&c, &id).await["view"].clone();
        let known = |k: usize| !v["seats"][k]["known"].as_array().unwrap().is_empty();
        let me = v["seat"].as_u64().unwrap() as usize;
        let kind = (v["phase"].to_string(), v["taking"] == true, (0..3).any(known));
        if turns < 2 || kinds.insert(kind) {
            swapped += usize::from(swap_keeps_the_page(&c, &s, &id).await);
        }
        turns += 1;
        let p = c.execute_async(CHECK, vec![json!(id)]).await.unwrap();
        check_page(&p);
        let (v, page) = (&p["view"], &p["page"]);
        // The page's faults at both sizes, with cards on the table, and
        // with cards everyone saw go into the person's hand.
        let bout = !v["table"].as_array().unwrap().is_empty();
        if bout && (!bout_checked || (!seen_checked && known(me))) {
            snapshot(&c, "durak-bout").await;
            faults.extend(page_faults(&c, "durak-bout").await);
            seen_checked |= known(me);
            bout_checked = true;
        }
        let legal = strings(&p["legal"]);
        let has = |l: &str| legal.iter().any(|x| x == l);
        let phase = v["phase"].as_str().unwrap();
        if keyboard == 0 && page["focusInHand"] == true {
            // The keyboard on a legal card: → moves along the hand when
            // there is another, and Enter plays the card focused.
            let first = page["focus"].as_str().unwrap().to_string();
            c.active_element().await.unwrap().send_keys("\u{E014}").await.unwrap(); // →
            let to = c
                .execute("return document.activeElement.dataset.action ?? null", vec![])
                .await
                .unwrap();
            let to = match to.as_str() {
                Some(label) if legal.iter().any(|l| l == label) => label.to_string(),
                _ => {
                    c.active_element().await.unwrap().send_keys("\u{E012}").await.unwrap(); // ←
                    first
                }
            };
            c.active_element().await.unwrap().send_keys("\u{E007}").await.unwrap(); // Enter
            until(&c, "the move", "return document.body.dataset.busy !== 'true'").await;
            assert_eq!(last_own_move(&c, &id).await, to, "Enter plays the card focused");
            keyboard += 1;
        } else if phase == "defend" {
            let offered = strings(&page["offered"]);
            let defend = legal.iter().find(|l| l.starts_with("beat ") && offered.contains(l));
            match defend {
                // One take, once a defence was clicked.
                Some(_) if defends > 0 && takes == 0 && has("take") => {
                    click(&c, &id, "#dk-take", "take").await;
                    takes += 1;
                }
                Some(l) => {
                    let card = beating_card(l).unwrap();
                    click(&c, &id, &format!(".dk-hand button#dk-card-{card}"), l).await;
                    defends += 1;
                }
                None if !page["asking"].as_array().unwrap().is_empty() => {
                    // A card that beats more than one attack: it asks which.
                    let card = page["asking"][0].as_str().unwrap().to_string();
                    find(&c, &format!(".dk-hand button#dk-card-{card}"))
                        .await
                        .click()
                        .await
                        .unwrap();
                    let choice = find(&c, ".dk-choices button[data-action]").await;
                    let label = choice.attr("data-action").await.unwrap().unwrap();
                    click(&c, &id, ".dk-choices button[data-action]", &label).await;
                    defends += 1;
                }
                None => {
                    click(&c, &id, "#dk-take", "take").await;
                    takes += 1;
                }
            }
        } else if has("pass") {
            if passes > 0 && pass_keys == 0 {
                // P passes, from the hand or the controls.
                c.active_element().await.unwrap().send_keys("p").await.unwrap();
                until(&c, "the pass", "return document.body.dataset.busy !== 'true'").await;
                assert_eq!(last_own_move(&c, &id).await, "pass", "the P key passes");
                pass_keys += 1;
            } else {
                click(&c, &id, "#dk-pass", "pass").await;
                passes += 1;
            }
        } else {
            let first = find(&c, ".dk-hand button[data-action]").await;
            let label = first.attr("data-action").await.unwrap().unwrap();
            assert!(label.starts_with("attack "), "{label}");
            click(&c, &id, ".dk-hand button[data-action]", &label).await;
            attacks += 1;
        }
        assert!(!web::shown(&c, "#table-error").await, "the page shows an error");
    }
    eprintln!(
        "durak: {turns} turns, {keyboard} by the keyboard, {attacks} attacks, {defends} defences, {takes} takes, {passes} passes by the button and {pass_keys} by P, {swapped} swaps checked"
    );
    assert_eq!(keyboard, 1, "one card played from the keyboard");
    assert!(defends >= 1, "a defence clicked");
    assert!(takes >= 1 && passes >= 1, "Take and Pass from their buttons");
    assert!(swapped >= 3, "the hook found unseen cards ({swapped})");
    assert!(
        bout_checked && seen_checked,
        "the page checked for faults with a bout and known cards"
    );
    // The end: the last deal, the winners, the score sheet, the result.
    let answer = api_answer(&c, &id).await;
    let v = &answer["view"];
    assert_eq!(v["phase"], "over");
    let last = text(&c, "#dk-last").await;
    assert_eq!(last, format!("The last deal: {}.", v["last"].as_str().unwrap()));
    let winners = text(&c, "#dk-winners").await;
    for w in v["winners"].as_array().unwrap() {
        let name = answer["seats"][w.as_u64().unwrap() as usize]["name"].as_str().unwrap();
        assert!(winners.contains(name), "{winners}");
    }
    let sheet = strings(
        &c.execute(
            "return [...document.querySelectorAll('#dk-scores tbody td')].map((td) => td.textContent)",
            vec![],
        )
        .await
        .unwrap(),
    );
    let duraks: Vec<String> = v["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["duraks"].to_string())
        .collect();
    assert_eq!(sheet, duraks, "the score sheet at the end");
    let more = text(&c, "#table-result-more").await;
    assert!(
        more.contains("The last deal") && more.contains("Duraks after 1 deal"),
        "{more}"
    );
    faults.extend(page_faults(&c, "durak-end").await);
    assert!(faults.is_empty(), "{} faults:\n{}", faults.len(), faults.join("\n"));
    c.close().await.unwrap();
}
