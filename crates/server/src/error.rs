//! API errors: a status and one clear sentence, answered as `{"error": …}`.

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// An error answered to the client. Everything that fails before a change
/// is committed answers one of these, so an error changes nothing.
#[derive(Debug, thiserror::Error)]
#[error("{status}: {message}")]
pub struct ApiError {
    /// The HTTP status (4xx for the client's errors).
    pub status: StatusCode,
    /// What went wrong, for a person.
    pub message: String,
    /// Seconds to wait (429 only).
    pub retry_after: Option<u64>,
}

impl ApiError {
    /// An error with a status and a message.
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError {
            status,
            message: message.into(),
            retry_after: None,
        }
    }

    /// 400: the request is malformed.
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }

    /// 401: an account is needed, or the credentials are wrong.
    pub fn unauthorized(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, message)
    }

    /// 403: no session or a wrong CSRF token.
    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, message)
    }

    /// 404: no such thing (or not this session's).
    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, message)
    }

    /// 409: the request conflicts with the current state.
    pub fn conflict(message: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, message)
    }

    /// 422: a well-formed move the rules forbid.
    pub fn unprocessable(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    /// 429: too many requests; try again after `seconds`.
    pub fn too_many(what: &str, seconds: u64) -> Self {
        ApiError {
            status: StatusCode::TOO_MANY_REQUESTS,
            message: format!("too many {what}: try again in {seconds} s"),
            retry_after: Some(seconds),
        }
    }

    /// 503: the server cannot serve this now.
    pub fn unavailable(message: impl Into<String>) -> Self {
        Self::new(StatusCode::SERVICE_UNAVAILABLE, message)
    }

    /// 500, with the detail logged rather than shown.
    pub fn internal(detail: impl std::fmt::Display) -> Self {
        tracing::error!("internal error: {detail}");
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, "internal error")
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> Self {
        tracing::error!("database error: {e}");
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "the database is unavailable")
    }
}

impl From<JsonRejection> for ApiError {
    fn from(r: JsonRejection) -> Self {
        let status = match r.status() {
            StatusCode::UNSUPPORTED_MEDIA_TYPE => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError::new(status, r.body_text())
    }
}

/// The longest error message answered: a message that quotes the request
/// (an action, a name) quotes a short prefix of it at most, so a
/// megabyte-long input never comes back.
pub const MAX_MESSAGE_CHARS: usize = 200;

/// `message` cut to [`MAX_MESSAGE_CHARS`] characters.
pub fn short_message(message: &str) -> String {
    match message.char_indices().nth(MAX_MESSAGE_CHARS) {
        Some((cut, _)) => format!("{}…", &message[..cut]),
        None => message.to_string(),
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": short_message(&self.message) });
        let mut response = (self.status, Json(body)).into_response();
        if let Some(s) = self.retry_after {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(s));
        }
        response
    }
}

/// A handler's result.
pub type ApiResult<T> = Result<T, ApiError>;

/// A JSON body whose rejection is an [`ApiError`] (JSON, not text).
pub struct ApiJson<T>(pub T);

impl<S: Send + Sync, T: serde::de::DeserializeOwned> axum::extract::FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Self, Self::Rejection> {
        Ok(ApiJson(Json::<T>::from_request(req, state).await?.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_messages_are_cut_on_a_character_boundary() {
        assert_eq!(short_message("short"), "short");
        let long = "é".repeat(10_000);
        let cut = short_message(&long);
        assert_eq!(cut.chars().count(), MAX_MESSAGE_CHARS + 1);
        assert!(cut.ends_with('…'));
    }
}
