//! # tabula-cards
//!
//! The card engine of Tabula: what every card game of the platform (Skyjo
//! first; Hearts, Spades, Euchre, Dou Dizhu, Gin Rummy next; the
//! two-deck and duplicate-face games after them) builds on, so
//! that hidden information is a boundary of the types rather than a habit
//! (docs/design.md, *Hidden information*).
//!
//! | concern | item |
//! |---|---|
//! | card instances vs faces, multi-deck | [`CardId`], [`Deck`], [`french`] |
//! | a hand as one word, the single French deck's layout | [`CardSet`], [`SingleDeck`] |
//! | sets of any width (108 cards: `WideSet<2>`), code generic over the width | [`WideSet`], [`CardBits`] |
//! | faces for rules: counts per face, the instances of a multiset of faces | [`FaceIndex`], [`FaceCounts`] |
//! | the zone ledger and conservation; zone hashing | [`Ledger`], [`check_conservation`], [`ZoneKeys`] |
//! | seats, teams, payoff vectors as data; the deal around the table | [`Table`], [`PayoffRule`], [`RoundDeal`] |
//! | observation projection per seat | [`Visibility`], [`CardView`], [`project`], [`unseen_counts`] |
//! | determinization weighted by physical arrangements | [`DealProblem`], [`DealSampler`] (prepared once per search) |
//! | the same stated in faces, with a capacity per face (multi-deck) | [`FaceDealProblem`], [`FaceDealSampler`] |
//! | one hand of a match as a game, for searches | [`HandGame`], [`HandRules`] |
//! | a card game as the glue reads it: records, `Determinize` written once; the `Game` and `GameModule` items every card game writes alike | [`CardGame`], [`card_game!`], [`card_rules!`], [`deal_from_stock!`], [`card_module!`] |
//! | records of whole matches that replay, checked | [`MatchRecord`] |
//! | the trick plugin: the public record of a hand of tricks, following suit, duties, the winner, voids | [`tricks`] |
//! | a scorer's choice with a low level's mistakes | [`best_scored`], [`Mistakes`] |
//! | the root comparer's verdict on complete turns played on common worlds | [`choose_paired`], [`turn_result`] |
//! | bouts of attack and defence (durak): throw-ins, taking, refill, exits | [`bout`] |
//! | the meld plugin: exact partition into sets and runs, wild cards, declarations, layoffs | [`melds`]: [`melds::OneDeckMelds`] (one deck, one word), [`melds::MeldSolver`] over [`melds::MeldRules`] |
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
//!
//! ## Two decks: 108 cards, faces apart from instances
//!
//! Guandan's deck is two French decks with their jokers: two instances of
//! every face, in a two-word set. The rules read faces (two 8♥ make a
//! pair, whichever copies); a deal stated in faces draws how many of each
//! face every hand holds, weighted by physical arrangements, then the
//! instance ids the ledger and the replay need.
//!
//! ```
//! use tabula_cards::french::{faces, FrenchFace, Suit};
//! use tabula_cards::*;
//! use tabula_search::Rng;
//!
//! let deck = Deck::copies(&faces(2, 2), 2); // 108 instances, 54 faces
//! let index: FaceIndex<WideSet<2>> = FaceIndex::new(&deck);
//! let eight_hearts = FrenchFace::Suited { rank: 8, suit: Suit::Hearts };
//! let face = index.face_of(deck.ids().find(|&c| deck.face(c) == eight_hearts).unwrap());
//! assert_eq!(index.instances(face).len(), 2);
//!
//! // Seat 0 holds the first 27 instances; the other 81 are unseen, dealt
//! // to three hands of 27, and the hand of holder 0 showed a void in hearts.
//! let mine = WideSet::<2>::first(27);
//! let unseen = !mine & WideSet::first(108);
//! let is_heart = |f: usize| deck.face(index.instances(f).lowest().unwrap()).suit() == Some(Suit::Hearts);
//! let mut problem = FaceDealProblem::new(vec![27, 27, 27]);
//! problem.add_pool(unseen, &index, |f| if is_heart(f) { 0b110 } else { 0b111 });
//! let mut sampler = FaceDealSampler::new(&problem).unwrap();
//!
//! let mut counts = [FaceCounts::EMPTY; 3];
//! let mut hands = [WideSet::<2>::EMPTY; 3];
//! sampler.sample_instances(&mut Rng::new(1), unseen, &index, &mut counts, &mut hands);
//! assert!(hands[0].iter().all(|c| !is_heart(index.face_of(c))));
//! assert_eq!(index.counts(hands[1]), counts[1]); // rules read counts, the ledger ids
//! assert_eq!(mine | hands[0] | hands[1] | hands[2], WideSet::first(108));
//! ```

#[doc(hidden)]
pub use tabula_search as __search;

pub mod bits;
pub mod bout;
pub mod card;
pub mod card_array;
pub mod climbing;
pub mod determinize;
pub mod doubled;
pub mod face_deal;
pub mod faces;
pub mod game;
pub mod hand;
pub mod ledger;
pub mod melds;
pub mod pick;
pub mod record;
pub mod roots;
pub mod sampler;
pub mod set;
pub mod table;
pub mod tricks;
pub mod view;
pub mod wide;

pub use bits::CardBits;
pub use card::{CardId, Deck, french};
pub use determinize::{DealError, DealProblem, HolderSet, MAX_HOLDERS};
pub use face_deal::{FaceDealProblem, FaceDealSampler};
pub use faces::{FaceCounts, FaceIndex, MAX_FACES};
pub use game::CardGame;
pub use hand::{HandGame, HandRules, HandSeat, search_hand, side_gap_rewards};
pub use ledger::{ConservationError, Ledger, ZoneId, ZoneKeys, check_conservation};
pub use pick::{Mistakes, best_scored};
pub use record::{MatchRecord, ReplayError, ReplayErrorOf};
pub use roots::{choose_paired, turn_result};
pub use sampler::{Deal, DealSampler};
pub use set::{CardNameError, CardSet, CardSetIter, SingleDeck};
pub use table::{PayoffRule, RoundDeal, Table, TableError, dealt_note};
pub use view::{CardView, SeenTooMany, Visibility, ZoneView, project, unseen_counts};
pub use wide::{WideSet, WideSetIter};
