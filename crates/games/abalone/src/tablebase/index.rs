//! The index of a material class: combinatorial ranking of the marbles'
//! cells, folded by the 12 symmetries of the hexagon.
//!
//! An entry is `(orbit, weak rank, side to move)`:
//!
//! - `orbit` numbers the orbits of the strong side's cell sets under the
//!   symmetries, in the order of their smallest (canonical) member;
//! - the weak side's cells, moved by the symmetry that makes the strong set
//!   canonical, are ranked among the cells the canonical strong set leaves
//!   free (colex order); when the canonical strong set is itself symmetric,
//!   the smallest rank over its stabilizer is taken;
//! - the side to move is the last bit.
//!
//! Every position has exactly one entry and symmetric positions share it.
//! Entries whose weak rank is not the smallest over the stabilizer are
//! holes (no position maps there). Cell sets are `u64` masks of cell indices
//! (bit `i` is cell `i`, see [`Cell::index`](crate::Cell::index)).

use std::sync::OnceLock;

use crate::geometry::{CELLS, Cell, Symmetry};

/// `BINOM[n][k]` = n choose k, for n ≤ 61, k ≤ 7.
pub(crate) const BINOM: [[u64; 8]; 62] = {
    let mut t = [[0u64; 8]; 62];
    let mut n = 0;
    while n < 62 {
        t[n][0] = 1;
        let mut k = 1;
        while k < 8 {
            t[n][k] = if n == 0 { 0 } else { t[n - 1][k - 1] + t[n - 1][k] };
            k += 1;
        }
        n += 1;
    }
    t
};

/// The image of every cell under every symmetry.
static SYM: OnceLock<[[u8; CELLS]; 12]> = OnceLock::new();

#[inline]
pub(crate) fn sym_table() -> &'static [[u8; CELLS]; 12] {
    SYM.get_or_init(|| {
        let mut t = [[0u8; CELLS]; 12];
        for s in Symmetry::all() {
            for c in Cell::all() {
                t[s.index()][c.index()] = s.cell(c).index() as u8;
            }
        }
        t
    })
}

/// The image of a cell mask under symmetry `s`.
#[inline]
pub(crate) fn transform(mask: u64, s: usize, sym: &[[u8; CELLS]; 12]) -> u64 {
    let mut m = mask;
    let mut out = 0;
    while m != 0 {
        let c = m.trailing_zeros() as usize;
        m &= m - 1;
        out |= 1u64 << sym[s][c];
    }
    out
}

/// The colex rank of a cell mask among masks of the same size.
#[inline]
pub(crate) fn rank(mask: u64) -> u64 {
    let mut m = mask;
    let mut r = 0;
    let mut i = 1;
    while m != 0 {
        let c = m.trailing_zeros() as usize;
        m &= m - 1;
        r += BINOM[c][i];
        i += 1;
    }
    r
}

/// The rank of `mask` among the cells not in `taken` (both cell masks).
#[inline]
pub(crate) fn rank_in_complement(mask: u64, taken: u64) -> u64 {
    let mut m = mask;
    let mut r = 0;
    let mut i = 1;
    while m != 0 {
        let c = m.trailing_zeros();
        m &= m - 1;
        let below = (taken & ((1u64 << c) - 1)).count_ones();
        r += BINOM[(c - below) as usize][i];
        i += 1;
    }
    r
}

/// The `k`-subset of `0..n` with colex rank `r`, as a bit mask over `0..n`.
pub(crate) fn unrank(mut r: u64, k: usize) -> u64 {
    let mut mask = 0;
    for i in (1..=k).rev() {
        // The largest c with C(c, i) ≤ r.
        let mut c = i - 1;
        while c + 1 < 62 && BINOM[c + 1][i] <= r {
            c += 1;
        }
        r -= BINOM[c][i];
        mask |= 1u64 << c;
    }
    mask
}

