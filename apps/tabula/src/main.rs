//! `tabula`: the command line of Tabula — exact solving, terminal play,
//! tournaments, the bot protocol and the bench signature.

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use anyhow::{Context, Result, anyhow, bail};
use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::Value;
use tabula_platform::arena::ArenaSettings;
use tabula_platform::catalog::{self, GameEntry};
use tabula_platform::spec::PlayerSpec;

mod abalone;
mod diagonal;
mod skyjo;
mod solve;
mod tablebase;

#[derive(Parser)]
#[command(
    name = "tabula",
    version,
    about = "Fair, strong and fast computer opponents for board and card games",
    long_about = None
)]
struct Cli {
    /// Abalone: directory of Discovery tablebases the computer plays from.
    #[arg(long, global = true, value_name = "DIR")]
    tables: Option<std::path::PathBuf>,
    #[command(subcommand)]
    command: Command,
}

/// Rules options as flags (Jamais en diagonale's), merged into `--options`.
#[derive(clap::Args, Default)]
struct RulesFlags {
    /// Walls variant: the token stops at taken cells; a side that cannot move ends the game.
    #[arg(long)]
    walls: bool,
    /// Target variant: exceed half the positive total and lose; else closest wins.
    #[arg(long)]
    target: bool,
    /// Grid side (odd, 3 to 9).
    #[arg(long, value_name = "N")]
    size: Option<u8>,
    /// Grids without traps (experiments).
    #[arg(long)]
    no_traps: bool,
    /// Play the daily grid of this date (YYYY-MM-DD, or 'today', UTC).
    #[arg(long, value_name = "DATE")]
    daily: Option<String>,
    /// Abalone: the starting layout (standard, belgian, german, discovery).
    #[arg(long, value_name = "LAYOUT")]
    layout: Option<String>,
    /// Abalone: start from a position, e.g. 'black:a1,a2,b2 white:e5,i9 to:black'.
    #[arg(long, value_name = "POSITION")]
    position: Option<String>,
    /// Skyjo: players at the table (2 to 8).
    #[arg(long, value_name = "N")]
    players: Option<u8>,
    /// Rules options as a JSON object.
    #[arg(long, value_name = "JSON")]
    options: Option<String>,
}

