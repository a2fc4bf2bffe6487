//! A class's table as a browser holds it: the manifest and the chunks
//! fetched so far (see [`super::web`]), and the note of every key a
//! look-up lacked.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Mutex, OnceLock, RwLock};

use serde::{Deserialize, Serialize};

use super::index::Class;

/// Entries per web chunk (256 KiB of one-byte entries: 4v2 in 530 chunks).
pub const WEB_CHUNK: u64 = 1 << 18;

/// What a browser checks a class's chunks against.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClassManifest {
    /// The class (`"4v2"`).
    pub class: String,
    /// Entries in the table.
    pub entries: u64,
    /// Entries per chunk.
    pub chunk: u64,
    /// Each chunk's checksum (the table files' checksum), as 16
    /// hexadecimal digits.
    pub checksums: Vec<String>,
    /// Each chunk's won entries with the strong side to move (the
    /// trainer draws its start among them, uniformly, from one chunk).
    pub won: Vec<u64>,
}

/// A class a browser fetches: its manifest and the chunks it has.
pub(crate) struct WebTable {
    class: Class,
    manifest: OnceLock<ClassManifest>,
    chunks: RwLock<BTreeMap<u64, Box<[u8]>>>,
}

/// Keys looked up and not there, since the last [`take_missing`].
static MISSING: Mutex<BTreeSet<String>> = Mutex::new(BTreeSet::new());

fn note_missing(key: String) {
    MISSING.lock().unwrap_or_else(|e| e.into_inner()).insert(key);
}

/// The keys looked up and not there since the last call (each once), for
/// the page to fetch and provide.
pub fn take_missing() -> Vec<String> {
    std::mem::take(&mut *MISSING.lock().unwrap_or_else(|e| e.into_inner()))
        .into_iter()
        .collect()
}

/// Notes that the tables are wanted and not installed (in a browser: the
/// index is to be fetched).
pub(crate) fn note_uninstalled() {
    note_missing("tb/index".into());
}

impl WebTable {
    pub(crate) fn new(class: Class) -> WebTable {
        WebTable {
            class,
            manifest: OnceLock::new(),
            chunks: RwLock::new(BTreeMap::new()),
        }
    }

    /// The manifest, once installed.
    pub(crate) fn manifest(&self) -> Option<&ClassManifest> {
        self.manifest.get()
    }

    /// Installs the manifest (the first one stays).
    pub(crate) fn set_manifest(&self, manifest: ClassManifest) {
        let _ = self.manifest.set(manifest);
    }

    /// Installs a chunk already checked against the manifest.
    pub(crate) fn insert_chunk(&self, k: u64, bytes: &[u8]) {
        self.chunks
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(k, bytes.into());
    }

    fn manifest_or_note(&self) -> Option<&ClassManifest> {
        let m = self.manifest.get();
        if m.is_none() {
            note_missing(format!("tb/{}/manifest", self.class));
        }
        m
    }

    /// The stored byte of entry `index`, when its chunk is here.
    pub(crate) fn code(&self, index: u64) -> Option<u8> {
        self.manifest_or_note()?;
        let k = index / WEB_CHUNK;
        let chunks = self.chunks.read().unwrap_or_else(|e| e.into_inner());
        match chunks.get(&k) {
            Some(c) => c.get((index % WEB_CHUNK) as usize).copied(),
            None => {
                note_missing(format!("tb/{}/{k}", self.class));
                None
            }
        }
    }

    /// The won counts per chunk, from the manifest.
    pub(crate) fn won(&self) -> Option<&[u64]> {
        self.manifest_or_note().map(|m| m.won.as_slice())
    }

    /// A copy of chunk `k`, when here.
    pub(crate) fn chunk(&self, k: u64) -> Option<Vec<u8>> {
        self.manifest_or_note()?;
        let chunks = self.chunks.read().unwrap_or_else(|e| e.into_inner());
        match chunks.get(&k) {
            Some(c) => Some(c.to_vec()),
            None => {
                note_missing(format!("tb/{}/{k}", self.class));
                None
            }
        }
    }
}