/// Spreads a mask over the cells not in `taken`: bit `j` of `compact` goes
/// to the `j`-th free cell.
#[inline]
pub(crate) fn expand(compact: u64, taken: u64) -> u64 {
    let mut out = 0;
    let mut m = compact;
    while m != 0 {
        let j = m.trailing_zeros();
        m &= m - 1;
        // Walk the taken cells in order: each one at or below the
        // candidate pushes it one further.
        let mut c = j;
        let mut t = taken;
        while t != 0 {
            let b = t.trailing_zeros();
            if b > c {
                break;
            }
            c += 1;
            t &= t - 1;
        }
        out |= 1u64 << c;
    }
    out
}

static COMPACT: [[OnceLock<Vec<u64>>; 7]; 62] = [const { [const { OnceLock::new() }; 7] }; 62];

/// Every `k`-subset of `0..n` as a mask, by colex rank.
pub(crate) fn subsets(n: usize, k: usize) -> &'static [u64] {
    COMPACT[n][k].get_or_init(|| (0..BINOM[n][k]).map(|r| unrank(r, k)).collect())
}

/// The orbits of the `x`-subsets of the cells under the symmetries.
#[derive(Debug)]
pub struct StrongSets {
    /// Marbles per set.
    pub x: usize,
    /// Per rank: the orbit (high bits) and a symmetry taking the set to
    /// its orbit's canonical set (low 4 bits), packed so one lookup does.
    located: Vec<u32>,
    /// Per orbit: the canonical (smallest-rank) set.
    canonical: Vec<u64>,
    /// Per orbit: the stabilizer of the canonical set (bit `s` for symmetry `s`).
    stabilizer: Vec<u16>,
}

impl StrongSets {
    /// Builds the orbits of `x`-subsets (1 ≤ x ≤ 6).
    pub fn new(x: usize) -> StrongSets {
        assert!((1..=6).contains(&x));
        let sym = sym_table();
        let total = BINOM[CELLS][x] as usize;
        let mut located = vec![u32::MAX; total];
        let mut canonical = Vec::new();
        let mut stabilizer = Vec::new();
        let mut mask = (1u64 << x) - 1;
        for r in 0..total {
            debug_assert_eq!(rank(mask) as usize, r);
            if located[r] == u32::MAX {
                // The smallest member of a new orbit: every image has a larger rank.
                let id = canonical.len() as u32;
                canonical.push(mask);
                let mut stab = 0u16;
                for s in 0..12 {
                    let image = transform(mask, s, sym);
                    let ir = rank(image) as usize;
                    if ir == r {
                        stab |= 1 << s;
                    }
                    if located[ir] == u32::MAX {
                        // A symmetry taking the image back to `mask`: the inverse of `s`.
                        let back = Symmetry::new(s).expect("12 symmetries").inverse().index() as u32;
                        located[ir] = (id << 4) | back;
                    }
                }
                stabilizer.push(stab);
            }
            mask = next_combination(mask);
        }
        StrongSets {
            x,
            located,
            canonical,
            stabilizer,
        }
    }

    /// The number of orbits.
    pub fn orbits(&self) -> usize {
        self.canonical.len()
    }

    /// The orbit of a set and a symmetry taking it to the canonical set.
    #[inline]
    pub fn locate(&self, mask: u64) -> (u32, usize) {
        let l = self.located[rank(mask) as usize];
        (l >> 4, (l & 15) as usize)
    }

    /// The canonical set of an orbit.
    #[inline]
    pub fn canonical(&self, orbit: u32) -> u64 {
        self.canonical[orbit as usize]
    }

    /// The stabilizer of an orbit's canonical set, as a bit set of symmetries.
    #[inline]
    pub fn stabilizer(&self, orbit: u32) -> u16 {
        self.stabilizer[orbit as usize]
    }
}

/// The next mask with the same number of bits (Gosper's hack).
fn next_combination(m: u64) -> u64 {
    let c = m & m.wrapping_neg();
    let r = m + c;
    (((r ^ m) >> 2) / c) | r
}

