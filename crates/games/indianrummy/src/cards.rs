//! The cards of Indian Rummy: two French decks and two printed jokers, 106
//! instances in a two-word set. Instance `2f` and `2f + 1` are the two
//! copies of face `f` (the meld plugin's face numbering: suit by suit,
//! clubs first, ace to king); 104 and 105 are the printed jokers. Rules
//! read faces ([`faces`]); the ledger, the records and the replay read
//! instances.

use tabula_cards::melds::{Face, FaceHand};
use tabula_cards::{CardId, CardNameError, WideSet};

/// Every instance.
pub const NUM_CARDS: usize = 106;
/// A set of instances.
pub type Cards = WideSet<2>;
/// The whole deck.
pub const DECK: Cards = deck();

const fn deck() -> Cards {
    let mut words = [0u64; 2];
    words[0] = u64::MAX;
    words[1] = (1 << (NUM_CARDS - 64)) - 1;
    WideSet(words)
}

/// The face of an instance.
#[inline]
pub fn face(card: CardId) -> Face {
    let f = usize::from(card.0 / 2);
    if f >= 52 {
        Face::Joker
    } else {
        Face::new((f % 13) as u8, tabula_cards::french::Suit::ALL[f / 13])
    }
}

/// The rank of an instance (0 the ace … 12 the king); `None` for a joker.
#[inline]
pub fn rank(card: CardId) -> Option<u8> {
    match face(card) {
        Face::Suited { rank, .. } => Some(rank),
        Face::Joker => None,
    }
}

/// The two instances of a face.
pub fn instances(f: Face) -> [CardId; 2] {
    let i = f.index() as u16;
    [CardId(2 * i), CardId(2 * i + 1)]
}

/// The faces of a set of instances, as the meld solver reads them.
pub fn faces(cards: Cards) -> FaceHand {
    cards.iter().map(face).collect()
}

/// The lowest instance of `f` in `cards`.
pub fn instance_in(cards: Cards, f: Face) -> Option<CardId> {
    instances(f).into_iter().find(|&c| cards.contains(c))
}

/// One instance of each face of `cards`, the lowest: the cards a seat's
/// choice tells apart (two 8♥ are the same discard).
pub fn distinct(cards: Cards) -> impl Iterator<Item = CardId> {
    cards
        .iter()
        .filter(move |c| c.0 % 2 == 0 || !cards.contains(CardId(c.0 - 1)))
}

/// A card's name: `7♥`, `10♣`, `A♠`, `Jk`.
pub fn name(card: CardId) -> String {
    face(card).to_string()
}

/// Cards' names, in card order, separated by spaces.
pub fn names(cards: Cards) -> String {
    cards.iter().map(name).collect::<Vec<_>>().join(" ")
}

/// Reads a face: `7h`, `7♥`, `10c`, `Ts`, `Jk`, `joker`.
///
/// # Errors
/// When the text names no face.
pub fn parse_face(text: &str) -> Result<Face, CardNameError> {
    Face::parse(text)
}

/// Instances for faces written as text, each face's lowest unused
/// instance first (tests and examples): `"8h 8h 9h Jk"`.
///
/// # Errors
/// A word that is no face, or a face named more than twice.
pub fn parse_cards(text: &str) -> Result<Cards, String> {
    let mut set = Cards::EMPTY;
    for w in text.split([' ', ',']).filter(|w| !w.is_empty()) {
        let f = parse_face(w).map_err(|e| e.to_string())?;
        let c = instances(f)
            .into_iter()
            .find(|&c| !set.contains(c))
            .ok_or_else(|| format!("{f} is named more than twice"))?;
        set.insert(c);
    }
    Ok(set)
}
