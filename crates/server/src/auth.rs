//! Accounts and sessions: argon2id passwords, session cookies (HttpOnly,
//! SameSite=Strict, stored hashed), a CSRF token per session checked on
//! every POST, and throttled log-ins.

use std::collections::HashSet;
use std::net::{IpAddr, SocketAddr};
use std::sync::LazyLock;
use std::time::Duration;

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use axum::Json;
use axum::extract::{ConnectInfo, FromRequestParts, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::Row;

use crate::AppState;
use crate::error::{ApiError, ApiJson, ApiResult};
use crate::util::{constant_eq, random_hex, sha256_hex};

/// The session cookie's name.
pub const COOKIE: &str = "tabula_session";
/// The header carrying the CSRF token.
pub const CSRF_HEADER: &str = "x-csrf-token";
/// How long a session lives.
pub const SESSION_SECONDS: i64 = 30 * 86_400;
/// The computer paces an account may choose.
pub const PACES: [&str; 3] = ["calm", "measured", "brisk"];
/// The delay each failed log-in adds to a name beyond its free failures a
/// minute (counted over every address).
pub const LOGIN_SLOWDOWN_STEP: Duration = Duration::from_millis(250);
/// The most a log-in on a much-attacked name waits.
pub const LOGIN_SLOWDOWN_MAX: Duration = Duration::from_secs(2);

/// An account, as the pages see it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct User {
    /// Its id (never shown).
    #[serde(skip)]
    pub id: String,
    /// The display name.
    pub name: String,
    /// The computer's pace: calm, measured or brisk.
    pub pace: String,
}

/// A browser's session, guest or logged in.
#[derive(Clone, Debug)]
pub struct Session {
    /// SHA-256 of the cookie's token (the key in the database).
    pub token_hash: String,
    /// The CSRF token POSTs must echo.
    pub csrf: String,
    /// The account, if logged in.
    pub user: Option<User>,
}

impl Session {
    /// The account or 401.
    pub fn account(&self) -> ApiResult<&User> {
        self.user
            .as_ref()
            .ok_or_else(|| ApiError::unauthorized("log in first: this needs an account"))
    }

    /// What `GET /api/session` answers.
    pub fn json(&self) -> serde_json::Value {
        json!({ "user": self.user, "csrf": self.csrf })
    }
}

fn cookie_token(headers: &HeaderMap) -> Option<&str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value)
        .filter(|v| v.len() == 64 && v.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// Loads the session of a request's cookie, if valid and unexpired.
pub async fn load_session(state: &AppState, headers: &HeaderMap) -> ApiResult<Option<Session>> {
    let Some(token) = cookie_token(headers) else {
        return Ok(None);
    };
    let token_hash = sha256_hex(token);
    let row = sqlx::query(
        "SELECT s.csrf, s.user_id, u.name, u.pace FROM sessions s LEFT JOIN users u ON u.id = s.user_id \
         WHERE s.token_hash = $1 AND s.expires > $2",
    )
    .bind(&token_hash)
    .bind(state.clock.now())
    .fetch_optional(&state.db.pool)
    .await?;
    Ok(row.map(|row| {
        let user = row.get::<Option<String>, _>("user_id").map(|id| User {
            id,
            name: row.get("name"),
            pace: row.get("pace"),
        });
        Session {
            token_hash,
            csrf: row.get("csrf"),
            user,
        }
    }))
}

/// Makes a new session (for `user`, or a guest) and the `Set-Cookie` value.
pub async fn new_session(state: &AppState, user: Option<User>) -> ApiResult<(Session, HeaderValue)> {
    let token = random_hex(32);
    let session = Session {
        token_hash: sha256_hex(&token),
        csrf: random_hex(16),
        user,
    };
    let now = state.clock.now();
    sqlx::query("INSERT INTO sessions (token_hash, user_id, csrf, created, expires) VALUES ($1, $2, $3, $4, $5)")
        .bind(&session.token_hash)
        .bind(session.user.as_ref().map(|u| u.id.clone()))
        .bind(&session.csrf)
        .bind(now)
        .bind(now + SESSION_SECONDS)
        .execute(&state.db.pool)
        .await?;
    let cookie = format!("{COOKIE}={token}; HttpOnly; SameSite=Strict; Path=/; Max-Age={SESSION_SECONDS}");
    let cookie = HeaderValue::from_str(&cookie).map_err(ApiError::internal)?;
    Ok((session, cookie))
}

/// The request's session, or a new guest one with its cookie.
pub async fn ensure_session(state: &AppState, headers: &HeaderMap) -> ApiResult<(Session, Option<HeaderValue>)> {
    match load_session(state, headers).await? {
        Some(s) => Ok((s, None)),
        None => {
            let (s, cookie) = new_session(state, None).await?;
            Ok((s, Some(cookie)))
        }
    }
}

/// A request's session, if it has a valid one (GET handlers).
pub struct Visitor(pub Option<Session>);

impl FromRequestParts<AppState> for Visitor {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        Ok(Visitor(load_session(state, &parts.headers).await?))
    }
}

