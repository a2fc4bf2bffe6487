//! Verification of a solved class: every entry re-derived from its moves,
//! random samples checked against their symmetric images, probes under
//! random symmetries, best moves one ply shorter, and the deepest win
//! replayed through the game engine.

use std::sync::Mutex;

use serde::Serialize;
use tabula_search::Rng;
use tabula_search::backward::{Value, decode};
use tabula_search::parallel::{chunk, chunks, map_init};

use super::index::{Class, Indexer};
use super::probe::{probe, valued_moves};
use super::space::{Solved, position_of};
use super::{parse_position, summarize};
use crate::game::{Abalone, Ending};
use crate::geometry::Symmetry;
use crate::position::Position;

/// What a verification found.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct VerifyReport {
    /// The class.
    pub class: String,
    /// Entries re-derived from the equations.
    pub entries_checked: u64,
    /// Entries whose stored value differs from the equations.
    pub inconsistencies: u64,
    /// The first few, described.
    pub examples: Vec<String>,
    /// Random positions compared with their 12 images and colour swap.
    pub samples_checked: u64,
    /// Probes compared under a random symmetry.
    pub probe_round_trips: u64,
    /// Decided sample positions whose best move was checked one ply shorter.
    pub best_moves_checked: u64,
    /// The principal variation of the deepest win, replayed to the ejection.
    pub principal_variation: Vec<String>,
    /// Failures of the sampled checks, described.
    pub failures: Vec<String>,
}

impl VerifyReport {
    /// True when nothing failed.
    pub fn ok(&self) -> bool {
        self.inconsistencies == 0 && self.failures.is_empty()
    }
}

/// The value the equations give a position from its moves' values.
pub fn derive(solved: &Solved, pos: &Position) -> Option<Value> {
    let moves = valued_moves(solved, pos)?;
    Some(match moves.first() {
        None => Value::Loss(0),
        Some(&(_, v, _)) => v,
    })
}

