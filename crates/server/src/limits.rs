//! Rate limits: a sliding window of recent hits per key, in memory.
//!
//! Each server instance counts its own hits: with several instances behind
//! one PostgreSQL server, a client may get up to that many times the limit.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Keys kept before the idle ones are swept.
const SWEEP_AT: usize = 10_000;

/// The recent hits of each key within a window, at most `cap` per key.
#[derive(Debug)]
struct Windows {
    window: Duration,
    cap: usize,
    hits: Mutex<HashMap<String, VecDeque<Instant>>>,
}

impl Windows {
    fn new(window: Duration, cap: usize) -> Self {
        Windows {
            window,
            cap,
            hits: Mutex::new(HashMap::new()),
        }
    }

    /// Runs `f` on `key`'s hits inside the window, the key made if new.
    fn entry<R>(&self, key: &str, f: impl FnOnce(&mut VecDeque<Instant>, Instant) -> R) -> R {
        let now = Instant::now();
        let mut hits = self.hits.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if hits.len() >= SWEEP_AT {
            let window = self.window;
            hits.retain(|_, q| q.back().is_some_and(|&t| now.duration_since(t) < window));
        }
        let queue = hits.entry(key.to_string()).or_default();
        self.prune(queue, now);
        f(queue, now)
    }

    /// Runs `f` on `key`'s hits inside the window, if the key has any.
    fn existing<R>(&self, key: &str, f: impl FnOnce(&mut VecDeque<Instant>) -> R) -> Option<R> {
        let now = Instant::now();
        let mut hits = self.hits.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let queue = hits.get_mut(key)?;
        self.prune(queue, now);
        Some(f(queue))
    }

    fn prune(&self, queue: &mut VecDeque<Instant>, now: Instant) {
        while queue.front().is_some_and(|&t| now.duration_since(t) >= self.window) {
            queue.pop_front();
        }
    }
}

/// At most `max` hits per key within any `window`.
#[derive(Debug)]
pub struct RateLimiter {
    max: u32,
    windows: Windows,
}

impl RateLimiter {
    /// A limiter of `max` hits per `window` (`max` 0: no limit).
    pub fn new(max: u32, window: Duration) -> Self {
        RateLimiter {
            max,
            windows: Windows::new(window, max as usize),
        }
    }

    /// Counts a hit for `key`, or says how many seconds to wait when the
    /// key has used up its window (the refused hit is not counted).
    pub fn hit(&self, key: &str) -> Result<(), u64> {
        if self.max == 0 {
            return Ok(());
        }
        let window = self.windows.window;
        self.windows.entry(key, |queue, now| {
            if queue.len() >= self.max as usize {
                let oldest = *queue.front().expect("a full window has hits");
                let wait = window.saturating_sub(now.duration_since(oldest));
                return Err(wait.as_secs().max(1));
            }
            queue.push_back(now);
            Ok(())
        })
    }

    /// Takes back `key`'s latest hit: an attempt counted up front (so that
    /// parallel ones cannot slip past the limit) that turned out not to
    /// count, such as a log-in with the right password.
    pub fn undo(&self, key: &str) {
        self.windows.existing(key, VecDeque::pop_back);
    }
}

/// A bounded delay per key that grows with the key's recent failures: the
/// first `free` within the window cost nothing, each one more adds `step`,
/// up to `max`. It slows guessing without refusing anyone.
#[derive(Debug)]
pub struct Slowdown {
    free: u32,
    step: Duration,
    max: Duration,
    windows: Windows,
}

impl Slowdown {
    /// `free` failures per `window` without delay (`free` 0: never slow),
    /// then `step` more per failure, never more than `max`.
    pub fn new(free: u32, window: Duration, step: Duration, max: Duration) -> Self {
        // Failures past the cap no longer change the delay: keeping only
        // that many bounds the memory an attack can take per key.
        let steps = if step.is_zero() {
            0
        } else {
            max.as_nanos() / step.as_nanos()
        };
        let cap = (free as usize).saturating_add(usize::try_from(steps).unwrap_or(usize::MAX).saturating_add(1));
        Slowdown {
            free,
            step,
            max,
            windows: Windows::new(window, cap),
        }
    }

    /// Counts a failure for `key`.
    pub fn failed(&self, key: &str) {
        if self.free == 0 {
            return;
        }
        let cap = self.windows.cap;
        self.windows.entry(key, |queue, now| {
            if queue.len() >= cap {
                queue.pop_front();
            }
            queue.push_back(now);
        });
    }

    /// How long an attempt on `key` waits now.
    pub fn delay(&self, key: &str) -> Duration {
        if self.free == 0 {
            return Duration::ZERO;
        }
        let recent = self.windows.existing(key, |q| q.len()).unwrap_or(0);
        let over = u32::try_from(recent.saturating_sub(self.free as usize)).unwrap_or(u32::MAX);
        self.step.saturating_mul(over).min(self.max)
    }
}

/// A lock per key that grows with its failures: the first `free` failures
/// (since the last success, or since it was idle for `max`) cost nothing;
/// then each failure locks the key for `base`, doubled per failure past
/// `free`, never longer than `max`. A success clears it.
#[derive(Debug)]
pub struct Backoff {
    free: u32,
    base: Duration,
    max: Duration,
    failures: Mutex<HashMap<String, (u32, Instant)>>,
}

impl Backoff {
    /// `free` failures without a lock (0: never lock), then locks from
    /// `base` up to `max`.
    pub fn new(free: u32, base: Duration, max: Duration) -> Self {
        Backoff {
            free,
            base,
            max,
            failures: Mutex::new(HashMap::new()),
        }
    }

