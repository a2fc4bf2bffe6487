//! Search budgets (nodes, iterations, a deadline) and cancellation.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A flag another thread sets to stop a running search. Searches check it
/// every few hundred nodes or iterations, so a cancelled search returns
/// within milliseconds with the best answer found so far.
#[derive(Clone, Debug, Default)]
pub struct CancelFlag(Arc<AtomicBool>);

impl CancelFlag {
    /// A flag that is not set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Asks every search holding this flag to stop.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`cancel`](CancelFlag::cancel) was called.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// How much work a search may do. Every limit is optional; a search stops at
/// the first one reached. A budget without limits lets a search run to its
/// natural end (full-depth searches) — MCTS-like searches need one.
#[derive(Clone, Debug, Default)]
pub struct Budget {
    /// The most nodes (states visited) a tree search may count.
    pub nodes: Option<u64>,
    /// The most iterations (playouts) a sampling search may run.
    pub iterations: Option<u64>,
    /// The most time the search may take, counted from its start.
    pub time: Option<Duration>,
    /// The instant by which the search must return.
    pub deadline: Option<Instant>,
    /// Stops the search when set.
    pub cancel: Option<CancelFlag>,
}

impl Budget {
    /// No limit at all.
    pub fn unlimited() -> Self {
        Self::default()
    }

    /// At most `n` nodes.
    pub fn nodes(n: u64) -> Self {
        Budget {
            nodes: Some(n),
            ..Self::default()
        }
    }

    /// At most `n` iterations.
    pub fn iterations(n: u64) -> Self {
        Budget {
            iterations: Some(n),
            ..Self::default()
        }
    }

    /// Returns within `d` of its start (the budget can be reused).
    pub fn time(d: Duration) -> Self {
        Budget {
            time: Some(d),
            ..Self::default()
        }
    }

    /// Whether no limit at all is set (the flag does not count).
    pub fn is_unlimited(&self) -> bool {
        self.nodes.is_none() && self.iterations.is_none() && self.time.is_none() && self.deadline.is_none()
    }

    /// The same budget, also stopped by `flag`.
    pub fn with_cancel(mut self, flag: CancelFlag) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// The same budget with a deadline.
    pub fn with_deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }
}

/// Why a search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Stop {
    /// It finished its work (full depth, or every root searched).
    #[default]
    Completed,
    /// The node budget ran out.
    Nodes,
    /// The iteration budget ran out.
    Iterations,
    /// The deadline passed.
    Deadline,
    /// The cancellation flag was set.
    Cancelled,
}

/// How many units of work pass between two looks at the clock and the
/// cancellation flag (reading the clock costs tens of nanoseconds).
const CHECK_EVERY: u64 = 256;

/// Tracks work against a [`Budget`]; the searches' shared stopping rule.
#[derive(Debug)]
pub struct Meter {
    budget: Budget,
    start: Instant,
    deadline: Option<Instant>,
    next_check: u64,
    stopped: Option<Stop>,
}

impl Meter {
    /// Starts metering now.
    pub fn start(budget: &Budget) -> Self {
        let start = Instant::now();
        let relative = budget.time.map(|t| start + t);
        let deadline = match (budget.deadline, relative) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Meter {
            budget: budget.clone(),
            start,
            deadline,
            next_check: CHECK_EVERY,
            stopped: None,
        }
    }

    /// Time since the start.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Why the search must stop, if it must, given the work done so far.
    /// `nodes` and `iterations` are the totals so far.
    #[inline]
    pub fn check(&mut self, nodes: u64, iterations: u64) -> Option<Stop> {
        if self.stopped.is_some() {
            return self.stopped;
        }
        if self.budget.nodes.is_some_and(|n| nodes >= n) {
            self.stopped = Some(Stop::Nodes);
        } else if self.budget.iterations.is_some_and(|n| iterations >= n) {
            self.stopped = Some(Stop::Iterations);
        } else if nodes + iterations >= self.next_check {
            self.next_check = nodes + iterations + CHECK_EVERY;
            self.stopped = self.slow_check();
        }
        self.stopped
    }

    /// Checks the clock and the flag now, whatever the work done.
    pub fn check_now(&mut self) -> Option<Stop> {
        if self.stopped.is_none() {
            self.stopped = self.slow_check();
        }
        self.stopped
    }

    fn slow_check(&self) -> Option<Stop> {
        if self.budget.cancel.as_ref().is_some_and(CancelFlag::is_cancelled) {
            Some(Stop::Cancelled)
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(Stop::Deadline)
        } else {
            None
        }
    }

    /// The reason the search stopped early, if it did.
    pub fn stopped(&self) -> Option<Stop> {
        self.stopped
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_and_iteration_limits_stop() {
        let mut m = Meter::start(&Budget::nodes(10));
        assert_eq!(m.check(9, 0), None);
        assert_eq!(m.check(10, 0), Some(Stop::Nodes));
        let mut m = Meter::start(&Budget::iterations(3));
        assert_eq!(m.check(100, 2), None);
        assert_eq!(m.check(100, 3), Some(Stop::Iterations));
    }

    #[test]
    fn cancellation_is_seen_within_a_check_interval() {
        let flag = CancelFlag::new();
        let mut m = Meter::start(&Budget::unlimited().with_cancel(flag.clone()));
        assert_eq!(m.check(1, 0), None);
        flag.cancel();
        let mut n = 1;
        while m.check(n, 0).is_none() {
            n += 1;
        }
        assert!(n <= 1 + CHECK_EVERY);
        assert_eq!(m.stopped(), Some(Stop::Cancelled));
    }

    #[test]
    fn passed_deadline_stops() {
        let mut m = Meter::start(&Budget::unlimited().with_deadline(Instant::now()));
        assert_eq!(m.check_now(), Some(Stop::Deadline));
        let mut m = Meter::start(&Budget::time(Duration::ZERO));
        assert_eq!(m.check_now(), Some(Stop::Deadline));
        let mut m = Meter::start(&Budget::time(Duration::from_secs(3600)));
        assert_eq!(m.check_now(), None);
    }
}
