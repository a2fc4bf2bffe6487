//! Monte Carlo tree search with UCT selection.
//!
//! The tree lives in one arena (`Vec` of nodes, children contiguous), reused
//! between searches: an iteration allocates nothing beyond the nodes it adds.

use std::sync::OnceLock;

use crate::budget::{Budget, Meter, Stop};
use crate::game::{Game, PLAYOUT_LIMIT, Payoffs, Turn, random_playout};
use crate::rng::Rng;
use crate::stats::{RootStat, SearchResult, SearchStats};
use crate::tunables::Tunable;

/// The tunables of MCTS.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// The exploration constant `c` of `w/n + c·sqrt(ln N / n)`, rewards
    /// scaled to `[0, 1]` by the game's payoff range.
    pub exploration: f64,
    /// The most tree nodes; once reached the tree stops growing and
    /// iterations play out from its leaves.
    pub max_nodes: usize,
}

/// The default UCT exploration constant, √2.
pub const DEFAULT_EXPLORATION: f64 = std::f64::consts::SQRT_2;
/// The default cap on tree nodes.
pub const DEFAULT_MAX_NODES: usize = 4 << 20;

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            exploration: DEFAULT_EXPLORATION,
            max_nodes: DEFAULT_MAX_NODES,
        }
    }
}

/// The table of MCTS's tunables (name, default, meaning).
pub const MCTS_TUNABLES: &[Tunable] = &[
    Tunable::float(
        "exploration",
        DEFAULT_EXPLORATION,
        "UCT exploration constant c (√2) in w/n + c·sqrt(ln N / n), rewards scaled to [0, 1] by the game's payoff range",
    ),
    Tunable::int(
        "max_nodes",
        DEFAULT_MAX_NODES as i64,
        "tree size cap (nodes); beyond it iterations play out from the leaves",
    ),
    PLAYOUT_LIMIT_TUNABLE,
];

/// The random rollout's bound, listed in the table of each search that
/// plays it by default (MCTS, ISMCTS, root-UCB).
pub(crate) const PLAYOUT_LIMIT_TUNABLE: Tunable = Tunable::int(
    "playout_limit",
    PLAYOUT_LIMIT as i64,
    "plies a random rollout plays before it stops and scores the standing (a match random play may never end)",
);

/// Plays a state out to the end (the *rollout* or *simulation*).
pub trait Rollout<G: Game> {
    /// Plays `state` to a terminal state and returns its payoffs.
    fn rollout(&mut self, game: &G, state: &mut G::State, rng: &mut Rng) -> Payoffs;
}

/// Uniformly random legal actions until the end.
#[derive(Clone, Debug, Default)]
pub struct RandomRollout<A> {
    buf: Vec<A>,
}

impl<A> RandomRollout<A> {
    /// A random rollout policy.
    pub fn new() -> Self {
        RandomRollout { buf: Vec::new() }
    }
}

impl<G: Game> Rollout<G> for RandomRollout<G::Action> {
    #[inline]
    fn rollout(&mut self, game: &G, state: &mut G::State, rng: &mut Rng) -> Payoffs {
        random_playout(game, state, rng, &mut self.buf)
    }
}

/// Prior knowledge entered as *virtual visits*: a new child starts as if it
/// had already been visited `visits` times with mean reward `mean`.
pub trait Prior<G: Game> {
    /// The prior of `action` in `state` for the seat choosing it, as
    /// `(mean, visits)`; `None` for no prior.
    fn prior(&self, game: &G, state: &G::State, action: G::Action) -> Option<(f64, f64)>;
}

/// No prior: every child starts unvisited.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoPrior;

impl<G: Game> Prior<G> for NoPrior {
    #[inline]
    fn prior(&self, _: &G, _: &G::State, _: G::Action) -> Option<(f64, f64)> {
        None
    }
}

const NONE: u32 = u32::MAX;

