//! Jamais en diagonale on the platform: the rules plus where the grids come
//! from (a seed with a size and traps, or a date's daily grid).

use serde::Serialize;
use serde_json::{Map, Value};
use tabula_diagonal::{
    Cell, Computer, ComputerConfig, Date, Diagonal, End, Greedy, Grid, GridSource, GridSpec, Record, State, Variant,
    cell_name, daily_grid, parse_cell,
};
use tabula_search::{
    Determinize, Game, Payoffs, PerfectInformation, Player, Rng, SearchResult, SearchStats, Seat, Turn, TwoTeams,
};

use super::common;
use crate::agent::{Agent, Local};
use crate::arena::{GameResult, confidence_interval, summarize};
use crate::catalog::PlatformGame;
use crate::spec::{PlayerSpec, SpecError};

/// The game as the platform runs it: [`Diagonal`]'s rules, and the grids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiagonalTable {
    rules: Diagonal,
    size: u8,
    traps: bool,
    daily: Option<Date>,
}

impl DiagonalTable {
    /// The rules.
    pub fn rules(&self) -> &Diagonal {
        &self.rules
    }

    /// The grid of a game: the daily grid of the date, or one drawn from the seed.
    pub fn grid(&self, seed: u64) -> Grid {
        match self.daily {
            Some(date) => daily_grid(date),
            None => Grid::generate(&GridSpec {
                size: self.size,
                seed,
                traps: self.traps,
            })
            .expect("the size was checked with the options"),
        }
    }
}

impl Game for DiagonalTable {
    type State = State;
    type Action = Cell;
    type Observation = State;

    fn num_seats(&self) -> usize {
        2
    }
    #[inline]
    fn to_move(&self, s: &State) -> Turn {
        self.rules.to_move(s)
    }
    #[inline]
    fn legal_actions(&self, s: &State, out: &mut Vec<Cell>) {
        self.rules.legal_actions(s, out)
    }
    #[inline]
    fn apply(&self, s: &mut State, cell: Cell) {
        self.rules.apply(s, cell)
    }
    fn payoffs(&self, s: &State) -> Payoffs {
        self.rules.payoffs(s)
    }
    fn payoff_range(&self) -> (f64, f64) {
        if self.rules.variant().target {
            self.rules.payoff_range()
        } else {
            // The largest margin a grid of this size allows.
            let bound = 10.0 * f64::from(self.size) * f64::from(self.size);
            (-bound, bound)
        }
    }
    fn observation(&self, s: &State, seat: Seat) -> State {
        self.rules.observation(s, seat)
    }
    fn hash(&self, s: &State) -> u64 {
        self.rules.hash(s)
    }
    fn hash_from_scratch(&self, s: &State) -> u64 {
        self.rules.hash_from_scratch(s)
    }
}

impl PerfectInformation for DiagonalTable {
    fn state_of(&self, observation: &State) -> State {
        *observation
    }
}

impl Determinize for DiagonalTable {
    fn determinize(&self, observation: &State, _seat: Seat, _rng: &mut Rng) -> State {
        *observation
    }
}

impl TwoTeams for DiagonalTable {}

/// A player of the rules, playing at the table.
struct AtTable<P>(P);

impl<P: Player<Diagonal>> Player<DiagonalTable> for AtTable<P> {
    fn choose(&mut self, table: &DiagonalTable, s: &State, seat: Seat) -> SearchResult<Cell> {
        self.0.choose(&table.rules, s, seat)
    }
}

/// The greedy player as a [`Player`].
struct GreedyPlayer;

impl Player<Diagonal> for GreedyPlayer {
    fn choose(&mut self, game: &Diagonal, s: &State, _seat: Seat) -> SearchResult<Cell> {
        SearchResult {
            action: Greedy::pick(game, s),
            value: 0.0,
            stats: SearchStats::default(),
        }
    }
}

fn flag(options: &Map<String, Value>, key: &str, default: bool) -> Result<bool, String> {
    match options.get(key) {
        None => Ok(default),
        Some(Value::Bool(b)) => Ok(*b),
        Some(other) => Err(format!("option '{key}' is true or false, not {other}")),
    }
}