#[derive(Subcommand)]
enum Command {
    /// Exact solving: tic-tac-toe's node counts, values and MCTS figures.
    Solve {
        /// What to solve: tictactoe, or abalone with a class.
        target: String,
        /// Abalone: the class (2v2, 3v2, 3v3, 4v2, 5v2, 4v3…).
        class: Option<String>,
        /// Abalone: where tables are saved (and smaller classes reused).
        #[arg(long, value_name = "DIR", default_value = "tables")]
        out: std::path::PathBuf,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// The web app: accounts, the daily grid, leaderboard, statistics, free play, the lab.
    Serve {
        /// The address to listen on.
        #[arg(long, default_value = "127.0.0.1:8080")]
        addr: String,
        /// A SQLite file (created and migrated on start) or postgres://user@host:port/db.
        #[arg(long, value_name = "URL", default_value = "tabula.db")]
        database: String,
        /// Log-in attempts allowed per minute, per client address and per name (0: no limit).
        #[arg(long, default_value_t = 10)]
        login_limit: u32,
        /// Games a session may start per minute (0: no limit).
        #[arg(long, default_value_t = 30)]
        game_limit: u32,
    },
    /// Abalone: a Discovery endgame's value and each move's, from the tablebases.
    Probe {
        /// The game (abalone).
        game: String,
        /// The position, e.g. 'strong:i5,i9,e1,a5 weak:c5,b5 to:strong'.
        position: String,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Abalone: check a saved tablebase against the rules, exhaustively.
    Verify {
        /// The game (abalone).
        game: String,
        /// The class.
        class: String,
        /// Random positions for the symmetry, probe and best-move checks.
        #[arg(long, default_value_t = 1000)]
        samples: u64,
        /// Seed of the samples.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Fixed searches on one thread: the node-count signature and the speed.
    Bench {
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Play a game in the terminal against the computer.
    Play {
        /// The game (see `tabula games`).
        game: String,
        /// The computer's player spec (default: the game's strongest).
        #[arg(long, value_name = "SPEC", conflicts_with = "level")]
        ai: Option<String>,
        /// The computer's level (short for --ai level:N, for games with levels).
        #[arg(long, value_name = "N")]
        level: Option<u8>,
        /// Skyjo: the other seats' levels in seat order, e.g. 2,3,4 (or one for all; 'master' allowed).
        #[arg(long, value_name = "LIST", conflicts_with_all = ["ai", "level"])]
        levels: Option<String>,
        /// Your seat: 0 moves first.
        #[arg(long, default_value_t = 0)]
        seat: usize,
        /// Seed of the deal (or grid) and of the computer.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[command(flatten)]
        rules: RulesFlags,
    },
    /// Speak the bot protocol on stdin/stdout (docs/bot-protocol.md).
    Bot {
        /// The game.
        game: String,
        /// The player spec that chooses the actions (default: the game's strongest).
        #[arg(long, value_name = "SPEC")]
        player: Option<String>,
        /// The player's seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// A seat-swapped tournament between two players, with a 95% confidence interval.
    Arena {
        /// The game.
        game: String,
        /// Player A's spec.
        #[arg(long = "a", value_name = "SPEC")]
        a: String,
        /// Player B's spec.
        #[arg(long = "b", value_name = "SPEC")]
        b: String,
        /// Number of games (even: pairs with the seats swapped).
        #[arg(long, conflicts_with = "grids")]
        games: Option<usize>,
        /// Number of deals or grids, each played twice with the seats swapped.
        #[arg(long, value_name = "N")]
        grids: Option<usize>,
        /// Seed of the deals and of the players.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        rules: RulesFlags,
    },
    /// Print the daily grid of Jamais en diagonale (today's, UTC, by default).
    Daily {
        /// The date, YYYY-MM-DD.
        #[arg(long)]
        date: Option<String>,
        /// Print one JSON object {"date","size","cells"}.
        #[arg(long)]
        json: bool,
    },
    /// Review a finished game: at each of your turns, your move against the computer's choice.
    Review {
        /// The game (diagonal).
        game: String,
        /// The game record: a JSON file, '-' for standard input, or the JSON itself.
        record: String,
        /// Your seat in the record (0 moved first).
        #[arg(long, default_value_t = 0)]
        seat: usize,
        /// Plies of the computer's search (exact in the endgame).
        #[arg(long, default_value_t = tabula_diagonal::ai::REVIEW_DEPTH)]
        depth: u32,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Count move sequences of each length from a position (move-generator regression).
    Perft {
        /// The game (abalone).
        game: String,
        /// A layout name (standard, belgian, german, discovery) or a position.
        position: String,
        /// The longest sequences counted.
        depth: usize,
        /// Print one JSON object {"counts":[…],"seconds":…}.
        #[arg(long)]
        json: bool,
        /// List the last ply's moves instead of counting them by popcounts.
        #[arg(long)]
        no_bulk: bool,
        /// Use one thread (the default splits the first ply over both cores).
        #[arg(long)]
        single_thread: bool,
    },
    /// List the games and the players each offers.
    Games,
    /// Print every search's tunables (name, default, meaning).
    Tunables,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                let _ = e.print();
                return ExitCode::SUCCESS;
            }
            // One clear line, not a usage page.
            let text = e.render().to_string();
            let first = text.lines().next().unwrap_or("invalid arguments");
            eprintln!("{} (see 'tabula --help')", first.trim_end());
            return ExitCode::from(2);
        }
    };
    tracing_subscriber::fmt()
        .with_writer(io::stderr)
        .with_ansi(io::stderr().is_terminal())
        .with_env_filter(tracing_subscriber::EnvFilter::try_from_env("TABULA_LOG").unwrap_or_else(|_| "warn".into()))
        .init();
    match run(cli.command, cli.tables) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}", format!("{e:#}").replace('\n', " "));
            ExitCode::FAILURE
        }
    }
}

/// `tabula serve`: the web app, until Ctrl-C.
fn serve(addr: &str, database: &str, login_limit: u32, game_limit: u32) -> Result<()> {
    let mut config = tabula_server::Config::new(addr, database);
    config.login_per_minute = login_limit;
    config.games_per_minute = game_limit;
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    runtime.block_on(async {
        let server = tabula_server::Server::start(config).await?;
        eprintln!(
            "Tabula is serving on http://{} (database: {database}); Ctrl-C stops it",
            server.addr()
        );
        server.run().await
    })
}

fn spec(text: &str) -> Result<PlayerSpec> {
    Ok(text.parse::<PlayerSpec>()?)
}

fn options(flags: &RulesFlags) -> Result<Value> {
    let mut options = match flags.options.as_deref() {
        None => serde_json::Map::new(),
        Some(t) => match serde_json::from_str(t).with_context(|| format!("--options is not JSON: {t}"))? {
            Value::Object(o) => o,
            other => bail!("--options is a JSON object, not {other}"),
        },
    };
    let mut set = |key: &str, value: Value| options.insert(key.to_string(), value);
    if flags.walls {
        set("walls", Value::Bool(true));
    }
    if flags.target {
        set("target", Value::Bool(true));
    }
    if flags.no_traps {
        set("traps", Value::Bool(false));
    }
    if let Some(players) = flags.players {
        set("players", Value::from(players));
    }
    if let Some(layout) = &flags.layout {
        set("layout", Value::String(layout.clone()));
    }
    if let Some(position) = &flags.position {
        set("position", Value::String(position.clone()));
    }
    if let Some(size) = flags.size {
        set("size", Value::from(size));
    }
    if let Some(date) = &flags.daily {
        let date = if date == "today" {
            tabula_diagonal::Date::today_utc().to_string()
        } else {
            date.clone()
        };
        set("daily", Value::String(date));
    }
    Ok(if options.is_empty() {
        Value::Null
    } else {
        Value::Object(options)
    })
}

fn abalone_only(name: &str, command: &str) -> Result<()> {
    if name != "abalone" {
        game(name)?;
        bail!("{command} is offered for abalone only, not {name}");
    }
    Ok(())
}

fn game(name: &str) -> Result<&'static dyn GameEntry> {
    Ok(catalog::find(name)?)
}

