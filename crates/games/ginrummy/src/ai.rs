//! The computer, levels 1 to 4, with every tunable in [`GIN_TUNABLES`],
//! and level 0, the plain reference player below them ([`plain_action`]).
//!
//! - **The policy** (levels 1–2, and the searches' rollouts): take the
//!   pile's card when, after the best discard, it leaves at least
//!   [`TAKE_GAIN`] less deadwood than now (or melds at once), else draw
//!   from the stock; discard the card that leaves the least deadwood,
//!   counting against a card the other seat could use (its rank or a
//!   neighbour in suit of a card it took from the pile); knock as soon
//!   as it may ([`KNOCK_AT`], the whole standard limit); gin and big gin
//!   always.
//! - **Level 1** makes natural mistakes: now and then one of its three
//!   best-scored actions at random.
//! - **Levels 3–4**: a flat search over the hand in progress
//!   ([`HandGame`](tabula_cards::HandGame)) whose roots are complete turns ([`Root`],
//!   [`search_roots`]). At a discard: the policy's choice and its next
//!   best discards ([`ROOT_CANDIDATES`] in all) and, when a knock is
//!   allowed, the knock leaving the least deadwood (knock now or play
//!   on). At a draw where the pile's card may be taken: the stock draw
//!   (or the pass) and the take with each of the policy's
//!   [`TAKE_DISCARDS`] best discards or knocks after it, the take judged
//!   by its best discard ([`choose_root`]); the discard itself is searched
//!   again at the next decision. Each root is played on the same worlds
//!   with the same rollout streams (common random numbers,
//!   [`play_roots`]), the policy playing both seats; a finished hand is
//!   judged by its points, won or lost. The policy's choice stands unless
//!   another root beats it by [`MARGIN`] standard errors of the paired
//!   difference (a take the policy chose, unless the draw beats each of
//!   its discards): with a hundred worlds a root the policy's equal often
//!   looks a few points better by chance. The worlds come from what the
//!   seat knows (its hand, the pile, the cards the other seat took from
//!   it), the other hand's hidden cards weighted towards low deadwood
//!   ([`GinRummy::inferring`]): uniform worlds give the other seat a
//!   random ten cards, and a search on them played worse than the policy
//!   (level 3 won 16 of 60 matches against level 2; 31 of 60 with the
//!   weighting, under root-UCB over the draws and discards only, the
//!   knock the policy's, the most-sampled root played). An
//!   information-set tree was tried first and did worse still: its
//!   chance node after a stock draw spreads the next discards thin while
//!   a card taken from the pile leads to one well-searched discard, so it
//!   overvalued taking (3 and 4 wins in 20 matches). Measured on 60 deals
//!   (120 matches to 100, seat-rotated, seed 1) against level 2: the flat
//!   search with the knock among the roots won 66 (0.55, 95% [0.46,
//!   0.64]) with a margin of one standard error, 74 (0.617, [0.53, 0.70])
//!   with two, the take then judged by the policy's own discard after
//!   it; with the take searched as three complete turns, 77 (0.642,
//!   [0.56, 0.73]). Level 4 differs only by its samples: against level 3
//!   it won 49 of 80 (40 deals; 0.613, [0.51, 0.71]) before the joint
//!   take, 52 (0.650, [0.54, 0.76]) with it. Both rungs gained three
//!   matches, well inside the intervals: the joint take is kept for being
//!   the complete choice the roots should be, not for a measured gain.
//! - **The worlds read the other seat's play** ([`crate::inference`]): the
//!   observation carries each seat's discards and the pile's cards it
//!   left, and a world's other hand is weighed down for holding a card
//!   next to one it threw, for a card it left that would have melded,
//!   and for deadwood it could have knocked with.
//!
//! Against the plain player (level 0; points per hand, each deal played
//! in both seats, `examples/hands.rs`), and what limits the levels, is in
//! `docs/games/ginrummy.md`.
//!
//! No level looks at anything but its own observation, and none treats a
//! human seat differently.
//!
//! This module holds the levels ([`GinAi`]) and the tunables; the policy
//! (`ai/policy.rs`) and the search's roots (`ai/search.rs`) are in its
//! submodules, their public items re-exported here.

mod plain;
mod policy;
mod search;

pub use crate::inference::{DECLINED_MELD, History, NEAR_DISCARD, UNKNOCKED, hand_weight};

pub use plain::{plain_action, plain_discard};

pub use policy::{KNOCK_AT, PolicyRollout, TAKE_GAIN, View, action_score};
pub use search::{MARGIN, ROOT_CANDIDATES, Root, TAKE_DISCARDS, choose_root, play_roots, search_roots};

use tabula_cards::{CardSet, Mistakes, best_scored};
use tabula_search::{Player, Rng, SearchResult, Seat, Tunable, forced, rng::derive_seed, stable_hash};

use policy::{DANGER, HAND_RANGE, ROLLOUT_RANDOM};
use search::{RootScratch, roots_into};

use crate::actions::Action;
use crate::melds::deadwood;
use crate::observation::Observation;
use crate::rules::GinRummy;

