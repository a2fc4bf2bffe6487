//! Alpha-beta (fail-soft, min/max form), depth-limited search with an
//! evaluation, a quiescence extension, a transposition table and iterative
//! deepening with a principal variation.
//!
//! The min/max form (seat 0 maximises, seat 1 minimises) rather than negamax
//! lets a seat act twice in a row (passes) without special cases.
//! Per-ply action buffers and the principal-variation table are allocated
//! once and reused, so the search allocates nothing per node.

use crate::budget::{Budget, Meter, Stop};
use crate::eval::{Evaluator, MoveOrder, SCORE_INFINITY, Score};
use crate::game::{Seat, Turn, TwoTeams};
use crate::minimax::for_side;
use crate::stats::{RootStat, SearchResult, SearchStats};
use crate::tt::{Bound, TranspositionTable};
use crate::tunables::Tunable;

/// The tunables of alpha-beta.
#[derive(Clone, Debug, PartialEq)]
pub struct AlphaBetaConfig {
    /// Memory of the transposition table in bytes; 0 disables it.
    pub tt_bytes: usize,
    /// Plies of quiescence search past the horizon; 0 evaluates the horizon
    /// as it stands.
    pub quiescence_plies: u32,
}

/// The default memory of the transposition table, in bytes.
pub const DEFAULT_TT_BYTES: usize = 16 << 20;
/// The default plies of quiescence search past the horizon.
pub const DEFAULT_QUIESCENCE_PLIES: u32 = 8;

impl Default for AlphaBetaConfig {
    fn default() -> Self {
        AlphaBetaConfig {
            tt_bytes: DEFAULT_TT_BYTES,
            quiescence_plies: DEFAULT_QUIESCENCE_PLIES,
        }
    }
}

impl AlphaBetaConfig {
    /// Plain alpha-beta: no table, no quiescence (exact node counts).
    pub fn plain() -> Self {
        AlphaBetaConfig {
            tt_bytes: 0,
            quiescence_plies: 0,
        }
    }
}

/// The table of alpha-beta's tunables (name, default, meaning).
pub const ALPHABETA_TUNABLES: &[Tunable] = &[
    Tunable::int(
        "tt_bytes",
        DEFAULT_TT_BYTES as i64,
        "memory of the transposition table in bytes (0: no table)",
    ),
    Tunable::int(
        "quiescence_plies",
        DEFAULT_QUIESCENCE_PLIES as i64,
        "plies searched past the horizon along the evaluator's noisy actions",
    ),
];

/// Values stored for subtrees that never reached the horizon: exact game
/// values, valid at any depth.
const SOLVED: i16 = i16::MAX;

struct Ctx<'a, G, E, O> {
    game: &'a G,
    eval: &'a E,
    order: &'a O,
}

/// The alpha-beta searcher. Keep one per player and reuse it: its buffers and
/// table survive between searches.
#[derive(Debug)]
pub struct AlphaBeta<A> {
    config: AlphaBetaConfig,
    tt: Option<TranspositionTable<A>>,
    buffers: Vec<Vec<A>>,
    pv: Vec<Vec<A>>,
    nodes: u64,
    leaves: u64,
    horizon_hit: bool,
}

struct RootOutcome<A> {
    best: Option<A>,
    score: Score,
    root: Vec<RootStat<A>>,
    pv: Vec<A>,
}

impl<A: Copy + Eq + Ord> AlphaBeta<A> {
    /// A searcher with the given tunables.
    pub fn new(config: AlphaBetaConfig) -> Self {
        let tt = (config.tt_bytes > 0).then(|| TranspositionTable::with_bytes(config.tt_bytes));
        AlphaBeta {
            config,
            tt,
            buffers: Vec::new(),
            pv: Vec::new(),
            nodes: 0,
            leaves: 0,
            horizon_hit: false,
        }
    }

    /// The tunables.
    pub fn config(&self) -> &AlphaBetaConfig {
        &self.config
    }

    /// Forgets every stored result (the transposition table).
    pub fn clear(&mut self) {
        if let Some(tt) = &mut self.tt {
            tt.clear();
        }
    }

