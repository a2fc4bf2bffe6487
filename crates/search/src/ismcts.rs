//! Information-set MCTS (Cowling, Powley & Whitehouse, IEEE TCIAIG 4(2),
//! 2012), single-observer and multiple-observer.
//!
//! The search starts from an observation, never from a state: each iteration
//! samples a world with the game's determinizer and walks the tree along it.
//! Tree edges are keyed by what the observer can distinguish
//! ([`Game::view_action`]), so the hidden part of a world never shapes the
//! tree. Children not legal in the current world are skipped, and the bandit
//! formula uses each child's *availability* count (how often it could have
//! been chosen) in place of the parent's visits.
//!
//! - **Single observer** (SO-ISMCTS, with partially observable moves): one
//!   tree, every action keyed by the searching seat's view of it.
//! - **Multiple observer** (MO-ISMCTS): one tree per seat, each keyed by that
//!   seat's view; the acting seat selects in its own tree and every tree
//!   follows the action as its seat sees it.

use crate::budget::{Budget, Meter, Stop};
use crate::game::{Determinize, Game, Seat, Turn};
use crate::mcts::{Rollout, best_child, reward_scale};
use crate::rng::Rng;
use crate::stats::{RootStat, SearchResult, SearchStats};
use crate::tunables::Tunable;

/// Which ISMCTS variant to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum IsmctsMode {
    /// One tree keyed by the searching seat's view (SO-ISMCTS + POM).
    #[default]
    SingleObserver,
    /// One tree per seat, keyed by that seat's view (MO-ISMCTS).
    MultipleObserver,
}

/// The tunables of ISMCTS.
#[derive(Clone, Debug, PartialEq)]
pub struct IsmctsConfig {
    /// The exploration constant `c` of `w/n + c·sqrt(ln avail / n)`, rewards
    /// scaled to `[0, 1]` by the game's payoff range.
    pub exploration: f64,
    /// Single- or multiple-observer trees.
    pub mode: IsmctsMode,
    /// The most nodes over all trees; beyond it iterations play out from
    /// where they are.
    pub max_nodes: usize,
}

impl Default for IsmctsConfig {
    fn default() -> Self {
        IsmctsConfig {
            exploration: 0.7,
            mode: IsmctsMode::SingleObserver,
            max_nodes: 4 << 20,
        }
    }
}

/// The table of ISMCTS's tunables (name, default, meaning).
pub const ISMCTS_TUNABLES: &[Tunable] = &[
    Tunable {
        name: "exploration",
        default: "0.7",
        meaning: "exploration constant c in w/n + c·sqrt(ln availability / n) (Cowling et al. use 0.7)",
    },
    Tunable {
        name: "mode",
        default: "single-observer",
        meaning: "single-observer (one tree, observer's view) or multiple-observer (one tree per seat)",
    },
    Tunable {
        name: "max_nodes",
        default: "4194304",
        meaning: "cap on nodes over all trees; beyond it iterations play out from where they are",
    },
];

const NONE: u32 = u32::MAX;
const CHANCE: u8 = u8::MAX;

#[derive(Clone, Copy, Debug)]
struct Node<A> {
    /// The edge's key: the tree's observer's view of the action.
    key: A,
    /// The seat that acted on this edge (or [`CHANCE`]).
    actor: u8,
    first_child: u32,
    next_sibling: u32,
    visits: u32,
    /// How many times this child was available for selection.
    avail: u32,
    /// Reward sum for `actor`.
    w: f64,
}

/// The ISMCTS searcher; keep one and reuse its arena.
#[derive(Debug)]
pub struct Ismcts<A> {
    config: IsmctsConfig,
    scale: (f64, f64),
    arena: Vec<Node<A>>,
    roots: Vec<u32>,
    cur: Vec<u32>,
    paths: Vec<Vec<u32>>,
    legal: Vec<A>,
    keyed: Vec<(A, A)>,
    untried: Vec<A>,
}

impl<A: Copy + Eq + Ord> Ismcts<A> {
    /// A searcher with the given tunables.
    pub fn new(config: IsmctsConfig) -> Self {
        Ismcts {
            config,
            scale: (-1.0, 0.5),
            arena: Vec::new(),
            roots: Vec::new(),
            cur: Vec::new(),
            paths: Vec::new(),
            legal: Vec::new(),
            keyed: Vec::new(),
            untried: Vec::new(),
        }
    }

    /// The tunables.
    pub fn config(&self) -> &IsmctsConfig {
        &self.config
    }

