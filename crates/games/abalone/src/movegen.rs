//! The fast move generator: every move class is a handful of shifts and
//! masks over the padded bitboards, and counting moves is a sum of popcounts.
//!
//! For a direction with bit step `s` and own marbles `O`, opponent `P`,
//! empty cells `E` and `F` = not occupied (padding included), the marbles
//! `x` that are the tail of a line moving in that direction are:
//!
//! | class | set |
//! |---|---|
//! | one marble | `O ∩ E−s` |
//! | two in line | `L2 = O ∩ O−s`; simple `L2 ∩ E−2s`; 2 push 1 `L2 ∩ P−2s ∩ F−3s` |
//! | three in line | `L3 = L2 ∩ O−2s`; simple `L3 ∩ E−3s`; 3 push 1 `L3 ∩ P−3s ∩ F−4s`; 3 push 2 `L3 ∩ P−3s ∩ P−4s ∩ F−5s` |
//!
//! where `X−k` is the set of cells `x` with `x + k ∈ X`. A push ejects when
//! the free cell after the pushed group is padding. Broadside moves of a line
//! along axis `a` in direction `d` need `E−d ∩ E−(a+d)` (and `E−(2a+d)` for
//! three). Pac (equal numbers) and pushing into one's own marble fail these
//! masks by construction, and own marbles never move onto padding.

use crate::geometry::{BIT_CELL, BOARD, Dir, pre, shift};
use crate::moves::Move;
use crate::position::{Position, Side, ZOBRIST, ZOBRIST_WHITE};

pub(crate) const STEPS: [i32; 6] = [
    Dir::E.step(),
    Dir::NE.step(),
    Dir::NW.step(),
    Dir::W.step(),
    Dir::SW.step(),
    Dir::SE.step(),
];

/// What a move does to the opponent, for move ordering.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MoveKind {
    /// Moves into empty cells only.
    Quiet = 0,
    /// Pushes opponent marbles without ejecting.
    Push = 1,
    /// Pushes an opponent marble off the board.
    Ejection = 2,
}

/// The most moves a position can have (a generous bound: 14 marbles give
/// at most 14·6 single moves plus lines).
pub const MAX_MOVES: usize = 320;

/// A fixed-capacity move list, so generation never allocates.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    kinds: [MoveKind; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl std::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move::from_parts(0, 1, 0, 0); MAX_MOVES],
            kinds: [MoveKind::Quiet; MAX_MOVES],
            len: 0,
        }
    }

    /// The moves.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// The moves, mutable (for ordering).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }

    /// Each move's kind, parallel to [`MoveList::as_slice`].
    #[inline]
    pub fn kinds(&self) -> &[MoveKind] {
        &self.kinds[..self.len]
    }

    /// Moves and kinds, mutable together.
    #[inline]
    pub fn parts_mut(&mut self) -> (&mut [Move], &mut [MoveKind]) {
        (&mut self.moves[..self.len], &mut self.kinds[..self.len])
    }

    /// The number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when there are no moves.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline(always)]
    fn push_set(&mut self, mut tails: u128, len: u8, axis: u8, dir: u8, kind: MoveKind, first_offset: i32) {
        while tails != 0 {
            let bit = tails.trailing_zeros() as i32;
            tails &= tails - 1;
            let first = BIT_CELL[(bit + first_offset) as usize];
            debug_assert!(first != u8::MAX);
            self.moves[self.len] = Move::from_parts(first, len, axis, dir);
            self.kinds[self.len] = kind;
            self.len += 1;
        }
    }
}

/// The sets of one position, shared by generation and counting.
struct Sets {
    own: u128,
    opp: u128,
    empty: u128,
    free: u128,
    off: u128,
}

impl Sets {
    #[inline(always)]
    fn of(pos: &Position) -> Sets {
        let own = pos.stones[pos.to_move.index()];
        let opp = pos.stones[pos.to_move.other().index()];
        let occ = own | opp;
        Sets {
            own,
            opp,
            empty: BOARD & !occ,
            free: !occ,
            off: !BOARD,
        }
    }
}

