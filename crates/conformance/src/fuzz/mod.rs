//! The observation fuzzer: what an outside host can send an engine.
//!
//! It plays seeded games of any registered game through the erased
//! [`Driver`], keeps the observations the seats to act were given (real
//! ones), and mutates them the ways a careless or hostile host would: a
//! card moved between zones, added, removed or duplicated; a count, a
//! phase, a dealer, a score, a bid changed; a field taken from another
//! moment of the game; an element of a list dropped, copied or swapped.
//! Each mutant goes to the driver as the bot protocol sends it, and the
//! rule is the one every game keeps:
//!
//! - it is refused (an error, nothing else), or
//! - it is accepted, and then it is an observation of a game the rules
//!   can play on: its view is built; every player answers one of its
//!   legal actions; a world drawn from it shows the seat the same
//!   observation and keeps the game's state invariants (the driver checks
//!   both itself), and from that world, after each distinct answer, the
//!   game plays on without a panic, keeping its invariants at every ply:
//!   to its end (or a long way) after the first answer, a few plies after
//!   each other one.
//!
//! The invariants are checked on every state of the real games too: a
//! game's [`check_state`](tabula_contract::GameModule::check_state) that
//! refused a reachable state would refuse real observations.
//!
//! A panic anywhere is a failure, reported with the mutant, the seat and
//! the player, so that `tabula bot` reproduces it. A case that runs past
//! [`FuzzConfig::stall`] aborts the process with the same report (a hang
//! is a defect too).
//!
//! ```
//! # use tabula_contract::{Registered, GameEntry};
//! let entry = &Registered::<tabula_tictactoe::TicTacToe>::ENTRY;
//! let config = tabula_conformance::fuzz::FuzzConfig { mutations: 200, ..Default::default() };
//! let report = tabula_conformance::fuzz::fuzz(entry, &config).unwrap();
//! assert_eq!(report.mutants, 200);
//! assert!(report.refused > 0 && report.accepted > 0);
//! ```

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;
use tabula_contract::{Driver, GameEntry, Match, PlayerSpec, TableKind};
use tabula_search::{Rng, Seat, SystemClock, Turn, deadline_scope};

mod mutate;

pub use mutate::mutate;

/// How much to fuzz.
#[derive(Clone, Debug)]
pub struct FuzzConfig {
    /// The game's rules options (`null`: the defaults).
    pub options: Value,
    /// Seeded games played for real observations.
    pub games: usize,
    /// Plies each of them is played at most.
    pub plies: usize,
    /// Mutants tried.
    pub mutations: usize,
    /// The seed of the games, the mutations and the players.
    pub seed: u64,
    /// The players asked about each accepted mutant; empty: every level
    /// (`level:1`…`level:4`, as far as the game offers) and the example of
    /// every other player the game lists.
    pub players: Vec<String>,
    /// Each player's time per answer (its search stops at this deadline).
    pub think: Duration,
    /// The library's sampling searches (`mcts`, `ismcts`, `moismcts`,
    /// `rootucb`) are asked about one accepted mutant in this many (1: all):
    /// their random rollouts play whole matches, so one iteration of a long
    /// card game outlasts any short deadline.
    pub sampling_every: usize,
    /// Plies the world of an accepted mutant is played on after its first
    /// answer, at most; after each other distinct answer the world is
    /// played on for [`FuzzConfig::playout_others`] plies.
    pub playout: usize,
    /// Plies the world is played on after each distinct answer but the
    /// first (at most [`FuzzConfig::playout`]): the answer is applied and
    /// checked in full, and one long continuation per mutant already
    /// follows the world to its next deals.
    pub playout_others: usize,
    /// A case taking longer than this aborts the process with its report.
    pub stall: Duration,
}

impl Default for FuzzConfig {
    fn default() -> Self {
        FuzzConfig {
            options: Value::Null,
            games: 6,
            plies: 400,
            mutations: 1000,
            seed: 0xF022_0B5E,
            players: Vec::new(),
            think: Duration::from_millis(2),
            sampling_every: 1,
            playout: 600,
            playout_others: 40,
            stall: Duration::from_secs(120),
        }
    }
}