/// A state-changing request's session, its CSRF token checked.
pub struct Posting(pub Session);

impl FromRequestParts<AppState> for Posting {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let session = load_session(state, &parts.headers)
            .await?
            .ok_or_else(|| ApiError::forbidden("no session: load a page (or GET /api/session) first"))?;
        let sent = parts
            .headers
            .get(CSRF_HEADER)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        if !constant_eq(sent, &session.csrf) {
            return Err(ApiError::forbidden("missing or wrong CSRF token (header X-CSRF-Token)"));
        }
        Ok(Posting(session))
    }
}

/// The client's address for rate limits: the connection's IP address
/// (`unknown` when the server was not started with connection info). An
/// IPv6 client is counted by its /64 network, which one subscriber usually
/// holds whole; an IPv4-mapped IPv6 address counts as its IPv4 address.
///
/// Behind a reverse proxy every client has the proxy's address.
pub fn client_addr(extensions: &axum::http::Extensions) -> String {
    match extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip()) {
        None => "unknown".to_string(),
        Some(IpAddr::V4(v4)) => v4.to_string(),
        Some(IpAddr::V6(v6)) => match v6.to_ipv4_mapped() {
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

impl<S: Send + Sync> FromRequestParts<S> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(ClientAddr(client_addr(&parts.extensions)))
    }
}

/// Name and password, for register and log-in.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    name: String,
    password: String,
}

/// A display name, trimmed, or why it is refused.
pub fn valid_name(name: &str) -> ApiResult<String> {
    let name = name.trim();
    let count = name.chars().count();
    if count == 0 || count > 24 {
        return Err(ApiError::bad_request("a name has 1 to 24 characters"));
    }
    if !name.chars().all(|c| c.is_alphanumeric() || " _-.".contains(c)) {
        return Err(ApiError::bad_request(
            "a name has letters, digits, spaces, '_', '-' and '.' only",
        ));
    }
    Ok(name.to_string())
}

/// The most common passwords, one a line (compared trimmed, in lower case).
static COMMON_PASSWORDS: LazyLock<HashSet<String>> = LazyLock::new(|| {
    include_str!("../assets/common-passwords.txt")
        .lines()
        .map(|line| line.trim().to_lowercase())
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect()
});

/// Whether `password` is one of the embedded most common passwords.
pub fn is_common_password(password: &str) -> bool {
    COMMON_PASSWORDS.contains(&password.trim().to_lowercase())
}

fn valid_password(password: &str) -> ApiResult<()> {
    let trimmed = password.trim();
    if trimmed.is_empty() {
        return Err(ApiError::bad_request("a password cannot be only spaces"));
    }
    // Spaces around a password add nothing a guesser would not try.
    if trimmed.chars().count() < 8 || password.chars().count() > 128 {
        return Err(ApiError::bad_request("a password has 8 to 128 characters"));
    }
    if is_common_password(password) {
        return Err(ApiError::bad_request(
            "that password is one of the most common ones, which are guessed first: choose another",
        ));
    }
    Ok(())
}

async fn hash_password(password: String) -> ApiResult<String> {
    tokio::task::spawn_blocking(move || {
        let mut salt = [0u8; 16];
        getrandom::getrandom(&mut salt).map_err(ApiError::internal)?;
        let salt = SaltString::encode_b64(&salt).map_err(ApiError::internal)?;
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(ApiError::internal)
    })
    .await
    .map_err(ApiError::internal)?
}

/// A hash of no one's password, verified when the name is unknown so that
/// both failures take the same time.
static DUMMY_HASH: LazyLock<String> = LazyLock::new(|| {
    let salt = SaltString::encode_b64(&[7u8; 16]).expect("16 bytes make a salt");
    Argon2::default()
        .hash_password(b"no one's password", &salt)
        .expect("argon2 hashes with its defaults")
        .to_string()
});

