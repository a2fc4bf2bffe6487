//! Games by name: the type-erased layer through which the apps reach every
//! game. Each game implements [`PlatformGame`] once; [`find`] returns it as a
//! [`GameEntry`] whose commands (arena, bot, play) are the generic,
//! monomorphised code of this crate.

use std::fmt::Debug;
use std::hash::Hash;
use std::io::{BufRead, Write};
use std::marker::PhantomData;
use std::time::Duration;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use tabula_search::{Determinize, Seat};

use crate::agent::{Agent, BotAgent};
use crate::arena::{ArenaSettings, GameResult};
use crate::spec::{PlayerSpec, SpecError};

/// How long the arena and the terminal wait for an outside engine's answer.
pub const BOT_TIMEOUT: Duration = Duration::from_secs(60);

/// A game as the platform sees it: the search model plus names, options,
/// players, JSON forms and a text rendering.
pub trait PlatformGame:
    Determinize<State = Self::Position, Action = Self::Move, Observation = Self::View> + Send + Sync + Sized + 'static
{
    /// The state type (the game's `State`).
    type Position: Clone + Debug + Send;
    /// The action type (the game's `Action`), as JSON in the protocol.
    type Move: Copy + Eq + Ord + Hash + Debug + Send + Sync + Serialize + DeserializeOwned + 'static;
    /// The observation type (the game's `Observation`), as JSON in the protocol.
    type View: Clone + PartialEq + Debug + Send + Serialize + DeserializeOwned;

    /// The name on the command line and in the protocol.
    const NAME: &'static str;
    /// One line about the game.
    const SUMMARY: &'static str;
    /// The player specs it offers, for help and errors.
    const PLAYERS: &'static str;
    /// The player `tabula play` uses when none is given.
    const DEFAULT_OPPONENT: &'static str;

    /// The game with its rules options (a JSON object; null or `{}` for the
    /// defaults).
    fn from_options(options: &Value) -> Result<Self, String>;

    /// The rules options, as [`from_options`](PlatformGame::from_options) takes them.
    fn options(&self) -> Value;

    /// The starting state of a game; `seed` fixes whatever the rules draw
    /// before play (a grid, a deal).
    fn start(&self, seed: u64) -> Self::Position;

    /// A player of this process for a spec (outside engines are handled by
    /// the platform).
    fn agent(&self, spec: &PlayerSpec, seed: u64) -> Result<Box<dyn Agent<Self>>, SpecError>;

    /// A text picture of what `seat` observes.
    fn render(&self, view: &Self::View, seat: Seat) -> String;

    /// Reads an action typed by a person.
    fn parse_action(&self, view: &Self::View, seat: Seat, text: &str) -> Result<Self::Move, String>;

    /// An action as a person reads it.
    fn action_text(&self, action: Self::Move) -> String;

    /// Checks an observation received from outside (the bot protocol) before
    /// any search sees it: it must describe a situation the rules allow for
    /// `seat`, so that determinizing it cannot fail.
    fn check_view(&self, view: &Self::View, seat: Seat) -> Result<(), String>;

    /// The record of a finished game played from `start(seed)` with these
    /// actions (chance outcomes excluded), as the game's JSON record, for
    /// games that keep records.
    fn record(&self, seed: u64, actions: &[Self::Move]) -> Option<String> {
        let _ = (seed, actions);
        None
    }

    /// Something worth telling a person after a move (a pass, an early end),
    /// given the states before and after it.
    fn note(&self, before: &Self::Position, after: &Self::Position) -> Option<String> {
        let _ = (before, after);
        None
    }

    /// The game's scores at the end of a game, when it keeps a score besides
    /// the payoffs (points taken, say); reported by the arena.
    fn scores(&self, state: &Self::Position) -> Option<Vec<f64>> {
        let _ = state;
        None
    }

    /// The arena's JSON report. The default is [`ArenaReport`](crate::arena::ArenaReport): wins, draws,
    /// A's score rate and its 95 % confidence interval.
    fn arena_report(&self, results: &[GameResult]) -> Value {
        serde_json::to_value(crate::arena::summarize(results)).expect("reports serialise")
    }

    /// A seat's name ("X", "North"…).
    fn seat_name(&self, seat: Seat) -> String {
        format!("seat {seat}")
    }
}

/// An agent for a spec: an outside engine for `bot:…`, else the game's own.
pub fn make_agent<G: PlatformGame>(game: &G, spec: &PlayerSpec, seed: u64) -> Result<Box<dyn Agent<G>>, PlatformError> {
    match spec {
        PlayerSpec::Bot { command } => Ok(Box::new(
            BotAgent::spawn(command, G::NAME, &game.options(), BOT_TIMEOUT).map_err(PlatformError::Agent)?,
        )),
        _ => game.agent(spec, seed).map_err(PlatformError::Spec),
    }
}