/// What was tried.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FuzzReport {
    /// Real observations the mutants were made from.
    pub observations: usize,
    /// Mutants tried.
    pub mutants: usize,
    /// Mutants refused.
    pub refused: usize,
    /// Mutants accepted (each then checked as above).
    pub accepted: usize,
    /// Answers given by players to accepted mutants, each legal.
    pub answers: usize,
    /// The players asked.
    pub players: Vec<String>,
}

/// A broken promise: the case and what happened.
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    /// The game.
    pub game: &'static str,
    /// The seat the request named.
    pub seat: Seat,
    /// The observation sent.
    pub observation: Value,
    /// The player asked, when a player failed.
    pub player: Option<String>,
    /// What went wrong.
    pub problem: String,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: seat {}", self.game, self.seat)?;
        if let Some(p) = &self.player {
            write!(f, ", player {p}")?;
        }
        write!(f, ": {}\nobservation: {}", self.problem, self.observation)
    }
}

impl std::error::Error for Failure {}

/// One observation a seat to act was given, in a real game.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The seat.
    pub seat: Seat,
    /// Its observation, as JSON.
    pub observation: Value,
}

impl AsRef<Value> for Sample {
    fn as_ref(&self) -> &Value {
        &self.observation
    }
}

/// The observations of the seats to act (and of every seat at chance
/// steps and at the end, which must be refused as requests) in `games`
/// seeded random games of `driver`, `plies` plies each at most.
pub fn corpus(driver: &dyn Driver, games: usize, plies: usize, seed: u64) -> Vec<Sample> {
    let mut out = Vec::new();
    for g in 0..games as u64 {
        let mut rng = Rng::derived(seed, 0x0C0A_0000 ^ g);
        let mut game = driver.start(rng.next_u64(), TableKind::Online);
        for _ in 0..plies {
            let turn = game.to_act();
            let seats: Vec<Seat> = match turn {
                Turn::Seat(s) => vec![s],
                // A few of the others: their requests must be refused.
                _ if rng.below(8) == 0 => (0..driver.seats()).collect(),
                _ => Vec::new(),
            };
            // The invariants hold on every real state, or they refuse
            // observations that real games give.
            if let Err(e) = game.check_state() {
                panic!(
                    "{}: a state of a real game breaks its invariants: {e}",
                    driver.info().name
                );
            }
            for seat in seats {
                out.push(Sample {
                    seat,
                    observation: game.observe(seat),
                });
            }
            match turn {
                Turn::Terminal => break,
                Turn::Chance => game.chance(&mut rng).expect("chance acts"),
                Turn::Seat(_) => {
                    let legal = game.legal();
                    let a = &legal[rng.below(legal.len() as u64) as usize];
                    game.apply(a).expect("a legal action plays");
                }
            }
        }
    }
    out
}

/// The players [`FuzzConfig::players`] names, or its default: every level
/// the game offers and every other player's example.
pub fn players(driver: &dyn Driver, named: &[String]) -> Vec<PlayerSpec> {
    if !named.is_empty() {
        return named.iter().filter_map(|s| s.parse().ok()).collect();
    }
    let mut out = Vec::new();
    for p in driver.players() {
        if p.name == "level" {
            for n in 1..=4 {
                if let Ok(spec) = format!("level:{n}").parse::<PlayerSpec>() {
                    if driver.agent(&spec, 0).is_ok() {
                        out.push(spec);
                    }
                }
            }
        } else if let Ok(spec) = p.example.parse::<PlayerSpec>() {
            if !matches!(spec, PlayerSpec::Bot { .. }) && driver.agent(&spec, 0).is_ok() {
                out.push(spec);
            }
        }
    }
    out
}

thread_local! {
    /// Whether this thread is probing: its panics are caught and reported
    /// as failures, so the default hook's message and backtrace are noise.
    static PROBING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Installs (once) a panic hook that stays quiet on probing threads and
/// leaves every other panic to the hook before it.
fn quiet_probes() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !PROBING.with(std::cell::Cell::get) {
                previous(info);
            }
        }));
    });
}

