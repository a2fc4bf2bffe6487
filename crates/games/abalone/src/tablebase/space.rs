//! A material class as a [`BackwardSpace`]: moves and un-moves of entries,
//! with ejections valued from the tables of smaller classes.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use tabula_search::backward::{BackwardSpace, Start, Value, decode};

use super::fetched::{ClassManifest, WEB_CHUNK, WebTable};
use super::file::checksum;
use super::index::{Class, Entry, Indexer, sym_table, transform};
use crate::geometry::{BIT_CELL, CELL_BIT};
use crate::movegen::{MoveList, apply, count_ejections, count_without_ejections, generate_ejections};
use crate::position::{Position, Side};
use crate::unmove::unmoves;

/// The solved classes a solve or a probe can read: whole tables (solved
/// here or loaded from files), or tables a browser fetches chunk by chunk
/// (see `tablebase::web`).
#[derive(Default)]
pub struct Solved {
    tables: BTreeMap<Class, Table>,
}

/// One class's table.
struct Table {
    ix: Indexer,
    values: Values,
    /// Won entries with the strong side to move, per web chunk (the
    /// trainer's draw), counted at first use.
    won: OnceLock<Vec<u64>>,
    /// A whole table's manifest for browsers, made at first request.
    manifest: OnceLock<ClassManifest>,
}

impl Table {
    fn new(class: Class, values: Values) -> Table {
        Table {
            ix: Indexer::new(class),
            values,
            won: OnceLock::new(),
            manifest: OnceLock::new(),
        }
    }

    /// The stored byte of an entry: `None` when the class is fetched and
    /// its chunk not here yet (then reported missing).
    fn code(&self, index: u64) -> Option<u8> {
        match &self.values {
            Values::Whole(v) => v.get(index as usize).copied(),
            Values::Fetched(w) => w.code(index),
        }
    }
}

/// A class's values.
enum Values {
    /// Every entry, in memory.
    Whole(Vec<u8>),
    /// Chunks fetched so far, checked against the class's manifest.
    Fetched(WebTable),
}

impl Solved {
    /// No tables.
    pub fn new() -> Solved {
        Solved::default()
    }

    /// Adds (or replaces) a class's table.
    pub fn insert(&mut self, class: Class, values: Vec<u8>) {
        assert_eq!(values.len() as u64, class.size(), "table of {class}");
        self.tables.insert(class, Table::new(class, Values::Whole(values)));
    }

    /// Adds a class whose chunks are fetched on demand (its manifest and
    /// chunks arrive through `tablebase::web::provide`).
    pub(crate) fn insert_fetched(&mut self, class: Class) {
        self.tables
            .insert(class, Table::new(class, Values::Fetched(WebTable::new(class))));
    }

    /// The fetched table of a class, if the class is fetched.
    pub(crate) fn fetched(&self, class: Class) -> Option<&WebTable> {
        match &self.tables.get(&class)?.values {
            Values::Fetched(w) => Some(w),
            Values::Whole(_) => None,
        }
    }

    /// True when the class is present.
    pub fn contains(&self, class: Class) -> bool {
        self.tables.contains_key(&class)
    }

    /// The stored values of a class, when they are all in memory.
    pub fn values(&self, class: Class) -> Option<&[u8]> {
        match &self.tables.get(&class)?.values {
            Values::Whole(v) => Some(v.as_slice()),
            Values::Fetched(_) => None,
        }
    }

    /// The classes present.
    pub fn classes(&self) -> impl Iterator<Item = Class> + '_ {
        self.tables.keys().copied()
    }

    /// Won entries with the strong side to move, per web chunk of
    /// [`WEB_CHUNK`] entries; `None` when the class is absent or its
    /// manifest not fetched yet.
    pub fn won_per_chunk(&self, class: Class) -> Option<&[u64]> {
        let t = self.tables.get(&class)?;
        match &t.values {
            Values::Whole(v) => Some(t.won.get_or_init(|| won_per_chunk(v)).as_slice()),
            Values::Fetched(w) => w.won(),
        }
    }

    /// Web chunk `k` of a class: its entries `k·WEB_CHUNK..`, when here.
    pub fn chunk(&self, class: Class, k: u64) -> Option<std::borrow::Cow<'_, [u8]>> {
        let t = self.tables.get(&class)?;
        match &t.values {
            Values::Whole(v) => whole_chunk(v, k).map(std::borrow::Cow::Borrowed),
            Values::Fetched(w) => w.chunk(k).map(std::borrow::Cow::Owned),
        }
    }

    /// The manifest browsers check a whole table's chunks against (made
    /// once); `None` when the class is absent or fetched.
    pub fn manifest(&self, class: Class) -> Option<&ClassManifest> {
        let t = self.tables.get(&class)?;
        let Values::Whole(v) = &t.values else { return None };
        Some(t.manifest.get_or_init(|| {
            ClassManifest {
                class: class.to_string(),
                entries: v.len() as u64,
                chunk: WEB_CHUNK,
                checksums: v
                    .chunks(WEB_CHUNK as usize)
                    .map(|c| format!("{:016x}", checksum(c)))
                    .collect(),
                won: t.won.get_or_init(|| won_per_chunk(v)).clone(),
            }
        }))
    }

    /// The value of a Discovery position for its side to move: `Some` when
    /// its class is present (or the game is already decided by material).
    pub fn value(&self, pos: &Position) -> Option<Value> {
        let (b, w) = (pos.count(Side::Black), pos.count(Side::White));
        if b.max(w) > 7 || pos.lose_at() != 1 {
            return None;
        }
        if pos.loser().is_some() {
            // Only the mover ejects: the side to move has lost.
            return Some(Value::Loss(0));
        }
        let t = self.tables.get(&Class::of(b, w)?)?;
        decode(t.code(t.ix.index(&entry_of(pos)))?)
    }
}

