//! # tabula-registry
//!
//! The games of Tabula, one line each. A game crate implements
//! [`GameModule`](tabula_contract::GameModule) and names that type `Module`
//! at its root; its dependency line in this crate's `Cargo.toml` is all it
//! takes for the command line, the bot protocol, the arena, the web app
//! and the browser module to offer it (the build script lists every game
//! crate of that file in [`for_each_module!`], in order).
//!
//! ```
//! let skyjo = tabula_registry::find("skyjo").unwrap();
//! assert_eq!(skyjo.info().max_seats, 8);
//! assert!(tabula_registry::find("Skyjo").unwrap_err().to_string().contains("did you mean skyjo"));
//! ```

use serde_json::{Value, json};
use tabula_contract::{Capabilities, GameEntry, Registered};

// `for_each_module!`, written by the build script from `Cargo.toml`.
include!(concat!(env!("OUT_DIR"), "/games.rs"));

/// The erased list of the module types it is given.
macro_rules! register {
    ($($module:path),* $(,)?) => {
        /// Every registered game.
        pub static GAMES: &[&dyn GameEntry] = &[$(&Registered::<$module>::ENTRY),*];
    };
}

for_each_module!(register);

/// A name that is no game's: a look-alike of a game's name is answered
/// with that name alone (the list would only bury it, and grows with every
/// game), any other with every game's name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown game '{name}'{}", if hint.is_empty() { format!("; games: {}", names().join(", ")) } else { hint.clone() })]
pub struct UnknownGame {
    /// The name asked for.
    pub name: String,
    /// A suggestion, when the name is another's spelt differently.
    hint: String,
}

/// Every registered game, in order.
pub fn games() -> &'static [&'static dyn GameEntry] {
    GAMES
}

/// The names of every game.
pub fn names() -> Vec<&'static str> {
    GAMES.iter().map(|g| g.info().name).collect()
}

/// The game of a name. Names match exactly: a look-alike (another case,
/// dashes) is refused with the real name suggested.
///
/// # Errors
/// When no game has this name.
pub fn find(name: &str) -> Result<&'static dyn GameEntry, UnknownGame> {
    if let Some(g) = GAMES.iter().find(|g| g.info().name == name) {
        return Ok(*g);
    }
    let fold = |s: &str| -> String {
        s.chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .map(|c| c.to_ascii_lowercase())
            .collect()
    };
    let wanted = fold(name);
    let hint = GAMES
        .iter()
        .map(|g| g.info().name)
        .find(|n| !wanted.is_empty() && fold(n) == wanted)
        .map_or_else(String::new, |n| format!(" (did you mean {n}?)"));
    // The name is echoed only when it is short and printable.
    let shown = if name.len() <= 40 && name.chars().all(|c| c.is_ascii_graphic()) {
        name.to_string()
    } else {
        "…".to_string()
    };
    Err(UnknownGame { name: shown, hint })
}

/// Every game as the new-game forms read it: its information, seats,
/// options (each with its meaning, default and choices), players and
/// default player. The server's `GET /api/catalog` and the browser module
/// answer this same list.
pub fn catalog() -> Value {
    let games: Vec<Value> = GAMES
        .iter()
        .map(|entry| {
            let defaults = entry.default_options();
            let options: Vec<Value> = entry
                .option_docs()
                .iter()
                .map(|o| {
                    json!({
                        "name": o.name,
                        "meaning": o.meaning,
                        "default": defaults.get(o.name),
                        "choices": o.choices,
                    })
                })
                .collect();
            let seats = entry.open(&Value::Null).map(|d| d.seats()).ok();
            json!({
                "info": entry.info(),
                "capabilities": entry.capabilities().names(),
                "seats": seats,
                "options": options,
                "players": entry.players(),
                "default_player": entry.default_player(),
                // What the new-game form offers a computer seat, by the
                // names people read.
                "choices": tabula_contract::player_choices(entry.players(), entry.default_player())
                    .into_iter()
                    .map(|(spec, title)| json!({ "spec": spec, "title": title }))
                    .collect::<Vec<_>>(),
            })
        })
        .collect();
    Value::Array(games)
}

/// The seats of `game` under `options` (`null` for the defaults):
/// `{seats, names, options}` with every option written out.
///
/// # Errors
/// An unknown game or options it refuses, in one line.
pub fn seating(game: &str, options: &Value) -> Result<Value, String> {
    let driver = find(game)
        .map_err(|e| e.to_string())?
        .open(options)
        .map_err(|e| e.to_string())?;
    let names: Vec<String> = (0..driver.seats()).map(|s| driver.seat_name(s)).collect();
    Ok(json!({ "seats": driver.seats(), "names": names, "options": driver.options() }))
}

/// Every game that offers a capability, with it, in the registry's
/// order: `offering(|c| c.daily)`.
pub fn offering<T: ?Sized>(
    pick: impl Fn(&Capabilities) -> Option<&'static T>,
) -> Vec<(&'static dyn GameEntry, &'static T)> {
    GAMES
        .iter()
        .filter_map(|g| pick(&g.capabilities()).map(|c| (*g, c)))
        .collect()
}

/// The capability `what` of the game `name`, picked by `pick`.
///
/// # Errors
/// An unknown game, or one without the capability: one line that names
/// the games offering it.
pub fn capability<T: ?Sized>(
    name: &str,
    what: &str,
    pick: impl Fn(&Capabilities) -> Option<&'static T>,
) -> Result<(&'static dyn GameEntry, &'static T), String> {
    let entry = find(name).map_err(|e| e.to_string())?;
    if let Some(c) = pick(&entry.capabilities()) {
        return Ok((entry, c));
    }
    let offering: Vec<&str> = offering(pick).iter().map(|(g, _)| g.info().name).collect();
    Err(if offering.is_empty() {
        format!("{name} offers no {what}, and no game does")
    } else {
        format!(
            "{name} offers no {what}; {}: {}",
            if offering.len() == 1 {
                "the game that does"
            } else {
                "games that do"
            },
            offering.join(", ")
        )
    })
}

/// The one game that offers a capability, for commands that need no game
/// named while one alone offers it (`tabula daily`).
///
/// # Errors
/// When no game or several offer it: one line saying which.
pub fn only<T: ?Sized>(
    what: &str,
    pick: impl Fn(&Capabilities) -> Option<&'static T>,
) -> Result<(&'static dyn GameEntry, &'static T), String> {
    match offering(pick).as_slice() {
        [one] => Ok(*one),
        [] => Err(format!("no game offers a {what}")),
        many => {
            let names: Vec<&str> = many.iter().map(|(g, _)| g.info().name).collect();
            Err(format!("several games offer a {what} ({}): name one", names.join(", ")))
        }
    }
}
