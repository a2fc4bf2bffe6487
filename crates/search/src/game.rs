//! The game model every search in this crate is generic over.
//!
//! A game is a set of states, a player to act (a seat, a chance event, or
//! nothing at terminal states), legal actions, a transition and, at terminal
//! states, a payoff vector with one number per seat. Two-player zero-sum games
//! are the special case `[u, -u]`; n-player games, teams (equal payoffs),
//! chance events and hidden information are all part of the same model.
//!
//! The rules object (`&self`) carries the options of a game (variants, number
//! of seats); the state carries the position. States are copied to make a move
//! ("copy-make"), so games keep them small and free of heap allocation.

use std::cmp::Ordering;
use std::fmt::Debug;
use std::hash::Hash;

use crate::rng::Rng;

/// A seat at the table, numbered from 0. Seat 0 moves first unless the rules
/// say otherwise.
pub type Seat = usize;

/// The most seats any game of the platform has (Skyjo seats up to 8).
pub const MAX_SEATS: usize = 8;

/// Who acts in a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// A seat chooses one of the legal actions.
    Seat(Seat),
    /// Nature draws one of the chance outcomes.
    Chance,
    /// The game is over; [`Game::payoffs`] applies.
    Terminal,
}

impl Turn {
    /// The acting seat, if a seat acts.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Turn::Seat(s) => Some(s),
            _ => None,
        }
    }
}

/// The payoff vector of a terminal state: one number per seat.
///
/// Stored inline (no allocation) for up to [`MAX_SEATS`] seats.
#[derive(Clone, Copy, PartialEq)]
pub struct Payoffs {
    len: u8,
    values: [f64; MAX_SEATS],
}

impl Payoffs {
    /// Payoffs from a slice, one value per seat.
    ///
    /// # Panics
    /// If the slice is empty or longer than [`MAX_SEATS`].
    pub fn new(values: &[f64]) -> Self {
        assert!(
            !values.is_empty() && values.len() <= MAX_SEATS,
            "a game has 1 to {MAX_SEATS} seats, got {}",
            values.len()
        );
        let mut v = [0.0; MAX_SEATS];
        v[..values.len()].copy_from_slice(values);
        Payoffs {
            len: values.len() as u8,
            values: v,
        }
    }

    /// The two-player zero-sum payoff `[u, -u]`: `u` for seat 0.
    pub fn zero_sum(u: f64) -> Self {
        Payoffs::new(&[u, -u])
    }

    /// The payoff of one seat.
    ///
    /// # Panics
    /// If `seat` is not a seat of this game.
    #[inline]
    pub fn get(&self, seat: Seat) -> f64 {
        self.as_slice()[seat]
    }

    /// All payoffs, seat by seat.
    #[inline]
    pub fn as_slice(&self) -> &[f64] {
        &self.values[..self.len as usize]
    }

    /// The number of seats.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Always false: a payoff vector has at least one seat.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl Debug for Payoffs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// How a seat sees an action: the action itself, or, for an action the
/// seat cannot tell apart from others (a card dealt to another hand, a
/// pass chosen face down), only its kind. A game's actions are what can be
/// applied; a hidden view is a separate value, so it can never be applied
/// by mistake.
///
/// Seen actions come before hidden ones; each part is in its own order (the
/// order a derive would give). The order is written out so that the common
/// case, two actions seen exactly, is tested first and costs little more
/// than comparing the actions: ISMCTS compares keys in its innermost loops
/// (the derived one cost Hearts' search 5% more instructions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seen<A> {
    /// The action, seen exactly.
    Action(A),
    /// An action seen only as its kind; every hidden action of one kind
    /// looks alike.
    Hidden(Hidden),
}

/// The kinds of action a seat may see only as such.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Hidden {
    /// A card dealt to another seat, or face down.
    Deal,
    /// Cards passed face down.
    Pass,
    /// A card discarded face down.
    Discard,
    /// A card drawn and looked at by another seat only.
    Draw,
}

impl<A: Ord> PartialOrd for Seen<A> {
    #[inline(always)]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<A: Ord> Ord for Seen<A> {
    #[inline(always)]
    fn cmp(&self, other: &Self) -> Ordering {
        match (self, other) {
            (Seen::Action(a), Seen::Action(b)) => a.cmp(b),
            (Seen::Action(_), Seen::Hidden(_)) => Ordering::Less,
            (Seen::Hidden(_), Seen::Action(_)) => Ordering::Greater,
            (Seen::Hidden(a), Seen::Hidden(b)) => a.cmp(b),
        }
    }
}

