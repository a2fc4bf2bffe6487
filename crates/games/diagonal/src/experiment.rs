//! The experiment behind the daily game's design: greedy against a
//! depth-limited search on many grids, each grid played twice with the
//! seats swapped, with traps and without (`docs/games/diagonal.md`, "The
//! experiment reproduced"; the example `experiment` runs it).
//!
//! Beside the daily [`Computer`] (iterative deepening, a transposition
//! table, an exact endgame), this module has a plain, fixed-depth
//! alpha-beta search ([`Search`]) whose every choice can be changed one at a
//! time: the evaluation at the horizon ([`Eval`]), the choice among moves of
//! equal value ([`TieBreak`], for the greedy player too), the depth (the
//! horizon's parity), the exact endgame, a search that ignores passes, and
//! the rule for a side with nothing in reach ([`PassRule`]). Nothing here is
//! used by the daily computer, the arena or the bench.
//!
//! Deterministic: the random tie-break draws from a seeded [`Rng`].

use std::cmp::Reverse;

use tabula_contract::confidence_interval;
use tabula_search::rng::derive_seed;
use tabula_search::{Game, Rng, Seat};

use crate::ai::{Computer, ComputerConfig};
use crate::grid::{Cell, Grid, GridSpec, MAX_CELLS};
use crate::rules::Diagonal;
use crate::state::{ANYWHERE_KEY, SIDE_KEY, State, cells_of};

/// What happens when the side to move next has no free cell in reach.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PassRule {
    /// The standard rule (the spec's, the daily grid's): it passes and the
    /// side that just moved plays again, on any free cell.
    #[default]
    Pass,
    /// Turns still alternate: the side with nothing in reach plays on any
    /// free cell itself (a reading of "plays on any free cell" that the
    /// rules do not make, measured to see what the rule is worth).
    Alternate,
    /// The game ends at once, the free cells untaken (the Walls variant's
    /// rule, here with the token jumping over taken cells).
    End,
}

impl PassRule {
    /// Plays `cell` for the side to move under this rule. Returns whether
    /// the side to move next had nothing in reach (a pass, an anywhere move
    /// or the end, by the rule).
    pub fn apply(self, s: &mut State, cell: Cell) -> bool {
        Diagonal::standard().apply(s, cell);
        if !s.anywhere {
            return false;
        }
        match self {
            PassRule::Pass => {}
            PassRule::Alternate => {
                // The stuck side moves, anywhere.
                s.to_move ^= 1;
                s.hash ^= SIDE_KEY;
            }
            PassRule::End => {
                s.anywhere = false;
                s.over = true;
                s.to_move ^= 1;
                s.hash ^= ANYWHERE_KEY ^ SIDE_KEY;
            }
        }
        true
    }
}

/// The evaluation of a position at the search's horizon, for the side to
/// move there. At the end of the game every evaluation but [`Eval::Own`]
/// is the margin.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Eval {
    /// The score difference (the note's "simplest evaluation", and the
    /// daily computer's [`ScoreDifference`](crate::ScoreDifference)).
    #[default]
    Difference,
    /// The searching side's own score alone (the opponent's ignored), at
    /// the horizon and at the end.
    Own,
    /// The difference plus the best cell the side to move has in reach: a
    /// one-ply greedy extension that evens out the horizon's parity.
    Reach,
    /// The margin at the end of a greedy playout (both sides greedy, ties
    /// to the lowest cell) from the horizon.
    Playout,
}

/// The choice among moves of equal value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TieBreak {
    /// The lowest cell index (the greedy player's rule in Tabula).
    #[default]
    First,
    /// The highest cell index.
    Last,
    /// A seeded random draw among them.
    Random,
    /// The largest cell, then the lowest index (the daily computer's move
    /// order; for the greedy player, the same as [`TieBreak::First`]).
    Big,
}

