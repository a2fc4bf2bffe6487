//! Players from specs, for every front end: the game's own players through
//! the driver, and outside engines (`bot:COMMAND`) through the protocol.

use std::time::Duration;

use tabula_contract::{AgentError, ContractError, Driver, PlayerSpec, SeatAgent, SpecError};

use crate::host::BotAgent;

/// How long the arena and the terminal wait for an outside engine's answer.
pub const BOT_TIMEOUT: Duration = Duration::from_secs(60);

/// The seed stream chance draws from in a game of the arena or the
/// terminal (derived from the game's seed).
pub const CHANCE_STREAM: u64 = 0xC4A7CE;

/// Errors of the front ends.
#[derive(Debug, thiserror::Error)]
pub enum PlatformError {
    /// Refused by the game (options, spec, observation…).
    #[error(transparent)]
    Contract(#[from] ContractError),
    /// A bad player spec.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// An agent failed.
    #[error(transparent)]
    Agent(#[from] AgentError),
    /// Bad settings (seats, game counts…).
    #[error("{0}")]
    Settings(String),
    /// Reading or writing failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// The agent of a spec: an outside engine for `bot:…` (started now), else
/// the game's own player.
///
/// # Errors
/// A spec the game does not offer, or an engine that does not start.
pub fn agent(driver: &dyn Driver, spec: &PlayerSpec, seed: u64) -> Result<Box<dyn SeatAgent>, PlatformError> {
    match spec {
        PlayerSpec::Bot { command } => Ok(Box::new(BotAgent::spawn(
            command,
            driver.info().name,
            &driver.options(),
            BOT_TIMEOUT,
        )?)),
        _ => Ok(driver.agent(spec, seed)?),
    }
}

/// Checks a spec without playing (arguments fail fast); an outside engine
/// is only started when a game needs it.
///
/// # Errors
/// As [`agent`].
pub fn check(driver: &dyn Driver, spec: &PlayerSpec) -> Result<(), PlatformError> {
    if !matches!(spec, PlayerSpec::Bot { .. }) {
        driver.agent(spec, 0)?;
    }
    Ok(())
}
