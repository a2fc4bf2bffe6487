//! The errors of the contract's erased interface.

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::spec::SpecError;

/// Why the driver refused a request. Each message is one clear line.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ContractError {
    /// Rules options that are not the game's, or out of range.
    #[error("{game}: {problem}")]
    Options {
        /// The game.
        game: &'static str,
        /// What is wrong.
        problem: String,
    },
    /// A player spec the game does not offer, or a bad argument.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// JSON that is not an observation (or an action) of the game.
    #[error("invalid {what}: {problem}")]
    Json {
        /// "observation", "action", "legal action".
        what: &'static str,
        /// What is wrong.
        problem: String,
    },
    /// An observation that describes no situation the rules allow.
    #[error("invalid observation: {0}")]
    Observation(String),
    /// The seat is not one of the game's.
    #[error("{game} has seats 0 to {last}, not {seat}")]
    NoSuchSeat {
        /// The game.
        game: &'static str,
        /// The last seat.
        last: usize,
        /// The seat asked for.
        seat: usize,
    },
    /// Another seat (or chance) acts.
    #[error("it is not seat {0}'s turn")]
    NotYourTurn(usize),
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Chance acts; the controller must draw its outcome.
    #[error("chance acts here, not a seat")]
    ChanceActs,
    /// A seat acts, not chance.
    #[error("seat {0} acts here, not chance")]
    SeatActs(usize),
    /// The observation leaves the seat to act without a legal action.
    #[error("invalid observation: it leaves seat {0}, which acts, no legal action")]
    NoLegalAction(usize),
    /// A player the game does not seat at this kind of table.
    #[error("{spec}: {problem}")]
    NotAtThisTable {
        /// The player.
        spec: String,
        /// Why not.
        problem: String,
    },
    /// An action that is not legal now.
    #[error("{0} is not a legal move here")]
    Illegal(String),
    /// The legal actions given with a request are not the seat's.
    #[error("the legal actions do not match the observation; expected {0}")]
    LegalMismatch(String),
}

/// A game value read from JSON, or what is wrong with it.
pub(crate) fn parse<T: DeserializeOwned>(value: &Value, what: &'static str) -> Result<T, ContractError> {
    serde_json::from_value(value.clone()).map_err(|e| ContractError::Json {
        what,
        problem: e.to_string(),
    })
}