impl TieBreak {
    /// The chosen cell of `ties` (cells with their values; not empty).
    fn pick(self, s: &State, ties: &mut [Cell], rng: &mut Rng) -> Cell {
        ties.sort_unstable();
        match self {
            TieBreak::First => ties[0],
            TieBreak::Last => ties[ties.len() - 1],
            TieBreak::Random => ties[rng.below(ties.len() as u64) as usize],
            TieBreak::Big => *ties
                .iter()
                .max_by_key(|&&c| (s.value(c), Reverse(c)))
                .expect("not empty"),
        }
    }
}

/// The greedy move: the largest cell in reach, ties broken by `tie`.
/// `None` at the end of the game.
pub fn greedy(s: &State, tie: TieBreak, rng: &mut Rng) -> Option<Cell> {
    let reach = Diagonal::standard().reach(s);
    let best = cells_of(reach).map(|c| s.value(c)).max()?;
    let mut ties: Vec<Cell> = cells_of(reach).filter(|&c| s.value(c) == best).collect();
    Some(tie.pick(s, &mut ties, rng))
}

/// The tunables of the plain [`Search`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    /// Plies searched (each ply takes a cell; a pass takes none).
    pub depth: u32,
    /// The evaluation at the horizon.
    pub eval: Eval,
    /// The choice among root moves of equal value.
    pub tie: TieBreak,
    /// At or below this many free cells, search to the end (0: never).
    pub endgame_cells: u32,
    /// Search as if turns always alternated: a negamax that negates the
    /// value at every ply, passes included (a classic slip).
    pub pass_blind: bool,
    /// The pass rule the search believes in (`None`: the game's own); a
    /// search whose model of the rules differs from the game's.
    pub model: Option<PassRule>,
}

impl Default for SearchConfig {
    /// The note's search: 7 plies, the score difference, ties to the lowest
    /// cell, no exact endgame, passes understood.
    fn default() -> Self {
        SearchConfig {
            depth: 7,
            eval: Eval::Difference,
            tie: TieBreak::First,
            endgame_cells: 0,
            pass_blind: false,
            model: None,
        }
    }
}

const INF: i32 = 1 << 20;

/// A plain fixed-depth alpha-beta search (negamax, fail-soft, big cells
/// first, no table) under a [`PassRule`]. The root's moves of equal value
/// are found exactly and one is chosen by [`SearchConfig::tie`].
#[derive(Clone, Debug)]
pub struct Search {
    config: SearchConfig,
    rule: PassRule,
    rng: Rng,
    root: usize,
    nodes: u64,
}

impl Search {
    /// A search with its tunables, the game's rule (the search believes
    /// [`SearchConfig::model`] if given) and the seed of its tie-break.
    pub fn new(config: SearchConfig, rule: PassRule, seed: u64) -> Self {
        Search {
            config,
            rule: config.model.unwrap_or(rule),
            rng: Rng::new(seed),
            root: 0,
            nodes: 0,
        }
    }

    /// Nodes visited since the search was made.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The depth searched from `s`: to the end in the endgame.
    fn depth_at(&self, s: &State) -> u32 {
        if s.free_count() <= self.config.endgame_cells {
            s.free_count()
        } else {
            self.config.depth.max(1)
        }
    }

    /// Every root move with its value for the side to move: exact for the
    /// best moves (those tied with the best), an upper bound for the others.
    pub fn root_values(&mut self, s: &State) -> Vec<(Cell, i32)> {
        self.root = s.to_move();
        let depth = self.depth_at(s);
        let mut best = -INF;
        let mut out = Vec::new();
        for m in ordered(s) {
            let mut child = *s;
            self.rule.apply(&mut child, m);
            // Alpha one below the best: a move that ties is valued exactly.
            let v = self.child_value(s, &child, depth - 1, best - 1, INF);
            best = best.max(v);
            out.push((m, v));
        }
        out
    }

    /// The value of `s` for the side to move (`None` at the end).
    pub fn value(&mut self, s: &State) -> Option<i32> {
        self.root_values(s).into_iter().map(|x| x.1).max()
    }

