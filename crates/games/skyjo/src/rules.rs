//! The rules of Skyjo as data: the deck, the options ([`Rules`]), the
//! actions and the phases. The state is in [`crate::state`], the
//! transitions (the [`tabula_search::Game`]) in [`crate::game`].

use serde::{Deserialize, Serialize};
use tabula_cards::Deck;
use tabula_search::MAX_SEATS;

/// Physical cards in the deck.
pub const DECK_SIZE: usize = 150;
/// Cells of a grid (3 rows × 4 columns; cell `i` is row `i / 4`, column
/// `i % 4`).
pub const CELLS: usize = 12;
/// Columns of a grid.
pub const COLUMNS: usize = 4;
/// The lowest and highest card values.
pub const VALUES: std::ops::RangeInclusive<i8> = -2..=12;
/// How many distinct values there are (−2 to 12).
pub const NUM_VALUES: usize = 15;

/// How many cards carry each value, from −2 to 12.
pub const VALUE_COUNTS: [u8; NUM_VALUES] = [5, 10, 15, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10];

/// No card (a removed cell, an empty hand, no closer).
pub(crate) const NONE: u8 = u8::MAX;

/// The most seats of a Skyjo table.
pub const MAX_SEATS_SKYJO: usize = MAX_SEATS;

/// The default [`Rules::turn_limit`]: turns per seat after which a round
/// nobody has closed ends. The longest of 130,000 rounds of uniformly
/// random players without the free flip took 87 turns per seat (two
/// seats, where the tail is longest), the levels' longest 27
/// (`examples/round_lengths.rs`): the limit does not end a round of
/// ordinary play.
pub const DEFAULT_TURN_LIMIT: u16 = 100;

/// The highest [`Rules::turn_limit`]: even at eight seats, a round then
/// ends within [`crate::MAX_ROUND_PLIES`] plies (setup, the limit's turns
/// and the final turns, each turn at most three plies).
pub const MAX_TURN_LIMIT: u16 = 100;

/// The value of card `id` (ids are grouped by value: 0–4 are −2, 5–14 −1,
/// 15–29 0, then ten of each value 1–12).
pub const fn card_value(id: u8) -> i8 {
    let mut v = 0;
    let mut start = 0u16;
    while v < NUM_VALUES {
        let end = start + VALUE_COUNTS[v] as u16;
        if (id as u16) < end {
            return v as i8 - 2;
        }
        start = end;
        v += 1;
    }
    panic!("no such card")
}

const VALUE_OF: [i8; DECK_SIZE] = {
    let mut t = [0i8; DECK_SIZE];
    let mut i = 0;
    while i < DECK_SIZE {
        t[i] = card_value(i as u8);
        i += 1;
    }
    t
};

/// The first card id of each value.
pub(crate) const FIRST_ID: [u8; NUM_VALUES] = {
    let mut t = [0u8; NUM_VALUES];
    let mut v = 1;
    while v < NUM_VALUES {
        t[v] = t[v - 1] + VALUE_COUNTS[v - 1];
        v += 1;
    }
    t
};

#[inline]
pub(crate) fn value_of(id: u8) -> i8 {
    VALUE_OF[id as usize]
}

/// The Skyjo deck as card instances and faces (values).
pub fn deck() -> Deck<i8> {
    Deck::from_counts(
        &VALUES
            .zip(VALUE_COUNTS)
            .map(|(v, n)| (v, usize::from(n)))
            .collect::<Vec<_>>(),
    )
}

/// A rules error.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// Skyjo seats 2 to 8 players.
    #[error("Skyjo seats 2 to 8 players, not {0}")]
    Players(usize),
    /// The end score must be positive.
    #[error("the end score must be positive, not {0}")]
    EndScore(i32),
    /// The turn limit runs from 1 to [`MAX_TURN_LIMIT`] turns per seat.
    #[error("the turn limit is 1 to {MAX_TURN_LIMIT} turns per seat, not {0}")]
    TurnLimit(u16),
}

