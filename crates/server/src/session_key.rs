//! The server's session key: it signs a guest's token (with the time it
//! was issued) and derives each session's CSRF token, so that a guest costs
//! no database row. The key is kept in the database, so every instance on
//! one database, and a restarted one, accepts the tokens.

use hmac::{Hmac, Mac};
use sha2::Sha256;
use sqlx::Row;

use crate::Db;
use crate::util::{hex, random_hex};

/// The server's secret for signing session tokens and deriving CSRF tokens.
/// It lives in the database, so that every instance on one database (and a
/// restarted one) accepts the tokens of the others.
#[derive(Clone)]
pub struct SessionKey(Vec<u8>);

impl std::fmt::Debug for SessionKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SessionKey(..)")
    }
}

/// Hex digits of a signed token: 16 random bytes, the issue time (8 bytes)
/// and the first 8 bytes of its MAC; 64 in all, like the older random tokens.
const TOKEN_BODY: usize = 48;

impl SessionKey {
    /// The database's key, made by the first instance that needs it.
    ///
    /// # Errors
    /// If the database cannot be read or written.
    pub async fn load(db: &Db) -> Result<SessionKey, sqlx::Error> {
        // Two instances starting at once both try; the first insert wins
        // and both read it back.
        sqlx::query("INSERT INTO secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING")
            .bind("session")
            .bind(random_hex(32))
            .execute(&db.pool)
            .await?;
        let value: String = sqlx::query("SELECT value FROM secrets WHERE name = $1")
            .bind("session")
            .fetch_one(&db.pool)
            .await?
            .get("value");
        Ok(SessionKey(value.into_bytes()))
    }

    /// A key of the given bytes (tests and tools; the server loads its own).
    pub fn from_bytes(bytes: &[u8]) -> SessionKey {
        SessionKey(bytes.to_vec())
    }

    fn mac(&self, purpose: &str, data: &str) -> Hmac<Sha256> {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.0).expect("HMAC takes keys of any length");
        // The purpose keeps a token's signature from serving as a CSRF token.
        mac.update(purpose.as_bytes());
        mac.update(&[0]);
        mac.update(data.as_bytes());
        mac
    }

    /// A new token issued at `now` (Unix seconds).
    pub fn issue(&self, now: i64) -> String {
        let body = format!("{}{:016x}", random_hex(16), now.max(0));
        let tag = self.mac("session", &body).finalize().into_bytes();
        format!("{body}{}", hex(&tag[..8]))
    }

    /// When a token was issued, if this key signed it.
    pub fn issued(&self, token: &str) -> Option<i64> {
        if token.len() != TOKEN_BODY + 16 || !token.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
            return None;
        }
        let (body, tag) = token.split_at(TOKEN_BODY);
        let tag = u64::from_str_radix(tag, 16).ok()?.to_be_bytes();
        self.mac("session", body).verify_truncated_left(&tag).ok()?;
        i64::try_from(u64::from_str_radix(&body[32..], 16).ok()?).ok()
    }

    /// The device mark of an account: set in a browser that logged in to
    /// it, so that the account's log-in lock never shuts its owner out.
    pub fn device(&self, user_id: &str) -> String {
        hex(&self.mac("device", user_id).finalize().into_bytes()[..16])
    }

    /// A ticket for a game played in the browser: the seed the server
    /// chose for it and the time it was issued (Unix seconds), signed.
    pub fn local_ticket(&self, seed: u64, now: i64) -> String {
        let body = format!("{seed:016x}{:016x}", now.max(0));
        let tag = self.mac("local", &body).finalize().into_bytes();
        format!("{body}{}", hex(&tag[..8]))
    }

    /// The seed and issue time of a ticket this key signed.
    pub fn local_seed(&self, ticket: &str) -> Option<(u64, i64)> {
        if ticket.len() != 48 || !ticket.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
            return None;
        }
        let (body, tag) = ticket.split_at(32);
        let tag = u64::from_str_radix(tag, 16).ok()?.to_be_bytes();
        self.mac("local", body).verify_truncated_left(&tag).ok()?;
        let seed = u64::from_str_radix(&body[..16], 16).ok()?;
        Some((seed, i64::try_from(u64::from_str_radix(&body[16..], 16).ok()?).ok()?))
    }

    /// The CSRF token of the session whose token hashes to `token_hash`.
    pub fn csrf(&self, token_hash: &str) -> String {
        hex(&self.mac("csrf", token_hash).finalize().into_bytes()[..16])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signed_tokens_carry_their_issue_time_and_cannot_be_forged() {
        let key = SessionKey::from_bytes(b"test key");
        let token = key.issue(1_700_000_000);
        assert_eq!(token.len(), 64);
        assert_eq!(key.issued(&token), Some(1_700_000_000));
        assert_eq!(SessionKey::from_bytes(b"other key").issued(&token), None);
        let mut forged = token.clone();
        forged.replace_range(40..48, "ffffffff");
        assert_eq!(key.issued(&forged), None, "a changed issue time breaks the signature");
        assert_eq!(key.issued(&token.to_uppercase()), None);
        assert_eq!(key.issued(&"0".repeat(64)), None);
        assert_eq!(key.issued("short"), None);
        assert_ne!(key.csrf("a"), key.csrf("b"));
        assert_eq!(key.csrf("a").len(), 32);
        let ticket = key.local_ticket(u64::MAX, 1_700_000_000);
        assert_eq!(key.local_seed(&ticket), Some((u64::MAX, 1_700_000_000)));
        assert_eq!(SessionKey::from_bytes(b"other key").local_seed(&ticket), None);
        let mut changed = ticket.clone();
        changed.replace_range(0..1, if ticket.starts_with('0') { "1" } else { "0" });
        assert_eq!(key.local_seed(&changed), None, "a changed seed breaks the signature");
        assert_eq!(key.local_seed(&token), None, "a session token is no ticket");
    }
}
