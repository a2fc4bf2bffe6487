//! Players: something that chooses an action from a seat's observation.
//!
//! A player never receives a state, only what its seat observes; perfect-
//! information searchers rebuild the state with
//! [`PerfectInformation::state_of`], hidden-information ones sample worlds
//! with [`Determinize`]. Every searching player is deterministic: the same
//! observation, seed and budget give the same action, whatever it was asked
//! before.

use crate::alphabeta::{AlphaBeta, AlphaBetaConfig};
use crate::budget::Budget;
use crate::eval::{Evaluator, MoveOrder, NaturalOrder, Utility};
use crate::game::{Determinize, Game, PerfectInformation, Seat, TwoTeams};
use crate::ismcts::{Ismcts, IsmctsConfig};
use crate::mcts::{Mcts, MctsConfig, NoPrior, Prior, RandomRollout, Rollout};
use crate::minimax::Minimax;
use crate::rng::Rng;
use crate::rootucb::{RootUcbConfig, root_ucb};
use crate::stats::SearchResult;

/// Chooses actions for a seat.
pub trait Player<G: Game> {
    /// The action for `seat` (the seat to act) given its observation; the
    /// result carries the search's statistics. `action` is `None` only if
    /// the seat has no legal action.
    fn choose(&mut self, game: &G, observation: &G::Observation, seat: Seat) -> SearchResult<G::Action>;
}

impl<G: Game, P: Player<G> + ?Sized> Player<G> for Box<P> {
    fn choose(&mut self, game: &G, observation: &G::Observation, seat: Seat) -> SearchResult<G::Action> {
        (**self).choose(game, observation, seat)
    }
}

/// The start of every player's decision: `seat`'s legal actions from its
/// observation, into `legal`; and the answer when there is nothing to
/// choose (no legal action, or one), so that no player spends a search
/// or a random draw on it.
pub fn forced<G: Determinize>(
    game: &G,
    observation: &G::Observation,
    seat: Seat,
    legal: &mut Vec<G::Action>,
) -> Option<SearchResult<G::Action>> {
    game.legal_from_observation(observation, seat, legal);
    match legal.as_slice() {
        [] => Some(SearchResult::decided(None)),
        [only] => Some(SearchResult::decided(Some(*only))),
        _ => None,
    }
}

/// `result`, its action filled in with the seat's first legal action when
/// the search stopped (its deadline, its flag) before it could rank any:
/// a player answers whenever it has a legal action, however short its
/// time was.
fn answered<A: Copy>(mut result: SearchResult<A>, legal: impl FnOnce(&mut Vec<A>)) -> SearchResult<A> {
    if result.action.is_none() {
        let mut actions = Vec::new();
        legal(&mut actions);
        result.action = actions.first().copied();
    }
    result
}

/// Uniformly random legal actions (a baseline). Its generator advances from
/// move to move, so it is reproducible per game, not per position.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: Rng,
}

impl RandomPlayer {
    /// A random player with a seed.
    pub fn new(seed: u64) -> Self {
        RandomPlayer { rng: Rng::new(seed) }
    }
}

impl<G: Determinize> Player<G> for RandomPlayer {
    fn choose(&mut self, game: &G, observation: &G::Observation, seat: Seat) -> SearchResult<G::Action> {
        let mut actions = Vec::new();
        game.legal_from_observation(observation, seat, &mut actions);
        SearchResult::decided(self.rng.choose(&actions).copied())
    }
}

/// Full-width minimax to the end of the game (small games only).
#[derive(Debug, Default)]
pub struct MinimaxPlayer<A> {
    searcher: Minimax<A>,
}

impl<A: Copy> MinimaxPlayer<A> {
    /// A minimax player.
    pub fn new() -> Self {
        MinimaxPlayer {
            searcher: Minimax::new(),
        }
    }
}

impl<G: PerfectInformation + TwoTeams> Player<G> for MinimaxPlayer<G::Action> {
    fn choose(&mut self, game: &G, observation: &G::Observation, _seat: Seat) -> SearchResult<G::Action> {
        let state = game.state_of(observation);
        let result = self
            .searcher
            .search(game, &state, None, &Utility, &Budget::unlimited(), false)
            .result;
        answered(result, |out| game.legal_actions(&state, out))
    }
}

/// Alpha-beta with iterative deepening to a depth (or to the end), an
/// evaluator and a move order.
#[derive(Debug)]
pub struct AlphaBetaPlayer<A, E = Utility, O = NaturalOrder> {
    searcher: AlphaBeta<A>,
    depth: Option<u32>,
    eval: E,
    order: O,
    budget: Budget,
}

