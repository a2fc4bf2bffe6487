//! Accounts and sessions: argon2id passwords, session cookies (HttpOnly,
//! SameSite=Strict, `Secure` behind TLS, stored hashed), a CSRF token per
//! session checked on every POST, and throttled log-ins.
//!
//! A guest session costs the server no row: a cookie-less visitor gets a
//! token signed by the server (with the time it was issued) and a CSRF token
//! derived from it, both checked without the database, and its games are
//! kept under its token's hash. Rows are for what is worth keeping: a
//! logged-in session (from the log-in on), and an ended session that owned
//! games (a tombstone until its token expires, so that the token cannot come
//! back as a guest's and reach them).

use std::time::Duration;

use axum::Json;
use axum::extract::{FromRequestParts, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::Row;

use crate::AppState;
use crate::credentials::{
    Credentials, hash_password, legacy_key, name_key, name_skeleton, valid_name, valid_password, verify_password,
};
use crate::error::{ApiError, ApiJson, ApiResult};
pub use crate::session_key::SessionKey;
use crate::util::{constant_eq, random_hex, sha256_hex};

/// The session cookie's name.
pub const COOKIE: &str = "tabula_session";
/// The header carrying the CSRF token.
pub const CSRF_HEADER: &str = "x-csrf-token";
/// How long a session lives.
pub const SESSION_SECONDS: i64 = 30 * 86_400;
/// The computer paces an account may choose.
pub const PACES: [&str; 4] = ["calm", "measured", "brisk", "instant"];
/// The delay each failed log-in adds to a name beyond its free failures a
/// minute (counted over every address).
pub const LOGIN_SLOWDOWN_STEP: Duration = Duration::from_millis(250);
/// The most a log-in on a much-attacked name waits.
pub const LOGIN_SLOWDOWN_MAX: Duration = Duration::from_secs(2);
/// A name whose log-ins failed more than its free failures (the log-in
/// limit a minute, over every address) is locked this long, doubled per
/// failure after...
pub const LOGIN_LOCK_BASE: Duration = Duration::from_secs(30);
/// ...up to this; a browser that logged in to the account before, and a
/// right password from it, pass the lock.
pub const LOGIN_LOCK_MAX: Duration = Duration::from_secs(3600);

/// An account, as the pages see it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct User {
    /// Its id (never shown).
    #[serde(skip)]
    pub id: String,
    /// The display name.
    pub name: String,
    /// The computer's pace: calm, measured, brisk or instant.
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

// ------------------------------------------------------------------ sessions

fn cookie_token(headers: &HeaderMap) -> Option<&str> {
    crate::util::cookies(headers, COOKIE).find(|v| v.len() == 64 && v.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// What a request's cookie names.
enum Found {
    /// A session with a live row.
    Stored(Session),
    /// A signed, unexpired token without a row: a guest. `issued` is when
    /// its token was made.
    Guest { session: Session, issued: i64 },
    /// A row that expired or was ended (logged out, or replaced by a log-in).
    Ended,
    /// No cookie, or one this server did not issue.
    Absent,
}

async fn find(state: &AppState, headers: &HeaderMap) -> ApiResult<Found> {
    let Some(token) = cookie_token(headers) else {
        return Ok(Found::Absent);
    };
    let token_hash = sha256_hex(token);
    let now = state.clock.now();
    let row = sqlx::query(
        "SELECT s.csrf, s.user_id, s.expires, s.ended, u.name, u.pace FROM sessions s \
         LEFT JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1",
    )
    .bind(&token_hash)
    .fetch_optional(&state.db.pool)
    .await?;
    Ok(match row {
        Some(row) if row.get::<i64, _>("expires") > now && row.get::<i64, _>("ended") == 0 => {
            let user = row.get::<Option<String>, _>("user_id").map(|id| User {
                id,
                name: row.get("name"),
                pace: row.get("pace"),
            });
            Found::Stored(Session {
                token_hash,
                csrf: row.get("csrf"),
                user,
            })
        }
        Some(_) => Found::Ended,
        None => match state.session_key.issued(token) {
            Some(issued) if issued + SESSION_SECONDS > now => Found::Guest {
                session: Session {
                    csrf: state.session_key.csrf(&token_hash),
                    token_hash,
                    user: None,
                },
                issued,
            },
            _ => Found::Absent,
        },
    })
}

/// Loads the session of a request's cookie, if valid and unexpired (a
/// guest's, which has no row, included). Writes nothing.
pub async fn load_session(state: &AppState, headers: &HeaderMap) -> ApiResult<Option<Session>> {
    Ok(match find(state, headers).await? {
        Found::Stored(session) | Found::Guest { session, .. } => Some(session),
        Found::Ended | Found::Absent => None,
    })
}

fn session_cookie(state: &AppState, token: &str) -> ApiResult<HeaderValue> {
    let secure = if state.secure_cookies { "; Secure" } else { "" };
    let cookie = format!("{COOKIE}={token}; HttpOnly; SameSite=Strict; Path=/; Max-Age={SESSION_SECONDS}{secure}");
    HeaderValue::from_str(&cookie).map_err(ApiError::internal)
}

/// Makes a new session and its `Set-Cookie` value: for `user`, its row
/// written now; for a guest, no row.
pub async fn new_session(state: &AppState, user: Option<User>) -> ApiResult<(Session, HeaderValue)> {
    let now = state.clock.now();
    let token = state.session_key.issue(now);
    let token_hash = sha256_hex(&token);
    let session = Session {
        csrf: state.session_key.csrf(&token_hash),
        token_hash,
        user,
    };
    if let Some(user) = &session.user {
        sqlx::query("INSERT INTO sessions (token_hash, user_id, csrf, created, expires) VALUES ($1, $2, $3, $4, $5)")
            .bind(&session.token_hash)
            .bind(&user.id)
            .bind(&session.csrf)
            .bind(now)
            .bind(now + SESSION_SECONDS)
            .execute(&state.db.pool)
            .await?;
    }
    Ok((session, session_cookie(state, &token)?))
}

/// The request's session, or a new guest one with its cookie (no row).
pub async fn ensure_session(state: &AppState, headers: &HeaderMap) -> ApiResult<(Session, Option<HeaderValue>)> {
    match find(state, headers).await? {
        Found::Stored(session) | Found::Guest { session, .. } => Ok((session, None)),
        Found::Ended | Found::Absent => {
            let (session, cookie) = new_session(state, None).await?;
            Ok((session, Some(cookie)))
        }
    }
}

/// The request's session with its CSRF token checked, and, for a guest
/// (no row), when its token was issued.
async fn checked(state: &AppState, headers: &HeaderMap) -> ApiResult<(Session, Option<i64>)> {
    let (session, issued) = match find(state, headers).await? {
        Found::Stored(session) => (session, None),
        Found::Guest { session, issued } => (session, Some(issued)),
        Found::Ended => {
            return Err(ApiError::forbidden(
                "this session has ended: load a page (or GET /api/session) for a new one",
            ));
        }
        Found::Absent => {
            return Err(ApiError::forbidden(
                "no session: load a page (or GET /api/session) first",
            ));
        }
    };
    let sent = headers.get(CSRF_HEADER).and_then(|v| v.to_str().ok()).unwrap_or("");
    if !constant_eq(sent, &session.csrf) {
        return Err(ApiError::forbidden("missing or wrong CSRF token (header X-CSRF-Token)"));
    }
    Ok((session, issued))
}

/// A request's session, if it has a valid one (GET handlers).
pub struct Visitor(pub Option<Session>);

impl FromRequestParts<AppState> for Visitor {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        Ok(Visitor(load_session(state, &parts.headers).await?))
    }
}

/// A state-changing request's session, its CSRF token checked. It writes
/// nothing: a guest's games are kept under its `token_hash` without a row.
pub struct Posting(pub Session);

impl FromRequestParts<AppState> for Posting {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        Ok(Posting(checked(state, &parts.headers).await?.0))
    }
}

/// The session that log-in, register and log-out end, its CSRF token
/// checked, with its token's issue time when it is a guest's (no row).
pub struct Replacing(Session, Option<i64>);

impl FromRequestParts<AppState> for Replacing {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let (session, issued) = checked(state, &parts.headers).await?;
        Ok(Replacing(session, issued))
    }
}

