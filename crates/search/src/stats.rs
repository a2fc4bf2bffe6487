//! What a search reports besides its move.

use std::time::Duration;

use crate::budget::Stop;

/// One root action as a search saw it.
#[derive(Clone, Debug, PartialEq)]
pub struct RootStat<A> {
    /// The action.
    pub action: A,
    /// MCTS-like searches: real visits (or samples) of the action.
    /// Tree searches: nodes searched below it.
    pub visits: u64,
    /// The action's value for the seat to move: the mean reward for sampling
    /// searches, the backed-up value for tree searches.
    pub value: f64,
    /// Whether `value` is exact. Alpha-beta proves only that a refuted action
    /// is no better than `value`; sampling searches give estimates (false).
    pub exact: bool,
}

/// Counters and per-root figures of one search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchStats<A> {
    /// States visited (tree searches, root included) or tree nodes created
    /// (MCTS-like searches).
    pub nodes: u64,
    /// Terminal states reached (tree searches) or playouts finished.
    pub leaves: u64,
    /// Iterations run (sampling searches); 0 for tree searches.
    pub iterations: u64,
    /// Depth of the last completed iteration (tree searches) or the deepest
    /// tree node (MCTS-like searches).
    pub depth: u32,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// Why the search stopped.
    pub stop: Stop,
    /// Every root action with its figures, in the game's action order.
    pub root: Vec<RootStat<A>>,
    /// The principal variation, when the search has one.
    pub pv: Vec<A>,
}

impl<A> Default for SearchStats<A> {
    fn default() -> Self {
        SearchStats {
            nodes: 0,
            leaves: 0,
            iterations: 0,
            depth: 0,
            elapsed: Duration::ZERO,
            stop: Stop::Completed,
            root: Vec::new(),
            pv: Vec::new(),
        }
    }
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<A> {
    /// The chosen action; `None` only when the root has no legal action.
    pub action: Option<A>,
    /// The value of the root for the seat to move there (alpha-beta:
    /// evaluation units; sampling searches: mean reward of the chosen action).
    pub value: f64,
    /// Counters and per-root figures.
    pub stats: SearchStats<A>,
}

impl<A> SearchResult<A> {
    /// A decision made without searching (a rule, a policy, the only
    /// legal action): no value, no counters.
    pub fn decided(action: Option<A>) -> Self {
        SearchResult {
            action,
            value: 0.0,
            stats: SearchStats::default(),
        }
    }
}
