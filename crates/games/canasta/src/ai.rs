//! The computer, levels 1 to 4, with every tunable in [`CANASTA_TUNABLES`].
//!
//! - **The policy** (levels 1–2, and the searches' rollouts;
//!   `ai/policy.rs`): takes the pile whenever it may (with a wild card
//!   from the hand only for a pile of [`WILD_TAKE_AT`] cards or more),
//!   else draws; goes out as soon as its hand can (asking first under the
//!   option; answering yes while its own hand is worth [`YES_AT`] or
//!   less); opens with the cheapest plan that meets the minimum (a search
//!   over the ranks it holds: the fewest wild cards, each
//!   [`WILD_COST`] cards, then the fewest cards), keeping wild cards for
//!   canastas; once open, lays natural cards on its side's melds, starts
//!   melds of three natural cards (keeping pairs to take the pile with)
//!   and spends wild cards only to complete a canasta; discards the
//!   safest card: a black three first, never a wild card but last, not a
//!   card the other side can take onto a meld ([`ONTO_DANGER`], more for a
//!   bigger pile), not one of a pair ([`PAIR_KEEP`]).
//! - **Level 1** makes natural mistakes: now and then one of its three
//!   safest discards at random.
//! - **Levels 3–4** (`ai/search.rs`): a flat search whose roots are the
//!   rest of a complete turn ([`Root`]): at a draw the stock, and the pile
//!   with the policy's melds and each of its safest discards after it; at
//!   a play the policy's melds with each of its safest discards, and no
//!   more melds with each. Every root is played on the same worlds (drawn
//!   from the observation: the unseen cards dealt uniformly to the other
//!   hands and the stock, the red threes to the stock alone, the cards
//!   taken with the pile kept in their hands) with the same rollout
//!   streams; a rollout plays every seat by the policy for a number of
//!   turns, then judges both sides' tables (melded worth, canastas and
//!   progress towards them, red threes, less the hands), or counts the
//!   hand if it ended. Partners share the payoff and never their hands:
//!   each root is judged by its side's difference. The policy's choice
//!   stands unless another root beats it by [`MARGIN`] standard errors of
//!   the paired difference. Level 4 has more worlds and discards, two
//!   more ways to meld ([`Plan`]) and a reading policy
//!   ([`LEVEL_EFFORT`]).
//! - **Level 4 reads the table** ([`Reading`]), in its own choices and in
//!   every seat's rollouts: a discard's danger is the chance that the next
//!   player can take the pile with it, from the cards it cannot see
//!   (hypergeometric, [`at_least`]), the cards the next player is known to
//!   hold from a taken pile, and the ranks that player discarded
//!   ([`NEXT_DISCARDED`]); a big pile ([`FREEZE_AT`] cards) that every
//!   other discard would likely give away is frozen with a two
//!   ([`FREEZE_DANGER`]).
//!
//! No level looks at anything but its own observation, and none treats a
//! human player differently.

mod policy;
mod search;

pub use policy::{
    Context, FREEZE_AT, FREEZE_DANGER, NEXT_DISCARDED, ONTO_DANGER, PAIR_KEEP, PILE_DANGER, Reading, WILD_COST,
    WILD_HELD, WILD_TAKE_AT, YES_AT, action, at_least, discarded_by_next, discards, going_out, meld, opening, safest,
};
pub use search::{Effort, MARGIN, PROGRESS, Plan, Root, context, plan_step, play, rollout, roots};

use tabula_cards::{Mistakes, best_scored};
use tabula_search::{Player, Rng, SearchResult, Seat, Tunable, forced, rng::derive_seed, stable_hash};

use crate::actions::Action;
use crate::observation::Observation;
use crate::rules::Canasta;

/// Level 1's chance of a mistake on a discard, and of drawing from the
/// stock when it would take the pile.
const MISTAKE_RATE: f64 = 0.4;
/// Level 1 picks its mistakes among this many safest discards.
const MISTAKE_CANDIDATES: usize = 4;
/// The search of levels 3 and 4.
pub const LEVEL_EFFORT: [Effort; 2] = [
    Effort {
        worlds: 100,
        discards: 3,
        horizon: FULL_HAND,
        plans: false,
        reads: false,
    },
    Effort {
        worlds: 150,
        discards: 4,
        horizon: FULL_HAND,
        plans: true,
        reads: true,
    },
];
/// A horizon past any hand's end: rollouts play the hand out.
pub const FULL_HAND: usize = 1000;

