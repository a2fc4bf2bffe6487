//! Two French decks and printed jokers as card instances in a two-word set:
//! the deck of Indian Rummy (106 cards, two jokers), Canasta and Guandan
//! (108 cards, four jokers). Instance `2f` and `2f + 1` are the two copies
//! of face `f` (the meld plugin's face numbering: suit by suit, clubs
//! first, ace to king); the jokers follow from 104. Rules read faces
//! ([`face`], [`faces`]); the ledger, the records and the replay read
//! instances. Two instances of one face are the same choice to a player:
//! [`distinct`] and [`instance_in`] name the lower.
//!
//! ```
//! use tabula_cards::doubled::{deck, distinct, face, name, parse_cards};
//!
//! let deck = deck(4);
//! assert_eq!(deck.len(), 108);
//! let hand = parse_cards("8h 8h Jk Jk Jk 2c", deck).unwrap();
//! assert_eq!(hand.len(), 6);
//! // Two 8♥ and three jokers are two choices, with the 2♣ three.
//! let choices: Vec<String> = distinct(hand).map(name).collect();
//! assert_eq!(choices, ["2♣", "8♥", "Jk"]);
//! assert_eq!(face(hand.highest().unwrap()).to_string(), "Jk");
//! ```

use crate::melds::{Face, FaceHand};
use crate::{CardId, CardNameError, WideSet};

/// A set of instances.
pub type Cards = WideSet<2>;

/// The suited instances: two of each of the 52 faces.
pub const SUITED: usize = 104;

/// The deck of two French decks and `jokers` printed jokers (at most 24).
///
/// # Panics
/// When `jokers` is over 24.
pub const fn deck(jokers: usize) -> Cards {
    assert!(jokers <= 128 - SUITED, "at most 24 jokers");
    let n = SUITED + jokers;
    let mut words = [0u64; 2];
    words[0] = u64::MAX;
    words[1] = if n - 64 == 64 { u64::MAX } else { (1 << (n - 64)) - 1 };
    WideSet(words)
}

/// The face of an instance.
#[inline]
pub fn face(card: CardId) -> Face {
    let f = usize::from(card.0 / 2);
    if f >= 52 {
        Face::Joker
    } else {
        Face::new((f % 13) as u8, crate::french::Suit::ALL[f / 13])
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

/// The instances of a face in `deck`, lowest first: two of a suited face,
/// every joker of the deck.
pub fn instances(f: Face, deck: Cards) -> impl Iterator<Item = CardId> {
    let range = match f {
        Face::Joker => SUITED as u16..128,
        _ => {
            let i = f.index() as u16;
            2 * i..2 * i + 2
        }
    };
    range.map(CardId).filter(move |&c| deck.contains(c))
}

/// The faces of a set of instances, as the meld solver reads them.
pub fn faces(cards: Cards) -> FaceHand {
    cards.iter().map(face).collect()
}

/// The lowest instance of `f` in `cards`.
#[inline]
pub fn instance_in(cards: Cards, f: Face) -> Option<CardId> {
    instances(f, cards).next()
}

/// One instance of each face of `cards`, the lowest: the cards a seat's
/// choice tells apart (two 8♥ are the same discard).
pub fn distinct(cards: Cards) -> impl Iterator<Item = CardId> {
    cards.iter().filter(move |&c| {
        if usize::from(c.0) >= SUITED {
            cards.iter().find(|x| usize::from(x.0) >= SUITED) == Some(c)
        } else {
            c.0 % 2 == 0 || !cards.contains(CardId(c.0 - 1))
        }
    })
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

/// Instances of `deck` for faces written as text, each face's lowest
/// unused instance first (tests and examples): `"8h 8h 9h Jk"`.
///
/// # Errors
/// A word that is no face, or a face named more times than the deck holds.
pub fn parse_cards(text: &str, deck: Cards) -> Result<Cards, String> {
    let mut set = Cards::EMPTY;
    for w in text.split([' ', ',']).filter(|w| !w.is_empty()) {
        let f = parse_face(w).map_err(|e| e.to_string())?;
        let c = instances(f, deck)
            .find(|&c| !set.contains(c))
            .ok_or_else(|| format!("{f} is named more times than the deck holds it"))?;
        set.insert(c);
    }
    Ok(set)
}
