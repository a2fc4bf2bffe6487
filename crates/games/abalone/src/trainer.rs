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
use crate::tablebase::web::WEB_CHUNK;
use crate::tablebase::{closure, installed};

/// The prefix of trainer layouts.
pub const PREFIX: &str = "trainer-";

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
        // In a player's words: the commands that make tables are the
        // operator's (the tables page and `tabula solve --help` say them).
        Err(format!(
            "the trainer-{class} layout needs the Discovery tablebase of {}, which is not installed here",
            missing.join(", ")
        ))
    }
}

/// A won start of `class` for Black to move, from `tables`; `None` when the
/// class is not in `tables`, has no such position, or (fetched in a
/// browser) its manifest or the drawn chunk is not here yet.
///
/// The draw is uniform over the class's won entries with the strong side
/// to move: a chunk with probability proportional to its count of them,
/// then one of its own uniformly. It reads one chunk, so a browser fetches
/// one.
pub fn start(tables: &Solved, class: Class, seed: u64) -> Option<Position> {
    let won = tables.won_per_chunk(class)?;
    let total: u64 = won.iter().sum();
    if total == 0 {
        return None;
    }
    let mut rng = Rng::derived(seed, 0x7a41_3e55);
    let mut r = rng.below(total);
    let k = won.iter().position(|&w| {
        let here = r < w;
        if !here {
            r -= w;
        }
        here
    })?;
    let chunk = tables.chunk(class, k as u64)?;
    // Web chunks hold an even number of entries: even offsets are even
    // indices, the strong side to move.
    let offset = chunk
        .iter()
        .enumerate()
        .step_by(2)
        .filter(|&(_, &b)| matches!(decode(b), Some(Value::Win(_))))
        .nth(r as usize)?
        .0;
    let entry = Indexer::new(class).entry(k as u64 * WEB_CHUNK + offset as u64)?;
    let symmetry = Symmetry::new(rng.below(12) as usize).unwrap_or(Symmetry::IDENTITY);
    Some(position_of(&entry).transform(symmetry))
}
