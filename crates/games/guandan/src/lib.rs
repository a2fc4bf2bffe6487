//! # tabula-guandan
//!
//! Guandan (掼蛋) for four in two partnerships, on Tabula's card engine:
//! its cards, its combinations, the rules of the hand and the match as
//! transitions of a [`State`], each seat's observation in faces and the
//! worlds that fit it, the game as the search library's [`Game`] and
//! [`Determinize`] ([`Guandan`]), the platform's contract (the view, the
//! notation, records: [`module`], [`view`], [`record`]) and the computer
//! of four levels ([`GuandanAi`], over the play [`policy`]).
//!
//! [`Game`]: tabula_search::Game
//! [`Determinize`]: tabula_search::Determinize
//!
//! It composes the card engine's pieces: the deck of two French decks and
//! four jokers ([`tabula_cards::doubled`]) and the climbing plugin
//! ([`tabula_cards::climbing`]), whose chain order, wild cards, straight
//! flushes and trick (beat or pass, the lead to a partner) are what
//! Guandan needs of it. What is Guandan's own is data and rules around
//! them: its ranks at each level ([`cards`]), its kinds and which natural
//! cards a play takes ([`moves`]), the deal, tribute, the levels and the
//! match ([`rules`]).
//!
//! ## Rules as implemented
//!
//! After pagat.com (<https://www.pagat.com/climbing/guan_dan.html>) and,
//! where they settle what pagat leaves to the players, the Chinese
//! national rules (《掼蛋竞赛规则》 and the 2022 《竞技掼蛋竞赛规则（试行）》
//! article on tribute):
//!
//! - **Seats and deal.** Four seats, partners opposite (0 and 2, 1 and
//!   3), play in seat order. 108 cards, 27 each, dealt by chance one at a
//!   time. The match's first leader is drawn by chance (the table's cut
//!   and turned card, as a digital table does it).
//! - **Ranks.** At a level (the two to the ace), the ranks run 2 … A with
//!   the level's rank taken out and put above the ace, then the small
//!   joker and the big joker. The two hearts of the level rank are wild:
//!   each stands for any card but a joker in a combination; alone it is
//!   itself, a single of the level rank, and the two alone a pair of it
//!   (a full house's pair of them too).
//! - **Combinations.** A single; a pair (two small or two big jokers too);
//!   a triple; a full house (a triple with a pair of another rank, a pair
//!   of jokers too: no source forbids it), compared by its triple; a
//!   straight of exactly five ranks; a tube of three consecutive pairs; a
//!   plate of two consecutive triples. Chains run A 2 3 … K A: the ace
//!   low or high, the level rank in its natural place, no chain round the
//!   corner (K A 2).
//! - **Bombs**, in order: four of a kind, five, the straight flush (five
//!   consecutive cards of one suit), six, seven, eight, nine, ten of a
//!   kind, the four jokers. A bomb beats every combination below it in
//!   that order and one of its own size with a lower rank (a straight
//!   flush: a lower place).
//! - **Plays.** A play names its combination (and a straight flush its
//!   suit), not the suits of its other cards; it takes the fewest wild
//!   cards it needs (a restriction of this implementation: a seat cannot
//!   spend a wild card where it holds the natural one); the natural cards
//!   it takes are the table's choice, the one that keeps the most
//!   straight flushes in reach (see [`moves`]).
//! - **Play.** The leader plays any combination; each seat in turn beats
//!   the last one or passes (a seat may pass when it could beat). When
//!   every other seat in play has passed, the seat that played last
//!   leads; when it has gone out, its partner leads. Card counts are
//!   public, as on every digital table (the rules make a seat at ten
//!   cards or fewer say so).
//! - **End of a hand.** When three seats are out, or at once when both
//!   seats of a side are out first and second. The first seat's side
//!   goes up three levels with its partner second, two with it third,
//!   one with it last, never past the ace; the next hand is played at
//!   that side's level (it declares).
//! - **Tribute.** From the second hand: the last seat out gives the
//!   first its highest card but a wild one (its choice of suit); after a
//!   side went out first and second, both seats of the other side give,
//!   the higher card to the first seat out and the other to its partner
//!   (equal cards: the giver next after the first seat gives to it).
//!   Each receiver gives one card back to its giver: ten or lower by its
//!   number, or its lowest card when it has none (the 2022 rules;
//!   `return_rule: any`, pagat's, any card but the one received). The
//!   seat that gave to the first seat out leads. Givers who hold both
//!   big jokers between them give nothing, and the first seat out leads.
//!   Tributes and returns are face up.
//! - **The match.** Both sides start at level 2 (`start_level`). A side
//!   declaring at its level A wins the match by going out first with its
//!   partner second or third; any other end of that hand is a failure at
//!   A, and the side plays A again when it declares next. With
//!   `a_failures` at 3 (pagat's rule; 0, the national rules', never) the
//!   third failure drops the side back to level 2.

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

pub mod actions;
pub mod ai;
pub mod cards;
pub mod game;
pub mod module;
pub mod moves;
pub mod observation;
pub mod options;
pub mod policy;
pub mod record;
pub mod rules;
pub mod setup;
pub mod state;
pub mod view;
pub mod worlds;

pub use actions::Action;
pub use ai::{GUANDAN_TUNABLES, GuandanAi, PolicyRollout};
pub use cards::{Cards, HandView, Level};
pub use game::Guandan;
pub use moves::{Combo, Kind, Play};
pub use observation::{Faces, Observation};
pub use options::{GuandanOptions, ReturnRule};
pub use record::{Record, ReplayError};
pub use rules::IllegalAction;
pub use setup::{Setup, SetupError};
pub use state::{HandResult, Phase, SEATS, State, Tribute};
pub use view::GuandanView;
pub use worlds::{Worlds, swap_unseen};

// The card engine's glue reads Guandan from here: records and the search
// library's `Determinize` (`tabula_cards::card_game!`).
tabula_cards::card_game!(Guandan {
    options: GuandanOptions,
    scores: [u8; state::SIDES],
    worlds: uniform Worlds,
});

/// The game as the registry lists it: the type implementing
/// [`GameModule`](tabula_contract::GameModule) (the registry's build
/// script names `<crate>::Module` for each game it depends on).
pub type Module = Guandan;
