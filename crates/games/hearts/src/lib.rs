//! # tabula-hearts
//!
//! Hearts for four seats, as a whole match to the target score, on
//! Tabula's card engine: the rules with every house rule the card table lists as
//! an option, each seat's observation, and worlds drawn consistently with
//! it for the searches.
//!
//! ## Rules as implemented
//!
//! The standard game as pagat.com describes it (<https://www.pagat.com/reverse/hearts.html>),
//! with these choices where it lists variants:
//!
//! - **Deal.** 52 cards, 13 to each seat, one at a time from the dealer's
//!   left; the deal passes to the left each hand. Each dealt card is a
//!   chance event ([`Action::Deal`]); the other seats see only that a card
//!   was dealt (a [`Seen::Hidden`](tabula_search::Seen) deal).
//! - **Pass.** Three cards, to the left on the first hand, then to the right,
//!   across, and no pass on the fourth; the cycle repeats. Seats choose in
//!   turn from the dealer's left, each choice hidden (a [`Seen::Hidden`](tabula_search::Seen) pass)
//!   until all four are exchanged at once; a pass is one action of three
//!   cards, never three half-turns.
//! - **Play.** The holder of 2♣ leads it to the first trick. Each seat
//!   follows the suit led if it can; the highest card of the suit led wins
//!   and its winner leads next. On the first trick a seat that cannot
//!   follow may not play a heart or Q♠ unless it holds nothing else. A
//!   heart may be led only once hearts are broken (a heart played on an
//!   earlier trick, or Q♠ under `queen_breaks_hearts`) or by a seat holding
//!   only hearts. Q♠ may be led at any time.
//! - **Scoring.** Each heart taken counts 1, Q♠ 13, and J♦ −10 under
//!   `jack_of_diamonds`. A seat that takes every heart and Q♠ shoots the
//!   moon: the others take 26 each and the shooter nothing for them; under
//!   `moon: "choice"` the shooter may instead take −26, and is asked only
//!   when that changes whether the match ends (the two choices leave every
//!   difference between scores the same). J♦ counts for whoever took it,
//!   moon or not.
//! - **Match.** After a hand in which a seat reaches `end_score` (100), the
//!   match ends; the lowest score wins, and seats tied for it share the
//!   win (payoffs: the winners share 1).
//!
//! ## Example
//!
//! ```
//! use tabula_hearts::{Action, Hearts, HeartsOptions};
//! use tabula_search::{Game, Rng, Turn};
//!
//! let game = Hearts::new(HeartsOptions::default()).unwrap();
//! let mut state = game.initial_state();
//! let mut rng = Rng::new(1);
//! while game.to_move(&state) == Turn::Chance {
//!     let card = game.sample_chance(&state, &mut rng);
//!     game.apply(&mut state, card);
//! }
//! // The first hand passes: every three-card subset of the hand.
//! let mut legal = Vec::new();
//! game.legal_actions(&state, &mut legal);
//! assert_eq!(legal.len(), 286);
//! assert!(matches!(legal[0], Action::Pass(_)));
//! ```

pub mod actions;
pub mod ai;
pub mod cards;
pub mod module;
pub mod observation;
pub mod options;
pub mod record;
pub mod rollout;
pub mod rules;
pub mod state;
pub mod view;

pub use actions::{Action, hand_points, passes, playable, plus};
pub use ai::{CardRollout, HEARTS_TUNABLES, HandGame, HeartsAi};
pub use observation::{Observation, Worlds, swap_unseen};
pub use options::{HeartsOptions, MoonRule};
pub use record::{Record, ReplayError};
pub use rules::Hearts;
pub use state::{Public, SEATS, State, TRICKS, Zone, pass_offset};

impl Hearts {
    /// The start of a match, before the first deal.
    pub fn initial_state(&self) -> State {
        State::new()
    }
}

// The card engine's glue reads Hearts from here: records and the search
// library's `Determinize` (`tabula_cards::card_game!`).
tabula_cards::card_game!(Hearts {
    options: HeartsOptions,
    scores: [i32; SEATS],
    worlds: uniform Worlds,
});

/// The game as the registry lists it: the type implementing
/// [`GameModule`](tabula_contract::GameModule) (the registry's build
/// script names `<crate>::Module` for each game it depends on).
pub type Module = Hearts;