/// The rules and their options (its JSON fields are the game's options).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// Players, 2–8.
    pub players: u8,
    /// The free flip (reveal a card without drawing) is allowed (house rule
    /// of this table; default on).
    pub free_flip: bool,
    /// Columns that become three equal cards in the final reveal are cleared
    /// (default on).
    pub clear_on_final_reveal: bool,
    /// When the draw pile runs out, the whole discard pile is shuffled and a
    /// new top turned (default off: the top card stays, the rest is
    /// shuffled).
    pub reshuffle_all: bool,
    /// Later rounds start with the previous round's closer (default on);
    /// otherwise with the highest revealed total, as the first round.
    pub closer_starts_next: bool,
    /// The game ends after the round in which a total reaches this (100).
    pub end_score: i32,
    /// Turns per seat after which a round nobody has closed ends (1 to
    /// [`MAX_TURN_LIMIT`], default [`DEFAULT_TURN_LIMIT`]): nothing forces
    /// a player to reveal its last card, so without it two players could
    /// swap face-up cards for ever. When the round's turns reach
    /// `turn_limit × players` with no closer, every card is revealed (and
    /// columns cleared as at any round's end), each grid is scored, nobody
    /// is doubled (doubling is the price of choosing to close, and nobody
    /// chose), and the next round starts as the first one does (highest
    /// revealed total), there being no closer. Every seat has then had the
    /// same number of turns. A round already closed ends as usual. Absent
    /// from older records, it reads as the default.
    #[serde(default = "default_turn_limit")]
    pub turn_limit: u16,
}

fn default_turn_limit() -> u16 {
    DEFAULT_TURN_LIMIT
}

impl Default for Rules {
    /// Two players, every option at its default.
    fn default() -> Self {
        Rules::new(2).expect("two players is a table")
    }
}

impl Rules {
    /// The default rules for `players` players.
    pub fn new(players: usize) -> Result<Self, RulesError> {
        if !(2..=MAX_SEATS).contains(&players) {
            return Err(RulesError::Players(players));
        }
        Ok(Rules {
            players: players as u8,
            free_flip: true,
            clear_on_final_reveal: true,
            reshuffle_all: false,
            closer_starts_next: true,
            end_score: 100,
            turn_limit: DEFAULT_TURN_LIMIT,
        })
    }

    /// Checks the options.
    pub fn validate(&self) -> Result<(), RulesError> {
        if !(2..=MAX_SEATS).contains(&usize::from(self.players)) {
            return Err(RulesError::Players(usize::from(self.players)));
        }
        if self.end_score <= 0 {
            return Err(RulesError::EndScore(self.end_score));
        }
        if !(1..=MAX_TURN_LIMIT).contains(&self.turn_limit) {
            return Err(RulesError::TurnLimit(self.turn_limit));
        }
        Ok(())
    }

    /// The turns after which a round nobody has closed ends:
    /// [`Rules::turn_limit`] per seat.
    pub fn round_turn_limit(&self) -> u16 {
        self.turn_limit.saturating_mul(u16::from(self.players))
    }
}

/// An action of a seat, or a chance outcome.
///
/// A root action is always a complete decision: taking the discard includes
/// where it goes, and rejecting a drawn card includes which cell is
/// revealed. Drawing is its own action because the seat learns the card
/// before deciding what to do with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Setup: reveal one of one's own cells (each player reveals two).
    Reveal(u8),
    /// Take the top of the discard pile and put it face up at a cell; the
    /// replaced card goes face up onto the discard pile.
    TakeDiscard(u8),
    /// Draw the top of the draw pile (the card is then seen by the drawer).
    Draw,
    /// Reveal a face-down cell without drawing (option `free_flip`).
    FreeFlip(u8),
    /// Put the drawn card at a cell; the replaced card is discarded.
    Place(u8),
    /// Discard the drawn card and reveal a face-down cell.
    DiscardFlip(u8),
    /// Chance: the drawn card, as the drawer sees it.
    Drawn(i8),
}

/// Where a round stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// Each player reveals two cells.
    Setup,
    /// A player chooses take / draw / flip.
    Turn,
    /// A card is being drawn (a chance event).
    Drawing,
    /// The drawer decides what to do with the drawn card.
    Placing,
    /// The game is over.
    Over,
}
