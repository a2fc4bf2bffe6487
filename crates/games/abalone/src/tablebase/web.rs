//! The tables as a browser reads them: never whole, but chunk by chunk as
//! a position needs them, each chunk checked against its class's manifest.
//!
//! A server with installed tables serves, by key ([`serve`]):
//!
//! | key | content |
//! |---|---|
//! | `tb/index` | JSON [`Index`]: the classes installed, the chunk size |
//! | `tb/<class>/manifest` | JSON [`ClassManifest`]: each chunk's checksum and count of won starts |
//! | `tb/<class>/<k>` | the bytes of chunk `k` (entries `k·WEB_CHUNK..`), as the table stores them |
//!
//! The browser's module installs what it fetched with [`provide`]; every
//! look-up of a chunk (or manifest, or the index) it does not have yet is
//! answered "unknown" and its key noted ([`take_missing`]), so the page
//! fetches exactly those and asks again. A probe of a position reads its
//! own entry and its children's: a few dozen chunks of 4v2's 530.

use serde::{Deserialize, Serialize};

use super::fetched::WebTable;
pub use super::fetched::{ClassManifest, WEB_CHUNK, take_missing};
use super::file::checksum;
use super::index::Class;
use super::space::{Solved, whole_chunk};

/// The classes a server has installed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Index {
    /// Entries per chunk ([`WEB_CHUNK`]).
    pub chunk: u64,
    /// The classes, smallest first (`"3v2"`).
    pub classes: Vec<String>,
}

/// A key's parts: `index`, `(class, manifest)` or `(class, chunk)`.
enum Key {
    Index,
    Manifest(Class),
    Chunk(Class, u64),
}

fn parse_key(key: &str) -> Result<Key, String> {
    let bad = || format!("no such tablebase key {:?}", key.chars().take(40).collect::<String>());
    let mut parts = key.split('/');
    if parts.next() != Some("tb") {
        return Err(bad());
    }
    let key = match (parts.next(), parts.next(), parts.next()) {
        (Some("index"), None, None) => Key::Index,
        (Some(class), Some("manifest"), None) => Key::Manifest(class.parse().map_err(|_| bad())?),
        // A chunk number as written, without sign or leading zeros: one key
        // per chunk, for the browser's cache.
        (Some(class), Some(text), None) => Key::Chunk(
            class.parse().map_err(|_| bad())?,
            text.parse::<u64>()
                .ok()
                .filter(|k| k.to_string() == text)
                .ok_or_else(bad)?,
        ),
        _ => return Err(bad()),
    };
    Ok(key)
}

/// The bytes of `key` from whole tables (a server's installed ones):
/// `None` for a key that names nothing there.
pub fn serve(tables: Option<&Solved>, key: &str) -> Option<Vec<u8>> {
    match parse_key(key).ok()? {
        Key::Index => {
            let classes = tables
                .map(|t| t.classes().map(|c| c.to_string()).collect())
                .unwrap_or_default();
            Some(
                serde_json::to_vec(&Index {
                    chunk: WEB_CHUNK,
                    classes,
                })
                .expect("an index serialises"),
            )
        }
        Key::Manifest(class) => Some(serde_json::to_vec(tables?.manifest(class)?).expect("a manifest serialises")),
        Key::Chunk(class, k) => whole_chunk(tables?.values(class)?, k).map(<[u8]>::to_vec),
    }
}

/// Installs fetched bytes under `key` in this process's tables: the index
/// (which installs the tables, every class to be fetched), a class's
/// manifest, or a chunk checked against it. `None` for bytes the server
/// did not have (a class it lacks): the index then installs no class.
///
/// # Errors
/// A key that names nothing, bytes that do not read, a chunk whose
/// checksum or length is not its manifest's, tables installed otherwise.
pub fn provide(key: &str, bytes: Option<&[u8]>) -> Result<(), String> {
    match parse_key(key)? {
        Key::Index => {
            let index: Index = match bytes {
                Some(b) => serde_json::from_slice(b).map_err(|e| format!("tablebase index: {e}"))?,
                None => Index {
                    chunk: WEB_CHUNK,
                    classes: Vec::new(),
                },
            };
            if index.chunk != WEB_CHUNK {
                return Err(format!(
                    "tablebase index: chunks of {} entries, not {WEB_CHUNK}",
                    index.chunk
                ));
            }
            let mut solved = Solved::new();
            for c in &index.classes {
                solved.insert_fetched(c.parse().map_err(|e| format!("tablebase index: {e}"))?);
            }
            // A second index (another page load's) changes nothing.
            super::install(solved);
            Ok(())
        }
        Key::Manifest(class) => {
            let table = fetched(class)?;
            let Some(bytes) = bytes else {
                return Err(format!("the server has no {class} manifest"));
            };
            let m: ClassManifest = serde_json::from_slice(bytes).map_err(|e| format!("{class} manifest: {e}"))?;
            let chunks = class.size().div_ceil(WEB_CHUNK) as usize;
            if m.class != class.to_string()
                || m.entries != class.size()
                || m.chunk != WEB_CHUNK
                || m.checksums.len() != chunks
                || m.won.len() != chunks
            {
                return Err(format!("{class} manifest does not describe the {class} table"));
            }
            table.set_manifest(m);
            Ok(())
        }
        Key::Chunk(class, k) => {
            let table = fetched(class)?;
            let m = table
                .manifest()
                .ok_or_else(|| format!("{class} chunk {k} before the {class} manifest"))?;
            let bytes = bytes.ok_or_else(|| format!("the server has no {class} chunk {k}"))?;
            let expected = m
                .checksums
                .get(k as usize)
                .ok_or_else(|| format!("{class} has no chunk {k}"))?;
            let len = WEB_CHUNK.min(m.entries - k * WEB_CHUNK) as usize;
            if bytes.len() != len || format!("{:016x}", checksum(bytes)) != *expected {
                return Err(format!("{class} chunk {k} does not match its checksum"));
            }
            table.insert_chunk(k, bytes);
            Ok(())
        }
    }
}

/// The installed class `class`, fetched chunk by chunk.
fn fetched(class: Class) -> Result<&'static WebTable, String> {
    super::installed_quietly()
        .and_then(|t| t.fetched(class))
        .ok_or_else(|| format!("{class} is not a table being fetched (install the index first)"))
}