async fn verify_password(password: String, hash: Option<String>) -> ApiResult<bool> {
    tokio::task::spawn_blocking(move || {
        let known = hash.is_some();
        let hash = hash.unwrap_or_else(|| DUMMY_HASH.clone());
        let ok = PasswordHash::new(&hash)
            .map(|parsed| Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok())
            .unwrap_or(false);
        known && ok
    })
    .await
    .map_err(ApiError::internal)
}

fn with_cookie(status: StatusCode, cookie: HeaderValue, body: serde_json::Value) -> Response {
    let mut response = (status, Json(body)).into_response();
    response.headers_mut().insert(header::SET_COOKIE, cookie);
    response
}

/// Counts a log-in attempt against its address and, for a valid name,
/// against the (name, address) pair, or refuses it with 429. Answers the
/// pair's key. Counting comes before the password is checked, so parallel
/// guesses cannot slip past the limit; a right password takes it back.
fn count_attempt(state: &AppState, addr: &str, key: Option<&str>) -> ApiResult<Option<String>> {
    state
        .login_by_addr
        .hit(addr)
        .map_err(|s| ApiError::too_many("log-in attempts from this address", s))?;
    let Some(key) = key else { return Ok(None) };
    let pair = format!("{key}\n{addr}");
    if let Err(s) = state.login_by_pair.hit(&pair) {
        state.login_by_addr.undo(addr);
        return Err(ApiError::too_many("log-in attempts for this name from this address", s));
    }
    Ok(Some(pair))
}

