//! A climbing game's combinations as data: [`Shape`]s, one per kind, and
//! the [`Rules`] that list them.
//!
//! A shape is a main part and its kickers. The main part is either a run
//! ([`Run`]: `each` cards on each of `len` consecutive ranks within
//! a range, `len` between a shortest and a longest chain; a kind that is
//! no chain has exactly one rank) or a fixed set of cards
//! ([`Main::Fixed`]: Dou Dizhu's rocket, Guandan's four jokers). The
//! kickers ([`Kickers`]) come `per_rank` for each main rank, each of
//! `width` cards of one rank, from the ranks a mask allows.
//!
//! The rules of kickers, as the generator implements them: the kickers of
//! one combination are of distinct ranks, none of a rank of its main
//! part, each exactly `width` cards of its rank, and the ranks of
//! [`Rules::apart`] are never all among them (Dou Dizhu: never both
//! jokers, which would be the rocket).
//!
//! The shapes are listed in increasing order of their kinds, so that the
//! generator lists combinations in order with no sort
//! ([`Rules::check`] says whether they are).
//!
//! Two more inputs serve a game like Guandan:
//!
//! - **The chain order** ([`Rules::with_order`]): a run of more than one
//!   rank lies along a sequence of the game's ranks rather than their
//!   order, so that the ace may start a straight (A 2 3 4 5) and end one
//!   (10 J Q K A), and the level rank, ranked above the ace alone, takes
//!   its natural place in a chain. A chain's main rank is then its first
//!   place in the sequence. Without it the sequence is the ranks.
//! - **Wild cards** ([`Rules::with_wild`]): the ranks a wild card may
//!   stand for, read by [`wild`](super::wild) (jokers never, in Guandan).
//! - **Flushes** ([`Main::Flush`]): a run of single cards of one suit
//!   (the straight flush), which rank counts cannot see: listed from the
//!   suits by [`flush`](super::flush), skipped by the generator of
//!   counts.

use crate::climbing::combo::{Combo, ComboKind};
use crate::climbing::counts::{Counts, MAX_COUNT, MAX_RANKS, spread};

/// The main part of a run: `each` cards on each of `len` consecutive
/// ranks, the ranks within `low ..= high`, `min_len <= len <= max_len`; a
/// kind that is no chain has `min_len = max_len = 1`. The combination's
/// main rank is its lowest; its length `len`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    /// Cards of each main rank.
    pub each: u8,
    /// The lowest main rank.
    pub low: u8,
    /// The highest main rank.
    pub high: u8,
    /// The shortest chain.
    pub min_len: u8,
    /// The longest chain.
    pub max_len: u8,
}

/// The main part of a shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Main {
    /// Cards on consecutive ranks ([`Run`]).
    Run(Run),
    /// One card of each rank of a run ([`Run`] with `each` 1), all of one
    /// suit: a straight flush. Suits are beyond [`Counts`], so the
    /// generator of counts skips it; [`flush`](super::flush) lists it.
    Flush(Run),
    /// Exactly `cards`, read with main rank `rank` and length 1.
    Fixed {
        /// The combination's main rank.
        rank: u8,
        /// Its cards.
        cards: Counts,
    },
}

/// The kickers of a shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kickers {
    /// Kickers for each main rank (0: none).
    pub per_rank: u8,
    /// Cards of each kicker, all of one rank: 1 a single, 2 a pair.
    pub width: u8,
    /// The ranks a kicker may be, one bit per rank.
    pub ranks: u16,
}

impl Kickers {
    /// No kicker.
    pub const NONE: Kickers = Kickers {
        per_rank: 0,
        width: 0,
        ranks: 0,
    };
}

/// How the combinations of one kind are made (see the [module
/// documentation](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape<K> {
    /// The kind.
    pub kind: K,
    /// The main part.
    pub main: Main,
    /// The kickers.
    pub kickers: Kickers,
    /// The kind's tier in the bomb order ([`ComboKind::tier`], which
    /// [`Rules::check`] holds it to): kept here too so that the
    /// generator finds the bombs without asking every kind.
    pub tier: u8,
}

impl<K> Shape<K> {
    /// `each` cards of one rank within `low ..= high`: a single, a pair,
    /// a trio, a bomb.
    pub const fn group(kind: K, each: u8, low: u8, high: u8) -> Shape<K> {
        Shape::chain(kind, each, low, high, 1, 1)
    }

