//! The errors of the contract's erased interface.

use serde::Serialize;
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

/// A game value read from JSON, or what is wrong with it. A field the
/// value's type does not have is refused here, for every game whatever its
/// serde attributes (a part flattened into an observation cannot deny
/// unknown fields itself): the value written back must hold every key the
/// JSON held.
pub(crate) fn parse<T: DeserializeOwned + Serialize>(value: &Value, what: &'static str) -> Result<T, ContractError> {
    let parsed: T = serde_json::from_value(value.clone()).map_err(|e| ContractError::Json {
        what,
        problem: e.to_string(),
    })?;
    let known = serde_json::to_value(&parsed).map_err(|e| ContractError::Json {
        what,
        problem: e.to_string(),
    })?;
    if has_unknown_key(value, &known) {
        return Err(ContractError::Json {
            what,
            problem: "a field that it does not have".into(),
        });
    }
    Ok(parsed)
}

/// Whether `input` holds a key, at any depth, that `known` (the same value
/// as its type writes it) lacks.
fn has_unknown_key(input: &Value, known: &Value) -> bool {
    match (input, known) {
        (Value::Object(input), Value::Object(known)) => input
            .iter()
            .any(|(key, v)| known.get(key).is_none_or(|k| has_unknown_key(v, k))),
        (Value::Array(input), Value::Array(known)) => input.iter().zip(known).any(|(v, k)| has_unknown_key(v, k)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;
    use serde_json::json;

    use super::*;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Part {
        a: u8,
    }

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Whole {
        seat: u8,
        #[serde(flatten)]
        part: Part,
        list: Vec<Part>,
    }

    #[test]
    fn a_field_the_type_does_not_have_is_refused_at_any_depth() {
        let good = json!({"seat": 1, "a": 2, "list": [{"a": 3}]});
        assert_eq!(
            parse::<Whole>(&good, "observation").unwrap(),
            Whole {
                seat: 1,
                part: Part { a: 2 },
                list: vec![Part { a: 3 }]
            }
        );
        for bad in [
            json!({"seat": 1, "a": 2, "list": [], "b": 0}),
            json!({"seat": 1, "a": 2, "list": [{"a": 3, "b": 0}]}),
        ] {
            let e = parse::<Whole>(&bad, "observation").unwrap_err().to_string();
            assert_eq!(e, "invalid observation: a field that it does not have");
        }
    }
}
