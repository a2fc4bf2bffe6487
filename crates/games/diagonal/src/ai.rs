//! The computer: evaluations, the move order, the greedy player and the
//! alpha-beta computer with its exact endgame solver.
//!
//! Every constant is in [`DIAGONAL_TUNABLES`]. Every player is deterministic:
//! the same position gets the same move, whatever was asked before (the
//! computer empties its transposition table before each search, and its
//! node budget, not a clock, bounds it). Ties go to the first move in the
//! search order: [`BigFirst`] (largest value, then lowest cell index),
//! after the previous iteration's best move.

use std::cmp::Reverse;

use tabula_search::{
    AlphaBeta, AlphaBetaConfig, Budget, Evaluator, Game, MoveOrder, Player, RootStat, SCORE_INFINITY, Score,
    SearchResult, SearchStats, Seat, Tunable,
};

use crate::grid::{Cell, MAX_VALUE};
use crate::rules::{Diagonal, State, cells_of};

/// Plies searched by the daily computer.
pub const DEFAULT_DEPTH: u32 = 7;
/// Plies searched by the review.
pub const REVIEW_DEPTH: u32 = 9;
/// The computer solves the game exactly once this few cells are free.
pub const ENDGAME_CELLS: u32 = 14;
/// Memory of the computer's transposition table.
pub const TT_BYTES: usize = 1 << 21;
/// The most nodes one move's search may visit (a deterministic safety net:
/// past it the last completed iteration is played).
pub const MAX_NODES: u64 = 20_000_000;
/// Target: the value of a won game (a lost one is its opposite).
pub const TARGET_WIN: Score = 10_000;
/// Target: evaluation units per point of score difference below the target.
pub const TARGET_POINT: Score = 4;
/// Target: evaluation units per free cell that would take a seat over the
/// target (counted against that seat).
pub const TARGET_DANGER: Score = 6;

/// The table of the computer's tunables (name, default, meaning).
pub const DIAGONAL_TUNABLES: &[Tunable] = &[
    Tunable::int(
        "depth",
        DEFAULT_DEPTH as i64,
        "plies of the computer's alpha-beta search (the daily computer)",
    ),
    Tunable::int(
        "review_depth",
        REVIEW_DEPTH as i64,
        "plies of the review's deeper search",
    ),
    Tunable::int(
        "endgame_cells",
        ENDGAME_CELLS as i64,
        "free cells at or below which the computer solves the game exactly",
    ),
    Tunable::int(
        "tt_bytes",
        TT_BYTES as i64,
        "memory of the transposition table, emptied before each move",
    ),
    Tunable::int(
        "max_nodes",
        MAX_NODES as i64,
        "nodes one move may search; past it the last completed iteration is played",
    ),
    Tunable::int(
        "target_win",
        TARGET_WIN as i64,
        "Target: value of a won game in evaluation units",
    ),
    Tunable::int(
        "target_point",
        TARGET_POINT as i64,
        "Target: units per point of score difference (both under the target)",
    ),
    Tunable::int(
        "target_danger",
        TARGET_DANGER as i64,
        "Target: units per free cell that would take a seat over the target",
    ),
];

/// The value of a finished game for seat 0: the margin (standard, Walls), or
/// ±[`TARGET_WIN`] and 0 for a draw (Target).
pub fn terminal_score(game: &Diagonal, s: &State) -> Score {
    let u = game.utility(s);
    if game.variant().target { u * TARGET_WIN } else { u }
}

/// The score difference: seat 0's score minus seat 1's. At the end of the
/// game, [`terminal_score`]: the margin, or for Target the true outcome.
#[derive(Clone, Copy, Debug, Default)]
pub struct ScoreDifference;

impl Evaluator<Diagonal> for ScoreDifference {
    #[inline]
    fn evaluate(&self, _: &Diagonal, s: &State) -> Score {
        let [s0, s1] = s.scores();
        s0 - s1
    }

    #[inline]
    fn terminal(&self, game: &Diagonal, s: &State) -> Score {
        terminal_score(game, s)
    }
}