/// `sqrt(ln N)` for `N < 2^16`, computed once per process: a logarithm per
/// tree level would cost more than the rest of the selection.
fn sqrt_ln_table() -> &'static [f32] {
    static TABLE: OnceLock<Box<[f32]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        (0..1u32 << 16)
            .map(|n| crate::math::ln(f64::from(n.max(1))).sqrt() as f32)
            .collect()
    })
}

/// `c·sqrt(ln N)`, kept positive so that `0 · ∞` never turns an unvisited
/// child's infinite bonus into NaN.
#[inline]
pub(crate) fn exploration_bonus(c: f64, visits: u32) -> f32 {
    let sqrt_ln = match sqrt_ln_table().get(visits as usize) {
        Some(&v) => v,
        None => crate::math::ln(f64::from(visits)).sqrt() as f32,
    };
    (c as f32 * sqrt_ln).max(f32::MIN_POSITIVE)
}
const CHANCE: u8 = u8::MAX;

/// A tree node, 32 bytes for one-byte actions. Selection reads `mean` and
/// `inv_sqrt` only; backpropagation keeps them up to date, so choosing among
/// `k` children costs `k` multiply-adds and no square root or division.
#[derive(Clone, Copy, Debug)]
struct Node<A> {
    /// Effective reward sum for `actor` (real rollouts plus prior).
    w: f64,
    /// `w / n` (`n` the effective visits) scaled to `[0, 1]` by the game's
    /// payoff range; for a chance outcome, its probability.
    mean: f32,
    /// `1 / sqrt(n)`; infinite while `n == 0`, so unvisited children win
    /// selection without a branch.
    inv_sqrt: f32,
    /// Real visits.
    visits: u32,
    /// Virtual visits from the prior.
    virtual_visits: f32,
    first_child: u32,
    num_children: u16,
    /// The seat that chose `action` (or [`CHANCE`]).
    actor: u8,
    action: A,
}

impl<A> Node<A> {
    fn new(action: A, actor: u8, mean: f32, virtual_visits: f32, w: f64) -> Self {
        Node {
            w,
            mean,
            inv_sqrt: if virtual_visits > 0.0 {
                virtual_visits.sqrt().recip()
            } else {
                f32::INFINITY
            },
            visits: 0,
            virtual_visits,
            first_child: NONE,
            num_children: 0,
            actor,
            action,
        }
    }

    #[inline]
    fn n(&self) -> f64 {
        f64::from(self.visits) + f64::from(self.virtual_visits)
    }
}

/// The MCTS searcher; keep one and reuse its arena.
#[derive(Debug)]
pub struct Mcts<A> {
    config: MctsConfig,
    /// The game's lowest payoff and `1 / (highest − lowest)`.
    scale: (f64, f64),
    nodes: Vec<Node<A>>,
    path: Vec<u32>,
    buf: Vec<A>,
    outcomes: Vec<(A, f64)>,
}

impl<A: Copy + Eq + Ord> Mcts<A> {
    /// A searcher with the given tunables.
    pub fn new(config: MctsConfig) -> Self {
        Mcts {
            config,
            scale: (-1.0, 0.5),
            nodes: Vec::new(),
            path: Vec::new(),
            buf: Vec::new(),
            outcomes: Vec::new(),
        }
    }

