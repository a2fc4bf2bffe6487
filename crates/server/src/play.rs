//! The games the server runs, without the database: Jamais en diagonale
//! (a record replayed on every request, the computers' moves, the seat's
//! view) and tic-tac-toe against the perfect computer.

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use tabula_diagonal::rules::cells_of;
use tabula_diagonal::{Cell, Computer, ComputerConfig, Coord, Diagonal, End, Greedy, Record, State, parse_cell};
use tabula_search::{AlphaBeta, AlphaBetaConfig, Budget, Game, NaturalOrder, Utility};
use tabula_tictactoe::{Board, Mark, TicTacToe};

use crate::error::ApiError;

/// Who plays a seat of Jamais en diagonale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// The person at the browser.
    Human,
    /// Takes the largest cell in reach.
    Greedy,
    /// The computer at a depth (the daily computer is `AlphaBeta(7)`).
    AlphaBeta(u32),
}

/// The deepest search offered to the web (deeper ones take seconds on 9×9).
pub const MAX_WEB_DEPTH: u32 = 9;
/// The daily grid's computer.
pub const DAILY_COMPUTER: Player = Player::AlphaBeta(tabula_diagonal::ai::DEFAULT_DEPTH);

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Human => f.write_str("you"),
            Player::Greedy => f.write_str("greedy"),
            Player::AlphaBeta(d) => write!(f, "alphabeta:{d}"),
        }
    }
}

impl FromStr for Player {
    type Err = ApiError;

    fn from_str(s: &str) -> Result<Self, ApiError> {
        let bad = || {
            ApiError::bad_request(format!(
                "unknown opponent {s:?}: greedy or alphabeta:1 to alphabeta:{MAX_WEB_DEPTH}"
            ))
        };
        match s {
            "you" => Ok(Player::Human),
            "greedy" => Ok(Player::Greedy),
            _ => {
                let depth: u32 = s
                    .strip_prefix("alphabeta:")
                    .ok_or_else(bad)?
                    .parse()
                    .map_err(|_| bad())?;
                if (1..=MAX_WEB_DEPTH).contains(&depth) {
                    Ok(Player::AlphaBeta(depth))
                } else {
                    Err(bad())
                }
            }
        }
    }
}

thread_local! {
    /// One computer per depth per worker thread: its transposition table is
    /// allocated once, not per request.
    static COMPUTERS: RefCell<HashMap<u32, Computer>> = RefCell::new(HashMap::new());
}

/// The computer's move (deterministic: the same position, the same move).
fn computer_move(player: Player, rules: &Diagonal, s: &State) -> Option<Cell> {
    match player {
        Player::Human => None,
        Player::Greedy => Greedy::pick(rules, s),
        Player::AlphaBeta(depth) => COMPUTERS.with(|c| {
            let mut computers = c.borrow_mut();
            let computer = computers
                .entry(depth)
                .or_insert_with(|| Computer::new(ComputerConfig::with_depth(depth)));
            computer.think(rules, s).action
        }),
    }
}

/// A game of Jamais en diagonale: its record and its two players.
#[derive(Clone, Debug)]
pub struct DiagonalGame {
    /// The record (grid, variant, moves).
    pub record: Record,
    /// Seat 0 and seat 1.
    pub players: [Player; 2],
}

/// The replayed game: every position, and the final one.
struct Replayed {
    size: u8,
    states: Vec<State>,
}

impl Replayed {
    fn last(&self) -> &State {
        self.states.last().expect("a replay has its start")
    }
}

/// How a move was refused.
#[derive(Debug)]
pub enum Refusal {
    /// The game is over, or it is not the human's turn.
    Conflict(String),
    /// The rules forbid the move (or its name is no cell).
    Illegal(String),
}

impl From<Refusal> for ApiError {
    fn from(r: Refusal) -> Self {
        match r {
            Refusal::Conflict(m) => ApiError::conflict(m),
            Refusal::Illegal(m) => ApiError::unprocessable(m),
        }
    }
}

