//! Jamais en diagonale on the game contract: the rules with their options
//! (variants, grid size, traps, or a date's daily grid), the greedy player
//! and the computer, the grid as text and as a view, records, and the
//! arena's per-grid figures.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use tabula_contract::players::{self, BoxedPlayer};
use tabula_contract::{
    Capabilities, GameInfo, GameModule, OptionDoc, Played, PlayerInfo, PlayerSpec, Scoresheet, SpecError,
    confidence_interval, per_deal_means,
};
use tabula_search::{
    Determinize, Game, Payoffs, PerfectInformation, Player, Rng, SearchResult, Seat, Seen, TunableTable, Turn, TwoTeams,
};

use crate::ai::{Computer, ComputerConfig, DIAGONAL_TUNABLES, Greedy};
use crate::date::{Date, daily_grid};
use crate::grid::{Cell, Grid, GridSpec, valid_size};
use crate::notation::{cell_name, parse_cell};
use crate::record::{GridSource, Record};
use crate::rules::{Diagonal, End, Variant};
use crate::state::State;
use crate::view::{DiagonalView, MoveView};

/// The rules options (the JSON fields of the same names).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiagonalOptions {
    /// Walls variant.
    pub walls: bool,
    /// Target variant.
    pub target: bool,
    /// The grid's side: odd, 3 to 9.
    pub size: u8,
    /// Grids with traps (negative cells).
    pub traps: bool,
    /// Play the daily grid of this date (`YYYY-MM-DD`, or `today` in UTC).
    pub daily: Option<String>,
}

impl Default for DiagonalOptions {
    fn default() -> Self {
        DiagonalOptions {
            walls: false,
            target: false,
            size: 5,
            traps: true,
            daily: None,
        }
    }
}

/// The game as the front ends run it: [`Diagonal`]'s rules, and where the
/// grids come from.
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

/// The date of the `daily` option.
fn daily_date(text: &str) -> Result<Date, String> {
    if text == "today" {
        #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
        return Ok(crate::date::today_utc());
        #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
        return Err("give the daily grid's date as YYYY-MM-DD".to_string());
    }
    text.parse::<Date>().map_err(|e| e.to_string())
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

    fn legal_from_observation(&self, observation: &State, seat: Seat, out: &mut Vec<Cell>) {
        self.rules.legal_from_observation(observation, seat, out);
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
        SearchResult::decided(Greedy::pick(game, s))
    }
}

/// The arena's per-grid figures: each grid is played twice, seats swapped.
fn grid_fields(games: &[Played]) -> Map<String, Value> {
    // B's score minus A's in one game.
    let margin = |p: &Played| -> Option<f64> {
        let s = &p.scoresheet.as_ref()?.scores;
        let a: f64 = p.seats_of(0).map(|x| s[x]).sum();
        let b: f64 = p.seats_of(1).map(|x| s[x]).sum();
        Some(b - a)
    };
    let total: f64 = games.iter().filter_map(margin).sum();
    let means = per_deal_means(games, &|_, p| margin(p));
    let mut out = Map::new();
    out.insert("grids".into(), json!(means.len()));
    out.insert("a_grid_wins".into(), json!(means.iter().filter(|&&m| m < 0.0).count()));
    out.insert("grid_draws".into(), json!(means.iter().filter(|&&m| m == 0.0).count()));
    out.insert("b_grid_wins".into(), json!(means.iter().filter(|&&m| m > 0.0).count()));
    out.insert("mean_margin_b_minus_a".into(), json!(total / games.len().max(1) as f64));
    out.insert(
        "ci95".into(),
        json!(confidence_interval(&means, f64::NEG_INFINITY, f64::INFINITY)),
    );
    out.insert(
        "mean_moves".into(),
        json!(games.iter().map(|p| p.plies as f64).sum::<f64>() / games.len().max(1) as f64),
    );
    out
}

impl GameModule for DiagonalTable {
    type Game = DiagonalTable;
    type Options = DiagonalOptions;
    type View = DiagonalView;

