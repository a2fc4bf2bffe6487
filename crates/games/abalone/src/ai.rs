//! The computer: negamax alpha-beta with principal-variation search,
//! iterative deepening, the search library's transposition table, move
//! ordering (table move, ejections, pushes, killers, history), null-move
//! pruning, late-move reductions, and a quiescence search of pending
//! ejections. Repetitions on the search path (or of a position played since
//! the last ejection) and the no-progress limit score as draws.
//!
//! Every tunable is in [`ABALONE_TUNABLES`] and [`SearchConfig`]; the levels
//! are [`Level::config`] (all in [`crate::levels`]). A search is deterministic: the table is emptied
//! before each one and budgets count nodes, not time (a time budget is
//! available and is, by nature, not reproducible).

use std::time::Duration;

use tabula_search::{Bound, Budget, Meter, Player, SearchResult, SearchStats, Seat, Stop, TranspositionTable};

use crate::eval::evaluate;
use crate::game::{Abalone, NO_PROGRESS_PLIES, State};
pub use crate::levels::{ABALONE_TUNABLES, Level, SearchConfig};
use crate::movegen::{MoveKind, MoveList, apply, generate, generate_ejections};
use crate::moves::Move;
use crate::position::Position;

/// The value of a won position at the root; a win in `p` plies scores `WIN − p`.
pub const WIN: i32 = 1_000_000;
const MATE_BOUND: i32 = WIN - 10_000;
const INF: i32 = WIN + 1;
/// The deepest search path (plies, quiescence included).
pub const MAX_PLY: usize = 128;

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchOutcome {
    /// The best move (`None` when the side to move has none).
    pub best: Option<Move>,
    /// Its value for the side to move (a win in `p` plies is `WIN − p`).
    pub score: i32,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Nodes visited, quiescence included.
    pub nodes: u64,
    /// The principal variation, from the table.
    pub pv: Vec<Move>,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// Why it stopped.
    pub stop: Stop,
}

/// The searcher; keep one per player and reuse its memory.
pub struct Engine {
    config: SearchConfig,
    seed: u64,
    no_progress: u16,
    tt: TranspositionTable<Move>,
    killers: Box<[[Option<Move>; 2]; MAX_PLY]>,
    history: Box<[[i32; HISTORY]; 2]>,
    /// Hashes along the path; `reset[i]` when ply i was reached by an ejection.
    path: Vec<(u64, bool)>,
    /// Positions played since the last ejection before the root (root excluded).
    prior: Vec<u64>,
    nodes: u64,
    meter: Option<Meter>,
    aborted: bool,
    root_best: Option<Move>,
}

const HISTORY: usize = 61 * 3 * 3 * 6;

#[inline]
fn history_index(m: Move) -> usize {
    ((m.first().index() * 3 + m.len() - 1) * 3 + m.axis().index()) * 6 + m.dir().index()
}

#[inline]
fn to_tt(v: i32, ply: usize) -> i32 {
    if v > MATE_BOUND {
        v + ply as i32
    } else if v < -MATE_BOUND {
        v - ply as i32
    } else {
        v
    }
}

#[inline]
fn from_tt(v: i32, ply: usize) -> i32 {
    if v > MATE_BOUND {
        v - ply as i32
    } else if v < -MATE_BOUND {
        v + ply as i32
    } else {
        v
    }
}

#[inline]
fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

impl Engine {
    /// An engine with a configuration, a seed (for the evaluation noise)
    /// and the game's no-progress limit.
    pub fn new(config: SearchConfig, seed: u64) -> Engine {
        Engine {
            tt: TranspositionTable::with_bytes(config.tt_bytes),
            config,
            seed,
            no_progress: NO_PROGRESS_PLIES,
            killers: Box::new([[None; 2]; MAX_PLY]),
            history: Box::new([[0; HISTORY]; 2]),
            path: Vec::with_capacity(MAX_PLY + 1),
            prior: Vec::new(),
            nodes: 0,
            meter: None,
            aborted: false,
            root_best: None,
        }
    }

