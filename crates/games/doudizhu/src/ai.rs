//! The computer, levels 1 to 4, with every tunable in [`DDZ_TUNABLES`].
//!
//! - **Bidding** (every level): the hand's strength — jokers, twos, aces
//!   and bombs, weighted as in [`strength`] — against three thresholds,
//!   one per bid.
//! - **Levels 1–2** play the [policy](crate::policy); level 1 now and
//!   then plays another of a few natural candidates instead (the lowest
//!   legal plays, or a pass), though never on its partner's trick.
//! - **Levels 3–4**: root-UCB determinized Monte Carlo over complete
//!   combinations. The roots are the legal actions, already folded by
//!   rank multiset: an action is a combination's rank counts, never its
//!   suits. Every root is judged on the same worlds (common random
//!   numbers), each world dealing the other hands' unseen cards
//!   uniformly, played out by the policy for every seat. Level 4 also
//!   hands small endgames to the exact [solver](crate::solver): in a
//!   rollout once the three hands hold [`ENDGAME_CARDS`] cards or fewer,
//!   and at the root when the other hands are determined in rank counts
//!   (the unseen cards can be split between them in one way only).
//!
//! A peasant's search and policy share its partner's payoff and see
//! nothing of its partner's hand. No level looks at anything but its own
//! observation, and none treats a human seat differently.

use tabula_cards::climbing::trick::low_mistake;
use tabula_cards::{HandGame, HandRules};
use tabula_search::{
    Budget, Game, Payoffs, Player, Rng, Rollout, RootUcbConfig, SearchResult, Seat, Tunable, Turn, forced,
    rng::derive_seed, root_ucb_over, stable_hash,
};

use crate::actions::Action;
pub use crate::bidding::{BID_AT, WEIGHTS, bid_for, bid_misfit, strength};
use crate::cards::{Counts, counts_of};
use crate::combo::Combo;
use crate::moves::can_play_out;
use crate::observation::Observation;
use crate::policy::{BOMB_AT, BOMB_LEAVES, PlayView, STRAIGHT_REACH, THREAT_CARDS, policy_action};
use crate::rules::{DouDizhu, same_side};
use crate::solver::{Endgame, Solver};
use crate::state::{MAX_BID, Phase, SEATS, State};

