//! Small helpers: random tokens, hashing, the clock.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use sha2::{Digest, Sha256};
use tabula_diagonal::Date;

/// `bytes` random bytes from the operating system, as lowercase hex.
///
/// # Panics
/// If the operating system has no randomness to give (the server cannot
/// make safe tokens without it).
pub fn random_hex(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    getrandom::getrandom(&mut buf).expect("the operating system's random source");
    hex(&buf)
}

/// Lowercase hex of bytes.
pub fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes.iter().fold(String::with_capacity(bytes.len() * 2), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

/// SHA-256 of a text, as hex: session tokens are stored hashed, so a leaked
/// database holds no usable cookie.
pub fn sha256_hex(text: &str) -> String {
    hex(&Sha256::digest(text.as_bytes()))
}

/// Compares two secrets in time independent of where they differ.
pub fn constant_eq(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The server's clock: the system's, shifted by an offset tests can move
/// (streaks and the leaderboard depend on the calendar day).
#[derive(Clone, Debug, Default)]
pub struct Clock {
    offset: Arc<AtomicI64>,
}

impl Clock {
    /// Unix seconds now.
    pub fn now(&self) -> i64 {
        let system = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64);
        system + self.offset.load(Ordering::Relaxed)
    }

    /// Today (UTC).
    pub fn today(&self) -> Date {
        date_of(self.now())
    }

    /// Moves the clock by `seconds` (tests).
    pub fn advance(&self, seconds: i64) {
        self.offset.fetch_add(seconds, Ordering::Relaxed);
    }
}

/// The UTC date of Unix seconds.
pub fn date_of(seconds: i64) -> Date {
    Date::from_days_since_epoch(seconds.div_euclid(86_400)).unwrap_or_else(Date::today_utc)
}

impl Clock {
    /// Unix milliseconds now (orders games made within one second).
    pub fn now_ms(&self) -> i64 {
        let system = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as i64);
        system + self.offset.load(Ordering::Relaxed) * 1000
    }
}
