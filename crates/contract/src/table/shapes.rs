//! What goes in and out of a table, as JSON: the requests that make one,
//! its truth, a table saved where it was played, a move in its log and a
//! computer's turn.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tabula_search::Seat;

use crate::info::TableKind;

/// A seat as a request names it: `"human"` or `{"ai": "level:3"}`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(untagged)]
pub enum SeatRequest {
    /// `"human"`: the person at the browser.
    Named(String),
    /// A computer with its player spec.
    Ai {
        /// The spec (`level:3`, `alphabeta:4`, `ismcts:500`).
        ai: String,
    },
}

/// A new table of a registered game, as a request describes it.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct NewTable {
    /// The registered name (`skyjo`, `abalone`).
    pub game: String,
    /// Rules options; missing ones take the game's defaults.
    #[serde(default)]
    pub options: Value,
    /// Every seat; by default the person at seat 0 and the game's default
    /// computer at the others.
    pub seats: Option<Vec<SeatRequest>>,
}

/// The person's move, as a request sends it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PersonMove<'a> {
    /// The move as typed, in the game's notation (the text of one of the
    /// answer's `legal`, or another form the game reads, such as the very
    /// cards of a Dou Dizhu play).
    Text(&'a str),
    /// The index of a move in the `legal` list of the answer at the
    /// request's ply: exact whatever the action's JSON holds (JavaScript
    /// reads integers to 53 bits; some actions hold wider words).
    Choice(u64),
}

/// A change of the truth at a ply that no seat may notice (the
/// hidden-information tests' hook, [`Match::swap_unseen`](crate::Match::swap_unseen)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Swap {
    /// Before the action of this index.
    pub ply: usize,
    /// The seat that must not notice.
    pub seat: Seat,
}

/// What a table keeps secret: the seed and every action.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Truth {
    /// The seed of the deal (or grid) and of chance.
    pub seed: u64,
    /// Every action, chance outcomes included, in the game's JSON form.
    pub actions: Vec<Value>,
    /// Exchanges of unseen cards (tests only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub swaps: Vec<Swap>,
}

/// A table as saved where it was played (the browser's free play): its
/// game, options, seats, seed and every action. [`Table::restore`](super::Table::restore) replays
/// A seed as the browser writes it: a decimal string (JavaScript's numbers
/// hold 53 bits of the 64).
///
/// # Errors
/// One line saying what a seed is.
pub fn parse_seed(text: &str) -> Result<u64, String> {
    text.trim()
        .parse()
        .map_err(|_| "the seed is a whole number from 0 to 18446744073709551615".to_string())
}

/// it with every move checked and every chance outcome the seed's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Saved {
    /// The registered name.
    pub game: String,
    /// The options, every field written out.
    pub options: Value,
    /// Every seat: `"human"` or `{"ai": SPEC}`.
    pub seats: Vec<SeatRequest>,
    /// The seed, a decimal string (JavaScript's numbers hold 53 bits).
    pub seed: String,
    /// Every action, chance outcomes included.
    pub actions: Vec<Value>,
}

/// One move in the log, as the observing seat saw it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LoggedMove {
    /// Its index among all actions.
    pub ply: usize,
    /// The seat that acted; `None` for chance.
    pub seat: Option<Seat>,
    /// The move as the observing seat saw it.
    pub text: String,
    /// What the game tells the observing seat about it, if anything.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The game's facts about the move for its renderer, if any
    /// ([`Match::move_view`](crate::Match::move_view)).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<Value>,
}

/// A computer's turn, as a player outside the table receives it: the
/// observation its seat is handed and nothing of the truth. The browser's
/// worker takes exactly this.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ComputerTurn {
    /// The seat to act.
    pub seat: Seat,
    /// Its player's spec.
    pub player: String,
    /// The seed of this decision (a decimal string: JavaScript's numbers
    /// hold 53 bits).
    pub seed: String,
    /// The seat's observation, in the game's JSON form: what its player
    /// receives at this table ([`GameModule::observe_for`](crate::GameModule::observe_for)).
    pub observation: Value,
    /// The kind of table, which decides what that observation may hold.
    pub table: TableKind,
}
