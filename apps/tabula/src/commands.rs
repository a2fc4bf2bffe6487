//! The commands every game gets through the registry and the game
//! contract: play, arena, bot, games, tunables. None names a game.

use std::io::{self, IsTerminal, Write};
use std::sync::Arc;

use anyhow::{Context, Result, anyhow, bail};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::Value;
use tabula_contract::{Driver, GameEntry, PlayerSpec};
use tabula_platform::arena::{self, ArenaSettings};
use tabula_platform::{agents, engine, terminal};

/// The game of a name.
pub fn entry(name: &str) -> Result<&'static dyn GameEntry> {
    Ok(tabula_registry::find(name)?)
}

/// The game under options.
pub fn open(name: &str, options: &Value) -> Result<Arc<dyn Driver>> {
    Ok(entry(name)?.open(options)?)
}

fn spec(text: &str) -> Result<PlayerSpec> {
    Ok(text.parse::<PlayerSpec>()?)
}

/// Specs from a comma-separated list (a `bot:` command is one spec).
fn spec_list(text: &str) -> Result<Vec<PlayerSpec>> {
    if text.trim_start().starts_with("bot:") {
        return Ok(vec![spec(text)?]);
    }
    text.split(',').map(spec).collect()
}

/// `--levels 2,3,master`: each number is `level:N`, anything else a spec.
fn levels(text: &str) -> Result<Vec<PlayerSpec>> {
    text.split(',')
        .map(|t| {
            let t = t.trim();
            if !t.is_empty() && t.chars().all(|c| c.is_ascii_digit()) {
                spec(&format!("level:{t}"))
            } else {
                spec(t)
            }
        })
        .collect()
}

/// Who plays the computer's seats in `tabula play`.
pub struct Opponents<'a> {
    /// `--ai`: one spec, or one per other seat.
    pub ai: Option<&'a str>,
    /// `--level N`.
    pub level: Option<u8>,
    /// `--levels LIST`.
    pub levels: Option<&'a str>,
}

/// `tabula play`.
pub fn play(name: &str, options: &Value, who: &Opponents, seat: usize, seed: u64) -> Result<()> {
    let driver = open(name, options)?;
    let specs = match (who.levels, who.level, who.ai) {
        (Some(list), _, _) => levels(list)?,
        (None, Some(n), _) => vec![spec(&format!("level:{n}"))?],
        (None, None, Some(list)) => spec_list(list)?,
        (None, None, None) => vec![spec(driver.default_player())?],
    };
    for s in &specs {
        agents::check(&*driver, s)?;
    }
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut out = io::stdout().lock();
    terminal::play(&driver, &specs, seat, seed, &mut input, &mut out)?;
    Ok(())
}

/// How many games `tabula arena` plays.
pub enum Count {
    /// `--games N`: a whole number of deals.
    Games(usize),
    /// `--deals N` (or `--grids N`).
    Deals(usize),
    /// Neither: about 100 games.
    Default,
}