/// The arena's figures for Jamais en diagonale.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DiagonalArena {
    /// Grids played (each twice, seats swapped).
    pub grids: usize,
    /// Games played.
    pub games: usize,
    /// Games A won.
    pub a_wins: usize,
    /// Drawn games.
    pub draws: usize,
    /// Games B won.
    pub b_wins: usize,
    /// Grids A won over its two games (its total score beat B's).
    pub a_grid_wins: usize,
    /// Grids with equal totals.
    pub grid_draws: usize,
    /// Grids B won over its two games.
    pub b_grid_wins: usize,
    /// Mean of B's score minus A's, per game.
    pub mean_margin_b_minus_a: f64,
    /// 95 % confidence interval of that mean, over the grids.
    pub ci95: [f64; 2],
    /// Mean moves per game.
    pub mean_moves: f64,
    /// A's score rate (wins, draws half).
    pub a_score_rate: f64,
}

/// The figures of a diagonal tournament (games in index order, in pairs).
pub fn diagonal_arena(results: &[GameResult]) -> DiagonalArena {
    let base = summarize(results);
    let margin = |r: &GameResult| {
        let s = r.scores.as_ref().expect("diagonal reports scores");
        s[1 - r.a_seat] - s[r.a_seat]
    };
    let per_grid: Vec<f64> = results
        .chunks(2)
        .map(|p| p.iter().map(margin).sum::<f64>() / p.len() as f64)
        .collect();
    DiagonalArena {
        grids: per_grid.len(),
        games: base.games,
        a_wins: base.a_wins,
        draws: base.draws,
        b_wins: base.b_wins,
        a_grid_wins: per_grid.iter().filter(|&&m| m < 0.0).count(),
        grid_draws: per_grid.iter().filter(|&&m| m == 0.0).count(),
        b_grid_wins: per_grid.iter().filter(|&&m| m > 0.0).count(),
        mean_margin_b_minus_a: results.iter().map(margin).sum::<f64>() / results.len().max(1) as f64,
        ci95: confidence_interval(&per_grid, f64::NEG_INFINITY, f64::INFINITY),
        mean_moves: base.mean_plies,
        a_score_rate: base.a_score_rate,
    }
}

impl PlatformGame for DiagonalTable {
    type Position = State;
    type Move = Cell;
    type View = State;

    const NAME: &'static str = "diagonal";
    const SUMMARY: &'static str = "Jamais en diagonale: a shared rook-moving token eats the cells it lands on \
                                   (options: walls, target, size, traps, daily)";
    const PLAYERS: &'static str =
        "greedy, alphabeta (the daily computer, 7 plies), alphabeta:D, random, mcts:N, ismcts:N, rootucb:N, bot:CMD";
    const DEFAULT_OPPONENT: &'static str = "alphabeta:7";

    fn from_options(options: &Value) -> Result<Self, String> {
        let options = &common::options_object(options)?;
        for key in options.keys() {
            if !["walls", "target", "size", "traps", "daily"].contains(&key.as_str()) {
                return Err(format!(
                    "unknown option '{key}'; options: walls, target, size, traps, daily"
                ));
            }
        }
        let variant = Variant {
            walls: flag(options, "walls", false)?,
            target: flag(options, "target", false)?,
        };
        let traps = flag(options, "traps", true)?;
        let size = match options.get("size") {
            None => 5,
            Some(v) => v
                .as_u64()
                .filter(|&s| (3..=9).contains(&s) && s % 2 == 1)
                .ok_or_else(|| format!("the size is an odd number from 3 to 9, not {v}"))? as u8,
        };
        let daily = match options.get("daily") {
            None | Some(Value::Null) => None,
            Some(Value::String(d)) => Some(d.parse::<Date>().map_err(|e| e.to_string())?),
            Some(other) => return Err(format!("the daily date is written YYYY-MM-DD, not {other}")),
        };
        if daily.is_some() && (!variant.is_standard() || size != 5 || !traps) {
            return Err("the daily grid is played on 5×5 with traps and the standard rules only".into());
        }
        Ok(DiagonalTable {
            rules: Diagonal::new(variant),
            size,
            traps,
            daily,
        })
    }

    fn options(&self) -> Value {
        let mut o = Map::new();
        o.insert("walls".into(), Value::Bool(self.rules.variant().walls));
        o.insert("target".into(), Value::Bool(self.rules.variant().target));
        o.insert("size".into(), Value::from(self.size));
        o.insert("traps".into(), Value::Bool(self.traps));
        if let Some(d) = self.daily {
            o.insert("daily".into(), Value::String(d.to_string()));
        }
        Value::Object(o)
    }

    fn start(&self, seed: u64) -> State {
        self.rules.start(&self.grid(seed))
    }

