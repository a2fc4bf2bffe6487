//! Search budgets (nodes, iterations, a deadline), cancellation, and the
//! clock a deadline is read on.
//!
//! A search reads a clock only when its budget sets a time limit or names a
//! clock: a budget of nodes or iterations never touches the wall clock, so
//! the same search runs on a target without one (WebAssembly in a browser,
//! where the host injects its own [`Clock`]) and its result cannot depend
//! on timing.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

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

thread_local! {
    /// The flag of the innermost [`cancel_scope`] on this thread.
    static SCOPE: std::cell::RefCell<Option<CancelFlag>> = const { std::cell::RefCell::new(None) };
}

/// Runs `work` with `flag` stopping every search it starts on this thread,
/// whatever budget that search was built with: a front end that runs a
/// game's player (whose budget the game chose) under its own deadline sets
/// the flag when the deadline passes, and the search returns within
/// milliseconds instead of finishing its nodes or iterations. Scopes nest;
/// the previous one is restored when `work` returns or panics.
pub fn cancel_scope<R>(flag: &CancelFlag, work: impl FnOnce() -> R) -> R {
    scoped(&SCOPE, flag.clone(), work)
}

/// Runs `work` with `value` in the thread-local `slot`, the previous value
/// restored when `work` returns or panics.
fn scoped<T: 'static, R>(
    slot: &'static std::thread::LocalKey<std::cell::RefCell<Option<T>>>,
    value: T,
    work: impl FnOnce() -> R,
) -> R {
    struct Restore<T: 'static>(&'static std::thread::LocalKey<std::cell::RefCell<Option<T>>>, Option<T>);
    impl<T: 'static> Drop for Restore<T> {
        fn drop(&mut self) {
            let previous = self.1.take();
            self.0.with(|s| *s.borrow_mut() = previous);
        }
    }
    let _restore = Restore(slot, slot.with(|s| s.borrow_mut().replace(value)));
    work()
}

thread_local! {
    /// The deadline of the innermost [`deadline_scope`] on this thread.
    static DEADLINE: std::cell::RefCell<Option<ScopeDeadline>> = const { std::cell::RefCell::new(None) };
}

/// A deadline and the clock it is read on.
type ScopeDeadline = (Arc<dyn Clock>, Duration);

/// Runs `work` with every search it starts on this thread stopping once
/// `clock` reads `at` or later, whatever budget that search was built
/// with: the single-threaded counterpart of [`cancel_scope`], for a front
/// end with no second thread to set a flag (a browser's worker, whose
/// clock the host injects). The search returns its best answer so far, as
/// at a deadline of its own; its statistics (the time it reports
/// included) are those it would give without the scope. Scopes nest (the
/// inner one rules); the previous one is restored when `work` returns or
/// panics.
pub fn deadline_scope<R>(clock: Arc<dyn Clock>, at: Duration, work: impl FnOnce() -> R) -> R {
    scoped(&DEADLINE, (clock, at), work)
}

/// A monotonic clock: the time a deadline is measured on.
pub trait Clock: Send + Sync + fmt::Debug {
    /// The time since the clock's origin; never decreases.
    fn now(&self) -> Duration;
}

/// The operating system's monotonic clock (`std::time::Instant`), its origin
/// fixed at its first reading in the process. Not offered where the
/// standard library has no clock (`wasm32-unknown-unknown`): there the host
/// injects one.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
impl SystemClock {
    fn origin() -> std::time::Instant {
        static ORIGIN: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
        *ORIGIN.get_or_init(std::time::Instant::now)
    }

    /// The reading of this clock at `instant` (zero before its origin).
    pub fn reading_at(instant: std::time::Instant) -> Duration {
        instant.saturating_duration_since(Self::origin())
    }
}

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
impl Clock for SystemClock {
    fn now(&self) -> Duration {
        Self::origin().elapsed()
    }
}

