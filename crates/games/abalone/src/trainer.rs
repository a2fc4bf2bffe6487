//! The endgame trainer: a won Discovery position drawn from the installed
//! tablebase, for a person to convert against perfect defence.
//!
//! A trainer is named by a layout `trainer-XvY` (e.g. `trainer-4v2`). Its
//! start is a random position of class `XvY` in which **Black**, the strong
//! side (X marbles), is to move and wins with best play; the person sits at
//! Black (seat 0). The draw is deterministic per seed (the same seed gives
//! the same position) and uniform over the class's won entries, then turned
//! by a random symmetry of the board so starts do not cluster on the
//! index's canonical sets.

use tabula_search::Rng;
use tabula_search::backward::{Value, decode};

use crate::geometry::Symmetry;
use crate::position::Position;
use crate::tablebase::index::{Class, Indexer};
use crate::tablebase::space::{Solved, position_of};
use crate::tablebase::{closure, installed};

/// The prefix of trainer layouts.
pub const PREFIX: &str = "trainer-";

/// How to make the tables a trainer needs (said whenever they are missing).
pub fn how_to_install(class: Class) -> String {
    format!("install them: tabula solve abalone {class}, then tabula serve --tables DIR")
}

/// The class of a `trainer-XvY` layout name; `None` when the name is not a
/// trainer's, an error when it is one with a bad class.
pub fn parse(layout: &str) -> Option<Result<Class, String>> {
    let rest = layout.trim().to_ascii_lowercase();
    let class = rest.strip_prefix(PREFIX)?.to_string();
    Some(class.parse::<Class>().map_err(|e| format!("layout {layout:?}: {e}")))
}

/// Checks that every table of `class`'s closure is installed.
pub fn check_installed(class: Class) -> Result<(), String> {
    let tables = installed();
    let missing: Vec<String> = closure(class)
        .into_iter()
        .filter(|c| !tables.is_some_and(|t| t.contains(*c)))
        .map(|c| c.to_string())
        .collect();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "the trainer-{class} layout needs the Discovery tablebase of {} (not installed); {}",
            missing.join(", "),
            how_to_install(class)
        ))
    }
}

/// Random draws before falling back to a scan (wins with the strong side to
/// move are common in every class, so the scan is a safety net only).
const DRAWS: usize = 10_000;

/// A won start of `class` for Black to move, from `tables`; `None` when the
/// class is not in `tables` or has no such position.
pub fn start(tables: &Solved, class: Class, seed: u64) -> Option<Position> {
    let values = tables.values(class)?;
    let ix = Indexer::new(class);
    let mut rng = Rng::derived(seed, 0x7a41_3e55);
    // Even indices have the strong side to move.
    let half = ix.size() / 2;
    let won = |i: u64| {
        let index = i * 2;
        matches!(decode(values[index as usize]), Some(Value::Win(_)))
            .then(|| ix.entry(index))
            .flatten()
    };
    let entry = (0..DRAWS).find_map(|_| won(rng.below(half))).or_else(|| {
        let from = rng.below(half);
        (0..half).find_map(|k| won((from + k) % half))
    })?;
    let symmetry = Symmetry::new(rng.below(12) as usize).unwrap_or(Symmetry::IDENTITY);
    Some(position_of(&entry).transform(symmetry))
}