    /// Searches for `seat`'s action given only its observation. `seat` must
    /// be the seat to act. A budget without any limit runs 10,000 iterations.
    /// The chosen action is the most visited child of the seat's root
    /// (ties: higher mean, then the game's order). Deterministic by seed.
    pub fn search<G, R>(
        &mut self,
        game: &G,
        observation: &G::Observation,
        seat: Seat,
        rollout: &mut R,
        budget: &Budget,
        seed: u64,
    ) -> SearchResult<A>
    where
        G: Determinize<Action = A>,
        R: Rollout<G> + ?Sized,
    {
        let mut budget = budget.clone();
        if budget.is_unlimited() {
            budget.iterations = Some(10_000);
        }
        let mut meter = Meter::start(&budget);
        let mut rng = Rng::new(seed);
        self.scale = reward_scale(game);
        let trees = match self.config.mode {
            IsmctsMode::SingleObserver => 1,
            IsmctsMode::MultipleObserver => game.num_seats(),
        };
        self.arena.clear();
        self.roots.clear();
        let placeholder = self.any_action(game, observation, seat, seed);
        for _ in 0..trees {
            self.roots.push(self.arena.len() as u32);
            self.arena.push(Node {
                key: placeholder,
                actor: CHANCE,
                first_child: NONE,
                next_sibling: NONE,
                visits: 0,
                avail: 0,
                w: 0.0,
            });
        }
        self.cur.resize(trees, 0);
        self.paths.resize_with(trees, Vec::new);
        let mut iterations = 0;
        let mut max_depth = 0;
        while meter.check(self.arena.len() as u64, iterations).is_none() {
            let world = game.determinize(observation, seat, &mut rng);
            max_depth = max_depth.max(self.iterate(game, world, seat, rollout, &mut rng));
            iterations += 1;
        }
        let my_tree = if trees == 1 { 0 } else { seat };
        let root = self.root_stats(self.roots[my_tree]);
        let best = best_child(&root);
        SearchResult {
            action: best.map(|b| b.action),
            value: best.map_or(0.0, |b| b.value),
            stats: SearchStats {
                nodes: self.arena.len() as u64,
                leaves: iterations,
                iterations,
                depth: max_depth as u32,
                elapsed: meter.elapsed(),
                stop: meter.stopped().unwrap_or(Stop::Completed),
                root,
                pv: Vec::new(),
            },
        }
    }

    /// Some action of the game, to fill the key of the roots (never read).
    fn any_action<G: Determinize<Action = A>>(&mut self, game: &G, obs: &G::Observation, seat: Seat, seed: u64) -> A {
        let world = game.determinize(obs, seat, &mut Rng::new(seed));
        game.legal_actions(&world, &mut self.legal);
        *self
            .legal
            .first()
            .expect("ISMCTS needs the searching seat to have a legal action")
    }

    #[inline]
    fn observer(&self, tree: usize, seat: Seat) -> Seat {
        if self.roots.len() == 1 { seat } else { tree }
    }

    fn find_or_create(&mut self, parent: u32, key: A, actor: u8) -> u32 {
        let mut c = self.arena[parent as usize].first_child;
        while c != NONE {
            if self.arena[c as usize].key == key {
                return c;
            }
            c = self.arena[c as usize].next_sibling;
        }
        let id = self.arena.len() as u32;
        let head = self.arena[parent as usize].first_child;
        self.arena.push(Node {
            key,
            actor,
            first_child: NONE,
            next_sibling: head,
            visits: 0,
            // Available when it was created.
            avail: 1,
            w: 0.0,
        });
        self.arena[parent as usize].first_child = id;
        id
    }

    fn iterate<G, R>(&mut self, game: &G, mut world: G::State, seat: Seat, rollout: &mut R, rng: &mut Rng) -> usize
    where
        G: Determinize<Action = A>,
        R: Rollout<G> + ?Sized,
    {
        let trees = self.roots.len();
        for t in 0..trees {
            self.cur[t] = self.roots[t];
            self.paths[t].clear();
            self.paths[t].push(self.roots[t]);
        }
        let mut depth = 0;
        let payoffs = loop {
            let turn = game.to_move(&world);
            if turn == Turn::Terminal {
                break game.payoffs(&world);
            }
            if self.arena.len() + trees > self.config.max_nodes {
                break rollout.rollout(game, &mut world, rng);
            }
            depth += 1;
            let (action, actor, expanded) = match turn {
                Turn::Chance => (game.sample_chance(&world, rng), CHANCE, false),
                Turn::Seat(p) => {
                    let (a, expanded) = self.choose(game, &world, p, seat, rng);
                    (a, p as u8, expanded)
                }
                Turn::Terminal => unreachable!(),
            };
            for t in 0..trees {
                let key = game.view_action(&world, action, self.observer(t, seat));
                let child = self.find_or_create(self.cur[t], key, actor);
                self.cur[t] = child;
                self.paths[t].push(child);
            }
            game.apply(&mut world, action);
            if expanded {
                break rollout.rollout(game, &mut world, rng);
            }
        };
        for t in 0..trees {
            for &i in &self.paths[t] {
                let n = &mut self.arena[i as usize];
                n.visits += 1;
                if n.actor != CHANCE {
                    n.w += payoffs.get(n.actor as usize);
                }
            }
        }
        depth
    }

