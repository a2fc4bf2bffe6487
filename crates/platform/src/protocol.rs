//! The bot protocol's messages: newline-delimited JSON objects tagged by
//! `type` (see docs/bot-protocol.md).

use serde::{Deserialize, Serialize};
use serde_json::Value;

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

/// One root action in the statistics of an answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RootJson {
    /// The action.
    pub action: Value,
    /// Visits (sampling searches) or nodes below it (tree searches).
    pub visits: u64,
    /// Its value for the seat to act.
    pub value: f64,
    /// Whether `value` is exact (alpha-beta proves only a bound for refuted
    /// actions; sampling searches give estimates).
    #[serde(default)]
    pub exact: bool,
}

/// Search statistics attached to an answer.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct StatsJson {
    /// Nodes searched.
    #[serde(default)]
    pub nodes: u64,
    /// Iterations run.
    #[serde(default)]
    pub iterations: u64,
    /// Depth reached.
    #[serde(default)]
    pub depth: u32,
    /// Milliseconds spent.
    #[serde(default)]
    pub time_ms: f64,
    /// The value of the chosen action for the seat to act.
    #[serde(default)]
    pub value: Option<f64>,
    /// Every root action.
    #[serde(default)]
    pub root: Vec<RootJson>,
    /// The principal variation.
    #[serde(default)]
    pub pv: Vec<Value>,
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
