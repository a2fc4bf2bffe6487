//! The rules of melding as data: what a set is, what a run is, which cards
//! are wild and how many a meld may hold, what a hand must show to be
//! declared, and the deadwood value of each card. One value describes Gin
//! Rummy, Canasta or Indian Rummy; the solver reads nothing else, and a
//! game whose rules fit the one-word path gets that path from
//! [`MeldRules::one_deck`].

use super::word::OneDeckMelds;

/// A rank mask with every rank (bit `r` for rank `r`, 0 the ace).
pub const ALL_RANKS: u16 = (1 << 13) - 1;

/// Where the ace stands in a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Aces {
    /// Below the two only: A-2-3 is a run, Q-K-A is not.
    Low,
    /// Above the king only: Q-K-A is a run, A-2-3 is not.
    High,
    /// Either, in one run not both: A-2-3 and Q-K-A are runs, K-A-2 is
    /// not (no wrapping round).
    LowOrHigh,
}

impl Aces {
    /// Whether the ace may stand below the two.
    #[inline]
    pub fn low(self) -> bool {
        self != Aces::High
    }

    /// Whether the ace may stand above the king.
    #[inline]
    pub fn high(self) -> bool {
        self != Aces::Low
    }
}

/// Sets: cards of one rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SetRules {
    /// The fewest cards, wild cards included.
    pub min: u8,
    /// The most cards, wild cards included (`u8::MAX`: no limit).
    pub max: u8,
    /// Whether the natural cards must be of different suits (then a set
    /// holds four cards at most, wild cards standing for missing suits).
    pub distinct_suits: bool,
    /// The ranks that may form a set (bit `r` for rank `r`).
    pub ranks: u16,
    /// Whether a hand may hold one set of a rank at most (Canasta's one
    /// meld of each rank per side): the cards of the rank a set leaves
    /// out are deadwood.
    pub one_per_rank: bool,
}

impl SetRules {
    /// Three or four cards of a rank, of different suits, any rank, any
    /// number of sets of a rank: the rummy games' sets.
    pub const THREE_OR_FOUR: SetRules = SetRules {
        min: 3,
        max: 4,
        distinct_suits: true,
        ranks: ALL_RANKS,
        one_per_rank: false,
    };
}

/// Runs (sequences): cards of one suit in consecutive ranks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RunRules {
    /// The fewest cards, wild cards included.
    pub min: u8,
    /// Where the ace stands.
    pub aces: Aces,
}

/// Wild cards: the printed jokers are always wild; these rules add the
/// cards of some ranks and limit how many wild cards a meld holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WildRules {
    /// The ranks whose every card is wild (bit `r` for rank `r`): Canasta's
    /// twos, Indian Rummy's cut joker.
    pub ranks: u16,
    /// Whether a card of a wild rank may also stand as itself, as a natural
    /// card (Indian Rummy: the cut joker in its own place keeps a sequence
    /// pure); if not, it is only ever wild (Canasta's twos).
    pub as_natural: bool,
    /// The fewest natural cards in a meld (at least one: a meld of wild
    /// cards alone is never formed).
    pub min_natural: u8,
    /// The most wild cards in a meld (`u8::MAX`: no limit).
    pub max_wild: u8,
}

impl WildRules {
    /// No wild card but jokers, no limit: what a game without wild cards
    /// gives (and it deals no joker).
    pub const NONE: WildRules = WildRules {
        ranks: 0,
        as_natural: false,
        min_natural: 1,
        max_wild: u8::MAX,
    };
}

/// What a hand must show to be declared: at least `runs` runs, at least
/// `pure_runs` of them without a wild card (Indian Rummy: two sequences,
/// one pure). A partition that falls short is not one the solver returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Declaration {
    /// The fewest runs (at most 3).
    pub runs: u8,
    /// The fewest runs without a wild card (at most `runs`).
    pub pure_runs: u8,
}

/// Every rule of melding the solver reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MeldRules {
    /// The deadwood value of a card of each rank (0 the ace … 12 the
    /// king), wild ranks included.
    pub values: [u8; 13],
    /// The deadwood value of a joker.
    pub joker_value: u8,
    /// Sets, if the game has them.
    pub sets: Option<SetRules>,
    /// Runs, if the game has them.
    pub runs: Option<RunRules>,
    /// Wild cards.
    pub wilds: WildRules,
    /// What a declared hand must show, if anything.
    pub declaration: Option<Declaration>,
}

/// Why rules do not describe melding the solver can do.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// Neither sets nor runs.
    #[error("the rules allow neither sets nor runs")]
    NoMelds,
    /// A set's or a run's least size under two, or a set's range empty.
    #[error("a meld has two cards at least, and a set's least size is at most its greatest")]
    Sizes,
    /// `min_natural` of zero.
    #[error("a meld holds one natural card at least")]
    AllWild,
    /// A declaration asking more than three runs, or more pure runs than
    /// runs, or runs from rules without runs.
    #[error("a declaration asks for at most three runs, no more pure runs than runs, and rules with runs")]
    Declaration,
}

