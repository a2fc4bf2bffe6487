//! What a bout is played with: the house-rule options, the moves a seat
//! makes, what a move did, how a deal ends, and why a move or a position
//! is refused.

use std::fmt;

use serde::{Deserialize, Serialize};
use tabula_search::Seat;

use super::cards::DECK;
use crate::card::CardId;

/// Who may throw cards in besides the main attacker.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ThrowIn {
    /// Every player but the defender (and, with teams, the defender's
    /// partner): podkidnoy as usually played.
    #[default]
    Everyone,
    /// The defender's two neighbours: the main attacker and the seat on
    /// the defender's other side.
    Neighbours,
    /// The main attacker only.
    AttackerOnly,
}

/// The house rules a bout follows; the default is podkidnoy durak.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Options {
    /// Perevodnoy: before any attack is beaten, the defender may pass the
    /// attack on to the next player by adding a card of the same rank.
    pub transfer: bool,
    /// Who may throw in.
    pub throw_in: ThrowIn,
    /// Whether cards may be thrown in onto a defender who has said "take".
    pub onto_taker: bool,
    /// Whether the first bout of a deal holds at most five attacks (six
    /// otherwise).
    pub first_bout_five: bool,
    /// Teams of two, partners opposite (4 or 6 seats): seat `s` and seat
    /// `s + seats / 2` play together. The attack goes to the next
    /// opponent, a defender's partner never throws in, and the deal ends
    /// when one team alone holds cards.
    pub teams: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            transfer: false,
            throw_in: ThrowIn::Everyone,
            onto_taker: true,
            first_bout_five: false,
            teams: false,
        }
    }
}

/// A move of the seat whose turn it is (in JSON: `{"attack": 5}`,
/// `{"defend": {"attack": 5, "with": 9}}`, `"take"`, `"pass"`,
/// `{"transfer": 14}`, cards by number).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Move {
    /// Puts an attacking card on the table: the bout's first card (any
    /// card), or a throw-in (a rank already on the table).
    Attack(CardId),
    /// Beats the attacking card `attack` with `with`: a higher card of its
    /// suit, or a trump on a card that is not one.
    Defend {
        /// The attacking card beaten.
        attack: CardId,
        /// The defender's card.
        with: CardId,
    },
    /// The defender gives up the bout and will pick up the table.
    Take,
    /// A thrower adds nothing more this round.
    Pass,
    /// Perevodnoy: the defender adds a card of the attacks' rank and the
    /// next player defends against them all.
    Transfer(CardId),
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Attack(c) => write!(f, "attack {}", DECK.name(c)),
            Move::Defend { attack, with } => write!(f, "beat {} with {}", DECK.name(attack), DECK.name(with)),
            Move::Take => write!(f, "take"),
            Move::Pass => write!(f, "pass"),
            Move::Transfer(c) => write!(f, "transfer {}", DECK.name(c)),
        }
    }
}

/// What a move did to the bout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Event {
    /// The bout goes on.
    Played,
    /// The bout ended with every attack beaten: the table went to the
    /// discard, the hands were refilled and the next bout (or the deal's
    /// end) is set.
    BeatenOff,
    /// The bout ended with the defender picking the table up; the hands
    /// were refilled and the next bout (or the deal's end) is set.
    Taken,
}

/// How a deal ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// The last player holding cards: the durak.
    Durak(Seat),
    /// With teams: the team of these two seats (`s` and `s + seats / 2`,
    /// the lower first) was the last holding cards.
    DurakTeam(Seat, Seat),
    /// The last cards went out together: nobody is the durak.
    Draw,
}

impl Outcome {
    /// Whether `seat` lost the deal.
    pub fn loses(self, seat: Seat) -> bool {
        match self {
            Outcome::Durak(s) => s == seat,
            Outcome::DurakTeam(a, b) => a == seat || b == seat,
            Outcome::Draw => false,
        }
    }
}

/// Why a move is refused (the deal is left as it was).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoutError {
    /// The deal is over: nobody moves.
    #[error("the deal is over")]
    Over,
    /// The move is not one of the acting seat's legal moves now.
    #[error("{mv} is not legal now: {why}")]
    Illegal {
        /// The move refused.
        mv: Move,
        /// The rule it breaks.
        why: &'static str,
    },
}

/// Why a deal or a position cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// Durak is played by 2 to 6.
    #[error("{0} seats: durak is played by 2 to 6")]
    Seats(usize),
    /// Teams of two need 4 or 6 seats.
    #[error("teams of two need 4 or 6 seats, not {0}")]
    Teams(usize),
    /// The cards given are not the 36 cards once each, or a zone has the
    /// wrong number of them.
    #[error("the cards do not add up: {0}")]
    Cards(&'static str),
    /// A seat named is not one that may play that part.
    #[error("seat {0} cannot play that part")]
    Seat(Seat),
}
