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

use crate::climbing::combo::ComboKind;
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
/// of kind, and the ranks never all kickers together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules<K: 'static> {
    ranks: u8,
    shapes: &'static [Shape<K>],
    apart: u16,
    /// The shapes of a tier above 0, one bit per shape.
    bombs: u32,
    /// `apart`, nibble-spaced (bit `4 * rank`).
    apart_nibbles: u64,
    /// Each shape's kicker ranks, nibble-spaced.
    kicker_nibbles: [u64; MAX_SHAPES],
}

/// The most shapes a ruleset holds.
pub const MAX_SHAPES: usize = 32;

/// The first fault of the data, in a form a `const` can evaluate.
const fn fault<K>(ranks: u8, shapes: &[Shape<K>], apart: u16) -> Option<RulesError> {
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
    let mut i = 0;
    while i < shapes.len() {
        let k = shapes[i].kickers;
        match shapes[i].main {
            Main::Run(r) => {
                if r.each == 0 || r.each > MAX_COUNT {
                    return problem(i, "a main rank has 1 to 15 cards");
                }
                if r.low > r.high || r.high >= ranks {
                    return problem(i, "the main ranks lie within the ranks, low to high");
                }
                if r.min_len == 0 || r.min_len > r.max_len || r.max_len > r.high - r.low + 1 {
                    return problem(i, "the chain's lengths fit its range, shortest first");
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
        if let Some(e) = fault(ranks, shapes, apart) {
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
            bombs,
            apart_nibbles: spread(apart),
            kicker_nibbles,
        }
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
        if let Some(e) = fault(self.ranks, self.shapes, self.apart) {
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
