//! What a game offers beyond play — a daily puzzle, a review of its
//! records, exact solving, endgame tables, teaching figures, move-generator
//! counts, its bench searches — declared in the game's own crate as
//! [`Capabilities`] and reached by front ends through
//! [`GameEntry::capabilities`](crate::GameEntry::capabilities) or
//! [`Driver::capabilities`](crate::Driver::capabilities), so that no front
//! end names a game.
//!
//! A capability is a trait; a game offers one by implementing it on a type
//! of its crate and naming a `'static` value of that type in its
//! [`GameModule::CAPABILITIES`](crate::GameModule::CAPABILITIES):
//!
//! ```
//! use tabula_contract::capability::{Capabilities, Figures};
//!
//! struct Counts;
//! impl Figures for Counts {
//!     fn opponent(&self) -> &'static str {
//!         "minimax"
//!     }
//!     fn figures(&self, position: Option<&str>) -> Result<serde_json::Value, String> {
//!         Ok(serde_json::json!({ "position": position.unwrap_or("start") }))
//!     }
//! }
//!
//! // In the game's `impl GameModule`: `const CAPABILITIES: Capabilities = …`.
//! const CAPABILITIES: Capabilities = Capabilities {
//!     figures: Some(&Counts),
//!     ..Capabilities::NONE
//! };
//! assert!(CAPABILITIES.figures.is_some() && CAPABILITIES.daily.is_none());
//! ```
//!
//! Capabilities that run long or touch files ([`Solve`], [`Tablebase`],
//! [`Perft`]) get what they need from the front end that runs them: a
//! [`Host`] (its clock, its memory gauge, where progress goes) and paths;
//! the contract itself reads no clock and opens no file.

mod bench;
pub mod searches;

use std::path::Path;

use serde::Serialize;
use serde_json::Value;

pub use bench::{BenchRun, BenchSearch};

use crate::date::Date;

/// Everything a game offers beyond play; each part is optional (`None`,
/// and no bench searches, in [`Capabilities::NONE`], the default of
/// [`GameModule::CAPABILITIES`](crate::GameModule::CAPABILITIES)).
#[derive(Clone, Copy)]
pub struct Capabilities {
    /// A puzzle of the day: the same game for everyone on a date, with
    /// its leaderboard and streaks (the web app's daily pages, `tabula
    /// daily`).
    pub daily: Option<&'static dyn DailyPuzzle>,
    /// A review of a record file (`tabula review`).
    pub review: Option<&'static dyn RecordReview>,
    /// Games stored by an earlier server, before tables existed.
    pub archive: Option<&'static dyn Archive>,
    /// Exact solving (`tabula solve`).
    pub solve: Option<&'static dyn Solve>,
    /// Endgame tables: install, probe, verify, their figures (`tabula
    /// probe`, `tabula verify`, `--tables`, the web app's tables page).
    pub tablebase: Option<&'static dyn Tablebase>,
    /// Teaching figures of a position (the web app's lab).
    pub figures: Option<&'static dyn Figures>,
    /// Move-generator counts (`tabula perft`).
    pub perft: Option<&'static dyn Perft>,
    /// The game's fixed searches for `tabula bench`, each with the count it
    /// makes: every game declares a few.
    pub bench: fn() -> Vec<BenchSearch>,
}

impl Capabilities {
    /// Nothing beyond play.
    pub const NONE: Capabilities = Capabilities {
        daily: None,
        review: None,
        archive: None,
        solve: None,
        tablebase: None,
        figures: None,
        perft: None,
        bench: Vec::new,
    };

    /// The names of the capabilities offered (`bench` when the game
    /// declares bench searches), for catalogs and help.
    pub fn names(&self) -> Vec<&'static str> {
        let parts = [
            ("daily", self.daily.is_some()),
            ("review", self.review.is_some()),
            ("archive", self.archive.is_some()),
            ("solve", self.solve.is_some()),
            ("tablebase", self.tablebase.is_some()),
            ("figures", self.figures.is_some()),
            ("perft", self.perft.is_some()),
        ];
        parts.into_iter().filter(|p| p.1).map(|p| p.0).collect()
    }
}

impl std::fmt::Debug for Capabilities {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Capabilities({})", self.names().join(", "))
    }
}

/// What a capability answers: figures as JSON (`--json`, the web API) and
/// the same for a person to read.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The figures, as one JSON text in the game's own field order.
    pub json: String,
    /// The figures in words, one line or more, ending with a newline.
    pub text: String,
    /// Why the job failed although its figures are printed (a
    /// verification that found an inconsistency); front ends print the
    /// report, then fail with this line.
    pub failure: Option<String>,
}

impl Report {
    /// A report of a job that did what it was asked: `figures` as JSON,
    /// `text` for a person.
    ///
    /// # Panics
    /// If the figures do not serialise (a map with keys that are not
    /// strings or numbers: a bug of the game's types).
    pub fn new<T: Serialize + ?Sized>(figures: &T, text: String) -> Report {
        Report {
            json: serde_json::to_string(figures).expect("a report's figures serialise"),
            text,
            failure: None,
        }
    }
}

