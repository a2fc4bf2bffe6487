//! Table files: one per class, `abalone-<class>.tb`.
//!
//! Layout (little-endian):
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic `TABULATB` |
//! | 4 | format version (1) |
//! | 1, 1 | strong and weak marbles |
//! | 2 | reserved (0) |
//! | 8 | entries |
//! | 8 | entries per chunk (2^20) |
//! | 8 × chunks | checksum of each chunk |
//! | 8 | checksum of everything above |
//! | entries | one byte per entry: 0 draw, 255 hole, else plies + 1 (wins odd, losses even) |
//!
//! Chunks can be read alone ([`TableFile::chunk`]): a client fetches only
//! the part of a table a game needs, checked on its own.

use std::fs::File;
use std::io::{BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use super::index::Class;

const MAGIC: &[u8; 8] = b"TABULATB";
/// The format version written and read.
pub const VERSION: u32 = 1;
/// Entries per chunk.
pub const CHUNK: u64 = 1 << 20;

/// Why a table file could not be used.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// Reading or writing failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// Not a table file, another version, another class, or corrupt.
    #[error("{path}: {problem}")]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        problem: String,
    },
}

/// A 64-bit checksum over 8-byte words (a multiply–rotate mix; not
/// cryptographic, it catches corruption and truncation).
pub fn checksum(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0x9e37_79b9_7f4a_7c15 ^ bytes.len() as u64;
    let mut words = bytes.chunks_exact(8);
    for w in &mut words {
        let x = u64::from_le_bytes(w.try_into().expect("8 bytes"));
        h = (h ^ x).wrapping_mul(0xff51_afd7_ed55_8ccd).rotate_left(29);
    }
    for (i, &b) in words.remainder().iter().enumerate() {
        h = (h ^ (u64::from(b) << (8 * i))).wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    }
    h ^ (h >> 32)
}

/// The file name of a class's table in a directory.
pub fn path_of(dir: &Path, class: Class) -> PathBuf {
    dir.join(format!("abalone-{class}.tb"))
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> FileError + '_ {
    move |source| FileError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Writes a class's table.
pub fn write(path: &Path, class: Class, values: &[u8]) -> Result<(), FileError> {
    let sums: Vec<u64> = values.chunks(CHUNK as usize).map(checksum).collect();
    let mut header = Vec::new();
    header.extend_from_slice(MAGIC);
    header.extend_from_slice(&VERSION.to_le_bytes());
    header.extend_from_slice(&[class.strong, class.weak, 0, 0]);
    header.extend_from_slice(&(values.len() as u64).to_le_bytes());
    header.extend_from_slice(&CHUNK.to_le_bytes());
    for s in &sums {
        header.extend_from_slice(&s.to_le_bytes());
    }
    let total = checksum(&header);
    header.extend_from_slice(&total.to_le_bytes());
    // Write to a temporary name and rename: a crash never leaves half a table.
    let tmp = path.with_extension("tb.part");
    let mut out = BufWriter::new(File::create(&tmp).map_err(io(&tmp))?);
    out.write_all(&header).map_err(io(&tmp))?;
    out.write_all(values).map_err(io(&tmp))?;
    out.flush().map_err(io(&tmp))?;
    drop(out);
    std::fs::rename(&tmp, path).map_err(io(path))
}

/// An open table file: its header checked, chunks read on demand.
pub struct TableFile {
    path: PathBuf,
    file: File,
    /// The class.
    pub class: Class,
    /// Entries in the table.
    pub entries: u64,
    sums: Vec<u64>,
    data_offset: u64,
}

impl TableFile {
    /// Opens a table and checks its header (magic, version, class, size,
    /// header checksum).
    pub fn open(path: &Path) -> Result<TableFile, FileError> {
        let invalid = |problem: String| FileError::Invalid {
            path: path.to_path_buf(),
            problem,
        };
        let mut file = File::open(path).map_err(io(path))?;
        let mut fixed = [0u8; 32];
        file.read_exact(&mut fixed)
            .map_err(|_| invalid("too short for a header".into()))?;
        if &fixed[..8] != MAGIC {
            return Err(invalid("not a Tabula table file".into()));
        }
        let version = u32::from_le_bytes(fixed[8..12].try_into().expect("4 bytes"));
        if version != VERSION {
            return Err(invalid(format!(
                "format version {version}, this program reads {VERSION}"
            )));
        }
        let class = Class::new(fixed[12], fixed[13]).ok_or_else(|| invalid("bad class in header".into()))?;
        let entries = u64::from_le_bytes(fixed[16..24].try_into().expect("8 bytes"));
        let chunk = u64::from_le_bytes(fixed[24..32].try_into().expect("8 bytes"));
        if entries != class.size() || chunk != CHUNK {
            return Err(invalid(format!(
                "{entries} entries in chunks of {chunk}: not a {class} table"
            )));
        }
        let chunks = entries.div_ceil(CHUNK) as usize;
        let mut rest = vec![0u8; chunks * 8 + 8];
        file.read_exact(&mut rest)
            .map_err(|_| invalid("truncated header".into()))?;
        let mut header = fixed.to_vec();
        header.extend_from_slice(&rest[..chunks * 8]);
        let stored = u64::from_le_bytes(rest[chunks * 8..].try_into().expect("8 bytes"));
        if checksum(&header) != stored {
            return Err(invalid("header checksum mismatch".into()));
        }
        let sums = rest[..chunks * 8]
            .chunks_exact(8)
            .map(|w| u64::from_le_bytes(w.try_into().expect("8 bytes")))
            .collect();
        let len = file.metadata().map_err(io(path))?.len();
        let data_offset = 32 + rest.len() as u64;
        if len != data_offset + entries {
            return Err(invalid(format!("{len} bytes, expected {}", data_offset + entries)));
        }
        Ok(TableFile {
            path: path.to_path_buf(),
            file,
            class,
            entries,
            sums,
            data_offset,
        })
    }

    /// The number of chunks.
    pub fn chunks(&self) -> usize {
        self.sums.len()
    }

    /// Reads chunk `k` (entries `k·CHUNK..`) and checks its checksum.
    pub fn chunk(&mut self, k: usize) -> Result<Vec<u8>, FileError> {
        let start = k as u64 * CHUNK;
        let len = CHUNK.min(self.entries - start) as usize;
        let mut buf = vec![0u8; len];
        self.file
            .seek(SeekFrom::Start(self.data_offset + start))
            .map_err(io(&self.path))?;
        self.file.read_exact(&mut buf).map_err(io(&self.path))?;
        if checksum(&buf) != self.sums[k] {
            return Err(FileError::Invalid {
                path: self.path.clone(),
                problem: format!("chunk {k} checksum mismatch"),
            });
        }
        Ok(buf)
    }

    /// Reads the whole table, every chunk checked.
    pub fn read_all(&mut self) -> Result<Vec<u8>, FileError> {
        let mut out = Vec::with_capacity(self.entries as usize);
        for k in 0..self.chunks() {
            out.extend_from_slice(&self.chunk(k)?);
        }
        Ok(out)
    }
}

/// Loads a class's table from a directory.
pub fn load(dir: &Path, class: Class) -> Result<Vec<u8>, FileError> {
    TableFile::open(&path_of(dir, class))?.read_all()
}