    /// One alpha-beta search of `state` to `depth` plies (`None`: to the end
    /// of the game), full window. Counts every state visited, root included.
    /// If the budget runs out, returns the best root action found so far.
    ///
    /// # Panics
    /// At a chance node (use [`expectiminimax`](crate::expectiminimax)).
    pub fn search<G, E, O>(
        &mut self,
        game: &G,
        state: &G::State,
        depth: Option<u32>,
        eval: &E,
        order: &O,
        budget: &Budget,
    ) -> SearchResult<A>
    where
        G: TwoTeams<Action = A>,
        E: Evaluator<G>,
        O: MoveOrder<G>,
    {
        let ctx = Ctx { game, eval, order };
        let mut meter = Meter::start(budget);
        self.start();
        let depth = depth.map_or(i32::from(SOLVED) - 1, |d| d as i32);
        let outcome = self.root(&ctx, state, depth, None, &mut meter);
        self.finish(&ctx, state, outcome, depth.max(0) as u32, &meter)
    }

    /// Iterative deepening: searches depth 1, 2, 3, … up to `max_depth`
    /// (`None`: until the game is solved; at least one ply is always
    /// searched), each iteration trying the previous
    /// best action first, until the budget runs out. Returns the last
    /// completed iteration with its principal variation; stops early once an
    /// iteration never reached the horizon (the value is then exact).
    pub fn iterative_deepening<G, E, O>(
        &mut self,
        game: &G,
        state: &G::State,
        max_depth: Option<u32>,
        eval: &E,
        order: &O,
        budget: &Budget,
    ) -> SearchResult<A>
    where
        G: TwoTeams<Action = A>,
        E: Evaluator<G>,
        O: MoveOrder<G>,
    {
        let ctx = Ctx { game, eval, order };
        let mut meter = Meter::start(budget);
        self.start();
        let max_depth = max_depth.unwrap_or(SOLVED as u32 - 1).max(1);
        let mut done: Option<(RootOutcome<A>, u32)> = None;
        for depth in 1..=max_depth {
            self.horizon_hit = false;
            let first = done.as_ref().and_then(|d| d.0.best);
            let outcome = self.root(&ctx, state, depth as i32, first, &mut meter);
            if meter.stopped().is_some() {
                if done.is_none() {
                    done = Some((outcome, 0));
                }
                break;
            }
            let solved = !self.horizon_hit;
            done = Some((outcome, depth));
            if solved {
                break;
            }
        }
        let (outcome, depth) = done.expect("at least one iteration runs");
        self.finish(&ctx, state, outcome, depth, &meter)
    }

    fn start(&mut self) {
        self.nodes = 0;
        self.leaves = 0;
        self.horizon_hit = false;
        if let Some(tt) = &mut self.tt {
            tt.new_search();
        }
    }

    fn finish<G, E, O>(
        &mut self,
        ctx: &Ctx<'_, G, E, O>,
        state: &G::State,
        mut outcome: RootOutcome<A>,
        depth: u32,
        meter: &Meter,
    ) -> SearchResult<A>
    where
        G: TwoTeams<Action = A>,
        E: Evaluator<G>,
    {
        outcome.root.sort_by_key(|s| s.action);
        self.extend_pv(ctx.game, state, &mut outcome.pv, depth);
        let mover = ctx.game.to_move(state).seat().unwrap_or(0);
        if outcome.best.is_none() && matches!(ctx.game.to_move(state), Turn::Seat(_)) {
            // Stopped before the first root action finished: fall back to the
            // first action in the game's order.
            let mut actions = Vec::new();
            ctx.game.legal_actions(state, &mut actions);
            outcome.best = actions.first().copied();
            outcome.score = ctx.eval.evaluate(ctx.game, state);
        }
        SearchResult {
            action: outcome.best,
            value: f64::from(for_side(outcome.score, ctx.game.maximises(mover))),
            stats: SearchStats {
                nodes: self.nodes,
                leaves: self.leaves,
                depth,
                elapsed: meter.elapsed(),
                stop: meter.stopped().unwrap_or(Stop::Completed),
                root: outcome.root,
                pv: outcome.pv,
                ..SearchStats::default()
            },
        }
    }

    /// A transposition-table hit ends the principal variation where the line
    /// was cut; continue it along the table's exact entries (legal moves
    /// only, at most `depth` plies in all).
    fn extend_pv<G: TwoTeams<Action = A>>(&self, game: &G, state: &G::State, pv: &mut Vec<A>, depth: u32) {
        let Some(tt) = &self.tt else { return };
        let mut end = state.clone();
        for &a in pv.iter() {
            game.apply(&mut end, a);
        }
        let mut legal = Vec::new();
        while (pv.len() as u32) < depth && matches!(game.to_move(&end), Turn::Seat(_)) {
            let Some(m) = tt
                .probe(game.hash(&end))
                .filter(|e| e.bound == Bound::Exact)
                .and_then(|e| e.best)
            else {
                break;
            };
            game.legal_actions(&end, &mut legal);
            if !legal.contains(&m) {
                break;
            }
            pv.push(m);
            game.apply(&mut end, m);
        }
    }

