//! The general meld solver: a hand of faces (a face held twice, jokers,
//! cards of wild ranks) split exactly into melds and deadwood under any
//! [`MeldRules`], by dynamic programming over what is left of it.
//!
//! Wild cards are interchangeable in a meld, so the melds take the most
//! valuable first and the ones left over, as deadwood, are the least
//! valuable. A card of a wild rank that may stand as itself is tried both
//! ways: the search runs once for each way of splitting those cards into
//! natural and wild (a few at most).

use crate::card::french::Suit;

use super::faces::{Face, FaceHand};
use super::meld::FaceMeld;
use super::memo::Memo;
use super::rules::{MeldRules, RulesError};
use super::search::{Cost, Ctx, NONE, State, Step, best};

/// The most wild cards a hand may hold.
pub const MAX_WILDS: usize = 31;

/// A hand split into melds and deadwood by the [`MeldSolver`].
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Melding {
    melds: Vec<FaceMeld>,
    deadwood: FaceHand,
    points: u32,
}

impl Melding {
    /// The melds, in the order of their lowest natural card.
    #[inline]
    pub fn melds(&self) -> &[FaceMeld] {
        &self.melds
    }

    /// The cards in no meld, wild cards included.
    #[inline]
    pub fn deadwood(&self) -> &FaceHand {
        &self.deadwood
    }

    /// The deadwood's points.
    #[inline]
    pub fn deadwood_points(&self) -> u32 {
        self.points
    }

    /// The number of runs.
    pub fn runs(&self) -> usize {
        self.melds.iter().filter(|m| m.run_span().is_some()).count()
    }

    /// The number of runs without a wild card.
    pub fn pure_runs(&self) -> usize {
        self.melds
            .iter()
            .filter(|m| m.run_span().is_some() && m.is_pure())
            .count()
    }
}

impl std::fmt::Display for Melding {
    /// Each meld in brackets, then the deadwood and its points:
    /// `[5♥ Jk 7♥] [9♣ 9♦ 9♠] | K♣ (10)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for m in &self.melds {
            write!(f, "[{m}] ")?;
        }
        write!(f, "| {} ({})", self.deadwood, self.points)
    }
}

impl std::fmt::Debug for Melding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Melding({self})")
    }
}

/// The general meld solver of a game: its rules, and the memo and buffers
/// it reuses from hand to hand (after the first hands, a solve allocates
/// nothing but the [`Melding`] it returns).
///
/// It returns the partition with the fewest deadwood points that meets the
/// rules' declaration; among those, the one with the fewest deadwood
/// cards, then the fewest melds, then the first the search finds. It does
/// not rearrange melds already on the table: laying off onto them is the
/// one-word path's [`best_layoff`](super::word::OneDeckMelds::best_layoff).
#[derive(Clone)]
pub struct MeldSolver {
    rules: MeldRules,
    bits: u32,
    memo: Memo,
    /// The hand's cards of wild ranks that may stand as themselves, and
    /// how many of each: the ways to split them are tried in turn.
    wild_faces: Vec<(Face, u8)>,
    /// The wild cards of the split being solved, most valuable first.
    pool: Vec<(u8, Face)>,
    /// `leftover[w]`: the points of the `w` least valuable of them.
    leftover: Vec<u32>,
}

impl std::fmt::Debug for MeldSolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MeldSolver")
            .field("rules", &self.rules)
            .finish_non_exhaustive()
    }
}

/// How a split of the hand starts the search.
struct Start {
    state: State,
    /// The natural cards.
    naturals: FaceHand,
}

impl MeldSolver {
    /// A solver for these rules.
    ///
    /// # Errors
    /// When the rules do not [`check`](MeldRules::check).
    pub fn new(rules: MeldRules) -> Result<MeldSolver, RulesError> {
        rules.check()?;
        let suited = rules.runs.is_some() || rules.sets.is_some_and(|s| s.distinct_suits);
        Ok(MeldSolver {
            rules,
            bits: if suited { 2 } else { 4 },
            memo: Memo::default(),
            wild_faces: Vec::new(),
            pool: Vec::new(),
            leftover: Vec::new(),
        })
    }