static STRONG: [OnceLock<StrongSets>; 7] = [const { OnceLock::new() }; 7];

/// The shared orbit table of `x`-subsets, built on first use.
pub fn strong_sets(x: usize) -> &'static StrongSets {
    STRONG[x].get_or_init(|| StrongSets::new(x))
}

/// A material class: `strong` marbles against `weak` (strong ≥ weak ≥ 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Class {
    /// Marbles of the strong side (Black when the sides are equal).
    pub strong: u8,
    /// Marbles of the weak side.
    pub weak: u8,
}

/// Why a class name was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a class like 4v2 (strong ≥ weak ≥ 2, strong ≤ 6, weak ≤ 5)")]
pub struct ClassError(pub String);

impl Class {
    /// The class `strong`v`weak`, if it is one.
    pub fn new(strong: u8, weak: u8) -> Option<Class> {
        (strong >= weak && weak >= 2 && strong <= 6 && weak <= 5).then_some(Class { strong, weak })
    }

    /// The class of a material balance (either order), if it is one.
    pub fn of(a: u32, b: u32) -> Option<Class> {
        let (s, w) = if a >= b { (a, b) } else { (b, a) };
        Class::new(u8::try_from(s).ok()?, u8::try_from(w).ok()?)
    }

    /// True for 2v2, 3v3…
    pub fn equal(self) -> bool {
        self.strong == self.weak
    }

    /// Weak ranks per orbit.
    #[inline]
    pub fn weak_sets(self) -> u64 {
        BINOM[CELLS - self.strong as usize][self.weak as usize]
    }

    /// Entries of the index.
    pub fn size(self) -> u64 {
        strong_sets(self.strong as usize).orbits() as u64 * self.weak_sets() * 2
    }

    /// Every position of the class, before folding symmetries.
    pub fn concrete_size(self) -> u64 {
        BINOM[CELLS][self.strong as usize] * self.weak_sets() * 2
    }

    /// The classes that ejections lead to (solved first).
    pub fn dependencies(self) -> Vec<Class> {
        let mut out = Vec::new();
        // The strong side ejects a weak marble.
        if let Some(c) = Class::of(u32::from(self.strong), u32::from(self.weak) - 1) {
            out.push(c);
        }
        // The weak side ejects a strong marble.
        if let Some(c) = Class::of(u32::from(self.strong) - 1, u32::from(self.weak))
            && !out.contains(&c)
        {
            out.push(c);
        }
        out
    }
}

impl std::fmt::Display for Class {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}v{}", self.strong, self.weak)
    }
}

impl std::str::FromStr for Class {
    type Err = ClassError;
    fn from_str(s: &str) -> Result<Class, ClassError> {
        let bad = || ClassError(s.to_string());
        let (a, b) = s.trim().split_once(['v', 'V']).ok_or_else(bad)?;
        let a: u8 = a.parse().map_err(|_| bad())?;
        let b: u8 = b.parse().map_err(|_| bad())?;
        Class::new(a, b).ok_or_else(bad)
    }
}

/// A position of a class, by side: the strong side's and the weak side's
/// cell masks, and whether the strong side is to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The strong side's cells.
    pub strong: u64,
    /// The weak side's cells.
    pub weak: u64,
    /// The strong side is to move.
    pub strong_to_move: bool,
}

/// The indexer of one class.
#[derive(Debug, Clone, Copy)]
pub struct Indexer {
    /// The class.
    pub class: Class,
    sets: &'static StrongSets,
    weak_sets: u64,
    compact: &'static [u64],
}

impl Indexer {
    /// The indexer of a class (builds its orbit table on first use).
    pub fn new(class: Class) -> Indexer {
        Indexer {
            class,
            sets: strong_sets(class.strong as usize),
            weak_sets: class.weak_sets(),
            compact: subsets(CELLS - class.strong as usize, class.weak as usize),
        }
    }

