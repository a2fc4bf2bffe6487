//! What the table pages' browser tests share: the new-game form, waits on
//! a condition, a player with an account, and the swap check (the page's
//! DOM byte-identical when two cards the person cannot see are swapped in
//! the server's truth).

#![allow(dead_code)]

use std::time::{Duration, Instant};

use fantoccini::Client;

use crate::common::{Engine, TestServer};
use crate::web::{self, WAIT, browser, find, open, register, set_pace};

/// Sets a form control's value by script and fires `change` (the form
/// rebuilds its seats on it).
pub async fn set_value(c: &Client, id: &str, value: &str) {
    c.execute(
        "const e = document.getElementById(arguments[0]); e.value = arguments[1]; e.dispatchEvent(new Event('change', { bubbles: true }));",
        vec![id.into(), value.into()],
    )
    .await
    .unwrap();
}

/// Waits for a condition checked by a script that returns a boolean.
pub async fn until(c: &Client, what: &str, script: &str) {
    let deadline = Instant::now() + WAIT;
    loop {
        if c.execute(script, vec![]).await.unwrap() == serde_json::Value::Bool(true) {
            return;
        }
        assert!(Instant::now() < deadline, "waited in vain for {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The person's turn as the shell's list shows it (a renderer may word the
/// status its own way; the list holds the person's legal moves on their
/// turn only), or the end of the game.
pub const LIST_TURN_OR_END: &str = "return document.body.dataset.busy !== 'true' && (document.querySelector('#table-legal button[data-action]') !== null || !document.getElementById('table-result').hidden)";

/// Plays up to `moves` of the person's moves, each the first of the
/// shell's list (on every game's page), checking that no error shows;
/// stops at the end of the game.
pub async fn play_listed(c: &Client, moves: usize, name: &str) {
    for _ in 0..moves {
        until(c, "the person's turn or the end", LIST_TURN_OR_END).await;
        if web::shown(c, "#table-result").await {
            return;
        }
        c.execute(
            "document.querySelector('#table-legal button[data-action]').click()",
            vec![],
        )
        .await
        .unwrap();
        until(c, "the move", "return document.body.dataset.busy !== 'true'").await;
        assert!(!web::shown(c, "#table-error").await, "{name}: the page shows an error");
    }
}

/// The person's turn (and no request in flight), or the end of the game.
pub const TURN_OR_END: &str = "return (document.getElementById('table-status').textContent === 'Your move.' && document.body.dataset.busy !== 'true') || !document.getElementById('table-result').hidden";

/// Opens the form of `game`, applies `options` (control id, value) and
/// `seats` (seat index, player), and starts on the server: answers the
/// game's id once the table page shows it.
pub async fn start_game(
    c: &Client,
    base: &str,
    game: &str,
    options: &[(&str, &str)],
    seats: &[(usize, &str)],
) -> String {
    start_game_at(c, base, game, options, seats, false).await
}

/// [`start_game`] on the server, or (`local`) in the page: answers the
/// game's id (`/table/{id}`) or key (`/local/{key}`) once its page is ready.
pub async fn start_game_at(
    c: &Client,
    base: &str,
    game: &str,
    options: &[(&str, &str)],
    seats: &[(usize, &str)],
    local: bool,
) -> String {
    open(c, &format!("{base}/new/{game}")).await;
    for (id, value) in options {
        set_value(c, &format!("option-{id}"), value).await;
    }
    let last = seats.iter().map(|(s, _)| *s).max().unwrap_or(0);
    until(
        c,
        "the seats",
        &format!("return !!document.getElementById('seat-{last}') && document.getElementById('new-seats').dataset.busy === 'false'"),
    )
    .await;
    for (seat, player) in seats {
        set_value(c, &format!("seat-{seat}"), player).await;
    }
    c.execute(
        "const box = document.getElementById('new-local'); if (box) box.checked = arguments[0];",
        vec![serde_json::json!(local)],
    )
    .await
    .unwrap();
    find(c, "#new-start").await.click().await.unwrap();
    let prefix = if local { "/local/" } else { "/table/" };
    let deadline = Instant::now() + WAIT;
    loop {
        let url = c.current_url().await.unwrap();
        if let Some(id) = url.path().strip_prefix(prefix) {
            find(c, "body[data-ready='true']").await;
            return id.to_string();
        }
        assert!(Instant::now() < deadline, "the game did not open: {url}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The page's content once it waits for the person.
pub async fn page_html(c: &Client) -> String {
    until(
        c,
        "the person's turn",
        "return document.getElementById('table-status').textContent === 'Your move.' && document.body.dataset.busy !== 'true'",
    )
    .await;
    let html = c
        .execute("return document.getElementById('main').outerHTML", vec![])
        .await
        .unwrap();
    html.as_str().unwrap().to_string()
}

/// The seed every page test's tables derive theirs from.
const PAGE_SEED: u64 = 2026;

/// A server (no game-creation limit, its tables dealt from [`PAGE_SEED`])
/// and a browser logged in as `name` at the instant pace (the computers'
/// moves shown at once: the table tests play, the pace's own waits are
/// browser.rs's).
pub async fn player(d: &web::Driver, name: &str) -> (TestServer, Client) {
    // The same deals on every run: a test playing hands from the page
    // took from 34 to more than 80 moves for one Skyjo round on fresh deals.
    let s = TestServer::start(Engine::Sqlite, |c| {
        c.games_per_minute = 0;
        c.seeds = tabula_server::tables::Seeds::Derived(PAGE_SEED);
    })
    .await
    .unwrap();
    let c = browser(d).await;
    register(&c, &s.base, name).await;
    set_pace(&c, &s.base, "instant").await;
    (s, c)
}

/// Swaps two cards the person cannot see in the server's truth of game
/// `id` and checks that the page, loaded again, is byte for byte the same;
/// whether there were two such cards.
pub async fn swap_keeps_the_page(c: &Client, s: &TestServer, id: &str) -> bool {
    let url = format!("{}/table/{id}", s.base);
    open(c, &url).await;
    let before = page_html(c).await;
    let swapped = tabula_server::table_routes::swap_unseen_for_tests(&s.state, id)
        .await
        .unwrap();
    if swapped {
        open(c, &url).await;
        assert_eq!(before, page_html(c).await, "a swap of unseen cards showed on the page");
    }
    swapped
}

/// The server's answer for game `id` as the browser's session sees it
/// (`GET /api/games/{id}`: the person's view and legal moves).
pub async fn api_answer(c: &Client, id: &str) -> serde_json::Value {
    c.execute_async(
        "fetch('/api/games/' + encodeURIComponent(arguments[0])).then((r) => r.json()).then(arguments[1])",
        vec![id.into()],
    )
    .await
    .unwrap()
}

/// The strings a script answers as an array.
pub async fn strings(c: &Client, script: &str, args: Vec<serde_json::Value>) -> Vec<String> {
    let v = c.execute(script, args).await.unwrap();
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap_or_default().to_string())
        .collect()
}

/// Matches of one game played from the person's side, each a fresh secret
/// deal. A deal may end before the person has had the turns a test needs
/// (a lone march, an early knock, an outbid person), so the test starts
/// another match then, six at the most; the turns are swap-checked
/// ([`Matches::turn`]).
pub struct Matches<'a> {
    c: &'a Client,
    s: &'a TestServer,
    game: &'a str,
    options: &'a [(&'a str, &'a str)],
    seats: &'a [(usize, &'a str)],
    deadline: Instant,
    /// Matches started.
    pub started: usize,
    /// The person's turns so far, in every match.
    pub turns: usize,
    /// The turns at which two unseen cards were swapped (the page unchanged).
    pub swapped: usize,
}

impl<'a> Matches<'a> {
    /// No match started yet; all of them must end within `limit`.
    pub fn new(
        c: &'a Client,
        s: &'a TestServer,
        game: &'a str,
        options: &'a [(&'a str, &'a str)],
        seats: &'a [(usize, &'a str)],
        limit: Duration,
    ) -> Self {
        Matches {
            c,
            s,
            game,
            options,
            seats,
            deadline: Instant::now() + limit,
            started: 0,
            turns: 0,
            swapped: 0,
        }
    }

    /// Starts another match from the form: answers its id.
    pub async fn start(&mut self) -> String {
        assert!(self.started < 6, "six matches gave the person {} turns", self.turns);
        self.started += 1;
        start_game(self.c, &self.s.base, self.game, self.options, self.seats).await
    }

    /// Waits for the person's next turn in match `id`, counted and (the
    /// first three, then every fourth) swap-checked; `false` once the
    /// match is over.
    pub async fn turn(&mut self, id: &str) -> bool {
        until(self.c, "the person's turn or the end", TURN_OR_END).await;
        if web::shown(self.c, "#table-result").await {
            return false;
        }
        assert!(
            Instant::now() < self.deadline,
            "the match did not end ({} turns)",
            self.turns
        );
        // The first three turns, then every fourth: each check loads the
        // page twice, and a long match repeats what the first turns showed.
        if self.turns < 3 || self.turns % 4 == 0 {
            self.swapped += usize::from(swap_keeps_the_page(self.c, self.s, id).await);
        }
        self.turns += 1;
        true
    }
}

