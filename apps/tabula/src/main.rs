//! `tabula`: the command line of Tabula — exact solving, terminal play,
//! tournaments, the bot protocol and the bench signature.

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{ArgMatches, CommandFactory, FromArgMatches, Parser, Subcommand};

mod commands;
mod fuzz;
mod golden;
mod offers;
mod rules;

#[derive(Parser)]
#[command(
    name = "tabula",
    version,
    about = "Fair, strong and fast computer opponents for board and card games",
    long_about = None
)]
struct Cli {
    /// Endgame tables the computers play from (games that offer a tablebase; see `tabula games`).
    #[arg(long, global = true, value_name = "DIR")]
    tables: Option<std::path::PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Exact solving of a game that offers it (see `tabula games`): its figures, or its tables.
    Solve {
        /// The game.
        game: String,
        /// What to solve, for games that solve parts (a class of endgames: 2v2, 3v2, 4v2…).
        class: Option<String>,
        /// Where what is solved is saved (and smaller parts reused).
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
        /// A SQLite file (a path, sqlite://relative.db or sqlite:///abs/path.db; created and
        /// migrated on start) or postgres://user@host:port/db.
        #[arg(long, value_name = "URL", default_value = "tabula.db")]
        database: String,
        /// Log-in attempts allowed per minute, per client address and per name from one address
        /// (0: no limit); a name's failures beyond it over all addresses slow its log-ins.
        #[arg(long, default_value_t = 10)]
        login_limit: u32,
        /// Games a session may start per minute (0: no limit).
        #[arg(long, default_value_t = 30)]
        game_limit: u32,
        /// Games one client address may start per minute, over all its sessions (0: no limit).
        #[arg(long, default_value_t = 120)]
        game_limit_per_address: u32,
        /// Moves a session may send per minute, five times as many per client address (0: no limit).
        #[arg(long, default_value_t = 240)]
        move_limit: u32,
        /// Mark the session cookie Secure: set it when browsers reach the server over HTTPS
        /// (e.g. through a TLS proxy), never for plain HTTP (browsers would drop the cookie).
        #[arg(long)]
        secure_cookies: bool,
    },
    /// An endgame's value and each move's, from a game's tables (see `tabula games`).
    Probe {
        /// The game.
        game: String,
        /// The position, e.g. 'strong:i5,i9,e1,a5 weak:c5,b5 to:strong'.
        position: String,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Check a game's saved table against its rules, exhaustively.
    Verify {
        /// The game.
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
    /// Mutate real observations of a game (or of every game) and send each to its every level as a bot
    /// host would: each must be refused, or answered legally in a world that plays on (both cores).
    Fuzz {
        /// The game (default: every game).
        game: Option<String>,
        /// Mutants per game.
        #[arg(long, default_value_t = 100_000)]
        mutations: usize,
        /// The seed of the games, the mutations and the players.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Each player's time per answer, in milliseconds.
        #[arg(long, default_value_t = 5)]
        think_ms: u64,
    },
    /// The golden corpus: every game's seeded initial states and random matches, checkpoint by
    /// checkpoint, against crates/registry/tests/data/golden (run from the repository's root).
    Golden {
        /// The game (default: every game).
        game: Option<String>,
        /// Write the files again instead of checking them.
        #[arg(long, conflicts_with = "dump")]
        write: bool,
        /// Print one match's checkpoints whole: the preset's number and the seed.
        #[arg(long, num_args = 2, value_names = ["PRESET", "SEED"], requires = "game")]
        dump: Option<Vec<u64>>,
    },
    /// Fixed searches on one thread: the node-count signature and the speed.
    Bench {
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Play a game in the terminal against the computer (rules options: see below and `tabula games`).
    Play {
        /// The game (see `tabula games`).
        game: String,
        /// The computer's player spec, or one per other seat separated by commas (default: the game's).
        #[arg(long, value_name = "SPEC", conflicts_with_all = ["level", "levels"])]
        ai: Option<String>,
        /// The computer's level (short for --ai level:N, for games with levels).
        #[arg(long, value_name = "N", conflicts_with = "levels")]
        level: Option<u8>,
        /// The other seats' levels in seat order, e.g. 2,3,4 (or one for all; other specs allowed, e.g. master).
        #[arg(long, value_name = "LIST")]
        levels: Option<String>,
        /// Your seat: 0 moves first.
        #[arg(long, default_value_t = 0)]
        seat: usize,
        /// Seed of the deal (or grid) and of the computer.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Speak the bot protocol on stdin/stdout (docs/bot-protocol.md).
    Bot {
        /// The game.
        game: String,
        /// The player spec that chooses the actions (default: the game's).
        #[arg(long, value_name = "SPEC")]
        player: Option<String>,
        /// The player's seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// A tournament: seats rotated over the same deals, teams kept together, 95% confidence intervals.
    Arena {
        /// The game.
        game: String,
        /// Entrant A's player spec.
        #[arg(long = "a", value_name = "SPEC")]
        a: String,
        /// Entrant B's player spec.
        #[arg(long = "b", value_name = "SPEC")]
        b: String,
        /// Entrant C's player spec (tables of three seats or teams and more).
        #[arg(long = "c", value_name = "SPEC")]
        c: Option<String>,
        /// Entrant D's player spec (with C).
        #[arg(long = "d", value_name = "SPEC", requires = "c")]
        d: Option<String>,
        /// Number of games: a whole number of deals, each played in every seating.
        #[arg(long, conflicts_with = "deals")]
        games: Option<usize>,
        /// Number of deals (or grids), each played in every seating (two seats: twice, swapped).
        #[arg(long, alias = "grids", value_name = "N")]
        deals: Option<usize>,
        /// Seed of the deals and of the players.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Print the daily puzzle of a game that offers one (today's, UTC, by default).
    Daily {
        /// The game (default: the one game that offers a daily puzzle).
        game: Option<String>,
        /// The date, YYYY-MM-DD.
        #[arg(long)]
        date: Option<String>,
        /// Print one JSON object (the day's content).
        #[arg(long)]
        json: bool,
    },
    /// Review a finished game: at each of your turns, your move against the computer's choice.
    Review {
        /// The game.
        game: String,
        /// The game record: a JSON file, '-' for standard input, or the JSON itself.
        record: String,
        /// Your seat in the record (0 moved first).
        #[arg(long, default_value_t = 0)]
        seat: usize,
        /// Plies of the computer's search (default: the game's).
        #[arg(long)]
        depth: Option<u32>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Count move sequences of each length from a position (move-generator regression).
    Perft {
        /// The game.
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

/// The command line: the derived commands, with the rules options of
/// every registered game added to `play` and `arena`.
fn command() -> clap::Command {
    let rules = rules::args();
    Cli::command()
        .mut_subcommand("play", |c| c.args(rules.clone()))
        .mut_subcommand("arena", |c| c.args(rules.clone()))
}

fn main() -> ExitCode {
    let parsed = command()
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m).map(|cli| (cli, m)));
    let (cli, matches) = match parsed {
        Ok(parsed) => parsed,
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
    let sub = matches.subcommand().map(|(_, m)| m);
    match run(cli.command, cli.tables, sub) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}", format!("{e:#}").replace('\n', " "));
            ExitCode::FAILURE
        }
    }
}

/// `tabula serve`'s rate limits, per minute (0: none).
struct Limits {
    login: u32,
    games: u32,
    games_by_address: u32,
    moves: u32,
}

/// `tabula serve`: the web app, until Ctrl-C.
fn serve(addr: &str, database: &str, limits: Limits, secure_cookies: bool) -> Result<()> {
    let mut config = tabula_server::Config::new(addr, database);
    config.login_per_minute = limits.login;
    config.games_per_minute = limits.games;
    config.games_per_minute_by_address = limits.games_by_address;
    config.moves_per_minute = limits.moves;
    config.secure_cookies = secure_cookies;
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

fn run(command: Command, tables: Option<std::path::PathBuf>, sub: Option<&ArgMatches>) -> Result<()> {
    let mut out = io::stdout().lock();
    // Probe and verify read this directory; play, bot and arena install it for the computer.
    let tables_dir = tables.clone().unwrap_or_else(|| "tables".into());
    if let Some(dir) = &tables
        && matches!(
            command,
            Command::Play { .. } | Command::Bot { .. } | Command::Arena { .. } | Command::Serve { .. }
        )
    {
        offers::install(dir)?;
    }
    match command {
        Command::Solve {
            game,
            class,
            out: dir,
            json,
        } => offers::solve(&game, class.as_deref(), &dir, json, &mut out),
        Command::Probe { game, position, json } => offers::probe(&game, &position, &tables_dir, json, &mut out),
        Command::Verify {
            game,
            class,
            samples,
            seed,
            json,
        } => offers::verify(
            &game,
            &offers::Verify {
                class: &class,
                samples,
                seed,
            },
            &tables_dir,
            json,
            &mut out,
        ),
        Command::Fuzz {
            game,
            mutations,
            seed,
            think_ms,
        } => fuzz::run(game.as_deref(), mutations, seed, think_ms, &mut out),
        Command::Golden { game, write, dump } => match dump.as_deref() {
            Some(&[preset, seed]) => golden::dump(game.as_deref().unwrap_or_default(), preset as usize, seed, &mut out),
            _ => golden::run(game.as_deref(), write, std::path::Path::new(golden::DIR), &mut out),
        },
        Command::Bench { json } => bench(json, &mut out),
        Command::Play {
            game: name,
            ai,
            level,
            levels,
            seat,
            seed,
        } => {
            let options = rules::collect(sub.context("play has its arguments")?)?;
            let who = commands::Opponents {
                ai: ai.as_deref(),
                level,
                levels: levels.as_deref(),
            };
            commands::play(&name, &options, &who, seat, seed)
        }
        Command::Bot {
            game: name,
            player,
            seed,
        } => commands::bot(&name, player.as_deref(), seed),
        Command::Arena {
            game: name,
            a,
            b,
            c,
            d,
            games,
            deals,
            seed,
            json,
        } => {
            let options = rules::collect(sub.context("arena has its arguments")?)?;
            let mut entrants = vec![a.as_str(), b.as_str()];
            entrants.extend(c.as_deref());
            entrants.extend(d.as_deref());
            let count = match (games, deals) {
                (_, Some(d)) => commands::Count::Deals(d),
                (Some(g), None) => commands::Count::Games(g),
                (None, None) => commands::Count::Default,
            };
            commands::arena(&name, &options, &entrants, count, seed, json)
        }
        Command::Daily { game, date, json } => offers::daily(game.as_deref(), date.as_deref(), json, &mut out),
        Command::Serve {
            addr,
            database,
            login_limit,
            game_limit,
            game_limit_per_address,
            move_limit,
            secure_cookies,
        } => {
            let limits = Limits {
                login: login_limit,
                games: game_limit,
                games_by_address: game_limit_per_address,
                moves: move_limit,
            };
            serve(&addr, &database, limits, secure_cookies)
        }
        Command::Review {
            game,
            record,
            seat,
            depth,
            json,
        } => offers::review(&game, &record, seat, depth, json, &mut out),
        Command::Perft {
            game,
            position,
            depth,
            json,
            no_bulk,
            single_thread,
        } => {
            let settings = tabula_contract::capability::PerftSettings {
                bulk: !no_bulk,
                parallel: !single_thread,
            };
            offers::perft(&game, &position, depth, settings, json, &mut out)
        }
        Command::Games => commands::games(&mut out),
        Command::Tunables => commands::tunables(&mut out),
    }
}

fn bench(json: bool, out: &mut dyn Write) -> Result<()> {
    // One thread by construction: the bench runs on the calling thread.
    let report = tabula_platform::bench::run(tabula_registry::games());
    if json {
        writeln!(out, "{}", serde_json::to_string(&report)?)?;
        return Ok(());
    }
    for e in &report.entries {
        writeln!(
            out,
            "{:<64} {:>10} nodes {:>7} iterations {:>9.3} ms  -> {}{}",
            e.name,
            e.nodes,
            e.iterations,
            e.elapsed.as_secs_f64() * 1000.0,
            e.action,
            if e.count() == e.declared {
                String::new()
            } else {
                format!("  (declared {})", e.declared)
            }
        )?;
    }
    writeln!(out, "Nodes searched: {}", report.nodes_searched)?;
    writeln!(out, "Fingerprint: {}", report.fingerprint)?;
    writeln!(out, "Nodes/second: {:.0}", report.nodes_per_second)?;
    Ok(())
}
