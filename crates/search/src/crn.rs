//! Common random numbers: the one way root actions are compared.
//!
//! Sample `j` of a comparison is world `j` (drawn from the observation with
//! a generator derived from the seed and `j` alone) and rollout stream `j`
//! (likewise). Every root is played on a fresh copy of the same world with
//! the same stream, so the difference between two roots is the roots',
//! not the luck's; and a root's figures after `k` samples depend only on
//! the root, `k` and the seed: searching it alone, among all roots, in
//! another order or after an inserted root gives the same figures (the
//! conformance suite checks it for every registered game).
//!
//! [`root_ucb`](crate::root_ucb) draws its samples here, one root at a
//! time; [`compare_roots`] plays every root on the same samples (the
//! roots tests, and searches that compare a fixed set of roots); a game
//! whose roots are several actions (a whole turn) takes the worlds and
//! streams from [`CommonSamples`] and applies its roots itself.

use crate::game::{Determinize, Seat, WorldSampler};
use crate::mcts::Rollout;
use crate::rng::{Rng, derive_seed};

/// Stream tags: worlds and rollouts draw from separate derived seeds.
const WORLD_STREAM: u64 = 0x5752_4c44;
const ROLLOUT_STREAM: u64 = 0x524f_4c4c;

/// The worlds and rollout streams of one comparison (see the [module
/// documentation](self)).
pub struct CommonSamples<'a, S> {
    sampler: Box<dyn WorldSampler<S> + 'a>,
    seed: u64,
}

impl<'a, S> CommonSamples<'a, S> {
    /// The samples of `seed` for `seat`, drawn from its `observation`.
    pub fn new<G>(game: &'a G, observation: &'a G::Observation, seat: Seat, seed: u64) -> Self
    where
        G: Determinize<State = S>,
    {
        CommonSamples {
            sampler: game.sampler(observation, seat),
            seed,
        }
    }

    /// World `j`.
    #[inline]
    pub fn world(&mut self, j: u64) -> S {
        self.sampler
            .sample(&mut Rng::derived(derive_seed(self.seed, WORLD_STREAM), j))
    }

    /// The generator that plays sample `j` out, for every root alike.
    #[inline]
    pub fn rollout_rng(&self, j: u64) -> Rng {
        Rng::derived(derive_seed(self.seed, ROLLOUT_STREAM), j)
    }
}

/// The figures of one root over the common samples.
#[derive(Clone, Debug, PartialEq)]
pub struct RootEstimate<A> {
    /// The root.
    pub action: A,
    /// The mean of its samples.
    pub mean: f64,
    /// Each sample's reward for the searching seat, sample by sample.
    pub samples: Vec<f64>,
}

/// Plays every root of `roots` on samples `0..samples` of `seed`: for
/// sample `j`, each root is applied to a fresh copy of world `j` and played
/// out by `rollout` with stream `j`; the reward is the seat's.
pub fn compare_roots<G, R>(
    game: &G,
    observation: &G::Observation,
    seat: Seat,
    roots: &[G::Action],
    samples: u64,
    rollout: &mut R,
    seed: u64,
) -> Vec<RootEstimate<G::Action>>
where
    G: Determinize,
    R: Rollout<G> + ?Sized,
{
    let mut common = CommonSamples::new(game, observation, seat, seed);
    let mut out: Vec<RootEstimate<G::Action>> = roots
        .iter()
        .map(|&action| RootEstimate {
            action,
            mean: 0.0,
            samples: Vec::with_capacity(samples as usize),
        })
        .collect();
    for j in 0..samples {
        let world = common.world(j);
        for est in &mut out {
            let mut state = world.clone();
            game.apply(&mut state, est.action);
            let reward = rollout.rollout(game, &mut state, &mut common.rollout_rng(j)).get(seat);
            est.samples.push(reward);
        }
    }
    for est in &mut out {
        if !est.samples.is_empty() {
            est.mean = est.samples.iter().sum::<f64>() / est.samples.len() as f64;
        }
    }
    out
}