    /// The tunables.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// Runs UCT from `state` until the budget is spent (a budget without any
    /// limit runs 10,000 iterations). The chosen action is the most visited
    /// root child (ties: higher mean, then the game's order); `value` is its
    /// mean reward for the seat to move. Deterministic for a given seed.
    pub fn search<G, R, P>(
        &mut self,
        game: &G,
        state: &G::State,
        rollout: &mut R,
        prior: &P,
        budget: &Budget,
        seed: u64,
    ) -> SearchResult<A>
    where
        G: Game<Action = A>,
        R: Rollout<G> + ?Sized,
        P: Prior<G> + ?Sized,
    {
        let mut budget = budget.clone();
        if budget.is_unlimited() {
            budget.iterations = Some(10_000);
        }
        let mut meter = Meter::start(&budget);
        let mut rng = Rng::new(seed);
        self.scale = reward_scale(game);
        self.nodes.clear();
        let placeholder = self.root_placeholder(game, state);
        self.nodes.push(Node::new(placeholder, CHANCE, 0.0, 0.0, 0.0));
        let root_seat = game.to_move(state).seat();
        let mut iterations = 0u64;
        let mut leaves = 0u64;
        let mut max_depth = 0usize;
        if root_seat.is_some() {
            while meter.check(self.nodes.len() as u64, iterations).is_none() {
                let depth = self.iterate(game, state, rollout, prior, &mut rng);
                max_depth = max_depth.max(depth);
                iterations += 1;
                leaves += 1;
            }
        }
        let root = self.root_stats();
        let best = best_child(&root);
        SearchResult {
            action: best.map(|b| b.action),
            value: best.map_or(0.0, |b| b.value),
            stats: SearchStats {
                nodes: self.nodes.len() as u64,
                leaves,
                iterations,
                depth: max_depth as u32,
                elapsed: meter.elapsed(),
                stop: meter.stopped().unwrap_or(Stop::Completed),
                root,
                pv: self.principal_line(),
            },
        }
    }

    /// An action value for the root node, which has none of its own.
    fn root_placeholder<G: Game<Action = A>>(&mut self, game: &G, state: &G::State) -> A {
        game.legal_actions(state, &mut self.buf);
        if let Some(&a) = self.buf.first() {
            return a;
        }
        game.chance_outcomes(state, &mut self.outcomes);
        if let Some(&(a, _)) = self.outcomes.first() {
            return a;
        }
        panic!("MCTS needs a root with a legal action or an enumerable chance outcome");
    }

    /// One iteration: selection, expansion, rollout, backpropagation.
    /// Returns the depth of the tree path.
    fn iterate<G, R, P>(&mut self, game: &G, root: &G::State, rollout: &mut R, prior: &P, rng: &mut Rng) -> usize
    where
        G: Game<Action = A>,
        R: Rollout<G> + ?Sized,
        P: Prior<G> + ?Sized,
    {
        let mut state = root.clone();
        let mut node = 0u32;
        self.path.clear();
        self.path.push(0);
        let payoffs = loop {
            let turn = game.to_move(&state);
            if turn == Turn::Terminal {
                break game.payoffs(&state);
            }
            let current = &self.nodes[node as usize];
            if current.first_child == NONE {
                // A leaf is expanded on its second visit; its first visit is
                // a rollout from it (the root is expanded at once).
                if (current.visits == 0 && node != 0) || !self.expand(game, &state, turn, node, prior) {
                    break rollout.rollout(game, &mut state, rng);
                }
            }
            let child = self.select(node, turn, rng);
            game.apply(&mut state, self.nodes[child as usize].action);
            self.path.push(child);
            node = child;
        };
        for &i in &self.path {
            let node = &mut self.nodes[i as usize];
            node.visits += 1;
            if node.actor != CHANCE {
                node.w += payoffs.get(node.actor as usize);
                let n = node.n();
                node.mean = ((node.w / n - self.scale.0) * self.scale.1) as f32;
                node.inv_sqrt = n.sqrt().recip() as f32;
            }
        }
        self.path.len() - 1
    }

