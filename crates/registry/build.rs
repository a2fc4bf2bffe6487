//! Writes the one list of games, `OUT_DIR/games.rs` (the
//! `for_each_module!` macro), from this crate's own `Cargo.toml`: every
//! `tabula-*` dependency but the contract is a game crate, listed in the
//! order of its line, and its game is the type it names `Module` at its
//! root. Adding a game to the registry is therefore its dependency line.

use std::path::PathBuf;
use std::{env, fs};

/// The dependencies that are not games.
const NOT_GAMES: [&str; 2] = ["tabula-contract", "tabula-search"];

fn main() {
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let toml = manifest.join("Cargo.toml");
    println!("cargo:rerun-if-changed={}", toml.display());
    let text = fs::read_to_string(&toml).unwrap_or_else(|e| panic!("reading {}: {e}", toml.display()));
    let mut inside = false;
    let mut games = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            inside = line == "[dependencies]";
            continue;
        }
        let name = line.split(['=', '.', ' ']).next().unwrap_or_default();
        if inside && name.starts_with("tabula-") && !NOT_GAMES.contains(&name) {
            games.push(format!("            {}::Module,\n", name.replace('-', "_")));
        }
    }
    let list = format!(
        "/// Hands every registered module type, in the order `tabula games` shows\n\
         /// them (the order of the game crates' lines in the registry's\n\
         /// `Cargo.toml`), to `$callback!(T, …)`: the one list of games. This\n\
         /// crate builds [`GAMES`] from it; code generic over the module types\n\
         /// (the registry's conformance suite) calls it where the game crates\n\
         /// are dependencies, so a game added there is checked with no other edit.\n\
         #[macro_export]\n\
         macro_rules! for_each_module {{\n    ($callback:ident) => {{\n        $callback! {{\n{}        }}\n    }};\n}}\n",
        games.concat()
    );
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("games.rs");
    fs::write(&out, list).unwrap_or_else(|e| panic!("writing {}: {e}", out.display()));
}
