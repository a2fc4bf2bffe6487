//! Retrograde analysis by levels over *predecessors*, for large spaces of
//! two-player games in which the sides alternate: one byte of value and one
//! byte of counter per position, every level in parallel (rayon, with the `parallel` feature), and each
//! position's moves generated once (to count them) and its un-moves once
//! (when it is decided).
//!
//! Values are for the side to move. Level `L` decides:
//!
//! - odd `L`, **wins in `L`**: every predecessor of a position lost in `L−1`
//!   (and every position whose shortest win through a move leaving the
//!   space takes `L` plies);
//! - even `L`, **losses in `L`**: each position won in `L−1` decrements the
//!   counter of unresolved moves of each of its predecessors; a predecessor
//!   whose counter reaches zero has only moves to positions the opponent
//!   wins, and is lost in one more ply than the longest of them (moves that
//!   leave the space included, see [`BackwardSpace::outside_loss`]).
//!
//! Positions never decided are draws. Wins come at odd depths and losses at
//! even ones, so the depth alone stores the value.
//!
//! # The contract of a space with symmetries
//!
//! A space may fold symmetric positions into one entry. Then, for the
//! counters to be exact, [`BackwardSpace::start`] must count the moves of an
//! entry's position that stay in the space *up to the position's own
//! symmetries*, and [`BackwardSpace::predecessors`] must list the un-moves of
//! an entry's position up to *its* symmetries, keeping every other
//! multiplicity (two un-moves reaching the same entry are listed twice).
//! Then the number of times an entry appears among its children's
//! predecessors equals its move count.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

use crate::parallel::{chunk, chunks, map_init};

/// What is known of an entry before the levels start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// The index stands for no position (a hole of a near-perfect index).
    Hole,
    /// Won by the side to move in this many plies, whatever happens inside
    /// the space (used when the entry has no move inside the space).
    Won(u32),
    /// Lost by the side to move in this many plies (no move inside the
    /// space, every move leaving it loses; 0 for no move at all).
    Lost(u32),
    /// Drawn whatever happens inside the space (no move inside it, and a
    /// move leaving it draws).
    Draw,
    /// To be decided by the levels (it has at least one move that stays in
    /// the space; [`BackwardSpace::children`] counts them when needed).
    Open {
        /// The shortest win through a move that leaves the space, if any.
        outside_win: Option<u32>,
        /// A move leaving the space reaches a drawn position: never lost.
        outside_draw: bool,
    },
}

/// A space of positions numbered `0..size()`, with its moves and un-moves.
pub trait BackwardSpace: Sync {
    /// Indices run over `0..size()`.
    fn size(&self) -> u64;

    /// What is known of entry `index` before the levels (see [`Start`]).
    fn start(&self, index: u64) -> Start;

    /// The moves of an open entry's position that stay in the space, up to
    /// the position's symmetries (1 to 253). Asked at most once per entry,
    /// the first time one of its children is won by the opponent.
    fn children(&self, index: u64) -> u32;

    /// Appends to `out` the entry of the position before each un-move of
    /// entry `index`'s position (see the module's contract on symmetries).
    fn predecessors(&self, index: u64, out: &mut Vec<u64>);

    /// The most plies in which the opponent wins a position reached by a
    /// move of entry `index` that leaves the space (all of them are won by
    /// the opponent when this is asked); `None` if no move leaves the space.
    fn outside_loss(&self, index: u64) -> Option<u32>;
}

/// Stored value: 0 draw (undecided), 255 hole, else depth + 1.
const DRAW: u8 = 0;
const HOLE: u8 = 255;
/// Undecided, with a known win through a move leaving the space (its depth
/// kept in the counter byte).
const OUTSIDE_WIN: u8 = 254;
/// Counter of a position whose moves are not counted yet.
const UNCOUNTED: u8 = 0;
/// Counter of a position all of whose moves lose (it is decided).
const EXHAUSTED: u8 = 254;
/// Counter of a position that can never be lost.
const NEVER_LOST: u8 = 255;
/// The deepest storable distance.
pub const MAX_DEPTH: u32 = 252;
/// Entries whose predecessors are read together before being updated.
const BATCH: usize = 16;

/// The value of a position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Value {
    /// Lost in this many plies.
    Loss(u32),
    /// Drawn (never decided).
    Draw,
    /// Won in this many plies.
    Win(u32),
}

impl Value {
    /// The distance in plies (0 for a draw).
    pub fn plies(self) -> u32 {
        match self {
            Value::Win(d) | Value::Loss(d) => d,
            Value::Draw => 0,
        }
    }
}