    /// The move chosen in `s` (`None` at the end of the game).
    pub fn choose(&mut self, s: &State) -> Option<Cell> {
        let values = self.root_values(s);
        let best = values.iter().map(|x| x.1).max()?;
        let mut ties: Vec<Cell> = values.iter().filter(|x| x.1 == best).map(|x| x.0).collect();
        Some(self.config.tie.pick(s, &mut ties, &mut self.rng))
    }

    /// The value of `child` (reached from `parent` by one move) for
    /// `parent`'s side to move.
    fn child_value(&mut self, parent: &State, child: &State, depth: u32, alpha: i32, beta: i32) -> i32 {
        if !self.config.pass_blind && child.to_move == parent.to_move {
            self.negamax(child, depth, alpha, beta)
        } else {
            -self.negamax(child, depth, -beta, -alpha)
        }
    }

    /// The value of `s` for its side to move, fail-soft within `(alpha, beta)`.
    fn negamax(&mut self, s: &State, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if s.over || depth == 0 {
            return self.leaf(s);
        }
        let mut best = -INF;
        for m in ordered(s) {
            let mut child = *s;
            self.rule.apply(&mut child, m);
            let v = self.child_value(s, &child, depth - 1, alpha, beta);
            if v > best {
                best = v;
                alpha = alpha.max(v);
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }

    /// The evaluation of a horizon or a finished game for its side to move.
    fn leaf(&self, s: &State) -> i32 {
        let me = s.to_move();
        let sc = s.scores();
        let diff = sc[me] - sc[1 - me];
        if self.config.eval == Eval::Own {
            let own = sc[self.root];
            return if me == self.root { own } else { -own };
        }
        if s.over {
            return diff;
        }
        match self.config.eval {
            Eval::Difference | Eval::Own => diff,
            Eval::Reach => {
                let reach = Diagonal::standard().reach(s);
                diff + cells_of(reach).map(|c| i32::from(s.value(c))).max().unwrap_or(0)
            }
            Eval::Playout => {
                let mut end = *s;
                let mut rng = Rng::new(0);
                while let Some(c) = greedy(&end, TieBreak::First, &mut rng) {
                    self.rule.apply(&mut end, c);
                }
                let e = end.scores();
                e[me] - e[1 - me]
            }
        }
    }
}

/// The moves of `s`, largest cell first, then the lowest index.
fn ordered(s: &State) -> impl Iterator<Item = Cell> {
    let mut moves = [0u8; MAX_CELLS];
    let mut n = 0;
    for c in cells_of(Diagonal::standard().reach(s)) {
        moves[n] = c;
        n += 1;
    }
    moves[..n].sort_unstable_by_key(|&c| (Reverse(s.value(c)), c));
    moves.into_iter().take(n)
}

/// A player of the experiment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contestant {
    /// The greedy player with a tie-break.
    Greedy(TieBreak),
    /// The plain [`Search`].
    Search(SearchConfig),
    /// The daily [`Computer`] at a depth (`alphabeta:D` in the arena);
    /// standard pass rule only.
    Computer(u32),
}

/// A contestant at the table, with its state.
enum Agent {
    Greedy(TieBreak, Rng),
    Search(Box<Search>),
    Computer(Box<Computer>),
}

impl Agent {
    fn new(c: &Contestant, rule: PassRule, seed: u64) -> Agent {
        match *c {
            Contestant::Greedy(tie) => Agent::Greedy(tie, Rng::new(seed)),
            Contestant::Search(config) => Agent::Search(Box::new(Search::new(config, rule, seed))),
            Contestant::Computer(depth) => Agent::Computer(Box::new(Computer::new(ComputerConfig::with_depth(depth)))),
        }
    }

    fn choose(&mut self, s: &State) -> Option<Cell> {
        match self {
            Agent::Greedy(tie, rng) => greedy(s, *tie, rng),
            Agent::Search(search) => search.choose(s),
            Agent::Computer(c) => c.think(&Diagonal::standard(), s).action,
        }
    }
}

/// What to play: grids (drawn as the arena draws them from a seed), their
/// size, traps or not, and the pass rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setting {
    /// Grids; each is played twice, seats swapped.
    pub grids: usize,
    /// The seed: grid `g` is the arena's deal `g` of this seed.
    pub seed: u64,
    /// The grids' side.
    pub size: u8,
    /// Whether a quarter of the cells are traps.
    pub traps: bool,
    /// The rule for a side with nothing in reach.
    pub rule: PassRule,
}

