//! Determinized root-UCB Monte Carlo with common random numbers.
//!
//! A flat search over the root actions of the searching seat: UCB1 decides
//! which root action to sample next; the `j`-th sample of *every* root action
//! plays it in the same world `j` (determinized from the observation with the
//! `j`-th seed) and plays out with the same random stream `j`. Root actions
//! are therefore compared on the same worlds (common random numbers), and the figures
//! of a root action after `k` samples depend only on the action, `k` and the
//! seed: searching it alone, with other roots, in another order or with a new
//! root inserted before it gives the same figures.

use crate::budget::{Budget, Meter, Stop};
use crate::crn::CommonSamples;
use crate::game::{Determinize, Seat};
use crate::mcts::{Rollout, best_child, reward_scale};
use crate::stats::{RootStat, SearchResult, SearchStats};
use crate::tunables::Tunable;

/// The tunables of root-UCB.
#[derive(Clone, Debug, PartialEq)]
pub struct RootUcbConfig {
    /// The exploration constant `c` of UCB1 `mean + c·sqrt(ln N / n)`,
    /// rewards scaled to `[0, 1]` by the game's payoff range.
    pub exploration: f64,
}

/// The default UCB1 exploration constant.
pub const DEFAULT_EXPLORATION: f64 = 0.7;

impl Default for RootUcbConfig {
    fn default() -> Self {
        RootUcbConfig {
            exploration: DEFAULT_EXPLORATION,
        }
    }
}

/// The table of root-UCB's tunables (name, default, meaning).
pub const ROOTUCB_TUNABLES: &[Tunable] = &[
    Tunable::float(
        "exploration",
        DEFAULT_EXPLORATION,
        "UCB1 exploration constant c in mean + c·sqrt(ln N / n) over root actions",
    ),
    crate::mcts::PLAYOUT_LIMIT_TUNABLE,
];

/// The reward of root action `action` on sample `j`: world `j`, rollout
/// stream `j` ([`CommonSamples`]). The single source of every root figure.
pub fn sample_root<G, R>(
    game: &G,
    observation: &G::Observation,
    seat: Seat,
    action: G::Action,
    j: u64,
    rollout: &mut R,
    seed: u64,
) -> f64
where
    G: Determinize,
    R: Rollout<G> + ?Sized,
{
    sample_with(
        game,
        &mut CommonSamples::new(game, observation, seat, seed),
        seat,
        action,
        j,
        rollout,
    )
}

/// [`sample_root`] with the search's samples (prepared once per search).
fn sample_with<G, R>(
    game: &G,
    common: &mut CommonSamples<'_, G::State>,
    seat: Seat,
    action: G::Action,
    j: u64,
    rollout: &mut R,
) -> f64
where
    G: Determinize,
    R: Rollout<G> + ?Sized,
{
    let mut world = common.world(j);
    game.apply(&mut world, action);
    rollout.rollout(game, &mut world, &mut common.rollout_rng(j)).get(seat)
}

/// Runs root-UCB over the legal actions of `seat` (the seat to act).
/// A budget without any limit runs 10,000 samples.
pub fn root_ucb<G, R>(
    game: &G,
    observation: &G::Observation,
    seat: Seat,
    rollout: &mut R,
    config: &RootUcbConfig,
    budget: &Budget,
    seed: u64,
) -> SearchResult<G::Action>
where
    G: Determinize,
    R: Rollout<G> + ?Sized,
{
    let mut roots = Vec::new();
    game.legal_from_observation(observation, seat, &mut roots);
    root_ucb_over(game, observation, seat, &roots, rollout, config, budget, seed)
}

/// Root-UCB over a given list of root actions (each must be legal for
/// `seat`); the list order only breaks ties between equal figures.
#[allow(clippy::too_many_arguments)]
pub fn root_ucb_over<G, R>(
    game: &G,
    observation: &G::Observation,
    seat: Seat,
    roots: &[G::Action],
    rollout: &mut R,
    config: &RootUcbConfig,
    budget: &Budget,
    seed: u64,
) -> SearchResult<G::Action>
where
    G: Determinize,
    R: Rollout<G> + ?Sized,
{
    let mut budget = budget.clone();
    if budget.is_unlimited() {
        budget.iterations = Some(10_000);
    }
    let mut meter = Meter::start(&budget);
    let mut n = vec![0u64; roots.len()];
    let mut sum = vec![0.0f64; roots.len()];
    let mut total = 0u64;
    let (low, inv) = reward_scale(game);
    let mut common = CommonSamples::new(game, observation, seat, seed);
    while !roots.is_empty() && meter.check(0, total).is_none() {
        let i = match n.iter().position(|&k| k == 0) {
            Some(i) => i,
            None => {
                let log_total = (total as f64).ln();
                let mut best = 0;
                let mut best_ucb = f64::NEG_INFINITY;
                for k in 0..roots.len() {
                    let nk = n[k] as f64;
                    let ucb = (sum[k] / nk - low) * inv + config.exploration * (log_total / nk).sqrt();
                    if ucb > best_ucb {
                        best_ucb = ucb;
                        best = k;
                    }
                }
                best
            }
        };
        sum[i] += sample_with(game, &mut common, seat, roots[i], n[i], rollout);
        n[i] += 1;
        total += 1;
    }
    let root: Vec<RootStat<G::Action>> = roots
        .iter()
        .enumerate()
        .map(|(k, &a)| RootStat {
            action: a,
            visits: n[k],
            value: if n[k] > 0 { sum[k] / n[k] as f64 } else { 0.0 },
            exact: false,
        })
        .collect();
    let best = best_child(&root).cloned();
    let mut root = root;
    root.sort_by_key(|s| s.action);
    SearchResult {
        action: best.as_ref().map(|b| b.action),
        value: best.map_or(0.0, |b| b.value),
        stats: SearchStats {
            leaves: total,
            iterations: total,
            elapsed: meter.elapsed(),
            stop: meter.stopped().unwrap_or(Stop::Completed),
            root,
            ..SearchStats::default()
        },
    }
}