fn encode_depth(d: u32) -> u8 {
    assert!(d <= MAX_DEPTH, "depth {d} exceeds the storable {MAX_DEPTH}");
    (d + 1) as u8
}

/// Decodes a stored byte: `None` for a hole.
pub fn decode(code: u8) -> Option<Value> {
    match code {
        HOLE => None,
        DRAW | OUTSIDE_WIN => Some(Value::Draw),
        c => {
            let d = u32::from(c - 1);
            Some(if d % 2 == 1 { Value::Win(d) } else { Value::Loss(d) })
        }
    }
}

/// Encodes a value as a stored byte.
pub fn encode(v: Option<Value>) -> u8 {
    match v {
        None => HOLE,
        Some(Value::Draw) => DRAW,
        Some(Value::Win(d)) | Some(Value::Loss(d)) => encode_depth(d),
    }
}

/// What the solver reports after each level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelReport {
    /// The level just computed.
    pub level: u32,
    /// Positions decided at this level.
    pub decided: u64,
    /// Positions decided so far.
    pub total: u64,
    /// Entries in the space.
    pub size: u64,
}

/// Takes one open move off a counter (counting the moves first if needed);
/// true when that was the last one.
fn decrement(ct: &AtomicU8, children: impl Fn() -> u32) -> bool {
    let mut c = ct.load(Ordering::Relaxed);
    loop {
        match c {
            NEVER_LOST | EXHAUSTED => return false,
            UNCOUNTED => {
                let n = children();
                assert!((1..=253).contains(&n), "{n} moves in the space");
                // Another thread may count first; either way, retry the decrement.
                c = match ct.compare_exchange(UNCOUNTED, n as u8, Ordering::Relaxed, Ordering::Relaxed) {
                    Ok(_) => n as u8,
                    Err(now) => now,
                };
            }
            _ => {
                let next = if c == 1 { EXHAUSTED } else { c - 1 };
                match ct.compare_exchange(c, next, Ordering::Relaxed, Ordering::Relaxed) {
                    Ok(_) => return c == 1,
                    Err(now) => c = now,
                }
            }
        }
    }
}

/// Entries decided (or scheduled) at each depth, filled from many threads.
struct Worklists {
    lists: Vec<Mutex<Vec<u32>>>,
}

impl Worklists {
    fn new() -> Worklists {
        Worklists {
            lists: (0..=MAX_DEPTH + 1).map(|_| Mutex::new(Vec::new())).collect(),
        }
    }

    /// Appends a thread's buffered entries of `depth`.
    fn extend(&self, depth: u32, entries: &mut Vec<u32>) {
        if !entries.is_empty() {
            self.lists[depth as usize].lock().expect("not poisoned").append(entries);
        }
    }

    fn take(&self, depth: u32) -> Vec<u32> {
        std::mem::take(&mut *self.lists[depth as usize].lock().expect("not poisoned"))
    }
}

/// A thread's buffers: entries decided per depth, flushed in batches.
struct Local {
    by_depth: Vec<(u32, Vec<u32>)>,
}

impl Local {
    fn new() -> Local {
        Local { by_depth: Vec::new() }
    }

    fn push(&mut self, depth: u32, index: u64, lists: &Worklists) {
        let i = match self.by_depth.iter().position(|(d, _)| *d == depth) {
            Some(i) => i,
            None => {
                self.by_depth.push((depth, Vec::with_capacity(1024)));
                self.by_depth.len() - 1
            }
        };
        let buf = &mut self.by_depth[i].1;
        buf.push(index as u32);
        if buf.len() >= 1 << 16 {
            lists.extend(depth, buf);
        }
    }

    fn flush(&mut self, lists: &Worklists) {
        for (d, buf) in &mut self.by_depth {
            lists.extend(*d, buf);
        }
    }
}