/// The Target evaluation at the horizon (the score difference when the
/// Target variant is off). At the end of the game, [`terminal_score`].
///
/// While both seats are at or under the target (a seat over it has already
/// lost: that state is terminal):
/// - if every cell the seat to move may take would put it over the target,
///   it loses at once: ∓[`TARGET_WIN`] (exact);
/// - otherwise `TARGET_POINT × (s0 − s1)` (with both under the target, the
///   higher score is the closer one, as at the end)
///   `+ TARGET_DANGER × (d1 − d0)`, where `d` counts the free cells whose
///   value exceeds the seat's room (`target − score`): cells that could force
///   it over later. Traps are lifebuoys: they never count as danger.
#[derive(Clone, Copy, Debug, Default)]
pub struct TargetAware;

impl Evaluator<Diagonal> for TargetAware {
    fn evaluate(&self, game: &Diagonal, s: &State) -> Score {
        let [s0, s1] = s.scores();
        if !game.variant().target {
            return s0 - s1;
        }
        let t = s.target();
        let mover = s.to_move();
        let room = [t - s0, t - s1];
        let reach = game.reach(s);
        if cells_of(reach).all(|c| i32::from(s.value(c)) > room[mover]) {
            return if mover == 0 { -TARGET_WIN } else { TARGET_WIN };
        }
        let mut danger = [0; 2];
        for c in cells_of(s.free()) {
            let v = i32::from(s.value(c));
            danger[0] += Score::from(v > room[0]);
            danger[1] += Score::from(v > room[1]);
        }
        TARGET_POINT * (s0 - s1) + TARGET_DANGER * (danger[1] - danger[0])
    }

    #[inline]
    fn terminal(&self, game: &Diagonal, s: &State) -> Score {
        terminal_score(game, s)
    }
}

/// The move order: the largest value first, ties by the lowest cell index.
/// Under Target, cells that would take the mover over the target come last.
#[derive(Clone, Copy, Debug, Default)]
pub struct BigFirst;

impl MoveOrder<Diagonal> for BigFirst {
    #[inline]
    fn order(&self, game: &Diagonal, s: &State, actions: &mut [Cell]) {
        let room = if game.variant().target {
            s.target() - s.scores()[s.to_move()]
        } else {
            i32::MAX
        };
        // One integer key: (exceeds, 10 - value, cell), all unique.
        actions.sort_unstable_by_key(|&c| {
            let v = s.value(c);
            let exceeds = u32::from(i32::from(v) > room);
            exceeds << 16 | ((MAX_VALUE - v) as u32) << 8 | u32::from(c)
        });
    }
}

/// The greedy player: the largest cell in reach, ties to the lowest index.
/// Under Target it never takes a cell that would put it over the target
/// while another cell in reach keeps it at or under (if every cell does,
/// the game is lost anyway and it takes the largest).
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

impl Greedy {
    /// The greedy move in `s` (`None` at the end of the game).
    pub fn pick(game: &Diagonal, s: &State) -> Option<Cell> {
        let room = if game.variant().target {
            s.target() - s.scores()[s.to_move()]
        } else {
            i32::MAX
        };
        cells_of(game.reach(s)).max_by_key(|&c| {
            let v = s.value(c);
            (i32::from(v) <= room, v, Reverse(c))
        })
    }
}

impl Player<Diagonal> for Greedy {
    /// The greedy move; the value is the cell's, and the root lists every
    /// cell in reach with its value.
    fn choose(&mut self, game: &Diagonal, s: &State, _seat: Seat) -> SearchResult<Cell> {
        let action = Greedy::pick(game, s);
        let root = cells_of(game.reach(s))
            .map(|c| RootStat {
                action: c,
                visits: 0,
                value: f64::from(s.value(c)),
                exact: false,
            })
            .collect();
        SearchResult {
            action,
            value: action.map_or(0.0, |c| f64::from(s.value(c))),
            stats: SearchStats {
                nodes: 1,
                root,
                ..SearchStats::default()
            },
        }
    }
}