    fn ensure_ply(&mut self, ply: usize) {
        if self.buffers.len() <= ply + 1 {
            self.buffers.resize_with(ply + 2, Vec::new);
            self.pv.resize_with(ply + 2, Vec::new);
        }
    }

    fn root<G, E, O>(
        &mut self,
        ctx: &Ctx<'_, G, E, O>,
        state: &G::State,
        depth: i32,
        first: Option<A>,
        meter: &mut Meter,
    ) -> RootOutcome<A>
    where
        G: TwoTeams<Action = A>,
        E: Evaluator<G>,
        O: MoveOrder<G>,
    {
        self.nodes += 1;
        self.ensure_ply(0);
        let seat = match ctx.game.to_move(state) {
            Turn::Terminal => {
                self.leaves += 1;
                return RootOutcome {
                    best: None,
                    score: ctx.eval.terminal(ctx.game, state),
                    root: Vec::new(),
                    pv: Vec::new(),
                };
            }
            Turn::Chance => panic!("alpha-beta does not handle chance nodes; use expectiminimax"),
            Turn::Seat(s) => s,
        };
        let mut actions = Vec::new();
        ctx.game.legal_actions(state, &mut actions);
        ctx.order.order(ctx.game, state, &mut actions);
        let tt_move = self
            .tt
            .as_ref()
            .and_then(|t| t.probe(ctx.game.hash(state)))
            .and_then(|e| e.best);
        for m in [tt_move, first].into_iter().flatten() {
            move_to_front(&mut actions, m);
        }
        let maximizing = ctx.game.maximises(seat);
        let (mut alpha, mut beta) = (-SCORE_INFINITY, SCORE_INFINITY);
        let mut best: Option<(A, Score)> = None;
        let mut root = Vec::with_capacity(actions.len());
        let mut pv = Vec::new();
        for &a in &actions {
            let before = self.nodes;
            let mut child = state.clone();
            ctx.game.apply(&mut child, a);
            let v = self.node(ctx, &child, depth - 1, 1, alpha, beta, meter);
            if meter.stopped().is_some() {
                break;
            }
            let improves = best.is_none_or(|(_, b)| if maximizing { v > b } else { v < b });
            // Inside the window the value is exact; outside it is a bound.
            let exact = if maximizing { v > alpha } else { v < beta };
            root.push(RootStat {
                action: a,
                visits: self.nodes - before,
                value: f64::from(for_side(v, maximizing)),
                exact,
            });
            if improves {
                best = Some((a, v));
                pv.clear();
                pv.push(a);
                pv.extend_from_slice(&self.pv[1]);
            }
            if maximizing {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
        }
        if let (Some((a, v)), Some(tt)) = (best, &mut self.tt)
            && meter.stopped().is_none()
        {
            let d = if self.horizon_hit { depth as i16 } else { SOLVED };
            tt.store(ctx.game.hash(state), v, d, Bound::Exact, Some(a));
        }
        RootOutcome {
            best: best.map(|b| b.0),
            score: best.map_or(0, |b| b.1),
            root,
            pv,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn node<G, E, O>(
        &mut self,
        ctx: &Ctx<'_, G, E, O>,
        state: &G::State,
        depth: i32,
        ply: usize,
        mut alpha: Score,
        mut beta: Score,
        meter: &mut Meter,
    ) -> Score
    where
        G: TwoTeams<Action = A>,
        E: Evaluator<G>,
        O: MoveOrder<G>,
    {
        self.nodes += 1;
        if meter.check(self.nodes, 0).is_some() {
            return 0;
        }
        self.ensure_ply(ply);
        self.pv[ply].clear();
        let seat = match ctx.game.to_move(state) {
            Turn::Terminal => {
                self.leaves += 1;
                return ctx.eval.terminal(ctx.game, state);
            }
            Turn::Chance => panic!("alpha-beta does not handle chance nodes; use expectiminimax"),
            Turn::Seat(s) => s,
        };
        if depth <= 0 {
            self.horizon_hit = true;
            return self.quiesce(ctx, state, seat, self.config.quiescence_plies, ply, alpha, beta, meter);
        }
        let key = ctx.game.hash(state);
        let mut tt_move = None;
        if let Some(e) = self.tt.as_ref().and_then(|t| t.probe(key)) {
            tt_move = e.best;
            if i32::from(e.depth) >= depth {
                if e.depth != SOLVED {
                    self.horizon_hit = true;
                }
                match e.bound {
                    Bound::Exact => return e.value,
                    Bound::Lower => alpha = alpha.max(e.value),
                    Bound::Upper => beta = beta.min(e.value),
                }
                if alpha >= beta {
                    return e.value;
                }
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let outer_horizon = std::mem::replace(&mut self.horizon_hit, false);
        let maximizing = ctx.game.maximises(seat);
        let mut actions = std::mem::take(&mut self.buffers[ply]);
        ctx.game.legal_actions(state, &mut actions);
        ctx.order.order(ctx.game, state, &mut actions);
        if let Some(m) = tt_move {
            move_to_front(&mut actions, m);
        }
        let mut best = if maximizing { -SCORE_INFINITY } else { SCORE_INFINITY };
        let mut best_move = None;
        for &a in &actions {
            let mut child = state.clone();
            ctx.game.apply(&mut child, a);
            let v = self.node(ctx, &child, depth - 1, ply + 1, alpha, beta, meter);
            if meter.stopped().is_some() {
                break;
            }
            if if maximizing { v > best } else { v < best } {
                best = v;
                best_move = Some(a);
                let (head, tail) = self.pv.split_at_mut(ply + 1);
                head[ply].clear();
                head[ply].push(a);
                head[ply].extend_from_slice(&tail[0]);
            }
            if maximizing {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        self.buffers[ply] = actions;
        let subtree_horizon = self.horizon_hit;
        self.horizon_hit = outer_horizon || subtree_horizon;
        if meter.stopped().is_some() {
            return 0;
        }
        if let Some(tt) = &mut self.tt {
            let bound = if best <= alpha0 {
                Bound::Upper
            } else if best >= beta0 {
                Bound::Lower
            } else {
                Bound::Exact
            };
            let d = if subtree_horizon {
                depth.min(i32::from(SOLVED) - 1) as i16
            } else {
                SOLVED
            };
            tt.store(key, best, d, bound, best_move);
        }
        best
    }

    /// Stand-pat quiescence along the evaluator's noisy actions.
    #[allow(clippy::too_many_arguments)]
    fn quiesce<G, E, O>(
        &mut self,
        ctx: &Ctx<'_, G, E, O>,
        state: &G::State,
        seat: Seat,
        plies: u32,
        ply: usize,
        mut alpha: Score,
        mut beta: Score,
        meter: &mut Meter,
    ) -> Score
    where
        G: TwoTeams<Action = A>,
        E: Evaluator<G>,
        O: MoveOrder<G>,
    {
        let stand = ctx.eval.evaluate(ctx.game, state);
        if plies == 0 {
            return stand;
        }
        let maximizing = ctx.game.maximises(seat);
        if maximizing {
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
        } else {
            if stand <= alpha {
                return stand;
            }
            beta = beta.min(stand);
        }
        self.ensure_ply(ply);
        let mut noisy = std::mem::take(&mut self.buffers[ply]);
        ctx.eval.noisy_actions(ctx.game, state, &mut noisy);
        let mut best = stand;
        for &a in &noisy {
            let mut child = state.clone();
            ctx.game.apply(&mut child, a);
            self.nodes += 1;
            if meter.check(self.nodes, 0).is_some() {
                break;
            }
            let v = match ctx.game.to_move(&child) {
                Turn::Terminal => {
                    self.leaves += 1;
                    ctx.eval.terminal(ctx.game, &child)
                }
                Turn::Chance => panic!("alpha-beta does not handle chance nodes; use expectiminimax"),
                Turn::Seat(s) => self.quiesce(ctx, &child, s, plies - 1, ply + 1, alpha, beta, meter),
            };
            if maximizing {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        self.buffers[ply] = noisy;
        best
    }
}

/// Moves `m` (if present) to the front, keeping the others' order.
fn move_to_front<A: Copy + Eq>(actions: &mut [A], m: A) {
    if let Some(i) = actions.iter().position(|&a| a == m) {
        actions[..=i].rotate_right(1);
    }
}