impl<A: Copy + Eq + Ord, E, O> AlphaBetaPlayer<A, E, O> {
    /// A player searching `depth` plies (`None`: to the end) within `budget`.
    pub fn new(config: AlphaBetaConfig, depth: Option<u32>, eval: E, order: O, budget: Budget) -> Self {
        AlphaBetaPlayer {
            searcher: AlphaBeta::new(config),
            depth,
            eval,
            order,
            budget,
        }
    }
}

impl<G, E, O> Player<G> for AlphaBetaPlayer<G::Action, E, O>
where
    G: PerfectInformation + TwoTeams,
    E: Evaluator<G>,
    O: MoveOrder<G>,
{
    fn choose(&mut self, game: &G, observation: &G::Observation, _seat: Seat) -> SearchResult<G::Action> {
        let state = game.state_of(observation);
        // A fresh table per move keeps the answer a function of the position.
        self.searcher.clear();
        let result = self
            .searcher
            .iterative_deepening(game, &state, self.depth, &self.eval, &self.order, &self.budget);
        answered(result, |out| game.legal_actions(&state, out))
    }
}

/// MCTS (UCT) on the state a perfect-information observation describes.
#[derive(Debug)]
pub struct MctsPlayer<A, R = RandomRollout<A>, P = NoPrior> {
    searcher: Mcts<A>,
    rollout: R,
    prior: P,
    budget: Budget,
    seed: u64,
}

impl<A: Copy + Eq + Ord> MctsPlayer<A> {
    /// UCT with random rollouts and no prior.
    pub fn new(config: MctsConfig, budget: Budget, seed: u64) -> Self {
        Self::with_policies(config, RandomRollout::new(), NoPrior, budget, seed)
    }
}

impl<A: Copy + Eq + Ord, R, P> MctsPlayer<A, R, P> {
    /// UCT with a rollout policy and a prior.
    pub fn with_policies(config: MctsConfig, rollout: R, prior: P, budget: Budget, seed: u64) -> Self {
        MctsPlayer {
            searcher: Mcts::new(config),
            rollout,
            prior,
            budget,
            seed,
        }
    }
}

impl<G, R, P> Player<G> for MctsPlayer<G::Action, R, P>
where
    G: PerfectInformation,
    R: Rollout<G>,
    P: Prior<G>,
{
    fn choose(&mut self, game: &G, observation: &G::Observation, _seat: Seat) -> SearchResult<G::Action> {
        let state = game.state_of(observation);
        let result = self
            .searcher
            .search(game, &state, &mut self.rollout, &self.prior, &self.budget, self.seed);
        answered(result, |out| game.legal_actions(&state, out))
    }
}

/// Information-set MCTS from the seat's observation.
#[derive(Debug)]
pub struct IsmctsPlayer<A, R = RandomRollout<A>> {
    searcher: Ismcts<A>,
    rollout: R,
    budget: Budget,
    seed: u64,
}

impl<A: Copy + Eq + Ord> IsmctsPlayer<A> {
    /// ISMCTS with random rollouts.
    pub fn new(config: IsmctsConfig, budget: Budget, seed: u64) -> Self {
        IsmctsPlayer {
            searcher: Ismcts::new(config),
            rollout: RandomRollout::new(),
            budget,
            seed,
        }
    }
}

impl<G: Determinize, R: Rollout<G>> Player<G> for IsmctsPlayer<G::Action, R> {
    fn choose(&mut self, game: &G, observation: &G::Observation, seat: Seat) -> SearchResult<G::Action> {
        let result = self
            .searcher
            .search(game, observation, seat, &mut self.rollout, &self.budget, self.seed);
        answered(result, |out| game.legal_from_observation(observation, seat, out))
    }
}

/// Determinized root-UCB Monte Carlo from the seat's observation.
#[derive(Debug)]
pub struct RootUcbPlayer<A, R = RandomRollout<A>> {
    config: RootUcbConfig,
    rollout: R,
    budget: Budget,
    seed: u64,
    _action: std::marker::PhantomData<A>,
}

impl<A> RootUcbPlayer<A> {
    /// Root-UCB with random rollouts.
    pub fn new(config: RootUcbConfig, budget: Budget, seed: u64) -> Self {
        RootUcbPlayer {
            config,
            rollout: RandomRollout::new(),
            budget,
            seed,
            _action: std::marker::PhantomData,
        }
    }
}

impl<G: Determinize, R: Rollout<G>> Player<G> for RootUcbPlayer<G::Action, R> {
    fn choose(&mut self, game: &G, observation: &G::Observation, seat: Seat) -> SearchResult<G::Action> {
        let result = root_ucb(
            game,
            observation,
            seat,
            &mut self.rollout,
            &self.config,
            &self.budget,
            self.seed,
        );
        answered(result, |out| game.legal_from_observation(observation, seat, out))
    }
}
