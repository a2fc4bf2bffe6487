//! MiniWhist: a two-seat trick-taking game small enough to enumerate, with
//! duplicate faces, hidden deals, hidden discards and revealed voids.
//!
//! # Rules
//!
//! - **Cards.** Twelve physical cards, [`CardId`] 0–11, two copies of each
//!   of six faces ♠1 ♠2 ♠3 ♥1 ♥2 ♥3: ids `2k` and `2k + 1` carry face `k`
//!   in that order (so 0–5 are spades, 6–11 hearts). Rank 3 is high.
//! - **Deal.** Eight chance events deal one card each from the stock, the
//!   outcome uniform over the cards still there ([`Action::Deal`]); step
//!   `k` (from 0) gives the card to seat `k mod 2`, so each seat receives
//!   four and four stay face down in the stock. The receiving seat sees its
//!   card; the other seat sees only that a card was dealt
//!   (a [`Seen::Hidden`](tabula_search::Seen) deal).
//! - **Discard.** Seat 0, then seat 1, discards one card face down
//!   ([`Action::Discard`]). The card leaves play for good; its owner
//!   remembers it, the other seat sees only that a discard happened
//!   (a [`Seen::Hidden`](tabula_search::Seen) discard). Each seat keeps three cards.
//! - **Tricks.** Three tricks ([`Action::Play`], public). Seat 0 leads the
//!   first; the other seat must follow the led suit if it can, and a seat
//!   that does not follow shows every seat that it holds no card of that
//!   suit (a *void*). The higher rank of the led suit wins the trick;
//!   between two cards of the same face the one played first wins, and a
//!   card of the other suit never wins. The winner leads the next trick.
//! - **Payoff.** With `t0` and `t1` the tricks won, `[t0 − t1, t1 − t0]`
//!   (±1 or ±3: three tricks leave no draw).
//!
//! # Information
//!
//! A seat's [`Observation`] is its hand and discard, the number of deal
//! steps, the opponent's hand size and whether it discarded, every play, and
//! the consequences of the plays (leader, tricks, voids). It holds no card
//! id the seat cannot see. [`Game::view_action`] maps the opponent's deals
//! and discards to their hidden representatives, so searches keyed by what
//! a seat observes never split on them.
//!
//! [`Determinize`] samples positions uniformly over the arrangements of the
//! unseen card *instances* consistent with the observation (the opponent's
//! hand avoiding its revealed voids), at every phase: mid-deal, during the
//! discards and during the tricks.
//!
//! ```
//! use tabula_search::*;
//! use tabula_testgames::miniwhist::{Action, MiniWhist};
//!
//! let game = MiniWhist;
//! let mut state = game.initial_state();
//! let mut rng = Rng::new(1);
//! // Deal, then look at the discard decision as each seat sees it.
//! while game.to_move(&state) == Turn::Chance {
//!     let card = game.sample_chance(&state, &mut rng);
//!     game.apply(&mut state, card);
//! }
//! let mut legal = Vec::new();
//! game.legal_actions(&state, &mut legal);
//! assert!(legal.iter().all(|a| matches!(a, Action::Discard(_))));
//! assert_eq!(game.view_action(&state, legal[0], 1), Seen::Hidden(Hidden::Discard));
//! let world = game.determinize(&game.observation(&state, 1), 1, &mut rng);
//! assert_eq!(game.observation(&world, 1), game.observation(&state, 1));
//! ```

mod action;
mod cards;
mod module;
mod observation;
mod state;
mod view;

pub use action::Action;
pub use cards::{CardError, CardId, CardIter, CardSet, Face, NUM_CARDS, Suit};
pub use observation::Observation;
pub use state::{DEAL_STEPS, MAX_PLAYS, PositionError, State, TRICKS, Zone, follower_wins};
pub use view::MiniWhistView;

use tabula_search::{Determinize, Game, Hidden, Payoffs, Rng, Seat, Seen, Turn, TwoTeams};

use state::{DISCARD_KEYS, HAND_KEYS, PLAY_KEYS, STOCK_KEYS, key};

/// The rules of MiniWhist (see the [module documentation](self)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MiniWhist;

impl MiniWhist {
    /// The name the platform registers the game under.
    pub const NAME: &'static str = "miniwhist";

    /// The position before the deal: every card in the stock.
    pub fn initial_state(&self) -> State {
        State::new()
    }
}

impl Game for MiniWhist {
    type State = State;
    type Action = Action;
    type Observation = Observation;

    fn num_seats(&self) -> usize {
        2
    }