/// The message of a caught panic.
fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".to_string())
}

/// What [`probe`] found of an observation that did not break anything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Refused.
    Refused,
    /// Accepted, with this many answers checked.
    Accepted(usize),
}

/// Sends `observation` for `seat` to `driver` as a host would, and checks
/// the rule of the [module documentation](self) with `players`.
///
/// # Errors
/// The broken promise (a panic is caught and reported as one).
pub fn probe(
    driver: &dyn Driver,
    seat: Seat,
    observation: &Value,
    players: &[PlayerSpec],
    config: &FuzzConfig,
    seed: u64,
) -> Result<Verdict, Failure> {
    let fail = |player: Option<&PlayerSpec>, problem: String| Failure {
        game: driver.info().name,
        seat,
        observation: observation.clone(),
        player: player.map(ToString::to_string),
        problem,
    };
    quiet_probes();
    let guarded = |player: Option<&PlayerSpec>, work: &mut dyn FnMut() -> Result<(), String>| {
        PROBING.with(|p| p.set(true));
        let outcome = catch_unwind(AssertUnwindSafe(work));
        PROBING.with(|p| p.set(false));
        match outcome {
            Ok(Ok(())) => Ok(()),
            Ok(Err(problem)) => Err(fail(player, problem)),
            Err(payload) => Err(fail(player, format!("panicked: {}", panic_text(&*payload)))),
        }
    };
    let mut legal = Vec::new();
    let mut accepted = false;
    guarded(None, &mut || {
        let Ok(l) = driver.legal_from_observation(observation, seat) else {
            return Ok(());
        };
        accepted = true;
        legal = l;
        driver
            .view(observation, seat)
            .map(drop)
            .map_err(|e| format!("the view refused it: {e}"))?;
        if legal.is_empty() {
            return match driver.check_request(observation, seat, &legal) {
                Ok(()) => Err("a request with no legal action was accepted".into()),
                Err(_) => Ok(()),
            };
        }
        driver
            .check_request(observation, seat, &legal)
            .map_err(|e| format!("its legal actions were not accepted back: {e}"))
    })?;
    if !accepted {
        return Ok(Verdict::Refused);
    }
    if legal.is_empty() {
        return Ok(Verdict::Accepted(0));
    }
    let mut answers = Vec::new();
    for (i, spec) in players.iter().enumerate() {
        let sampling = matches!(
            spec,
            PlayerSpec::Mcts { .. } | PlayerSpec::Ismcts { .. } | PlayerSpec::RootUcb { .. }
        );
        if sampling && seed % config.sampling_every.max(1) as u64 != 0 {
            continue;
        }
        guarded(Some(spec), &mut || {
            let mut agent = driver.agent(spec, seed ^ i as u64).map_err(|e| e.to_string())?;
            let at = SystemClock::reading_at(Instant::now() + config.think);
            let decision = deadline_scope(Arc::new(SystemClock), at, || agent.act(observation, seat, &legal))
                .map_err(|e| format!("no answer: {e}"))?;
            if !legal.contains(&decision.action) {
                return Err(format!("answered {}, which is not legal", decision.action));
            }
            answers.push(decision.action);
            Ok(())
        })?;
    }
    // The world goes on after each distinct answer: far after the first,
    // a few plies after the others.
    answers.sort_by_key(Value::to_string);
    answers.dedup();
    for (i, answer) in answers.iter().enumerate() {
        let plies = if i == 0 {
            config.playout
        } else {
            config.playout_others.min(config.playout)
        };
        guarded(None, &mut || {
            let mut world = driver
                .world(observation, seat, seed ^ 0x3011D ^ i as u64)
                .map_err(|e| format!("accepted, but no world drawn: {e}"))?;
            world
                .apply(answer)
                .map_err(|e| format!("the world refuses the answer {answer}: {e}"))?;
            play_on(world.as_mut(), driver.seats(), plies, seed)
        })?;
    }
    Ok(Verdict::Accepted(answers.len()))
}