/// Level 1's chance of a mistake on a decision.
const MISTAKE_RATE: f64 = 0.3;
/// Level 1 picks its mistakes among this many best-scored actions.
const MISTAKE_CANDIDATES: usize = 3;
/// The search's worlds weigh the other hand by `exp(−deadwood / this)`
/// (see [`GinRummy::inferring`]).
pub const INFERENCE: u32 = 8;
/// Rollouts per decision of levels 3 and 4, shared evenly among the
/// roots (each root is played once on each world).
const LEVEL_SAMPLES: [u64; 2] = [400, 2000];
/// The table of the computer's tunables (name, default, meaning).
pub const GIN_TUNABLES: &[Tunable] = &[
    Tunable::float(
        "mistake_rate",
        MISTAKE_RATE,
        "level 1's chance of picking among its best actions at random",
    ),
    Tunable::int(
        "mistake_candidates",
        MISTAKE_CANDIDATES as i64,
        "how many best-scored actions level 1's mistakes pick among",
    ),
    Tunable::int(
        "take_gain",
        TAKE_GAIN as i64,
        "take the pile's card when it leaves this much less deadwood after the best discard",
    ),
    Tunable::int(
        "knock_at",
        KNOCK_AT as i64,
        "knock with this much deadwood or less, as soon as it may (10: every knock the standard limit allows)",
    ),
    Tunable::float(
        "danger",
        DANGER,
        "deadwood charged to a discard for each known card of the other seat's it could extend",
    ),
    Tunable::float(
        "rollout_random",
        ROLLOUT_RANDOM,
        "the rollouts' chance of a random discard",
    ),
    Tunable::float(
        "hand_range",
        HAND_RANGE,
        "the points a hand's reward is clamped to, won or lost",
    ),
    Tunable::int(
        "root_candidates",
        ROOT_CANDIDATES as i64,
        "the search's root actions: the policy's choice and next best discards or draws, this many, and the least-deadwood knock",
    ),
    Tunable::int(
        "take_discards",
        TAKE_DISCARDS as i64,
        "at a draw, the search's take roots: the take with each of the policy's this many best discards or knocks after it",
    ),
    Tunable::float(
        "margin",
        MARGIN,
        "standard errors of the paired difference by which a root must beat the policy's choice",
    ),
    Tunable::int(
        "inference",
        INFERENCE as i64,
        "the search's worlds weigh the other hand by exp(-deadwood / this) among 8 uniform draws",
    ),
    Tunable::float(
        "declined_meld",
        DECLINED_MELD,
        "the worlds' weight of an other hand for each card it left on the pile that would meld with it",
    ),
    Tunable::float(
        "near_discard",
        NEAR_DISCARD,
        "the worlds' weight of an other hand for each hidden card pairing with one it discarded",
    ),
    Tunable::float(
        "unknocked",
        UNKNOCKED,
        "the worlds' weight of an other hand that could have knocked after its discard and did not",
    ),
    Tunable::int(
        "level3_samples",
        LEVEL_SAMPLES[0] as i64,
        "root samples per decision at level 3",
    ),
    Tunable::int(
        "level4_samples",
        LEVEL_SAMPLES[1] as i64,
        "root samples per decision at level 4",
    ),
];

/// A computer seat at one level (0–4).
#[derive(Debug)]
pub struct GinAi {
    level: u8,
    rng: Rng,
    seed: u64,
    rollout: PolicyRollout,
    legal: Vec<Action>,
    scratch: RootScratch,
    roots: Vec<Root>,
    values: Vec<f64>,
}

impl GinAi {
    /// Level `level` (0 to 4), seeded.
    ///
    /// # Panics
    /// When the level is not 0 to 4.
    pub fn new(level: u8, seed: u64) -> Self {
        assert!(level <= 4, "Gin Rummy levels run from 0 to 4");
        GinAi {
            level,
            rng: Rng::new(seed),
            seed,
            rollout: PolicyRollout::default(),
            legal: Vec::new(),
            scratch: RootScratch::default(),
            roots: Vec::new(),
            values: Vec::new(),
        }
    }

    /// The level.
    pub fn level(&self) -> u8 {
        self.level
    }
}

impl Player<GinRummy> for GinAi {
    fn choose(&mut self, game: &GinRummy, o: &Observation, seat: Seat) -> SearchResult<Action> {
        if let Some(result) = forced(game, o, seat, &mut self.legal) {
            return result;
        }
        let done = SearchResult::decided;
        let view = View::of_observation(o);
        if self.level == 0 {
            return done(Some(plain_action(&view, &self.legal)));
        }
        // Gin is never thrown away, at any level.
        if let Some(&gin) = self.legal.iter().find(|&&a| {
            matches!(a, Action::BigGin) || matches!(a, Action::Knock(c) if deadwood(o.hand - CardSet::of(c)) == 0)
        }) {
            return done(Some(gin));
        }
        if self.level <= 2 {
            let mistakes = (self.level == 1).then_some(Mistakes {
                rate: MISTAKE_RATE,
                among: MISTAKE_CANDIDATES,
            });
            let action = best_scored(&self.legal, |a| action_score(&view, a), mistakes, &mut self.rng);
            return done(Some(action));
        }
        let samples = LEVEL_SAMPLES[usize::from(self.level - 3)];
        let model = game.inferring(INFERENCE);
        let mut roots = std::mem::take(&mut self.roots);
        roots_into(game, o, &mut self.scratch, &mut roots);
        // Each decision's seed comes from the player's seed and the position.
        let seed = derive_seed(self.seed, stable_hash(o));
        let result = self.search(&model, o, seat, &roots, samples, seed);
        self.roots = roots;
        result
    }
}

impl GinAi {
    /// Every root played on the same worlds ([`play_roots`], `samples`
    /// rollouts in all), the one [`choose_root`] picks played; each action
    /// reported with its best root's mean.
    fn search(
        &mut self,
        model: &GinRummy,
        o: &Observation,
        seat: Seat,
        roots: &[Root],
        samples: u64,
        seed: u64,
    ) -> SearchResult<Action> {
        let worlds = (samples / roots.len() as u64).max(1);
        play_roots(model, o, seat, roots, worlds, seed, &mut self.rollout, &mut self.values);
        let best = choose_root(roots, &self.values);
        let actions: Vec<Action> = roots.iter().map(|r| r.action).collect();
        tabula_cards::turn_result(&actions, &self.values, best)
    }
}