    /// The rules.
    #[inline]
    pub fn rules(&self) -> &MeldRules {
        &self.rules
    }

    /// The deadwood points of the hand's best partition, or `None` when
    /// no partition meets the declaration.
    ///
    /// # Panics
    /// When the hand holds more than [`MAX_WILDS`] wild cards, or more
    /// cards of a face than the packed counts hold: 3 when the rules read
    /// suits (runs, or sets of different suits), else 15 of a rank.
    pub fn deadwood(&mut self, hand: &FaceHand) -> Option<u32> {
        self.search(hand).map(|(cost, _)| (cost >> 32) as u32)
    }

    /// The hand's best partition (see the type's order), or `None` when
    /// no partition meets the declaration.
    ///
    /// # Panics
    /// As [`deadwood`](Self::deadwood).
    pub fn solve(&mut self, hand: &FaceHand) -> Option<Melding> {
        let (cost, split) = self.search(hand)?;
        let start = self.start(hand, split);
        let ctx = Ctx {
            rules: &self.rules,
            bits: self.bits,
            leftover: &self.leftover,
        };
        let memo = &mut self.memo;
        memo.clear();
        let mut st = start.state;
        debug_assert_eq!(best(&ctx, memo, st), cost);
        let mut left = start.naturals;
        let mut melds = Vec::new();
        let mut deadwood = FaceHand::EMPTY;
        let mut next_wild = 0;
        while st.rest != 0 {
            let target = best(&ctx, memo, st);
            let mut chosen = None;
            ctx.moves(st.rest, st.wilds, st.set, &mut |m| {
                if chosen.is_none() {
                    let (next, add) = ctx.apply(&m, st);
                    let sub = best(&ctx, memo, next);
                    if sub != NONE && sub + add == target {
                        chosen = Some(m);
                    }
                }
            });
            let m = chosen.expect("a step reaches the state's best");
            let naturals = take(&ctx, &mut left, m.taken);
            let wilds: FaceHand = self.pool[next_wild..next_wild + usize::from(m.wilds)]
                .iter()
                .map(|&(_, f)| f)
                .collect();
            next_wild += usize::from(m.wilds);
            let lowest = m.taken.trailing_zeros() / self.bits;
            match m.step {
                Step::Dead => deadwood = deadwood.plus(&naturals),
                Step::Set => melds.push(FaceMeld::set((lowest % 13) as u8, naturals, wilds)),
                Step::Run { low, high } => {
                    let suit = Suit::ALL[(lowest / 13) as usize];
                    melds.push(FaceMeld::run(suit, low, high, naturals, wilds));
                }
            }
            st = ctx.apply(&m, st).0;
        }
        deadwood = deadwood.plus(&self.pool[next_wild..].iter().map(|&(_, f)| f).collect());
        let points = (cost >> 32) as u32;
        debug_assert_eq!(points, deadwood.iter().map(|f| self.value(f)).sum::<u32>());
        Some(Melding {
            melds,
            deadwood,
            points,
        })
    }

    /// A card's deadwood value.
    fn value(&self, face: Face) -> u32 {
        match face {
            Face::Suited { rank, .. } => u32::from(self.rules.values[usize::from(rank)]),
            Face::Joker => u32::from(self.rules.joker_value),
        }
    }

