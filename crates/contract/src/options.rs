//! Rules options as JSON: a game's `Options` type read from an object,
//! with every field it leaves out at its default, and one clear line for
//! what is wrong.

use serde_json::{Map, Value};

use crate::error::ContractError;
use crate::module::GameModule;

/// The defaults of a module's options, as a JSON object.
pub fn defaults<M: GameModule>() -> Map<String, Value> {
    match serde_json::to_value(M::Options::default()) {
        Ok(Value::Object(map)) => map,
        Ok(Value::Null) => Map::new(),
        other => panic!("{}: options must serialise as an object, got {other:?}", M::INFO.name),
    }
}

/// The names of a module's options, for messages.
fn names<M: GameModule>() -> String {
    if M::OPTIONS.is_empty() {
        "it has no rules options".to_string()
    } else {
        let names: Vec<&str> = M::OPTIONS.iter().map(|o| o.name).collect();
        format!("options: {}", names.join(", "))
    }
}

/// Reads options: `null` (or `{}`) for the defaults, else an object whose
/// keys are option names; missing ones keep their defaults.
///
/// # Errors
/// An unknown key, a value of the wrong type (naming the key), or options
/// the game refuses.
pub fn parse<M: GameModule>(options: &Value) -> Result<M, ContractError> {
    let game = M::INFO.name;
    let fail = |problem: String| ContractError::Options { game, problem };
    let given = match options {
        Value::Null => Map::new(),
        Value::Object(o) => o.clone(),
        _ => return Err(fail("options are a JSON object".to_string())),
    };
    let mut merged = defaults::<M>();
    for key in given.keys() {
        if !merged.contains_key(key) {
            return Err(fail(format!("unknown option '{key}'; {}", names::<M>())));
        }
    }
    // One key at a time first, so that a bad value is named.
    for (key, value) in &given {
        let mut one = defaults::<M>();
        one.insert(key.clone(), value.clone());
        if let Err(e) = serde_json::from_value::<M::Options>(Value::Object(one)) {
            return Err(fail(format!("option '{key}': {e}")));
        }
    }
    merged.extend(given);
    let options: M::Options = serde_json::from_value(Value::Object(merged)).map_err(|e| fail(e.to_string()))?;
    M::new(options).map_err(fail)
}