fn with_cookie(status: StatusCode, cookie: HeaderValue, body: serde_json::Value) -> Response {
    let mut response = (status, Json(body)).into_response();
    response.headers_mut().insert(header::SET_COOKIE, cookie);
    response
}

fn name_taken() -> ApiError {
    // The name is not repeated: errors never echo what was sent.
    ApiError::conflict("that name is taken, or looks too much like one that is: choose another")
}

fn is_unique_violation<T>(result: &Result<T, sqlx::Error>) -> bool {
    matches!(result, Err(sqlx::Error::Database(e)) if e.is_unique_violation())
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

/// The account of a name: by the key it had before migration 0002 if an
/// account still has that one (its key could not be updated for a clash,
/// and the name as typed is the closer match), else by its key.
async fn find_account(state: &AppState, name: &str) -> ApiResult<Option<sqlx::any::AnyRow>> {
    let query = "SELECT id, name, pace, password_hash FROM users WHERE name_key = $1";
    let (key, legacy) = (name_key(name), legacy_key(name));
    if legacy != key {
        let row = sqlx::query(query).bind(legacy).fetch_optional(&state.db.pool).await?;
        if row.is_some() {
            return Ok(row);
        }
    }
    Ok(sqlx::query(query).bind(key).fetch_optional(&state.db.pool).await?)
}

/// Ends a session (`issued`: its token's issue time, for a guest's),
/// carrying its guest's free games over to the new one.
async fn replace_session(state: &AppState, old: &Session, issued: Option<i64>, new: &Session) -> ApiResult<()> {
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
            crate::attempts::on_guest_login(&mut tx, &old.token_hash, &user.id, state.clock.today()).await?;
        }
    }
    end_session(state, &mut tx, old, issued).await?;
    tx.commit().await?;
    Ok(())
}

