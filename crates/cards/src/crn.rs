//! Common random numbers for comparing root actions.
//!
//! Root actions are compared on the same sampled worlds, and the state is
//! restored before each root: a root's evaluation starts from a fresh copy
//! of the world and a generator that depends only on the seed and the
//! world's number, never on which roots came before. So a root's figures are
//! the same whether it is searched alone, among all roots, in another order,
//! or after an inserted root (docs/design.md, *Common random numbers*).

use tabula_search::{Determinize, Rng, Seat, rng::derive_seed};

/// The worlds and generators of one comparison, all derived from one seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommonWorlds {
    seed: u64,
}

impl CommonWorlds {
    /// The worlds of `seed`.
    pub fn new(seed: u64) -> Self {
        CommonWorlds { seed }
    }

    /// The generator that samples world `w`.
    pub fn world_rng(&self, w: u64) -> Rng {
        Rng::new(derive_seed(self.seed, 2 * w))
    }

    /// The generator every root's evaluation on world `w` starts from (the
    /// same for every root).
    pub fn play_rng(&self, w: u64) -> Rng {
        Rng::new(derive_seed(self.seed, 2 * w + 1))
    }

    /// World `w`, sampled from `seat`'s observation.
    pub fn world<G: Determinize>(&self, game: &G, observation: &G::Observation, seat: Seat, w: u64) -> G::State {
        game.determinize(observation, seat, &mut self.world_rng(w))
    }
}

/// The figures of one root action over the common worlds.
#[derive(Clone, Debug, PartialEq)]
pub struct RootEstimate<A> {
    /// The root action.
    pub action: A,
    /// The mean of its evaluations.
    pub mean: f64,
    /// Each world's evaluation, world by world.
    pub samples: Vec<f64>,
}

/// Evaluates each root action on the same `worlds` worlds: for world `w`,
/// every root starts from a fresh copy of the world with the root applied
/// and a generator equal to [`CommonWorlds::play_rng`]`(w)`; `eval` plays
/// on and returns the value for the searching seat.
pub fn compare_roots<G, F>(
    game: &G,
    observation: &G::Observation,
    seat: Seat,
    roots: &[G::Action],
    worlds: u64,
    seed: u64,
    mut eval: F,
) -> Vec<RootEstimate<G::Action>>
where
    G: Determinize,
    F: FnMut(&G, &mut G::State, &mut Rng) -> f64,
{
    let common = CommonWorlds::new(seed);
    let mut out: Vec<RootEstimate<G::Action>> = roots
        .iter()
        .map(|&action| RootEstimate {
            action,
            mean: 0.0,
            samples: Vec::with_capacity(worlds as usize),
        })
        .collect();
    for w in 0..worlds {
        let world = common.world(game, observation, seat, w);
        for est in &mut out {
            let mut state = world.clone();
            game.apply(&mut state, est.action);
            let mut rng = common.play_rng(w);
            est.samples.push(eval(game, &mut state, &mut rng));
        }
    }
    for est in &mut out {
        est.mean = if est.samples.is_empty() {
            0.0
        } else {
            est.samples.iter().sum::<f64>() / est.samples.len() as f64
        };
    }
    out
}