/// In-line tails for direction step `s`: (singles, simple2, push2, eject2,
/// simple3, push3, eject3) where push sets exclude ejections.
#[inline(always)]
fn inline_sets(k: &Sets, s: i32) -> [u128; 7] {
    let single = k.own & pre(k.empty, s);
    let l2 = k.own & pre(k.own, s);
    let simple2 = l2 & pre(k.empty, 2 * s);
    let push2 = l2 & pre(k.opp, 2 * s) & pre(k.free, 3 * s);
    let eject2 = push2 & pre(k.off, 3 * s);
    let l3 = l2 & pre(k.own, 2 * s);
    let simple3 = l3 & pre(k.empty, 3 * s);
    let t3 = l3 & pre(k.opp, 3 * s);
    let push31 = t3 & pre(k.free, 4 * s);
    let push32 = t3 & pre(k.opp, 4 * s) & pre(k.free, 5 * s);
    let eject3 = (push31 & pre(k.off, 4 * s)) | (push32 & pre(k.off, 5 * s));
    [
        single,
        simple2,
        push2 & !eject2,
        eject2,
        simple3,
        (push31 | push32) & !eject3,
        eject3,
    ]
}

/// Broadside tails of lines along axis step `a` moving by step `d`: (two, three).
#[inline(always)]
fn broadside_sets(k: &Sets, a: i32, d: i32) -> (u128, u128) {
    let l2 = k.own & pre(k.own, a);
    let l3 = l2 & pre(k.own, 2 * a);
    let both = pre(k.empty, d) & pre(k.empty, a + d);
    (l2 & both, l3 & both & pre(k.empty, 2 * a + d))
}

/// Tails of the lines of `own` that eject a marble of `opp` moving by step
/// `s`: (two pushing one, three pushing one or two).
#[inline(always)]
pub(crate) fn ejecting_tails(own: u128, opp: u128, s: i32) -> (u128, u128) {
    let off = !BOARD;
    let l2 = own & pre(own, s);
    let eject2 = l2 & pre(opp, 2 * s) & pre(off, 3 * s);
    let t3 = l2 & pre(own, 2 * s) & pre(opp, 3 * s);
    let eject3 = (t3 & pre(off, 4 * s)) | (t3 & pre(opp, 4 * s) & pre(off, 5 * s));
    (eject2, eject3)
}

/// Writes every legal move of `pos` into `list` (cleared first), with its
/// kind. The order is fixed (by class, direction and cell) but not sorted.
/// A position whose game is over (a side at or below its losing count) has
/// no moves.
pub fn generate(pos: &Position, list: &mut MoveList) {
    list.len = 0;
    if pos.loser().is_some() {
        return;
    }
    let k = Sets::of(pos);
    for d in 0..6u8 {
        let s = STEPS[d as usize];
        let axis = d % 3;
        // The canonical first cell is the tail for positive steps, the head otherwise.
        let off = |len: i32| if d < 3 { 0 } else { (len - 1) * s };
        let [single, simple2, push2, eject2, simple3, push3, eject3] = inline_sets(&k, s);
        list.push_set(single, 1, 0, d, MoveKind::Quiet, 0);
        list.push_set(simple2, 2, axis, d, MoveKind::Quiet, off(2));
        list.push_set(push2, 2, axis, d, MoveKind::Push, off(2));
        list.push_set(eject2, 2, axis, d, MoveKind::Ejection, off(2));
        list.push_set(simple3, 3, axis, d, MoveKind::Quiet, off(3));
        list.push_set(push3, 3, axis, d, MoveKind::Push, off(3));
        list.push_set(eject3, 3, axis, d, MoveKind::Ejection, off(3));
    }
    for a in 0..3u8 {
        let sa = STEPS[a as usize];
        for d in 0..6u8 {
            if d % 3 == a {
                continue;
            }
            let (two, three) = broadside_sets(&k, sa, STEPS[d as usize]);
            list.push_set(two, 2, a, d, MoveKind::Quiet, 0);
            list.push_set(three, 3, a, d, MoveKind::Quiet, 0);
        }
    }
}

