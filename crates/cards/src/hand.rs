//! One hand of a match as a game of its own, for searches that look no
//! further than the hand in progress: the trick-taking games' searches
//! (Hearts, Spades) judge a finished hand by its points, not the match.

use std::hash::Hash;

use tabula_search::rng::derive_seed;
use tabula_search::{
    Budget, Determinize, Game, Ismcts, IsmctsConfig, Payoffs, Rng, Rollout, SearchResult, Seat, Seen, Turn,
    WorldSampler, forced, stable_hash,
};

use crate::pick::{Mistakes, best_scored};

/// What a game tells [`HandGame`] about its hands.
pub trait HandRules: Determinize {
    /// The hand a state is in (hands finished before it): the hand ends
    /// when this changes.
    fn hand_of(&self, state: &Self::State) -> u32;
    /// The hand of an observation.
    fn hand_of_observation(&self, observation: &Self::Observation) -> u32;
    /// Whether the hand is over in a state of the same number (the match
    /// ended, or a choice after the last trick is pending).
    fn hand_over(&self, state: &Self::State) -> bool;
    /// Each seat's reward for the finished hand.
    fn hand_rewards(&self, state: &Self::State) -> Payoffs;
    /// The lowest and highest reward [`hand_rewards`](HandRules::hand_rewards) gives.
    fn hand_reward_range(&self) -> (f64, f64);
}

/// Information-set MCTS over the hand in progress (the trick games'
/// levels 3 and 4): `iterations` iterations of `search`, each decision
/// seeded by the player's `seed` and the observation, so that a decision
/// depends on nothing but the two.
pub fn search_hand<G, R>(
    search: &mut Ismcts<G::Action>,
    game: &G,
    observation: &G::Observation,
    seat: Seat,
    rollout: &mut R,
    iterations: u64,
    seed: u64,
) -> SearchResult<G::Action>
where
    G: HandRules,
    G::Action: Copy + Ord,
    G::Observation: Hash,
    R: for<'a> Rollout<HandGame<'a, G>>,
{
    let hand = HandGame::new(game, observation);
    let seed = derive_seed(seed, stable_hash(observation));
    search.search(&hand, observation, seat, rollout, &Budget::iterations(iterations), seed)
}

/// A partnership hand's rewards (Spades, Euchre): `gap`, side 0's
/// points minus side 1's, clamped to ±`range`, to each seat of side 0,
/// and its negation to side 1 (`side_of` names a seat's side).
pub fn side_gap_rewards<const SEATS: usize>(gap: f64, range: f64, side_of: impl Fn(Seat) -> usize) -> Payoffs {
    let gap = gap.clamp(-range, range);
    Payoffs::new(&std::array::from_fn::<f64, SEATS, _>(|seat| {
        if side_of(seat) == 0 { gap } else { -gap }
    }))
}

/// What every computer seat of a trick game holds (Hearts, Spades,
/// Euchre): its level, 1 to 4; the generator of its heuristic levels'
/// noise (level 1's mistakes, noisy bids); the ISMCTS of levels 3 and 4
/// over the hand in progress with the game's rollout `R`, each search
/// seeded by the seat's seed and the observation ([`search_hand`]); and
/// the legal actions of the decision in hand.
#[derive(Debug)]
pub struct HandSeat<A, R> {
    level: u8,
    /// The heuristic levels' generator (seeded by the seat's seed).
    pub rng: Rng,
    seed: u64,
    search: Ismcts<A>,
    rollout: R,
    /// Level 1's mistakes in its heuristic choices.
    mistakes: Mistakes,
    /// The legal actions of the decision in hand, as [`forced`](HandSeat::forced) listed them.
    pub legal: Vec<A>,
}

impl<A: Copy + Ord, R> HandSeat<A, R> {
    /// Level `level`, seeded, searching with `rollout`; level 1 makes
    /// `mistakes` in its heuristic choices ([`best_scored`](HandSeat::best_scored)).
    ///
    /// # Panics
    /// When the level is not 1 to 4 (`title` names the game).
    pub fn new(title: &str, level: u8, seed: u64, rollout: R, mistakes: Mistakes) -> Self {
        assert!((1..=4).contains(&level), "{title} levels run from 1 to 4");
        HandSeat {
            level,
            rng: Rng::new(seed),
            seed,
            search: Ismcts::new(IsmctsConfig::default()),
            rollout,
            mistakes,
            legal: Vec::new(),
        }
    }

    /// The level.
    pub fn level(&self) -> u8 {
        self.level
    }

    /// Lists the seat's legal actions (into [`legal`](HandSeat::legal))
    /// and returns the decision when there is nothing to decide: no legal
    /// action, or one.
    pub fn forced<G: Determinize<Action = A>>(
        &mut self,
        game: &G,
        observation: &G::Observation,
        seat: Seat,
    ) -> Option<SearchResult<A>> {
        forced(game, observation, seat, &mut self.legal)
    }

