//! Counting hands: the values, the wild rank a cut joker makes, whether a
//! declaration is valid, what a hand counts against its holder, and the
//! meld solvers of each wild rank, kept with their memos.

use tabula_cards::CardId;
use tabula_cards::melds::{Face, FaceHand, MeldRules, MeldSolver, Melding};

use crate::cards::rank;
use crate::options::FULL_COUNT;

/// The points of each rank as deadwood (0 the ace … 12 the king): aces
/// and court cards 10, the others their number.
pub const VALUES: [u8; 13] = [10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10];

/// The rank a cut joker makes wild: its own, or the aces when the cut
/// card is a printed joker.
pub fn wild_rank(cut: CardId) -> u8 {
    rank(cut).unwrap_or(0)
}

/// The meld rules of a deal whose wild rank is `wild`: the plugin's Indian
/// Rummy (sets of three or four in different suits, sequences of three or
/// more with the ace low or high, jokers and the wild rank wild, a
/// declaration of two sequences, one pure), the wild rank counting 0.
pub fn rules(wild: u8) -> MeldRules {
    let mut values = VALUES;
    values[usize::from(wild)] = 0;
    MeldRules::indian_rummy(values, Some(wild))
}

/// The same melds without the declaration's demand: how far a hand is
/// from melding, whatever its sequences (the computer's measure).
pub fn loose_rules(wild: u8) -> MeldRules {
    MeldRules {
        declaration: None,
        ..rules(wild)
    }
}

/// A meld solver for each wild rank, built when first asked and kept with
/// its memo, under the declaration's rules or the loose ones.
#[derive(Debug, Default)]
pub struct Solvers {
    strict: [Option<MeldSolver>; 13],
    loose: [Option<MeldSolver>; 13],
}

impl Clone for Solvers {
    /// A fresh set (memos are caches, not state).
    fn clone(&self) -> Self {
        Solvers::default()
    }
}

impl Solvers {
    /// The solver of `wild` under the declaration's rules.
    pub fn strict(&mut self, wild: u8) -> &mut MeldSolver {
        self.strict[usize::from(wild)]
            .get_or_insert_with(|| MeldSolver::new(rules(wild)).expect("Indian Rummy's rules are valid"))
    }

    /// The solver of `wild` under the loose rules.
    pub fn loose(&mut self, wild: u8) -> &mut MeldSolver {
        self.loose[usize::from(wild)]
            .get_or_insert_with(|| MeldSolver::new(loose_rules(wild)).expect("Indian Rummy's rules are valid"))
    }

    /// The least deadwood of `hand` under the declaration (`None`: no
    /// two sequences with one pure).
    pub fn declared(&mut self, wild: u8, hand: &FaceHand) -> Option<u32> {
        self.strict(wild).deadwood(hand)
    }

    /// What `hand` counts against its holder at a deal's end.
    pub fn count(&mut self, wild: u8, hand: &FaceHand) -> u32 {
        self.declared(wild, hand)
            .unwrap_or_else(|| hand.iter().map(|f| value(wild, f)).sum())
            .min(FULL_COUNT)
    }

    /// Whether `hand` (thirteen cards) is a valid declaration: two
    /// sequences, one pure, every other card in a group. A wild card left
    /// out counts 0 and could join a sequence at either end, so no
    /// deadwood points is a valid show.
    pub fn valid(&mut self, wild: u8, hand: &FaceHand) -> bool {
        self.declared(wild, hand) == Some(0)
    }

    /// The best arrangement of `hand` as shown: under the declaration
    /// when it has two sequences, one pure (then `true`, and it counts its
    /// deadwood), else the loose rules' (every card counts); with what the
    /// hand counts, at most 80.
    pub fn shown(&mut self, wild: u8, hand: &FaceHand) -> (Melding, u32, bool) {
        match self.strict(wild).solve(hand) {
            Some(m) => {
                let points = m.deadwood_points().min(FULL_COUNT);
                (m, points, true)
            }
            None => {
                let m = self.loose(wild).solve(hand).expect("loose rules arrange every hand");
                let all: u32 = hand.iter().map(|f| value(wild, f)).sum();
                (m, all.min(FULL_COUNT), false)
            }
        }
    }
}

/// A card's points when `wild` is the wild rank: its rank's value, 0 for
/// a joker or a card of the wild rank.
pub fn value(wild: u8, face: Face) -> u32 {
    match face {
        Face::Suited { rank, .. } if rank != wild => u32::from(VALUES[usize::from(rank)]),
        _ => 0,
    }
}