/// The figures of a match of A (the reference, greedy) against B.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Grids played (twice each).
    pub grids: usize,
    /// The mean margin, B's score minus A's, over every game.
    pub mean_margin: f64,
    /// Its 95% confidence interval over the grids' means.
    pub ci95: [f64; 2],
    /// Games (two per grid) won by A, drawn, won by B.
    pub games: [usize; 3],
    /// Grids (both games' margins added) won by A, drawn, won by B.
    pub grid_results: [usize; 3],
    /// Moves per game.
    pub mean_moves: f64,
    /// Games per hundred in which a side had nothing in reach at least once.
    pub stuck_per_100: f64,
    /// Free cells left at the end, per game (the [`PassRule::End`] rule).
    pub mean_left: f64,
}

/// Plays `a` against `b` on the setting's grids, each in both seatings
/// (grid `g`: A in seat 0 then B in seat 0).
///
/// # Panics
/// If a [`Contestant::Computer`] plays under a rule other than [`PassRule::Pass`].
pub fn run(setting: &Setting, a: &Contestant, b: &Contestant) -> Summary {
    for c in [a, b] {
        assert!(
            !matches!(c, Contestant::Computer(_)) || setting.rule == PassRule::Pass,
            "the daily computer plays the standard pass rule only"
        );
    }
    let (mut total, mut moves, mut stuck, mut left) = (0i64, 0usize, 0usize, 0u32);
    let mut means = Vec::with_capacity(setting.grids);
    let (mut games, mut grid_results) = ([0; 3], [0; 3]);
    for g in 0..setting.grids {
        let seed = derive_seed(setting.seed, g as u64);
        let spec = GridSpec {
            size: setting.size,
            seed,
            traps: setting.traps,
        };
        let grid = Grid::generate(&spec).expect("a valid size");
        let mut grid_margin = 0;
        for b_seat in [1, 0] {
            let mut seats = [
                Agent::new(a, setting.rule, derive_seed(seed, 0xA)),
                Agent::new(b, setting.rule, derive_seed(seed, 0xB)),
            ];
            if b_seat == 0 {
                seats.swap(0, 1);
            }
            let (margin, n, was_stuck, free) = play(&grid, setting.rule, &mut seats, b_seat);
            games[(margin.signum() + 1) as usize] += 1;
            grid_margin += margin;
            total += i64::from(margin);
            moves += n;
            stuck += usize::from(was_stuck);
            left += free;
        }
        grid_results[(grid_margin.signum() + 1) as usize] += 1;
        means.push(f64::from(grid_margin) / 2.0);
    }
    let n_games = (2 * setting.grids).max(1) as f64;
    Summary {
        grids: setting.grids,
        mean_margin: total as f64 / n_games,
        ci95: confidence_interval(&means, f64::NEG_INFINITY, f64::INFINITY),
        games,
        grid_results,
        mean_moves: moves as f64 / n_games,
        stuck_per_100: 100.0 * stuck as f64 / n_games,
        mean_left: f64::from(left) / n_games,
    }
}

/// One game: (the margin of `b_seat`, moves, whether a side was stuck,
/// free cells left).
fn play(grid: &Grid, rule: PassRule, seats: &mut [Agent; 2], b_seat: Seat) -> (i32, usize, bool, u32) {
    let rules = Diagonal::standard();
    let mut s = rules.start(grid);
    let (mut n, mut stuck) = (0, false);
    while let Some(seat) = rules.to_move(&s).seat() {
        let cell = seats[seat].choose(&s).expect("a side to move has a move");
        stuck |= rule.apply(&mut s, cell);
        n += 1;
    }
    let sc = s.scores();
    (sc[b_seat] - sc[1 - b_seat], n, stuck, s.free_count())
}