    /// The heuristic levels' choice among the legal actions: the best by
    /// `score`, level 1 now and then making `mistakes`.
    ///
    /// # Panics
    /// When no action is legal.
    pub fn best_scored(&mut self, score: impl Fn(A) -> f64) -> A {
        let mistakes = (self.level == 1).then_some(self.mistakes);
        best_scored(&self.legal, score, mistakes, &mut self.rng)
    }

    /// The searching levels' decision: `iterations[level - 3]` ISMCTS
    /// iterations over the hand in progress.
    ///
    /// # Panics
    /// When the seat's level is not 3 or 4.
    pub fn search<G>(
        &mut self,
        game: &G,
        observation: &G::Observation,
        seat: Seat,
        iterations: [u64; 2],
    ) -> SearchResult<A>
    where
        G: HandRules<Action = A>,
        G::Observation: Hash,
        R: for<'a> Rollout<HandGame<'a, G>>,
    {
        let iterations = iterations[usize::from(self.level - 3)];
        search_hand(
            &mut self.search,
            game,
            observation,
            seat,
            &mut self.rollout,
            iterations,
            self.seed,
        )
    }
}

/// The hand in progress of `G` as a game of its own: it ends with the hand
/// (see [`HandRules`]); everything else is `G`'s.
#[derive(Debug)]
pub struct HandGame<'a, G> {
    game: &'a G,
    hand_no: u32,
}

impl<G> Clone for HandGame<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G> Copy for HandGame<'_, G> {}

impl<'a, G: HandRules> HandGame<'a, G> {
    /// The hand that `observation` is in.
    pub fn new(game: &'a G, observation: &G::Observation) -> Self {
        HandGame {
            game,
            hand_no: game.hand_of_observation(observation),
        }
    }

    /// The whole game.
    pub fn game(&self) -> &'a G {
        self.game
    }

    /// Whether the hand is over in `state`.
    #[inline]
    pub fn finished(&self, state: &G::State) -> bool {
        self.game.hand_of(state) != self.hand_no || self.game.hand_over(state)
    }
}

impl<G: HandRules> Game for HandGame<'_, G> {
    type State = G::State;
    type Action = G::Action;
    type Observation = G::Observation;

    fn num_seats(&self) -> usize {
        self.game.num_seats()
    }

    #[inline]
    fn to_move(&self, s: &G::State) -> Turn {
        if self.finished(s) {
            Turn::Terminal
        } else {
            self.game.to_move(s)
        }
    }

    fn legal_actions(&self, s: &G::State, out: &mut Vec<G::Action>) {
        if self.finished(s) {
            out.clear();
        } else {
            self.game.legal_actions(s, out);
        }
    }

    #[inline]
    fn apply(&self, s: &mut G::State, a: G::Action) {
        self.game.apply(s, a);
    }

    fn legal_form(&self, s: &G::State, a: G::Action) -> Option<G::Action> {
        self.game.legal_form(s, a)
    }

    fn payoffs(&self, s: &G::State) -> Payoffs {
        self.game.hand_rewards(s)
    }

    fn payoff_range(&self) -> (f64, f64) {
        self.game.hand_reward_range()
    }

    fn chance_outcomes(&self, s: &G::State, out: &mut Vec<(G::Action, f64)>) {
        self.game.chance_outcomes(s, out);
    }

    fn sample_chance(&self, s: &G::State, rng: &mut Rng) -> G::Action {
        self.game.sample_chance(s, rng)
    }

    fn observation(&self, s: &G::State, seat: Seat) -> G::Observation {
        self.game.observation(s, seat)
    }

    fn view_action(&self, s: &G::State, a: G::Action, observer: Seat) -> Seen<G::Action> {
        self.game.view_action(s, a, observer)
    }

    fn reveals(&self) -> bool {
        self.game.reveals()
    }

    #[inline]
    fn may_reveal(&self, before: &G::State, a: G::Action) -> bool {
        self.game.may_reveal(before, a)
    }

    fn revealed(&self, before: &G::State, a: G::Action, after: &G::State, observer: Seat) -> u64 {
        self.game.revealed(before, a, after, observer)
    }

    #[inline]
    fn hash(&self, s: &G::State) -> u64 {
        self.game.hash(s)
    }

    fn hash_from_scratch(&self, s: &G::State) -> u64 {
        self.game.hash_from_scratch(s)
    }
}

impl<G: HandRules> Determinize for HandGame<'_, G> {
    fn determinize(&self, o: &G::Observation, seat: Seat, rng: &mut Rng) -> G::State {
        self.game.determinize(o, seat, rng)
    }

    fn legal_from_observation(&self, o: &G::Observation, seat: Seat, out: &mut Vec<G::Action>) {
        self.game.legal_from_observation(o, seat, out);
    }

    fn sampler<'b>(&'b self, o: &'b G::Observation, seat: Seat) -> Box<dyn WorldSampler<G::State> + 'b> {
        self.game.sampler(o, seat)
    }
}
