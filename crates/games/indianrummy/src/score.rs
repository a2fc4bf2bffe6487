//! Counting hands: the values, the wild rank a cut joker makes, whether a
//! declaration is valid, what a hand counts against its holder, and the
//! meld solvers of each wild rank, kept with their memos.

use tabula_cards::CardId;
use tabula_cards::melds::{FaceHand, MeldRules, MeldSolver, Melding};

use crate::cards::{Cards, faces, rank};
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
        let all = || {
            let r = rules(wild);
            hand.iter()
                .map(|f| match f {
                    tabula_cards::melds::Face::Suited { rank, .. } => u32::from(r.values[usize::from(rank)]),
                    tabula_cards::melds::Face::Joker => 0,
                })
                .sum::<u32>()
        };
        self.declared(wild, hand).unwrap_or_else(all).min(FULL_COUNT)
    }

    /// Whether `hand` (thirteen cards) is a valid declaration: two
    /// sequences, one pure, every other card in a group. A wild card left
    /// out counts 0 and could join a sequence at either end, so no
    /// deadwood points is a valid show.
    pub fn valid(&mut self, wild: u8, hand: &FaceHand) -> bool {
        self.declared(wild, hand) == Some(0)
    }

    /// The best arrangement of `hand`: under the declaration when it has
    /// one, else the loose rules'.
    pub fn arrange(&mut self, wild: u8, hand: &FaceHand) -> Melding {
        match self.strict(wild).solve(hand) {
            Some(m) => m,
            None => self.loose(wild).solve(hand).expect("loose rules arrange every hand"),
        }
    }
}

/// What `hand` counts, from its cards.
pub fn count_cards(solvers: &mut Solvers, cut: CardId, hand: Cards) -> u32 {
    solvers.count(wild_rank(cut), &faces(hand))
}
