//! A computer's decision from its seat's observation alone: the worker's
//! search under a deadline, the same level's no-search policy, and the
//! module's self-check.

use std::cell::RefCell;
use std::sync::Arc;

use serde::Deserialize;
use serde_json::{Value, json};
use tabula_contract::table::parse_seed;
use tabula_contract::{Driver, PlayerSpec, SeatAgent, TableKind};
use tabula_search::{Rng, Seat, deadline_scope};

use crate::clock::{clock, millis};

/// What the worker receives for a computer's turn: the game under its
/// options, the seat's observation (never a state), the player and its
/// seed, and the time the answer may take.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DecideRequest {
    /// The registered name.
    pub game: String,
    /// Its rules options (`null` for the defaults).
    #[serde(default)]
    pub options: Value,
    /// The seat's observation: the game's JSON as text (JavaScript passes it
    /// on unparsed, since its numbers hold 53 bits and some games' JSON
    /// holds 64-bit words).
    pub observation: String,
    /// The seat to act.
    pub seat: Seat,
    /// The player's spec (`level:3`).
    pub player: String,
    /// The decision's seed, a decimal string.
    pub seed: String,
    /// Milliseconds the search may take; none for its whole budget.
    #[serde(default)]
    pub deadline_ms: Option<f64>,
    /// The kind of table the seat sits at (the turn's): a handicap the
    /// game grants the player there is in the observation. Without it, a
    /// table of several people, where none is.
    #[serde(default)]
    pub table: TableKind,
}

thread_local! {
    /// Games opened under their options, most recent last: a worker plays
    /// one game at a time, so a handful suffices.
    static DRIVERS: RefCell<Vec<(String, Arc<dyn Driver>)>> = const { RefCell::new(Vec::new()) };
}

const DRIVERS_KEPT: usize = 4;

fn driver(game: &str, options: &Value) -> Result<Arc<dyn Driver>, String> {
    let key = format!("{game}\u{0}{options}");
    if let Some(d) = DRIVERS.with(|c| c.borrow().iter().find(|(k, _)| *k == key).map(|(_, d)| d.clone())) {
        return Ok(d);
    }
    let entry = tabula_registry::find(game).map_err(|e| e.to_string())?;
    let d = entry.open(options).map_err(|e| e.to_string())?;
    DRIVERS.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() == DRIVERS_KEPT {
            c.remove(0);
        }
        c.push((key, d.clone()));
    });
    Ok(d)
}

/// A request read and checked: its driver, player, seed and the seat's
/// legal actions (the observation is the game's, possible, and the seat's
/// to act).
struct Checked {
    request: DecideRequest,
    observation: Value,
    driver: Arc<dyn Driver>,
    spec: PlayerSpec,
    seed: u64,
    legal: Vec<Value>,
    /// The player, built (so a bad argument is refused by every call).
    agent: Box<dyn SeatAgent>,
}

/// An answer of [`decide`] without what depends on the machine (the times
/// it reports): what every build must give for the same request.
pub fn without_times(mut answer: Value) -> Value {
    if let Some(o) = answer.as_object_mut() {
        o.remove("ms");
        if let Some(stats) = o.get_mut("stats").and_then(Value::as_object_mut) {
            stats.remove("time_ms");
        }
    }
    answer
}

/// A game value as JavaScript must carry it: JSON text, never parsed into
/// its numbers (which hold 53 bits).
pub fn text(value: &Value) -> String {
    value.to_string()
}

fn check(request: &str) -> Result<Checked, String> {
    let request: DecideRequest = serde_json::from_str(request).map_err(|e| format!("invalid request: {e}"))?;
    let observation: Value =
        serde_json::from_str(&request.observation).map_err(|e| format!("invalid observation: {e}"))?;
    let driver = driver(&request.game, &request.options)?;
    let spec: PlayerSpec = request
        .player
        .parse()
        .map_err(|e: tabula_contract::SpecError| e.to_string())?;
    let seed = parse_seed(&request.seed)?;
    let legal = driver
        .legal_for(&observation, request.seat, &spec, request.table)
        .map_err(|e| e.to_string())?;
    let agent = driver.agent_at(&spec, seed, request.table).map_err(|e| e.to_string())?;
    Ok(Checked {
        request,
        observation,
        driver,
        spec,
        seed,
        legal,
        agent,
    })
}