/// What a long job reads from the front end that runs it.
pub trait Host: Sync {
    /// Seconds since an arbitrary moment (the front end's clock).
    fn seconds(&self) -> f64;
    /// The process's peak resident memory so far, in MB (0 where unknown).
    fn peak_memory_mb(&self) -> u64;
    /// What the job is doing now, for a spinner.
    fn say(&self, message: &str);
    /// How far the job is: `done` of `total` steps.
    fn progress(&self, done: u64, total: u64);
}

/// A host that measures nothing and shows nothing (tests, browsers).
#[derive(Clone, Copy, Debug, Default)]
pub struct QuietHost;

impl Host for QuietHost {
    fn seconds(&self) -> f64 {
        0.0
    }
    fn peak_memory_mb(&self) -> u64 {
        0
    }
    fn say(&self, _: &str) {}
    fn progress(&self, _: u64, _: u64) {}
}

/// A puzzle of the day: a game whose options follow from a date, the same
/// for everyone, served from that day on ([`GameModule::first_day`] of the
/// day's options), played against one computer.
///
/// [`GameModule::first_day`]: crate::GameModule::first_day
pub trait DailyPuzzle: Sync {
    /// The rules options of the day's game.
    fn options(&self, day: Date) -> Value;
    /// The player spec of the computer the day's game is played against.
    fn computer(&self) -> &'static str;
    /// The day's public content (the grid, before any move): what
    /// `tabula daily` prints and `GET /api/daily/{date}` answers.
    fn show(&self, day: Date) -> Report;
}

/// A review of a game record, as the game writes records
/// ([`GameModule::record`](crate::GameModule::record)): each of a seat's
/// moves against a deeper search's choice.
pub trait RecordReview: Sync {
    /// The search depth used when none is given.
    fn default_depth(&self) -> u32;
    /// The review of `seat`'s moves in `record` (the record's JSON).
    ///
    /// # Errors
    /// A record that does not read or replay, a seat or depth out of range.
    fn review(&self, record: &str, seat: usize, depth: u32) -> Result<Report, String>;
}

/// A game stored by an earlier server, read again: its options, its seed
/// and every action (the game's JSON forms).
#[derive(Clone, Debug, PartialEq)]
pub struct Archived {
    /// The rules options.
    pub options: Value,
    /// The seed of its start.
    pub seed: u64,
    /// Every action, chance outcomes included.
    pub actions: Vec<Value>,
}

/// Games stored before tables existed, each a `kind` and a record.
pub trait Archive: Sync {
    /// Whether rows of this stored kind hold this game.
    fn reads(&self, kind: &str) -> bool;
    /// The game a stored record describes.
    ///
    /// # Errors
    /// A record that does not read.
    fn read(&self, record: &str) -> Result<Archived, String>;
}

/// Exact solving, its results saved under a folder the front end names.
pub trait Solve: Sync {
    /// Solves `target` (what it means is the game's: `None` for the whole
    /// game, or a class of endgames), saving what it makes in `out`.
    ///
    /// # Errors
    /// A target the game does not solve, or a file that cannot be written.
    fn solve(&self, target: Option<&str>, out: &Path, host: &dyn Host) -> Result<Report, String>;
}

/// Endgame tables read from files: installed for the game's computer and
/// views, probed, verified.
pub trait Tablebase: Sync {
    /// Installs every table found in `dir`.
    ///
    /// # Errors
    /// A folder that does not read, or a table that fails its check.
    fn install(&self, dir: &Path) -> Result<(), String>;
    /// A position's value and each move's, from the tables in `dir`.
    ///
    /// # Errors
    /// A position that does not read, or tables missing for it.
    fn probe(&self, position: &str, dir: &Path) -> Result<Report, String>;
    /// Checks the saved table `class` in `dir` against the rules, with
    /// `samples` random positions drawn from `seed`.
    ///
    /// # Errors
    /// A class that does not read, or tables missing.
    fn verify(&self, class: &str, dir: &Path, samples: u64, seed: u64, host: &dyn Host) -> Result<Report, String>;
    /// The installed tables' figures, for the web app's tables page.
    fn figures(&self) -> Value;
}

/// Teaching figures of a position: what the searches see in it.
pub trait Figures: Sync {
    /// The player spec a person meets when playing from the figures' page.
    fn opponent(&self) -> &'static str;
    /// The figures of a position in the game's text form (`None`: the
    /// start).
    ///
    /// # Errors
    /// A position that does not read, in words for a person.
    fn figures(&self, position: Option<&str>) -> Result<Value, String>;
}

/// How `tabula perft` counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerftSettings {
    /// Count the last ply's moves by a bulk count rather than generating them.
    pub bulk: bool,
    /// Split the first ply over the cores (where the game's crate has them).
    pub parallel: bool,
}

/// Move-generator regression counts: the move sequences of each length.
pub trait Perft: Sync {
    /// The counts of sequences of length 1 to `depth` from `position`
    /// (a layout name or a position, in the game's text form).
    ///
    /// # Errors
    /// A position that does not read, or a depth out of range.
    fn perft(&self, position: &str, depth: usize, settings: PerftSettings, host: &dyn Host) -> Result<Report, String>;
}