/// What [`step_through`] saw of a finished game's review.
pub struct Reviewed {
    /// The computer's opinion of the person's first move, in its words.
    pub opinion: String,
    /// The step the review opened at: the person's first move.
    pub first: u64,
    /// The cards shown face up per seat there (none for a game that
    /// hides nothing).
    pub hands: Vec<u64>,
    /// The moves of the game, as the review counts them.
    pub plies: u64,
}

/// The review's "where" line, for waits on it.
const WHERE: &str = "document.getElementById('replay-where').textContent";

/// Steps through the finished game on its page (the shell's review), by
/// the keyboard once it is open: the person's first move and the
/// computer's opinion of it with every hand face up, two moves on (→ →),
/// the start (Home), the end (End); the page checked for faults at both sizes
/// (`faults`, named after `name`).
pub async fn step_through(c: &Client, name: &str, faults: &mut Vec<String>) -> Reviewed {
    until(
        c,
        "the review button",
        "return !document.getElementById('table-result').hidden && !!document.getElementById('table-review-start') && document.body.dataset.busy !== 'true'",
    )
    .await;
    c.execute("document.getElementById('table-review-start').click()", vec![])
        .await
        .unwrap();
    until(
        c,
        "the opinion of the person's first move",
        "const o = document.getElementById('replay-opinion').textContent; return / would have played |^No opinion/.test(o)",
    )
    .await;
    let opinion = web::text(c, "#replay-opinion").await;
    assert!(!opinion.starts_with("No opinion"), "{name}: {opinion}");
    until(
        c,
        "the step drawn",
        "return !!document.getElementById('table-replay').dataset.step",
    )
    .await;
    let first = c
        .execute(
            "return Number(document.getElementById('table-replay').dataset.step)",
            vec![],
        )
        .await
        .unwrap()
        .as_u64()
        .unwrap();
    let hands = c
        .execute(
            "return [...document.querySelectorAll('#replay-hands .replay-hand')].map((p) => p.querySelectorAll('.hc-card, .replay-chip').length)",
            vec![],
        )
        .await
        .unwrap();
    let hands = hands.as_array().unwrap().iter().map(|n| n.as_u64().unwrap()).collect();
    faults.extend(web::page_faults(c, &format!("{name}-review")).await);
    let key = |k: &'static str| {
        let c = c.clone();
        async move {
            c.active_element().await.unwrap().send_keys(k).await.unwrap();
        }
    };
    // Two moves on, the second key before the first step has come: the
    // review goes on from the step asked for, and draws the last one.
    key("\u{E014}").await; // →
    key("\u{E014}").await;
    until(
        c,
        "two moves on",
        &format!(
            "return document.getElementById('table-replay').dataset.step === '{}'",
            first + 2
        ),
    )
    .await;
    key("\u{E011}").await; // Home
    until(
        c,
        "the start",
        "return document.getElementById('table-replay').dataset.step === '0'",
    )
    .await;
    key("\u{E010}").await; // End
    until(c, "the end", &format!("return {WHERE}.startsWith('The end, after ')")).await;
    let end = web::text(c, "#replay-where").await;
    let plies = end
        .trim_start_matches("The end, after ")
        .trim_end_matches(" moves.")
        .parse()
        .unwrap_or_else(|_| panic!("{name}: {end}"));
    Reviewed {
        opinion,
        first,
        hands,
        plies,
    }
}