/// Level 1's chance of a mistake on a decision.
const MISTAKE_RATE: f64 = 0.5;
/// Level 1's mistakes pick among this many of the lowest legal plays (and
/// a pass, when allowed).
const MISTAKE_CANDIDATES: usize = 3;
/// Root samples (a world and a rollout each) of levels 3 and 4.
const LEVEL_SAMPLES: [u64; 2] = [2000, 8000];
/// Worlds level 4 plays out to judge a bid.
const BID_SAMPLES: u64 = 200;
/// Level 4 bids 1, 2 and 3 when its chance to win as the landlord reaches
/// these.
const BID_WIN_AT: [f64; 3] = [0.56, 0.62, 0.7];
/// The temperature of the worlds' bid inference at levels 3 and 4 (see
/// [`DouDizhu::inferring`]; 0: uniform worlds).
const LEVEL_INFERENCE: [u32; 2] = [0, 1];
/// Level 4 solves a rollout's endgame exactly at this many cards.
pub const ENDGAME_CARDS: u32 = 10;
/// The most nodes one endgame solve in a rollout may visit before it
/// gives up (ten times as many at the root).
const SOLVER_NODES: u64 = 20_000;
/// Level 4 solves at the root, when every hand is known in rank counts,
/// with this many cards or fewer in the hands.
const SOLVE_AT_ROOT: u32 = 24;
/// The solver's table: 2^16 entries (2 MiB).
const SOLVER_TABLE_BITS: u32 = 16;
/// The table of the computer's tunables (name, default, meaning).
pub const DDZ_TUNABLES: &[Tunable] = &[
    Tunable::float("mistake_rate", MISTAKE_RATE, "level 1's chance of a natural mistake"),
    Tunable::int(
        "mistake_candidates",
        MISTAKE_CANDIDATES as i64,
        "how many of the lowest legal plays level 1's mistakes pick among",
    ),
    Tunable::float("weight_big_joker", WEIGHTS[0], "bidding strength of the big joker"),
    Tunable::float("weight_small_joker", WEIGHTS[1], "bidding strength of the small joker"),
    Tunable::float("weight_two", WEIGHTS[2], "bidding strength of each two"),
    Tunable::float("weight_ace", WEIGHTS[3], "bidding strength of each ace"),
    Tunable::float("weight_bomb", WEIGHTS[4], "bidding strength of each bomb"),
    Tunable::float("bid_1_at", BID_AT[0], "the strength to bid 1"),
    Tunable::float("bid_2_at", BID_AT[1], "the strength to bid 2"),
    Tunable::float("bid_3_at", BID_AT[2], "the strength to bid 3"),
    Tunable::int(
        "straight_reach",
        STRAIGHT_REACH as i64,
        "the policy leads a straight starting this many ranks above its lowest card or fewer",
    ),
    Tunable::int(
        "bomb_at",
        BOMB_AT as i64,
        "the policy bombs an enemy holding this many cards or fewer",
    ),
    Tunable::int(
        "bomb_leaves",
        BOMB_LEAVES as i64,
        "the policy bombs when the bomb leaves this many cards or fewer",
    ),
    Tunable::int(
        "threat_cards",
        THREAT_CARDS as i64,
        "a peasant does not yield to its partner when the landlord, next, holds this many cards or fewer",
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
    Tunable::int(
        "endgame_cards",
        ENDGAME_CARDS as i64,
        "level 4 solves a rollout exactly once the three hands hold this many cards or fewer",
    ),
    Tunable::int(
        "solver_nodes",
        SOLVER_NODES as i64,
        "the most nodes one endgame solve may visit",
    ),
];

impl HandRules for DouDizhu {
    fn hand_of(&self, s: &State) -> u32 {
        s.round_no()
    }

    fn hand_of_observation(&self, o: &Observation) -> u32 {
        o.round_no
    }

    fn hand_over(&self, s: &State) -> bool {
        s.is_over()
    }

    /// 1 to the side that played out first, −1 to the other; 0 to all
    /// for a deal thrown in.
    fn hand_rewards(&self, s: &State) -> Payoffs {
        // The deal that just ended is the one before the round now (or
        // the round itself, at the match's end).
        let just_ended = |d: &crate::state::DealResult| {
            if s.is_over() {
                d.round == s.round_no()
            } else {
                d.round + 1 == s.round_no()
            }
        };
        match s.last_deal() {
            Some(d) if just_ended(d) => side_rewards(usize::from(d.landlord), d.landlord_won),
            _ => Payoffs::new(&[0.0; SEATS]),
        }
    }

    fn hand_reward_range(&self) -> (f64, f64) {
        (-1.0, 1.0)
    }
}

/// The play view of the seat to act in a state (its hand and the public
/// facts only).
pub fn view_of_state(game: &DouDizhu, s: &State) -> PlayView {
    let seat = s.to_act();
    PlayView {
        seat,
        hand: counts_of(s.hands()[seat]),
        landlord: s.landlord().unwrap_or(0),
        counts: std::array::from_fn(|k| s.hands()[k].len() as u8),
        to_beat: s.last().filter(|&(by, _)| by != seat),
        four_with_two: game.options().four_with_two,
    }
}

/// The play view of an observation's seat.
pub fn view_of_observation(game: &DouDizhu, o: &Observation) -> PlayView {
    let seat = usize::from(o.seat);
    PlayView {
        seat,
        hand: counts_of(o.hand),
        landlord: o.landlord.map_or(0, usize::from),
        counts: o.counts,
        to_beat: o.last.map(|(by, c)| (usize::from(by), c)).filter(|&(by, _)| by != seat),
        four_with_two: game.options().four_with_two,
    }
}

/// The searches' rollout: the policy for every seat to the end of the
/// deal (bids by [`bid_for`] should a rollout start before the play);
/// with a solver, the exact result once the hands hold
/// [`ENDGAME_CARDS`] cards or fewer.
#[derive(Debug, Default)]
pub struct PolicyRollout {
    buf: Vec<Combo>,
    solver: Option<Solver>,
}

impl PolicyRollout {
    /// A rollout that ends small endgames with `solver`.
    pub fn solving(solver: Solver) -> PolicyRollout {
        PolicyRollout {
            buf: Vec::new(),
            solver: Some(solver),
        }
    }

    /// The solver, if the rollout has one.
    pub fn solver(&mut self) -> Option<&mut Solver> {
        self.solver.as_mut()
    }
}

/// Each seat's reward when the landlord's side wins or loses.
fn side_rewards(landlord: usize, landlord_won: bool) -> Payoffs {
    Payoffs::new(&std::array::from_fn::<f64, SEATS, _>(|k| {
        if (k == landlord) == landlord_won { 1.0 } else { -1.0 }
    }))
}

impl Rollout<HandGame<'_, DouDizhu>> for PolicyRollout {
    fn rollout(&mut self, game: &HandGame<'_, DouDizhu>, s: &mut State, rng: &mut Rng) -> Payoffs {
        let rules = game.game();
        // A solve past its node limit is not tried again in this rollout.
        let mut solvable = true;
        while !game.finished(s) {
            let action = match rules.to_move(s) {
                Turn::Seat(seat) => match s.phase() {
                    Phase::Play => {
                        if solvable
                            && let Some(solver) = self.solver.as_mut()
                            && s.hands().iter().map(|h| h.len() as u32).sum::<u32>() <= ENDGAME_CARDS
                            && let Some(e) = Endgame::of(s)
                        {
                            match solver.landlord_wins(&e, SOLVER_NODES) {
                                Some(won) => return side_rewards(e.landlord, won),
                                None => solvable = false,
                            }
                        }
                        policy_action(&view_of_state(rules, s), &mut self.buf)
                    }
                    _ => Action::Bid(bid_for(counts_of(s.hands()[seat]), s.bid())),
                },
                _ => rules.sample_chance(s, rng),
            };
            rules.apply(s, action);
        }
        rules.hand_rewards(s)
    }
}

