//! Tic-tac-toe on the platform.

use serde_json::Value;
use tabula_search::{AlphaBetaConfig, AlphaBetaPlayer, Budget, Seat};
use tabula_tictactoe::{Board, CentreFirst, Mark, OpenLines, Square, TicTacToe};

use super::common;
use crate::agent::{Agent, Local};
use crate::catalog::PlatformGame;
use crate::spec::{PlayerSpec, SpecError};

/// A transposition table big enough for every tic-tac-toe position.
const TT_BYTES: usize = 1 << 20;

impl PlatformGame for TicTacToe {
    type Position = Board;
    type Move = Square;
    type View = Board;

    const NAME: &'static str = "tictactoe";
    const SUMMARY: &'static str = "tic-tac-toe, the teaching game (squares 0-8 row by row, X moves first)";
    const PLAYERS: &'static str =
        "random, minimax, alphabeta, alphabeta:D, mcts:N, ismcts:N, moismcts:N, rootucb:N, bot:CMD";
    const DEFAULT_OPPONENT: &'static str = "alphabeta";

    fn from_options(options: &Value) -> Result<Self, String> {
        match options {
            Value::Null => Ok(TicTacToe),
            Value::Object(o) if o.is_empty() => Ok(TicTacToe),
            other => Err(format!("tictactoe has no rules options, got {other}")),
        }
    }

    fn options(&self) -> Value {
        Value::Object(Default::default())
    }

    fn start(&self, _seed: u64) -> Board {
        Board::new()
    }

    fn agent(&self, spec: &PlayerSpec, seed: u64) -> Result<Box<dyn Agent<Self>>, SpecError> {
        if let PlayerSpec::AlphaBeta { depth } = *spec {
            let config = AlphaBetaConfig {
                tt_bytes: TT_BYTES,
                ..AlphaBetaConfig::default()
            };
            let player = AlphaBetaPlayer::new(config, depth, OpenLines, CentreFirst, Budget::unlimited());
            return Ok(Box::new(Local::new(player, spec.to_string())));
        }
        common::minimax(spec)
            .or_else(|| common::mcts(spec, seed))
            .or_else(|| common::sampling(spec, seed))
            .ok_or_else(|| common::unsupported::<Self>(spec))
    }

    fn check_view(&self, _view: &Board, _seat: Seat) -> Result<(), String> {
        // A Board only deserialises when the position is reachable.
        Ok(())
    }

    fn render(&self, b: &Board, _seat: Seat) -> String {
        let cell = |s: Square| match b.at(s) {
            Some(Mark::X) => "X".to_string(),
            Some(Mark::O) => "O".to_string(),
            None => s.to_string(),
        };
        let row = |r: Square| format!(" {} | {} | {}", cell(3 * r), cell(3 * r + 1), cell(3 * r + 2));
        format!("{}\n---+---+---\n{}\n---+---+---\n{}", row(0), row(1), row(2))
    }

    fn parse_action(&self, b: &Board, _seat: Seat, text: &str) -> Result<Square, String> {
        let square: Square = text
            .parse()
            .ok()
            .filter(|&s| s < 9)
            .ok_or_else(|| format!("'{text}' is not a square; type a number from 0 to 8"))?;
        if b.at(square).is_some() {
            return Err(format!("square {square} is taken"));
        }
        Ok(square)
    }

    fn action_text(&self, square: Square) -> String {
        square.to_string()
    }

    fn seat_name(&self, seat: Seat) -> String {
        if seat == 0 { "X".into() } else { "O".into() }
    }
}
