//! # The meld plugin
//!
//! What the rummy games of the card table stand on, the table layer's
//! plugin for melds: the exact partition of a hand into melds and deadwood — sets,
//! runs, wild cards, a declaration's demands, layoffs onto another hand's
//! melds — so that Gin Rummy, Canasta and Indian Rummy each write only
//! their own rules, scoring and play.
//!
//! Two paths under one description of the rules:
//!
//! | path | the hand | the rules it takes | how | for |
//! |---|---|---|---|---|
//! | one-word, [`OneDeckMelds`] | a [`CardSet`](crate::CardSet) of one 52-card deck in [`layout`]'s ace-low order | sets of three or four of a rank, runs of three or more ace low, no wild card; the game's card values | a search over the cards that can still meld, on one machine word; no allocation | Gin Rummy, in its search's inner loop |
//! | general, [`MeldSolver`] | [`FaceHand`]: any face any number of times, and jokers | any [`MeldRules`]: set sizes, suits distinct or free, one set per rank; runs' length and the ace low, high or both; wild ranks, standing as themselves or not; the fewest natural and most wild cards in a meld; the runs and pure runs a declaration needs | dynamic programming over the natural cards left (packed counts), the wild cards left and the needs, memoised; the memo kept from hand to hand | Canasta, Indian Rummy |
//!
//! A game describes its melding once as a [`MeldRules`] value
//! ([`MeldRules::gin_rummy`], [`MeldRules::canasta`],
//! [`MeldRules::indian_rummy`], or its own) and asks
//! [`MeldRules::one_deck`]: rules that are the one-word path's get it (a
//! `static` the game keeps); others build a [`MeldSolver`]. Both return the
//! partition with the fewest deadwood points, exactly; the tests check the
//! general solver against the one-word path on single-deck hands, and each
//! against a brute force over every partition ([`brute`], the reference
//! kept beside them).
//!
//! Around them: [`OneDeckMelds::best_layoff`], a defender's own melds and
//! its layoffs onto another hand's melds chosen together (chains at a
//! run's ends, a set's fourth card); [`MeldRules::meld_of`], whether the
//! cards a player lays down are a meld and which of them stand as wild.
//! `examples/meld_solver_speed.rs` measures both paths.
//!
//! ## Example
//!
//! ```
//! use tabula_cards::melds::{FaceHand, MeldRules, MeldSolver, parse_hand};
//!
//! // Gin Rummy: one deck, no wild card, so the one-word path.
//! let gin = MeldRules::gin_rummy([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]);
//! let melds = gin.one_deck().expect("Gin Rummy's rules are the one-word path's");
//! let p = melds.best_partition(parse_hand("4s 5s 6s 7s 7h 7d Kc").unwrap());
//! assert_eq!(p.to_string(), "[7♦ 7♥ 7♠] [4♠ 5♠ 6♠] | K♣ (10)");
//! // Against those melds a defender lays off 7♣ on the set and 3♠ then 2♠
//! // below the run; its 2♥ 3♥ count 5.
//! let layoff = melds.best_layoff(p.melds(), parse_hand("3s 2s 7c 2h 3h").unwrap());
//! assert_eq!(layoff.deadwood_points(), 5);
//!
//! // Indian Rummy: two decks and jokers, the sixes wild (the cut joker,
//! // worth nothing); a declaration needs two sequences, one of them pure.
//! let mut values = [10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10];
//! values[5] = 0;
//! let indian = MeldRules::indian_rummy(values, Some(5));
//! assert!(indian.one_deck().is_none());
//! let mut solver = MeldSolver::new(indian).unwrap();
//! let hand = FaceHand::parse("3h 4h 5h 8c 9c Jk Kd Ks 6c 7s 7d 7h 2c").unwrap();
//! let m = solver.solve(&hand).unwrap();
//! assert_eq!((m.runs(), m.pure_runs(), m.deadwood_points()), (2, 1, 2));
//! // Without 5♥ no sequence is pure: the hand cannot be declared.
//! let hand = FaceHand::parse("3h 4h 8c 9c Jk Kd Ks 6c 7s 7d 7h 2c 2c").unwrap();
//! assert_eq!(solver.solve(&hand), None);
//! ```

pub mod brute;
pub mod faces;
pub mod layoff;
pub mod layout;
pub mod meld;
mod memo;
pub mod rules;
mod search;
pub mod solver;
pub mod word;

pub use faces::{Face, FaceHand};
pub use layoff::Layoff;
pub use layout::{HandError, parse_hand};
pub use meld::FaceMeld;
pub use rules::{ALL_RANKS, Aces, Declaration, MeldRules, RulesError, RunRules, SetRules, WildRules};
pub use solver::{MAX_WILDS, MeldSolver, Melding};
pub use word::{MAX_HAND, MAX_MELDS, Meld, MeldKind, OneDeckMelds, Partition, meldable};
