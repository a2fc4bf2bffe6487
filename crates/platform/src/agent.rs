//! Agents: whatever acts for a seat in the arena or the terminal — a search
//! of this process, or an outside engine speaking the bot protocol.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use tabula_search::{Game, Player, SearchResult, SearchStats, Seat};

use crate::protocol::{PROTOCOL_VERSION, Reply, Request, StatsJson};

/// Why an agent gave no action.
#[derive(Debug, thiserror::Error)]
pub enum AgentError {
    /// The search found no legal action.
    #[error("{0} found no action")]
    NoAction(String),
    /// Talking to an outside engine failed.
    #[error("engine '{engine}': {problem}")]
    Engine {
        /// The engine's command.
        engine: String,
        /// What went wrong.
        problem: String,
    },
}

/// Acts for one seat.
pub trait Agent<G: Game>: Send {
    /// The action for `seat` (the seat to act), given its observation and its
    /// legal actions (derivable from the observation; given for outside
    /// engines).
    fn act(
        &mut self,
        game: &G,
        observation: &G::Observation,
        seat: Seat,
        legal: &[G::Action],
    ) -> Result<SearchResult<G::Action>, AgentError>;

    /// A short description (its spec).
    fn describe(&self) -> String;
}

/// A search of this process as an agent.
pub struct Local<P> {
    player: P,
    name: String,
}

impl<P> Local<P> {
    /// Wraps a player under a name (its spec).
    pub fn new(player: P, name: impl Into<String>) -> Self {
        Local {
            player,
            name: name.into(),
        }
    }
}

impl<G: Game, P: Player<G> + Send> Agent<G> for Local<P> {
    fn act(
        &mut self,
        game: &G,
        observation: &G::Observation,
        seat: Seat,
        _legal: &[G::Action],
    ) -> Result<SearchResult<G::Action>, AgentError> {
        let result = self.player.choose(game, observation, seat);
        if result.action.is_none() {
            return Err(AgentError::NoAction(self.name.clone()));
        }
        Ok(result)
    }

    fn describe(&self) -> String {
        self.name.clone()
    }
}

/// An outside engine run as a child process, spoken to with the bot protocol
/// (docs/bot-protocol.md). The process is asked to quit (and killed if it
/// does not) when the agent is dropped.
pub struct BotAgent {
    command: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    timeout: Duration,
    next_id: u64,
}

impl BotAgent {
    /// Starts `command` (split on whitespace), greets it for `game` with
    /// `options`, and waits for its `ready`.
    pub fn spawn(command: &str, game: &str, options: &Value, timeout: Duration) -> Result<Self, AgentError> {
        let fail = |problem: String| AgentError::Engine {
            engine: command.to_string(),
            problem,
        };
        let mut words = command.split_whitespace();
        let program = words.next().ok_or_else(|| fail("empty command".into()))?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| fail(format!("cannot start: {e}")))?;
        let stdin = child.stdin.take().ok_or_else(|| fail("no stdin".into()))?;
        let stdout = child.stdout.take().ok_or_else(|| fail("no stdout".into()))?;
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut bot = BotAgent {
            command: command.to_string(),
            child,
            stdin,
            lines,
            timeout,
            next_id: 0,
        };
        bot.send(&Request::Hello {
            protocol: PROTOCOL_VERSION,
            game: game.to_string(),
            options: options.clone(),
        })?;
        match bot.receive()? {
            Reply::Ready { protocol, .. } if protocol == PROTOCOL_VERSION => Ok(bot),
            Reply::Ready { protocol, .. } => {
                Err(bot.error(format!("speaks protocol {protocol}, not {PROTOCOL_VERSION}")))
            }
            Reply::Error { message, .. } => Err(bot.error(format!("refused the hello: {message}"))),
            other => Err(bot.error(format!("answered the hello with {other:?}"))),
        }
    }

    fn error(&self, problem: String) -> AgentError {
        AgentError::Engine {
            engine: self.command.clone(),
            problem,
        }
    }

    fn send(&mut self, request: &Request) -> Result<(), AgentError> {
        let line = serde_json::to_string(request).expect("requests serialise");
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| self.error(format!("cannot write: {e}")))
    }

    fn receive(&mut self) -> Result<Reply, AgentError> {
        let line = match self.lines.recv_timeout(self.timeout) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => return Err(self.error(format!("no answer within {:?}", self.timeout))),
            Err(RecvTimeoutError::Disconnected) => return Err(self.error("the engine exited".into())),
        };
        serde_json::from_str(&line).map_err(|e| self.error(format!("unreadable answer {line:?}: {e}")))
    }
}

impl<G> Agent<G> for BotAgent
where
    G: Game,
    G::Action: Serialize + DeserializeOwned,
    G::Observation: Serialize,
{
    fn act(
        &mut self,
        _game: &G,
        observation: &G::Observation,
        seat: Seat,
        legal: &[G::Action],
    ) -> Result<SearchResult<G::Action>, AgentError> {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&Request::Move {
            id: Some(id),
            seat,
            observation: to_json(observation),
            legal: legal.iter().map(to_json).collect(),
        })?;
        match self.receive()? {
            Reply::Action { id: Some(got), .. } if got != id => {
                Err(self.error(format!("answered request {got}, not {id}")))
            }
            Reply::Action { action, stats, .. } => {
                let action: G::Action = serde_json::from_value(action.clone())
                    .map_err(|e| self.error(format!("sent an unreadable action {action}: {e}")))?;
                if legal.binary_search(&action).is_err() {
                    return Err(self.error(format!("chose the illegal action {action:?}")));
                }
                let stats = stats.unwrap_or_default();
                Ok(SearchResult {
                    action: Some(action),
                    value: stats.value.unwrap_or(0.0),
                    stats: SearchStats {
                        nodes: stats.nodes,
                        iterations: stats.iterations,
                        depth: stats.depth,
                        elapsed: Duration::from_secs_f64(stats.time_ms / 1000.0),
                        ..SearchStats::default()
                    },
                })
            }
            Reply::Error { message, .. } => Err(self.error(message)),
            other => Err(self.error(format!("answered a move with {other:?}"))),
        }
    }

    fn describe(&self) -> String {
        format!("bot:{}", self.command)
    }
}

impl Drop for BotAgent {
    fn drop(&mut self) {
        let _ = self.send(&Request::Quit);
        // Give it a moment to leave on its own, then make sure it is gone.
        for _ in 0..20 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A game value as JSON (game types serialise without failure).
pub(crate) fn to_json<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("game values serialise")
}

/// Statistics of a search as the protocol reports them.
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
            .map(|r| crate::protocol::RootJson {
                action: to_json(&r.action),
                visits: r.visits,
                value: r.value,
                exact: r.exact,
            })
            .collect(),
        pv: result.stats.pv.iter().map(to_json).collect(),
    }
}
