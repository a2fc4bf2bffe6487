//! The zones of a trick-taking hand, numbered once for every trick game:
//! the stock, each seat's hand, each seat's card on the table, each seat's
//! tricks taken, and a game's own zones after them (Hearts' passes face
//! down, Euchre's upcard and discard).

use tabula_search::Seat;

use crate::ZoneId;

/// Where a card of a trick game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Zone {
    /// Not dealt yet (or a kitty nobody sees).
    Stock,
    /// A seat's hand.
    Hand(Seat),
    /// A seat's card in the trick in progress.
    Table(Seat),
    /// The tricks a seat took this hand.
    Taken(Seat),
    /// The game's own zone `k` (numbered by the game from 0).
    Own(usize),
}

impl Zone {
    /// The zone's number at a table of `seats` seats: the stock, the
    /// hands, the table, the tricks taken, then the game's own.
    #[inline]
    pub const fn id(self, seats: usize) -> ZoneId {
        let n = match self {
            Zone::Stock => 0,
            Zone::Hand(s) => 1 + s,
            Zone::Table(s) => 1 + seats + s,
            Zone::Taken(s) => 1 + 2 * seats + s,
            Zone::Own(k) => 1 + 3 * seats + k,
        };
        ZoneId(n as u16)
    }

    /// How many zones a table of `seats` seats has, with `own` of the
    /// game's own.
    pub const fn count(seats: usize, own: usize) -> usize {
        1 + 3 * seats + own
    }
}