    /// `each` cards on each of `min_len` to `max_len` consecutive ranks
    /// within `low ..= high`: a straight, a chain of pairs, an airplane.
    pub const fn chain(kind: K, each: u8, low: u8, high: u8, min_len: u8, max_len: u8) -> Shape<K> {
        Shape {
            kind,
            main: Main::Run(Run {
                each,
                low,
                high,
                min_len,
                max_len,
            }),
            kickers: Kickers::NONE,
            tier: 0,
        }
    }

    /// A straight flush: one card of each of `min_len` to `max_len`
    /// consecutive places of the chain order within `low ..= high`, all
    /// of one suit.
    pub const fn flush(kind: K, low: u8, high: u8, min_len: u8, max_len: u8) -> Shape<K>
    where
        K: Copy,
    {
        let run = Shape::chain(kind, 1, low, high, min_len, max_len);
        match run.main {
            Main::Run(r) => Shape {
                main: Main::Flush(r),
                ..run
            },
            _ => unreachable!(),
        }
    }

    /// Exactly `cards`, read with main rank `rank`: the rocket.
    pub const fn fixed(kind: K, rank: u8, cards: Counts) -> Shape<K> {
        Shape {
            kind,
            main: Main::Fixed { rank, cards },
            kickers: Kickers::NONE,
            tier: 0,
        }
    }

    /// The same as a bomb of tier `tier` (see [`ComboKind::tier`]).
    pub const fn bomb(self, tier: u8) -> Shape<K>
    where
        K: Copy,
    {
        Shape { tier, ..self }
    }

    /// What this shape may play on `target` ([`Combo::beats`]):
    /// every combination of a shape of a higher tier (`Some((0, None))`),
    /// those of the target's own kind from the rank above its main rank
    /// with its length (`Some((rank + 1, Some(len)))`), else nothing.
    pub fn answers(&self, target: &Combo<K>) -> Option<(u8, Option<u8>)>
    where
        K: ComboKind,
    {
        if self.tier > target.kind.tier() {
            Some((0, None))
        } else if self.kind == target.kind {
            Some((target.rank.checked_add(1)?, Some(target.len)))
        } else {
            None
        }
    }

    /// The same with `per_rank` kickers of `width` cards for each main
    /// rank, of the ranks in `ranks` (one bit per rank).
    pub const fn with_kickers(self, per_rank: u8, width: u8, ranks: u16) -> Shape<K>
    where
        K: Copy,
    {
        Shape {
            kickers: Kickers { per_rank, width, ranks },
            ..self
        }
    }
}

/// What is wrong with a ruleset's data ([`Rules::check`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("shape {shape}: {problem}")]
pub struct RulesError {
    /// The index of the shape at fault (the number of shapes for a fault
    /// of the ruleset as a whole).
    pub shape: usize,
    /// What is wrong.
    pub problem: &'static str,
}

/// A climbing game's combinations: how many ranks, the shapes in order
/// of kind, the ranks never all kickers together, and (where the game
/// has them) the chain order and the ranks a wild card may stand for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules<K: 'static> {
    ranks: u8,
    shapes: &'static [Shape<K>],
    apart: u16,
    /// The chain order: the rank at each place (empty: the ranks
    /// themselves).
    order: &'static [u8],
    /// The ranks a wild card may stand for, one bit per rank.
    wild: u16,
    /// The shapes of a tier above 0, one bit per shape.
    bombs: u32,
    /// `apart`, nibble-spaced (bit `4 * rank`).
    apart_nibbles: u64,
    /// Each shape's kicker ranks, nibble-spaced.
    kicker_nibbles: [u64; MAX_SHAPES],
}

/// The most shapes a ruleset holds.
pub const MAX_SHAPES: usize = 32;

/// Whether the shape is a chain: a run of more than one rank (on the
/// chain order), or a flush.
pub(crate) const fn is_chain(main: Main) -> bool {
    match main {
        Main::Run(r) => r.max_len > 1,
        Main::Flush(_) => true,
        Main::Fixed { .. } => false,
    }
}