/// Plays a computer's turn: its player's search from the observation,
/// stopped at the deadline (on the page's clock in the browser). One legal
/// action is answered without a search. Answers `{action, stats, ms,
/// source}` with `source` `search` or `only`, the action as JSON text.
///
/// # Errors
/// A request the game refuses, in one line.
pub fn decide(request: &str) -> Result<String, String> {
    let c = check(request)?;
    if c.legal.len() == 1 {
        return Ok(json!({ "action": text(&c.legal[0]), "source": "only", "ms": 0.0 }).to_string());
    }
    let mut agent = c.agent;
    let clock = clock();
    let start = clock.now();
    let work = |agent: &mut Box<dyn SeatAgent>| agent.act(&c.observation, c.request.seat, &c.legal);
    let decision = match c.request.deadline_ms {
        Some(ms) => deadline_scope(clock.clone(), start + millis(ms), || work(&mut agent)),
        None => work(&mut agent),
    }
    .map_err(|e| e.to_string())?;
    let ms = clock.now().saturating_sub(start).as_secs_f64() * 1000.0;
    Ok(json!({
        "action": text(&decision.action),
        // The search's reason in words, for a hint (it names no action).
        "why": decision.why(),
        "stats": decision.stats,
        "ms": ms,
        "source": "search",
    })
    .to_string())
}

/// The request's fallback without a search: the same level's no-search
/// policy where the game has one (`source` `policy`), else the first legal
/// action (`first`). Answers `{action, source}`, the action as JSON text.
///
/// # Errors
/// A request the game refuses, in one line.
pub fn quick(request: &str) -> Result<String, String> {
    let c = check(request)?;
    let policy = c.driver.policy_agent_at(&c.spec, c.seed, c.request.table);
    if let Some(mut policy) = policy.map_err(|e| e.to_string())? {
        if let Ok(d) = policy.act(&c.observation, c.request.seat, &c.legal) {
            return Ok(json!({ "action": text(&d.action), "source": "policy" }).to_string());
        }
    }
    Ok(json!({ "action": text(&c.legal[0]), "source": "first" }).to_string())
}

/// The first word of the seeded stream the self-check expects (the
/// project's own generator: the same on every target).
const RNG_FINGERPRINT_SEED: u64 = 0x007A_B01A;

/// How many of the games' bench searches the self-check runs: the ones
/// with the smallest declared counts, so that it takes milliseconds.
const CHECKED_SEARCHES: usize = 2;

/// Checks the module against figures every build must reproduce: the
/// seeded random stream; the games' smallest bench searches, which must
/// count exactly what their games declare (what the native build counts);
/// and a whole game of the registry's first game between its default
/// players, decided through [`decide`] like the worker's. Answers `ok`
/// with the figures.
///
/// # Errors
/// The first figure that differs, or a game that does not end.
pub fn selfcheck() -> Result<String, String> {
    let mut rng = Rng::new(RNG_FINGERPRINT_SEED);
    let words = [rng.next_u64(), rng.next_u64()];
    let expected = EXPECTED_RNG_WORDS;
    if words != expected {
        return Err(format!(
            "the random stream differs: {words:x?} instead of {expected:x?}"
        ));
    }
    let mut searches: Vec<_> = tabula_registry::games()
        .iter()
        .flat_map(|g| (g.capabilities().bench)())
        .collect();
    searches.sort_by_key(|s| s.count);
    let mut counted = Vec::new();
    for search in searches.into_iter().take(CHECKED_SEARCHES) {
        let (name, declared) = (search.name.clone(), search.count);
        let count = search.run().count();
        if count != declared {
            return Err(format!("{name}: {count} nodes, not the {declared} of the native build"));
        }
        counted.push(format!("{name} ({count})"));
    }
    let entry = tabula_registry::games().first().ok_or("no game is registered")?;
    let player = json!({ "ai": entry.default_player() });
    let seats = vec![player; entry.info().min_seats];
    let opened = json!({ "game": entry.info().name, "seats": seats });
    let mut table = crate::LocalTable::open(&opened.to_string(), "1")?;
    while let Some(turn) = table.next_turn()? {
        let request = json!({
            "game": entry.info().name, "seat": turn.seat, "player": turn.player,
            "seed": turn.seed, "observation": text(&turn.observation),
        });
        let answer: Value = serde_json::from_str(&decide(&request.to_string())?).map_err(|e| e.to_string())?;
        table.play_computer(answer["action"].as_str().unwrap_or_default())?;
    }
    let answer = table.answer();
    if answer["over"] != json!(true) {
        return Err(format!("{} did not end: {answer}", entry.info().name));
    }
    Ok(format!(
        "ok: rng {words:x?}; {} as natively; {} played to the end in {} plies",
        counted.join(", "),
        entry.info().name,
        table.ply()
    ))
}

/// The two words `Rng::new(RNG_FINGERPRINT_SEED)` gives first, as the
/// native build computes them (the native test of [`selfcheck`] pins them).
const EXPECTED_RNG_WORDS: [u64; 2] = [0x3440_fefb_07e5_90f7, 0x0307_bf67_9f0a_e349];