/// A computer seat at one level (1–4).
#[derive(Debug)]
pub struct DdzAi {
    level: u8,
    rng: Rng,
    seed: u64,
    rollout: PolicyRollout,
    legal: Vec<Action>,
    buf: Vec<Combo>,
}

impl DdzAi {
    /// Level `level` (1 to 4), seeded.
    ///
    /// # Panics
    /// When the level is not 1 to 4.
    pub fn new(level: u8, seed: u64) -> Self {
        assert!((1..=4).contains(&level), "Dou Dizhu levels run from 1 to 4");
        DdzAi {
            level,
            rng: Rng::new(seed),
            seed,
            rollout: if level == 4 {
                PolicyRollout::solving(Solver::new(true, SOLVER_TABLE_BITS))
            } else {
                PolicyRollout::default()
            },
            legal: Vec::new(),
            buf: Vec::new(),
        }
    }

    /// The level.
    pub fn level(&self) -> u8 {
        self.level
    }

    /// Level 1's natural mistake: one of the lowest legal plays, or a pass.
    fn mistake(&mut self) -> Action {
        low_mistake(
            &self.legal,
            |a| matches!(a, Action::Play(c) if !c.kind.doubles()),
            Action::Pass,
            MISTAKE_CANDIDATES,
            &mut self.rng,
        )
    }
}

impl DdzAi {
    /// Level 4's bid: the seat's chance to win the deal as the landlord,
    /// estimated over [`BID_SAMPLES`] worlds (the kitty and the other
    /// hands drawn to fit the bids so far) each played out by the policy
    /// from the seat's lead; the highest bid whose threshold in
    /// [`BID_WIN_AT`] that chance reaches, if it tops the bid so far.
    fn simulated_bid(&mut self, game: &DouDizhu, o: &Observation) -> u8 {
        let me = usize::from(o.seat);
        let model = game.inferring(LEVEL_INFERENCE[1]);
        let Some(mut worlds) = o.sampler_inferring(model.inference()) else {
            return bid_for(counts_of(o.hand), o.bid);
        };
        let seed = derive_seed(self.seed, stable_hash(o));
        let hand = HandGame::new(&model, o);
        let mut wins = 0u32;
        for j in 0..BID_SAMPLES {
            let mut w = worlds.draw(&mut Rng::derived(seed, j));
            // A bid of 3 ends the bidding: the seat is the landlord.
            model.apply(&mut w, Action::Bid(MAX_BID));
            let mut rng = Rng::derived(seed ^ 1, j);
            wins += u32::from(self.rollout.rollout(&hand, &mut w, &mut rng).get(me) > 0.0);
        }
        let p = f64::from(wins) / BID_SAMPLES as f64;
        let want = BID_WIN_AT.iter().filter(|&&t| p >= t).count() as u8;
        if want > o.bid { want } else { 0 }
    }

