//! MiniWhist: a two-seat trick-taking game small enough to enumerate, with
//! duplicate faces, hidden deals, hidden discards and revealed voids.
//!
//! # Rules
//!
//! - **Cards.** Twelve physical cards, the card engine's [`CardId`] 0–11
//!   (hands are its [`CardSet`]), two copies of each of six faces ♠1 ♠2 ♠3
//!   ♥1 ♥2 ♥3: ids `2k` and `2k + 1` carry face `k` in that order (so 0–5
//!   are spades, 6–11 hearts; [`DECK`] maps them). Rank 3 is high.
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
//! the consequences of the plays (leader, tricks, voids: the trick plugin's
//! record, [`tabula_cards::tricks::Tricks`]). It holds no card
//! id the seat cannot see. [`Game::view_action`] maps the opponent's deals
//! and discards to their hidden representatives, so searches keyed by what
//! a seat observes never split on them.
//!
//! [`Determinize`](tabula_search::Determinize) samples positions uniformly
//! over the arrangements of the unseen card *instances* consistent with the
//! observation (the opponent's hand avoiding its revealed voids), at every
//! phase: mid-deal, during the discards and during the tricks. The worlds
//! are the card engine's deal problem ([`Observation::worlds`]), prepared
//! once per search, and `Determinize` is the engine's glue
//! ([`tabula_cards::card_game!`] over Mini Whist's
//! [`CardGame`](tabula_cards::CardGame)).
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
mod card_game;
mod cards;
mod module;
mod observation;
mod state;
mod view;

pub use action::Action;
pub use cards::{CardError, CardId, CardSet, DECK, Face, MiniDeck, NUM_CARDS, Suit};
pub use observation::{Observation, Worlds};
pub use state::{DEAL_STEPS, MAX_PLAYS, PositionError, State, TRICKS, Zone};
pub use view::MiniWhistView;

use tabula_cards::tricks::follow;
use tabula_search::{Game, Hidden, Payoffs, Seat, Seen, Turn, TwoTeams};

use state::{KEYS, STOCK, discard, hand, num_plays, play, record, tricks_won};

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
        out.extend(follow(&DECK, hand, state.tricks.trick()).iter().map(Action::Play));
    }

    fn apply(&self, state: &mut State, action: Action) {
        match action {
            Action::Deal(card) => {
                let seat = usize::from(state.dealt % 2);
                debug_assert!(state.stock.contains(card), "{card} is not in the stock");
                state.stock.remove(card);
                state.hands[seat].insert(card);
                state.hash ^= KEYS.moved(card, STOCK, hand(seat));
                state.dealt += 1;
            }
            Action::Discard(card) => {
                let seat = usize::from(state.discards[0].is_some());
                debug_assert!(state.hands[seat].contains(card), "seat {seat} does not hold {card}");
                state.hands[seat].remove(card);
                state.discards[seat] = Some(card);
                state.hash ^= KEYS.moved(card, hand(seat), discard(seat));
            }
            Action::Play(card) => {
                let i = num_plays(&state.tricks);
                let seat = record(&mut state.tricks, card);
                debug_assert!(state.hands[seat].contains(card), "seat {seat} does not hold {card}");
                state.hands[seat].remove(card);
                state.plays[i] = card;
                state.hash ^= KEYS.moved(card, hand(seat), play(i));
            }
        }
    }

    fn payoffs(&self, state: &State) -> Payoffs {
        let [t0, t1] = tricks_won(&state.tricks);
        Payoffs::zero_sum(f64::from(t0) - f64::from(t1))
    }

    /// Three tricks: a seat wins or loses at most 3.
    fn payoff_range(&self) -> (f64, f64) {
        (-3.0, 3.0)
    }

    tabula_cards::deal_from_stock!(Action::Deal);

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