/// Errors of the platform's commands.
#[derive(Debug, thiserror::Error)]
pub enum PlatformError {
    /// No game of that name.
    #[error("unknown game '{0}'; games: {names}", names = names().join(", "))]
    UnknownGame(String),
    /// Bad rules options.
    #[error("{game}: {problem}")]
    Options {
        /// The game.
        game: &'static str,
        /// What is wrong.
        problem: String,
    },
    /// A bad player spec.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// An agent failed.
    #[error(transparent)]
    Agent(#[from] crate::agent::AgentError),
    /// Bad arena settings.
    #[error("{0}")]
    Settings(String),
    /// Reading or writing failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// A game behind a name, with the commands the apps run on it.
pub trait GameEntry: Sync {
    /// The game's name.
    fn name(&self) -> &'static str;
    /// One line about it.
    fn summary(&self) -> &'static str;
    /// The player specs it offers.
    fn players(&self) -> &'static str;
    /// Checks options and a spec without playing (arguments fail fast).
    fn check(&self, options: &Value, spec: &PlayerSpec) -> Result<(), PlatformError>;
    /// Runs a seat-swapped tournament between two specs; returns the game's
    /// report (see [`PlatformGame::arena_report`]) and every game.
    fn arena(
        &self,
        options: &Value,
        a: &PlayerSpec,
        b: &PlayerSpec,
        settings: &ArenaSettings,
        progress: &(dyn Fn(&GameResult) + Sync),
    ) -> Result<(Value, Vec<GameResult>), PlatformError>;
    /// Speaks the bot protocol as an engine running `spec`.
    fn bot(&self, spec: &PlayerSpec, seed: u64, input: &mut dyn BufRead, output: &mut dyn Write)
    -> std::io::Result<()>;
    /// A game in the terminal: a person at `human` against `opponent`.
    #[allow(clippy::too_many_arguments)]
    fn play(
        &self,
        options: &Value,
        opponent: &PlayerSpec,
        human: Seat,
        seed: u64,
        input: &mut dyn BufRead,
        output: &mut dyn Write,
    ) -> Result<(), PlatformError>;
    /// The default opponent of `play`.
    fn default_opponent(&self) -> &'static str;
}

struct Entry<G>(PhantomData<fn() -> G>);

fn configure<G: PlatformGame>(options: &Value) -> Result<G, PlatformError> {
    G::from_options(options).map_err(|problem| PlatformError::Options { game: G::NAME, problem })
}

/// Builds (and drops) the agent of a spec to check it; outside engines are
/// only started when a game needs them.
fn check_spec<G: PlatformGame>(game: &G, spec: &PlayerSpec) -> Result<(), PlatformError> {
    if !matches!(spec, PlayerSpec::Bot { .. }) {
        game.agent(spec, 0)?;
    }
    Ok(())
}

impl<G: PlatformGame> GameEntry for Entry<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn summary(&self) -> &'static str {
        G::SUMMARY
    }

    fn players(&self) -> &'static str {
        G::PLAYERS
    }

    fn default_opponent(&self) -> &'static str {
        G::DEFAULT_OPPONENT
    }

    fn check(&self, options: &Value, spec: &PlayerSpec) -> Result<(), PlatformError> {
        check_spec(&configure::<G>(options)?, spec)
    }

    fn arena(
        &self,
        options: &Value,
        a: &PlayerSpec,
        b: &PlayerSpec,
        settings: &ArenaSettings,
        progress: &(dyn Fn(&GameResult) + Sync),
    ) -> Result<(Value, Vec<GameResult>), PlatformError> {
        let game: G = configure(options)?;
        check_spec(&game, a)?;
        check_spec(&game, b)?;
        let results = crate::arena::run(&game, a, b, settings, progress)?;
        Ok((game.arena_report(&results), results))
    }

    fn bot(
        &self,
        spec: &PlayerSpec,
        seed: u64,
        input: &mut dyn BufRead,
        output: &mut dyn Write,
    ) -> std::io::Result<()> {
        crate::engine::serve::<G>(spec, seed, input, output)
    }

    fn play(
        &self,
        options: &Value,
        opponent: &PlayerSpec,
        human: Seat,
        seed: u64,
        input: &mut dyn BufRead,
        output: &mut dyn Write,
    ) -> Result<(), PlatformError> {
        let game: G = configure(options)?;
        crate::terminal::play(&game, opponent, human, seed, input, output)
    }
}

static TICTACTOE: Entry<tabula_tictactoe::TicTacToe> = Entry(PhantomData);
static MINIWHIST: Entry<tabula_testgames::MiniWhist> = Entry(PhantomData);
static DIAGONAL: Entry<crate::games::DiagonalTable> = Entry(PhantomData);
static ABALONE: Entry<tabula_abalone::Abalone> = Entry(PhantomData);
static SKYJO: Entry<tabula_skyjo::Skyjo> = Entry(PhantomData);

/// Every game, by name.
pub fn games() -> [&'static dyn GameEntry; 5] {
    [&TICTACTOE, &DIAGONAL, &ABALONE, &SKYJO, &MINIWHIST]
}

/// The names of every game.
pub fn names() -> Vec<&'static str> {
    games().iter().map(|g| g.name()).collect()
}

/// The game of a name.
pub fn find(name: &str) -> Result<&'static dyn GameEntry, PlatformError> {
    games()
        .into_iter()
        .find(|g| g.name() == name)
        .ok_or_else(|| PlatformError::UnknownGame(name.to_string()))
}
