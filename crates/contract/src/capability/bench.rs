//! A game's bench: fixed searches on fixed positions with fixed budgets,
//! each declaring the count it makes, so that `tabula bench` covers every
//! game and a count that moves is caught where the game lives.

use std::fmt::Debug;

use serde::Serialize;
use tabula_search::SearchResult;

/// What one bench search decided and counted.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BenchRun {
    /// The action chosen, as its `Debug` text (`none` without one).
    pub action: String,
    /// The value reported.
    pub value: f64,
    /// Nodes searched (tree searches: states visited; MCTS-like: tree nodes).
    pub nodes: u64,
    /// Iterations (sampling searches).
    pub iterations: u64,
    /// Visits (or subtree nodes) per root action, in the game's order.
    pub root_visits: Vec<u64>,
}

impl BenchRun {
    /// Nodes plus iterations: the search's share of the bench signature.
    pub fn count(&self) -> u64 {
        self.nodes + self.iterations
    }
}

impl<A: Debug> From<SearchResult<A>> for BenchRun {
    fn from(r: SearchResult<A>) -> BenchRun {
        BenchRun {
            action: r.action.map_or_else(|| "none".to_string(), |a| format!("{a:?}")),
            value: r.value,
            nodes: r.stats.nodes,
            iterations: r.stats.iterations,
            root_visits: r.stats.root.iter().map(|s| s.visits).collect(),
        }
    }
}

/// One fixed search of a game's bench: its set-up is done when the list is
/// built, the search itself when [`run`](BenchSearch::run) is called (the
/// front end times that part only).
pub struct BenchSearch {
    /// What is searched (the game's name first, as a rule).
    pub name: String,
    /// The count the search makes ([`BenchRun::count`]), declared by the
    /// game: the conformance tests check it, and a change of search
    /// behaviour shows as a change of this number.
    pub count: u64,
    search: Box<dyn FnOnce() -> BenchRun>,
}

impl BenchSearch {
    /// A search named `name` that counts `count`.
    pub fn new<A: Debug>(
        name: impl Into<String>,
        count: u64,
        search: impl FnOnce() -> SearchResult<A> + 'static,
    ) -> Self {
        BenchSearch {
            name: name.into(),
            count,
            search: Box::new(move || search().into()),
        }
    }

    /// Runs the search, on the calling thread.
    pub fn run(self) -> BenchRun {
        (self.search)()
    }
}

impl Debug for BenchSearch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "BenchSearch({}, {})", self.name, self.count)
    }
}
