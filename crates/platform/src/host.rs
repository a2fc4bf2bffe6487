//! The host side of the bot protocol: an outside engine, run as a child
//! process, acting for a seat.

use std::any::Any;
use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

use serde_json::Value;
use tabula_contract::{AgentError, Decision, PlayerSpec, SeatAgent};
use tabula_search::Seat;

use crate::lines::{Line, read_line};
use crate::protocol::{PROTOCOL_VERSION, Reply, Request};

/// An outside engine spoken to with the bot protocol (docs/bot-protocol.md).
/// It receives the seat's observation and legal actions, nothing else. The
/// process is asked to quit (and killed if it does not) when the agent is
/// dropped.
pub struct BotAgent {
    spec: PlayerSpec,
    command: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Line>,
    timeout: Duration,
    next_id: u64,
}

impl BotAgent {
    /// Starts `command` (split on whitespace), greets it for `game` with
    /// `options`, and waits for its `ready`.
    ///
    /// # Errors
    /// When the engine does not start, or does not answer the hello with a
    /// `ready` of this protocol.
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
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            while let Ok(Some(line)) = read_line(&mut reader, &mut buf) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut bot = BotAgent {
            spec: PlayerSpec::Bot {
                command: command.to_string(),
            },
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
            Ok(Line::Text(line)) => line,
            Ok(Line::TooLong) => return Err(self.error("sent a line longer than the protocol allows".into())),
            Ok(Line::NotUtf8) => return Err(self.error("sent a line that is not UTF-8".into())),
            Err(RecvTimeoutError::Timeout) => return Err(self.error(format!("no answer within {:?}", self.timeout))),
            Err(RecvTimeoutError::Disconnected) => return Err(self.error("the engine exited".into())),
        };
        serde_json::from_str(&line).map_err(|e| self.error(format!("unreadable answer: {e}")))
    }
}

impl SeatAgent for BotAgent {
    fn act(&mut self, observation: &Value, seat: Seat, legal: &[Value]) -> Result<Decision, AgentError> {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&Request::Move {
            id: Some(id),
            seat,
            observation: observation.clone(),
            legal: legal.to_vec(),
        })?;
        match self.receive()? {
            Reply::Action { id: Some(got), .. } | Reply::Error { id: Some(got), .. } if got != id => {
                Err(self.error(format!("answered request {got}, not {id}")))
            }
            Reply::Action { action, stats, .. } => {
                if !legal.contains(&action) {
                    return Err(self.error(format!("chose the illegal action {action}")));
                }
                Ok(Decision {
                    action,
                    stats: stats.unwrap_or_default(),
                })
            }
            Reply::Error { message, .. } => Err(self.error(message)),
            other => Err(self.error(format!("answered a move with {other:?}"))),
        }
    }

    fn spec(&self) -> &PlayerSpec {
        &self.spec
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
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