    /// Chooses seat `p`'s action in `world` from its selecting tree; returns
    /// it and whether it expands the tree (an untried key).
    fn choose<G: Game<Action = A>>(
        &mut self,
        game: &G,
        world: &G::State,
        p: Seat,
        seat: Seat,
        rng: &mut Rng,
    ) -> (A, bool) {
        let sel = if self.roots.len() == 1 { 0 } else { p };
        let observer = self.observer(sel, seat);
        game.legal_actions(world, &mut self.legal);
        self.keyed.clear();
        for &a in &self.legal {
            let key = if observer == p {
                a
            } else {
                game.view_action(world, a, observer)
            };
            self.keyed.push((key, a));
        }
        self.keyed.sort_unstable();
        let node = self.cur[sel];
        // Untried keys first, one drawn at random (as in Cowling and Powley's
        // reference implementation); then UCB over the available children,
        // whose availability counts rise after the choice.
        let mut untried = std::mem::take(&mut self.untried);
        untried.clear();
        untried.extend(self.distinct_keys().filter(|&k| !self.has_child(node, k)));
        let choice = (!untried.is_empty()).then(|| untried[rng.below(untried.len() as u64) as usize]);
        self.untried = untried;
        let (key, expanded) = if let Some(key) = choice {
            (key, true)
        } else {
            let key = self.select(node);
            let mut c = self.arena[node as usize].first_child;
            while c != NONE {
                let child = &mut self.arena[c as usize];
                if self.keyed.binary_search_by(|x| x.0.cmp(&child.key)).is_ok() {
                    child.avail += 1;
                }
                c = child.next_sibling;
            }
            (key, false)
        };
        // Among the world's actions the key stands for, pick one at random.
        let lo = self.keyed.partition_point(|x| x.0 < key);
        let hi = self.keyed.partition_point(|x| x.0 <= key);
        let pick = if hi - lo > 1 {
            lo + rng.below((hi - lo) as u64) as usize
        } else {
            lo
        };
        (self.keyed[pick].1, expanded)
    }

    /// The distinct keys of the actions legal now, in order.
    fn distinct_keys(&self) -> impl Iterator<Item = A> + '_ {
        self.keyed
            .iter()
            .enumerate()
            .filter(|&(i, x)| i == 0 || self.keyed[i - 1].0 != x.0)
            .map(|(_, x)| x.0)
    }

    fn has_child(&self, node: u32, key: A) -> bool {
        let mut c = self.arena[node as usize].first_child;
        while c != NONE {
            if self.arena[c as usize].key == key {
                return true;
            }
            c = self.arena[c as usize].next_sibling;
        }
        false
    }

    /// UCB with availability counts over the children available now.
    fn select(&self, node: u32) -> A {
        let mut best: Option<(A, f64)> = None;
        let mut c = self.arena[node as usize].first_child;
        while c != NONE {
            let n = &self.arena[c as usize];
            c = n.next_sibling;
            if self.keyed.binary_search_by(|x| x.0.cmp(&n.key)).is_err() {
                continue;
            }
            let ucb = if n.visits == 0 {
                f64::INFINITY
            } else {
                let v = f64::from(n.visits);
                (n.w / v - self.scale.0) * self.scale.1 + self.config.exploration * (f64::from(n.avail).ln() / v).sqrt()
            };
            // Ties go to the smaller key, whatever the sibling order.
            if best.is_none_or(|(k, b)| ucb > b || (ucb == b && n.key < k)) {
                best = Some((n.key, ucb));
            }
        }
        best.expect("a node without untried keys has an available child").0
    }

    fn root_stats(&self, root: u32) -> Vec<RootStat<A>> {
        let mut out = Vec::new();
        let mut c = self.arena[root as usize].first_child;
        while c != NONE {
            let n = &self.arena[c as usize];
            out.push(RootStat {
                action: n.key,
                visits: u64::from(n.visits),
                value: if n.visits > 0 { n.w / f64::from(n.visits) } else { 0.0 },
                exact: false,
            });
            c = n.next_sibling;
        }
        out.sort_by_key(|s| s.action);
        out
    }
}
