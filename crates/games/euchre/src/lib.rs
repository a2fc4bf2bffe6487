//! # tabula-euchre
//!
//! Euchre for four seats in two partnerships, as a whole match to the
//! target score, on Tabula's card engine: the rules with every house rule
//! the card table lists as an option, each seat's observation, and worlds
//! drawn consistently with it for the searches.
//!
//! ## Rules as implemented
//!
//! The standard four-handed game as pagat.com describes it
//! (<https://www.pagat.com/euchre/euchre.html>), with these choices where
//! it leaves one open or lists variants:
//!
//! - **Table.** Seats 0 to 3 clockwise; seats 0 and 2 partner seats 1 and
//!   3 (sides 0 and 1). Seat 0 deals the first hand; the deal passes to the
//!   left (the next seat) after every hand, a hand thrown in too.
//! - **Deck.** 24 cards, 9 10 J Q K A of each suit
//!   ([`SingleDeck::new(9)`](tabula_cards::SingleDeck)).
//! - **Deal.** Five cards to each seat one at a time from the dealer's left
//!   (pagat's batches of two and three give the same distribution), each a
//!   chance event ([`Action::Deal`]) that the other seats see only as
//!   a hidden deal ([`Seen::Hidden`](tabula_search::Seen)); then the 21st card is turned up, in public
//!   ([`Action::TurnUp`]). The other three stay face down in the kitty and
//!   are never seen.
//! - **First round.** From the dealer's left each seat passes
//!   ([`Action::Pass`]) or orders up the upcard's suit as trump
//!   ([`Action::OrderUp`]), the dealer included (taking it up). The dealer
//!   then takes the upcard into its hand and discards one card face down
//!   ([`Action::Discard`], seen by the others as a hidden discard ([`Seen::Hidden`](tabula_search::Seen)));
//!   the dealer may not discard the upcard it took (a choice: tables
//!   differ, and online card rooms commonly forbid it), so every seat knows
//!   the dealer holds it until it is played. When the dealer's partner
//!   orders up alone the dealer sits out and does not take the upcard,
//!   which stays face up on the kitty (a choice: the exchange could not
//!   change the play of a hand the dealer sits out).
//! - **Second round.** If all four pass, the upcard is turned down (its
//!   identity stays known to all), and from the dealer's left each seat
//!   passes or names any other suit as trump ([`Action::Name`]). Under
//!   `stick_the_dealer` (on by default) the dealer may not pass; off, a
//!   hand all four pass twice is thrown in without score and the next
//!   dealer deals.
//! - **Going alone.** The maker may play alone with its bid (`alone`); its
//!   partner sits out and its cards are not played. Under `defender_alone`
//!   (off by default), after the bidding and the dealer's discard, the
//!   defender after the maker (clockwise), then the other defender, may
//!   defend alone ([`Action::DefendAlone`]); the first to accept ends the
//!   question and its partner sits out too. Defending alone is offered
//!   only against a lone maker.
//! - **Ranking.** In trump: the jack of trump (right bower), the jack of
//!   the same colour (left bower), then A K Q 10 9. The left bower is a
//!   trump in every respect, never a card of its printed suit. Other suits:
//!   A K Q J 10 9.
//! - **Play.** The first seat after the dealer that plays the hand leads
//!   (the dealer's left, unless that seat sits out). Each seat must follow
//!   the effective suit led if it can, otherwise plays any card; a seat
//!   that does not follow shows a void in the suit led, which the worlds
//!   drawn for the others honour. The highest trump wins, else the highest
//!   card of the suit led; the winner leads next. Tricks have as many cards
//!   as seats playing (4, 3 or 2).
//! - **Scoring.** Makers who take 3 or 4 tricks score 1, all five (a march)
//!   2, a march alone 4; makers who take fewer than 3 are euchred and the
//!   defenders score 2, or 4 when a defender played alone.
//! - **Match.** The first side to reach `end_score` (10) after a hand wins
//!   (only one side scores in a hand, so there is never a tie); payoffs are
//!   1 for the winning side's seats, 0 for the others.
//!
//! ## Example
//!
//! ```
//! use tabula_euchre::{Action, Euchre, EuchreOptions};
//! use tabula_search::{Game, Rng, Turn};
//!
//! let game = Euchre::new(EuchreOptions::default()).unwrap();
//! let mut state = game.initial_state();
//! let mut rng = Rng::new(1);
//! while game.to_move(&state) == Turn::Chance {
//!     let card = game.sample_chance(&state, &mut rng);
//!     game.apply(&mut state, card);
//! }
//! // Seat 0 dealt: seat 1 passes or orders up, alone or not.
//! assert_eq!(game.to_move(&state), Turn::Seat(1));
//! let mut legal = Vec::new();
//! game.legal_actions(&state, &mut legal);
//! assert_eq!(
//!     legal,
//!     [Action::Pass, Action::OrderUp { alone: false }, Action::OrderUp { alone: true }]
//! );
//! // Ordered up: the dealer takes the upcard and discards one of six cards.
//! game.apply(&mut state, Action::OrderUp { alone: false });
//! assert_eq!(game.to_move(&state), Turn::Seat(0));
//! game.legal_actions(&state, &mut legal);
//! assert_eq!(legal.len(), 5, "any card but the upcard");
//! ```

pub mod actions;
pub mod ai;
pub mod cards;
pub mod module;
pub mod observation;
pub mod options;
pub mod player;
pub mod record;
pub mod rules;
pub mod state;
pub mod view;

pub use actions::{Action, hand_points, playable, plus, trick_winner};
pub use ai::{
    EUCHRE_TUNABLES, best_suit, card_score, choose_bid, choose_bid_shifted, choose_defend_alone, choose_discard,
    discard_of, hand_strength, round_one_strength,
};
pub use cards::{SEATS, TRICKS, partner, team};
pub use observation::{Observation, Worlds, swap_unseen, swap_unseen_nth};
pub use options::{EuchreOptions, MAX_END_SCORE};
pub use player::{CardRollout, EuchreAi, HandGame};
pub use record::{Record, ReplayError};
pub use rules::Euchre;
pub use state::{Call, Phase, Public, State, Zone};

// The card engine's glue reads Euchre from here: records and the search
// library's `Determinize` (`tabula_cards::card_game!`).
tabula_cards::card_game!(Euchre {
    options: EuchreOptions,
    scores: [u32; 2],
    worlds: uniform Worlds,
});

/// The game as the registry lists it: the type implementing
/// [`GameModule`](tabula_contract::GameModule) (the registry's build
/// script names `<crate>::Module` for each game it depends on).
pub type Module = Euchre;
