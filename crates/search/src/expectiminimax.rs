//! Expectiminimax: minimax with chance nodes valued at the
//! probability-weighted mean of their outcomes.

use crate::budget::{Budget, Meter, Stop};
use crate::eval::Evaluator;
use crate::game::{Game, Turn, TwoTeams};
use crate::stats::{RootStat, SearchResult, SearchStats};

/// Searches `state` to `depth` plies (`None`: to the end; chance events count
/// as plies). Terminal states are worth seat 0's payoff, horizon states the
/// evaluator's value; seat 0 maximises, seat 1 minimises, chance averages.
/// `value` in the result is for the seat to move at the root (seat 0 when
/// the root is a chance node).
///
/// # Panics
/// At a chance node whose outcomes the game does not enumerate.
pub fn expectiminimax<G, E>(
    game: &G,
    state: &G::State,
    depth: Option<u32>,
    eval: &E,
    budget: &Budget,
) -> SearchResult<G::Action>
where
    G: TwoTeams,
    E: Evaluator<G>,
{
    let mut run = Run {
        game,
        eval,
        meter: Meter::start(budget),
        nodes: 0,
        leaves: 0,
        actions: Vec::new(),
        outcomes: Vec::new(),
    };
    let depth = depth.map_or(i32::MAX, |d| d as i32);
    run.nodes += 1;
    let mut root = Vec::new();
    let mut best: Option<(G::Action, f64)> = None;
    let turn = game.to_move(state);
    let value = match turn {
        Turn::Terminal => {
            run.leaves += 1;
            game.payoffs(state).get(0)
        }
        Turn::Chance => run.value(state, depth, 0),
        // At depth 0 the root itself is the horizon, as in minimax.
        Turn::Seat(_) if depth <= 0 => f64::from(eval.evaluate(game, state)),
        Turn::Seat(seat) => {
            let mut actions = Vec::new();
            game.legal_actions(state, &mut actions);
            let sign = if game.maximises(seat) { 1.0 } else { -1.0 };
            for a in actions {
                let before = run.nodes;
                let mut child = state.clone();
                game.apply(&mut child, a);
                let v = run.value(&child, depth - 1, 1);
                if run.meter.stopped().is_some() {
                    break;
                }
                root.push(RootStat {
                    action: a,
                    visits: run.nodes - before,
                    value: sign * v,
                    exact: true,
                });
                if best.is_none_or(|(_, b)| sign * v > sign * b) {
                    best = Some((a, v));
                }
            }
            best.map_or(0.0, |b| b.1)
        }
    };
    let sign = if turn == Turn::Seat(1) { -1.0 } else { 1.0 };
    SearchResult {
        action: best.map(|b| b.0),
        value: sign * value,
        stats: SearchStats {
            nodes: run.nodes,
            leaves: run.leaves,
            elapsed: run.meter.elapsed(),
            stop: run.meter.stopped().unwrap_or(Stop::Completed),
            root,
            ..SearchStats::default()
        },
    }
}

struct Run<'a, G: Game, E> {
    game: &'a G,
    eval: &'a E,
    meter: Meter,
    nodes: u64,
    leaves: u64,
    actions: Vec<Vec<G::Action>>,
    outcomes: Vec<Vec<(G::Action, f64)>>,
}

impl<G: TwoTeams, E: Evaluator<G>> Run<'_, G, E> {
    /// The value for seat 0 of a non-root state.
    fn value(&mut self, state: &G::State, depth: i32, ply: usize) -> f64 {
        if ply > 0 {
            self.nodes += 1;
        }
        if self.meter.check(self.nodes, 0).is_some() {
            return 0.0;
        }
        let turn = self.game.to_move(state);
        if turn == Turn::Terminal {
            self.leaves += 1;
            return self.game.payoffs(state).get(0);
        }
        if depth <= 0 {
            return f64::from(self.eval.evaluate(self.game, state));
        }
        if self.actions.len() <= ply {
            self.actions.resize_with(ply + 1, Vec::new);
            self.outcomes.resize_with(ply + 1, Vec::new);
        }
        match turn {
            Turn::Chance => {
                let mut outcomes = std::mem::take(&mut self.outcomes[ply]);
                self.game.chance_outcomes(state, &mut outcomes);
                assert!(!outcomes.is_empty(), "expectiminimax needs enumerable chance outcomes");
                let mut sum = 0.0;
                for &(a, p) in &outcomes {
                    let mut child = state.clone();
                    self.game.apply(&mut child, a);
                    sum += p * self.value(&child, depth - 1, ply + 1);
                }
                self.outcomes[ply] = outcomes;
                sum
            }
            Turn::Seat(seat) => {
                let mut actions = std::mem::take(&mut self.actions[ply]);
                self.game.legal_actions(state, &mut actions);
                let maximises = self.game.maximises(seat);
                let mut best = if maximises { f64::NEG_INFINITY } else { f64::INFINITY };
                for &a in &actions {
                    let mut child = state.clone();
                    self.game.apply(&mut child, a);
                    let v = self.value(&child, depth - 1, ply + 1);
                    best = if maximises { best.max(v) } else { best.min(v) };
                }
                self.actions[ply] = actions;
                best
            }
            Turn::Terminal => unreachable!(),
        }
    }
}