/// The first fault of the data, in a form a `const` can evaluate.
const fn fault<K>(ranks: u8, shapes: &[Shape<K>], apart: u16, order: &[u8], wild: u16) -> Option<RulesError> {
    if ranks == 0 || ranks as usize > MAX_RANKS {
        return problem(shapes.len(), "the ranks number 1 to 16");
    }
    let every = if ranks as usize == MAX_RANKS {
        u16::MAX
    } else {
        (1 << ranks) - 1
    };
    if shapes.len() > MAX_SHAPES {
        return problem(shapes.len(), "at most 32 shapes");
    }
    if apart & !every != 0 || apart.count_ones() == 1 {
        return problem(shapes.len(), "the ranks kept apart are two or more of the ranks");
    }
    if wild & !every != 0 {
        return problem(shapes.len(), "a wild card stands for ranks of the game");
    }
    if order.len() > MAX_RANKS {
        return problem(shapes.len(), "the chain order has at most 16 places");
    }
    let mut p = 0;
    while p < order.len() {
        if order[p] >= ranks {
            return problem(shapes.len(), "the chain order holds ranks of the game");
        }
        p += 1;
    }
    // The places of a chain: the chain order's, else the ranks.
    let places = if order.is_empty() { ranks } else { order.len() as u8 };
    let mut i = 0;
    while i < shapes.len() {
        let k = shapes[i].kickers;
        match shapes[i].main {
            Main::Run(r) | Main::Flush(r) => {
                if r.each == 0 || r.each > MAX_COUNT {
                    return problem(i, "a main rank has 1 to 15 cards");
                }
                let top = if is_chain(shapes[i].main) { places } else { ranks };
                if r.low > r.high || r.high >= top {
                    return problem(
                        i,
                        "the main ranks lie within the ranks (a chain's within its order), low to high",
                    );
                }
                if r.min_len == 0 || r.min_len > r.max_len || r.max_len > r.high - r.low + 1 {
                    return problem(i, "the chain's lengths fit its range, shortest first");
                }
                if matches!(shapes[i].main, Main::Flush(_)) && (r.each != 1 || k.per_rank != 0) {
                    return problem(i, "a flush is one card a rank, with no kicker");
                }
                // No chain may hold one rank twice (the ace at both ends
                // of a chain order).
                if is_chain(shapes[i].main) {
                    let mut a = r.low as usize;
                    while a <= r.high as usize && !order.is_empty() {
                        let mut b = a + 1;
                        while b <= r.high as usize && b < a + r.max_len as usize {
                            if order[a] == order[b] {
                                return problem(i, "a chain would hold a rank twice");
                            }
                            b += 1;
                        }
                        a += 1;
                    }
                }
            }
            Main::Fixed { rank, cards } => {
                let beyond = if ranks as usize == MAX_RANKS {
                    0
                } else {
                    cards.0 >> (4 * ranks as u32)
                };
                if cards.0 == 0 || beyond != 0 || rank >= ranks {
                    return problem(i, "a fixed combination holds cards of the ranks");
                }
                if k.per_rank != 0 {
                    return problem(i, "a fixed combination takes no kickers");
                }
            }
        }
        if (k.per_rank == 0) != (k.width == 0) || k.width > MAX_COUNT || k.ranks & !every != 0 {
            return problem(i, "kickers have a width of 1 to 15 cards, of the ranks");
        }
        i += 1;
    }
    None
}

/// A fault of shape `shape`.
const fn problem(shape: usize, problem: &'static str) -> Option<RulesError> {
    Some(RulesError { shape, problem })
}

impl<K> Rules<K> {
    /// A ruleset of `ranks` ranks (1 to 16), its `shapes` in increasing
    /// order of kind, and the ranks never all among one combination's
    /// kickers (`apart`, one bit per rank; 0 for none).
    ///
    /// # Panics
    /// When the data is out of range (a rank past `ranks`, a chain longer
    /// than its range, kickers of no width, …): at compile time in a
    /// `const`. The order of kinds is [`Rules::check`]'s.
    pub const fn new(ranks: u8, shapes: &'static [Shape<K>], apart: u16) -> Rules<K> {
        if let Some(e) = fault(ranks, shapes, apart, &[], 0) {
            panic!("{}", e.problem);
        }
        let mut bombs = 0;
        let mut kicker_nibbles = [0; MAX_SHAPES];
        let mut i = 0;
        while i < shapes.len() {
            if shapes[i].tier > 0 {
                bombs |= 1 << i;
            }
            kicker_nibbles[i] = spread(shapes[i].kickers.ranks);
            i += 1;
        }
        Rules {
            ranks,
            shapes,
            apart,
            order: &[],
            wild: 0,
            bombs,
            apart_nibbles: spread(apart),
            kicker_nibbles,
        }
    }

    /// The same, its chains (runs of more than one rank, and flushes)
    /// lying along `order`: the rank at each place, a rank at two places
    /// at most once in any chain (the ace low and high). A chain's `low`
    /// and `high` and its combinations' main rank are then places.
    ///
    /// # Panics
    /// As [`Rules::new`], and when a place is no rank or a chain could
    /// hold a rank twice.
    pub const fn with_order(self, order: &'static [u8]) -> Rules<K> {
        if let Some(e) = fault(self.ranks, self.shapes, self.apart, order, self.wild) {
            panic!("{}", e.problem);
        }
        Rules { order, ..self }
    }

