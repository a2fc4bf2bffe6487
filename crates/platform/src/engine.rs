//! The engine side of the bot protocol: reads requests, answers with the
//! actions of one player. Bad requests get an `error` reply and the session
//! goes on.

use std::io::{self, BufRead, Write};

use serde_json::Value;
use tabula_search::{Rng, Seat, Turn};

use crate::agent::{Agent, stats_json, to_json};
use crate::catalog::{PlatformGame, make_agent};
use crate::protocol::{PROTOCOL_VERSION, Reply, Request};
use crate::spec::PlayerSpec;

/// The engine's name in `ready`.
pub fn engine_name() -> String {
    format!("tabula {}", env!("CARGO_PKG_VERSION"))
}

struct Session<G: PlatformGame> {
    game: G,
    agent: Box<dyn Agent<G>>,
}

/// Serves the protocol for game `G` until `quit` or the end of the input.
pub fn serve<G: PlatformGame>(
    spec: &PlayerSpec,
    seed: u64,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> io::Result<()> {
    let mut session: Option<Session<G>> = None;
    let mut line = String::new();
    loop {
        line.clear();
        if input.read_line(&mut line)? == 0 {
            return Ok(());
        }
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        tracing::debug!(game = G::NAME, request = text, "bot request");
        let reply = match serde_json::from_str::<Request>(text) {
            Err(e) => Reply::Error {
                id: None,
                message: format!("unreadable request: {e}"),
            },
            Ok(Request::Quit) => {
                send(output, &Reply::Bye)?;
                return Ok(());
            }
            Ok(Request::Hello {
                protocol,
                game,
                options,
            }) => match hello::<G>(protocol, &game, &options, spec, seed) {
                Ok(s) => {
                    session = Some(s);
                    Reply::Ready {
                        protocol: PROTOCOL_VERSION,
                        game: G::NAME.to_string(),
                        engine: engine_name(),
                        player: spec.to_string(),
                    }
                }
                Err(message) => Reply::Error { id: None, message },
            },
            Ok(Request::Move {
                id,
                seat,
                observation,
                legal,
            }) => match &mut session {
                None => Reply::Error {
                    id,
                    message: "send a hello first".to_string(),
                },
                Some(s) => match answer::<G>(s, seat, observation, legal) {
                    Ok(reply) => reply.with_id(id),
                    Err(message) => Reply::Error { id, message },
                },
            },
        };
        send(output, &reply)?;
    }
}

fn send(output: &mut dyn Write, reply: &Reply) -> io::Result<()> {
    let line = serde_json::to_string(reply).map_err(io::Error::other)?;
    if let Reply::Error { message, .. } = reply {
        tracing::info!(message = message.as_str(), "bot request refused");
    }
    writeln!(output, "{line}")?;
    output.flush()
}

fn hello<G: PlatformGame>(
    protocol: u32,
    game: &str,
    options: &Value,
    spec: &PlayerSpec,
    seed: u64,
) -> Result<Session<G>, String> {
    if protocol != PROTOCOL_VERSION {
        return Err(format!(
            "this engine speaks protocol {PROTOCOL_VERSION}, not {protocol}"
        ));
    }
    if game != G::NAME {
        return Err(format!("this engine plays {}, not {game}", G::NAME));
    }
    let game = G::from_options(options)?;
    let agent = make_agent(&game, spec, seed).map_err(|e| e.to_string())?;
    Ok(Session { game, agent })
}

impl Reply {
    fn with_id(self, new: Option<u64>) -> Reply {
        match self {
            Reply::Action { action, stats, .. } => Reply::Action { id: new, action, stats },
            Reply::Error { message, .. } => Reply::Error { id: new, message },
            other => other,
        }
    }
}

fn answer<G: PlatformGame>(
    s: &mut Session<G>,
    seat: Seat,
    observation: Value,
    legal: Vec<Value>,
) -> Result<Reply, String> {
    let game = &s.game;
    if seat >= game.num_seats() {
        return Err(format!(
            "{} has seats 0 to {}, not {seat}",
            G::NAME,
            game.num_seats() - 1
        ));
    }
    let view: G::View = serde_json::from_value(observation).map_err(|e| format!("invalid observation: {e}"))?;
    game.check_view(&view, seat)
        .map_err(|e| format!("invalid observation: {e}"))?;
    // Any world consistent with the observation has the seat's own legal
    // actions; a fixed seed keeps the check deterministic.
    let world = game.determinize(&view, seat, &mut Rng::new(0));
    match game.to_move(&world) {
        Turn::Seat(s) if s == seat => {}
        Turn::Terminal => return Err("the game is over".to_string()),
        _ => return Err(format!("it is not seat {seat}'s turn")),
    }
    let mut expected = Vec::new();
    game.legal_actions(&world, &mut expected);
    let mut given = legal
        .into_iter()
        .map(|a| serde_json::from_value::<G::Move>(a.clone()).map_err(|e| format!("invalid legal action {a}: {e}")))
        .collect::<Result<Vec<_>, _>>()?;
    given.sort_unstable();
    if given != expected {
        let list: Vec<Value> = expected.iter().map(to_json).collect();
        return Err(format!(
            "the legal actions do not match the observation; expected {}",
            Value::Array(list)
        ));
    }
    let result = s.agent.act(game, &view, seat, &expected).map_err(|e| e.to_string())?;
    let action = result.action.ok_or("the player found no action")?;
    Ok(Reply::Action {
        id: None,
        action: to_json(&action),
        stats: Some(stats_json(&result)),
    })
}
