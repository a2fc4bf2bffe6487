//! The reference the general solver is checked against: a plain brute
//! force over every partition of a small hand of faces into groups, each
//! group read as a meld by trying every choice of which cards stand as
//! wild, with runs checked by numbering the ranks 1 to 14 (the ace 1 or
//! 14) rather than by the solver's places. Exponential in the hand's size
//! (ten cards take milliseconds): for tests and for measuring the solver
//! against it on small hands, never for play.
//!
//! ```
//! use tabula_cards::melds::{FaceHand, MeldRules, MeldSolver, brute};
//!
//! let rules = MeldRules::indian_rummy([10, 2, 3, 4, 5, 0, 7, 8, 9, 10, 10, 10, 10], Some(5));
//! let hand = FaceHand::parse("3h 4h 5h 8c 9c Jk 7s").unwrap();
//! let (points, _, _) = brute::brute(&rules, &hand).unwrap();
//! assert_eq!(MeldSolver::new(rules).unwrap().deadwood(&hand), Some(points));
//! ```

use super::{Face, FaceHand, MeldRules};

/// The order the solver documents: deadwood points, deadwood cards, melds
/// (the least is the best partition).
pub type Order = (u32, u32, u32);

/// The best way a group of cards can count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Reading {
    /// A set of this rank.
    Set(u8),
    /// A run with a wild card.
    Run,
    /// A run without one.
    PureRun,
}

/// A card's deadwood value.
pub fn value(rules: &MeldRules, face: Face) -> u32 {
    match face {
        Face::Suited { rank, .. } => u32::from(rules.values[usize::from(rank)]),
        Face::Joker => u32::from(rules.joker_value),
    }
}

/// Whether natural cards `nat` and `wild` wild cards are a set.
fn is_set(rules: &MeldRules, nat: &[(u8, u8)], wild: usize) -> Option<u8> {
    let s = rules.sets?;
    let rank = nat[0].0;
    let size = nat.len() + wild;
    let distinct = (0..nat.len()).all(|i| (0..i).all(|j| nat[i].1 != nat[j].1));
    let ok = nat.iter().all(|&(r, _)| r == rank)
        && s.ranks >> rank & 1 == 1
        && size >= usize::from(s.min)
        && size <= usize::from(s.max)
        && (!s.distinct_suits || (distinct && size <= 4));
    ok.then_some(rank)
}

/// Whether natural cards `nat` and `wild` wild cards are a run: the ranks
/// numbered 2 to 13, the ace 1 below or 14 above, one number a card, and a
/// stretch of `size` numbers covering them all within the ends allowed.
fn is_run(rules: &MeldRules, nat: &[(u8, u8)], wild: usize) -> bool {
    let Some(r) = rules.runs else { return false };
    let size = nat.len() + wild;
    if size < usize::from(r.min) || nat.iter().any(|&(_, s)| s != nat[0].1) {
        return false;
    }
    let lowest = if r.aces.low() { 1 } else { 2 };
    let highest = if r.aces.high() { 14 } else { 13 };
    [1usize, 14].iter().any(|&ace| {
        let mut nums: Vec<usize> = nat
            .iter()
            .map(|&(rank, _)| if rank == 0 { ace } else { usize::from(rank) + 1 })
            .collect();
        nums.sort_unstable();
        nums.dedup();
        if nums.len() < nat.len() {
            return false;
        }
        let (lo, hi) = (nums[0], nums[nums.len() - 1]);
        (lowest..=lo).any(|a| {
            let end = a + size - 1;
            end >= hi && end <= highest && !(a == 1 && end == 14)
        })
    })
}

/// The best reading of a group, over every choice of its wild cards
/// (jokers always; a wild rank's card, or as itself where the rules let
/// it), or `None` when no choice makes a meld.
pub fn reading(rules: &MeldRules, cards: &[Face]) -> Option<Reading> {
    let mut best = None;
    for mask in 0u32..1 << cards.len() {
        let mut nat = Vec::new();
        let mut fits = true;
        for (i, &c) in cards.iter().enumerate() {
            let as_wild = mask >> i & 1 == 1;
            match c {
                Face::Joker => fits &= as_wild,
                Face::Suited { rank, suit } => {
                    let wild_rank = rules.wilds.ranks >> rank & 1 == 1;
                    if as_wild {
                        fits &= wild_rank;
                    } else {
                        fits &= !wild_rank || rules.wilds.as_natural;
                        nat.push((rank, suit as u8));
                    }
                }
            }
        }
        let wild = mask.count_ones() as usize;
        if !fits || nat.len() < usize::from(rules.wilds.min_natural.max(1)) || wild > usize::from(rules.wilds.max_wild)
        {
            continue;
        }
        if is_run(rules, &nat, wild) {
            best = best.max(Some(if wild == 0 { Reading::PureRun } else { Reading::Run }));
        }
        if let Some(rank) = is_set(rules, &nat, wild) {
            best = best.max(Some(Reading::Set(rank)));
        }
    }
    best
}

/// The least order over every partition of `hand` into melds and
/// deadwood that meets the declaration (and, under one set per rank, has
/// no two sets of a rank), or `None` when none does.
pub fn brute(rules: &MeldRules, hand: &FaceHand) -> Option<Order> {
    struct Walk<'a> {
        rules: &'a MeldRules,
        best: Option<Order>,
    }
    impl Walk<'_> {
        fn go(&mut self, rest: &[Face], set_ranks: u16, runs: u8, pure: u8, acc: Order) {
            let Some((&first, others)) = rest.split_first() else {
                let met = self
                    .rules
                    .declaration
                    .is_none_or(|d| runs >= d.runs && pure >= d.pure_runs);
                if met && self.best.is_none_or(|b| acc < b) {
                    self.best = Some(acc);
                }
                return;
            };
            let dead = (acc.0 + value(self.rules, first), acc.1 + 1, acc.2);
            self.go(others, set_ranks, runs, pure, dead);
            for mask in 1u32..1 << others.len() {
                let mut group = vec![first];
                let mut left = Vec::new();
                for (i, &c) in others.iter().enumerate() {
                    if mask >> i & 1 == 1 {
                        group.push(c);
                    } else {
                        left.push(c);
                    }
                }
                let melded = (acc.0, acc.1, acc.2 + 1);
                match reading(self.rules, &group) {
                    None => {}
                    Some(Reading::PureRun) => self.go(&left, set_ranks, runs + 1, pure + 1, melded),
                    Some(Reading::Run) => self.go(&left, set_ranks, runs + 1, pure, melded),
                    Some(Reading::Set(rank)) => {
                        let one = self.rules.sets.is_some_and(|s| s.one_per_rank);
                        if !one || set_ranks >> rank & 1 == 0 {
                            self.go(&left, set_ranks | 1 << rank, runs, pure, melded);
                        }
                    }
                }
            }
        }
    }
    let cards: Vec<Face> = hand.iter().collect();
    let mut walk = Walk { rules, best: None };
    walk.go(&cards, 0, 0, 0, (0, 0, 0));
    walk.best
}