/// The focused card's place in the climbing hand `.{prefix}-hand` (-1 when
/// the focus is elsewhere).
pub async fn focused_card(c: &Client, prefix: &str) -> i64 {
    c.execute(
        &format!(
            "return [...document.querySelectorAll('.{prefix}-hand button[data-card]')].indexOf(document.activeElement)"
        ),
        vec![],
    )
    .await
    .unwrap()
    .as_i64()
    .unwrap()
}

/// The climbing games' hand by the keyboard alone (render/climbing.js),
/// on the page's `{prefix}-` ids: from the first card, H shows a hint
/// (`hinted`, a script, holds), Escape clears it and the focus stays on
/// the hand, then → along the hand and Space on each card at `at`
/// (ascending): each press moves the focus there, and Space selects the
/// card and keeps the focus on it. The selection is left to be played.
pub async fn select_by_keyboard(c: &Client, prefix: &str, hinted: &str, at: &[usize]) {
    let key = |k: &'static str| async move { c.active_element().await.unwrap().send_keys(k).await.unwrap() };
    c.execute(
        &format!("document.querySelector('.{prefix}-hand button[data-card]').focus()"),
        vec![],
    )
    .await
    .unwrap();
    key("h").await;
    until(c, "the hint from the H key", hinted).await;
    key("\u{E00C}").await; // Escape
    until(
        c,
        "the selection cleared by Escape",
        &format!(
            "return document.getElementById('{prefix}-play').disabled && !document.querySelector('.{prefix}-hand [aria-pressed=\"true\"]')"
        ),
    )
    .await;
    assert_eq!(focused_card(c, prefix).await, 0, "the focus stays on the hand");
    let mut now = 0;
    for &to in at {
        for _ in now..to {
            key("\u{E014}").await; // →
        }
        now = to;
        assert_eq!(focused_card(c, prefix).await, to as i64, "→ moves along the hand");
        key("\u{E00D}").await; // Space
        let focused = c.active_element().await.unwrap();
        assert_eq!(
            focused.attr("aria-pressed").await.unwrap().as_deref(),
            Some("true"),
            "Space selects the card and keeps the focus on it"
        );
    }
}
