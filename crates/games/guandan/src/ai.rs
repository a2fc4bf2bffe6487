//! The computer, levels 1 to 4, with every tunable in
//! [`GUANDAN_TUNABLES`].
//!
//! - **Levels 1–2** play the [policy](crate::policy) (tribute, give-back
//!   and play); level 1 now and then plays another of a few natural
//!   candidates instead (the lowest plays, or a pass), though never over
//!   its partner's play.
//! - **Levels 3–4**: the policy while the seat's hand is wide (more than
//!   [`SEARCH_AT`] cards: the openings, where a search's few samples tell
//!   less than the policy's reading of the hand), then **root-UCB over
//!   paired worlds**: every legal action is judged on the same worlds
//!   (common random numbers; each world deals the unseen cards to the
//!   hands' counts, every arrangement that fits what the seat saw equally
//!   likely, the tribute's limits kept: see [`crate::worlds`]), each
//!   played out by the policy for every seat to the
//!   end of the hand and scored by the levels it gains: a side's reward
//!   is its levels gained less the other side's, over three, and 1 for
//!   the match won ([`HandRules::hand_rewards`]). Level 4 takes more
//!   samples.
//!
//! Partners cooperate through the team payoff and the public history
//! only: a seat's search and policy score its side's result and see
//! nothing of its partner's hand. No level looks at anything but its own
//! observation, and none treats a human seat differently.

use tabula_cards::climbing::trick::low_mistake;
use tabula_cards::{HandGame, HandRules};
use tabula_search::rng::derive_seed;
use tabula_search::{
    Budget, Game, Payoffs, Player, Rng, Rollout, RootUcbConfig, SearchResult, Seat, Tunable, Turn, forced,
    root_ucb_over, stable_hash,
};

use crate::actions::Action;
use crate::game::Guandan;
use crate::moves::{Play, Scratch};
use crate::observation::Observation;
use crate::policy::{
    BOMB_AT, BOMB_LEAVES, BOMB_VALUE, FOLLOW_SLACK, GROUP_COST, HIGH_DISCOUNT, PlayView, TAKEOVER_BELOW, THREAT_CARDS,
    WILD_VALUE, policy_action,
};
use crate::state::{Phase, SEATS, State, side};

/// Level 1's chance of a mistake on a play.
const MISTAKE_RATE: f64 = 0.3;
/// Level 1's mistakes pick among this many of the lowest legal plays (and
/// a pass, when allowed).
const MISTAKE_CANDIDATES: usize = 3;
/// Levels 3 and 4 search once the seat holds this many cards or fewer.
pub const SEARCH_AT: u8 = 12;
/// Root samples (a world and a rollout each) of levels 3 and 4.
pub const LEVEL_SAMPLES: [u64; 2] = [150, 400];

