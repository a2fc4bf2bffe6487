//! The 48-card Pinochle deck: two copies of each of the 24 faces 9, 10,
//! J, Q, K, A in four suits, as instances in one word.
//!
//! A face is a card of [`SingleDeck::new(9)`](tabula_cards::SingleDeck)
//! (9♣ face 0 … A♠ face 23, six a suit, clubs first); instance `2f` and
//! `2f + 1` are its two copies, so a suit's twelve instances are one run
//! of bits. Rules read faces (two K♥ are the same card to a player); the
//! ledger, the tricks and the replay read instances.
//!
//! In a trick the ranks go A, 10, K, Q, J, 9 ([`strength`]); the counters
//! are the aces, tens and kings ([`counter_points`]).

use tabula_cards::french::Suit;
use tabula_cards::tricks::Suits;
use tabula_cards::{CardId, CardNameError, CardSet, SingleDeck};

/// The faces, as a single deck of ranks 9 to ace.
pub const FACES: SingleDeck = SingleDeck::new(9);
/// Faces in the deck.
pub const NUM_FACES: usize = 24;
/// Instances in the deck.
pub const NUM_CARDS: usize = 48;
/// Every instance.
pub const ALL: CardSet = CardSet((1 << NUM_CARDS) - 1);
/// Cards dealt to each hand.
pub const HAND: usize = 12;
/// The seats.
pub const SEATS: usize = 4;
/// The sides (partners sit opposite: seats 0 and 2, seats 1 and 3).
pub const SIDES: usize = 2;
/// Tricks in a hand.
pub const TRICKS: u8 = 12;

/// The ranks as [`FACES`] numbers them within a suit.
pub mod rank {
    /// The nine.
    pub const NINE: u8 = 0;
    /// The ten.
    pub const TEN: u8 = 1;
    /// The jack.
    pub const JACK: u8 = 2;
    /// The queen.
    pub const QUEEN: u8 = 3;
    /// The king.
    pub const KING: u8 = 4;
    /// The ace.
    pub const ACE: u8 = 5;
}

/// The suits' signs, by index (clubs 0, diamonds 1, hearts 2, spades 3).
pub const SUIT_SIGNS: [&str; 4] = ["♣", "♦", "♥", "♠"];
/// The suits' names, by index.
pub const SUIT_NAMES: [&str; 4] = ["clubs", "diamonds", "hearts", "spades"];

/// The face of an instance.
#[inline]
pub const fn face(card: CardId) -> u8 {
    (card.0 / 2) as u8
}

/// The face of a suit (0–3) and a rank ([`rank`]).
#[inline]
pub const fn face_of(suit: u8, rank: u8) -> u8 {
    suit * 6 + rank
}

/// The suit (0–3) of an instance.
#[inline]
pub const fn suit_of(card: CardId) -> u8 {
    (card.0 / 12) as u8
}

/// The rank ([`rank`]) of an instance.
#[inline]
pub const fn rank_of(card: CardId) -> u8 {
    face(card) % 6
}

/// The two copies of a face.
#[inline]
pub const fn copies(face: u8) -> CardSet {
    CardSet(0b11 << (2 * face as u32))
}

/// Copies of `face` in `set` (0, 1 or 2).
#[inline]
pub const fn count(set: CardSet, face: u8) -> u8 {
    ((set.0 >> (2 * face as u32)) & 0b11).count_ones() as u8
}

/// The twelve instances of a suit.
#[inline]
pub const fn suit_cards(suit: u8) -> CardSet {
    CardSet(0xFFF << (12 * suit as u32))
}

/// A suit's bit in a seat's voids.
#[inline]
pub const fn suit_bit(suit: u8) -> u8 {
    1 << suit
}

/// A rank's place in a trick, 0 (the nine) to 5 (the ace): A, 10, K, Q,
/// J, 9 from the top.
#[inline]
pub const fn strength(card: CardId) -> u8 {
    const BY_RANK: [u8; 6] = [0, 4, 1, 2, 3, 5];
    BY_RANK[rank_of(card) as usize]
}

/// What a card counts in tricks: 10 for an ace, a ten or a king.
#[inline]
pub const fn counter_points(card: CardId) -> u16 {
    match rank_of(card) {
        rank::ACE | rank::TEN | rank::KING => 10,
        _ => 0,
    }
}

/// The counters of a set of cards.
pub fn counters(set: CardSet) -> u16 {
    set.iter().map(counter_points).sum()
}

