//! The players the library offers every game of a kind, built from specs;
//! each game's adapter adds its own and decides which of these it offers.

use tabula_search::{
    Budget, IsmctsConfig, IsmctsMode, IsmctsPlayer, MctsConfig, MctsPlayer, MinimaxPlayer, PerfectInformation,
    RandomPlayer, RootUcbConfig, RootUcbPlayer, TwoTeams,
};

use serde_json::{Map, Value};

use crate::agent::{Agent, Local};
use crate::catalog::PlatformGame;
use crate::spec::{PlayerSpec, SpecError};

/// Players that need only the seat's observation: `random`, `ismcts:N`,
/// `moismcts:N`, `rootucb:N`. `None` for any other spec.
pub(crate) fn sampling<G: PlatformGame>(spec: &PlayerSpec, seed: u64) -> Option<Box<dyn Agent<G>>> {
    let name = spec.to_string();
    Some(match *spec {
        PlayerSpec::Random => Box::new(Local::new(RandomPlayer::new(seed), name)),
        PlayerSpec::Ismcts {
            iterations,
            multiple_observer,
        } => {
            let mode = if multiple_observer {
                IsmctsMode::MultipleObserver
            } else {
                IsmctsMode::SingleObserver
            };
            let config = IsmctsConfig {
                mode,
                ..IsmctsConfig::default()
            };
            Box::new(Local::new(
                IsmctsPlayer::new(config, Budget::iterations(iterations), seed),
                name,
            ))
        }
        PlayerSpec::RootUcb { iterations } => Box::new(Local::new(
            RootUcbPlayer::new(RootUcbConfig::default(), Budget::iterations(iterations), seed),
            name,
        )),
        _ => return None,
    })
}

/// `mcts:N`: UCT on the state, for perfect-information games.
pub(crate) fn mcts<G: PlatformGame + PerfectInformation>(spec: &PlayerSpec, seed: u64) -> Option<Box<dyn Agent<G>>> {
    match *spec {
        PlayerSpec::Mcts { iterations } => Some(Box::new(Local::new(
            MctsPlayer::new(MctsConfig::default(), Budget::iterations(iterations), seed),
            spec.to_string(),
        ))),
        _ => None,
    }
}

/// `minimax`: the full tree, for small two-player games.
pub(crate) fn minimax<G>(spec: &PlayerSpec) -> Option<Box<dyn Agent<G>>>
where
    G: PlatformGame + PerfectInformation + TwoTeams,
{
    (*spec == PlayerSpec::Minimax).then(|| Box::new(Local::new(MinimaxPlayer::new(), spec.to_string())) as _)
}

/// The rules options as an object: `null` stands for no options.
pub(crate) fn options_object(options: &Value) -> Result<Map<String, Value>, String> {
    match options {
        Value::Null => Ok(Map::new()),
        Value::Object(o) => Ok(o.clone()),
        other => Err(format!("options are a JSON object, not {other}")),
    }
}

/// The error for a spec the game does not offer.
pub(crate) fn unsupported<G: PlatformGame>(spec: &PlayerSpec) -> SpecError {
    SpecError::Unsupported {
        game: G::NAME,
        spec: spec.to_string(),
        offers: G::PLAYERS,
    }
}