/// Chunk `k` of a whole table's values, when it has one.
pub(crate) fn whole_chunk(values: &[u8], k: u64) -> Option<&[u8]> {
    let from = usize::try_from(k.checked_mul(WEB_CHUNK)?).ok()?;
    (from < values.len()).then(|| &values[from..(from + WEB_CHUNK as usize).min(values.len())])
}

/// Counts, per web chunk, the entries with the strong side to move (even
/// indices) that the strong side wins.
pub(crate) fn won_per_chunk(values: &[u8]) -> Vec<u64> {
    values
        .chunks(WEB_CHUNK as usize)
        .map(|chunk| {
            chunk
                .iter()
                .step_by(2)
                .filter(|&&b| matches!(decode(b), Some(Value::Win(_))))
                .count() as u64
        })
        .collect()
}

/// Cell mask of padded bits.
#[inline]
pub(crate) fn cells_of_bits(mut bits: u128) -> u64 {
    let mut m = 0;
    while bits != 0 {
        m |= 1u64 << BIT_CELL[bits.trailing_zeros() as usize];
        bits &= bits - 1;
    }
    m
}

/// Padded bits of a cell mask.
#[inline]
pub(crate) fn bits_of_cells(mut cells: u64) -> u128 {
    let mut b = 0;
    while cells != 0 {
        b |= 1u128 << CELL_BIT[cells.trailing_zeros() as usize];
        cells &= cells - 1;
    }
    b
}

/// The entry of a Discovery position: the side with more marbles is strong
/// (Black when equal).
pub fn entry_of(pos: &Position) -> Entry {
    let (b, w) = (pos.bits(Side::Black), pos.bits(Side::White));
    let black_strong = b.count_ones() >= w.count_ones();
    let (strong, weak) = if black_strong { (b, w) } else { (w, b) };
    Entry {
        strong: cells_of_bits(strong),
        weak: cells_of_bits(weak),
        strong_to_move: (pos.to_move() == Side::Black) == black_strong,
    }
}

/// The position of an entry: the strong side plays Black, Discovery rules.
pub fn position_of(e: &Entry) -> Position {
    let to_move = if e.strong_to_move { Side::Black } else { Side::White };
    Position::from_bits([bits_of_cells(e.strong), bits_of_cells(e.weak)], to_move, Some(1))
}

/// One class to solve, with the solved classes its ejections reach.
pub struct ClassSpace<'a> {
    ix: Indexer,
    solved: &'a Solved,
}

impl<'a> ClassSpace<'a> {
    /// The space of `class`; its dependencies must be in `solved`.
    pub fn new(class: Class, solved: &'a Solved) -> ClassSpace<'a> {
        for dep in class.dependencies() {
            assert!(solved.contains(dep), "{class} needs {dep} solved first");
        }
        ClassSpace {
            ix: Indexer::new(class),
            solved,
        }
    }

    /// The indexer.
    pub fn indexer(&self) -> &Indexer {
        &self.ix
    }

    /// The values (for the side to move there) of the positions the
    /// ejecting moves of `pos` reach, as seen by the ejecting side: calls
    /// `f(value for the mover)` per ejection.
    fn ejections(&self, pos: &Position, mut f: impl FnMut(Value)) {
        let mut list = MoveList::new();
        generate_ejections(pos, &mut list);
        for &m in list.as_slice() {
            let child = apply(pos, m).0;
            let v = match self.solved.value(&child) {
                Some(v) => v,
                None => panic!("no table for {child} (a dependency of {})", self.ix.class),
            };
            f(match v {
                Value::Loss(k) => Value::Win(k + 1),
                Value::Win(k) => Value::Loss(k + 1),
                Value::Draw => Value::Draw,
            });
        }
    }
}

impl BackwardSpace for ClassSpace<'_> {
    fn size(&self) -> u64 {
        self.ix.size()
    }