/// The clock a time limit is read on when the budget names none: the
/// system's where there is one.
fn default_clock() -> Option<Arc<dyn Clock>> {
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    {
        Some(Arc::new(SystemClock))
    }
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    {
        None
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
    /// The reading of the clock by which the search must return.
    pub deadline: Option<Duration>,
    /// The clock of `time` and `deadline`, and of the time a search reports.
    /// Without one, a time limit is read on the system clock (where there is
    /// one) and a search without a time limit reads no clock at all.
    pub clock: Option<Arc<dyn Clock>>,
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

    /// The same budget, timed on `clock` (for its time limits and for the
    /// time the search reports).
    pub fn with_clock(mut self, clock: Arc<dyn Clock>) -> Self {
        self.clock = Some(clock);
        self
    }

    /// The same budget with a deadline: `at` is a reading of the budget's
    /// clock (the system clock when it names none).
    pub fn with_deadline_at(mut self, at: Duration) -> Self {
        self.deadline = Some(at);
        self
    }

    /// The same budget with a deadline on the system clock (which becomes
    /// the budget's clock, replacing any other).
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    pub fn with_deadline(self, deadline: std::time::Instant) -> Self {
        self.with_clock(Arc::new(SystemClock))
            .with_deadline_at(SystemClock::reading_at(deadline))
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
    /// The clock, when the budget has a time limit or names one.
    clock: Option<Arc<dyn Clock>>,
    start: Duration,
    deadline: Option<Duration>,
    next_check: u64,
    stopped: Option<Stop>,
    /// The flag of the [`cancel_scope`] the search started in.
    scope: Option<CancelFlag>,
    /// The deadline of the [`deadline_scope`] the search started in, read
    /// on its own clock (apart from the budget's, so that the time the
    /// search reports does not depend on the scope).
    scope_deadline: Option<ScopeDeadline>,
}

impl Meter {
    /// Starts metering now.
    pub fn start(budget: &Budget) -> Self {
        let timed = budget.time.is_some() || budget.deadline.is_some();
        let clock = budget
            .clock
            .clone()
            .or_else(|| if timed { default_clock() } else { None });
        let start = clock.as_ref().map_or(Duration::ZERO, |c| c.now());
        let relative = budget.time.map(|t| start + t);
        let deadline = match (budget.deadline, relative) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let mut meter = Meter {
            budget: budget.clone(),
            clock,
            start,
            deadline,
            next_check: CHECK_EVERY,
            stopped: None,
            scope: SCOPE.with(|s| s.borrow().clone()),
            scope_deadline: DEADLINE.with(|s| s.borrow().clone()),
        };
        // A search started after its flag was set (or its scope's deadline
        // passed) stops at once: a player that runs many small searches
        // must not finish them all first.
        if meter.is_cancelled() {
            meter.stopped = Some(Stop::Cancelled);
        } else if meter.scope_expired() {
            meter.stopped = Some(Stop::Deadline);
        }
        meter
    }

    fn scope_expired(&self) -> bool {
        self.scope_deadline
            .as_ref()
            .is_some_and(|(clock, at)| clock.now() >= *at)
    }

    fn is_cancelled(&self) -> bool {
        self.budget.cancel.as_ref().is_some_and(CancelFlag::is_cancelled)
            || self.scope.as_ref().is_some_and(CancelFlag::is_cancelled)
    }

    /// Time since the start, on the budget's clock; zero when the search
    /// reads no clock.
    pub fn elapsed(&self) -> Duration {
        self.clock
            .as_ref()
            .map_or(Duration::ZERO, |c| c.now().saturating_sub(self.start))
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
        if self.is_cancelled() {
            return Some(Stop::Cancelled);
        }
        if self.scope_expired() {
            return Some(Stop::Deadline);
        }
        match (&self.clock, self.deadline) {
            (Some(clock), Some(d)) if clock.now() >= d => Some(Stop::Deadline),
            _ => None,
        }
    }

    /// The reason the search stopped early, if it did.
    pub fn stopped(&self) -> Option<Stop> {
        self.stopped
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;

    #[test]
    fn a_cancel_scope_stops_searches_started_inside_it_only() {
        let flag = CancelFlag::new();
        let mut outside = Meter::start(&Budget::iterations(1_000_000));
        cancel_scope(&flag, || {
            let mut inside = Meter::start(&Budget::iterations(1_000_000));
            assert_eq!(inside.check(0, 10), None);
            flag.cancel();
            assert_eq!(inside.check(0, 10 + CHECK_EVERY), Some(Stop::Cancelled));
            // Started after the flag was set: stopped before any work.
            assert_eq!(Meter::start(&Budget::iterations(5)).stopped(), Some(Stop::Cancelled));
            // An inner scope with its own flag hides the outer one.
            cancel_scope(&CancelFlag::new(), || {
                assert_eq!(Meter::start(&Budget::iterations(5)).stopped(), None);
            });
            assert_eq!(Meter::start(&Budget::iterations(5)).stopped(), Some(Stop::Cancelled));
        });
        assert_eq!(
            outside.check_now(),
            None,
            "a search started outside the scope ignores it"
        );
        assert_eq!(Meter::start(&Budget::iterations(5)).stopped(), None, "the scope ended");
    }

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
        let mut m = Meter::start(&Budget::unlimited().with_deadline(std::time::Instant::now()));
        assert_eq!(m.check_now(), Some(Stop::Deadline));
        let mut m = Meter::start(&Budget::time(Duration::ZERO));
        assert_eq!(m.check_now(), Some(Stop::Deadline));
        let mut m = Meter::start(&Budget::time(Duration::from_secs(3600)));
        assert_eq!(m.check_now(), None);
    }

    /// A clock that counts its readings and moves only when told.
    #[derive(Debug, Default)]
    struct Manual {
        now: Mutex<Duration>,
        reads: Mutex<u64>,
    }

    impl Clock for Manual {
        fn now(&self) -> Duration {
            *self.reads.lock().unwrap() += 1;
            *self.now.lock().unwrap()
        }
    }

    #[test]
    fn an_injected_clock_decides_the_deadline() {
        let clock = Arc::new(Manual::default());
        let budget = Budget::time(Duration::from_millis(5)).with_clock(clock.clone());
        let mut m = Meter::start(&budget);
        assert_eq!(m.check_now(), None);
        *clock.now.lock().unwrap() = Duration::from_millis(5);
        assert_eq!(m.check_now(), Some(Stop::Deadline));
        assert_eq!(m.elapsed(), Duration::from_millis(5));
    }

    #[test]
    fn a_budget_without_time_reads_no_clock() {
        let clock = Arc::new(Manual::default());
        // Named, the clock is read (for the time reported)...
        let mut m = Meter::start(&Budget::iterations(10_000).with_clock(clock.clone()));
        for i in 0..10_000 {
            m.check(0, i);
        }
        assert!(*clock.reads.lock().unwrap() > 0);
        // ...and a budget of work alone has no clock at all.
        let mut m = Meter::start(&Budget::iterations(10_000));
        for i in 0..10_000 {
            m.check(0, i);
        }
        assert!(m.clock.is_none());
        assert_eq!(m.elapsed(), Duration::ZERO);
    }

    #[test]
    fn a_deadline_scope_stops_searches_started_inside_it_on_its_clock() {
        let clock = Arc::new(Manual::default());
        *clock.now.lock().unwrap() = Duration::from_millis(100);
        let mut outside = Meter::start(&Budget::iterations(1_000_000));
        deadline_scope(clock.clone(), Duration::from_millis(150), || {
            let mut inside = Meter::start(&Budget::iterations(1_000_000));
            assert_eq!(inside.check(0, 10), None);
            assert_eq!(inside.check_now(), None, "before the deadline");
            *clock.now.lock().unwrap() = Duration::from_millis(150);
            assert_eq!(inside.check(0, 10 + CHECK_EVERY), Some(Stop::Deadline));
            // The time reported is the budget's, not the scope's clock.
            assert_eq!(inside.elapsed(), Duration::ZERO);
            // Started after the deadline: stopped before any work.
            assert_eq!(Meter::start(&Budget::iterations(5)).stopped(), Some(Stop::Deadline));
            // An inner scope with a later deadline rules inside it.
            deadline_scope(clock.clone(), Duration::from_millis(500), || {
                assert_eq!(Meter::start(&Budget::iterations(5)).stopped(), None);
            });
            assert_eq!(Meter::start(&Budget::iterations(5)).stopped(), Some(Stop::Deadline));
        });
        assert_eq!(
            outside.check_now(),
            None,
            "a search started outside the scope ignores it"
        );
        assert_eq!(Meter::start(&Budget::iterations(5)).stopped(), None, "the scope ended");
    }
}
