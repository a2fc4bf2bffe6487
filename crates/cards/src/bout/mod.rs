//! The bout plugin: attack and defence over the table's centre, as durak
//! plays it (2 to 6 seats, the 36-card deck), for any game built on bouts.
//! The plugin knows seats by number only and nothing of scoring: a game
//! composes it and keeps its own match, payoffs, options' presentation
//! and AI.
//!
//! | piece | item |
//! |---|---|
//! | the deck: 6 to ace, one word, beating and rank masks | [`DECK`], [`beaters`], [`ranks_of`] |
//! | the table's centre: attacker, defender, pairs, limit, "take", passes | [`Bout`], [`Stage`] |
//! | the deal: hands, stock (trump last), discard, seats still in | [`Deal`], [`Position`] |
//! | moves, legality, copy-make application | [`Move`], [`Deal::legal_moves`], [`Deal::apply`] |
//! | bout's end, refill, exits, next bout, durak or draw | [`Event`], [`Outcome`] |
//! | house rules | [`Options`], [`ThrowIn`] |
//! | what a seat observes, known picked-up cards, worlds | [`Public`], [`Observation`], [`Deal::known`] |
//!
//! ## Order of play
//!
//! A bout is a sequence of single moves, one seat at a time, so that a
//! search sees whole legal actions and an observer sees every decision:
//!
//! 1. **Lead.** The main attacker puts down any card ([`Move::Attack`]).
//! 2. **Defend.** While an attack is unbeaten, the defender beats one
//!    ([`Move::Defend`]: a higher card of its suit, or a trump on a
//!    non-trump), says "take" ([`Move::Take`]), or under perevodnoy
//!    passes the attack on ([`Move::Transfer`]: before any attack is
//!    beaten, with a card of the attacks' rank, to the next opponent, who
//!    must hold at least as many cards as the attacks then on the table;
//!    the transferring seat becomes the main attacker).
//! 3. **Throw in.** When every attack is beaten, or "take" is said, the
//!    throwers are asked in order — the main attacker, then around from
//!    the defender's other side — each throwing in a card of a rank on
//!    the table ([`Move::Attack`]) or passing ([`Move::Pass`]). A throw-in
//!    on a defender who has not said "take" goes back to step 2, and once
//!    it is beaten every thrower may throw again (new ranks may be on the
//!    table); on a taker the same thrower goes on until it passes. A seat
//!    is asked even when it holds nothing to throw: whether it could is
//!    private, and skipping it would tell.
//! 4. **End.** The bout ends when every thrower asked has passed, or the
//!    table has no room: at most six attacks (five in a deal's first bout
//!    under [`Options::first_bout_five`]) and never more unbeaten attacks
//!    than the defender holds cards. Beaten off, the table goes to the
//!    discard and the defender leads next; taken, the defender picks it
//!    up (those cards become known to be in its hand) and the seat after
//!    it leads. Hands are refilled to six from the stock, the main
//!    attacker first, then around from the defender's other side, the
//!    defender last; the turned-up trump is drawn last. Once the stock is
//!    empty, a seat without cards goes out; the last seat (or team)
//!    holding cards is the durak, and when the last cards go out
//!    together the deal is a draw.
//!
//! ## Rules as implemented (choices the sources leave open)
//!
//! - One card per move; an attacker who would put down several cards at
//!   once puts them down one after another (the defender may answer in
//!   between, which only gives the attackers more ranks to throw).
//! - The first attacker of a deal is whoever [`Deal::from_order`] is told, by
//!   default the holder of the lowest trump; when no seat holds a trump,
//!   the dealer's left.
//! - With six seats no stock remains: the dealer's last card is turned up
//!   for trumps and kept, known to all.
//! - [`ThrowIn::Neighbours`]: the main attacker and the seat after the
//!   defender. Perevodnoy transfers by playing the card (showing a trump
//!   of the rank is not a transfer).
//! - Teams ([`Options::teams`]): partners opposite; a seat attacks its
//!   next opponent, never throws in on its partner, and the deal ends
//!   when one team alone holds cards.
//!
//! ## Example
//!
//! A hand-made bout: seat 0 leads 7♠ against seat 1, which beats it with
//! 9♠; seat 0 throws in the 9♥ (a rank on the table), seat 1 takes, and
//! seat 0, the only thrower, passes. The table goes to seat 1's hand, and
//! everyone now knows it holds those three cards. Then a random deal of
//! four is played out with one reused move vector.
//!
//! ```
//! use tabula_cards::CardSet;
//! use tabula_cards::bout::*;
//! use tabula_search::Rng;
//!
//! let c = |name: &str| DECK.parse(name).unwrap();
//! let set = |names: &[&str]| names.iter().map(|n| c(n)).collect::<CardSet>();
//! let hands = [set(&["7s", "9h", "Kd"]), set(&["9s", "6c", "Ac"])];
//! let discard = (DECK.all() - hands[0]) - hands[1];
//! let position = Position {
//!     options: Options::default(),
//!     hands: &hands,
//!     stock: &[],
//!     trump_card: c("6h"), // hearts are trumps; the 6♥ was beaten off long ago
//!     discard,
//!     known: &[],
//!     attacker: 0,
//!     bouts: 10,
//! };
//! let mut deal = Deal::from_position(&position).unwrap();
//! let mut moves = Vec::new();
//! deal.legal_moves(&mut moves);
//! assert_eq!(moves.len(), 3); // seat 0 may lead any of its cards
//! deal.apply(Move::Attack(c("7s"))).unwrap();
//! assert_eq!(deal.to_move(), Some(1));
//! deal.legal_moves(&mut moves);
//! // 9♠ beats 7♠; the 9♥ is in the other hand; the A♣ is not a spade.
//! assert_eq!(moves, [Move::Defend { attack: c("7s"), with: c("9s") }, Move::Take]);
//! assert!(deal.apply(Move::Defend { attack: c("7s"), with: c("Ac") }).is_err());
//! deal.apply(Move::Defend { attack: c("7s"), with: c("9s") }).unwrap();
//! deal.apply(Move::Attack(c("9h"))).unwrap(); // a nine is on the table
//! deal.apply(Move::Take).unwrap();
//! assert_eq!(deal.apply(Move::Pass), Ok(Event::Taken));
//! assert_eq!(deal.known(1), set(&["7s", "9s", "9h"]));
//! assert_eq!(deal.bout().attacker(), 0); // the seat after the taker leads
//!
//! let mut rng = Rng::new(1);
//! let mut deal = Deal::shuffled(Options::default(), 4, 0, None, &mut rng).unwrap();
//! while deal.to_move().is_some() {
//!     deal.legal_moves(&mut moves);
//!     let mv = *rng.choose(&moves).unwrap();
//!     deal = { let mut next = deal; next.apply(mv).unwrap(); next };
//!     deal.check_invariants().unwrap();
//! }
//! assert!(deal.outcome().is_some());
//! ```

mod cards;
mod centre;
mod deal;
mod moves;
mod observe;
mod play;
mod public;

#[cfg(test)]
mod tests;

pub use cards::{CARDS, DECK, HAND, all_cards, beaters, ranks_of, same_rank, suit_cards};
pub use centre::{Bout, Stage};
pub use deal::{Deal, Position, whole_pack};
pub use moves::{BoutError, Event, Move, Options, Outcome, SetupError, ThrowIn};
pub use observe::Observation;
pub use public::{MAX_SEATS, Public};
