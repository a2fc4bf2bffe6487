//! # tabula-pinochle
//!
//! Partnership auction Pinochle for four seats in two partnerships, as a
//! whole match to 1,500, on Tabula's card engine: the 48-card deck with
//! duplicate faces, the auction, the trump, the pass between partners,
//! meld counted exactly, tricks under the duty to head the trick and to
//! trump, each seat's observation, worlds drawn consistently with it, and
//! the computer of four levels.
//!
//! ## Rules as implemented
//!
//! Partnership auction Pinochle as pagat.com describes it
//! (<https://www.pagat.com/marriage/pin4.html>, the auction game with the
//! pass), with these choices where it lists variants:
//!
//! - **Cards and seats.** 48 cards: two each of A, 10, K, Q, J, 9 in four
//!   suits, ranking in that order. South, West, North, East clockwise;
//!   South–North play West–East. The deal passes to the left each hand
//!   (South deals the first); 12 cards each, one at a time from the
//!   dealer's left, each a chance event the other seats see only as a
//!   hidden deal.
//! - **Auction.** From the dealer's left, each seat in turn bids or
//!   passes; a seat that passed is out for the hand. The first bid is at
//!   least `min_bid` (250), each bid 10 more than the last at least (at
//!   most 1,500). Three passes after a bid end it: the high bidder is the
//!   declarer. When all four pass (`all_pass`): the dealer is stuck
//!   (`stick_dealer`, the default: once the other three passed without a
//!   bid, the dealer may not pass) or the hand is thrown in and the next
//!   dealer deals (`redeal`).
//! - **Trumps and the pass.** The declarer names trumps. Its partner then
//!   passes `pass` (4) cards face down to the declarer, who passes as many
//!   back (any cards, those received included). Only the two partners see
//!   them. `pass` 0 plays without a pass; 3 passes three.
//! - **Meld.** Every seat then lays down its meld, counted exactly and
//!   automatically (meld only scores, so all of it is shown): the run
//!   (A 10 K Q J of trumps) 150, the double run 1,500; the royal marriage
//!   (K Q of trumps) 40, a marriage in another suit 20; the dix (9 of
//!   trumps) 10 each; aces, kings, queens, jacks around (one of the rank
//!   in each suit) 100, 80, 60, 40, and the double (both of each) ten
//!   times as much; the pinochle (Q♠ J♦) 40, the double pinochle 300. A
//!   card may serve melds of different classes (sequence, around,
//!   pinochle) but not two melds of one class: a run's K and Q make no
//!   royal marriage, a second K Q of trumps beside a run does ([`melds`]).
//! - **Tricks.** The declarer leads the first trick; the winner of each
//!   leads the next. A player must follow suit, and must head the trick (play a
//!   card that beats the card winning it) when it can; void in the suit
//!   led, it must trump, over-trumping a trump already played when it can;
//!   void in both, any card. The highest trump wins, else the highest card
//!   of the suit led; of two equal cards the first played wins.
//! - **Scoring.** Aces, tens and kings taken in tricks count 10 each (the
//!   counters), the last trick 10 more: 250 a hand. A side's meld counts
//!   only if it takes a trick. The declaring side scores its meld and
//!   counters when together they reach the bid, and loses the bid
//!   otherwise (it is set back, and may go below zero); the other side
//!   scores its own.
//! - **Match.** After a hand in which a side reaches `end_score` (1,500)
//!   the match is over: if both reach it, the declaring side wins (it
//!   counts first). Under `minus_out` (on, a common house rule that ends
//!   the set-back spiral), a side whose score falls to minus the end
//!   score loses: the side ahead wins, the defenders on a tie.
//! - **Not offered:** the misdeal for five nines, conceding a hand unplayed,
//!   the classic count (A 11, 10 10, K 4, Q 3, J 2), meld bids in the
//!   auction.
//!
//! Two copies of a face are one choice to a player. A card played or
//! shown takes the number the table sees (its face's lowest copy not yet
//! seen, or the seat's copy shown in meld), so the numbers in the record
//! tell nothing of which copy a hand held ([`Action`]).
//!
//! ## Example
//!
//! ```
//! use tabula_pinochle::{Action, Pinochle, PinochleOptions};
//! use tabula_search::{Game, Rng, Turn};
//!
//! let game = Pinochle::new(PinochleOptions::default()).unwrap();
//! let mut state = game.initial_state();
//! let mut rng = Rng::new(1);
//! while game.to_move(&state) == Turn::Chance {
//!     let card = game.sample_chance(&state, &mut rng);
//!     game.apply(&mut state, card);
//! }
//! // West, on the dealer's left, speaks first: a bid from 250, or pass.
//! assert_eq!(game.to_move(&state), Turn::Seat(1));
//! let mut legal = Vec::new();
//! game.legal_actions(&state, &mut legal);
//! assert_eq!(legal[0], Action::Bid(250));
//! assert_eq!(legal.last(), Some(&Action::Pass));
//! ```

pub mod actions;
pub mod ai;
pub mod cards;
pub mod melds;
pub mod module;
pub mod observation;
pub mod options;
pub mod record;
pub mod rules;
pub mod score;
pub mod state;
pub mod view;

pub use actions::Action;
pub use ai::{CardRollout, HandGame, PINOCHLE_TUNABLES, PinochleAi, card_score, estimate, features};
pub use melds::{Meld, MeldCount, count_melds};
pub use observation::{Observation, Worlds, swap_between, swap_copies, swap_unseen};
pub use options::{AllPass, PinochleOptions};
pub use record::{Record, ReplayError};
pub use rules::Pinochle;
pub use score::{HandScore, SideHand, score_hand};
pub use state::{Phase, Public, State, partner, side_of};

// The card engine's glue reads Pinochle from here: records and the search
// library's `Determinize` (`tabula_cards::card_game!`).
tabula_cards::card_game!(Pinochle {
    options: PinochleOptions,
    scores: [i32; cards::SIDES],
    worlds: uniform Worlds,
});

/// The game as the registry lists it: the type implementing
/// [`GameModule`](tabula_contract::GameModule) (the registry's build
/// script names `<crate>::Module` for each game it depends on).
pub type Module = Pinochle;