/// The faces a set holds, each once: one bit per face, at the face's
/// first copy.
#[inline]
pub const fn faces_of(set: CardSet) -> CardSet {
    const EVEN: u64 = 0x5555_5555_5555;
    CardSet((set.0 | (set.0 >> 1)) & EVEN)
}

/// The set with both copies of every face it holds one of.
#[inline]
pub const fn both_copies(set: CardSet) -> CardSet {
    let f = faces_of(set).0;
    CardSet(f | (f << 1))
}

/// A card's name: `A♠`, `10♥`.
pub fn name(card: CardId) -> String {
    FACES.name(CardId(u16::from(face(card))))
}

/// Names of a set's cards, in the order [`sorted`] gives, separated by
/// spaces.
pub fn names(set: CardSet) -> String {
    sorted(set).iter().map(|&c| name(c)).collect::<Vec<_>>().join(" ")
}

/// A hand as a person sorts it: suits of alternating colours (♠ ♥ ♣ ♦),
/// each from its highest card in tricks (A 10 K Q J 9).
pub fn sorted(set: CardSet) -> Vec<CardId> {
    let mut out = Vec::with_capacity(set.len());
    for suit in [3u8, 2, 0, 1] {
        let mut cards: Vec<CardId> = (set & suit_cards(suit)).iter().collect();
        cards.sort_by_key(|&c| (std::cmp::Reverse(strength(c)), c.0));
        out.extend(cards);
    }
    out
}

/// Reads a face's name (`Q♠`, `qs`, `10h`, `Th`): its number.
///
/// # Errors
/// Text that is no card, or a card the deck lacks (`8h`).
pub fn parse_face(text: &str) -> Result<u8, CardNameError> {
    FACES.parse(text).map(|c| c.0 as u8)
}

/// Instances for faces written as text, each face's lowest unused copy
/// first (tests and examples): `"Ah Ah 10h"`.
///
/// # Errors
/// A word that is no card, or a face named three times.
pub fn parse_cards(text: &str) -> Result<CardSet, String> {
    let mut set = CardSet::EMPTY;
    for w in text.split([' ', ',']).filter(|w| !w.is_empty()) {
        let f = parse_face(w).map_err(|e| e.to_string())?;
        let c = (copies(f) - set)
            .lowest()
            .ok_or_else(|| format!("{w} is named more than twice"))?;
        set.insert(c);
    }
    Ok(set)
}

/// The suit a [`Suit`] is, as numbered here.
#[inline]
pub fn suit_index(suit: Suit) -> u8 {
    suit as u8
}

/// The deck as tricks read it: the suit led wins unless a trump is played;
/// rank decides within a suit, and of two copies the first played wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PinochleSuits {
    /// The trump suit (0–3), once named.
    pub trump: Option<u8>,
}

impl Suits for PinochleSuits {
    #[inline]
    fn cards_of(&self, suit: u8) -> CardSet {
        suit_cards(suit)
    }
    #[inline]
    fn suit_of(&self, card: CardId) -> u8 {
        suit_of(card)
    }
    #[inline]
    fn power(&self, card: CardId, led: u8) -> u32 {
        let s = suit_of(card);
        let r = u32::from(strength(card));
        if Some(s) == self.trump {
            100 + r
        } else if s == led {
            1 + r
        } else {
            0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layout_is_two_copies_of_each_face_suit_by_suit() {
        let ah = parse_cards("Ah Ah").unwrap();
        assert_eq!(ah.len(), 2);
        assert!(
            ah.iter()
                .all(|c| name(c) == "A♥" && suit_of(c) == 2 && rank_of(c) == rank::ACE)
        );
        assert_eq!(ALL.len(), 48);
        assert_eq!((0..4).fold(CardSet::EMPTY, |a, s| a | suit_cards(s)), ALL);
        assert_eq!(counters(ALL), 240);
        assert!(parse_cards("Ah Ah Ah").is_err());
        assert!(parse_cards("8h").is_err());
        let order: Vec<String> = sorted(parse_cards("9h Ah Jh 10h Kh Qh").unwrap())
            .into_iter()
            .map(name)
            .collect();
        assert_eq!(order, ["A♥", "10♥", "K♥", "Q♥", "J♥", "9♥"]);
        let set = parse_cards("Qs Jd Jd").unwrap();
        assert_eq!(faces_of(set).len(), 2);
        assert_eq!(both_copies(set).len(), 4);
        assert_eq!(count(set, face_of(1, rank::JACK)), 2);
    }
}