impl<A> Seen<A> {
    /// The action, when it was seen exactly.
    #[inline]
    pub fn action(self) -> Option<A> {
        match self {
            Seen::Action(a) => Some(a),
            Seen::Hidden(_) => None,
        }
    }
}

/// The model of a game, as the searches see it.
///
/// Required properties, checked for every game by the conformance suite
/// (`tabula-conformance`):
/// - [`legal_actions`](Game::legal_actions) is sorted ascending, without
///   duplicates, and non-empty whenever a seat is to act;
/// - [`chance_outcomes`](Game::chance_outcomes) is sorted, unique, and its
///   probabilities sum to 1;
/// - every playout ends in a terminal state;
/// - [`hash`](Game::hash) (maintained incrementally by `apply`) equals
///   [`hash_from_scratch`](Game::hash_from_scratch).
pub trait Game {
    /// A complete position, including anything hidden from some seat.
    type State: Clone + Debug;
    /// A complete action of a seat, or an outcome of a chance event.
    type Action: Copy + Eq + Ord + Hash + Debug + Send + Sync + 'static;
    /// Everything one seat may know about a state. For perfect-information
    /// games this is the state itself.
    type Observation: Clone + PartialEq + Debug;

    /// The number of seats.
    fn num_seats(&self) -> usize;

    /// Who acts in `state`.
    fn to_move(&self, state: &Self::State) -> Turn;

    /// Writes the legal actions of the seat to act into `out` (cleared first),
    /// sorted ascending. Leaves `out` empty at chance and terminal states.
    fn legal_actions(&self, state: &Self::State, out: &mut Vec<Self::Action>);

    /// Plays `action` in place, without checking it.
    ///
    /// The action must be legal in `state` (one of
    /// [`legal_actions`](Game::legal_actions), or a chance outcome at a chance
    /// node); otherwise the resulting state is unspecified and the call may
    /// panic. Use [`play`] to check first.
    fn apply(&self, state: &mut Self::State, action: Self::Action);

    /// The legal action `action` stands for in `state`: the action itself,
    /// unless the game lets an action carry a detail its rules ignore (Dou
    /// Dizhu's physical cards of the ranks a play names, which a person may
    /// choose); `None` when the detail does not fit the state. [`play`] and
    /// every check of a given action against the legal ones compare this
    /// form with [`legal_actions`](Game::legal_actions), which list one
    /// action per form, so the searches never branch on the detail. The
    /// default: every action is its own form.
    fn legal_form(&self, state: &Self::State, action: Self::Action) -> Option<Self::Action> {
        let _ = state;
        Some(action)
    }

    /// The payoff vector of a terminal state. Elsewhere it is the standing
    /// (a game that keeps scores says who leads; others may say a draw):
    /// a random playout cut at [`PLAYOUT_LIMIT`] is scored by it, so it
    /// must be finite, of the right length, and never panic.
    fn payoffs(&self, state: &Self::State) -> Payoffs;

    /// The smallest and the largest payoff a seat can receive. Sampling
    /// searches scale rewards to `[0, 1]` with it for their bandit formulas,
    /// so that an exploration constant means the same in every game. The
    /// default is `(-1, 1)`.
    fn payoff_range(&self) -> (f64, f64) {
        (-1.0, 1.0)
    }

    /// At a chance node, the outcomes with their probabilities, sorted by
    /// outcome, written into `out` (cleared first). Games whose chance events
    /// cannot be enumerated leave `out` empty and implement
    /// [`sample_chance`](Game::sample_chance) instead.
    fn chance_outcomes(&self, state: &Self::State, out: &mut Vec<(Self::Action, f64)>) {
        let _ = state;
        out.clear();
    }

    /// Draws one chance outcome. The default enumerates the outcomes (and so
    /// allocates); games with chance events on a hot path override it.
    ///
    /// # Panics
    /// If the state is not a chance node or the game enumerates no outcome.
    fn sample_chance(&self, state: &Self::State, rng: &mut Rng) -> Self::Action {
        let mut outcomes = Vec::new();
        self.chance_outcomes(state, &mut outcomes);
        sample_weighted(&outcomes, rng)
    }

    /// What `seat` knows of `state`.
    fn observation(&self, state: &Self::State, seat: Seat) -> Self::Observation;