    fn start(&self, index: u64) -> Start {
        let Some(e) = self.ix.entry(index) else {
            return Start::Hole;
        };
        let pos = position_of(&e);
        let mut outside_win: Option<u32> = None;
        let mut outside_draw = false;
        let mut longest_loss: Option<u32> = None;
        if count_ejections(&pos) > 0 {
            self.ejections(&pos, |v| match v {
                Value::Win(d) => outside_win = Some(outside_win.map_or(d, |w| w.min(d))),
                Value::Draw => outside_draw = true,
                Value::Loss(d) => longest_loss = Some(longest_loss.map_or(d, |l| l.max(d))),
            });
        }
        // A marble with an empty neighbour can step there: a move inside the
        // class. Only walled-in sides need the full count.
        if !has_step(&pos) && self.children(index) == 0 {
            return match (outside_win, outside_draw, longest_loss) {
                (Some(w), _, _) => Start::Won(w),
                (None, true, _) => Start::Draw,
                (None, false, Some(l)) => Start::Lost(l),
                // No move at all: lost on the spot.
                (None, false, None) => Start::Lost(0),
            };
        }
        Start::Open {
            outside_win,
            outside_draw,
        }
    }

    fn children(&self, index: u64) -> u32 {
        let e = self.ix.entry_unchecked(index);
        let pos = position_of(&e);
        let stab = self.ix.position_stabilizer(&e);
        if stab == 0 {
            count_without_ejections(&pos)
        } else {
            children_up_to_symmetry(&pos, stab)
        }
    }

    fn predecessors(&self, index: u64, out: &mut Vec<u64>) {
        let e = self.ix.entry_unchecked(index);
        let orbit = self.ix.orbit(index);
        let pos = position_of(&e);
        let stab = self.ix.stabilizer_in_orbit(orbit, &e);
        // In `pos` the strong side is Black; the side that just moved is the other one.
        let mover_strong = !e.strong_to_move;
        let strong_bits = pos.bits(Side::Black);
        let mut keys: Vec<(u64, u64)> = Vec::new();
        unmoves(&pos, |b, a| {
            let (strong, weak) = if mover_strong { (b, a) } else { (a, b) };
            let q = Entry {
                strong: if strong == strong_bits {
                    e.strong
                } else {
                    cells_of_bits(strong)
                },
                weak: cells_of_bits(weak),
                strong_to_move: mover_strong,
            };
            if stab != 0 {
                // One un-move per orbit under the position's own symmetries.
                let key = orbit_key(&q, stab);
                if keys.contains(&key) {
                    return;
                }
                keys.push(key);
            }
            out.push(if strong == strong_bits {
                // The strong set did not move: it is still canonical.
                self.ix.index_in_orbit(orbit, q.weak, q.strong_to_move)
            } else {
                self.ix.index(&q)
            });
        });
    }

    fn outside_loss(&self, index: u64) -> Option<u32> {
        let pos = position_of(&self.ix.entry_unchecked(index));
        let mut longest = None;
        self.ejections(&pos, |v| {
            let d = match v {
                Value::Loss(d) => d - 1,
                other => unreachable!("asked with an outside {other:?}"),
            };
            longest = Some(longest.map_or(d, |l: u32| l.max(d)));
        });
        longest
    }
}

/// True when some marble of the side to move has an empty neighbour.
#[inline]
fn has_step(pos: &Position) -> bool {
    let own = pos.bits(pos.to_move());
    let empty = crate::geometry::BOARD & !(own | pos.bits(pos.to_move().other()));
    crate::movegen::STEPS
        .iter()
        .any(|&s| own & crate::geometry::pre(empty, s) != 0)
}

/// The smallest image of a position under a set of symmetries (plus the identity).
fn orbit_key(e: &Entry, stab: u16) -> (u64, u64) {
    let sym = sym_table();
    let mut key = (e.strong, e.weak);
    for t in 1..12 {
        if stab & (1 << t) != 0 {
            key = key.min((transform(e.strong, t, sym), transform(e.weak, t, sym)));
        }
    }
    key
}

/// Non-ejecting moves of a symmetric position, counted once per orbit under
/// its symmetries.
fn children_up_to_symmetry(pos: &Position, stab: u16) -> u32 {
    let mut list = MoveList::new();
    crate::movegen::generate(pos, &mut list);
    let mut keys: Vec<(u64, u64)> = Vec::new();
    for (&m, &kind) in list.as_slice().iter().zip(list.kinds()) {
        if kind == crate::movegen::MoveKind::Ejection {
            continue;
        }
        let child = apply(pos, m).0;
        let e = Entry {
            strong: cells_of_bits(child.bits(Side::Black)),
            weak: cells_of_bits(child.bits(Side::White)),
            strong_to_move: child.to_move() == Side::Black,
        };
        let key = orbit_key(&e, stab);
        if !keys.contains(&key) {
            keys.push(key);
        }
    }
    keys.len() as u32
}