/// Ends a session, carrying its guest's free games over to the new one.
async fn replace_session(state: &AppState, old: &Session, new: &Session) -> ApiResult<()> {
    let mut tx = state.db.pool.begin().await?;
    // A guest's free games follow them into the account; their daily games
    // stay out of it (they never counted and must not look like a restart).
    if old.user.is_none() {
        if let Some(user) = &new.user {
            sqlx::query(
                "UPDATE games SET session_hash = $1, user_id = $2 WHERE session_hash = $3 AND user_id IS NULL AND kind <> 'daily'",
            )
            .bind(&new.token_hash)
            .bind(&user.id)
            .bind(&old.token_hash)
            .execute(&mut *tx)
            .await?;
        }
    }
    sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
        .bind(&old.token_hash)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// `GET /api/session`.
pub async fn get_session(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Response> {
    let (session, cookie) = ensure_session(&state, &headers).await?;
    let mut body = session.json();
    body["today"] = json!(state.clock.today().to_string());
    Ok(match cookie {
        Some(cookie) => with_cookie(StatusCode::OK, cookie, body),
        None => Json(body).into_response(),
    })
}

/// `POST /api/register`.
pub async fn register(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    Posting(old): Posting,
    ApiJson(body): ApiJson<Credentials>,
) -> ApiResult<Response> {
    state
        .login_by_addr
        .hit(&addr)
        .map_err(|s| ApiError::too_many("log-in attempts from this address", s))?;
    let name = valid_name(&body.name)?;
    valid_password(&body.password)?;
    let key = name.to_lowercase();
    let taken = sqlx::query("SELECT id FROM users WHERE name_key = $1")
        .bind(&key)
        .fetch_optional(&state.db.pool)
        .await?;
    if taken.is_some() {
        return Err(ApiError::conflict(format!("the name {name:?} is taken")));
    }
    let hash = hash_password(body.password).await?;
    let user = User {
        id: random_hex(12),
        name,
        pace: "measured".to_string(),
    };
    let inserted = sqlx::query(
        "INSERT INTO users (id, name, name_key, password_hash, pace, created) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&user.id)
    .bind(&user.name)
    .bind(&key)
    .bind(&hash)
    .bind(&user.pace)
    .bind(state.clock.now())
    .execute(&state.db.pool)
    .await;
    if let Err(sqlx::Error::Database(e)) = &inserted {
        if e.is_unique_violation() {
            return Err(ApiError::conflict(format!("the name {:?} is taken", user.name)));
        }
    }
    inserted?;
    let (session, cookie) = new_session(&state, Some(user)).await?;
    replace_session(&state, &old, &session).await?;
    Ok(with_cookie(StatusCode::CREATED, cookie, session.json()))
}

/// `POST /api/login`.
///
/// Failures are limited per address and per (name, address) pair, so that
/// someone guessing a name's password from one address cannot lock its
/// owner out everywhere; over all addresses, a name that many attempts get
/// wrong answers each attempt a little later (bounded), owner's included.
pub async fn login(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    Posting(old): Posting,
    ApiJson(body): ApiJson<Credentials>,
) -> ApiResult<Response> {
    // Only valid names get counters of their own (bounded keys).
    let key = valid_name(&body.name).ok().map(|name| name.to_lowercase());
    let pair = count_attempt(&state, &addr, key.as_deref())?;
    if let Some(key) = &key {
        let delay = state.login_slowdown.delay(key);
        if !delay.is_zero() {
            tokio::time::sleep(delay).await;
        }
    }
    let row = sqlx::query("SELECT id, name, pace, password_hash FROM users WHERE name_key = $1")
        .bind(body.name.trim().to_lowercase())
        .fetch_optional(&state.db.pool)
        .await?;
    let hash = row.as_ref().map(|r| r.get::<String, _>("password_hash"));
    if !verify_password(body.password, hash).await? {
        if let Some(key) = &key {
            state.login_slowdown.failed(key);
        }
        return Err(ApiError::unauthorized("wrong name or password"));
    }
    let row = row.ok_or_else(|| ApiError::internal("a verified password without its account"))?;
    // The right password was no guess: it does not count.
    state.login_by_addr.undo(&addr);
    if let Some(pair) = &pair {
        state.login_by_pair.undo(pair);
    }
    let user = User {
        id: row.get("id"),
        name: row.get("name"),
        pace: row.get("pace"),
    };
    let (session, cookie) = new_session(&state, Some(user)).await?;
    replace_session(&state, &old, &session).await?;
    Ok(with_cookie(StatusCode::OK, cookie, session.json()))
}

/// `POST /api/logout`: the session ends; a fresh guest session replaces it.
pub async fn logout(State(state): State<AppState>, Posting(old): Posting) -> ApiResult<Response> {
    // The new session first: if anything fails, the old cookie still works.
    let (session, cookie) = new_session(&state, None).await?;
    sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
        .bind(&old.token_hash)
        .execute(&state.db.pool)
        .await?;
    Ok(with_cookie(StatusCode::OK, cookie, session.json()))
}

/// Account settings.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AccountChange {
    name: Option<String>,
    pace: Option<String>,
}

/// `POST /api/account`: display name and computer pace.
pub async fn account(
    State(state): State<AppState>,
    Posting(session): Posting,
    ApiJson(body): ApiJson<AccountChange>,
) -> ApiResult<Json<serde_json::Value>> {
    let mut user = session.account()?.clone();
    if let Some(pace) = body.pace {
        if !PACES.contains(&pace.as_str()) {
            return Err(ApiError::bad_request("the pace is calm, measured or brisk"));
        }
        user.pace = pace;
    }
    let mut key = user.name.to_lowercase();
    if let Some(name) = body.name {
        user.name = valid_name(&name)?;
        key = user.name.to_lowercase();
    }
    let updated = sqlx::query("UPDATE users SET name = $1, name_key = $2, pace = $3 WHERE id = $4")
        .bind(&user.name)
        .bind(&key)
        .bind(&user.pace)
        .bind(&user.id)
        .execute(&state.db.pool)
        .await;
    if let Err(sqlx::Error::Database(e)) = &updated {
        if e.is_unique_violation() {
            return Err(ApiError::conflict(format!("the name {:?} is taken", user.name)));
        }
    }
    updated?;
    Ok(Json(json!({ "user": user })))
}

/// Deletes expired sessions every hour.
pub async fn sweep_sessions(state: AppState) {
    loop {
        let _ = sqlx::query("DELETE FROM sessions WHERE expires <= $1")
            .bind(state.clock.now())
            .execute(&state.db.pool)
            .await;
        tokio::time::sleep(Duration::from_secs(3600)).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blank_short_and_common_passwords_are_refused() {
        for bad in [
            "",
            "        ",
            " \t\n  \u{3000}\u{a0}   ",
            "  abc  ",
            "password",
            "PASSWORD1",
            " 12345678 ",
            "Qwerty123",
        ] {
            assert!(valid_password(bad).is_err(), "{bad:?}");
        }
        for good in ["correct horse", "long enough", "a quiet Tuesday"] {
            assert!(valid_password(good).is_ok(), "{good:?}");
        }
        assert!(
            COMMON_PASSWORDS.len() >= 300,
            "{} common passwords",
            COMMON_PASSWORDS.len()
        );
    }
}