    /// How `observer` sees `action` taken in `state` by whoever acts there:
    /// actions the observer cannot tell apart map to one [`Seen::Hidden`]
    /// kind; any other is `Seen::Action(action)`, the action itself, never
    /// another (ISMCTS relies on it: a decision none of whose actions is
    /// hidden keys its children by the legal actions as they come). The
    /// acting seat always sees its own action exactly. The default (every
    /// action public) sees every action exactly.
    fn view_action(&self, state: &Self::State, action: Self::Action, observer: Seat) -> Seen<Self::Action> {
        let _ = (state, observer);
        Seen::Action(action)
    }

    /// Whether any action can tell a seat more than [`view_action`]
    /// shows (see [`revealed`](Game::revealed)); searches skip the call
    /// when it is false (the default).
    fn reveals(&self) -> bool {
        false
    }

    /// Whether `action` in `before` can tell a seat more than
    /// [`view_action`](Game::view_action) shows; when false a search takes
    /// the digest as 0 without copying the world or adding a reveal node.
    /// It must be the same in every world a seat cannot tell apart from
    /// this one (a public fact, such as the phase of the game); the
    /// conformance suite checks it. The default is [`reveals`](Game::reveals).
    #[inline]
    fn may_reveal(&self, before: &Self::State, action: Self::Action) -> bool {
        let _ = (before, action);
        self.reveals()
    }

    /// What `observer` learns when `action` (taken by whoever acted in
    /// `before`) leads to `after`, beyond the action as it sees it: a
    /// digest of the information the move disclosed (the value of a card
    /// turned face up, say), 0 when it disclosed nothing. Only read when
    /// [`reveals`](Game::reveals) and [`may_reveal`](Game::may_reveal) are
    /// true.
    ///
    /// The contract, checked by the conformance suite: two worlds `observer`
    /// cannot tell apart before the move, with the same view of the action
    /// and the same digest, give it equal observations after. Information
    /// searches key their trees by the view *and* the digest, so they never
    /// merge what the seat can tell apart.
    fn revealed(&self, before: &Self::State, action: Self::Action, after: &Self::State, observer: Seat) -> u64 {
        let _ = (before, action, after, observer);
        0
    }

    /// The hash of `state`, maintained incrementally by [`apply`](Game::apply)
    /// (Zobrist style). Equal states have equal hashes.
    fn hash(&self, state: &Self::State) -> u64;

    /// The same hash recomputed from the whole state; used to check the
    /// incremental one. The default returns [`hash`](Game::hash).
    fn hash_from_scratch(&self, state: &Self::State) -> u64 {
        self.hash(state)
    }
}

/// A game in which every seat sees the whole state: the observation *is* the
/// state.
pub trait PerfectInformation: Game {
    /// The state an observation describes.
    fn state_of(&self, observation: &Self::Observation) -> Self::State;
}

/// A zero-sum game between two teams: team 0 maximises `u`, team 1
/// minimises it, where `u` is the payoff of seat 0 (seat 0 plays for team
/// 0) and every seat of team 1 receives `-u`. Two-player zero-sum games are
/// the case of one seat per team (the default [`team`](TwoTeams::team));
/// partnership games (four seats, partners facing) say which seat plays for
/// which team, so the tree searches (minimax, alpha-beta, expectiminimax,
/// retrograde analysis) serve double-dummy and endgame solvers. Turns need
/// not alternate (a seat may act twice in a row, as after a pass).
pub trait TwoTeams: Game {
    /// The team of `seat`: 0 (maximises) or 1 (minimises).
    fn team(&self, seat: Seat) -> usize {
        seat
    }

    /// Whether `seat` maximises seat 0's payoff.
    #[inline]
    fn maximises(&self, seat: Seat) -> bool {
        self.team(seat) == 0
    }
}

/// Samples full states consistent with an observation (a *determinization*).
///
/// Worlds must follow the conditional distribution over physical
/// arrangements given everything the observer knows (a revealed void, a
/// known card, how many of each face remain: see `docs/design.md`), and
/// `observation(determinize(obs, seat), seat) == obs` always.
pub trait Determinize: Game {
    /// A full state consistent with what `seat` observes.
    fn determinize(&self, observation: &Self::Observation, seat: Seat, rng: &mut Rng) -> Self::State;

    /// The legal actions of `seat` computed from what it observes alone
    /// (cleared first, sorted as [`Game::legal_actions`]): they are the same
    /// in every world consistent with the observation, and a player that
    /// only needs them (a random player, the root of a search, a host
    /// checking a request) asks for them without sampling a world. Empty
    /// when another seat or chance acts, or the game is over.
    fn legal_from_observation(&self, observation: &Self::Observation, seat: Seat, out: &mut Vec<Self::Action>);

