//! A hand's score: meld with a trick taken, the counters and the last
//! trick, the bid made or set back.

use serde::{Deserialize, Serialize};
use tabula_cards::CardSet;

use crate::cards::{SEATS, SIDES, counters};

/// The last trick's bonus.
pub const LAST_TRICK: u16 = 10;

/// One side's hand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SideHand {
    /// The meld its two seats showed.
    pub meld: u16,
    /// Whether the meld counts: the side took a trick.
    pub meld_counts: bool,
    /// The counters of its tricks, the last trick's 10 included.
    pub counters: u16,
    /// Tricks it took.
    pub tricks: u8,
    /// The hand's points for it.
    pub total: i32,
}

/// A finished hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HandScore {
    /// The auction's winner; `null` for a hand thrown in when all passed.
    pub declarer: Option<u8>,
    /// The winning bid (0 for a hand thrown in).
    pub bid: u16,
    /// Whether the declaring side made its bid.
    pub made: bool,
    /// Each side's figures.
    pub sides: [SideHand; SIDES],
}

impl HandScore {
    /// A hand thrown in: nobody bid.
    pub fn thrown_in() -> HandScore {
        HandScore {
            declarer: None,
            bid: 0,
            made: false,
            sides: [SideHand::default(); SIDES],
        }
    }
}

/// Scores a hand: `melds` by seat, `taken` the cards each seat took in
/// tricks, `last` the seat that took the last trick, `declarer` and its
/// `bid`. A side's meld counts only if it took a trick; the declaring
/// side scores its meld and counters when they reach the bid, and loses
/// the bid otherwise; the other side always scores its own.
pub fn score_hand(melds: &[u16; SEATS], taken: &[CardSet; SEATS], last: usize, declarer: usize, bid: u16) -> HandScore {
    let mut sides = [SideHand::default(); SIDES];
    for (side, h) in sides.iter_mut().enumerate() {
        let cards = taken[side] | taken[side + 2];
        h.tricks = (cards.len() / SEATS) as u8;
        h.meld = melds[side] + melds[side + 2];
        h.meld_counts = h.tricks > 0;
        h.counters = counters(cards) + if last % 2 == side { LAST_TRICK } else { 0 };
        h.total = i32::from(h.counters) + if h.meld_counts { i32::from(h.meld) } else { 0 };
    }
    let d = declarer % 2;
    let made = sides[d].total >= i32::from(bid);
    if !made {
        sides[d].total = -i32::from(bid);
    }
    HandScore {
        declarer: Some(declarer as u8),
        bid,
        made,
        sides,
    }
}
