//! Endgame tablebases of Discovery mode (seven marbles each, a side left
//! with one marble has lost) by retrograde analysis.
//!
//! A class `XvY` holds every position with X marbles of one side and Y of
//! the other, either side to move ([`Class`]). Its positions are numbered by
//! [`index::Indexer`] (combinatorial ranking folded by the 12 symmetries);
//! the search library's [`backward::solve`](tabula_search::backward::solve)
//! decides them level by level over un-moves ([`space::ClassSpace`]),
//! ejections reaching the tables of smaller classes, solved first. One byte
//! per entry stores the distance (wins odd, losses even, 0 for a draw);
//! [`file`] writes it with a versioned header and checksums per chunk;
//! [`probe`] answers a position with the value of each move; [`verify`]
//! re-derives every entry from the equations.
//!
//! # Position syntax
//!
//! Probes take any position text ([`Position`]'s syntax) and also
//! `strong:i5,i9,e1,a5 weak:c5,b5 to:strong`: the side with more marbles is
//! *strong* (Black when the sides are equal).

mod fetched;
pub mod file;
pub mod index;
pub mod probe;
pub mod space;
pub mod verify;
pub mod web;

use std::sync::atomic::{AtomicU64, Ordering};

use serde::Serialize;
use tabula_search::backward::{self, LevelReport, Value, decode};
use tabula_search::parallel::{chunk, chunks, map_init};

pub use index::{Class, ClassError, Entry, Indexer};
pub use space::{ClassSpace, Solved, entry_of, position_of};

use crate::position::{Position, Side};

/// Solves a class whose dependencies are in `solved`; one byte per entry.
pub fn solve(class: Class, solved: &Solved, report: &(dyn Fn(LevelReport) + Sync)) -> Vec<u8> {
    let space = ClassSpace::new(class, solved);
    backward::solve(&space, report)
}

/// Wins, losses and draws for one side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Wdl {
    /// Won by the side to move.
    pub wins: u64,
    /// Lost by the side to move.
    pub losses: u64,
    /// Drawn.
    pub draws: u64,
}

impl Wdl {
    fn add(&mut self, v: Value, weight: u64) {
        match v {
            Value::Win(_) => self.wins += weight,
            Value::Loss(_) => self.losses += weight,
            Value::Draw => self.draws += weight,
        }
    }

    fn merge(mut self, o: Wdl) -> Wdl {
        self.wins += o.wins;
        self.losses += o.losses;
        self.draws += o.draws;
        self
    }
}

/// Counts per side to move, for index entries and for actual positions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Concrete {
    /// The strong side to move.
    pub strong_to_move: Wdl,
    /// The weak side to move.
    pub weak_to_move: Wdl,
}

/// The figures of a solved class.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// The class, e.g. `4v2`.
    pub class: String,
    /// Canonical entries of the index (holes excluded).
    pub positions: u64,
    /// Entries with the strong side to move.
    pub strong_to_move: Wdl,
    /// Entries with the weak side to move.
    pub weak_to_move: Wdl,
    /// Every actual position (entries weighted by their symmetry class).
    pub concrete: Concrete,
    /// The longest win, in plies.
    pub max_dtw: u32,
    /// A position with the longest win (the first in index order).
    pub deepest: String,
}

/// The position text with `strong:`/`weak:` fields (the strong side is the
/// one with more marbles, Black when equal).
pub fn class_text(pos: &Position) -> String {
    let e = entry_of(pos);
    let names = |m: u64| {
        let mut v = Vec::new();
        let mut m = m;
        while m != 0 {
            v.push(
                crate::geometry::Cell::new(m.trailing_zeros() as usize)
                    .expect("cell")
                    .to_string(),
            );
            m &= m - 1;
        }
        v.join(",")
    };
    format!(
        "strong:{} weak:{} to:{}",
        names(e.strong),
        names(e.weak),
        if e.strong_to_move { "strong" } else { "weak" }
    )
}