/// The tunables of the [`Computer`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComputerConfig {
    /// Plies of the alpha-beta search (at least 1).
    pub depth: u32,
    /// Free cells at or below which the game is solved exactly.
    pub endgame_cells: u32,
    /// Memory of the transposition table in bytes (0: none).
    pub tt_bytes: usize,
    /// The most nodes one search may visit (`None`: no limit).
    pub max_nodes: Option<u64>,
}

impl Default for ComputerConfig {
    /// The daily computer: 7 plies.
    fn default() -> Self {
        ComputerConfig {
            depth: DEFAULT_DEPTH,
            endgame_cells: ENDGAME_CELLS,
            tt_bytes: TT_BYTES,
            max_nodes: Some(MAX_NODES),
        }
    }
}

impl ComputerConfig {
    /// The defaults with another depth (`alphabeta:D`).
    pub fn with_depth(depth: u32) -> Self {
        ComputerConfig {
            depth,
            ..ComputerConfig::default()
        }
    }
}

/// The computer: iterative-deepening alpha-beta with a transposition table
/// to [`ComputerConfig::depth`] plies, evaluating the horizon with
/// [`ScoreDifference`] ([`TargetAware`] under Target) and ordering moves
/// [`BigFirst`]; once at most [`ComputerConfig::endgame_cells`] cells are
/// free, iterative deepening without a depth limit, which stops by itself
/// when the game is solved (exact values).
#[derive(Debug)]
pub struct Computer {
    config: ComputerConfig,
    searcher: AlphaBeta<Cell>,
}

impl Computer {
    /// A computer with its tunables.
    pub fn new(config: ComputerConfig) -> Self {
        let searcher = AlphaBeta::new(AlphaBetaConfig {
            tt_bytes: config.tt_bytes,
            quiescence_plies: 0,
        });
        Computer { config, searcher }
    }

    /// The computer of the daily grid: alpha-beta at 7 plies.
    pub fn daily() -> Self {
        Computer::new(ComputerConfig::default())
    }

    /// The tunables.
    pub fn config(&self) -> &ComputerConfig {
        &self.config
    }

    /// Whether the computer solves `s` exactly rather than to its depth.
    pub fn solves(&self, s: &State) -> bool {
        s.free_count() <= self.config.endgame_cells
    }

    /// The computer's search of `s`: to its depth, or exact in the endgame.
    /// The result's value is for the seat to move, in evaluation units.
    pub fn think(&mut self, game: &Diagonal, s: &State) -> SearchResult<Cell> {
        let depth = (!self.solves(s)).then_some(self.config.depth);
        self.search_to(game, s, depth)
    }

    /// A search of `s` to `depth` plies (at least 1), or exact with `None`,
    /// with an empty table. At the end of the game the value is seat 0's.
    pub fn search_to(&mut self, game: &Diagonal, s: &State, depth: Option<u32>) -> SearchResult<Cell> {
        self.searcher.clear();
        let budget = self.config.max_nodes.map_or_else(Budget::unlimited, Budget::nodes);
        let depth = depth.map(|d| d.max(1));
        if game.variant().target {
            self.searcher
                .iterative_deepening(game, s, depth, &TargetAware, &BigFirst, &budget)
        } else {
            self.searcher
                .iterative_deepening(game, s, depth, &ScoreDifference, &BigFirst, &budget)
        }
    }
}

impl Player<Diagonal> for Computer {
    fn choose(&mut self, game: &Diagonal, s: &State, _seat: Seat) -> SearchResult<Cell> {
        self.think(game, s)
    }
}

/// A value for seat 0 seen from `seat`.
pub(crate) fn for_seat(score: f64, seat: Seat) -> f64 {
    if seat == 0 { score } else { -score }
}

/// The value of `s` for seat 0 from a search's result (whose value is for
/// the seat to move, or seat 0's at the end of the game).
pub(crate) fn seat0_value(game: &Diagonal, s: &State, r: &SearchResult<Cell>) -> f64 {
    match game.to_move(s).seat() {
        Some(seat) => for_seat(r.value, seat),
        None => r.value,
    }
}

const _: () = assert!(TARGET_WIN < SCORE_INFINITY / 4);
