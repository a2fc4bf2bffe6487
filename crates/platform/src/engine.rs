//! The engine side of the bot protocol: reads requests, answers with the
//! actions of one player. A bad request — not UTF-8, too long, not JSON,
//! not the game's, an observation no game can reach, unknown fields — gets
//! an `error` reply, and the session goes on.

use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::time::Instant;

use serde_json::Value;
use tabula_contract::{Driver, GameEntry, PlayerSpec, SeatAgent};
use tabula_search::Seat;

use crate::agents;
use crate::lines::{Line, MAX_LINE, read_line};
use crate::protocol::{PROTOCOL_VERSION, Reply, Request};

/// The engine's name in `ready`.
pub fn engine_name() -> String {
    format!("tabula {}", env!("CARGO_PKG_VERSION"))
}

struct Session {
    driver: Arc<dyn Driver>,
    agent: Box<dyn SeatAgent>,
}

/// Serves the protocol for `entry`'s game, playing `spec`, until `quit` or
/// the end of the input.
///
/// # Errors
/// Only errors of the input or the output themselves.
pub fn serve(
    entry: &dyn GameEntry,
    spec: &PlayerSpec,
    seed: u64,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> io::Result<()> {
    let name = entry.info().name;
    let mut session: Option<Session> = None;
    let mut buf = Vec::new();
    while let Some(line) = read_line(input, &mut buf)? {
        let text = match line {
            Line::Text(text) => text,
            Line::TooLong => {
                send(
                    output,
                    &refused(None, format!("the line is longer than {MAX_LINE} bytes")),
                )?;
                continue;
            }
            Line::NotUtf8 => {
                send(output, &refused(None, "the line is not UTF-8 text".into()))?;
                continue;
            }
        };
        let text = text.trim();
        if text.is_empty() {
            continue;
        }
        tracing::debug!(game = name, request = text, "bot request");
        let reply = match serde_json::from_str::<Request>(text) {
            Err(e) => refused(None, format!("unreadable request: {e}")),
            Ok(Request::Quit) => {
                send(output, &Reply::Bye)?;
                return Ok(());
            }
            Ok(Request::Hello {
                protocol,
                game,
                options,
            }) => match hello(entry, protocol, &game, &options, spec, seed) {
                Ok(s) => {
                    session = Some(s);
                    Reply::Ready {
                        protocol: PROTOCOL_VERSION,
                        game: name.to_string(),
                        engine: engine_name(),
                        player: spec.to_string(),
                    }
                }
                Err(message) => refused(None, message),
            },
            Ok(Request::Move {
                id,
                seat,
                observation,
                legal,
            }) => match &mut session {
                None => refused(id, "send a hello first".to_string()),
                Some(s) => answer(s, id, seat, &observation, &legal),
            },
        };
        send(output, &reply)?;
    }
    Ok(())
}

fn refused(id: Option<u64>, message: String) -> Reply {
    Reply::Error { id, message }
}

fn send(output: &mut dyn Write, reply: &Reply) -> io::Result<()> {
    let line = serde_json::to_string(reply).map_err(io::Error::other)?;
    if let Reply::Error { message, .. } = reply {
        tracing::info!(message = message.as_str(), "bot request refused");
    }
    writeln!(output, "{line}")?;
    output.flush()
}

fn hello(
    entry: &dyn GameEntry,
    protocol: u32,
    game: &str,
    options: &Value,
    spec: &PlayerSpec,
    seed: u64,
) -> Result<Session, String> {
    if protocol != PROTOCOL_VERSION {
        return Err(format!(
            "this engine speaks protocol {PROTOCOL_VERSION}, not {protocol}"
        ));
    }
    let name = entry.info().name;
    if game != name {
        return Err(format!("this engine plays {name}, not {game}"));
    }
    let driver = entry.open(options).map_err(|e| e.to_string())?;
    let agent = agents::agent(&*driver, spec, seed).map_err(|e| e.to_string())?;
    Ok(Session { driver, agent })
}

fn answer(s: &mut Session, id: Option<u64>, seat: Seat, observation: &Value, legal: &[Value]) -> Reply {
    if let Err(e) = s.driver.check_request(observation, seat, legal) {
        return refused(id, e.to_string());
    }
    let start = Instant::now();
    match s.agent.act(observation, seat, legal) {
        Ok(mut decision) => {
            decision.stats.time_ms = start.elapsed().as_secs_f64() * 1000.0;
            Reply::Action {
                id,
                action: decision.action,
                stats: Some(decision.stats),
            }
        }
        Err(e) => refused(id, e.to_string()),
    }
}