    fn with<R>(&self, f: impl FnOnce(&mut HashMap<String, (u32, Instant)>, Instant) -> R) -> R {
        let now = Instant::now();
        let mut map = self.failures.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if map.len() >= SWEEP_AT {
            let max = self.max;
            map.retain(|_, (_, last)| now.duration_since(*last) < max);
        }
        f(&mut map, now)
    }

    /// Counts a failure for `key`.
    pub fn failed(&self, key: &str) {
        if self.free == 0 {
            return;
        }
        let max = self.max;
        self.with(|map, now| {
            let entry = map.entry(key.to_string()).or_insert((0, now));
            if now.duration_since(entry.1) >= max {
                entry.0 = 0;
            }
            *entry = (entry.0.saturating_add(1), now);
        });
    }

    /// Seconds `key` stays locked, if it is.
    pub fn locked(&self, key: &str) -> Option<u64> {
        let (base, max, free) = (self.base, self.max, self.free);
        self.with(|map, now| {
            let &(failures, last) = map.get(key)?;
            let over = failures.checked_sub(free).filter(|&n| n > 0)?;
            let lock = base.saturating_mul(1 << (over - 1).min(20)).min(max);
            let left = lock.saturating_sub(now.duration_since(last));
            (!left.is_zero()).then(|| left.as_secs().max(1))
        })
    }

    /// Clears `key` (a success).
    pub fn clear(&self, key: &str) {
        self.with(|map, _| map.remove(key));
    }
}

/// One computation at a time per client key (a session, an address): a
/// client's requests that make the computer think queue behind each
/// other, so one client holds one search permit at most, and the others
/// stay free for everyone else.
#[derive(Debug, Default)]
pub struct Turns {
    keys: Mutex<HashMap<String, std::sync::Arc<tokio::sync::Mutex<()>>>>,
}

/// A client's turn, held while its computation runs.
#[derive(Debug)]
pub struct Turn {
    _held: Vec<tokio::sync::OwnedMutexGuard<()>>,
}

impl Turns {
    /// Waits until none of `keys` has a computation running, up to
    /// `within`; then holds them all. `None` when the wait runs out.
    pub async fn take(&self, keys: &[&str], within: Duration) -> Option<Turn> {
        let locks: Vec<_> = {
            let mut map = self.keys.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            if map.len() >= SWEEP_AT {
                map.retain(|_, lock| std::sync::Arc::strong_count(lock) > 1);
            }
            let mut keys = keys.to_vec();
            // One order for every request: no two requests wait on each other.
            keys.sort_unstable();
            keys.dedup();
            keys.iter()
                .map(|k| map.entry((*k).to_string()).or_default().clone())
                .collect()
        };
        let take_all = async move {
            let mut held = Vec::with_capacity(locks.len());
            for lock in locks {
                held.push(lock.lock_owned().await);
            }
            Turn { _held: held }
        };
        tokio::time::timeout(within, take_all).await.ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_past_the_limit_per_key() {
        let limiter = RateLimiter::new(3, Duration::from_secs(60));
        for _ in 0..3 {
            assert!(limiter.hit("a").is_ok());
        }
        let wait = limiter.hit("a").unwrap_err();
        assert!((1..=60).contains(&wait));
        assert!(limiter.hit("b").is_ok(), "keys are counted apart");
    }

    #[test]
    fn the_backoff_locks_past_its_free_failures_doubling_and_a_success_clears_it() {
        let b = Backoff::new(2, Duration::from_secs(30), Duration::from_secs(100));
        b.failed("a");
        b.failed("a");
        assert_eq!(b.locked("a"), None, "the first failures are free");
        b.failed("a");
        assert!(matches!(b.locked("a"), Some(29..=30)));
        b.failed("a");
        assert!(matches!(b.locked("a"), Some(59..=60)), "doubled");
        for _ in 0..50 {
            b.failed("a");
        }
        assert!(matches!(b.locked("a"), Some(99..=100)), "bounded");
        assert_eq!(b.locked("b"), None, "keys apart");
        b.clear("a");
        assert_eq!(b.locked("a"), None, "a success clears it");
    }

    #[test]
    fn the_window_slides() {
        let limiter = RateLimiter::new(1, Duration::from_millis(50));
        assert!(limiter.hit("a").is_ok());
        assert!(limiter.hit("a").is_err());
        std::thread::sleep(Duration::from_millis(60));
        assert!(limiter.hit("a").is_ok());
    }

    #[test]
    fn an_undone_hit_frees_its_place() {
        let limiter = RateLimiter::new(2, Duration::from_secs(60));
        limiter.undo("a"); // nothing to undo: no key is made
        assert!(limiter.hit("a").is_ok());
        assert!(limiter.hit("a").is_ok());
        limiter.undo("a");
        assert!(limiter.hit("a").is_ok());
        assert!(limiter.hit("a").is_err());
    }

    #[test]
    fn the_slowdown_grows_per_failure_and_stops_at_its_bound() {
        let step = Duration::from_millis(100);
        let slow = Slowdown::new(3, Duration::from_secs(60), step, Duration::from_millis(450));
        for _ in 0..3 {
            slow.failed("a");
        }
        assert_eq!(slow.delay("a"), Duration::ZERO, "the first failures are free");
        slow.failed("a");
        assert_eq!(slow.delay("a"), step);
        for _ in 0..1000 {
            slow.failed("a");
        }
        assert_eq!(slow.delay("a"), Duration::from_millis(450), "bounded");
        assert_eq!(slow.delay("b"), Duration::ZERO, "keys are counted apart");
        assert!(
            slow.windows.existing("a", |q| q.len()) <= Some(3 + 4 + 1),
            "memory per key is bounded"
        );
        let off = Slowdown::new(0, Duration::from_secs(60), step, Duration::from_secs(1));
        off.failed("a");
        assert_eq!(off.delay("a"), Duration::ZERO, "free 0: never slow");
    }
}