/// `tabula arena`.
pub fn arena(name: &str, options: &Value, entrants: &[&str], count: Count, seed: u64, json: bool) -> Result<()> {
    let driver = open(name, options)?;
    let specs = entrants.iter().map(|s| spec(s)).collect::<Result<Vec<_>>>()?;
    let seatings = arena::seatings(&driver.teams(), specs.len())?.len();
    let deals = match count {
        Count::Games(0) | Count::Deals(0) => bail!("play at least one game"),
        Count::Games(g) if g % seatings != 0 => {
            bail!("each deal is played in {seatings} seatings: give --games as a multiple of {seatings}, or --deals N")
        }
        Count::Games(g) => g / seatings,
        Count::Deals(d) => d,
        Count::Default => (100 / seatings).max(1),
    };
    let games = deals.checked_mul(seatings).context("too many games")?;
    let bar = ProgressBar::new(games as u64);
    if io::stderr().is_terminal() {
        bar.set_style(
            ProgressStyle::with_template("{spinner} {pos}/{len} games [{elapsed_precise}] {wide_bar} eta {eta}")
                .map_err(|e| anyhow!("{e}"))?,
        );
    } else {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    let outcome = arena::run(&driver, &specs, &ArenaSettings::new(deals, seed), &|_| bar.inc(1))?;
    bar.finish_and_clear();
    let mut out = io::stdout().lock();
    if json {
        writeln!(out, "{}", serde_json::to_string(&outcome.report)?)?;
        return Ok(());
    }
    let names: Vec<String> = specs
        .iter()
        .enumerate()
        .map(|(e, s)| format!("{} = {s}", (b'A' + e as u8) as char))
        .collect();
    writeln!(
        out,
        "{name}: {}, seed {seed}, {deals} deals × {seatings} seatings",
        names.join(", ")
    )?;
    if let Value::Object(fields) = &outcome.report {
        for (key, value) in fields {
            if key != "entrants" {
                writeln!(out, "  {key}: {value}")?;
            }
        }
    }
    for (e, entrant) in outcome.report["entrants"].as_array().into_iter().flatten().enumerate() {
        writeln!(
            out,
            "  {} {}: {} wins, score rate {:.3} (95% {}), mean payoff {:.3}{}",
            (b'A' + e as u8) as char,
            entrant["player"].as_str().unwrap_or("?"),
            entrant["wins"],
            entrant["score_rate"].as_f64().unwrap_or(0.0),
            entrant["score_rate_ci95"],
            entrant["mean_payoff"].as_f64().unwrap_or(0.0),
            entrant
                .get("mean_points")
                .and_then(Value::as_f64)
                .map_or(String::new(), |p| format!(
                    ", mean points {p:.2} (95% {})",
                    entrant["mean_points_ci95"]
                )),
        )?;
    }
    Ok(())
}

/// `tabula bot`.
pub fn bot(name: &str, player: Option<&str>, seed: u64) -> Result<()> {
    let entry = entry(name)?;
    let player = spec(player.unwrap_or(entry.default_player()))?;
    // Fail before reading the input; the options arrive with the hello.
    let driver = entry.open(&Value::Null)?;
    agents::check(&*driver, &player)?;
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut out = io::stdout().lock();
    engine::serve(entry, &player, seed, &mut input, &mut out)?;
    Ok(())
}

/// `tabula games`: every game with its seats, players and options.
pub fn games(out: &mut dyn Write) -> Result<()> {
    for g in tabula_registry::games() {
        let info = g.info();
        let seats = if info.min_seats == info.max_seats {
            info.min_seats.to_string()
        } else {
            format!("{}-{}", info.min_seats, info.max_seats)
        };
        writeln!(out, "{}: {}", info.name, info.summary)?;
        writeln!(out, "  seats: {seats}; default player: {}", g.default_player())?;
        let offers = g.capabilities().names();
        if !offers.is_empty() {
            writeln!(out, "  offers: {}", offers.join(", "))?;
        }
        let forms: Vec<&str> = g.players().iter().map(|p| p.form).collect();
        writeln!(out, "  players: {}, bot:CMD", forms.join(", "))?;
        for p in g.players() {
            writeln!(out, "    {:<14} {}", p.form, p.description)?;
        }
        let defaults = g.default_options();
        if !g.option_docs().is_empty() {
            writeln!(out, "  options:")?;
        }
        for o in g.option_docs() {
            let default = defaults.get(o.name).cloned().unwrap_or(Value::Null);
            writeln!(out, "    {:<22} {} (default {default})", o.name, o.meaning)?;
        }
    }
    writeln!(
        out,
        "Every game also plays outside engines: bot:COMMAND (the bot protocol)."
    )?;
    Ok(())
}

/// `tabula tunables`: every game's computer, then the library's searches.
pub fn tunables(out: &mut dyn Write) -> Result<()> {
    use tabula_search::{ALPHABETA_TUNABLES, ISMCTS_TUNABLES, MCTS_TUNABLES, ROOTUCB_TUNABLES, TunableTable};
    let library = [
        TunableTable {
            title: "alpha-beta",
            tunables: ALPHABETA_TUNABLES,
        },
        TunableTable {
            title: "mcts",
            tunables: MCTS_TUNABLES,
        },
        TunableTable {
            title: "ismcts",
            tunables: ISMCTS_TUNABLES,
        },
        TunableTable {
            title: "rootucb",
            tunables: ROOTUCB_TUNABLES,
        },
    ];
    let games = tabula_registry::games().iter().flat_map(|g| g.tunables().iter());
    for table in games.chain(library.iter()) {
        writeln!(out, "{}", table.title)?;
        for t in table.tunables {
            writeln!(out, "  {:<22} {:<26} {}", t.name, t.default.to_string(), t.meaning)?;
        }
    }
    Ok(())
}
