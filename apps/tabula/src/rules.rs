//! Rules options on the command line, derived from every registered game's
//! `Options` type: each option is a flag (`--size 7`, `--walls`,
//! `--no-traps`), and `--option key=value` and `--options JSON` reach any
//! of them. The help lists each flag with the games that take it, their
//! meanings and defaults; the chosen game's own parser checks the values.

use anyhow::{Context, Result, bail};
use clap::{Arg, ArgAction, ArgMatches};
use serde_json::{Map, Value};

/// Flags the commands define themselves: an option of that name is reached
/// through `--option` only.
const RESERVED: &[&str] = &[
    "ai", "level", "levels", "seat", "seed", "option", "options", "a", "b", "c", "d", "games", "deals", "grids",
    "json", "player", "tables", "help",
];

/// One option flag, over every game that has the option.
struct Flag {
    /// The option's name (`free_flip`).
    name: &'static str,
    /// Whether every game's default for it is a boolean.
    boolean: bool,
    /// `game: meaning (default …)` lines.
    help: Vec<String>,
}

fn flag_name(option: &str) -> String {
    option.replace('_', "-")
}

fn flags() -> Vec<Flag> {
    let mut out: Vec<Flag> = Vec::new();
    for entry in tabula_registry::games() {
        let defaults = entry.default_options();
        for doc in entry.option_docs() {
            let default = defaults.get(doc.name).cloned().unwrap_or(Value::Null);
            let line = format!("{}: {} [default: {default}]", entry.info().name, doc.meaning);
            match out.iter_mut().find(|f| f.name == doc.name) {
                Some(f) => {
                    f.boolean &= default.is_boolean();
                    f.help.push(line);
                }
                None => out.push(Flag {
                    name: doc.name,
                    boolean: default.is_boolean(),
                    help: vec![line],
                }),
            }
        }
    }
    out.retain(|f| !RESERVED.contains(&flag_name(f.name).as_str()));
    out
}

/// The option flags, to add to a command.
pub fn args() -> Vec<Arg> {
    let mut args = Vec::new();
    for f in flags() {
        let long = flag_name(f.name);
        let help = f.help.join("; ");
        if f.boolean {
            args.push(
                Arg::new(format!("rule:{}", f.name))
                    .long(long.clone())
                    .num_args(0..=1)
                    .require_equals(true)
                    .default_missing_value("true")
                    .value_name("BOOL")
                    .help(help)
                    .help_heading("Rules options"),
            );
            args.push(
                Arg::new(format!("rule-off:{}", f.name))
                    .long(format!("no-{long}"))
                    .action(ArgAction::SetTrue)
                    .help(format!("sets {} to false", f.name))
                    .help_heading("Rules options"),
            );
        } else {
            args.push(
                Arg::new(format!("rule:{}", f.name))
                    .long(long)
                    .num_args(1)
                    .value_name("VALUE")
                    .help(help)
                    .help_heading("Rules options"),
            );
        }
    }
    args.push(
        Arg::new("option")
            .long("option")
            .value_name("KEY=VALUE")
            .action(ArgAction::Append)
            .help("a rules option of the game (see `tabula games`), e.g. --option size=7")
            .help_heading("Rules options"),
    );
    args.push(
        Arg::new("options")
            .long("options")
            .value_name("JSON")
            .help("rules options as a JSON object")
            .help_heading("Rules options"),
    );
    args
}

/// A value as typed: JSON when it reads as JSON (numbers, booleans,
/// arrays), else the text itself.
fn value(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.to_string()))
}

/// The options the flags of a parsed command give, as a JSON object
/// (`null` for none): `--options` first, then `--option`, then the flags.
///
/// # Errors
/// `--options` that is not a JSON object, or `--option` without `=`.
pub fn collect(m: &ArgMatches) -> Result<Value> {
    let mut options = match m.get_one::<String>("options") {
        None => Map::new(),
        Some(t) => match serde_json::from_str(t).context("--options is not JSON")? {
            Value::Object(o) => o,
            _ => bail!("--options is a JSON object"),
        },
    };
    for item in m.get_many::<String>("option").into_iter().flatten() {
        let Some((key, text)) = item.split_once('=') else {
            bail!("--option takes key=value, e.g. --option size=7");
        };
        options.insert(key.trim().to_string(), value(text.trim()));
    }
    for f in flags() {
        if let Some(text) = m.get_one::<String>(&format!("rule:{}", f.name)) {
            options.insert(f.name.to_string(), value(text));
        }
        if f.boolean && m.get_flag(&format!("rule-off:{}", f.name)) {
            options.insert(f.name.to_string(), Value::Bool(false));
        }
    }
    Ok(if options.is_empty() {
        Value::Null
    } else {
        Value::Object(options)
    })
}