    /// The same, a wild card standing for any rank of `wild` (one bit per
    /// rank) in the readings of [`wild`](super::wild).
    ///
    /// # Panics
    /// When `wild` names a rank past the game's.
    pub const fn with_wild(self, wild: u16) -> Rules<K> {
        if let Some(e) = fault(self.ranks, self.shapes, self.apart, self.order, wild) {
            panic!("{}", e.problem);
        }
        Rules { wild, ..self }
    }

    /// The chain order: the rank at each place (empty when the places are
    /// the ranks).
    #[inline]
    pub fn order(&self) -> &'static [u8] {
        self.order
    }

    /// The number of places a chain may lie on: the chain order's, else
    /// the ranks'.
    #[inline]
    pub fn places(&self) -> u8 {
        if self.order.is_empty() {
            self.ranks
        } else {
            self.order.len() as u8
        }
    }

    /// The rank at place `place` of the chain order.
    #[inline]
    pub fn rank_at(&self, place: u8) -> u8 {
        match self.order.get(usize::from(place)) {
            Some(&r) => r,
            None => place,
        }
    }

    /// The ranks a wild card may stand for, one bit per rank.
    #[inline]
    pub fn wild(&self) -> u16 {
        self.wild
    }

    /// Places as a nibble-spaced set (bit `4 * place`) turned into the
    /// set of their ranks, nibble-spaced.
    #[inline]
    pub(crate) fn ranks_of_places(&self, places: u64) -> u64 {
        if self.order.is_empty() {
            return places;
        }
        let mut out = 0;
        let mut left = places;
        while left != 0 {
            let p = left.trailing_zeros() / 4;
            left &= left - 1;
            out |= 1 << (4 * u32::from(self.order[p as usize]));
        }
        out
    }

    /// Ranks as a nibble-spaced set turned into the set of the places that
    /// hold them, nibble-spaced.
    #[inline]
    pub(crate) fn places_of_ranks(&self, ranks: u64) -> u64 {
        if self.order.is_empty() {
            return ranks;
        }
        let mut out = 0;
        for (p, &r) in self.order.iter().enumerate() {
            out |= (ranks >> (4 * u32::from(r)) & 1) << (4 * p);
        }
        out
    }

    /// The number of ranks.
    #[inline]
    pub fn ranks(&self) -> u8 {
        self.ranks
    }

    /// The shapes, in increasing order of kind.
    #[inline]
    pub fn shapes(&self) -> &'static [Shape<K>] {
        self.shapes
    }

    /// The ranks never all among one combination's kickers, one bit per
    /// rank.
    #[inline]
    pub fn apart(&self) -> u16 {
        self.apart
    }

    /// The shapes of a tier above 0 (the bombs), one bit per shape.
    #[inline]
    pub(crate) fn bombs(&self) -> u32 {
        self.bombs
    }

    /// The ranks kept apart among kickers, nibble-spaced (bit `4 * rank`).
    #[inline]
    pub(crate) fn apart_nibbles(&self) -> u64 {
        self.apart_nibbles
    }

    /// The ranks the kickers of shape `i` may be, nibble-spaced.
    #[inline]
    pub(crate) fn kicker_nibbles(&self, i: usize) -> u64 {
        self.kicker_nibbles[i & (MAX_SHAPES - 1)]
    }
}

impl<K: ComboKind> Rules<K> {
    /// Checks the data: what [`Rules::new`] checks, that the kinds
    /// strictly increase (the generator's order is the combinations'),
    /// and that each shape's tier is its kind's.
    ///
    /// # Errors
    /// The first fault found.
    pub fn check(&self) -> Result<(), RulesError> {
        if let Some(e) = fault(self.ranks, self.shapes, self.apart, self.order, self.wild) {
            return Err(e);
        }
        if let Some(i) = self.shapes.windows(2).position(|w| w[0].kind >= w[1].kind) {
            return Err(RulesError {
                shape: i + 1,
                problem: "the kinds do not increase",
            });
        }
        match self.shapes.iter().position(|s| s.tier != s.kind.tier()) {
            Some(shape) => Err(RulesError {
                shape,
                problem: "the shape's tier is not its kind's",
            }),
            None => Ok(()),
        }
    }
}
