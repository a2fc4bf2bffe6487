//! Meld, counted exactly: the best a hand shows under a trump suit.
//!
//! Three classes, each counted on its own (a card may serve one meld of
//! each class, never two of one class):
//!
//! | class | meld | points |
//! |---|---|---|
//! | sequence | run (A 10 K Q J of trumps) | 150; both (double run) 1,500 |
//! | | royal marriage (K Q of trumps, beside a run's) | 40 |
//! | | marriage (K Q of another suit) | 20 |
//! | | dix (the 9 of trumps) | 10 each |
//! | around | aces, kings, queens, jacks: one of the rank in each suit | 100, 80, 60, 40; both of each (double) ×10 |
//! | pinochle | Q♠ J♦ | 40; both (double pinochle) 300 |
//!
//! In its class each meld takes its own cards, so the best count is found
//! rank by rank: as many runs as the trump suit holds copies of all five
//! ranks, then marriages of the kings and queens the runs leave, a dix
//! for each trump nine; an around (or double) by the fewest copies of the
//! rank in any suit; pinochles by the fewer of Q♠ and J♦. The tests check
//! this against a search over every combination of melds.

use serde::Serialize;
use tabula_cards::CardSet;

use crate::cards::{SUIT_SIGNS, copies, count, face_of, rank};

/// A meld.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Meld {
    /// A 10 K Q J of trumps.
    Run,
    /// Both runs of trumps.
    DoubleRun,
    /// K Q of trumps (outside a run).
    RoyalMarriage,
    /// K Q of a suit that is not trumps.
    Marriage(u8),
    /// The 9 of trumps.
    Dix,
    /// One card of the rank ([`rank`]) in each suit.
    Around(u8),
    /// Both cards of the rank in each suit.
    DoubleAround(u8),
    /// Q♠ J♦.
    Pinochle,
    /// Both Q♠ and both J♦.
    DoublePinochle,
}

impl Meld {
    /// Its points.
    pub const fn points(self) -> u16 {
        match self {
            Meld::Run => 150,
            Meld::DoubleRun => 1500,
            Meld::RoyalMarriage => 40,
            Meld::Marriage(_) => 20,
            Meld::Dix => 10,
            Meld::Around(r) => around_points(r),
            Meld::DoubleAround(r) => 10 * around_points(r),
            Meld::Pinochle => 40,
            Meld::DoublePinochle => 300,
        }
    }

    /// Its name as a player says it: `run`, `marriage ♣`, `aces around`.
    pub fn name(self) -> String {
        let rank_name = |r: u8| match r {
            rank::ACE => "aces",
            rank::KING => "kings",
            rank::QUEEN => "queens",
            _ => "jacks",
        };
        match self {
            Meld::Run => "run".into(),
            Meld::DoubleRun => "double run".into(),
            Meld::RoyalMarriage => "royal marriage".into(),
            Meld::Marriage(s) => format!("marriage {}", SUIT_SIGNS[usize::from(s)]),
            Meld::Dix => "dix".into(),
            Meld::Around(r) => format!("{} around", rank_name(r)),
            Meld::DoubleAround(r) => format!("double {} around", rank_name(r)),
            Meld::Pinochle => "pinochle".into(),
            Meld::DoublePinochle => "double pinochle".into(),
        }
    }
}

/// Points of an around of `rank`.
const fn around_points(r: u8) -> u16 {
    match r {
        rank::ACE => 100,
        rank::KING => 80,
        rank::QUEEN => 60,
        _ => 40,
    }
}

/// The ranks that make arounds, highest first.
pub const AROUND_RANKS: [u8; 4] = [rank::ACE, rank::KING, rank::QUEEN, rank::JACK];

/// A hand's meld: the melds (at most 16), their points, and the cards
/// they show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MeldCount {
    melds: [Meld; 16],
    len: u8,
    /// The points of every meld together.
    pub points: u16,
    /// The cards the melds show: of each face, as many copies as the
    /// class using most of them needs, the lowest the hand holds.
    pub shown: CardSet,
}

impl MeldCount {
    /// The melds, in class order.
    pub fn melds(&self) -> &[Meld] {
        &self.melds[..usize::from(self.len)]
    }

    fn push(&mut self, meld: Meld, times: u8) {
        for _ in 0..times {
            self.melds[usize::from(self.len)] = meld;
            self.len += 1;
            self.points += meld.points();
        }
    }
}

/// The best meld of `hand` with `trump` (0–3) trumps (see the [module
/// documentation](self)).
pub fn count_melds(hand: CardSet, trump: u8) -> MeldCount {
    let n = |suit: u8, r: u8| count(hand, face_of(suit, r));
    let mut out = MeldCount {
        melds: [Meld::Dix; 16],
        len: 0,
        points: 0,
        shown: CardSet::EMPTY,
    };
    // How many copies of each face the melds use: the most of any class.
    let mut uses = [0u8; 24];
    let mut need = |suit: u8, r: u8, k: u8| {
        let f = usize::from(face_of(suit, r));
        uses[f] = uses[f].max(k);
    };
    // Sequences.
    let runs = [rank::ACE, rank::TEN, rank::KING, rank::QUEEN, rank::JACK]
        .iter()
        .map(|&r| n(trump, r))
        .min()
        .unwrap_or(0);
    match runs {
        2 => out.push(Meld::DoubleRun, 1),
        1 => out.push(Meld::Run, 1),
        _ => {}
    }
    let royal = (n(trump, rank::KING) - runs).min(n(trump, rank::QUEEN) - runs);
    out.push(Meld::RoyalMarriage, royal);
    for r in [rank::ACE, rank::TEN, rank::JACK] {
        need(trump, r, runs);
    }
    for r in [rank::KING, rank::QUEEN] {
        need(trump, r, runs + royal);
    }
    for suit in (0..4).filter(|&s| s != trump) {
        let m = n(suit, rank::KING).min(n(suit, rank::QUEEN));
        out.push(Meld::Marriage(suit), m);
        need(suit, rank::KING, m);
        need(suit, rank::QUEEN, m);
    }
    let dix = n(trump, rank::NINE);
    out.push(Meld::Dix, dix);
    need(trump, rank::NINE, dix);
    // Arounds.
    for r in AROUND_RANKS {
        let k = (0..4).map(|s| n(s, r)).min().unwrap_or(0);
        match k {
            2 => out.push(Meld::DoubleAround(r), 1),
            1 => out.push(Meld::Around(r), 1),
            _ => {}
        }
        for s in 0..4 {
            need(s, r, k);
        }
    }
    // Pinochle: the queen of spades and the jack of diamonds.
    let p = n(3, rank::QUEEN).min(n(1, rank::JACK));
    match p {
        2 => out.push(Meld::DoublePinochle, 1),
        1 => out.push(Meld::Pinochle, 1),
        _ => {}
    }
    need(3, rank::QUEEN, p);
    need(1, rank::JACK, p);
    for (f, &k) in uses.iter().enumerate() {
        let mut held = hand & copies(f as u8);
        for _ in 0..k {
            let c = held.lowest().expect("a meld uses cards the hand holds");
            held.remove(c);
            out.shown.insert(c);
        }
    }
    out
}

/// The best meld of `hand` over the four trump suits: the suit and its
/// count (the lowest suit of equal points).
pub fn best_melds(hand: CardSet) -> (u8, MeldCount) {
    (0..4)
        .map(|t| (t, count_melds(hand, t)))
        .fold(None, |best: Option<(u8, MeldCount)>, (t, m)| match best {
            Some(b) if b.1.points >= m.points => Some(b),
            _ => Some((t, m)),
        })
        .expect("four suits")
}
