//! API errors: a status and one clear sentence, answered as `{"error": …}`.

use axum::Json;
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

/// A JSON body whose rejection is an [`ApiError`] (JSON, not text). It is
/// stricter than JSON itself: an object that names a key twice is refused
/// (parsers disagree on which one counts, so a check and a use could read
/// two different requests), and an error never quotes the body's values
/// (a password sent as a number is not repeated back).
pub struct ApiJson<T>(pub T);

impl<S: Send + Sync, T: serde::de::DeserializeOwned> axum::extract::FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Self, Self::Rejection> {
        let json_type = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .map(|v| v.trim().to_ascii_lowercase())
            .is_some_and(|v| v == "application/json" || (v.starts_with("application/") && v.ends_with("+json")));
        if !json_type {
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "expected a request with `Content-Type: application/json`",
            ));
        }
        let bytes = axum::body::Bytes::from_request(req, state)
            .await
            .map_err(|r| ApiError::new(r.status(), r.body_text()))?;
        let bad =
            |e: serde_json::Error| ApiError::bad_request(format!("invalid JSON body: {}", unquoted(&e.to_string())));
        let mut check = serde_json::Deserializer::from_slice(&bytes);
        serde::de::Deserializer::deserialize_any(&mut check, UniqueKeys).map_err(bad)?;
        serde_json::from_slice(&bytes).map(ApiJson).map_err(bad)
    }
}

/// A serde error message with what it quotes of the input left out: the
/// value after "invalid type: integer", "invalid value: string", "unknown
/// field" or "unknown variant" (in backticks, or a string in double quotes)
/// is the sender's; the names of the fields expected, quoted after it, stay.
fn unquoted(message: &str) -> String {
    const QUOTING: [&str; 4] = [
        "invalid type: ",
        "invalid value: ",
        "unknown field ",
        "unknown variant ",
    ];
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some((at, len)) = QUOTING.iter().filter_map(|q| rest.find(q).map(|i| (i, q.len()))).min() {
        out.push_str(&rest[..at + len]);
        rest = &rest[at + len..];
        // A kind may come before the value, in one word or more
        // ("integer", "floating point"); it holds no quote and no comma,
        // and what follows the comma (", expected …") is ours.
        let kind_end = rest.find(',').unwrap_or(rest.len());
        let Some(open) = rest[..kind_end].find(['`', '"']) else {
            continue;
        };
        let quote = rest.as_bytes()[open];
        let mut end = None;
        let mut escaped = false;
        for (i, c) in rest[open + 1..].char_indices() {
            match c {
                '\\' if quote == b'"' && !escaped => escaped = true,
                c if c as u32 == u32::from(quote) && !escaped => {
                    end = Some(open + 1 + i + 1);
                    break;
                }
                _ => escaped = false,
            }
        }
        let Some(end) = end else { continue };
        out.push_str(&rest[..open]);
        out.truncate(out.trim_end().len());
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// Walks a JSON document and fails on an object that names a key twice.
struct UniqueKeys;

impl<'de> serde::de::DeserializeSeed<'de> for UniqueKeys {
    type Value = ();

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> serde::de::Visitor<'de> for UniqueKeys {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("JSON")
    }
    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element_seed(UniqueKeys)?.is_some() {}
        Ok(())
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut keys = std::collections::BTreeSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if !keys.insert(key) {
                return Err(serde::de::Error::custom("an object names a key twice"));
            }
            map.next_value_seed(UniqueKeys)?;
        }
        Ok(())
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

    #[test]
    fn a_json_error_quotes_no_value_of_the_body() {
        #[derive(Debug, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)]
        struct Credentials {
            name: String,
            password: u8,
        }
        for (body, secret) in [
            (r#"{"name":12345678,"password":1}"#, "12345678"),
            (r#"{"name":"ann","password":"hunter2, secret"}"#, "hunter2"),
            (r#"{"name":"ann","password":"a \"b` c"}"#, "b` c"),
            (r#"{"nmae":"ann"}"#, "nmae"),
            (r#"{"name":"ann","password":300}"#, "300"),
            (r#"{"name":"ann","password":1.25}"#, "1.25"),
            (r#"{"name":"ann","password":-7}"#, "-7"),
        ] {
            let e = serde_json::from_str::<Credentials>(body).unwrap_err().to_string();
            let shown = unquoted(&e);
            assert!(!shown.contains(secret), "{shown} quotes {secret}");
            assert!(shown.contains("line 1"), "{shown}");
        }
        assert_eq!(
            unquoted("invalid type: integer `12345678`, expected a string at line 1 column 30"),
            "invalid type: integer, expected a string at line 1 column 30"
        );
        assert_eq!(
            unquoted("invalid type: floating point `1.5`, expected u64 at line 1 column 13"),
            "invalid type: floating point, expected u64 at line 1 column 13"
        );
        assert_eq!(
            unquoted("unknown field `x`, expected one of `name`, `password` at line 1 column 5"),
            "unknown field, expected one of `name`, `password` at line 1 column 5"
        );
    }
}
