//! Plain minimax: the whole tree, no pruning. The teaching reference that
//! every faster search is checked against.

use std::collections::HashSet;

use crate::budget::{Budget, Meter, Stop};
use crate::eval::{Evaluator, SCORE_INFINITY, Score};
use crate::game::{Game, Turn, TwoTeams};
use crate::stats::{RootStat, SearchResult, SearchStats};

/// Counts of a minimax search.
#[derive(Clone, Debug, PartialEq)]
pub struct MinimaxReport<A> {
    /// The search's answer; `value` is for the seat to move at the root.
    pub result: SearchResult<A>,
    /// The value for seat 0.
    pub score: Score,
    /// Distinct states reached (by hash), when requested.
    pub positions: Option<u64>,
}

/// Full-width minimax over a two-player zero-sum game.
///
/// Counts every state visited (root included) as a node and every terminal
/// state reached as a leaf. With a depth limit, states at the horizon are
/// evaluated by the evaluator (a depth-limited search); without one the tree
/// is searched to the end.
#[derive(Debug, Default)]
pub struct Minimax<A> {
    buffers: Vec<Vec<A>>,
    seen: Option<HashSet<u64>>,
    nodes: u64,
    leaves: u64,
}

impl<A: Copy> Minimax<A> {
    /// A searcher with empty buffers.
    pub fn new() -> Self {
        Minimax {
            buffers: Vec::new(),
            seen: None,
            nodes: 0,
            leaves: 0,
        }
    }

    /// Searches `state` to `depth` plies (`None`: to the end of the game).
    /// With `count_positions`, also counts distinct states by hash.
    ///
    /// # Panics
    /// At a chance node (use [`expectiminimax`](crate::expectiminimax)).
    pub fn search<G, E>(
        &mut self,
        game: &G,
        state: &G::State,
        depth: Option<u32>,
        eval: &E,
        budget: &Budget,
        count_positions: bool,
    ) -> MinimaxReport<A>
    where
        G: TwoTeams<Action = A>,
        E: Evaluator<G>,
    {
        self.nodes = 0;
        self.leaves = 0;
        self.seen = count_positions.then(HashSet::new);
        let mut meter = Meter::start(budget);
        let depth = depth.map_or(i32::MAX, |d| d as i32);
        let mover = game.to_move(state).seat();
        // The root is expanded here so that each root action gets its value.
        self.nodes += 1;
        self.note(game, state);
        let mut root = Vec::new();
        let mut best: Option<(A, Score)> = None;
        let score = match game.to_move(state) {
            Turn::Terminal => {
                self.leaves += 1;
                eval.terminal(game, state)
            }
            Turn::Chance => panic!("minimax does not handle chance nodes; use expectiminimax"),
            Turn::Seat(seat) if depth == 0 => {
                let _ = seat;
                eval.evaluate(game, state)
            }
            Turn::Seat(seat) => {
                let mut actions = Vec::new();
                game.legal_actions(state, &mut actions);
                for a in actions {
                    let before = self.nodes;
                    let mut child = state.clone();
                    game.apply(&mut child, a);
                    let v = self.node(game, &child, depth - 1, 1, eval, &mut meter);
                    if meter.stopped().is_some() {
                        break;
                    }
                    root.push(RootStat {
                        action: a,
                        visits: self.nodes - before,
                        value: f64::from(for_side(v, game.maximises(seat))),
                        exact: true,
                    });
                    if best.is_none_or(|(_, b)| for_side(v, game.maximises(seat)) > for_side(b, game.maximises(seat))) {
                        best = Some((a, v));
                    }
                }
                best.map_or(0, |b| b.1)
            }
        };
        let stop = meter.stopped().unwrap_or(Stop::Completed);
        let value = mover.map_or(score, |s| for_side(score, game.maximises(s)));
        MinimaxReport {
            result: SearchResult {
                action: best.map(|b| b.0),
                value: f64::from(value),
                stats: SearchStats {
                    nodes: self.nodes,
                    leaves: self.leaves,
                    depth: if depth == i32::MAX { 0 } else { depth as u32 },
                    elapsed: meter.elapsed(),
                    stop,
                    root,
                    ..SearchStats::default()
                },
            },
            score,
            positions: self.seen.as_ref().map(|s| s.len() as u64),
        }
    }

    fn note<G: Game<Action = A>>(&mut self, game: &G, state: &G::State) {
        if let Some(seen) = &mut self.seen {
            seen.insert(game.hash(state));
        }
    }

    fn node<G, E>(&mut self, game: &G, state: &G::State, depth: i32, ply: usize, eval: &E, meter: &mut Meter) -> Score
    where
        G: TwoTeams<Action = A>,
        E: Evaluator<G>,
    {
        self.nodes += 1;
        self.note(game, state);
        if meter.check(self.nodes, 0).is_some() {
            return 0;
        }
        let seat = match game.to_move(state) {
            Turn::Terminal => {
                self.leaves += 1;
                return eval.terminal(game, state);
            }
            Turn::Chance => panic!("minimax does not handle chance nodes; use expectiminimax"),
            Turn::Seat(s) => s,
        };
        if depth <= 0 {
            return eval.evaluate(game, state);
        }
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, Vec::new);
        }
        let mut actions = std::mem::take(&mut self.buffers[ply]);
        game.legal_actions(state, &mut actions);
        let mut best = -SCORE_INFINITY;
        for &a in &actions {
            let mut child = state.clone();
            game.apply(&mut child, a);
            let v = for_side(
                self.node(game, &child, depth - 1, ply + 1, eval, meter),
                game.maximises(seat),
            );
            best = best.max(v);
        }
        self.buffers[ply] = actions;
        for_side(best, game.maximises(seat))
    }
}

/// A seat-0 score seen from a seat that maximises it or not (team 1
/// minimises, so its view is negated).
#[inline]
pub(crate) fn for_side(score: Score, maximises: bool) -> Score {
    if maximises { score } else { -score }
}
