//! Tic-tac-toe on the game contract: no options, every search of the
//! library as a player, the board as text and as a view.

use serde::{Deserialize, Serialize};
use tabula_contract::players::{self, BoxedPlayer};
use tabula_contract::{Capabilities, GameInfo, GameModule, OptionDoc, PlayerInfo, PlayerSpec, SpecError};
use tabula_search::{AlphaBetaConfig, AlphaBetaPlayer, Budget, Game, Seat, Turn};

use crate::ai::{CentreFirst, OpenLines};
use crate::board::{Board, Mark, Square, TicTacToe};
use crate::view::TicTacToeView;

/// A transposition table big enough for every tic-tac-toe position.
const TT_BYTES: usize = 1 << 20;

/// Tic-tac-toe has no rules options.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TicTacToeOptions {}

impl GameModule for TicTacToe {
    type Game = TicTacToe;
    type Options = TicTacToeOptions;
    type View = TicTacToeView;

    const INFO: GameInfo = GameInfo {
        name: "tictactoe",
        title: "Tic-tac-toe",
        summary: "tic-tac-toe, the teaching game (squares 0-8 row by row, X moves first)",
        min_seats: 2,
        max_seats: 2,
        hidden_information: false,
        chance: false,
    };
    const OPTIONS: &'static [OptionDoc] = &[];
    const PLAYERS: &'static [PlayerInfo] = &[
        players::RANDOM,
        players::MINIMAX,
        PlayerInfo {
            description: "alpha-beta with a transposition table, open-lines evaluation, centre first; to the end or D plies",
            ..players::ALPHABETA
        },
        players::MCTS,
        players::ISMCTS,
        players::MOISMCTS,
        players::ROOTUCB,
    ];
    const DEFAULT_PLAYER: &'static str = "alphabeta";
    const RULES: &'static str = include_str!("../RULES.md");
    const SEAT_NAMES: &'static [&'static str] = &["X", "O"];
    const CAPABILITIES: Capabilities = crate::capabilities::CAPABILITIES;

    fn new(_: TicTacToeOptions) -> Result<Self, String> {
        Ok(TicTacToe)
    }

    fn options(&self) -> TicTacToeOptions {
        TicTacToeOptions {}
    }

    fn game(&self) -> &TicTacToe {
        self
    }

    fn start(&self, _seed: u64) -> Board {
        Board::new()
    }

    fn agent(&self, spec: &PlayerSpec, seed: u64) -> Result<BoxedPlayer<TicTacToe>, SpecError> {
        if let PlayerSpec::AlphaBeta { depth } = *spec {
            let config = AlphaBetaConfig {
                tt_bytes: TT_BYTES,
                ..AlphaBetaConfig::default()
            };
            return Ok(Box::new(AlphaBetaPlayer::new(
                config,
                depth,
                OpenLines,
                CentreFirst,
                Budget::unlimited(),
            )));
        }
        players::minimax(spec)
            .or_else(|| players::mcts(spec, seed))
            .or_else(|| players::sampling(spec, seed))
            .ok_or_else(|| SpecError::BadArgument {
                spec: spec.to_string(),
                problem: "not a tic-tac-toe player".into(),
            })
    }

    fn turn(&self, b: &Board) -> Turn {
        self.to_move(b)
    }

    fn check_observation(&self, _: &Board, _: Seat) -> Result<(), String> {
        // A Board only deserialises when the position is reachable.
        Ok(())
    }

    fn view(&self, b: &Board, _seat: Seat) -> TicTacToeView {
        TicTacToeView::of(b)
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

    fn action_text(&self, square: Square) -> String {
        square.to_string()
    }

    fn parse_action(&self, b: &Board, _seat: Seat, text: &str) -> Result<Square, String> {
        let text = text.trim();
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
}
