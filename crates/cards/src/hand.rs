//! One hand of a match as a game of its own, for searches that look no
//! further than the hand in progress: the trick-taking games' searches
//! (Hearts, Spades) judge a finished hand by its points, not the match.

use std::hash::Hash;

use tabula_search::rng::derive_seed;
use tabula_search::{
    Budget, Determinize, Game, Ismcts, Payoffs, Rng, Rollout, SearchResult, Seat, Seen, Turn, WorldSampler, stable_hash,
};

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