/// The table of the computer's tunables (name, default, meaning).
pub const CANASTA_TUNABLES: &[Tunable] = &[
    Tunable::float(
        "mistake_rate",
        MISTAKE_RATE,
        "level 1's chance of a discard among its safest at random",
    ),
    Tunable::int(
        "mistake_candidates",
        MISTAKE_CANDIDATES as i64,
        "how many safest discards level 1's mistakes pick among",
    ),
    Tunable::int(
        "wild_take_at",
        WILD_TAKE_AT as i64,
        "take a pile needing a wild card from the hand only when it holds this many cards",
    ),
    Tunable::int(
        "yes_at",
        YES_AT as i64,
        "answer yes to a partner going out while the hand is worth this much or less",
    ),
    Tunable::float(
        "onto_danger",
        ONTO_DANGER,
        "a discard's danger when the other side can take the pile onto a meld with it",
    ),
    Tunable::float(
        "pile_danger",
        PILE_DANGER,
        "a discard's danger per card in the pile, when the other side might take it",
    ),
    Tunable::float(
        "pair_keep",
        PAIR_KEEP,
        "what a pair in hand is worth keeping, to take the pile with",
    ),
    Tunable::float(
        "wild_held",
        WILD_HELD,
        "level 4 reads: the chance a player holding one natural card of a rank also holds a wild card",
    ),
    Tunable::float(
        "next_discarded",
        NEXT_DISCARDED,
        "level 4 reads: the chance of a take with a rank the next player discarded, as a share of the chance without",
    ),
    Tunable::int(
        "freeze_at",
        FREEZE_AT as i64,
        "level 4 freezes the pile with a two from this many cards in it",
    ),
    Tunable::float(
        "freeze_danger",
        FREEZE_DANGER,
        "level 4: the danger of freezing the pile with a two (other discards more dangerous give way to it)",
    ),
    Tunable::int(
        "wild_cost",
        WILD_COST as i64,
        "the opening plan's cost of a wild card, in cards",
    ),
    Tunable::float(
        "margin",
        MARGIN,
        "standard errors of the paired difference by which a root must beat the policy's choice",
    ),
    Tunable::float(
        "progress",
        PROGRESS,
        "a cut-off rollout credits a meld of five or six cards with this share of a mixed canasta per card past four",
    ),
    Tunable::int(
        "level3_worlds",
        LEVEL_EFFORT[0].worlds as i64,
        "worlds per decision at level 3, every root played on each",
    ),
    Tunable::int(
        "level3_discards",
        LEVEL_EFFORT[0].discards as i64,
        "level 3's discards compared after each plan",
    ),
    Tunable::int(
        "level3_horizon",
        LEVEL_EFFORT[0].horizon as i64,
        "level 3's rollouts play this many turns, then judge the table",
    ),
    Tunable::int(
        "level4_worlds",
        LEVEL_EFFORT[1].worlds as i64,
        "worlds per decision at level 4",
    ),
    Tunable::int(
        "level4_discards",
        LEVEL_EFFORT[1].discards as i64,
        "level 4's discards compared after each plan",
    ),
    Tunable::int(
        "level4_horizon",
        LEVEL_EFFORT[1].horizon as i64,
        "level 4's rollout horizon, in turns",
    ),
];

/// A computer player at one level (1–4).
#[derive(Debug)]
pub struct CanastaAi {
    level: u8,
    rng: Rng,
    seed: u64,
    legal: Vec<Action>,
}

impl CanastaAi {
    /// Level `level` (1 to 4), seeded.
    ///
    /// # Panics
    /// When the level is not 1 to 4.
    pub fn new(level: u8, seed: u64) -> Self {
        assert!((1..=4).contains(&level), "Canasta levels run from 1 to 4");
        CanastaAi {
            level,
            rng: Rng::new(seed),
            seed,
            legal: Vec::new(),
        }
    }

    /// The level.
    pub fn level(&self) -> u8 {
        self.level
    }
}

impl Player<Canasta> for CanastaAi {
    fn choose(&mut self, game: &Canasta, o: &Observation, seat: Seat) -> SearchResult<Action> {
        if let Some(result) = forced(game, o, seat, &mut self.legal) {
            return result;
        }
        let done = SearchResult::decided;
        let theirs = &o.melds[1 - o.side()];
        let c = Context {
            sit: o.situation(),
            theirs,
            their_opened: o.opened >> (1 - o.side()) & 1 == 1,
            reading: (self.level == 4).then(|| {
                let next = (usize::from(o.seat) + 1) % o.counts.len();
                Reading::new(
                    usize::from(o.counts[next]),
                    o.known[next],
                    o.unseen(),
                    discarded_by_next(&o.pile),
                )
            }),
        };
        let mine = action(&c);
        if self.level <= 2 {
            if self.level == 1
                && mine == Action::Take
                && self.legal.contains(&Action::Draw)
                && self.rng.next_f64() < MISTAKE_RATE
            {
                return done(Some(Action::Draw));
            }
            if self.level == 1 && matches!(mine, Action::Discard(_)) {
                let ds = discards(&c);
                let cards: Vec<Action> = ds.iter().map(|&(card, _)| Action::Discard(card)).collect();
                let danger = |a: Action| ds.iter().find(|x| Action::Discard(x.0) == a).map_or(f64::MIN, |x| -x.1);
                let mistakes = Some(Mistakes {
                    rate: MISTAKE_RATE,
                    among: MISTAKE_CANDIDATES,
                });
                return done(Some(best_scored(&cards, danger, mistakes, &mut self.rng)));
            }
            return done(Some(mine));
        }
        let effort = LEVEL_EFFORT[usize::from(self.level - 3)];
        // Each decision's seed comes from the player's seed and the position.
        let seed = derive_seed(self.seed, stable_hash(o));
        let (roots, values) = play(game, o, seat, &self.legal, effort, seed);
        let actions: Vec<Action> = roots.iter().map(|r| r.actions[0]).collect();
        let pick = tabula_cards::choose_paired(&actions, &values, MARGIN);
        tabula_cards::turn_result(&actions, &values, pick)
    }
}
