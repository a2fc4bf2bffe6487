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
//!
//! [`Ismcts::search_primed`] adds heuristic priming at the searching seat's
//! root ([`RootPriming`]): only the listed root actions are explored, and each
//! starts with virtual visits at a prior reward, so that with few iterations
//! the search follows the heuristic and real statistics take over as
//! iterations accumulate. A rollout that stops early and judges the position
//! is a [`Rollout`] like any other, and a fixed reward range is the game's
//! [`Game::payoff_range`].

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

/// Heuristic priming of the searching seat's root for
/// [`Ismcts::search_primed`].
#[derive(Clone, Debug, PartialEq)]
pub struct RootPriming<A> {
    /// The only root actions explored, each with its prior reward in payoff
    /// units (the range of [`Game::payoff_range`]). Actions not legal at the
    /// root are ignored; an empty list leaves the root unrestricted.
    pub moves: Vec<(A, f64)>,
    /// The virtual visits each listed action starts with, at its prior
    /// reward (0: restriction only).
    pub virtual_visits: f64,
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
    /// Virtual visits from a root priming (0 elsewhere).
    virtual_visits: f32,
    /// Reward sum for `actor` (with the priming's virtual reward).
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
    /// The primed root keys, sorted; empty when the root is unrestricted.
    root_keys: Vec<A>,
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
            root_keys: Vec::new(),
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
        self.run(game, observation, seat, rollout, None, budget, seed)
    }

    /// As [`search`](Ismcts::search), with the searching seat's root primed:
    /// only the actions of `priming` that are legal at the root are explored,
    /// each created at once with `priming.virtual_visits` virtual visits at
    /// its prior reward (its availability starts at the sum of the virtual
    /// visits, as if the root had been visited that often). The choice is
    /// still the most *really* visited root action; ties go to the higher
    /// mean, virtual reward included, so a search without iterations returns
    /// the best-primed action. Deterministic by seed.
    #[allow(clippy::too_many_arguments)]
    pub fn search_primed<G, R>(
        &mut self,
        game: &G,
        observation: &G::Observation,
        seat: Seat,
        rollout: &mut R,
        priming: &RootPriming<A>,
        budget: &Budget,
        seed: u64,
    ) -> SearchResult<A>
    where
        G: Determinize<Action = A>,
        R: Rollout<G> + ?Sized,
    {
        self.run(game, observation, seat, rollout, Some(priming), budget, seed)
    }

    #[allow(clippy::too_many_arguments)]
    fn run<G, R>(
        &mut self,
        game: &G,
        observation: &G::Observation,
        seat: Seat,
        rollout: &mut R,
        priming: Option<&RootPriming<A>>,
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
                virtual_visits: 0.0,
                w: 0.0,
            });
        }
        let my_tree = if trees == 1 { 0 } else { seat };
        self.root_keys.clear();
        if let Some(priming) = priming {
            self.prime(game, observation, seat, self.roots[my_tree], priming, seed);
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

    /// Creates the primed children of the searching seat's root.
    fn prime<G: Determinize<Action = A>>(
        &mut self,
        game: &G,
        obs: &G::Observation,
        seat: Seat,
        root: u32,
        priming: &RootPriming<A>,
        seed: u64,
    ) {
        // The root's legal actions follow from the observation.
        let world = game.determinize(obs, seat, &mut Rng::new(seed));
        game.legal_actions(&world, &mut self.legal);
        let mut moves: Vec<(A, f64)> = priming
            .moves
            .iter()
            .copied()
            .filter(|m| self.legal.binary_search(&m.0).is_ok())
            .collect();
        moves.sort_by_key(|m| m.0);
        moves.dedup_by(|a, b| a.0 == b.0);
        let vv = priming.virtual_visits.max(0.0);
        let avail = (vv * moves.len() as f64).round().min(f64::from(u32::MAX / 2)) as u32;
        // Created in reverse so that the sibling list runs in action order.
        for &(key, prior) in moves.iter().rev() {
            let id = self.find_or_create(root, key, seat as u8);
            let n = &mut self.arena[id as usize];
            n.avail = avail.max(1);
            n.virtual_visits = vv as f32;
            n.w = prior * f64::from(vv as f32);
        }
        self.root_keys.extend(moves.iter().map(|m| m.0));
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
            virtual_visits: 0.0,
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
        if p == seat && node == self.roots[sel] && !self.root_keys.is_empty() {
            let keys = &self.root_keys;
            self.keyed.retain(|x| keys.binary_search(&x.0).is_ok());
        }
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
            let ucb = if n.visits == 0 && n.virtual_visits == 0.0 {
                f64::INFINITY
            } else {
                let v = f64::from(n.visits) + f64::from(n.virtual_visits);
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
                value: {
                    let v = f64::from(n.visits) + f64::from(n.virtual_visits);
                    if v > 0.0 { n.w / v } else { 0.0 }
                },
                exact: false,
            });
            c = n.next_sibling;
        }
        out.sort_by_key(|s| s.action);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Payoffs;
    use crate::mcts::RandomRollout;

    /// Take one to three stones; whoever takes the last stone wins.
    struct Nim;
    #[derive(Clone, Copy, Debug, PartialEq)]
    struct Pile {
        stones: u8,
        to_move: usize,
    }

    impl Game for Nim {
        type State = Pile;
        type Action = u8;
        type Observation = Pile;
        fn num_seats(&self) -> usize {
            2
        }
        fn to_move(&self, s: &Pile) -> Turn {
            if s.stones == 0 {
                Turn::Terminal
            } else {
                Turn::Seat(s.to_move)
            }
        }
        fn legal_actions(&self, s: &Pile, out: &mut Vec<u8>) {
            out.clear();
            out.extend((1..=3).filter(|&k| k <= s.stones));
        }
        fn apply(&self, s: &mut Pile, take: u8) {
            s.stones -= take;
            s.to_move = 1 - s.to_move;
        }
        fn payoffs(&self, s: &Pile) -> Payoffs {
            Payoffs::zero_sum(if s.to_move == 1 { 1.0 } else { -1.0 })
        }
        fn observation(&self, s: &Pile, _: Seat) -> Pile {
            *s
        }
        fn hash(&self, s: &Pile) -> u64 {
            u64::from(s.stones) * 2 + s.to_move as u64
        }
    }

    impl Determinize for Nim {
        fn determinize(&self, o: &Pile, _: Seat, _: &mut Rng) -> Pile {
            *o
        }
    }

    const NINE: Pile = Pile { stones: 9, to_move: 0 };

    #[test]
    fn priming_restricts_the_root_and_decides_without_iterations() {
        let mut search = Ismcts::new(IsmctsConfig::default());
        let priming = RootPriming {
            moves: vec![(2, -0.5), (3, 0.25), (7, 1.0)],
            virtual_visits: 8.0,
        };
        let r = search.search_primed(
            &Nim,
            &NINE,
            0,
            &mut RandomRollout::new(),
            &priming,
            &Budget::iterations(0),
            1,
        );
        // 7 is not legal and is ignored; 3 has the better prior.
        assert_eq!(r.action, Some(3));
        assert_eq!(r.stats.root.iter().map(|s| s.action).collect::<Vec<_>>(), vec![2, 3]);
        assert!((r.stats.root[1].value - 0.25).abs() < 1e-6);
        let r = search.search_primed(
            &Nim,
            &NINE,
            0,
            &mut RandomRollout::new(),
            &priming,
            &Budget::iterations(500),
            1,
        );
        assert!(r.stats.root.iter().all(|s| s.action == 2 || s.action == 3));
        assert_eq!(r.stats.root.iter().map(|s| s.visits).sum::<u64>(), 500);
    }

    #[test]
    fn real_statistics_overtake_a_wrong_prior() {
        // From 9 stones only taking 1 wins (leaving a multiple of 4).
        let mut search = Ismcts::new(IsmctsConfig::default());
        let priming = RootPriming {
            moves: vec![(1, -1.0), (2, 1.0), (3, 1.0)],
            virtual_visits: 8.0,
        };
        let few = search.search_primed(
            &Nim,
            &NINE,
            0,
            &mut RandomRollout::new(),
            &priming,
            &Budget::iterations(0),
            3,
        );
        assert_ne!(few.action, Some(1));
        let many = search.search_primed(
            &Nim,
            &NINE,
            0,
            &mut RandomRollout::new(),
            &priming,
            &Budget::iterations(20_000),
            3,
        );
        assert_eq!(many.action, Some(1));
    }

    #[test]
    fn an_empty_priming_is_the_plain_search() {
        let mut a = Ismcts::new(IsmctsConfig::default());
        let mut b = Ismcts::new(IsmctsConfig::default());
        let empty = RootPriming {
            moves: Vec::new(),
            virtual_visits: 0.0,
        };
        let budget = Budget::iterations(300);
        let plain = a.search(&Nim, &NINE, 0, &mut RandomRollout::new(), &budget, 5);
        let primed = b.search_primed(&Nim, &NINE, 0, &mut RandomRollout::new(), &empty, &budget, 5);
        assert_eq!(plain.action, primed.action);
        assert_eq!(plain.stats.root, primed.stats.root);
    }
}
