//! The bot protocol's messages: newline-delimited JSON objects tagged by
//! `type` (see docs/bot-protocol.md).

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tabula_contract::StatsJson;

/// The protocol version this build speaks.
pub const PROTOCOL_VERSION: u32 = 1;

/// What the host (arena, server, another framework) sends to an engine.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Request {
    /// Opens (or reopens) a session for a game and its rules options.
    Hello {
        /// The protocol version the host speaks.
        protocol: u32,
        /// The game's name.
        game: String,
        /// The game's rules options (an object; empty for none).
        #[serde(default)]
        options: Value,
    },
    /// Asks for the action of the seat to act.
    Move {
        /// An identifier echoed in the answer.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<u64>,
        /// The seat to act.
        seat: usize,
        /// What that seat observes (never a hidden state).
        observation: Value,
        /// Its legal actions.
        legal: Vec<Value>,
    },
    /// Ends the session.
    Quit,
}

/// What an engine answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Reply {
    /// The session is open.
    Ready {
        /// The protocol version the engine speaks.
        protocol: u32,
        /// The game.
        game: String,
        /// The engine's name and version.
        engine: String,
        /// The player it runs.
        player: String,
    },
    /// The chosen action.
    Action {
        /// The request's identifier.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<u64>,
        /// The action.
        action: Value,
        /// Search statistics.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stats: Option<StatsJson>,
    },
    /// The request was refused; the session goes on.
    Error {
        /// The request's identifier, when it had one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<u64>,
        /// What was wrong.
        message: String,
    },
    /// Answer to `quit`.
    Bye,
}