    /// The solver's move when the seat knows every hand in rank counts
    /// (the unseen cards can be split between the other hands one way
    /// only) and the endgame solves within the node limit.
    fn solve_if_known(&mut self, game: &DouDizhu, o: &Observation) -> Option<Action> {
        let me = usize::from(o.seat);
        let others: Vec<usize> = (0..SEATS).filter(|&k| k != me).collect();
        let hidden = usize::from(o.counts[others[0]]).checked_sub(o.known(others[0]).len())?;
        if o.counts.iter().map(|&c| u32::from(c)).sum::<u32>() > SOLVE_AT_ROOT
            || !split_is_forced(counts_of(o.unseen()), hidden)
        {
            return None;
        }
        // Every world has the same counts: any one is the endgame.
        let world = o.sample(&mut Rng::new(0))?;
        let e = Endgame::of(&world)?;
        let solver = self.rollout.solver()?;
        debug_assert_eq!(solver.four_with_two(), game.options().four_with_two);
        solver.best(&e, SOLVER_NODES * 10).map(|(a, _)| a)
    }
}

/// Whether `unseen` splits one way only into a hand of `hidden` cards and
/// the rest, in rank counts.
fn split_is_forced(unseen: Counts, hidden: usize) -> bool {
    // ways[t]: the ways (capped at 2) to take t cards from the ranks so far.
    let mut ways = [0u8; 55];
    ways[0] = 1;
    for (_, n) in unseen.iter() {
        let mut next = [0u8; 55];
        for t in 0..55 {
            if ways[t] == 0 {
                continue;
            }
            for j in 0..=usize::from(n) {
                if t + j < 55 {
                    next[t + j] = (next[t + j] + ways[t]).min(2);
                }
            }
        }
        ways = next;
    }
    ways.get(hidden) == Some(&1)
}

/// A decision made without searching.
fn done(action: Option<Action>) -> SearchResult<Action> {
    SearchResult::decided(action)
}

impl Player<DouDizhu> for DdzAi {
    fn choose(&mut self, game: &DouDizhu, o: &Observation, seat: Seat) -> SearchResult<Action> {
        if let Some(result) = forced(game, o, seat, &mut self.legal) {
            return result;
        }
        if let Some(solver) = self.rollout.solver() {
            // The solver's table starts empty at each decision, so that a
            // decision depends on the observation and the seed alone (a
            // solve cut off by its node limit might succeed on a table
            // filled by earlier decisions).
            if solver.four_with_two() == game.options().four_with_two {
                solver.clear();
            } else {
                *solver = Solver::new(game.options().four_with_two, SOLVER_TABLE_BITS);
            }
        }
        if o.phase == Phase::Bid {
            let bid = if self.level == 4 {
                self.simulated_bid(game, o)
            } else {
                bid_for(counts_of(o.hand), o.bid)
            };
            return done(Some(Action::Bid(bid)));
        }
        let view = view_of_observation(game, o);
        // Going out is never thrown away, at any level.
        if let Some(c) = can_play_out(view.hand, view.four_with_two)
            && self.legal.contains(&Action::Play(c))
        {
            return done(Some(Action::Play(c)));
        }
        if self.level <= 2 {
            // Level 1's mistakes are its own plays, never a partner's
            // trick taken over for nothing.
            let partners = view.to_beat.is_some_and(|(by, _)| same_side(by, seat, view.landlord));
            // The mistakes' chances come from the seed and the position, so
            // that a decision does not depend on the calls before it.
            self.rng = Rng::new(derive_seed(self.seed, stable_hash(o)));
            if self.level == 1 && !partners && self.rng.next_f64() < MISTAKE_RATE {
                return done(Some(self.mistake()));
            }
            return done(Some(policy_action(&view, &mut self.buf)));
        }
        if self.level == 4
            && let Some(action) = self.solve_if_known(game, o)
        {
            return done(Some(action));
        }
        let samples = LEVEL_SAMPLES[usize::from(self.level - 3)];
        let model = game.inferring(LEVEL_INFERENCE[usize::from(self.level - 3)]);
        let hand = HandGame::new(&model, o);
        // Each decision's seed comes from the player's seed and the position.
        let seed = derive_seed(self.seed, stable_hash(o));
        let roots = std::mem::take(&mut self.legal);
        let result = root_ucb_over(
            &hand,
            o,
            seat,
            &roots,
            &mut self.rollout,
            &RootUcbConfig::default(),
            &Budget::iterations(samples),
            seed,
        );
        self.legal = roots;
        result
    }
}
