//! # The climbing plugin
//!
//! What the climbing games (Dou Dizhu, then Guandan) share: each seat in
//! turn beats the last combination or passes, bombs beat the others, and
//! the lead returns to the seat that played last once every other seat in
//! play has passed. A game composes it with its own data and keeps only
//! its own rules (bidding, scoring, tribute, options, the computer).
//!
//! | piece | item |
//! |---|---|
//! | a hand as rank counts, any number of ranks up to 16, up to 15 cards a rank | [`Counts`] |
//! | a complete combination: kind, main rank, length, cards | [`Combo`], [`ComboKind`] (the bomb order, the kind's place) |
//! | the game's combinations as data | [`Shape`] ([`Main`], [`Run`], [`Kickers`]), [`Rules`] |
//! | what a hand can lead, what beats a combination, readings of cards | [`all_plays`], [`plays_beating`], [`classify`], [`can_play_out`] |
//! | the same with wild cards; straight flushes from the suits | [`all_plays_wild`], [`plays_beating_wild`], [`classify_wild`], [`can_play_out_wild`], [`flush_plays`] |
//! | beat or pass, the lead returning, the lead after a seat goes out | [`Trick`], [`Seating`], [`OutLead`] |
//! | the slow reference for tests | [`reference`](mod@reference) |
//!
//! The generator reads the game's [`Rules`] and nothing else: the number
//! of ranks, the shapes (a main part of `each` cards on `len` consecutive
//! ranks within a range, kickers per main rank of a width from allowed
//! ranks, or a fixed set of cards), and the ranks never all kickers
//! together. It allocates nothing beyond the caller's reused vector and
//! lists the combinations sorted by construction.
//!
//! ## What Guandan adds, and where
//!
//! - Bombs of four to ten of a kind, more cards beating fewer, and four
//!   jokers above all: shapes of each size and a fixed shape, placed by
//!   [`ComboKind::tier`]; counts up to 15 a rank hold two decks.
//! - The level rank above the ace: the game's order of ranks.
//! - Straights of exactly five, three consecutive pairs, two consecutive
//!   triples, a triple with a pair: shapes with `min_len = max_len` and a
//!   pair kicker.
//! - Chains that take the ace low or high and the level rank in its
//!   natural place: the chain order ([`Rules::with_order`]), a sequence
//!   of the game's ranks that chains lie along.
//! - The wild hearts: a count of wild cards beside the [`Counts`] that
//!   fills what a main part or kicker lacks ([`Rules::with_wild`],
//!   [`all_plays_wild`], [`plays_beating_wild`], [`classify_wild`]).
//! - The straight flush: [`Main::Flush`], listed from the hand's suits
//!   by [`flush_plays`].
//!
//! Each is checked against the slow [`reference`](mod@reference) on
//! every small hand.

//! ## Example
//!
//! A small climbing game: singles and pairs of five ranks, straights of
//! three or more, and four of a kind as a bomb.
//!
//! ```
//! use tabula_cards::climbing::*;
//!
//! #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
//! enum Kind { Single, Pair, Straight, Bomb }
//!
//! impl ComboKind for Kind {
//!     fn tier(self) -> u8 {
//!         u8::from(self == Kind::Bomb)
//!     }
//! }
//!
//! const SHAPES: [Shape<Kind>; 4] = [
//!     Shape::group(Kind::Single, 1, 0, 4),
//!     Shape::group(Kind::Pair, 2, 0, 4),
//!     Shape::chain(Kind::Straight, 1, 0, 4, 3, 5),
//!     Shape::group(Kind::Bomb, 4, 0, 4).bomb(1),
//! ];
//! const RULES: Rules<Kind> = Rules::new(5, &SHAPES, 0);
//! assert_eq!(RULES.check(), Ok(()));
//!
//! // A hand of ranks 0, 1, 2 and four of rank 4.
//! let hand = Counts::from_slice(&[1, 1, 1, 0, 4]);
//! let mut plays = Vec::new();
//! all_plays(hand, &RULES, &mut plays);
//! // Four singles, a pair, the straight 0-1-2 and the bomb.
//! assert_eq!(plays.len(), 7);
//! assert!(plays.windows(2).all(|w| w[0] < w[1]), "sorted as generated");
//!
//! // On a pair of the top rank: only the bomb.
//! let pair = Combo { kind: Kind::Pair, rank: 4, len: 1, cards: Counts::of_rank(4, 2) };
//! plays_beating(hand, &pair, &RULES, &mut plays);
//! assert_eq!(plays.iter().map(|c| c.kind).collect::<Vec<_>>(), [Kind::Bomb]);
//! assert_eq!(plays, reference::plays_beating(hand, &pair, &RULES));
//!
//! // Three seats: seat 0 plays the pair, the two others pass, and the
//! // lead returns to seat 0.
//! let seating = Seating::new(3);
//! let mut trick = Trick::new();
//! trick.play(0, pair);
//! assert_eq!(trick.to_beat(1), Some(pair));
//! assert_eq!(trick.pass(&seating), None);
//! assert_eq!(trick.pass(&seating), Some(0));
//! assert_eq!(trick.to_beat(0), None);
//! ```

pub mod combo;
pub mod counts;
pub mod flush;
pub mod generate;
pub mod reference;
pub mod shape;
pub mod trick;
pub mod wild;

pub use combo::{Combo, ComboKind};
pub use counts::{Counts, MAX_COUNT, MAX_RANKS, Named};
pub use flush::flush_plays;
pub use generate::{all_plays, can_play_out, classify, plays_beating};
pub use shape::{Kickers, Main, Rules, RulesError, Run, Shape};
pub use trick::{OutLead, Seating, Trick};
pub use wild::{all_plays_wild, can_play_out_wild, classify_wild, plays_beating_wild, wilds_needed};