    /// The configuration.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    #[inline]
    fn eval(&self, pos: &Position) -> i32 {
        let v = evaluate(pos, &self.config.weights);
        if self.config.noise == 0 {
            return v;
        }
        let span = 2 * self.config.noise as u64 + 1;
        v + (mix(pos.hash() ^ self.seed) % span) as i32 - self.config.noise
    }

    /// Searches a game in progress (its draw counters and repetition
    /// history included) within the configured budget and `extra` limits.
    pub fn search_state(&mut self, game: &Abalone, state: &State, extra: &Budget) -> SearchOutcome {
        self.no_progress = game.no_progress;
        self.prior.clear();
        let n = state.history.len();
        if n > 1 {
            self.prior.extend_from_slice(&state.history[..n - 1]);
        }
        self.run(&state.position, state.quiet_plies, extra)
    }

    /// Searches a bare position (no history, no plies played without ejection).
    pub fn search(&mut self, pos: &Position, extra: &Budget) -> SearchOutcome {
        self.prior.clear();
        self.run(pos, 0, extra)
    }

    fn run(&mut self, pos: &Position, quiet: u16, extra: &Budget) -> SearchOutcome {
        let mut budget = extra.clone();
        if let Some(n) = self.config.max_nodes {
            budget.nodes = Some(budget.nodes.map_or(n, |m| m.min(n)));
        }
        if let Some(t) = self.config.time {
            budget.time = Some(budget.time.map_or(t, |m| m.min(t)));
        }
        self.tt.clear();
        self.tt.new_search();
        self.killers.fill([None; 2]);
        for h in self.history.iter_mut() {
            h.fill(0);
        }
        self.nodes = 0;
        self.aborted = false;
        self.meter = Some(Meter::start(&budget));
        let mut out = SearchOutcome {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
            elapsed: Duration::ZERO,
            stop: Stop::Completed,
        };
        let mut list = MoveList::new();
        generate(pos, &mut list);
        if list.is_empty() {
            out.score = -WIN;
            return self.finish(out);
        }
        // Always have a move: the first in order, should the first iteration be cut.
        out.best = Some(list.as_slice()[0]);
        let mut prev: i32 = 0;
        for depth in 1..=self.config.max_depth.min(MAX_PLY as u32 / 2) {
            self.root_best = None;
            // Aspiration window around the previous score, widened on failure.
            let mut delta = 60;
            let (mut alpha, mut beta) = if depth >= 4 && prev.abs() < MATE_BOUND {
                (prev - delta, prev + delta)
            } else {
                (-INF, INF)
            };
            let score = loop {
                self.path.clear();
                self.path.push((pos.hash(), false));
                let v = self.negamax(pos, depth as i32, alpha, beta, 0, quiet, true);
                if self.aborted {
                    break v;
                }
                if v <= alpha && alpha > -INF {
                    alpha = (alpha - delta).max(-INF);
                } else if v >= beta && beta < INF {
                    beta = (beta + delta).min(INF);
                } else {
                    break v;
                }
                delta *= 4;
            };
            if self.aborted {
                break;
            }
            prev = score;
            out.score = score;
            out.depth = depth;
            if let Some(m) = self.root_best {
                out.best = Some(m);
            }
            // A proven result will not change with depth.
            if score.abs() > MATE_BOUND && (WIN - score.abs()) as u32 <= depth {
                break;
            }
        }
        out.pv = self.principal_variation(pos, out.best, out.depth as usize);
        out.stop = self.meter.as_ref().and_then(Meter::stopped).unwrap_or(Stop::Completed);
        self.finish(out)
    }

    fn finish(&mut self, mut out: SearchOutcome) -> SearchOutcome {
        out.nodes = self.nodes;
        out.elapsed = self.meter.as_ref().map_or(Duration::ZERO, Meter::elapsed);
        out
    }

