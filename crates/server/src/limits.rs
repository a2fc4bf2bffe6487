//! Rate limits: a sliding window of recent hits per key, in memory.
//!
//! Each server instance counts its own hits: with several instances behind
//! one PostgreSQL server, a client may get up to that many times the limit.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// At most `max` hits per key within any `window`.
#[derive(Debug)]
pub struct RateLimiter {
    max: u32,
    window: Duration,
    hits: Mutex<HashMap<String, VecDeque<Instant>>>,
}

/// Keys kept before the limiter sweeps the idle ones.
const SWEEP_AT: usize = 10_000;

impl RateLimiter {
    /// A limiter of `max` hits per `window` (`max` 0: no limit).
    pub fn new(max: u32, window: Duration) -> Self {
        RateLimiter {
            max,
            window,
            hits: Mutex::new(HashMap::new()),
        }
    }

    /// Counts a hit for `key`, or says how many seconds to wait when the
    /// key has used up its window (the refused hit is not counted).
    pub fn hit(&self, key: &str) -> Result<(), u64> {
        if self.max == 0 {
            return Ok(());
        }
        let now = Instant::now();
        let mut hits = self.hits.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if hits.len() >= SWEEP_AT {
            let window = self.window;
            hits.retain(|_, q| q.back().is_some_and(|&t| now.duration_since(t) < window));
        }
        let queue = hits.entry(key.to_string()).or_default();
        while queue.front().is_some_and(|&t| now.duration_since(t) >= self.window) {
            queue.pop_front();
        }
        if queue.len() >= self.max as usize {
            let oldest = *queue.front().expect("a full window has hits");
            let wait = self.window.saturating_sub(now.duration_since(oldest));
            return Err(wait.as_secs().max(1));
        }
        queue.push_back(now);
        Ok(())
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
    fn the_window_slides() {
        let limiter = RateLimiter::new(1, Duration::from_millis(50));
        assert!(limiter.hit("a").is_ok());
        assert!(limiter.hit("a").is_err());
        std::thread::sleep(Duration::from_millis(60));
        assert!(limiter.hit("a").is_ok());
    }
}
