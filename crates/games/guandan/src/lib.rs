//! # tabula-guandan
//!
//! Guandan (掼蛋) for four in two partnerships, on Tabula's card engine:
//! this crate holds its cards and its combinations so far; the hand's
//! rules, the levels, tribute, the computer and the page are built on
//! them next (issue 30).
//!
//! It composes the card engine's pieces: the deck of two French decks and
//! four jokers ([`tabula_cards::doubled`]) and the climbing plugin
//! ([`tabula_cards::climbing`]), whose chain order, wild cards and
//! straight flushes are what Guandan needs of it. What is Guandan's own is
//! data: its ranks at each level ([`cards`]), its kinds and their shapes,
//! and which natural cards a play takes from a hand ([`moves`]).
//!
//! ## Rules as implemented (the combinations)
//!
//! After pagat.com (<https://www.pagat.com/climbing/guandan.html>):
//!
//! - **Ranks.** At a level (the two to the ace), the ranks run 2 … A with
//!   the level's rank taken out and put above the ace, then the small
//!   joker and the big joker. The two hearts of the level rank are wild:
//!   each stands for any card but a joker; alone it is itself, a single
//!   of the level rank.
//! - **Combinations.** A single; a pair (two small or two big jokers too);
//!   a triple; a full house (a triple with a pair of another rank, the
//!   jokers' pairs too), compared by its triple; a straight of exactly
//!   five ranks; a tube of three consecutive pairs; a plate of two
//!   consecutive triples. Chains run A 2 3 … K A: the ace low or high, the
//!   level rank in its natural place, no chain round the corner (K A 2).
//! - **Bombs**, in order: four of a kind, five, the straight flush (five
//!   consecutive cards of one suit), six, seven, eight, nine, ten of a
//!   kind, the four jokers. A bomb beats every combination below it in
//!   that order and one of its own size with a lower rank (a straight
//!   flush: a lower place).
//! - **Plays.** A play names its combination (and a straight flush its
//!   suit), not the suits of its other cards; it takes the fewest wild
//!   cards it needs; the natural cards it takes are the table's choice,
//!   the one that keeps the most straight flushes in reach (see
//!   [`moves`]).
//!
//! ## Example
//!
//! ```
//! use tabula_guandan::cards::{HandView, DECK, parse_cards};
//! use tabula_guandan::moves::{Kind, Scratch, plays, take};
//!
//! // At level 7 the heart sevens are wild: 5♠ 5♣ 7♥ is a triple of fives.
//! let level = 5;
//! let hand = parse_cards("5s 5c 7h 9d", DECK).unwrap();
//! let view = HandView::of(hand, level);
//! assert_eq!(view.wilds, 1);
//! let (mut scratch, mut out) = (Scratch::default(), Vec::new());
//! plays(&view, level, None, &mut scratch, &mut out);
//! let triple = out.iter().find(|p| p.combo.kind == Kind::Triple).unwrap();
//! assert_eq!(take(hand, level, triple), Some(parse_cards("5s 5c 7h", DECK).unwrap()));
//! ```

pub mod cards;
pub mod moves;

pub use cards::{Cards, HandView, Level};
pub use moves::{Combo, Kind, Play};
