//! # tabula-spades
//!
//! Spades for four seats in two partnerships, as a whole match to the
//! target score, on Tabula's card engine: the rules with every house rule
//! the card table lists as an option, each seat's observation, worlds
//! drawn consistently with it, and the computer of four levels.
//!
//! ## Rules as implemented
//!
//! The standard game as pagat.com describes it
//! (<https://www.pagat.com/auctionwhist/spades.html>), with these choices
//! where it lists variants:
//!
//! - **Seats.** South, West, North, East clockwise; South–North play
//!   West–East. The deal passes to the left each hand (South deals the
//!   first); 13 cards each, one at a time from the dealer's left, each a
//!   chance event ([`Action::Deal`]) that the other seats see only as
//!   a hidden deal ([`Seen::Hidden`](tabula_search::Seen)).
//! - **Bids.** From the dealer's left, each seat bids once, 1 to 13
//!   tricks or nil (0); bids are public. A side's contract is the sum of
//!   its bids other than nil.
//! - **Blind nil** (`blind_nil`, off). Before the deal, each seat of a side
//!   trailing by 100 or more is asked, from the dealer's left, whether it
//!   bids nil blind (unless its partner just did); it then bids nothing
//!   more. No cards are exchanged after a blind nil (pagat's variant with
//!   a two-card exchange is not offered).
//! - **Play.** The dealer's left leads the first trick. Follow suit if
//!   you can, else play anything. Spades may be led only once broken (a
//!   spade played on an earlier trick) or by a hand of nothing but
//!   spades; the first trick has no other restriction. The highest spade
//!   wins, else the highest card of the suit led; the winner leads next.
//! - **Scoring.** A side that takes at least its contract scores 10 a
//!   trick bid, and 1 for each overtrick (a bag); a side set loses 10 a
//!   trick bid. Under `ten_for_two_hundred` (off) a made contract of 10 or
//!   more scores 20 a trick bid instead. Nil: +100 when the nil bidder
//!   takes no trick, −100 when it takes any (blind nil ±200). A nil
//!   bidder's tricks do not count for its partner's contract; they count
//!   as bags. Each time a side's bags reach ten, it loses 100 and keeps
//!   the bags beyond ten.
//! - **Match.** After a hand in which a side reaches `end_score` (500)
//!   — or, under `mercy` (on), falls to −200 or below — the higher score
//!   wins; if the sides are level, another hand is played.
//!
//! ## Example
//!
//! ```
//! use tabula_spades::{Action, Spades, SpadesOptions};
//! use tabula_search::{Game, Rng, Turn};
//!
//! let game = Spades::new(SpadesOptions::default()).unwrap();
//! let mut state = game.initial_state();
//! let mut rng = Rng::new(1);
//! while game.to_move(&state) == Turn::Chance {
//!     let card = game.sample_chance(&state, &mut rng);
//!     game.apply(&mut state, card);
//! }
//! // West, on the dealer's left, bids first: nil or 1 to 13.
//! assert_eq!(game.to_move(&state), Turn::Seat(1));
//! let mut legal = Vec::new();
//! game.legal_actions(&state, &mut legal);
//! assert_eq!(legal.len(), 14);
//! assert_eq!(legal[0], Action::Bid(0));
//! ```

pub mod actions;
pub mod ai;
pub mod cards;
pub mod module;
pub mod observation;
pub mod options;
pub mod record;
pub mod rules;
pub mod score;
pub mod seats;
pub mod state;
pub mod view;

pub use actions::{Action, playable};
pub use ai::{CardRollout, HandGame, SPADES_TUNABLES, SpadesAi, card_score, choose_bid, expected_tricks};
pub use observation::{Observation, Worlds, swap_between, swap_unseen};
pub use options::SpadesOptions;
pub use record::{Record, ReplayError};
pub use rules::Spades;
pub use score::{SideScore, score_hand};
pub use seats::side_of;
pub use state::{Public, SEATS, SIDES, State, TRICKS, Zone};

// The card engine's glue reads Spades from here: records and the search
// library's `Determinize` (`tabula_cards::card_game!`).
tabula_cards::card_game!(Spades {
    options: SpadesOptions,
    scores: [i32; SIDES],
    worlds: uniform Worlds,
});

/// The game as the registry lists it: the type implementing
/// [`GameModule`](tabula_contract::GameModule) (the registry's build
/// script names `<crate>::Module` for each game it depends on).
pub type Module = Spades;