/// Runs every check on a class whose table and dependencies are in `solved`.
pub fn verify(class: Class, solved: &Solved, samples: u64, seed: u64) -> VerifyReport {
    let values = solved.values(class).expect("the class is loaded");
    let ix = Indexer::new(class);
    let mut report = VerifyReport {
        class: class.to_string(),
        ..VerifyReport::default()
    };
    // 1. Exhaustive: every entry against the equations (minimal win depths included).
    let examples = Mutex::new(Vec::new());
    const CHUNK: usize = 1 << 12;
    let (checked, bad) = map_init(
        chunks(values.len(), CHUNK),
        || (),
        |_, c| {
            let mut counts = (0u64, 0u64);
            for (i, &code) in chunk(values, CHUNK, c).iter().enumerate() {
                let i = c * CHUNK + i;
                let Some(stored) = decode(code) else {
                    continue;
                };
                let e = ix.entry(i as u64).expect("decoded entries are not holes");
                let pos = position_of(&e);
                let expected = derive(solved, &pos).expect("dependencies are loaded");
                counts.0 += 1;
                if expected != stored {
                    counts.1 += 1;
                    let mut ex = examples.lock().expect("not poisoned");
                    if ex.len() < 5 {
                        ex.push(format!("{pos}: stored {stored:?}, equations give {expected:?}"));
                    }
                }
            }
            counts
        },
    )
    .into_iter()
    .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    report.entries_checked = checked;
    report.inconsistencies = bad;
    report.examples = examples.into_inner().expect("not poisoned");

    // 2–4. Random positions: symmetric images, probes, best moves.
    let mut rng = Rng::new(seed);
    for _ in 0..samples {
        let pos = Position::random(u32::from(class.strong), u32::from(class.weak), Some(1), &mut rng);
        let pos = if rng.below(2) == 0 { pos } else { pos.swap_colours() };
        let v = solved.value(&pos).expect("in the class");
        for s in Symmetry::all() {
            let image = pos.transform(s);
            for q in [image, image.swap_colours()] {
                if solved.value(&q) != Some(v) {
                    report.failures.push(format!("{pos} and its image {q} differ"));
                }
            }
        }
        report.samples_checked += 1;
        let s = Symmetry::new(rng.below(12) as usize).expect("12 symmetries");
        let (a, b) = (probe(solved, &pos), probe(solved, &pos.transform(s)));
        match (a, b) {
            (Some(a), Some(b)) => {
                let key = |p: &super::probe::Probe| {
                    let mut m: Vec<_> = p.moves.iter().map(|m| (m.wdl, m.dtw)).collect();
                    m.sort();
                    (p.wdl, p.dtw, m)
                };
                if key(&a) != key(&b) {
                    report
                        .failures
                        .push(format!("probe of {pos} changes under symmetry {}", s.index()));
                }
                report.probe_round_trips += 1;
            }
            _ => report.failures.push(format!("{pos} could not be probed")),
        }
    }
    // 4. Best moves one ply shorter, on decided entries spread over the table.
    let decided = values
        .iter()
        .filter(|&&c| !matches!(decode(c), None | Some(Value::Draw)))
        .count() as u64;
    let stride = (decided / samples.max(1)).max(1);
    let mut seen = 0u64;
    for (i, &code) in values.iter().enumerate() {
        let Some(v) = decode(code) else { continue };
        if v == Value::Draw {
            continue;
        }
        seen += 1;
        if seen % stride != 0 {
            continue;
        }
        let pos = position_of(&ix.entry_unchecked(i as u64));
        let moves = valued_moves(solved, &pos).expect("dependencies are loaded");
        let ok = match (v, moves.first()) {
            (Value::Loss(0), None) => true,
            (Value::Win(d), Some(&(_, Value::Win(b), after))) => {
                b == d && solved.value(&after) == Some(Value::Loss(d - 1))
            }
            (Value::Loss(d), Some(&(_, Value::Loss(b), after))) => {
                b == d && solved.value(&after) == Some(Value::Win(d - 1))
            }
            _ => false,
        };
        if !ok {
            report.failures.push(format!(
                "{pos}: value {v:?}, best move {:?}",
                moves.first().map(|m| (m.0, m.1))
            ));
        }
        report.best_moves_checked += 1;
    }

    // 5. The deepest win, replayed through the game engine.
    let summary = summarize(class, values);
    if summary.max_dtw > 0 {
        match replay_deepest(solved, &summary.deepest, summary.max_dtw) {
            Ok(pv) => report.principal_variation = pv,
            Err(e) => report.failures.push(e),
        }
    }
    report
}

/// Plays the principal variation from a won position: the winner takes the
/// shortest win, the loser the longest loss; each ply must shorten the
/// distance by exactly one and the game must end by an ejection.
pub fn replay_deepest(solved: &Solved, text: &str, dtw: u32) -> Result<Vec<String>, String> {
    let start = parse_position(text).map_err(|e| format!("deepest position {text:?}: {e}"))?;
    let game = Abalone::new(start);
    let mut state = game.initial_state();
    let mut pv = Vec::new();
    let winner = start.to_move();
    let mut expect = Value::Win(dtw);
    loop {
        let pos = state.position;
        let v = solved
            .value(&pos)
            .ok_or_else(|| format!("{pos} is not in the tables"))?;
        if v != expect {
            return Err(format!("after {pv:?}: {pos} is {v:?}, expected {expect:?}"));
        }
        if let Some(end) = state.ending(&game) {
            return match end {
                Ending::Won(side) if side == winner && pos.loser() == Some(winner.other()) => Ok(pv),
                other => Err(format!("the line ends with {other:?}")),
            };
        }
        let moves = valued_moves(solved, &pos).ok_or_else(|| format!("{pos}: a move leaves the tables"))?;
        let (m, _, _) = moves[0];
        // Checked play: every move of the line must be legal in the game engine.
        pos.play(m).map_err(|e| e.to_string())?;
        state.advance(m);
        pv.push(m.to_string());
        expect = match v {
            Value::Win(d) => Value::Loss(d - 1),
            Value::Loss(d) => Value::Win(d - 1),
            Value::Draw => unreachable!("a won line has no draws"),
        };
        if pv.len() > dtw as usize {
            return Err("the line is longer than its distance".into());
        }
    }
}
