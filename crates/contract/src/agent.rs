//! Agents: whatever acts for a seat — a player of this process, or (in a
//! front end) an outside engine — behind one erased interface whose only
//! input is the seat's observation.

use std::any::Any;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tabula_search::{Determinize, Game, Player, SearchResult, Seat};

use crate::info::TableKind;
use crate::module::{ActionOf, GameModule, ObservationOf};
use crate::spec::PlayerSpec;

/// Why an agent gave no action.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum AgentError {
    /// The player found no legal action.
    #[error("{0} found no action")]
    NoAction(String),
    /// The request was refused (an observation or action that does not
    /// fit the game).
    #[error("{0}")]
    Refused(String),
    /// Talking to an outside engine failed.
    #[error("engine '{engine}': {problem}")]
    Engine {
        /// The engine's command.
        engine: String,
        /// What went wrong.
        problem: String,
    },
}

/// One root action in a decision's statistics.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RootJson {
    /// The action, in the game's JSON form.
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

/// A decision's search statistics, as JSON carries them.
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
    /// Milliseconds spent, when measured (the bot engine times each
    /// answer; the searches themselves read no clock unless their budget
    /// names one, and report 0).
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

/// What an agent decided: the action in the game's JSON form, its text,
/// and the search's statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// The action.
    pub action: Value,
    /// The statistics.
    pub stats: StatsJson,
}

impl Decision {
    /// Why the search chose its action, in one line a person reads, where
    /// its figures say it: a tree search's score of the move against the
    /// best of the others (a bound for a refuted move: "no more than"), or
    /// the share of a sampling search's simulations that went to it. `None`
    /// where they say nothing (a heuristic player, a lone legal move).
    pub fn why(&self) -> Option<String> {
        let root = &self.stats.root;
        let chosen = root.iter().find(|r| r.action == self.action)?;
        if root.len() < 2 {
            return None;
        }
        if chosen.exact {
            let others = root
                .iter()
                .filter(|r| r.action != self.action)
                .map(|r| r.value)
                .fold(f64::NEG_INFINITY, f64::max);
            let depth = self.stats.depth;
            let ahead = match depth {
                0 => String::new(),
                1 => " looking 1 move ahead".to_string(),
                d => format!(" looking {d} moves ahead"),
            };
            let v = score(chosen.value);
            return Some(if others >= chosen.value {
                format!("it scores {v}{ahead}, as much as any move can")
            } else {
                format!("it scores {v}{ahead}; every other move at most {}", score(others))
            });
        }
        let total: u64 = root.iter().map(|r| r.visits).sum();
        if self.stats.iterations == 0 || total == 0 {
            return None;
        }
        let share = (chosen.visits as f64 * 100.0 / total as f64).round();
        Some(format!(
            "it went to this move in {share}% of {} simulated games",
            crate::titles::thousands(self.stats.iterations)
        ))
    }
}

/// A search's score as a person reads it: signed, whole where it is.
fn score(v: f64) -> String {
    let text = if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v:.2}")
    };
    if v > 0.0 { format!("+{text}") } else { text }
}

/// Acts for one seat. Its only input is what the seat may see: the
/// observation and the legal actions (which follow from it).
pub trait SeatAgent: Send {
    /// The action for `seat`, the seat to act, given its observation and
    /// legal actions in the game's JSON forms.
    ///
    /// # Errors
    /// When the request does not fit the game, or the player finds nothing.
    fn act(&mut self, observation: &Value, seat: Seat, legal: &[Value]) -> Result<Decision, AgentError>;

    /// The spec it plays.
    fn spec(&self) -> &PlayerSpec;

    /// The agent itself, so that a match of the same game can call a local
    /// player with the typed observation instead of its JSON form.
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

/// A value of the game as JSON (game types serialise without failure).
pub(crate) fn to_json<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("game values serialise")
}

/// The statistics of a search result, as JSON.
pub fn stats_json<A: Serialize>(result: &SearchResult<A>) -> StatsJson {
    StatsJson {
        nodes: result.stats.nodes,
        iterations: result.stats.iterations,
        depth: result.stats.depth,
        time_ms: result.stats.elapsed.as_secs_f64() * 1000.0,
        value: Some(result.value),
        root: result
            .stats
            .root
            .iter()
            .map(|r| RootJson {
                action: to_json(&r.action),
                visits: r.visits,
                value: r.value,
                exact: r.exact,
            })
            .collect(),
        pv: result.stats.pv.iter().map(to_json).collect(),
    }
}

/// A player of this process, for a module's game.
pub struct LocalAgent<M: GameModule> {
    module: Arc<M>,
    player: Box<dyn Player<M::Game> + Send>,
    spec: PlayerSpec,
    /// The table it sits at: what the game hands its player there is
    /// accepted ([`GameModule::check_observation_for`]).
    table: TableKind,
}

impl<M: GameModule> LocalAgent<M> {
    pub(crate) fn new(
        module: Arc<M>,
        player: Box<dyn Player<M::Game> + Send>,
        spec: PlayerSpec,
        table: TableKind,
    ) -> Self {
        LocalAgent {
            module,
            player,
            spec,
            table,
        }
    }

    /// The player's action from the typed observation of the seat to act.
    ///
    /// # Errors
    /// When the player finds no action, or one that is not legal.
    pub fn decide(
        &mut self,
        observation: &ObservationOf<M>,
        seat: Seat,
    ) -> Result<(ActionOf<M>, SearchResult<ActionOf<M>>), AgentError> {
        let result = self.player.choose(self.module.game(), observation, seat);
        let mut legal = Vec::new();
        self.module.game().legal_from_observation(observation, seat, &mut legal);
        // A game's own player cut short before it ranked anything answers
        // like the library's searches: the first legal action.
        let action = result
            .action
            .or_else(|| legal.first().copied())
            .ok_or_else(|| AgentError::NoAction(self.spec.to_string()))?;
        if legal.binary_search(&action).is_err() {
            return Err(AgentError::Refused(format!(
                "{} chose {action:?}, which is not legal",
                self.spec
            )));
        }
        Ok((action, result))
    }
}

impl<M: GameModule> SeatAgent for LocalAgent<M> {
    fn act(&mut self, observation: &Value, seat: Seat, legal: &[Value]) -> Result<Decision, AgentError> {
        if seat >= self.module.game().num_seats() {
            return Err(AgentError::Refused(format!("{} has no seat {seat}", M::INFO.name)));
        }
        let obs: ObservationOf<M> = serde_json::from_value(observation.clone())
            .map_err(|e| AgentError::Refused(format!("invalid observation: {e}")))?;
        self.module
            .check_observation_for(&obs, seat, &self.spec, self.table)
            .map_err(|e| AgentError::Refused(format!("invalid observation: {e}")))?;
        let (action, result) = self.decide(&obs, seat)?;
        let action = to_json(&action);
        if !legal.contains(&action) {
            return Err(AgentError::Refused(format!(
                "{} chose {action}, which the request does not list as legal",
                self.spec
            )));
        }
        Ok(Decision {
            action,
            stats: stats_json(&result),
        })
    }

    fn spec(&self) -> &PlayerSpec {
        &self.spec
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}