/// Solves a space. Returns one byte per entry (see [`decode`]). `report`
/// is called after the start pass (level 0) and after each level.
///
/// Each level visits only the entries decided at the level before (kept
/// in per-depth lists of 4-byte indices), never the whole table; spaces are
/// limited to 2^32 entries.
pub fn solve<S: BackwardSpace>(space: &S, report: &(dyn Fn(LevelReport) + Sync)) -> Vec<u8> {
    let size = space.size();
    assert!(size <= u64::from(u32::MAX), "spaces are limited to 2^32 entries");
    let n = size as usize;
    let val: Vec<AtomicU8> = (0..n).map(|_| AtomicU8::new(DRAW)).collect();
    let cnt: Vec<AtomicU8> = (0..n).map(|_| AtomicU8::new(UNCOUNTED)).collect();
    const CHUNK: usize = 1 << 14;
    // Entries decided at each depth, and entries with a win through a move
    // leaving the space, by the depth of that win.
    let decided_at = Worklists::new();
    let outside_at = Worklists::new();
    let decided0 = AtomicU64::new(0);
    map_init(
        chunks(n, CHUNK),
        || (Local::new(), Local::new()),
        |(done, pending), c| {
            let (vals, cnts) = (chunk(&val, CHUNK, c), chunk(&cnt, CHUNK, c));
            let mut decided = 0;
            for (k, (v, ct)) in vals.iter().zip(cnts).enumerate() {
                let index = (c * CHUNK + k) as u64;
                match space.start(index) {
                    Start::Hole => v.store(HOLE, Ordering::Relaxed),
                    Start::Draw => ct.store(NEVER_LOST, Ordering::Relaxed),
                    Start::Won(d) | Start::Lost(d) => {
                        v.store(encode_depth(d), Ordering::Relaxed);
                        done.push(d, index, &decided_at);
                        decided += 1;
                    }
                    Start::Open {
                        outside_win,
                        outside_draw,
                    } => {
                        if let Some(w) = outside_win {
                            assert!(w % 2 == 1 && w <= MAX_DEPTH, "entry {index}: outside win in {w}");
                            v.store(OUTSIDE_WIN, Ordering::Relaxed);
                            ct.store(w as u8, Ordering::Relaxed);
                            pending.push(w, index, &outside_at);
                        } else if outside_draw {
                            ct.store(NEVER_LOST, Ordering::Relaxed);
                        }
                    }
                }
            }
            done.flush(&decided_at);
            pending.flush(&outside_at);
            decided0.fetch_add(decided, Ordering::Relaxed);
        },
    );
    let mut total = decided0.load(Ordering::Relaxed);
    report(LevelReport {
        level: 0,
        decided: total,
        total,
        size,
    });
    for level in 1..=MAX_DEPTH {
        let here = encode_depth(level);
        // Wins through moves leaving the space, if nothing shorter was found.
        let outside = outside_at.take(level);
        let mut decided: u64 = map_init(chunks(outside.len(), CHUNK), Local::new, |local, c| {
            let mut count = 0;
            for &i in chunk(&outside, CHUNK, c) {
                let v = &val[i as usize];
                if v.compare_exchange(OUTSIDE_WIN, here, Ordering::Relaxed, Ordering::Relaxed)
                    .is_ok()
                {
                    local.push(level, u64::from(i), &decided_at);
                    count += 1;
                }
            }
            local.flush(&decided_at);
            count
        })
        .into_iter()
        .sum::<u64>();
        let previous = decided_at.take(level - 1);
        decided += map_init(
            chunks(previous.len(), CHUNK),
            || (Vec::new(), Local::new()),
            |(preds, local), c| {
                let mut count = 0;
                for group in chunk(&previous, CHUNK, c).chunks(BATCH) {
                    // The predecessors of a batch of entries, then one
                    // plain read of each one's bytes: these independent
                    // loads wait for their cache misses together, where
                    // the atomic updates below would wait one by one.
                    preds.clear();
                    for &i in group {
                        space.predecessors(u64::from(i), preds);
                    }
                    let mut touched = 0u8;
                    for &p in preds.iter() {
                        touched ^= val[p as usize].load(Ordering::Relaxed);
                        if level % 2 == 0 {
                            touched ^= cnt[p as usize].load(Ordering::Relaxed);
                        }
                    }
                    std::hint::black_box(touched);
                    if level % 2 == 1 {
                        // Each entry is lost in level − 1: each predecessor wins in `level`.
                        for &p in preds.iter() {
                            let pv = &val[p as usize];
                            let mut old = pv.load(Ordering::Relaxed);
                            while old == DRAW || old == OUTSIDE_WIN {
                                match pv.compare_exchange(old, here, Ordering::Relaxed, Ordering::Relaxed) {
                                    Ok(_) => {
                                        local.push(level, p, &decided_at);
                                        count += 1;
                                        break;
                                    }
                                    Err(now) => old = now,
                                }
                            }
                        }
                    } else {
                        // Each entry is won in level − 1: one fewer open move for each predecessor.
                        for &p in preds.iter() {
                            let pu = p as usize;
                            if val[pu].load(Ordering::Relaxed) != DRAW {
                                continue;
                            }
                            if decrement(&cnt[pu], || space.children(p)) {
                                // Every move loses: lost one ply after the longest.
                                let longest = space.outside_loss(p).map_or(0, |d| d + 1);
                                let depth = level.max(longest);
                                val[pu].store(encode_depth(depth), Ordering::Relaxed);
                                local.push(depth, p, &decided_at);
                                count += 1;
                            }
                        }
                    }
                }
                local.flush(&decided_at);
                count
            },
        )
        .into_iter()
        .sum::<u64>();
        drop(previous);
        total += decided;
        report(LevelReport {
            level,
            decided,
            total,
            size,
        });
        // Nothing decided now, nothing decided at this level for later, and
        // nothing scheduled deeper: no entry can change any more.
        let scheduled = (level..=MAX_DEPTH).any(|d| {
            !decided_at.lists[d as usize].lock().expect("not poisoned").is_empty()
                || !outside_at.lists[d as usize].lock().expect("not poisoned").is_empty()
        });
        if !scheduled {
            break;
        }
    }
    val.into_iter()
        .map(|v| match v.into_inner() {
            OUTSIDE_WIN => unreachable!("outside wins are decided at their level"),
            c => c,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Take one or two stones; who cannot move has lost. Entries are the
    /// piles `lo..hi`; smaller piles lie outside, valued by the formula.
    struct Nim {
        lo: u64,
        hi: u64,
    }

    /// The exact value of a pile for the side to move.
    fn exact(n: u64) -> Value {
        let n = n as u32;
        if n % 3 == 0 {
            Value::Loss(2 * n / 3)
        } else {
            Value::Win(2 * (n / 3) + 1)
        }
    }

    fn flip(v: Value) -> Value {
        match v {
            Value::Win(d) => Value::Loss(d + 1),
            Value::Loss(d) => Value::Win(d + 1),
            Value::Draw => Value::Draw,
        }
    }

    impl BackwardSpace for Nim {
        fn size(&self) -> u64 {
            self.hi - self.lo
        }
        fn start(&self, index: u64) -> Start {
            let n = self.lo + index;
            let moves: Vec<u64> = (1..=2).filter(|&k| k <= n).map(|k| n - k).collect();
            if moves.is_empty() {
                return Start::Lost(0);
            }
            let outside: Vec<Value> = moves
                .iter()
                .filter(|&&m| m < self.lo)
                .map(|&m| flip(exact(m)))
                .collect();
            let outside_win = outside
                .iter()
                .filter_map(|v| if let Value::Win(d) = v { Some(*d) } else { None })
                .min();
            if outside.len() == moves.len() {
                return match outside_win {
                    Some(w) => Start::Won(w),
                    None => Start::Lost(outside.iter().map(|v| v.plies()).max().unwrap()),
                };
            }
            Start::Open {
                outside_win,
                outside_draw: false,
            }
        }
        fn children(&self, index: u64) -> u32 {
            let n = self.lo + index;
            (1..=2).filter(|&k| k <= n && n - k >= self.lo).count() as u32
        }
        fn predecessors(&self, index: u64, out: &mut Vec<u64>) {
            let n = self.lo + index;
            out.extend((1..=2).map(|k| n + k).filter(|&m| m < self.hi).map(|m| m - self.lo));
        }
        fn outside_loss(&self, index: u64) -> Option<u32> {
            let n = self.lo + index;
            (1..=2)
                .filter(|&k| k <= n && n - k < self.lo)
                .map(|k| exact(n - k).plies())
                .max()
        }
    }

    #[test]
    fn nim_values_and_distances_are_exact() {
        for (lo, hi) in [(0, 60), (10, 40), (7, 8)] {
            let values = solve(&Nim { lo, hi }, &|_| {});
            for (i, &code) in values.iter().enumerate() {
                let n = lo + i as u64;
                assert_eq!(decode(code), Some(exact(n)), "pile {n} in {lo}..{hi}");
            }
        }
    }

    #[test]
    fn codes_round_trip_and_levels_are_reported() {
        for v in [
            Value::Win(1),
            Value::Win(251),
            Value::Loss(0),
            Value::Loss(252),
            Value::Draw,
        ] {
            assert_eq!(decode(encode(Some(v))), Some(v));
        }
        assert_eq!(decode(encode(None)), None);
        let levels = Mutex::new(Vec::new());
        solve(&Nim { lo: 0, hi: 30 }, &|r| {
            levels.lock().unwrap().push((r.level, r.decided))
        });
        let levels = levels.into_inner().unwrap();
        // Pile 0 at the start, then one pile decided per level up to pile 29 (depth 19).
        assert_eq!(levels[0], (0, 1));
        assert_eq!(levels.iter().map(|l| l.1).sum::<u64>(), 30);
        assert!(levels.iter().skip(1).all(|&(_, d)| d <= 2));
    }
}