/// Writes only the ejecting moves (for quiescence search).
pub fn generate_ejections(pos: &Position, list: &mut MoveList) {
    list.len = 0;
    if pos.loser().is_some() {
        return;
    }
    let k = Sets::of(pos);
    for d in 0..6u8 {
        let s = STEPS[d as usize];
        let axis = d % 3;
        let off = |len: i32| if d < 3 { 0 } else { (len - 1) * s };
        let (eject2, eject3) = ejecting_tails(k.own, k.opp, s);
        list.push_set(eject2, 2, axis, d, MoveKind::Ejection, off(2));
        list.push_set(eject3, 3, axis, d, MoveKind::Ejection, off(3));
    }
}

/// The number of ejecting moves the side to move has (0 when the game is over).
#[inline]
pub fn count_ejections(pos: &Position) -> u32 {
    if pos.loser().is_some() {
        return 0;
    }
    let k = Sets::of(pos);
    // One call per constant step, so that every shift is a fixed sequence.
    ejections_by::<1>(&k)
        + ejections_by::<12>(&k)
        + ejections_by::<11>(&k)
        + ejections_by::<-1>(&k)
        + ejections_by::<-12>(&k)
        + ejections_by::<-11>(&k)
}

#[inline(always)]
fn ejections_by<const S: i32>(k: &Sets) -> u32 {
    let (e2, e3) = ejecting_tails(k.own, k.opp, S);
    e2.count_ones() + e3.count_ones()
}

/// In-line moves by step `S`; with `EJECT` false, those that push a
/// marble off the board are left out.
#[inline(always)]
fn count_inline<const S: i32, const EJECT: bool>(k: &Sets) -> u32 {
    let free = if EJECT { k.free } else { k.empty };
    let single = k.own & pre(k.empty, S);
    let l2 = k.own & pre(k.own, S);
    let t2 = pre(k.empty, 2 * S) | (pre(k.opp, 2 * S) & pre(free, 3 * S));
    let l3 = l2 & pre(k.own, 2 * S);
    let t3 = pre(k.empty, 3 * S) | (pre(k.opp, 3 * S) & (pre(free, 4 * S) | (pre(k.opp, 4 * S) & pre(free, 5 * S))));
    single.count_ones() + (l2 & t2).count_ones() + (l3 & t3).count_ones()
}

#[inline(always)]
fn count_broadside<const A: i32, const D: i32>(k: &Sets, l2: u128, l3: u128) -> u32 {
    let both = l2 & pre(k.empty, D) & pre(k.empty, A + D);
    both.count_ones() + (both & l3 & pre(k.empty, 2 * A + D)).count_ones()
}

#[inline(always)]
fn count_axis<const A: i32, const D1: i32, const D2: i32, const D3: i32, const D4: i32>(k: &Sets) -> u32 {
    let l2 = k.own & pre(k.own, A);
    let l3 = l2 & pre(k.own, 2 * A);
    count_broadside::<A, D1>(k, l2, l3)
        + count_broadside::<A, D2>(k, l2, l3)
        + count_broadside::<A, D3>(k, l2, l3)
        + count_broadside::<A, D4>(k, l2, l3)
}

/// The number of legal moves, by popcounts only (no list is built).
#[inline]
pub fn count(pos: &Position) -> u32 {
    count_with::<true>(pos)
}

/// The number of legal moves of `pos` that eject no marble: `count(pos) −
/// count_ejections(pos)` in one pass (the tablebases' moves inside a class).
pub fn count_without_ejections(pos: &Position) -> u32 {
    count_with::<false>(pos)
}