fn run(command: Command, tables: Option<std::path::PathBuf>) -> Result<()> {
    let mut out = io::stdout().lock();
    // Probe and verify read this directory; play, bot and arena install it for the computer.
    let tables_dir = tables.clone().unwrap_or_else(|| "tables".into());
    if let Some(dir) = &tables
        && matches!(
            command,
            Command::Play { .. } | Command::Bot { .. } | Command::Arena { .. }
        )
    {
        tablebase::install(dir)?;
    }
    match command {
        Command::Solve {
            target,
            class,
            out: dir,
            json,
        } => match (target.as_str(), class) {
            ("tictactoe", None) => solve::tictactoe(json, &mut out),
            ("tictactoe", Some(c)) => bail!("tictactoe takes no class, got '{c}'"),
            ("abalone", Some(c)) => tablebase::solve(&c, &dir, json, &mut out),
            ("abalone", None) => bail!("give the class to solve, e.g. 'tabula solve abalone 3v2'"),
            (other, _) => bail!("unknown solve target '{other}'; targets: tictactoe, abalone <class>"),
        },
        Command::Probe {
            game: name,
            position,
            json,
        } => {
            abalone_only(&name, "probe")?;
            tablebase::probe_command(&position, &tables_dir, json, &mut out)
        }
        Command::Verify {
            game: name,
            class,
            samples,
            seed,
            json,
        } => {
            abalone_only(&name, "verify")?;
            tablebase::verify_command(&class, &tables_dir, samples, seed, json, &mut out)
        }
        Command::Bench { json } => bench(json, &mut out),
        Command::Play {
            game: name,
            ai,
            level,
            levels,
            seat,
            seed,
            rules,
        } => {
            let g = game(&name)?;
            if name == "skyjo" {
                let list = match (&levels, level, &ai) {
                    (Some(l), _, _) => skyjo::levels(l)?,
                    (None, Some(n), _) => skyjo::levels(&n.to_string())?,
                    (None, None, Some(a)) => skyjo::levels(a)?,
                    (None, None, None) => skyjo::levels("4")?,
                };
                let players = usize::from(rules.players.unwrap_or(2));
                let stdin = io::stdin();
                let mut input = stdin.lock();
                return skyjo::play(players, &list, seat, seed, &mut input, &mut out);
            }
            if levels.is_some() {
                bail!("--levels is for skyjo");
            }
            let ai = match level {
                Some(n) => spec(&format!("level:{n}"))?,
                None => spec(ai.as_deref().unwrap_or(g.default_opponent()))?,
            };
            let opts = options(&rules)?;
            let stdin = io::stdin();
            let mut input = stdin.lock();
            g.play(&opts, &ai, seat, seed, &mut input, &mut out)?;
            Ok(())
        }
        Command::Bot {
            game: name,
            player,
            seed,
        } => {
            let g = game(&name)?;
            let player = spec(player.as_deref().unwrap_or(g.default_opponent()))?;
            // Fail before reading the input; the options arrive with the hello.
            g.check(&Value::Null, &player)?;
            let stdin = io::stdin();
            let mut input = stdin.lock();
            g.bot(&player, seed, &mut input, &mut out)?;
            Ok(())
        }
        Command::Arena {
            game: name,
            a,
            b,
            games,
            grids,
            seed,
            json,
            rules,
        } => {
            let games = match (games, grids) {
                (_, Some(g)) => g.checked_mul(2).context("--grids is too large")?,
                (Some(g), None) => g,
                (None, None) => 100,
            };
            if name == "skyjo" {
                let players = usize::from(rules.players.unwrap_or(2));
                return skyjo::arena_command(&a, &b, games, seed, players, json, &mut out);
            }
            arena(&name, &a, &b, games, seed, json, &options(&rules)?, &mut out)
        }
        Command::Daily { date, json } => diagonal::daily(date.as_deref(), json, &mut out),
        Command::Serve {
            addr,
            database,
            login_limit,
            game_limit,
        } => serve(&addr, &database, login_limit, game_limit),
        Command::Review {
            game: name,
            record,
            seat,
            depth,
            json,
        } => {
            if name != "diagonal" {
                game(&name)?;
                bail!("review is offered for diagonal only, not {name}");
            }
            diagonal::review(&record, seat, depth, json, &mut out)
        }
        Command::Perft {
            game: name,
            position,
            depth,
            json,
            no_bulk,
            single_thread,
        } => {
            abalone_only(&name, "perft")?;
            abalone::perft_command(&position, depth, !no_bulk, !single_thread, json, &mut out)
        }
        Command::Games => {
            for g in catalog::games() {
                writeln!(out, "{}: {}\n  players: {}", g.name(), g.summary(), g.players())?;
            }
            Ok(())
        }
        Command::Tunables => tunables(&mut out),
    }
}

