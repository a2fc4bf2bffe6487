//! Small helpers: random tokens, hashing, the clock.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use sha2::{Digest, Sha256};
use tabula_contract::Date;

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

/// The UTC date of Unix seconds (1970-01-01 for a clock outside the
/// years 1 to 9999).
pub fn date_of(seconds: i64) -> Date {
    Date::from_days_since_epoch(seconds.div_euclid(86_400))
        .or_else(|| Date::from_days_since_epoch(0))
        .expect("1970-01-01 is a date")
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

/// The values of the request's cookies named `name`.
pub fn cookies<'a>(headers: &'a axum::http::HeaderMap, name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .filter(move |(n, _)| *n == name)
        .map(|(_, value)| value)
}

/// The client's address for rate limits: the connection's IP address
/// (`unknown` when the server was not started with connection info). An
/// IPv6 client is counted by its /64 network, which one subscriber usually
/// holds whole; an IPv4-mapped IPv6 address counts as its IPv4 address.
///
/// Behind a reverse proxy every client has the proxy's address.
pub fn client_addr(extensions: &axum::http::Extensions) -> String {
    match extensions
        .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
        .map(|c| c.0.ip())
    {
        None => "unknown".to_string(),
        Some(std::net::IpAddr::V4(v4)) => v4.to_string(),
        Some(std::net::IpAddr::V6(v6)) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let s = v6.segments();
                format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
            }
        },
    }
}

/// The client's address (see [`client_addr`]) as an extractor: add
/// `ClientAddr(addr): ClientAddr` to a handler's arguments, before its body.
pub struct ClientAddr(pub String);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(ClientAddr(client_addr(&parts.extensions)))
    }
}