#[inline(always)]
fn count_with<const EJECT: bool>(pos: &Position) -> u32 {
    if pos.loser().is_some() {
        return 0;
    }
    let k = Sets::of(pos);
    // Steps: E 1, NE 12, NW 11, W −1, SW −12, SE −11 (constants, so every
    // shift compiles to a fixed instruction sequence).
    count_inline::<1, EJECT>(&k)
        + count_inline::<12, EJECT>(&k)
        + count_inline::<11, EJECT>(&k)
        + count_inline::<-1, EJECT>(&k)
        + count_inline::<-12, EJECT>(&k)
        + count_inline::<-11, EJECT>(&k)
        + count_axis::<1, 12, 11, -12, -11>(&k)
        + count_axis::<12, 1, 11, -1, -11>(&k)
        + count_axis::<11, 1, 12, -1, -12>(&k)
}

#[inline(always)]
fn toggle(hash: &mut u64, side: usize, mut bits: u128) {
    while bits != 0 {
        *hash ^= ZOBRIST[side][bits.trailing_zeros() as usize];
        bits &= bits - 1;
    }
}

/// Plays a move known to be legal (copy-make); returns the new position and
/// whether an opponent marble was ejected.
///
/// # Panics
///
/// Debug builds assert the move's marbles belong to the side to move; an
/// illegal move otherwise yields an unspecified (but memory-safe) position.
/// Use [`Position::play`] for moves from outside.
#[inline]
pub fn apply(pos: &Position, m: Move) -> (Position, bool) {
    let me = pos.to_move.index();
    let them = 1 - me;
    let mut own = pos.stones[me];
    let mut opp = pos.stones[them];
    let mut hash = pos.hash ^ ZOBRIST_WHITE;
    let line = m.line_bits();
    debug_assert_eq!(line & own, line, "move {m} does not move own marbles");
    let s = m.dir().step();
    let dest = shift(line, s);
    let mut ejected = false;
    if m.is_inline() {
        // The head is the line's highest bit for positive steps, lowest otherwise.
        let head = if s > 0 {
            1u128 << (127 - line.leading_zeros())
        } else {
            line & line.wrapping_neg()
        };
        let front = shift(head, s);
        if front & opp != 0 {
            let mut group = front;
            let next = shift(front, s);
            if next & opp != 0 {
                group |= next;
            }
            let moved = shift(group, s);
            let landed = moved & BOARD;
            ejected = landed != moved;
            opp = (opp & !group) | landed;
            toggle(&mut hash, them, group ^ landed);
        }
    }
    own = (own & !line) | dest;
    toggle(&mut hash, me, line ^ dest);
    let mut stones = [0; 2];
    stones[me] = own;
    stones[them] = opp;
    (
        Position {
            stones,
            to_move: pos.to_move.other(),
            lose_at: pos.lose_at,
            hash,
        },
        ejected,
    )
}

/// Error for an illegal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0} is not a legal move here")]
pub struct IllegalMove(pub Move);

impl Position {
    /// Every legal move, sorted.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut list = MoveList::new();
        generate(self, &mut list);
        let mut v = list.as_slice().to_vec();
        v.sort_unstable();
        v
    }

    /// True when `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        let mut list = MoveList::new();
        generate(self, &mut list);
        list.as_slice().contains(&m)
    }

    /// Plays a move after checking it is legal.
    pub fn play(&self, m: Move) -> Result<Position, IllegalMove> {
        if self.is_legal(m) {
            Ok(apply(self, m).0)
        } else {
            Err(IllegalMove(m))
        }
    }

    /// Plays a move known to be legal.
    ///
    /// # Panics
    ///
    /// Debug builds panic when the moved marbles are not the mover's; see [`apply`].
    pub fn play_unchecked(&self, m: Move) -> Position {
        apply(self, m).0
    }

    /// The side that is not to move.
    pub fn waiting(&self) -> Side {
        self.to_move.other()
    }
}
