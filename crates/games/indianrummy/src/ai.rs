//! The computer, levels 1 to 4, with every tunable in [`INDIAN_TUNABLES`].
//!
//! - **The policy** (levels 1–2, and the searches' rollouts; `ai/policy.rs`):
//!   a hand's cost is its least deadwood under the meld plugin's exact
//!   solver with any groups allowed, each deadwood card that could join
//!   another in a group (same rank, or same suit within two ranks) at
//!   [`PARTIAL`] of its value, plus [`LIFE_PENALTY`] while the groups lack
//!   two sequences with one pure (one solve; the declaration's own
//!   arrangement is asked for only when nothing is left over). It takes the open card when, after its best discard, the
//!   hand costs [`TAKE_GAIN`] less than now (a wild card always), else
//!   draws; discards the card that leaves the least cost (the higher card
//!   among equals); shows as soon as a show is valid, never wrongly; drops
//!   on its first turn a hand costing [`FIRST_DROP_AT`] or more.
//! - **Level 1** makes natural mistakes: now and then one of its three
//!   best-scored discards or draws at random (never a drop or a show it
//!   would not make).
//! - **Levels 3–4** (`ai/search.rs`): a flat search whose roots are
//!   complete turns ([`Root`]): at a discard the policy's
//!   best few ([`LEVEL_EFFORT`]); at a draw the closed deck, the open card
//!   with each of the policy's best discards after it, and the first drop
//!   where the policy would weigh it. Each root is played on the same
//!   worlds (drawn from the observation: the unseen cards dealt uniformly
//!   to the other hands and the closed deck, the cards known to be in a
//!   hand kept there) with the same rollout streams; a rollout plays
//!   every player by a quick policy (the same choices read from counts
//!   of faces, without the solver; `ai/quick.rs`) for a few of the
//!   searcher's turns, then judges its hand by its cost (a finished deal
//!   by its points).
//!   The policy's choice stands unless another root beats it by
//!   [`MARGIN`] standard errors of the paired difference (the card
//!   engine's root comparer, [`tabula_cards::choose_paired`]). Level 4
//!   differs by its effort ([`LEVEL_EFFORT`]): almost four times the worlds, one
//!   more candidate, and a cut-off rollout judged by the others' hands too
//!   (half their mean cost added back: a hand near a show is a threat, and
//!   a discard that helps it is paid for).
//!
//! No level looks at anything but its own observation, and none treats a
//! human player differently.

mod policy;
mod quick;
mod search;

pub use policy::{FIRST_DROP_AT, LIFE_PENALTY, PARTIAL, Policy, Situation, TAKE_GAIN, cost};
pub use search::{Effort, MARGIN, Root, choose_root, play_roots, rollout, roots};

use tabula_cards::{Mistakes, best_scored};
use tabula_search::{Player, Rng, SearchResult, Seat, Tunable, forced, rng::derive_seed, stable_hash};

use crate::actions::Action;
use crate::observation::Observation;
use crate::rules::IndianRummy;

/// Level 1's chance of a mistake on a decision.
const MISTAKE_RATE: f64 = 0.3;
/// Level 1 picks its mistakes among this many best-scored actions.
const MISTAKE_CANDIDATES: usize = 3;
/// The search of levels 3 and 4.
pub const LEVEL_EFFORT: [Effort; 2] = [
    Effort {
        worlds: 16,
        candidates: 3,
        horizon: 3,
        threat: 0.0,
    },
    Effort {
        worlds: 60,
        candidates: 4,
        horizon: 3,
        threat: 0.5,
    },
];