#[allow(clippy::too_many_arguments)]
fn arena(
    name: &str,
    a: &str,
    b: &str,
    games: usize,
    seed: u64,
    json: bool,
    opts: &Value,
    out: &mut dyn Write,
) -> Result<()> {
    let g = game(name)?;
    let (a, b) = (spec(a)?, spec(b)?);
    let bar = ProgressBar::new(games as u64);
    if io::stderr().is_terminal() {
        bar.set_style(
            ProgressStyle::with_template("{spinner} {pos}/{len} games [{elapsed_precise}] {wide_bar} eta {eta}")
                .map_err(|e| anyhow!("{e}"))?,
        );
    } else {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    let settings = ArenaSettings::new(games, seed);
    let (report, _) = g.arena(opts, &a, &b, &settings, &|_| bar.inc(1))?;
    bar.finish_and_clear();
    if json {
        writeln!(out, "{}", serde_json::to_string(&report)?)?;
    } else {
        writeln!(out, "{name}: A = {a}, B = {b}, seed {seed}, seats swapped in pairs")?;
        if let Value::Object(fields) = &report {
            for (key, value) in fields {
                writeln!(out, "  {key}: {value}")?;
            }
        }
    }
    Ok(())
}

fn bench(json: bool, out: &mut dyn Write) -> Result<()> {
    // One thread by construction: the bench runs on the calling thread.
    let report = tabula_platform::bench::run();
    if json {
        writeln!(out, "{}", serde_json::to_string(&report)?)?;
        return Ok(());
    }
    for e in &report.entries {
        writeln!(
            out,
            "{:<58} {:>10} nodes {:>7} iterations {:>9.3} ms  -> {}",
            e.name,
            e.nodes,
            e.iterations,
            e.elapsed.as_secs_f64() * 1000.0,
            e.action
        )?;
    }
    writeln!(out, "Nodes searched: {}", report.nodes_searched)?;
    writeln!(out, "Fingerprint: {}", report.fingerprint)?;
    writeln!(out, "Nodes/second: {:.0}", report.nodes_per_second)?;
    Ok(())
}

fn tunables(out: &mut dyn Write) -> Result<()> {
    use tabula_search::{ALPHABETA_TUNABLES, ISMCTS_TUNABLES, MCTS_TUNABLES, ROOTUCB_TUNABLES};
    for (name, table) in [
        ("abalone", tabula_abalone::ABALONE_TUNABLES),
        ("diagonal", tabula_diagonal::ai::DIAGONAL_TUNABLES),
        ("alpha-beta", ALPHABETA_TUNABLES),
        ("mcts", MCTS_TUNABLES),
        ("ismcts", ISMCTS_TUNABLES),
        ("rootucb", ROOTUCB_TUNABLES),
    ] {
        writeln!(out, "{name}")?;
        for t in table {
            writeln!(out, "  {:<18} {:<26} {}", t.name, t.default, t.meaning)?;
        }
    }
    Ok(())
}