    fn principal_variation(&self, pos: &Position, first: Option<Move>, depth: usize) -> Vec<Move> {
        let mut pv = Vec::new();
        let Some(first) = first else { return pv };
        let mut seen = vec![pos.hash()];
        let mut p = apply(pos, first).0;
        pv.push(first);
        while pv.len() < depth.max(1) {
            let Some(e) = self.tt.probe(p.hash()) else { break };
            let Some(m) = e.best else { break };
            if seen.contains(&p.hash()) || !p.is_legal(m) {
                break;
            }
            seen.push(p.hash());
            pv.push(m);
            p = apply(&p, m).0;
        }
        pv
    }

    #[inline]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if let Some(m) = self.meter.as_mut()
            && m.check(self.nodes, 0).is_some()
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// True when `hash` repeats a position since the last ejection, on the
    /// path or before the root.
    fn repeated(&self, hash: u64) -> bool {
        // The path's last entry is the current position itself; the root
        // (entry 0) is never marked, so the prior positions follow it.
        let n = self.path.len();
        for i in (0..n.saturating_sub(1)).rev() {
            if self.path[i + 1].1 {
                // Ply i+1 was reached by an ejection (or a pass): nothing before it repeats.
                return false;
            }
            if self.path[i].0 == hash {
                return true;
            }
        }
        self.prior.contains(&hash)
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        quiet: u16,
        null_ok: bool,
    ) -> i32 {
        if ply > 0 && (quiet >= self.no_progress || self.repeated(pos.hash())) && pos.loser().is_none() {
            self.nodes += 1;
            return 0;
        }
        if depth <= 0 || ply >= MAX_PLY - 16 {
            // The quiescence search counts this node.
            return self.quiesce(pos, alpha, beta, ply, 0);
        }
        if self.tick() {
            return 0;
        }
        if pos.loser().is_some() {
            // Only the mover ejects: the side to move is the one that lost.
            return -(WIN - ply as i32);
        }
        let pv_node = beta - alpha > 1;
        let mut tt_move = None;
        if let Some(e) = self.tt.probe(pos.hash()) {
            tt_move = e.best;
            if ply > 0 && i32::from(e.depth) >= depth {
                let v = from_tt(e.value, ply);
                match e.bound {
                    Bound::Exact => return v,
                    Bound::Lower if v >= beta => return v,
                    Bound::Upper if v <= alpha => return v,
                    _ => {}
                }
            }
        }
        // Null move: if passing still fails high, a real move will too.
        if self.config.null_move && null_ok && !pv_node && ply > 0 && depth >= 3 && beta.abs() < MATE_BOUND {
            let stand = self.eval(pos);
            if stand >= beta {
                let r = 2 + depth / 6;
                let passed = pos.with_side_to_move(pos.to_move().other());
                // A pass is a boundary for repetitions, like an ejection.
                self.path.push((passed.hash(), true));
                let v = -self.negamax(&passed, depth - 1 - r, -beta, -beta + 1, ply + 1, quiet, false);
                self.path.pop();
                if self.aborted {
                    return 0;
                }
                if v >= beta {
                    return if v > MATE_BOUND { beta } else { v };
                }
            }
        }
        let mut list = MoveList::new();
        generate(pos, &mut list);
        if list.is_empty() {
            return -(WIN - ply as i32);
        }
        let side = pos.to_move().index();
        let mut keys = [0i32; crate::movegen::MAX_MOVES];
        let killers = self.killers[ply];
        for (i, (&m, &kind)) in list.as_slice().iter().zip(list.kinds()).enumerate() {
            keys[i] = if Some(m) == tt_move {
                1 << 30
            } else {
                match kind {
                    MoveKind::Ejection => (1 << 29) + m.len() as i32,
                    MoveKind::Push => (1 << 28) + m.len() as i32,
                    MoveKind::Quiet if Some(m) == killers[0] => 1 << 27,
                    MoveKind::Quiet if Some(m) == killers[1] => (1 << 27) - 1,
                    MoveKind::Quiet => self.history[side][history_index(m)].min((1 << 26) - 1),
                }
            };
        }
        let n = list.len();
        let (moves, kinds) = list.parts_mut();
        let alpha_orig = alpha;
        let mut best = -INF;
        let mut best_move = None;
        for i in 0..n {
            // Selection: bring the best remaining move forward.
            let mut j = i;
            for k in i + 1..n {
                if keys[k] > keys[j] {
                    j = k;
                }
            }
            keys.swap(i, j);
            moves.swap(i, j);
            kinds.swap(i, j);
            let (m, kind) = (moves[i], kinds[i]);
            let (child, ejected) = apply(pos, m);
            let child_quiet = if ejected { 0 } else { quiet.saturating_add(1) };
            self.path.push((child.hash(), ejected));
            let mut v;
            if i == 0 {
                v = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, child_quiet, true);
            } else {
                let reduce = self.config.late_move_reductions
                    && depth >= 3
                    && i >= 3
                    && kind == MoveKind::Quiet
                    && Some(m) != killers[0]
                    && Some(m) != killers[1];
                let r = if reduce { 1 + i32::from(i >= 8 && depth >= 5) } else { 0 };
                v = -self.negamax(&child, depth - 1 - r, -alpha - 1, -alpha, ply + 1, child_quiet, true);
                if v > alpha && r > 0 && !self.aborted {
                    v = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1, child_quiet, true);
                }
                if v > alpha && v < beta && !self.aborted {
                    v = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, child_quiet, true);
                }
            }
            self.path.pop();
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                best_move = Some(m);
                if ply == 0 {
                    self.root_best = Some(m);
                }
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        if kind == MoveKind::Quiet {
                            if killers[0] != Some(m) {
                                self.killers[ply] = [Some(m), killers[0]];
                            }
                            let h = &mut self.history[side][history_index(m)];
                            *h = (*h + depth * depth).min(1 << 24);
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_orig {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(pos.hash(), to_tt(best, ply), depth as i16, bound, best_move);
        best
    }

    fn quiesce(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize, qply: u32) -> i32 {
        if self.tick() {
            return 0;
        }
        if pos.loser().is_some() {
            return -(WIN - ply as i32);
        }
        let stand = self.eval(pos);
        if stand >= beta || qply >= self.config.quiescence_plies || ply >= MAX_PLY - 1 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut list = MoveList::new();
        generate_ejections(pos, &mut list);
        let mut best = stand;
        for &m in list.as_slice() {
            let child = apply(pos, m).0;
            let v = -self.quiesce(&child, -beta, -alpha, ply + 1, qply + 1);
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// A computer player at a level, as a [`Player`] of the search library.
pub struct Computer {
    engine: Engine,
}

impl Computer {
    /// A player with a configuration and a seed.
    pub fn new(config: SearchConfig, seed: u64) -> Computer {
        Computer {
            engine: Engine::new(config, seed),
        }
    }

    /// A player at a level.
    pub fn at_level(level: Level, seed: u64) -> Computer {
        Computer::new(level.config(), seed)
    }

    /// The engine.
    pub fn engine(&mut self) -> &mut Engine {
        &mut self.engine
    }
}

impl Player<Abalone> for Computer {
    fn choose(&mut self, game: &Abalone, state: &State, _seat: Seat) -> SearchResult<Move> {
        if self.engine.config.tablebase
            && let Some(tables) = crate::tablebase::installed()
            && let Some((m, v)) = crate::tablebase::probe::best_move(tables, &state.position)
        {
            // Perfect play: the shortest win, else a draw, else the longest loss.
            let value = match v {
                tabula_search::backward::Value::Win(d) => f64::from(WIN - d as i32),
                tabula_search::backward::Value::Loss(d) => f64::from(d as i32 - WIN),
                tabula_search::backward::Value::Draw => 0.0,
            };
            return SearchResult {
                action: Some(m),
                value,
                stats: SearchStats {
                    pv: vec![m],
                    ..SearchStats::default()
                },
            };
        }
        let out = self.engine.search_state(game, state, &Budget::unlimited());
        SearchResult {
            action: out.best,
            value: f64::from(out.score),
            stats: SearchStats {
                nodes: out.nodes,
                depth: out.depth,
                elapsed: out.elapsed,
                stop: out.stop,
                pv: out.pv,
                ..SearchStats::default()
            },
        }
    }
}
