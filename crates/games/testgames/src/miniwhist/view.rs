//! What a page draws of Mini Whist for one seat, from its observation
//! alone: its hand and discard, what it knows of the opponent, the plays
//! and the tricks.

use serde::Serialize;
use tabula_cards::tricks::{PlayedCard, all_active};
use tabula_search::Seat;

use super::cards::{CardId, DECK, Suit};
use super::observation::Observation;

/// A seat's view of the table. Cards are written as typed: suit letter,
/// rank, copy (`s3a` is the first ♠3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MiniWhistView {
    /// The observing seat.
    pub seat: Seat,
    /// The seat's cards.
    pub hand: Vec<String>,
    /// The seat's own discard; `null` before it discards.
    pub discard: Option<String>,
    /// Cards the opponent holds.
    pub opponent_cards: usize,
    /// Whether the opponent has discarded (face down).
    pub opponent_discarded: bool,
    /// Every card played, in order.
    pub plays: Vec<String>,
    /// The trick in progress, each card by its face (`3♠`, as the card
    /// table's pages draw faces) with its seat.
    pub trick: Vec<PlayedCard>,
    /// Tricks won: the seat's, then the opponent's.
    pub tricks: [u8; 2],
    /// The seat that leads the trick in progress.
    pub leader: Seat,
    /// The seat to act; `null` at a deal and at the end.
    pub to_move: Option<Seat>,
}

/// A card's face as the card table's pages draw it: rank, then suit
/// (`3♠`; the two copies of a face look alike).
pub(super) fn face_name(card: CardId) -> String {
    let face = DECK.face(card);
    format!("{}{}", face.rank, face.suit.symbol())
}

/// A card as typed: suit letter, rank, copy (`s3a` is ♠3a).
pub(super) fn card_text(card: CardId) -> String {
    let suit = match DECK.suit(card) {
        Suit::Spades => 's',
        Suit::Hearts => 'h',
    };
    let copy = if card.index() % 2 == 0 { 'a' } else { 'b' };
    format!("{suit}{}{copy}", DECK.rank(card))
}

impl MiniWhistView {
    /// The view of a seat's observation.
    pub fn of(view: &Observation) -> Self {
        let me = view.seat();
        MiniWhistView {
            seat: me,
            hand: view.hand().iter().map(card_text).collect(),
            discard: view.discard().map(card_text),
            opponent_cards: view.opponent_hand_size(),
            opponent_discarded: view.opponent_discarded(),
            plays: view.plays().iter().copied().map(card_text).collect(),
            trick: view.tricks.trick_view(all_active(2), face_name),
            tricks: [view.tricks()[me], view.tricks()[1 - me]],
            leader: view.leader(),
            to_move: view.to_move().seat(),
        }
    }
}