    /// Entries of the index.
    pub fn size(&self) -> u64 {
        self.sets.orbits() as u64 * self.weak_sets * 2
    }

    /// The orbit of an entry's strong set.
    #[inline]
    pub fn orbit(&self, index: u64) -> u32 {
        (index / 2 / self.weak_sets) as u32
    }

    /// The entry index of a position (any symmetric image gives the same).
    #[inline]
    pub fn index(&self, e: &Entry) -> u64 {
        let (orbit, s) = self.sets.locate(e.strong);
        let weak = transform(e.weak, s, sym_table());
        self.index_in_orbit(orbit, weak, e.strong_to_move)
    }

    /// The entry index of a position whose strong set is already its
    /// orbit's canonical set.
    #[inline]
    pub fn index_in_orbit(&self, orbit: u32, weak: u64, strong_to_move: bool) -> u64 {
        let sym = sym_table();
        let c = self.sets.canonical(orbit);
        let mut r = rank_in_complement(weak, c);
        let stab = self.sets.stabilizer(orbit);
        if stab != 1 {
            // The smallest rank over the canonical set's own symmetries.
            for t in 1..12 {
                if stab & (1 << t) != 0 {
                    r = r.min(rank_in_complement(transform(weak, t, sym), c));
                }
            }
        }
        (u64::from(orbit) * self.weak_sets + r) * 2 + u64::from(!strong_to_move)
    }

    /// The position an entry stands for, or `None` for a hole.
    #[inline]
    pub fn entry(&self, index: u64) -> Option<Entry> {
        let e = self.entry_unchecked(index);
        let orbit = (index / 2 / self.weak_sets) as u32;
        let stab = self.sets.stabilizer(orbit);
        if stab != 1 {
            let sym = sym_table();
            let r = (index / 2) % self.weak_sets;
            for t in 1..12 {
                if stab & (1 << t) != 0 && rank_in_complement(transform(e.weak, t, sym), e.strong) < r {
                    return None;
                }
            }
        }
        Some(e)
    }

    /// The position of an entry, holes included.
    #[inline]
    pub fn entry_unchecked(&self, index: u64) -> Entry {
        let strong_to_move = index % 2 == 0;
        let rest = index / 2;
        let orbit = (rest / self.weak_sets) as u32;
        let r = rest % self.weak_sets;
        let strong = self.sets.canonical(orbit);
        let weak = expand(self.compact[r as usize], strong);
        Entry {
            strong,
            weak,
            strong_to_move,
        }
    }

    /// The number of symmetries fixing an entry's position (1 to 12); the
    /// entry stands for `12 / symmetries` positions.
    pub fn symmetries(&self, index: u64) -> u32 {
        let orbit = self.orbit(index);
        let stab = self.sets.stabilizer(orbit);
        if stab == 1 {
            // Most strong sets have no symmetry: no need to decode the entry.
            return 1;
        }
        let e = self.entry_unchecked(index);
        let sym = sym_table();
        (0..12)
            .filter(|&t| stab & (1 << t) != 0 && transform(e.weak, t, sym) == e.weak)
            .count() as u32
    }

    /// The symmetries (other than the identity) that fix an entry's
    /// position, as a bit set.
    #[inline]
    pub fn position_stabilizer(&self, e: &Entry) -> u16 {
        let (orbit, _) = self.sets.locate(e.strong);
        self.stabilizer_in_orbit(orbit, e)
    }

    /// As [`Indexer::position_stabilizer`], for a position whose strong set
    /// lies in `orbit`.
    #[inline]
    pub fn stabilizer_in_orbit(&self, orbit: u32, e: &Entry) -> u16 {
        let stab = self.sets.stabilizer(orbit);
        if stab == 1 {
            return 0;
        }
        let sym = sym_table();
        let mut out = 0;
        for t in 1..12 {
            if transform(e.strong, t, sym) == e.strong && transform(e.weak, t, sym) == e.weak {
                out |= 1 << t;
            }
        }
        out
    }
}