    /// The best cost over every split of the wild-rank cards into natural
    /// and wild, and the split (its index in the order tried).
    fn search(&mut self, hand: &FaceHand) -> Option<(Cost, usize)> {
        self.wild_faces.clear();
        if self.rules.wilds.as_natural {
            for suit in Suit::ALL {
                for rank in (0..13).filter(|&r| self.rules.is_wild_rank(r)) {
                    let face = Face::new(rank, suit);
                    if hand.count(face) > 0 {
                        self.wild_faces.push((face, hand.count(face)));
                    }
                }
            }
        }
        let splits: usize = self.wild_faces.iter().map(|&(_, n)| usize::from(n) + 1).product();
        let mut out: Option<(Cost, usize)> = None;
        for split in 0..splits {
            let start = self.start(hand, split);
            self.memo.clear();
            let ctx = Ctx {
                rules: &self.rules,
                bits: self.bits,
                leftover: &self.leftover,
            };
            let cost = best(&ctx, &mut self.memo, start.state);
            if cost != NONE && out.is_none_or(|(c, _)| cost < c) {
                out = Some((cost, split));
            }
        }
        out
    }

    /// The start of split number `split` (mixed radix over `wild_faces`:
    /// digit `i` the number of cards of face `i` that stand as themselves),
    /// with the pool of wild cards and its leftover points set.
    fn start(&mut self, hand: &FaceHand, mut split: usize) -> Start {
        self.pool.clear();
        let mut naturals = *hand;
        for _ in 0..hand.jokers() {
            naturals.remove(Face::Joker);
            self.pool.push((self.rules.joker_value, Face::Joker));
        }
        let mut keep = FaceHand::EMPTY;
        for &(face, n) in &self.wild_faces {
            let k = split % (usize::from(n) + 1);
            split /= usize::from(n) + 1;
            for _ in 0..k {
                keep.add(face);
            }
        }
        for suit in Suit::ALL {
            for rank in (0..13).filter(|&r| self.rules.is_wild_rank(r)) {
                let face = Face::new(rank, suit);
                for _ in 0..hand.count(face) {
                    if !keep.remove(face) {
                        naturals.remove(face);
                        self.pool.push((self.rules.values[usize::from(rank)], face));
                    }
                }
            }
        }
        assert!(self.pool.len() <= MAX_WILDS, "at most {MAX_WILDS} wild cards in a hand");
        // Most valuable first; equal values in face order.
        self.pool.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        self.leftover.clear();
        self.leftover.push(0);
        for &(v, _) in self.pool.iter().rev() {
            let last = *self.leftover.last().unwrap_or(&0);
            self.leftover.push(last + u32::from(v));
        }
        let max = (1u32 << self.bits) - 1;
        let mut rest = 0u128;
        for (s, suit) in Suit::ALL.into_iter().enumerate() {
            for rank in 0..13u8 {
                let n = u32::from(naturals.count(Face::new(rank, suit)));
                let idx = if self.bits == 2 {
                    s as u32 * 13 + u32::from(rank)
                } else {
                    u32::from(rank)
                };
                let now = (rest >> (idx * self.bits)) as u32 & max;
                assert!(
                    now + n <= max,
                    "more than {max} natural cards of a face (or rank) in a hand"
                );
                rest += u128::from(n) << (idx * self.bits);
            }
        }
        let need = self.rules.declaration.map_or(0, |d| d.runs | d.pure_runs << 2);
        Start {
            state: State {
                rest,
                wilds: self.pool.len() as u8,
                need,
                set: 0,
            },
            naturals,
        }
    }
}

/// The faces of packed counts `taken`, taken out of `left` (the natural
/// cards not yet placed): by suit and rank, or, when suits are merged, the
/// rank's cards of the lowest suits first.
fn take(ctx: &Ctx, left: &mut FaceHand, taken: u128) -> FaceHand {
    let mut out = FaceHand::EMPTY;
    let fields = if ctx.bits == 2 { 52 } else { 13 };
    for idx in 0..fields {
        for _ in 0..ctx.count(taken, idx) {
            let rank = (idx % 13) as u8;
            let face = if ctx.bits == 2 {
                Face::new(rank, Suit::ALL[(idx / 13) as usize])
            } else {
                let suit = Suit::ALL.into_iter().find(|&s| left.count(Face::new(rank, s)) > 0);
                Face::new(rank, suit.expect("a natural card of the rank is left"))
            };
            left.remove(face);
            out.add(face);
        }
    }
    out
}
