//! The device mark: a signed cookie a browser gets when it logs in to an
//! account (or registers it), so that the account's log-in lock (see
//! [`crate::auth::login`]) never shuts its owner out.

use axum::http::{HeaderMap, HeaderValue};

use crate::AppState;
use crate::error::{ApiError, ApiResult};
use crate::util::cookies;

/// The cookie that marks a browser an account logged in from.
pub const DEVICE_COOKIE: &str = "tabula_device";

/// Whether the browser carries the device mark of account `user_id`.
pub fn known(state: &AppState, headers: &HeaderMap, user_id: &str) -> bool {
    let mark = state.session_key.device(user_id);
    cookies(headers, DEVICE_COOKIE).any(|v| v.split('.').any(|m| crate::util::constant_eq(m, &mark)))
}

/// The device cookie after a log-in to `user_id`: its mark added to the
/// marks the browser had (a few accounts a browser at most).
pub fn cookie(state: &AppState, headers: &HeaderMap, user_id: &str) -> ApiResult<HeaderValue> {
    let mark = state.session_key.device(user_id);
    let mut marks: Vec<&str> = cookies(headers, DEVICE_COOKIE)
        .flat_map(|v| v.split('.'))
        .filter(|m| m.len() == 32 && m.bytes().all(|b| b.is_ascii_hexdigit()) && *m != mark)
        .take(4)
        .collect();
    marks.push(&mark);
    let secure = if state.secure_cookies { "; Secure" } else { "" };
    let cookie = format!(
        "{DEVICE_COOKIE}={}; HttpOnly; SameSite=Strict; Path=/api/login; Max-Age={}{secure}",
        marks.join("."),
        365 * 86_400
    );
    HeaderValue::from_str(&cookie).map_err(ApiError::internal)
}