    const INFO: GameInfo = GameInfo {
        name: "diagonal",
        title: "Jamais en diagonale",
        summary: "Jamais en diagonale: a shared rook-moving token eats the cells it lands on (cells like c3)",
        min_seats: 2,
        max_seats: 2,
        hidden_information: false,
        chance: false,
    };
    const OPTIONS: &'static [OptionDoc] = &[
        OptionDoc::new(
            "walls",
            "Walls variant: the token stops at taken cells; a side that cannot move ends the game",
        ),
        OptionDoc::new(
            "target",
            "Target variant: exceed half the positive total and lose; else the closest wins",
        ),
        OptionDoc::new("size", "the grid's side, odd, 3 to 9"),
        OptionDoc::new(
            "traps",
            "a quarter of the cells are traps (negative); false for experiments",
        ),
        OptionDoc::new(
            "daily",
            "the daily grid of this date (YYYY-MM-DD, or today in UTC): 5×5, traps, standard rules",
        ),
    ];
    const PLAYERS: &'static [PlayerInfo] = &[
        PlayerInfo {
            name: "greedy",
            form: "greedy",
            example: "greedy",
            title: "Greedy",
            description: "takes the highest cell in reach (no look-ahead)",
        },
        PlayerInfo {
            description: "the computer: alpha-beta, 7 plies (the daily computer) or D, exact in the endgame",
            example: "alphabeta:2",
            ..players::ALPHABETA
        },
        players::RANDOM,
        players::MCTS,
        players::ISMCTS,
        players::MOISMCTS,
        players::ROOTUCB,
    ];
    const DEFAULT_PLAYER: &'static str = "alphabeta:7";
    const RULES: &'static str = include_str!("../RULES.md");
    const REVIEWS: bool = true;
    const CAPABILITIES: Capabilities = crate::capabilities::CAPABILITIES;
    const TUNABLES: &'static [TunableTable] = &[TunableTable {
        title: "diagonal computer",
        tunables: DIAGONAL_TUNABLES,
    }];

    fn new(o: DiagonalOptions) -> Result<Self, String> {
        if !valid_size(o.size) {
            return Err(format!("the size is an odd number from 3 to 9, not {}", o.size));
        }
        let variant = Variant {
            walls: o.walls,
            target: o.target,
        };
        let daily = o.daily.as_deref().map(daily_date).transpose()?;
        if daily.is_some() && (!variant.is_standard() || o.size != 5 || !o.traps) {
            return Err("the daily grid is played on 5×5 with traps and the standard rules only".into());
        }
        Ok(DiagonalTable {
            rules: Diagonal::new(variant),
            size: o.size,
            traps: o.traps,
            daily,
        })
    }

    fn options(&self) -> DiagonalOptions {
        DiagonalOptions {
            walls: self.rules.variant().walls,
            target: self.rules.variant().target,
            size: self.size,
            traps: self.traps,
            daily: self.daily.map(|d| d.to_string()),
        }
    }

    fn game(&self) -> &DiagonalTable {
        self
    }

    /// A daily grid is served from its day on.
    fn first_day(&self) -> Option<i64> {
        self.daily.map(Date::days_since_epoch)
    }

    fn start(&self, seed: u64) -> State {
        self.rules.start(&self.grid(seed))
    }

    fn agent(&self, spec: &PlayerSpec, seed: u64) -> Result<BoxedPlayer<DiagonalTable>, SpecError> {
        match spec {
            PlayerSpec::Custom { name, arg: None } if name == "greedy" => Ok(Box::new(AtTable(GreedyPlayer))),
            PlayerSpec::Custom { name, arg: Some(_) } if name == "greedy" => Err(SpecError::BadArgument {
                spec: spec.to_string(),
                problem: "'greedy' takes no argument".into(),
            }),
            PlayerSpec::AlphaBeta { depth } => {
                let config = ComputerConfig::with_depth(depth.unwrap_or(ComputerConfig::default().depth));
                Ok(Box::new(AtTable(Computer::new(config))))
            }
            // Full minimax is out of reach beyond the smallest grids.
            _ => players::mcts(spec, seed)
                .or_else(|| players::sampling(spec, seed))
                .ok_or_else(|| SpecError::BadArgument {
                    spec: spec.to_string(),
                    problem: "not a player of Jamais en diagonale".into(),
                }),
        }
    }

    fn policy(&self, spec: &PlayerSpec, _seed: u64) -> Option<BoxedPlayer<DiagonalTable>> {
        // The greedy player is the alpha-beta computer without its search.
        match spec {
            PlayerSpec::AlphaBeta { .. } => Some(Box::new(AtTable(GreedyPlayer))),
            PlayerSpec::Custom { name, arg: None } if name == "greedy" => Some(Box::new(AtTable(GreedyPlayer))),
            _ => None,
        }
    }

    fn turn(&self, s: &State) -> Turn {
        self.rules.to_move(s)
    }

    fn check_observation(&self, s: &State, _seat: Seat) -> Result<(), String> {
        if s.size() != self.size {
            return Err(format!(
                "the grid is {0}×{0} but the session plays {1}×{1} (say so with the option size)",
                s.size(),
                self.size
            ));
        }
        self.rules.check(s).map_err(|e| e.to_string())
    }

    fn view(&self, s: &State, _seat: Seat) -> DiagonalView {
        DiagonalView::of(&self.rules, s)
    }

    // Refined on purpose: code that knows the game gets the typed move.
    #[allow(refining_impl_trait)]
    fn move_view(&self, before: &State, _action: Seen<Cell>, after: &State, _seat: Seat) -> Option<MoveView> {
        MoveView::of(&self.rules, self.size, before, after)
    }

    fn review(&self, seed: u64, actions: &[Cell], seat: Seat) -> Result<Value, String> {
        let record = self
            .record(seed, actions)
            .expect("every game of Jamais en diagonale has a record");
        let record: Record = serde_json::from_value(record).map_err(|e| e.to_string())?;
        let entries = crate::review::review(&record, seat, crate::ai::REVIEW_DEPTH).map_err(|e| e.to_string())?;
        Ok(json!({ "entries": entries }))
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

    fn action_text(&self, cell: Cell) -> String {
        cell_name(cell, self.size)
    }

    fn parse_action(&self, s: &State, _seat: Seat, text: &str) -> Result<Cell, String> {
        let cell = parse_cell(text.trim(), s.size()).map_err(|e| format!("{e}; cells are written like c3"))?;
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
                .map_or_else(|| format!("{} is not legal", text.trim()), |e| e.to_string()))
        }
    }

    fn seat_name(&self, seat: Seat) -> String {
        format!("player {}", seat + 1)
    }

    fn note(&self, before: &State, after: &State, _seat: Seat) -> Option<String> {
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

    fn scoresheet(&self, s: &State) -> Option<Scoresheet> {
        Some(Scoresheet::seats(&s.scores(), None))
    }

    fn record(&self, seed: u64, actions: &[Cell]) -> Option<Value> {
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
        Some(serde_json::to_value(&record).expect("records serialise"))
    }

    fn arena_fields(&self, games: &[Played]) -> Map<String, Value> {
        grid_fields(games)
    }
}
