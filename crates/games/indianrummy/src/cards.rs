//! The cards of Indian Rummy: two French decks and two printed jokers, 106
//! instances in a two-word set, as the card layer numbers them
//! ([`tabula_cards::doubled`]): instance `2f` and `2f + 1` are the two
//! copies of face `f`; 104 and 105 are the printed jokers. Rules read
//! faces ([`faces`]); the ledger, the records and the replay read
//! instances.

use tabula_cards::CardId;
use tabula_cards::doubled;
use tabula_cards::melds::Face;

pub use tabula_cards::doubled::{Cards, distinct, face, faces, instance_in, name, names, parse_face, rank};

/// Every instance.
pub const NUM_CARDS: usize = 106;
/// The whole deck.
pub const DECK: Cards = doubled::deck(NUM_CARDS - doubled::SUITED);

/// The two instances of a face.
pub fn instances(f: Face) -> [CardId; 2] {
    let mut it = doubled::instances(f, DECK);
    let first = it.next().expect("every face twice");
    [first, it.next().expect("every face twice")]
}

/// Instances for faces written as text, each face's lowest unused
/// instance first (tests and examples): `"8h 8h 9h Jk"`.
///
/// # Errors
/// A word that is no face, or a face named more than twice.
pub fn parse_cards(text: &str) -> Result<Cards, String> {
    doubled::parse_cards(text, DECK)
}
