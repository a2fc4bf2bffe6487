//! Names and passwords: a name's uniqueness key (NFKC, case-folded) and its
//! confusable skeleton, the password rules (no blank or common password),
//! and argon2id hashing on the blocking pool.

use std::collections::HashSet;
use std::sync::LazyLock;

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use serde::Deserialize;
use unicode_normalization::UnicodeNormalization;

use crate::error::{ApiError, ApiResult};

/// Name and password, for register and log-in.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    /// The display name as typed.
    pub(crate) name: String,
    /// The password as typed.
    pub(crate) password: String,
}

/// A display name, trimmed with its runs of spaces made one, or why it is
/// refused.
pub fn valid_name(name: &str) -> ApiResult<String> {
    let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
    let count = name.chars().count();
    if count == 0 || count > 24 {
        return Err(ApiError::bad_request("a name has 1 to 24 characters"));
    }
    if !name.chars().all(|c| c.is_alphanumeric() || " _-.".contains(c)) {
        return Err(ApiError::bad_request(
            "a name has letters, digits, spaces, '_', '-' and '.' only",
        ));
    }
    Ok(name)
}

/// Unicode's compatibility forms folded away and the case folded: the key
/// that makes names unique (`ADMIN`, `admin` and full-width `ａｄｍｉｎ` share
/// one).
pub fn name_key(name: &str) -> String {
    // Runs of spaces count as one (NFKC first turns no-break and wide
    // spaces into plain ones). Upper then lower case folds more than lower
    // case alone (`ß` and `ss`, final and medial sigma); NFKC again since
    // case mappings may undo it.
    let nfkc: String = name.nfkc().collect();
    let nfkc = nfkc.split_whitespace().collect::<Vec<_>>().join(" ");
    nfkc.to_uppercase().to_lowercase().nfkc().collect()
}

/// What a name looks like: the confusable skeleton (Unicode TS #39, which
/// maps Cyrillic, Greek and Cherokee look-alikes to Latin letters, `0` to
/// `O`, `1` and `I` to `l`, `m` to `rn`) of its NFKC form, then folded to
/// lower case (with `i` made `l` too) and skeletonised again. Two names
/// with one skeleton are too alike to be two people's.
///
/// The skeleton comes before the case is folded: folding first turns a
/// Cherokee capital (`Ꭺ`, which looks like `A`) into a small Cherokee letter
/// that looks like nothing Latin, so `ᎪᎠMIN` would pass beside `admin`.
pub fn name_skeleton(name: &str) -> String {
    let nfkc: String = name.nfkc().collect();
    let nfkc = nfkc.split_whitespace().collect::<Vec<_>>().join(" ");
    let skeleton: String = unicode_security::skeleton(&nfkc).collect();
    // Prototypes come in both cases (`0` becomes `O`): fold, and since a
    // capital `I` looks like `l`, make `i` and `l` one (`admIn`, `admln`).
    let folded: String = skeleton
        .to_uppercase()
        .to_lowercase()
        .nfkc()
        .map(|c| if c == 'i' { 'l' } else { c })
        .collect();
    unicode_security::skeleton(&folded).collect()
}

/// The key names had before migration 0002: lower case only.
pub(crate) fn legacy_key(name: &str) -> String {
    name.trim().to_lowercase()
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

pub(crate) fn valid_password(password: &str) -> ApiResult<()> {
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

pub(crate) async fn hash_password(password: String) -> ApiResult<String> {
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

pub(crate) async fn verify_password(password: String, hash: Option<String>) -> ApiResult<bool> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn look_alike_names_share_a_skeleton() {
        let admin = name_skeleton("admin");
        for alike in [
            "аdmin",
            "ａｄｍｉｎ",
            "ADMIN",
            "Admin",
            "ΑDMIN",
            "admln",
            "admIn",
            "adm1n",
            "αdmin",
            "ａdmіn",
        ] {
            assert_eq!(name_skeleton(alike), admin, "{alike}");
        }
        assert_eq!(name_key("ａｄｍｉｎ"), "admin");
        assert_eq!(name_key("ADMIN"), "admin");
        assert_eq!(name_key("Straße"), name_key("STRASSE"));
        assert_ne!(name_key("аdmin"), "admin", "a Cyrillic letter is another key");
        assert_eq!(name_skeleton("b0b"), name_skeleton("bob"));
        assert_eq!(name_skeleton("ann1"), name_skeleton("annl"));
        assert_ne!(name_skeleton("ann"), name_skeleton("anne"));
        // Cherokee capitals look like Latin ones in either case.
        assert_eq!(name_skeleton("ᎪᎠMIN"), admin);
        assert_eq!(name_skeleton("JOᎻN"), name_skeleton("JOHN"));
        assert_eq!(name_skeleton("JOᎻN"), name_skeleton("john"));
    }

    /// Every character whose NFKC form the confusables table gives a single
    /// Latin letter as its prototype, in every script: a name made of it in
    /// place of that letter, in either case, shares the Latin name's
    /// skeleton.
    #[test]
    fn every_look_alike_of_a_latin_letter_is_caught_in_either_case() {
        let mut checked = 0;
        for code in 0x80..=0x1_FFFFu32 {
            let Some(c) = char::from_u32(code) else { continue };
            // The prototype of its NFKC form (`ſ` is `s` by then).
            let nfkc: String = c.to_string().nfkc().collect();
            let prototype: String = unicode_security::skeleton(&nfkc).collect();
            let mut chars = prototype.chars();
            let (Some(latin), None) = (chars.next(), chars.next()) else {
                continue;
            };
            if !latin.is_ascii_alphabetic() || !c.is_alphabetic() {
                continue;
            }
            for (look_alike, real) in [
                (format!("x{c}y"), format!("x{latin}y")),
                (format!("X{c}Y"), format!("X{latin}Y").to_lowercase()),
            ] {
                assert_eq!(
                    name_skeleton(&look_alike),
                    name_skeleton(&real),
                    "U+{code:04X} {c} looks like {latin}"
                );
            }
            checked += 1;
        }
        assert!(checked > 300, "{checked} look-alikes of Latin letters");
    }

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

    #[test]
    fn names_are_trimmed_and_their_spaces_made_one() {
        assert_eq!(valid_name("  Ann   Lee ").unwrap(), "Ann Lee");
        assert!(valid_name("   ").is_err());
    }
}