/// The table of the computer's tunables (name, default, meaning).
pub const INDIAN_TUNABLES: &[Tunable] = &[
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
    Tunable::float(
        "partial",
        PARTIAL,
        "a deadwood card that could join another in a group counts at this fraction of its value",
    ),
    Tunable::float(
        "life_penalty",
        LIFE_PENALTY,
        "charged to a hand whose groups lack two sequences with one pure",
    ),
    Tunable::float(
        "take_gain",
        TAKE_GAIN,
        "take the open card when it leaves a hand costing this much less after the best discard",
    ),
    Tunable::float(
        "first_drop_at",
        FIRST_DROP_AT,
        "drop on the first turn a hand costing this much or more",
    ),
    Tunable::float(
        "margin",
        MARGIN,
        "standard errors of the paired difference by which a root must beat the policy's choice",
    ),
    Tunable::int(
        "level3_worlds",
        LEVEL_EFFORT[0].worlds as i64,
        "worlds per decision at level 3, every root played on each",
    ),
    Tunable::int(
        "level3_candidates",
        LEVEL_EFFORT[0].candidates as i64,
        "level 3's discards, or a take's follow-ups: the policy's this many best",
    ),
    Tunable::int(
        "level3_horizon",
        LEVEL_EFFORT[0].horizon as i64,
        "level 3's rollouts play this many of its turns, then judge its hand",
    ),
    Tunable::int(
        "level4_worlds",
        LEVEL_EFFORT[1].worlds as i64,
        "worlds per decision at level 4",
    ),
    Tunable::int(
        "level4_candidates",
        LEVEL_EFFORT[1].candidates as i64,
        "level 4's discards, or a take's follow-ups",
    ),
    Tunable::int(
        "level4_horizon",
        LEVEL_EFFORT[1].horizon as i64,
        "level 4's rollout horizon, in its turns",
    ),
    Tunable::float(
        "level4_threat",
        LEVEL_EFFORT[1].threat,
        "level 4 judges a cut-off rollout by minus its hand's cost plus this share of the others' mean cost",
    ),
];

/// A computer player at one level (1–4).
#[derive(Debug)]
pub struct IndianAi {
    level: u8,
    rng: Rng,
    seed: u64,
    policy: Policy,
    legal: Vec<Action>,
}

impl IndianAi {
    /// Level `level` (1 to 4), seeded.
    ///
    /// # Panics
    /// When the level is not 1 to 4.
    pub fn new(level: u8, seed: u64) -> Self {
        assert!((1..=4).contains(&level), "Indian Rummy levels run from 1 to 4");
        IndianAi {
            level,
            rng: Rng::new(seed),
            seed,
            policy: Policy::default(),
            legal: Vec::new(),
        }
    }

    /// The level.
    pub fn level(&self) -> u8 {
        self.level
    }
}

impl Player<IndianRummy> for IndianAi {
    fn choose(&mut self, game: &IndianRummy, o: &Observation, seat: Seat) -> SearchResult<Action> {
        if let Some(result) = forced(game, o, seat, &mut self.legal) {
            return result;
        }
        let done = SearchResult::decided;
        self.policy.forget();
        let s = Situation::of_observation(o);
        // A valid show is never thrown away, at any level; a wrong one
        // never made.
        let (best, _) = self.policy.best(&s, &self.legal);
        if matches!(best, Action::Declare(_)) || matches!(best, Action::Drop) && self.level <= 2 {
            return done(Some(best));
        }
        if self.level <= 2 {
            let mistakes = (self.level == 1).then_some(Mistakes {
                rate: MISTAKE_RATE,
                among: MISTAKE_CANDIDATES,
            });
            let candidates: Vec<Action> = self
                .legal
                .iter()
                .copied()
                .filter(|a| !matches!(a, Action::Drop | Action::Declare(_)))
                .collect();
            let policy = &mut self.policy;
            let scores: Vec<(Action, f64)> = candidates.iter().map(|&a| (a, policy.score(&s, a))).collect();
            let score_of = |a: Action| scores.iter().find(|x| x.0 == a).map_or(f64::NEG_INFINITY, |x| x.1);
            return done(Some(best_scored(&candidates, score_of, mistakes, &mut self.rng)));
        }
        let effort = LEVEL_EFFORT[usize::from(self.level - 3)];
        let roots = roots(&mut self.policy, o, &self.legal, effort);
        // Each decision's seed comes from the player's seed and the position.
        let seed = derive_seed(self.seed, stable_hash(o));
        let values = play_roots(game, &mut self.policy, o, seat, &roots, effort, seed);
        let pick = choose_root(&roots, &values);
        let actions: Vec<Action> = roots.iter().map(|r| r.action).collect();
        tabula_cards::turn_result(&actions, &values, pick)
    }
}