impl DiagonalGame {
    fn replay(&self) -> Result<Replayed, ApiError> {
        let (grid, states) = self
            .record
            .positions()
            .map_err(|e| ApiError::internal(format!("a stored record does not replay: {e}")))?;
        Ok(Replayed {
            size: grid.size(),
            states,
        })
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> Result<bool, ApiError> {
        Ok(self.replay()?.last().is_over())
    }

    /// Checks the human's move without playing it: the refusal says why.
    pub fn check_human(&self, action: &str) -> Result<Cell, ApiError> {
        let r = self.replay()?;
        let s = *r.last();
        if s.is_over() {
            return Err(Refusal::Conflict("the game is over".into()).into());
        }
        if self.players[s.to_move()] != Player::Human {
            return Err(Refusal::Conflict("it is not your turn".into()).into());
        }
        let cell = parse_cell(action, r.size).map_err(|e| Refusal::Illegal(e.to_string()))?;
        let mut after = s;
        self.record
            .rules()
            .play(&mut after, cell)
            .map_err(|e| Refusal::Illegal(e.to_string()))?;
        Ok(cell)
    }

    /// Plays `human` (already checked, if any) and then the computers'
    /// moves until the game ends or a human is to move.
    pub fn advance(&mut self, human: Option<Cell>) -> Result<(), ApiError> {
        let r = self.replay()?;
        let rules = self.record.rules();
        let mut s = *r.last();
        if let Some(cell) = human {
            rules.play(&mut s, cell).map_err(|e| Refusal::Illegal(e.to_string()))?;
            self.record.push_cell(cell, r.size);
        }
        while !s.is_over() {
            let Some(cell) = computer_move(self.players[s.to_move()], &rules, &s) else {
                break;
            };
            rules.apply(&mut s, cell);
            self.record.push_cell(cell, r.size);
        }
        Ok(())
    }

    /// The final scores and the result, if over.
    pub fn scores(&self) -> Result<([i32; 2], bool), ApiError> {
        let r = self.replay()?;
        Ok((r.last().scores(), r.last().is_over()))
    }

    /// The view the seat's page shows.
    pub fn view(&self) -> Result<DiagonalView, ApiError> {
        let r = self.replay()?;
        let rules = self.record.rules();
        let size = r.size;
        let n = usize::from(size);
        let s = r.last();
        let name = |c: Cell| Coord::of(c, size).to_string();
        let start = &r.states[0];
        let cells: Vec<Vec<i8>> = (0..n)
            .map(|row| (0..n).map(|col| start.value((row * n + col) as Cell)).collect())
            .collect();
        let mut taken = vec![vec![None; n]; n];
        let mut moves = Vec::with_capacity(self.record.moves.len());
        for (i, coord) in self.record.moves.iter().enumerate() {
            let before = &r.states[i];
            let seat = before.to_move();
            let cell = coord.cell(size).expect("the record replayed");
            taken[usize::from(cell) / n][usize::from(cell) % n] = Some(seat);
            moves.push(MoveView {
                seat,
                cell: coord.to_string(),
                value: start.value(cell),
                after_pass: before.after_pass(),
                reach: cells_of(rules.reach(before)).map(name).collect(),
            });
        }
        let scores = s.scores();
        let to_move = (!s.is_over()).then(|| s.to_move());
        let legal = to_move.map_or_else(Vec::new, |seat| {
            cells_of(rules.reach(s))
                .map(|c| LegalView {
                    cell: name(c),
                    total: scores[seat] + i32::from(s.value(c)),
                })
                .collect()
        });
        let result = rules.outcome(s).map(|o| ResultView {
            scores,
            margin: scores[0] - scores[1],
            winner: o.winner,
            end: match o.end {
                End::GridEmpty => "grid_empty",
                End::Blocked => "blocked",
                End::Exceeded(_) => "target_exceeded",
            },
            points: None,
        });
        Ok(DiagonalView {
            size,
            cells,
            walls: self.record.variant.walls,
            target: self.record.variant.target.then(|| s.target()),
            players: self.players.map(|p| p.to_string()),
            moves,
            taken,
            scores,
            token: s.token().map(name),
            to_move,
            legal,
            stoppers: cells_of(rules.stoppers(s)).map(name).collect(),
            over: s.is_over(),
            result,
        })
    }
}

/// A move as the page replays it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct MoveView {
    /// The mover.
    pub seat: usize,
    /// The cell taken.
    pub cell: String,
    /// Its value.
    pub value: i8,
    /// Whether the other side had just passed.
    pub after_pass: bool,
    /// The cells the mover could take.
    pub reach: Vec<String>,
}

/// A cell the side to move may take, with the total it leads to.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct LegalView {
    /// The cell.
    pub cell: String,
    /// The mover's score after taking it.
    pub total: i32,
}

/// The end of a game.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct ResultView {
    /// Final scores.
    pub scores: [i32; 2],
    /// Seat 0 minus seat 1.
    pub margin: i32,
    /// The winner (none: a draw).
    pub winner: Option<usize>,
    /// `grid_empty`, `blocked` or `target_exceeded`.
    pub end: &'static str,
    /// Leaderboard points (ranked daily games only).
    pub points: Option<i64>,
}

