//! The cards of Canasta: two French decks and four printed jokers, 108
//! instances in a two-word set as the card layer numbers them
//! ([`tabula_cards::doubled`]). Suits matter only for the threes: red
//! threes are bonus cards, black threes stop cards. What a card is to the
//! rules is its [`Kind`]; its worth is [`value`].

use tabula_cards::CardId;
use tabula_cards::doubled;
use tabula_cards::french::Suit;
use tabula_cards::melds::Face;

pub use tabula_cards::doubled::{Cards, distinct, face, faces, instance_in, name, names, parse_face};

/// Every instance.
pub const NUM_CARDS: usize = 108;
/// The whole deck.
pub const DECK: Cards = doubled::deck(NUM_CARDS - doubled::SUITED);
/// Rank indices, the meld plugin's: 0 the ace, 1 the two, 2 the three … 12 the king.
pub const RANKS: usize = 13;
/// The rank index of the twos (wild).
pub const TWO: u8 = 1;
/// The rank index of the threes (black ones melded only going out).
pub const THREE: u8 = 2;
/// The ranks that meld as natural cards, in order: the ace, four to king.
pub const NATURAL_RANKS: [u8; 11] = [0, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/// What a card is to the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A natural card of a meldable rank (the ace, four to king).
    Natural(u8),
    /// A black three: a stop card, melded only going out.
    BlackThree,
    /// A red three: laid out at once, a bonus.
    RedThree,
    /// A two: wild.
    Two,
    /// A printed joker: wild.
    Joker,
}

/// The kind of a card.
#[inline]
pub fn kind(card: CardId) -> Kind {
    match face(card) {
        Face::Joker => Kind::Joker,
        Face::Suited { rank: TWO, .. } => Kind::Two,
        Face::Suited {
            rank: THREE,
            suit: Suit::Diamonds | Suit::Hearts,
        } => Kind::RedThree,
        Face::Suited { rank: THREE, .. } => Kind::BlackThree,
        Face::Suited { rank, .. } => Kind::Natural(rank),
    }
}

/// Whether a card is wild (a two or a joker).
#[inline]
pub fn is_wild(card: CardId) -> bool {
    matches!(kind(card), Kind::Two | Kind::Joker)
}

/// Whether a card is a red three.
#[inline]
pub fn is_red_three(card: CardId) -> bool {
    kind(card) == Kind::RedThree
}

/// The rank a card melds in: its own for a natural card or a black three,
/// `None` for a wild card or a red three.
#[inline]
pub fn meld_rank(card: CardId) -> Option<u8> {
    match kind(card) {
        Kind::Natural(r) => Some(r),
        Kind::BlackThree => Some(THREE),
        _ => None,
    }
}

/// A card's worth (pagat): jokers 50, twos and aces 20, kings to eights
/// 10, sevens to fours and black threes 5; red threes 100 (a bonus, not
/// part of a meld's count).
#[inline]
pub fn value(card: CardId) -> u32 {
    match kind(card) {
        Kind::Joker => 50,
        Kind::Two => 20,
        Kind::RedThree => 100,
        Kind::BlackThree => 5,
        Kind::Natural(r) => rank_value(r),
    }
}

/// The worth of a natural card of rank `r`.
#[inline]
pub const fn rank_value(r: u8) -> u32 {
    match r {
        0 => 20,
        7..=12 => 10,
        _ => 5,
    }
}

/// The cards' total worth.
pub fn total(cards: Cards) -> u32 {
    cards.iter().map(value).sum()
}

/// A rank's name in a meld: `A`, `3` (black threes), `4` … `10`, `J`, `Q`, `K`.
pub fn rank_name(r: u8) -> &'static str {
    ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"][usize::from(r.min(12))]
}

/// Reads a rank name (`A`, `4` … `10`, `T`, `J`, `Q`, `K`, `3`), any case.
pub fn parse_rank(text: &str) -> Option<u8> {
    let t = text.trim().to_ascii_uppercase();
    let t = if t == "T" { "10".to_string() } else { t };
    (0..RANKS as u8).find(|&r| rank_name(r) == t)
}

/// Instances for faces written as text, each face's lowest unused
/// instance first (tests and examples): `"8h 8h 9h Jk"`.
///
/// # Errors
/// A word that is no face, or a face named more often than the deck holds it.
pub fn parse_cards(text: &str) -> Result<Cards, String> {
    doubled::parse_cards(text, DECK)
}