    /// A sampler of worlds for one observation, built once per search and
    /// drawn from by every iteration: games whose determinizer has set-up
    /// work (lists of unseen cards, deal classes, counting tables) do it
    /// here once. Each draw must follow the same distribution as
    /// [`determinize`](Determinize::determinize) and consume the generator
    /// the same way. The default calls `determinize` for every world.
    fn sampler<'a>(&'a self, observation: &'a Self::Observation, seat: Seat) -> Box<dyn WorldSampler<Self::State> + 'a>
    where
        Self: Sized,
    {
        Box::new(Redraw {
            game: self,
            observation,
            seat,
        })
    }
}

/// Draws worlds for one observation (see [`Determinize::sampler`]).
pub trait WorldSampler<S> {
    /// One world.
    fn sample(&mut self, rng: &mut Rng) -> S;
}

/// The default sampler: a call of [`Determinize::determinize`] per world.
struct Redraw<'a, G: Game> {
    game: &'a G,
    observation: &'a G::Observation,
    seat: Seat,
}

impl<G: Determinize> WorldSampler<G::State> for Redraw<'_, G> {
    #[inline]
    fn sample(&mut self, rng: &mut Rng) -> G::State {
        self.game.determinize(self.observation, self.seat, rng)
    }
}

/// The error of [`play`]: the action is not legal in the state.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("illegal action {action}")]
pub struct IllegalAction {
    /// The action, as its `Debug` form.
    pub action: String,
}

/// Plays `action` if it is legal (a legal action of the seat to act, or one
/// whose [`legal_form`](Game::legal_form) is; or a chance outcome with
/// positive probability); otherwise returns an error and leaves `state`
/// unchanged. The action played is `action` itself, detail included.
pub fn play<G: Game>(game: &G, state: &mut G::State, action: G::Action) -> Result<(), IllegalAction> {
    let legal = match game.to_move(state) {
        Turn::Seat(_) => {
            let mut actions = Vec::new();
            game.legal_actions(state, &mut actions);
            game.legal_form(state, action)
                .is_some_and(|form| actions.binary_search(&form).is_ok())
        }
        Turn::Chance => {
            let mut outcomes = Vec::new();
            game.chance_outcomes(state, &mut outcomes);
            outcomes.iter().any(|&(a, p)| a == action && p > 0.0)
        }
        Turn::Terminal => false,
    };
    if legal {
        game.apply(state, action);
        Ok(())
    } else {
        Err(IllegalAction {
            action: format!("{action:?}"),
        })
    }
}

/// Draws from a list of `(outcome, probability)` pairs.
///
/// # Panics
/// If the list is empty.
pub fn sample_weighted<A: Copy>(outcomes: &[(A, f64)], rng: &mut Rng) -> A {
    assert!(!outcomes.is_empty(), "no chance outcome to sample");
    let total: f64 = outcomes.iter().map(|o| o.1).sum();
    let mut x = rng.next_f64() * total;
    for &(a, p) in outcomes {
        if x < p {
            return a;
        }
        x -= p;
    }
    outcomes[outcomes.len() - 1].0
}

/// The most plies a [`random_playout`] plays before it stops and scores
/// the state it reached by [`Game::payoffs`]. Some matches need not end
/// under random play (Spades without the mercy rule drifts below zero for
/// ever): without a bound one rollout of such a world would never return,
/// and its search would outlive every deadline.
pub const PLAYOUT_LIMIT: usize = 10_000;

/// Plays uniformly random legal actions (and chance outcomes by their
/// probabilities) from `state` to the end, or for [`PLAYOUT_LIMIT`]
/// plies; returns the payoffs where it stopped. `buf` is scratch space
/// reused across calls.
pub fn random_playout<G: Game>(game: &G, state: &mut G::State, rng: &mut Rng, buf: &mut Vec<G::Action>) -> Payoffs {
    for _ in 0..PLAYOUT_LIMIT {
        match game.to_move(state) {
            Turn::Terminal => return game.payoffs(state),
            Turn::Chance => {
                let a = game.sample_chance(state, rng);
                game.apply(state, a);
            }
            Turn::Seat(_) => {
                game.legal_actions(state, buf);
                let a = buf[rng.below(buf.len() as u64) as usize];
                game.apply(state, a);
            }
        }
    }
    game.payoffs(state)
}