/// Counts a solved class.
pub fn summarize(class: Class, values: &[u8]) -> Summary {
    let ix = Indexer::new(class);
    const CHUNK: usize = 1 << 16;
    let deepest = AtomicU64::new(u64::MAX);
    let max = map_init(
        chunks(values.len(), CHUNK),
        || (),
        |_, c| {
            chunk(values, CHUNK, c)
                .iter()
                .filter_map(|&code| match decode(code) {
                    Some(Value::Win(d)) => Some(d),
                    _ => None,
                })
                .max()
        },
    )
    .into_iter()
    .flatten()
    .max()
    .unwrap_or(0);
    let (entries, concrete) = map_init(
        chunks(values.len(), CHUNK),
        || (),
        |_, c| {
            let mut entries = Concrete::default();
            let mut concrete = Concrete::default();
            for (k, &code) in chunk(values, CHUNK, c).iter().enumerate() {
                let Some(v) = decode(code) else { continue };
                let index = (c * CHUNK + k) as u64;
                let weight = 12 / u64::from(ix.symmetries(index));
                let (e, w) = if index % 2 == 0 {
                    (&mut entries.strong_to_move, &mut concrete.strong_to_move)
                } else {
                    (&mut entries.weak_to_move, &mut concrete.weak_to_move)
                };
                e.add(v, 1);
                w.add(v, weight);
                if v == Value::Win(max) && max > 0 {
                    deepest.fetch_min(index, Ordering::Relaxed);
                }
            }
            (entries, concrete)
        },
    )
    .into_iter()
    .fold((Concrete::default(), Concrete::default()), |(a, b), (c, d)| {
        (
            Concrete {
                strong_to_move: a.strong_to_move.merge(c.strong_to_move),
                weak_to_move: a.weak_to_move.merge(c.weak_to_move),
            },
            Concrete {
                strong_to_move: b.strong_to_move.merge(d.strong_to_move),
                weak_to_move: b.weak_to_move.merge(d.weak_to_move),
            },
        )
    });
    let total = |w: Wdl| w.wins + w.losses + w.draws;
    let deepest = deepest.load(Ordering::Relaxed);
    Summary {
        class: class.to_string(),
        positions: total(entries.strong_to_move) + total(entries.weak_to_move),
        strong_to_move: entries.strong_to_move,
        weak_to_move: entries.weak_to_move,
        concrete,
        max_dtw: max,
        deepest: if deepest == u64::MAX {
            String::new()
        } else {
            class_text(&position_of(&ix.entry_unchecked(deepest)))
        },
    }
}

/// Parses a position in either syntax (see the module documentation).
pub fn parse_position(text: &str) -> Result<Position, crate::position::PositionError> {
    let t = text.trim();
    if !t.to_ascii_lowercase().contains("strong:") {
        return t.parse();
    }
    // strong → black, weak → white; the side names follow.
    let mut out = Vec::new();
    for word in t.split_whitespace() {
        let lower = word.to_ascii_lowercase();
        let w = if let Some(rest) = lower.strip_prefix("strong:") {
            format!("black:{rest}")
        } else if let Some(rest) = lower.strip_prefix("weak:") {
            format!("white:{rest}")
        } else if lower == "to:strong" {
            "to:black".to_string()
        } else if lower == "to:weak" {
            "to:white".to_string()
        } else {
            word.to_string()
        };
        out.push(w);
    }
    let pos: Position = out.join(" ").parse()?;
    if pos.count(Side::Black) < pos.count(Side::White) {
        return Err(crate::position::PositionError::UnknownField(
            "strong: lists fewer marbles than weak:".into(),
        ));
    }
    Ok(pos)
}

static INSTALLED: std::sync::OnceLock<Solved> = std::sync::OnceLock::new();

/// Installs tables for the whole process (like an engine's tablebase
/// path): the computer plays from them in Discovery mode. Only the first
/// call installs; it returns false afterwards.
pub fn install(solved: Solved) -> bool {
    INSTALLED.set(solved).is_ok()
}

/// The installed tables, if any. Where none are, the look-up is noted
/// (see `web::take_missing`): a browser's module then fetches the
/// server's index of tables.
pub fn installed() -> Option<&'static Solved> {
    let tables = INSTALLED.get();
    if tables.is_none() {
        fetched::note_uninstalled();
    }
    tables
}

/// The installed tables, if any, with nothing noted.
pub fn installed_quietly() -> Option<&'static Solved> {
    INSTALLED.get()
}

/// The classes of `class`'s closure under dependencies, smallest first.
pub fn closure(class: Class) -> Vec<Class> {
    let mut order = vec![class];
    let mut i = 0;
    while i < order.len() {
        for d in order[i].dependencies() {
            if !order.contains(&d) {
                order.push(d);
            }
        }
        i += 1;
    }
    order.sort();
    order
}

/// Solves `class` and every class it depends on, smallest first, in
/// memory (3v2 takes about a second; 4v2 minutes).
pub fn solve_closure(class: Class) -> Solved {
    let mut solved = Solved::new();
    for c in closure(class) {
        let values = solve(c, &solved, &|_| {});
        solved.insert(c, values);
    }
    solved
}

/// Loads every class of `class`'s closure from a directory.
pub fn load_closure(dir: &std::path::Path, class: Class) -> Result<Solved, file::FileError> {
    let mut solved = Solved::new();
    for c in closure(class) {
        solved.insert(c, file::load(dir, c)?);
    }
    Ok(solved)
}

/// Loads every table file found in a directory (classes up to 6v5).
pub fn load_dir(dir: &std::path::Path) -> Result<Solved, file::FileError> {
    let mut solved = Solved::new();
    for strong in 2..=6 {
        for weak in 2..=strong.min(5) {
            let class = Class::new(strong, weak).expect("a class");
            if file::path_of(dir, class).exists() {
                solved.insert(class, file::load(dir, class)?);
            }
        }
    }
    Ok(solved)
}

/// The figures of every installed class, smallest first (counted once,
/// at first use: installed tables never change).
pub fn installed_figures() -> &'static [Summary] {
    static FIGURES: std::sync::OnceLock<Vec<Summary>> = std::sync::OnceLock::new();
    match installed() {
        Some(tables) => FIGURES.get_or_init(|| {
            tables
                .classes()
                .filter_map(|c| tables.values(c).map(|v| summarize(c, v)))
                .collect()
        }),
        None => &[],
    }
}