impl MeldRules {
    /// Gin Rummy's melding (pagat): one deck, no wild card, sets of three
    /// or four of a rank, runs of three or more ace low; `values` the
    /// deadwood values.
    pub const fn gin_rummy(values: [u8; 13]) -> MeldRules {
        MeldRules {
            values,
            joker_value: 0,
            sets: Some(SetRules::THREE_OR_FOUR),
            runs: Some(RunRules {
                min: 3,
                aces: Aces::Low,
            }),
            wilds: WildRules::NONE,
            declaration: None,
        }
    }

    /// Canasta's melding (pagat, classic): sets only, of three or more
    /// cards of a rank, at least two natural and at most three wild; the
    /// jokers and the twos wild, never natural (so no set of twos); one
    /// meld of a rank. `values` the cards' values (pagat: twos 20, jokers 50),
    /// which the least deadwood counts: the cards left in hand, which count
    /// against a side. The game removes what the rules set apart before it
    /// asks (red threes; black threes, melded only when going out).
    pub const fn canasta(values: [u8; 13], joker_value: u8) -> MeldRules {
        MeldRules {
            values,
            joker_value,
            sets: Some(SetRules {
                min: 3,
                max: u8::MAX,
                distinct_suits: false,
                ranks: ALL_RANKS,
                one_per_rank: true,
            }),
            runs: None,
            wilds: WildRules {
                ranks: 1 << 1,
                as_natural: false,
                min_natural: 2,
                max_wild: 3,
            },
            declaration: None,
        }
    }

    /// Indian Rummy's melding (13 cards, two decks, printed jokers):
    /// sets of three or four cards of one rank in different suits;
    /// sequences of three or more of a suit, the ace low or high, no
    /// wrapping; the jokers and every card of `cut_rank` (the cut joker's
    /// rank, if any) wild, a cut joker standing as itself when it is in its
    /// own place; a meld holds one natural card at least; a declaration
    /// shows two sequences, one of them pure. `values` the points of each
    /// rank as deadwood (the caller gives the cut rank 0), jokers 0.
    pub const fn indian_rummy(values: [u8; 13], cut_rank: Option<u8>) -> MeldRules {
        // Gin Rummy's sets; runs, wild cards and a declaration of its own.
        MeldRules {
            runs: Some(RunRules {
                min: 3,
                aces: Aces::LowOrHigh,
            }),
            wilds: WildRules {
                ranks: match cut_rank {
                    Some(r) => 1 << r,
                    None => 0,
                },
                as_natural: true,
                min_natural: 1,
                max_wild: u8::MAX,
            },
            declaration: Some(Declaration { runs: 2, pure_runs: 1 }),
            ..MeldRules::gin_rummy(values)
        }
    }

    /// Whether the rules describe melding the solver can do.
    ///
    /// # Errors
    /// The first problem found.
    pub fn check(&self) -> Result<(), RulesError> {
        if self.sets.is_none() && self.runs.is_none() {
            return Err(RulesError::NoMelds);
        }
        if self.sets.is_some_and(|s| s.min < 2 || s.min > s.max) || self.runs.is_some_and(|r| r.min < 2) {
            return Err(RulesError::Sizes);
        }
        if self.wilds.min_natural == 0 {
            return Err(RulesError::AllWild);
        }
        let bad = |d: Declaration| d.runs > 3 || d.pure_runs > d.runs || (d.runs > 0 && self.runs.is_none());
        if self.declaration.is_some_and(bad) {
            return Err(RulesError::Declaration);
        }
        Ok(())
    }

    /// The one-word path, when these rules are the ones it implements: a
    /// single deck (the caller's hands hold no face twice and no joker),
    /// no wild rank, sets of three or four (of different suits, which one
    /// deck makes sure of) of any rank, not one per rank, runs of three or
    /// more ace low, no declaration. A game asks once and keeps the answer
    /// (a `static` [`OneDeckMelds`]); `None` sends it to the
    /// [`MeldSolver`](super::solver::MeldSolver).
    pub fn one_deck(&self) -> Option<OneDeckMelds> {
        // One deck holds a rank once in each suit: whether suits must differ does not matter.
        let sets_fit = self.sets.is_some_and(|s| {
            SetRules {
                distinct_suits: true,
                ..s
            } == SetRules::THREE_OR_FOUR
        });
        let runs_fit = self.runs
            == Some(RunRules {
                min: 3,
                aces: Aces::Low,
            });
        (sets_fit && runs_fit && self.wilds.ranks == 0 && self.declaration.is_none())
            .then(|| OneDeckMelds::new(self.values))
    }

    /// Whether cards of rank `rank` are wild.
    #[inline]
    pub fn is_wild_rank(&self, rank: u8) -> bool {
        self.wilds.ranks >> rank & 1 == 1
    }
}