    /// Creates the children of `node`; false if it cannot (tree full, or a
    /// chance node without enumerable outcomes).
    fn expand<G, P>(&mut self, game: &G, state: &G::State, turn: Turn, node: u32, prior: &P) -> bool
    where
        G: Game<Action = A>,
        P: Prior<G> + ?Sized,
    {
        let first = self.nodes.len();
        let (low, inv) = self.scale;
        match turn {
            Turn::Seat(seat) => {
                game.legal_actions(state, &mut self.buf);
                if first + self.buf.len() > self.config.max_nodes || self.buf.len() > usize::from(u16::MAX) {
                    return false;
                }
                for &a in &self.buf {
                    let node = match prior.prior(game, state, a) {
                        Some((mean, visits)) if visits > 0.0 => {
                            Node::new(a, seat as u8, ((mean - low) * inv) as f32, visits as f32, mean * visits)
                        }
                        _ => Node::new(a, seat as u8, 0.0, 0.0, 0.0),
                    };
                    self.nodes.push(node);
                }
            }
            Turn::Chance => {
                game.chance_outcomes(state, &mut self.outcomes);
                let count = self.outcomes.len();
                if count == 0 || first + count > self.config.max_nodes || count > usize::from(u16::MAX) {
                    return false;
                }
                for &(a, p) in &self.outcomes {
                    self.nodes.push(Node::new(a, CHANCE, p as f32, 0.0, 0.0));
                }
            }
            Turn::Terminal => return false,
        }
        let count = (self.nodes.len() - first) as u16;
        let parent = &mut self.nodes[node as usize];
        parent.first_child = first as u32;
        parent.num_children = count;
        true
    }

    /// UCT at a seat's node; sampling by probability at a chance node.
    #[inline]
    fn select(&self, node: u32, turn: Turn, rng: &mut Rng) -> u32 {
        let parent = &self.nodes[node as usize];
        let first = parent.first_child as usize;
        let children = &self.nodes[first..first + parent.num_children as usize];
        if turn == Turn::Chance {
            let mut x = rng.next_f64() as f32;
            for (i, c) in children.iter().enumerate() {
                if x < c.mean {
                    return (first + i) as u32;
                }
                x -= c.mean;
            }
            return (first + children.len() - 1) as u32;
        }
        let c_log = exploration_bonus(self.config.exploration, parent.visits);
        let mut best = 0;
        let mut best_ucb = f32::NEG_INFINITY;
        for (i, c) in children.iter().enumerate() {
            let ucb = c.mean + c_log * c.inv_sqrt;
            if ucb > best_ucb {
                best_ucb = ucb;
                best = i;
            }
        }
        (first + best) as u32
    }

    fn root_stats(&self) -> Vec<RootStat<A>> {
        let root = &self.nodes[0];
        if root.first_child == NONE {
            return Vec::new();
        }
        let first = root.first_child as usize;
        self.nodes[first..first + root.num_children as usize]
            .iter()
            .map(|c| RootStat {
                action: c.action,
                visits: u64::from(c.visits),
                value: if c.n() > 0.0 { c.w / c.n() } else { 0.0 },
                exact: false,
            })
            .collect()
    }

    /// The most-visited line from the root.
    fn principal_line(&self) -> Vec<A> {
        let mut line = Vec::new();
        let mut node = &self.nodes[0];
        while node.first_child != NONE && node.visits > 0 {
            let first = node.first_child as usize;
            let children = &self.nodes[first..first + node.num_children as usize];
            let Some(next) = children.iter().filter(|c| c.visits > 0).max_by_key(|c| c.visits) else {
                break;
            };
            line.push(next.action);
            node = next;
        }
        line
    }
}

/// The game's lowest payoff and the factor that scales payoffs to `[0, 1]`.
pub(crate) fn reward_scale<G: Game>(game: &G) -> (f64, f64) {
    let (low, high) = game.payoff_range();
    assert!(high > low, "payoff_range must be an interval, got ({low}, {high})");
    (low, 1.0 / (high - low))
}

/// The most visited action; ties go to the higher mean, then to the first in
/// the list.
pub(crate) fn best_child<A: Copy>(stats: &[RootStat<A>]) -> Option<&RootStat<A>> {
    let mut best: Option<&RootStat<A>> = None;
    for s in stats {
        if best.is_none_or(|b| s.visits > b.visits || (s.visits == b.visits && s.value > b.value)) {
            best = Some(s);
        }
    }
    best
}