/// Plays random legal actions and chance from `world` for `plies` plies at
/// most (or to the end), looking at every seat's observation and view.
fn play_on(world: &mut dyn Match, seats: usize, plies: usize, seed: u64) -> Result<(), String> {
    let mut rng = Rng::derived(seed, 0x9_1A70);
    for ply in 0..plies {
        match world.to_act() {
            Turn::Terminal => {
                return match world.payoffs() {
                    Some(p) if p.len() == seats && p.iter().all(|v| v.is_finite()) => Ok(()),
                    p => Err(format!("the world ended {ply} plies on with payoffs {p:?}")),
                };
            }
            Turn::Chance => world.chance(&mut rng).map_err(|e| e.to_string())?,
            Turn::Seat(s) => {
                let legal = world.legal();
                if legal.is_empty() {
                    return Err(format!("{ply} plies on, seat {s} acts with no legal action"));
                }
                let a = &legal[rng.below(legal.len() as u64) as usize];
                world.apply(a).map_err(|e| e.to_string())?;
            }
        }
        world
            .check_state()
            .map_err(|e| format!("{ply} plies on, the world breaks the game's invariants: {e}"))?;
        if ply % 64 == 0 {
            for s in 0..seats {
                world.view(s);
            }
        }
    }
    Ok(())
}

/// Fuzzes `entry`'s game under `config`: [`corpus`], then
/// [`FuzzConfig::mutations`] mutants, each [`probe`]d.
///
/// # Errors
/// The first broken promise; options the game refuses, as a failure of
/// seat 0.
pub fn fuzz(entry: &dyn GameEntry, config: &FuzzConfig) -> Result<FuzzReport, Failure> {
    let driver = entry.open(&config.options).map_err(|e| Failure {
        game: entry.info().name,
        seat: 0,
        observation: Value::Null,
        player: None,
        problem: e.to_string(),
    })?;
    let samples = corpus(&*driver, config.games, config.plies, config.seed);
    let players = players(&*driver, &config.players);
    let mut report = FuzzReport {
        observations: samples.len(),
        players: players.iter().map(ToString::to_string).collect(),
        ..FuzzReport::default()
    };
    let watchdog = Watchdog::start(config.stall);
    let mut rng = Rng::derived(config.seed, 0xF022);
    for m in 0..config.mutations {
        let base = &samples[rng.below(samples.len() as u64) as usize];
        let mutant = mutate(&base.observation, &samples, &mut rng);
        // Now and then a request names another seat than the observation's.
        let seat = if rng.below(16) == 0 {
            rng.below(driver.seats() as u64) as Seat
        } else {
            base.seat
        };
        watchdog.case(format!("{}: seat {seat}: {mutant}", driver.info().name));
        report.mutants += 1;
        match probe(&*driver, seat, &mutant, &players, config, config.seed ^ m as u64)? {
            Verdict::Refused => report.refused += 1,
            Verdict::Accepted(n) => {
                report.accepted += 1;
                report.answers += n;
            }
        }
    }
    Ok(report)
}

/// Aborts the process when one case runs too long, printing it: a hang
/// would otherwise stop the tests with nothing to show.
struct Watchdog {
    case: Arc<Mutex<(Instant, String)>>,
    _stop: mpsc::Sender<()>,
}

impl Watchdog {
    fn start(stall: Duration) -> Watchdog {
        let case = Arc::new(Mutex::new((Instant::now(), String::new())));
        let (stop, stopped) = mpsc::channel::<()>();
        let watched = case.clone();
        std::thread::spawn(move || {
            loop {
                match stopped.recv_timeout(Duration::from_millis(250)) {
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                    _ => return,
                }
                let (since, what) = &*watched.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                if since.elapsed() > stall {
                    eprintln!("fuzz: a case ran past {stall:?}: {what}");
                    std::process::abort();
                }
            }
        });
        Watchdog { case, _stop: stop }
    }

    fn case(&self, what: String) {
        *self.case.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = (Instant::now(), what);
    }
}