/// The view of a game of Jamais en diagonale (see `docs/web-api.md`).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct DiagonalView {
    /// The grid's side.
    pub size: u8,
    /// The values, row by row.
    pub cells: Vec<Vec<i8>>,
    /// The Walls variant.
    pub walls: bool,
    /// The Target variant's target.
    pub target: Option<i32>,
    /// Who plays each seat.
    pub players: [String; 2],
    /// Every move.
    pub moves: Vec<MoveView>,
    /// Who ate each cell, row by row.
    pub taken: Vec<Vec<Option<usize>>>,
    /// Scores.
    pub scores: [i32; 2],
    /// The token's cell.
    pub token: Option<String>,
    /// The seat to move (none at the end).
    pub to_move: Option<usize>,
    /// The cells the side to move may take.
    pub legal: Vec<LegalView>,
    /// Walls: the taken cells that stop the token.
    pub stoppers: Vec<String>,
    /// Whether the game is over.
    pub over: bool,
    /// The result at the end.
    pub result: Option<ResultView>,
}

/// Tic-tac-toe's stored record: the squares played, X first.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct TicTacToeRecord {
    /// Squares 0–8, row by row.
    pub moves: Vec<u8>,
}

/// The name of a tic-tac-toe square (`a1` top left).
pub fn square_name(square: u8) -> String {
    Coord::of(square, 3).to_string()
}

impl TicTacToeRecord {
    /// The board after the moves.
    pub fn board(&self) -> Result<Board, ApiError> {
        let mut b = Board::new();
        for &m in &self.moves {
            b.play(m)
                .map_err(|e| ApiError::internal(format!("a stored record does not replay: {e}")))?;
        }
        Ok(b)
    }

    /// Plays the human's square (X), then the computer's answer (O).
    pub fn play(&mut self, action: &str) -> Result<(), ApiError> {
        let mut b = self.board()?;
        if b.is_over() {
            return Err(ApiError::conflict("the game is over"));
        }
        let square = parse_cell(action, 3).map_err(|e| ApiError::unprocessable(e.to_string()))?;
        b.play(square).map_err(|e| ApiError::unprocessable(e.to_string()))?;
        self.moves.push(square);
        if !b.is_over() {
            let mut ab = AlphaBeta::new(AlphaBetaConfig::plain());
            let r = ab.search(&TicTacToe, &b, None, &Utility, &NaturalOrder, &Budget::unlimited());
            let reply = r
                .action
                .ok_or_else(|| ApiError::internal("no reply on an unfinished board"))?;
            self.moves.push(reply);
        }
        Ok(())
    }

    /// The view: board, moves, legal squares, result.
    pub fn view(&self) -> Result<serde_json::Value, ApiError> {
        let b = self.board()?;
        let over = b.is_over();
        let legal: Vec<String> = if over {
            Vec::new()
        } else {
            (0..9).filter(|&q| b.at(q).is_none()).map(square_name).collect()
        };
        let winner = b.winner().map(|m| usize::from(m == Mark::O));
        Ok(serde_json::json!({
            "board": b.to_string(),
            "moves": self.moves.iter().map(|&m| square_name(m)).collect::<Vec<_>>(),
            "to_move": (!over).then(|| b.side_to_move().seat()),
            "legal": legal,
            "over": over,
            "result": over.then(|| serde_json::json!({ "winner": winner })),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_diagonal::{GridSource, GridSpec, Variant};

    #[test]
    fn players_parse_and_print() {
        for text in ["greedy", "alphabeta:1", "alphabeta:9", "you"] {
            assert_eq!(text.parse::<Player>().unwrap().to_string(), text);
        }
        for bad in ["alphabeta:0", "alphabeta:10", "mcts:5", "alphabeta:x", ""] {
            assert!(bad.parse::<Player>().is_err(), "{bad}");
        }
    }

    #[test]
    fn the_computer_answers_and_the_view_follows_the_record() {
        let record = Record::new(GridSource::Seed(GridSpec::new(7)), Variant::STANDARD);
        let mut game = DiagonalGame {
            record,
            players: [Player::Human, Player::AlphaBeta(3)],
        };
        let view = game.view().unwrap();
        assert_eq!(view.legal.len(), 9, "the central cross of a 5×5 grid");
        assert!(game.check_human("a1").is_err(), "a1 is off the cross");
        let cell = game.check_human("c3").unwrap();
        game.advance(Some(cell)).unwrap();
        let view = game.view().unwrap();
        assert_eq!(view.moves.len(), 2);
        assert_eq!((view.moves[0].seat, view.moves[1].seat), (0, 1));
        assert_eq!(view.to_move, Some(0));
        assert_eq!(view.scores[0], i32::from(view.cells[2][2]));
        // Every legal cell's total is the score plus its value.
        for l in &view.legal {
            let c = parse_cell(&l.cell, 5).unwrap();
            assert_eq!(
                l.total,
                view.scores[0] + i32::from(view.cells[usize::from(c) / 5][usize::from(c) % 5])
            );
        }
    }

    #[test]
    fn tictactoe_computer_never_loses() {
        let mut t = TicTacToeRecord::default();
        t.play("a1").unwrap();
        assert_eq!(t.moves.len(), 2);
        assert!(t.play("a1").is_err(), "a taken square is refused");
        assert_eq!(t.moves.len(), 2, "and changes nothing");
    }
}
