//! # tabula-canasta
//!
//! Classic partnership Canasta for four on Tabula's card engine, as a
//! whole match to 5,000. It composes the card engine's pieces: two decks
//! and four jokers as 108 instances in a two-word set
//! ([`tabula_cards::doubled`]), the zone hashing, records that replay, and
//! the meld plugin's Canasta rules ([`tabula_cards::melds::MeldRules::canasta`])
//! as the reference of its own count-based melding ([`melding`]). The
//! crate itself holds Canasta's rules, each player's observation and the
//! worlds that fit it, and the computer.
//!
//! ## Rules as implemented
//!
//! As pagat.com describes classic Canasta
//! (<https://www.pagat.com/rummy/canasta.html>), four players in two
//! partnerships (seats 0 and 2 against 1 and 3), with these choices:
//!
//! - **Cards.** Two 52-card decks and four jokers (108 cards). Jokers and
//!   twos are wild. Worth: jokers 50, twos and aces 20, kings to eights
//!   10, sevens to fours and black threes 5; red threes 100 as a bonus.
//! - **Deal.** Seat 0 deals first, then the deal passes left. Eleven
//!   cards each, one at a time from the dealer's left; then the stock's
//!   top card starts the discard pile, and while that card is a wild card
//!   or a red three another is turned onto it (the pile is then frozen).
//!   Before play, each player in turn from the dealer's left lays out the
//!   red threes it was dealt and receives a replacement for each from the
//!   stock (pagat has them laid out at the player's first turn; laying
//!   them out at once changes nothing a player may do).
//! - **A turn.** Draw the stock's top card (two under the `draw` option,
//!   still one discard) or take the discard pile; meld; discard one card.
//!   A red three drawn is laid out at once and replaced. A player who
//!   must keep melding (an initial meld short of its minimum) may not
//!   discard.
//! - **Melds.** Three or more cards of one rank (aces, fours to kings),
//!   with at least two natural cards and at most three wild cards. A side
//!   has one meld of each rank and adds to it. Seven cards make a
//!   **canasta**: natural (no wild card) 500, mixed 300. Black threes are
//!   melded only by a player going out, three or four of them without a
//!   wild card, as the turn's last meld. Red threes never meld.
//! - **Initial meld.** A side's first melds, made in one turn, count at
//!   least the minimum for its score: 15 below 0, 50 to 1,495, 90 to 2,995,
//!   120 from 3,000 (the `minimums` option); the canasta bonuses and the
//!   red threes do not count. Taking the pile for it, the top card counts,
//!   the rest of the pile comes into the hand only once the minimum is
//!   met from the hand.
//! - **The pile.** Its top card may be taken, with the whole pile, only to
//!   meld it at once: onto the side's meld of its rank, or with two
//!   natural cards of its rank from the hand, or with one and a wild card.
//!   The pile is **frozen** when it holds a wild card or a red three, and
//!   for a side that has not made its initial meld: then only two natural
//!   cards from the hand will do. A black three or a wild card on top
//!   cannot be taken. A pile of one card may not be taken to a hand of one
//!   card, and (a choice pagat leaves open) no take may leave the taker
//!   fewer than two cards to play on: it would go out without the rules'
//!   conditions. The engine melds the top card the way that commits the
//!   least: onto the meld, else the pair, else a natural card and a two
//!   (a joker when no two is held); more cards may be added at once.
//!   Every card of the pile was seen as it was discarded, so the whole
//!   pile is in every player's observation, and the cards taken with it
//!   stay known in the taker's hand until played.
//! - **Going out.** A player goes out by melding every card, or every card
//!   but one and discarding it, only when its side holds a canasta (one
//!   made in the same turn counts). **Concealed**: a player who had melded
//!   nothing before that turn; it then needs no initial minimum (after a
//!   draw from the stock), and its partner's canasta serves. Under the
//!   `permission` option a player must ask its partner first; the answer
//!   binds (yes: it goes out this turn; no: not this turn).
//! - **The stock's end.** A red three drawn as the stock's last card ends
//!   the hand: no meld, no discard. Otherwise play goes on while each
//!   player takes the discard: a player must take it when it goes onto its
//!   side's meld and the pile is not frozen for the side; a player who may
//!   take it but need not may let the hand end; a player who may not take
//!   it ends the hand.
//! - **Count.** Each side: 500 a natural canasta, 300 a mixed one; 100 a
//!   red three, 800 for all four, counted minus for a side that has melded
//!   nothing; 100 for going out, 200 concealed; the worth of its melded
//!   cards, less the worth of the cards left in both partners' hands.
//! - **Match.** To 5,000 (the `end_score` option): when a side reaches it
//!   at a hand's end, the higher score wins (equal scores: another hand).
//!
//! ## Example
//!
//! ```
//! use tabula_canasta::cards::parse_cards;
//! use tabula_canasta::melding::{Counts, MeldCount, go_out_value, max_value};
//!
//! // Three kings, two sevens and a joker, a black three: the kings and
//! // the sevens with the joker meld for 30 + 10 + 50; the three is kept.
//! let hand = Counts::of(parse_cards("Kh Ks Kd 7c 7d Jk 3c").unwrap());
//! let table = [MeldCount::default(); 13];
//! assert_eq!(max_value(&hand, &table, 1, 0), Some(90));
//! // No canasta on the table: the hand cannot go out.
//! assert_eq!(go_out_value(&hand, &table), None);
//! ```

pub mod actions;
pub mod ai;
pub mod cards;
pub mod legal;
pub mod melding;
pub mod module;
pub mod observation;
pub mod options;
pub mod record;
pub mod rules;
pub mod state;
pub mod view;

pub use actions::{Action, MeldMove};
pub use ai::{CANASTA_TUNABLES, CanastaAi};
pub use observation::{Observation, Worlds, swap_unseen};
pub use options::CanastaOptions;
pub use record::{Record, ReplayError};
pub use rules::Canasta;
pub use state::{Ending, HandResult, Phase, SEATS, State};

// The card engine's glue reads Canasta from here: records and the search
// library's `Determinize` (`tabula_cards::card_game!`).
tabula_cards::card_game!(Canasta {
    options: CanastaOptions,
    scores: Vec<i32>,
    worlds: uniform Worlds,
});

/// The game as the registry lists it: the type implementing
/// [`GameModule`](tabula_contract::GameModule) (the registry's build
/// script names `<crate>::Module` for each game it depends on).
pub type Module = Canasta;