    #[inline]
    fn to_move(&self, state: &State) -> Turn {
        state.turn()
    }

    fn legal_actions(&self, state: &State, out: &mut Vec<Action>) {
        out.clear();
        let Turn::Seat(seat) = state.turn() else {
            return;
        };
        let hand = state.hands[seat];
        if state.discards[seat].is_none() {
            out.extend(hand.iter().map(Action::Discard));
            return;
        }
        let playable = match state.led_card() {
            Some(lead) if !hand.of_suit(lead.suit()).is_empty() => hand.of_suit(lead.suit()),
            _ => hand,
        };
        out.extend(playable.iter().map(Action::Play));
    }

    fn apply(&self, state: &mut State, action: Action) {
        match action {
            Action::Deal(card) => {
                let seat = usize::from(state.dealt % 2);
                debug_assert!(state.stock.contains(card), "{card} is not in the stock");
                state.stock.remove(card);
                state.hands[seat].insert(card);
                state.hash ^= key(STOCK_KEYS, card) ^ key(HAND_KEYS + seat * NUM_CARDS, card);
                state.dealt += 1;
            }
            Action::Discard(card) => {
                let seat = usize::from(state.discards[0].is_some());
                debug_assert!(state.hands[seat].contains(card), "seat {seat} does not hold {card}");
                state.hands[seat].remove(card);
                state.discards[seat] = Some(card);
                state.hash ^= key(HAND_KEYS + seat * NUM_CARDS, card) ^ key(DISCARD_KEYS + seat * NUM_CARDS, card);
            }
            Action::Play(card) => {
                let i = usize::from(state.num_plays);
                let seat = usize::from(state.table.actor(i));
                debug_assert!(state.hands[seat].contains(card), "seat {seat} does not hold {card}");
                state.hands[seat].remove(card);
                state.plays[i] = card;
                state.num_plays += 1;
                state.hash ^= key(HAND_KEYS + seat * NUM_CARDS, card) ^ key(PLAY_KEYS + i * NUM_CARDS, card);
                state.table.record(i, state.plays[i - i % 2], card);
            }
        }
    }

    fn payoffs(&self, state: &State) -> Payoffs {
        let [t0, t1] = state.table.tricks;
        Payoffs::zero_sum(f64::from(t0) - f64::from(t1))
    }

    /// Three tricks: a seat wins or loses at most 3.
    fn payoff_range(&self) -> (f64, f64) {
        (-3.0, 3.0)
    }

    fn chance_outcomes(&self, state: &State, out: &mut Vec<(Action, f64)>) {
        out.clear();
        if state.turn() != Turn::Chance {
            return;
        }
        let p = 1.0 / state.stock.len() as f64;
        out.extend(state.stock.iter().map(|c| (Action::Deal(c), p)));
    }

    #[inline]
    fn sample_chance(&self, state: &State, rng: &mut Rng) -> Action {
        assert!(state.turn() == Turn::Chance, "not a chance node: {state:?}");
        let n = state.stock.len() as u64;
        Action::Deal(state.stock.nth(rng.below(n) as usize).expect("the stock is not empty"))
    }

    fn observation(&self, state: &State, seat: Seat) -> Observation {
        Observation::of(state, seat)
    }

    #[inline]
    fn view_action(&self, state: &State, action: Action, observer: Seat) -> Seen<Action> {
        match action {
            Action::Deal(_) if state.next_recipient() != Some(observer) => Seen::Hidden(Hidden::Deal),
            Action::Discard(_) if state.turn() != Turn::Seat(observer) => Seen::Hidden(Hidden::Discard),
            other => Seen::Action(other),
        }
    }

    #[inline]
    fn hash(&self, state: &State) -> u64 {
        state.hash
    }

    fn hash_from_scratch(&self, state: &State) -> u64 {
        state.compute_hash()
    }
}

impl TwoTeams for MiniWhist {}

impl Determinize for MiniWhist {
    /// Uniform over the arrangements of the unseen cards consistent with
    /// the observation; see [`Observation::sample`].
    ///
    /// # Panics
    /// If `seat` is not the observation's seat.
    fn determinize(&self, observation: &Observation, seat: Seat, rng: &mut Rng) -> State {
        assert_eq!(
            observation.seat(),
            seat,
            "an observation of seat {} determinized for seat {seat}",
            observation.seat()
        );
        observation.sample(rng)
    }

    fn legal_from_observation(&self, observation: &Observation, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if observation.seat() == seat && observation.to_move() == Turn::Seat(seat) {
            observation.legal_actions(out);
        }
    }
}
