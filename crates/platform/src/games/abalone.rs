//! Abalone on the platform: layouts (or any position) as rules options,
//! the computer's levels as players.

use serde_json::{Map, Value};
use tabula_abalone::{Abalone, Computer, Layout, Level, Move, Side, State};
use tabula_search::Seat;
use tabula_search::backward::Value as TableValue;

use super::common;
use crate::agent::{Agent, Local};
use crate::catalog::PlatformGame;
use crate::spec::{PlayerSpec, SpecError};

/// The level spec of a player (`level:N`), if it is one.
fn level(spec: &PlayerSpec) -> Option<Result<Level, SpecError>> {
    let PlayerSpec::Custom { name, arg } = spec else {
        return None;
    };
    if name != "level" {
        return None;
    }
    Some(
        arg.as_deref()
            .and_then(|a| a.parse::<u8>().ok())
            .and_then(Level::new)
            .ok_or_else(|| SpecError::BadArgument {
                spec: spec.to_string(),
                problem: "levels are level:1 (weakest) to level:4 (strongest)".into(),
            }),
    )
}

impl PlatformGame for Abalone {
    type Position = State;
    type Move = Move;
    type View = State;

    const NAME: &'static str = "abalone";
    const SUMMARY: &'static str = "Abalone: push six opposing marbles off the hexagon (moves like a1a3:ne, c3:w)";
    const PLAYERS: &'static str = "level:1 to level:4, random, mcts:N, bot:CMD";
    const DEFAULT_OPPONENT: &'static str = "level:4";

    fn from_options(options: &Value) -> Result<Self, String> {
        let o = &common::options_object(options)?;
        for key in o.keys() {
            if !["layout", "position", "no_progress"].contains(&key.as_str()) {
                return Err(format!("unknown option '{key}' (layout, position, no_progress)"));
            }
        }
        let text = |key: &str| -> Result<Option<&str>, String> {
            match o.get(key) {
                None | Some(Value::Null) => Ok(None),
                Some(Value::String(s)) => Ok(Some(s)),
                Some(other) => Err(format!("{key} is a string, not {other}")),
            }
        };
        let start = match (text("layout")?, text("position")?) {
            (Some(_), Some(_)) => return Err("give a layout or a position, not both".into()),
            (_, Some(p)) => tabula_abalone::tablebase::parse_position(p).map_err(|e| format!("position: {e}"))?,
            (Some(l), None) => Layout::parse(l).map_err(|e| e.to_string())?.position(),
            (None, None) => Layout::Belgian.position(),
        };
        let mut game = Abalone::new(start);
        match o.get("no_progress") {
            None | Some(Value::Null) => {}
            Some(v) => {
                game.no_progress = v
                    .as_u64()
                    .filter(|&n| (1..=10_000).contains(&n))
                    .ok_or_else(|| format!("no_progress is a number of plies from 1 to 10000, not {v}"))?
                    as u16
            }
        }
        Ok(game)
    }

    fn options(&self) -> Value {
        let mut o = Map::new();
        let layout = Layout::ALL.into_iter().find(|l| l.position() == self.start);
        match layout {
            Some(l) => o.insert("layout".into(), Value::from(l.name())),
            None => o.insert("position".into(), Value::from(self.start.to_string())),
        };
        o.insert("no_progress".into(), Value::from(self.no_progress));
        Value::Object(o)
    }

    fn start(&self, _seed: u64) -> State {
        self.initial_state()
    }

    fn agent(&self, spec: &PlayerSpec, seed: u64) -> Result<Box<dyn Agent<Self>>, SpecError> {
        if let Some(level) = level(spec) {
            let computer = Computer::at_level(level?, seed);
            return Ok(Box::new(Local::new(computer, spec.to_string())));
        }
        common::mcts(spec, seed)
            .or_else(|| match spec {
                PlayerSpec::Random => common::sampling(spec, seed),
                _ => None,
            })
            .ok_or_else(|| common::unsupported::<Self>(spec))
    }

    fn check_view(&self, view: &State, _seat: Seat) -> Result<(), String> {
        // The position parsed, so it is valid; the draw counters must agree with it.
        if view.history.last() != Some(&view.position.hash()) {
            return Err("history must end with the current position's hash".into());
        }
        if view.history.len() > usize::from(view.quiet_plies) + 1 {
            return Err("history is longer than the plies since the last ejection".into());
        }
        Ok(())
    }

    fn render(&self, view: &State, _seat: Seat) -> String {
        let mut text = view.position.diagram();
        let ejected = |side: Side| self.start.count(side).saturating_sub(view.position.count(side));
        text.push_str(&format!(
            "\nejected: black {} · white {} · plies without ejection {}/{}",
            ejected(Side::Black),
            ejected(Side::White),
            view.quiet_plies,
            self.no_progress
        ));
        if let Some(v) = tabula_abalone::tablebase::installed().and_then(|t| t.value(&view.position)) {
            let mover = view.position.to_move();
            text.push_str(&match v {
                TableValue::Win(d) => format!("\ntablebase: {mover} wins in {d} plies"),
                TableValue::Loss(d) => format!("\ntablebase: {} wins in {d} plies", mover.other()),
                TableValue::Draw => "\ntablebase: drawn with best play".to_string(),
            });
        }
        text
    }

    fn parse_action(&self, view: &State, _seat: Seat, text: &str) -> Result<Move, String> {
        let m: Move = text.parse().map_err(|e| format!("{e}"))?;
        if !view.position.is_legal(m) {
            return Err(format!("{m} is not legal here"));
        }
        Ok(m)
    }

    fn action_text(&self, m: Move) -> String {
        m.to_string()
    }

    fn note(&self, before: &State, after: &State) -> Option<String> {
        let mover = before.position.to_move();
        let victim = mover.other();
        let lost = before.position.count(victim) - after.position.count(victim);
        (lost > 0).then(|| {
            format!(
                "{mover} ejects a {victim} marble ({victim} has {} left)",
                after.position.count(victim)
            )
        })
    }

    fn scores(&self, state: &State) -> Option<Vec<f64>> {
        // Marbles ejected by each side.
        let ejected = |side: Side| f64::from(self.start.count(side.other()) - state.position.count(side.other()));
        Some(vec![ejected(Side::Black), ejected(Side::White)])
    }

    fn seat_name(&self, seat: Seat) -> String {
        Side::from_index(seat).name().to_string()
    }
}
