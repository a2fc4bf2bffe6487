//! `tabula bench`: every game's fixed searches (fixed positions, fixed
//! budgets, one thread), declared by the games themselves
//! ([`Capabilities::bench`](tabula_contract::Capabilities)). The total of
//! nodes searched is a regression signature: it changes only when search
//! behaviour changes (a refactor keeps it), and each search's own count is
//! declared beside it in its game's crate.

use std::time::Duration;

use serde::Serialize;
use tabula_contract::GameEntry;
use tabula_contract::capability::BenchSearch;

/// One search of the bench.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BenchEntry {
    /// The game whose search it is.
    pub game: &'static str,
    /// What was searched.
    pub name: String,
    /// The action chosen, as text.
    pub action: String,
    /// The value reported.
    pub value: f64,
    /// Nodes searched (tree searches: states visited; MCTS-like: tree nodes).
    pub nodes: u64,
    /// Iterations (sampling searches).
    pub iterations: u64,
    /// Visits (or subtree nodes) per root action, in the game's order.
    pub root_visits: Vec<u64>,
    /// The count (nodes plus iterations) its game declares for it.
    pub declared: u64,
    /// Time taken.
    #[serde(skip)]
    pub elapsed: Duration,
}

impl BenchEntry {
    /// Nodes plus iterations: its share of the signature.
    pub fn count(&self) -> u64 {
        self.nodes + self.iterations
    }
}

/// The whole bench.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BenchReport {
    /// Every search, game by game in the registry's order.
    pub entries: Vec<BenchEntry>,
    /// Nodes plus iterations over every search: the signature.
    pub nodes_searched: u64,
    /// A hash of every entry's action, counts and root visits.
    pub fingerprint: String,
    /// Nodes (plus iterations) per second over the whole bench.
    pub nodes_per_second: f64,
    /// The searches whose count is not the one their game declares.
    pub mismatches: Vec<String>,
}

/// Runs every search that `games` declare, on the calling thread, each
/// timed on the system clock (the searches themselves read no clock:
/// their budgets count work).
pub fn run(games: &[&dyn GameEntry]) -> BenchReport {
    let mut entries = Vec::new();
    for entry in games {
        let game = entry.info().name;
        entries.extend((entry.capabilities().bench)().into_iter().map(|s| measure(game, s)));
    }
    summarize(entries)
}

/// Runs one search of `game`'s, timed.
pub fn measure(game: &'static str, search: BenchSearch) -> BenchEntry {
    let (name, declared) = (search.name.clone(), search.count);
    let start = std::time::Instant::now();
    let r = search.run();
    let elapsed = start.elapsed();
    BenchEntry {
        game,
        name,
        action: r.action,
        value: r.value,
        nodes: r.nodes,
        iterations: r.iterations,
        root_visits: r.root_visits,
        declared,
        elapsed,
    }
}

/// The report of searches run: the signature, the fingerprint, the speed
/// and the searches that counted other than declared.
pub fn summarize(entries: Vec<BenchEntry>) -> BenchReport {
    let nodes_searched: u64 = entries.iter().map(BenchEntry::count).sum();
    let seconds: f64 = entries.iter().map(|e| e.elapsed.as_secs_f64()).sum();
    // FNV-1a over what the searches decided and counted (not their timing).
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for e in &entries {
        let text = format!(
            "{}|{}|{}|{}|{:?}",
            e.name, e.action, e.nodes, e.iterations, e.root_visits
        );
        for byte in text.bytes() {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    let mismatches = entries
        .iter()
        .filter(|e| e.count() != e.declared)
        .map(|e| format!("{}: counted {}, declared {}", e.name, e.count(), e.declared))
        .collect();
    BenchReport {
        entries,
        nodes_searched,
        fingerprint: format!("{hash:016x}"),
        nodes_per_second: if seconds > 0.0 {
            nodes_searched as f64 / seconds
        } else {
            0.0
        },
        mismatches,
    }
}