    fn agent(&self, spec: &PlayerSpec, seed: u64) -> Result<Box<dyn Agent<Self>>, SpecError> {
        let name = spec.to_string();
        match spec {
            PlayerSpec::Custom { name: n, arg: None } if n == "greedy" => {
                Ok(Box::new(Local::new(AtTable(GreedyPlayer), name)))
            }
            PlayerSpec::AlphaBeta { depth } => {
                let config = ComputerConfig::with_depth(depth.unwrap_or(ComputerConfig::default().depth));
                Ok(Box::new(Local::new(AtTable(Computer::new(config)), name)))
            }
            // Full minimax is out of reach beyond the smallest grids.
            _ => common::mcts(spec, seed)
                .or_else(|| common::sampling(spec, seed))
                .ok_or_else(|| common::unsupported::<Self>(spec)),
        }
    }

    fn check_view(&self, view: &State, _seat: Seat) -> Result<(), String> {
        if view.size() != self.size {
            return Err(format!(
                "the grid is {0}×{0} but the session plays {1}×{1} (say so with the option size)",
                view.size(),
                self.size
            ));
        }
        self.rules.check(view).map_err(|e| e.to_string())
    }

    fn render(&self, s: &State, seat: Seat) -> String {
        let size = s.size();
        let reach = if s.is_over() { 0 } else { self.rules.reach(s) };
        let mut out = String::from("    ");
        for c in 0..size {
            out.push_str(&format!("{:>5}", (b'a' + c) as char));
        }
        for r in 0..size {
            out.push_str(&format!("\n{:>4}", r + 1));
            for c in 0..size {
                let cell = r * size + c;
                let text = if Some(cell) == s.token() {
                    "[##]".to_string()
                } else if !s.is_free(cell) {
                    "·".to_string()
                } else if reach & (1u128 << cell) != 0 {
                    format!("{}*", s.value(cell))
                } else {
                    s.value(cell).to_string()
                };
                out.push_str(&format!("{text:>5}"));
            }
        }
        let scores = s.scores();
        out.push_str(&format!(
            "\nScores: you {}, the computer {}{}   (* marks the cells in reach, [##] the token)",
            scores[seat],
            scores[1 - seat],
            if self.rules.variant().target {
                format!("; target {}", s.target())
            } else {
                String::new()
            }
        ));
        out
    }

    fn parse_action(&self, s: &State, _seat: Seat, text: &str) -> Result<Cell, String> {
        let cell = parse_cell(text, s.size()).map_err(|e| format!("{e}; cells are written like c3"))?;
        let mut legal = Vec::new();
        self.rules.legal_actions(s, &mut legal);
        if legal.contains(&cell) {
            Ok(cell)
        } else {
            let mut copy = *s;
            Err(self
                .rules
                .play(&mut copy, cell)
                .err()
                .map_or_else(|| format!("{text} is not legal"), |e| e.to_string()))
        }
    }

    fn action_text(&self, cell: Cell) -> String {
        cell_name(cell, self.size)
    }

    fn note(&self, before: &State, after: &State) -> Option<String> {
        let mover = before.to_move();
        match self.rules.outcome(after).map(|o| o.end) {
            Some(End::Exceeded(seat)) => Some(format!(
                "{} goes over the target ({}) and loses at once.",
                self.seat_name(seat),
                after.target()
            )),
            Some(End::Blocked) => Some(format!(
                "{} cannot move: the game ends.",
                self.seat_name(after.to_move())
            )),
            Some(End::GridEmpty) => None,
            None => after.after_pass().then(|| {
                format!(
                    "{} cannot move and passes: {} plays again, anywhere.",
                    self.seat_name(1 - mover),
                    self.seat_name(mover)
                )
            }),
        }
    }

    fn record(&self, seed: u64, actions: &[Cell]) -> Option<String> {
        let source = match self.daily {
            Some(date) => GridSource::Daily(date),
            None => GridSource::Seed(GridSpec {
                size: self.size,
                seed,
                traps: self.traps,
            }),
        };
        let mut record = Record::new(source, self.rules.variant());
        for &cell in actions {
            record.push_cell(cell, self.size);
        }
        Some(record.to_json())
    }

    fn scores(&self, s: &State) -> Option<Vec<f64>> {
        Some(s.scores().iter().map(|&v| f64::from(v)).collect())
    }

    fn arena_report(&self, results: &[GameResult]) -> Value {
        serde_json::to_value(diagonal_arena(results)).expect("reports serialise")
    }

    fn seat_name(&self, seat: Seat) -> String {
        format!("player {}", seat + 1)
    }
}