/// The table of the computer's tunables (name, default, meaning).
pub const GUANDAN_TUNABLES: &[Tunable] = &[
    Tunable::float("mistake_rate", MISTAKE_RATE, "level 1's chance of a natural mistake"),
    Tunable::int(
        "mistake_candidates",
        MISTAKE_CANDIDATES as i64,
        "how many of the lowest legal plays level 1's mistakes pick among",
    ),
    Tunable::int(
        "group_cost",
        GROUP_COST as i64,
        "the policy's cost of a group of one rank in hand (hundredths of a play)",
    ),
    Tunable::int(
        "high_discount",
        HIGH_DISCOUNT as i64,
        "how much less the highest group costs than the lowest",
    ),
    Tunable::int("bomb_value", BOMB_VALUE as i64, "a bomb in hand, in the hand's favour"),
    Tunable::int(
        "wild_value",
        WILD_VALUE as i64,
        "a wild card in hand, in the hand's favour",
    ),
    Tunable::int(
        "follow_slack",
        FOLLOW_SLACK as i64,
        "an answer to an opponent is played when it worsens the hand by at most this much",
    ),
    Tunable::int(
        "threat_cards",
        THREAT_CARDS as i64,
        "an opponent with this many cards or fewer is about to go out: answered at any cost, blocked over the partner",
    ),
    Tunable::int(
        "bomb_at",
        BOMB_AT as i64,
        "the policy bombs an opponent holding this many cards or fewer",
    ),
    Tunable::int(
        "bomb_leaves",
        BOMB_LEAVES as i64,
        "the policy bombs when the hand left costs this much or less",
    ),
    Tunable::int(
        "takeover_below",
        TAKEOVER_BELOW as i64,
        "the partner's play is taken over, against a threat, when its rank at the level is below this",
    ),
    Tunable::int(
        "search_at",
        SEARCH_AT as i64,
        "levels 3 and 4 search once the seat holds this many cards or fewer",
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

impl HandRules for Guandan {
    fn hand_of(&self, s: &State) -> u32 {
        s.hand_number()
    }

    fn hand_of_observation(&self, o: &Observation) -> u32 {
        o.hand_no
    }

    fn hand_over(&self, s: &State) -> bool {
        s.phase() == Phase::Over
    }

    /// The side's levels gained less the other side's, over three; ±1
    /// for the match won.
    fn hand_rewards(&self, s: &State) -> Payoffs {
        let side0 = match (s.winner(), s.last_hand()) {
            (Some(w), _) => {
                if w == 0 {
                    1.0
                } else {
                    -1.0
                }
            }
            (None, Some(h)) => (f64::from(h.gained[0]) - f64::from(h.gained[1])) / 3.0,
            (None, None) => 0.0,
        };
        Payoffs::new(&std::array::from_fn::<f64, SEATS, _>(|k| {
            if side(k) == 0 { side0 } else { -side0 }
        }))
    }

    fn hand_reward_range(&self) -> (f64, f64) {
        (-1.0, 1.0)
    }
}

/// The searches' rollout: the policy for every seat to the end of the
/// hand.
#[derive(Debug, Default)]
pub struct PolicyRollout {
    scratch: Scratch,
    buf: Vec<Play>,
}

impl Rollout<HandGame<'_, Guandan>> for PolicyRollout {
    fn rollout(&mut self, game: &HandGame<'_, Guandan>, s: &mut State, rng: &mut Rng) -> Payoffs {
        let rules = game.game();
        while !game.finished(s) {
            let action = match s.turn() {
                Turn::Seat(_) => policy_action(&PlayView::of_state(s), &mut self.scratch, &mut self.buf),
                _ => rules.sample_chance(s, rng),
            };
            s.apply(action);
        }
        rules.hand_rewards(s)
    }
}

/// A computer seat at one level (1–4).
#[derive(Debug)]
pub struct GuandanAi {
    level: u8,
    seed: u64,
    /// Searching levels search at this many cards or fewer.
    search_at: u8,
    /// Root samples per search.
    samples: u64,
    rollout: PolicyRollout,
    legal: Vec<Action>,
}

impl GuandanAi {
    /// Level `level` (1 to 4), seeded.
    ///
    /// # Panics
    /// When the level is not 1 to 4.
    pub fn new(level: u8, seed: u64) -> Self {
        assert!((1..=4).contains(&level), "Guandan levels run from 1 to 4");
        GuandanAi {
            level,
            seed,
            search_at: SEARCH_AT,
            samples: LEVEL_SAMPLES[usize::from(level.max(3) - 3)],
            rollout: PolicyRollout::default(),
            legal: Vec::new(),
        }
    }

    /// The same, searching (levels 3 and 4) at `cards` cards or fewer
    /// with `samples` root samples: for the experiments that set
    /// [`SEARCH_AT`] and [`LEVEL_SAMPLES`] (the levels use those).
    pub fn tuned(mut self, cards: u8, samples: u64) -> Self {
        self.search_at = cards;
        self.samples = samples.max(1);
        self
    }

    /// The level.
    pub fn level(&self) -> u8 {
        self.level
    }

    /// Level 1's natural mistake: one of the lowest legal plays, or a pass.
    fn mistake(&self, rng: &mut Rng) -> Action {
        low_mistake(
            &self.legal,
            |a| matches!(a, Action::Play(p) if !p.combo.kind.is_bomb()),
            Action::Pass,
            MISTAKE_CANDIDATES,
            rng,
        )
    }
}

/// A decision made without searching.
fn done(action: Action) -> SearchResult<Action> {
    SearchResult::decided(Some(action))
}

impl Player<Guandan> for GuandanAi {
    fn choose(&mut self, game: &Guandan, o: &Observation, seat: Seat) -> SearchResult<Action> {
        if let Some(result) = forced(game, o, seat, &mut self.legal) {
            return result;
        }
        let view = PlayView::of_observation(o);
        let policy = |rollout: &mut PolicyRollout| policy_action(&view, &mut rollout.scratch, &mut rollout.buf);
        if o.phase != Phase::Play {
            return done(policy(&mut self.rollout));
        }
        // Each decision's seed comes from the player's seed and the
        // position, so that it depends on nothing but the two.
        let seed = derive_seed(self.seed, stable_hash(o));
        if self.level <= 2 || o.counts[seat] > self.search_at {
            let mut rng = Rng::new(seed);
            let partners = view.to_beat.is_some_and(|(by, _)| side(by) == side(seat));
            if self.level == 1 && !partners && rng.next_f64() < MISTAKE_RATE {
                return done(self.mistake(&mut rng));
            }
            return done(policy(&mut self.rollout));
        }
        let hand = HandGame::new(game, o);
        let roots = std::mem::take(&mut self.legal);
        let result = root_ucb_over(
            &hand,
            o,
            seat,
            &roots,
            &mut self.rollout,
            &RootUcbConfig::default(),
            &Budget::iterations(self.samples),
            seed,
        );
        self.legal = roots;
        result
    }
}