/// Ends a session: a stored one's row is marked ended; a guest's (no row,
/// `issued` its token's issue time) gets an ended row only if it owns games,
/// the only thing its token could reach. Either row stays until the token
/// expires.
async fn end_session(
    state: &AppState,
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    session: &Session,
    issued: Option<i64>,
) -> ApiResult<()> {
    let Some(issued) = issued else {
        sqlx::query("UPDATE sessions SET ended = 1 WHERE token_hash = $1")
            .bind(&session.token_hash)
            .execute(&mut **tx)
            .await?;
        return Ok(());
    };
    let owns = sqlx::query("SELECT 1 FROM games WHERE session_hash = $1 LIMIT 1")
        .bind(&session.token_hash)
        .fetch_optional(&mut **tx)
        .await?;
    if owns.is_some() {
        sqlx::query(
            "INSERT INTO sessions (token_hash, user_id, csrf, created, expires, ended) VALUES ($1, NULL, $2, $3, $4, 1) \
             ON CONFLICT (token_hash) DO UPDATE SET ended = 1",
        )
        .bind(&session.token_hash)
        .bind(&session.csrf)
        .bind(state.clock.now())
        .bind(issued + SESSION_SECONDS)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

pub use crate::util::{ClientAddr, client_addr};

// ------------------------------------------------------------------ handlers

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
    headers: HeaderMap,
    Replacing(old, issued): Replacing,
    ApiJson(body): ApiJson<Credentials>,
) -> ApiResult<Response> {
    state
        .login_by_addr
        .hit(&addr)
        .map_err(|s| ApiError::too_many("log-in attempts from this address", s))?;
    let name = valid_name(&body.name)?;
    valid_password(&body.password)?;
    let (key, skeleton) = (name_key(&name), name_skeleton(&name));
    // Early, before the costly hash; the unique indexes decide races.
    let taken = sqlx::query("SELECT id FROM users WHERE name_key = $1 OR name_key = $2 OR name_skeleton = $3")
        .bind(&key)
        .bind(legacy_key(&name))
        .bind(&skeleton)
        .fetch_optional(&state.db.pool)
        .await?;
    if taken.is_some() {
        return Err(name_taken());
    }
    let hash = hash_password(body.password).await?;
    let user = User {
        id: random_hex(12),
        name,
        pace: "measured".to_string(),
    };
    let inserted = sqlx::query(
        "INSERT INTO users (id, name, name_key, name_skeleton, password_hash, pace, created) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(&user.id)
    .bind(&user.name)
    .bind(&key)
    .bind(&skeleton)
    .bind(&hash)
    .bind(&user.pace)
    .bind(state.clock.now())
    .execute(&state.db.pool)
    .await;
    if is_unique_violation(&inserted) {
        return Err(name_taken());
    }
    inserted?;
    let device = crate::device::cookie(&state, &headers, &user.id)?;
    let (session, cookie) = new_session(&state, Some(user)).await?;
    replace_session(&state, &old, issued, &session).await?;
    let mut response = with_cookie(StatusCode::CREATED, cookie, session.json());
    response.headers_mut().append(header::SET_COOKIE, device);
    Ok(response)
}

/// `POST /api/login`.
///
/// Failures are limited per address and per (name, address) pair, so that
/// someone guessing a name's password from one address cannot lock its
/// owner out everywhere; over all addresses, a name that many attempts get
/// wrong answers each attempt a little later (bounded), owner's included,
/// and past the free failures a minute it is locked, for longer at each
/// failure (see [`LOGIN_LOCK_BASE`]), except from a browser that logged in
/// to the account before (the device cookie a log-in or registration
/// sets).
pub async fn login(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    headers: HeaderMap,
    Replacing(old, issued): Replacing,
    ApiJson(body): ApiJson<Credentials>,
) -> ApiResult<Response> {
    // Only valid names get counters of their own (bounded keys).
    let key = valid_name(&body.name).ok().map(|name| name_key(&name));
    let pair = count_attempt(&state, &addr, key.as_deref())?;
    if let Some(key) = &key {
        let delay = state.login_slowdown.delay(key);
        if !delay.is_zero() {
            tokio::time::sleep(delay).await;
        }
    }
    let row = match &key {
        Some(_) => find_account(&state, &body.name).await?,
        None => None,
    };
    // A name locked by failures from everywhere is not tried, unless this
    // browser logged in to the account before (its owner's): the lock
    // caps guesses spread over many addresses, and never shuts the owner
    // out. Unknown names lock alike, so the lock tells nothing.
    let known = row
        .as_ref()
        .is_some_and(|r| crate::device::known(&state, &headers, &r.get::<String, _>("id")));
    if let (Some(key), false) = (&key, known) {
        if let Some(wait) = state.login_backoff.locked(key) {
            return Err(ApiError::too_many(
                "failed log-ins for this name (a browser that logged in to it before may still log in)",
                wait,
            ));
        }
    }
    let hash = row.as_ref().map(|r| r.get::<String, _>("password_hash"));
    if !verify_password(body.password, hash).await? {
        if let Some(key) = &key {
            state.login_slowdown.failed(key);
            state.login_backoff.failed(key);
        }
        return Err(ApiError::unauthorized("wrong name or password"));
    }
    let row = row.ok_or_else(|| ApiError::internal("a verified password without its account"))?;
    // The right password was no guess: it does not count.
    state.login_by_addr.undo(&addr);
    if let Some(pair) = &pair {
        state.login_by_pair.undo(pair);
    }
    if let Some(key) = &key {
        state.login_backoff.clear(key);
    }
    let device = crate::device::cookie(&state, &headers, &row.get::<String, _>("id"))?;
    let user = User {
        id: row.get("id"),
        name: row.get("name"),
        pace: row.get("pace"),
    };
    let (session, cookie) = new_session(&state, Some(user)).await?;
    replace_session(&state, &old, issued, &session).await?;
    let mut response = with_cookie(StatusCode::OK, cookie, session.json());
    response.headers_mut().append(header::SET_COOKIE, device);
    Ok(response)
}

/// `POST /api/logout`: the session ends; a fresh guest session replaces it.
pub async fn logout(State(state): State<AppState>, Replacing(old, issued): Replacing) -> ApiResult<Response> {
    let (session, cookie) = new_session(&state, None).await?;
    let mut tx = state.db.pool.begin().await?;
    end_session(&state, &mut tx, &old, issued).await?;
    tx.commit().await?;
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
            return Err(ApiError::bad_request("the pace is calm, measured, brisk or instant"));
        }
        user.pace = pace;
    }
    let updated = match body.name {
        // The keys change only with the name: an account whose old key
        // could not be updated keeps it until it renames.
        Some(name) => {
            user.name = valid_name(&name)?;
            sqlx::query("UPDATE users SET name = $1, name_key = $2, name_skeleton = $3, pace = $4 WHERE id = $5")
                .bind(&user.name)
                .bind(name_key(&user.name))
                .bind(name_skeleton(&user.name))
                .bind(&user.pace)
                .bind(&user.id)
                .execute(&state.db.pool)
                .await
        }
        None => {
            sqlx::query("UPDATE users SET pace = $1 WHERE id = $2")
                .bind(&user.pace)
                .bind(&user.id)
                .execute(&state.db.pool)
                .await
        }
    };
    if is_unique_violation(&updated) {
        return Err(name_taken());
    }
    updated?;
    Ok(Json(json!({ "user": user })))
}

/// Deletes expired sessions every hour (ended ones included: a row expires
/// with its token, so no token outlives its tombstone).
pub async fn sweep_sessions(state: AppState) {
    loop {
        let _ = sqlx::query("DELETE FROM sessions WHERE expires <= $1")
            .bind(state.clock.now())
            .execute(&state.db.pool)
            .await;
        tokio::time::sleep(Duration::from_secs(3600)).await;
    }
}
