//! # tabula-cards
//!
//! The card engine of Tabula: what every card game of the platform (Skyjo
//! first; Hearts, Spades, Euchre, Dou Dizhu, Gin Rummy next) builds on, so
//! that hidden information is a boundary of the types rather than a habit
//! (docs/design.md, *Hidden information*).
//!
//! | concern | item |
//! |---|---|
//! | card instances vs faces, multi-deck | [`CardId`], [`Deck`], [`french`] |
//! | a hand as one word, the single French deck's layout | [`CardSet`], [`SingleDeck`] |
//! | the zone ledger and conservation | [`Ledger`], [`check_conservation`] |
//! | seats, teams, payoff vectors as data | [`Table`], [`PayoffRule`] |
//! | observation projection per seat | [`Visibility`], [`CardView`], [`project`], [`unseen_counts`] |
//! | determinization weighted by physical arrangements | [`DealProblem`], [`DealSampler`] (prepared once per search) |
//! | common random numbers for root comparisons | [`CommonWorlds`], [`compare_roots`] |
//! | one hand of a match as a game, for searches | [`HandGame`], [`HandRules`] |
//! | records of whole matches that replay, checked | [`MatchRecord`], [`Replay`] |
//! | a scorer's choice with a low level's mistakes | [`best_scored`], [`Mistakes`] |
//! | climbing games: combinations over rank counts, beat or pass, bombs, the lead returning | [`climbing`] (`Rules`, `all_plays`, `Trick`) |
//!
//! ## Example
//!
//! Two copies of a three-card deck; a player who did not follow hearts
//! holds no heart. The unseen cards are dealt to that player's two-card hand
//! and a stock of two, every physical arrangement consistent with the void
//! equally likely, and conservation holds after the deal.
//!
//! ```
//! use tabula_cards::*;
//! use tabula_search::Rng;
//!
//! let deck = Deck::copies(&['♥', '♠', '♣'], 2); // ids 0..6, faces ♥♠♣♥♠♣
//! // Seat 0 sees its own ♥ (#0) and ♠ (#1); four cards are unseen.
//! let unseen = [CardId(2), CardId(3), CardId(4), CardId(5)];
//! const HAND: u32 = 0b01; // holder 0: the opponent's hand, void in ♥
//! const STOCK: u32 = 0b10; // holder 1: the stock
//! let mut problem = DealProblem::new(vec![2, 2]);
//! for &c in &unseen {
//!     let allowed = if deck.face(c) == '♥' { STOCK } else { HAND | STOCK };
//!     problem.add(c, allowed);
//! }
//! // The ♥ must be in the stock; the hand holds 2 of the 3 others: 3 deals.
//! assert!((problem.ln_arrangements().unwrap().exp() - 3.0).abs() < 1e-9);
//! let deal = problem.sample(&mut Rng::new(7)).unwrap();
//! assert!(deal[0].iter().all(|&c| deck.face(c) != '♥'));
//!
//! let mut ledger = Ledger::new(deck.len(), 3, ZoneId(0));
//! for &c in &deal[0] {
//!     ledger.move_card(c, ZoneId(1));
//! }
//! for &c in &deal[1] {
//!     ledger.move_card(c, ZoneId(2));
//! }
//! ledger.check().unwrap();
//! assert_eq!(ledger.count(ZoneId(0)), 2); // seat 0's own two cards
//! ```

pub mod card;
pub mod climbing;
pub mod crn;
pub mod determinize;
pub mod hand;
pub mod ledger;
pub mod pick;
pub mod record;
pub mod sampler;
pub mod set;
pub mod table;
pub mod tricks;
pub mod view;

pub use card::{CardId, Deck, french};
pub use crn::{CommonWorlds, RootEstimate, compare_roots};
pub use determinize::{DealError, DealProblem, HolderSet, MAX_HOLDERS};
pub use hand::{HandGame, HandRules};
pub use ledger::{ConservationError, Ledger, ZoneId, check_conservation};
pub use pick::{Mistakes, best_scored};
pub use record::{MatchRecord, Replay, ReplayError, ReplayErrorOf};
pub use sampler::{Deal, DealSampler};
pub use set::{CardNameError, CardSet, CardSetIter, SingleDeck};
pub use table::{PayoffRule, Table, TableError};
pub use tricks::{TrickPlay, check_trick_play};
pub use view::{CardView, SeenTooMany, Visibility, ZoneView, project, unseen_counts};
