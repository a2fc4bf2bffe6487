//! The cards of Guandan: two French decks and four jokers, 108 instances
//! as the card layer numbers them ([`tabula_cards::doubled`]: instances
//! `2f` and `2f + 1` the two copies of face `f`, suit by suit, clubs
//! first, ace to king), the jokers last: 104 and 105 the small jokers,
//! 106 and 107 the big ones.
//!
//! Ranks come in two numberings. A card's **natural rank** is 0 the two
//! … 12 the ace, and a level is a natural rank (the level 2 is 0). Its
//! **rank at a level** is what the climbing plugin reads ([`rank`]): the
//! natural ranks in order with the level's rank taken out and put above
//! the ace (12), then the small joker (13) and the big joker (14). The
//! two hearts of the level rank are wild ([`is_wild`]).

use std::fmt;

use tabula_cards::CardId;
use tabula_cards::climbing::Counts;
use tabula_cards::doubled;
use tabula_cards::french::Suit;
use tabula_cards::melds::Face as LayerFace;

pub use tabula_cards::doubled::Cards;

/// Every instance.
pub const NUM_CARDS: usize = 108;
/// The whole deck.
pub const DECK: Cards = doubled::deck(NUM_CARDS - doubled::SUITED);
/// The natural ranks (the two to the ace), and so the levels.
pub const NATURALS: u8 = 13;
/// The natural rank of the ace: the last level.
pub const ACE: u8 = 12;
/// The level rank's rank at its level: above the ace.
pub const LEVEL_RANK: u8 = 12;
/// The small joker's rank.
pub const SMALL_JOKER: u8 = 13;
/// The big joker's rank.
pub const BIG_JOKER: u8 = 14;
/// The ranks at a level.
pub const RANKS: u8 = 15;
/// The suits, in the layer's order (clubs, diamonds, hearts, spades).
pub const SUITS: usize = 4;
/// The hearts' index among the suits.
pub const HEARTS: u8 = 2;

/// A level: the natural rank a side plays at (0 the two … 12 the ace).
pub type Level = u8;

/// A face: what a card shows, both copies alike (an instance's number
/// halved: suit by suit from the clubs, ace to king; 52 the small joker,
/// 53 the big). Actions name faces, so that which copy a seat holds is
/// never a choice, nor a thing the table could learn.
pub type Face = u8;

/// The faces.
pub const FACES: usize = 54;

/// The face of a card.
#[inline]
pub fn face_of(card: CardId) -> Face {
    (card.0 / 2) as Face
}

/// The lower instance of `face` in `cards`.
#[inline]
pub fn instance_in(cards: Cards, face: Face) -> Option<CardId> {
    let c = CardId(u16::from(face) * 2);
    [c, CardId(c.0 + 1)].into_iter().find(|&c| cards.contains(c))
}

/// A face's name, as [`name`] gives its cards'.
pub fn face_name(face: Face) -> String {
    name(CardId(u16::from(face) * 2))
}

/// The natural rank of a card (0 the two … 12 the ace); `None` for a
/// joker.
#[inline]
pub fn natural(card: CardId) -> Option<u8> {
    // The layer's ranks run ace (0) to king (12).
    doubled::rank(card).map(|r| (r + 12) % 13)
}

/// The suit index of a card (0 clubs … 3 spades); `None` for a joker.
#[inline]
pub fn suit(card: CardId) -> Option<u8> {
    (usize::from(card.0) < doubled::SUITED).then_some((card.0 / 26) as u8)
}

/// Whether a card is a small joker.
#[inline]
pub fn is_small_joker(card: CardId) -> bool {
    matches!(card.0, 104 | 105)
}

/// The rank at level `level` of the natural rank `n`: the level's rank
/// above the ace, the ranks above it one lower.
#[inline]
pub const fn rank_of(n: u8, level: Level) -> u8 {
    if n == level {
        LEVEL_RANK
    } else if n > level {
        n - 1
    } else {
        n
    }
}

/// The natural rank of the rank `r` (below the jokers) at level `level`:
/// the inverse of [`rank_of`].
#[inline]
pub const fn natural_of(r: u8, level: Level) -> u8 {
    if r == LEVEL_RANK {
        level
    } else if r >= level {
        r + 1
    } else {
        r
    }
}

/// A card's rank at level `level` (see the [module documentation](self)).
#[inline]
pub fn rank(card: CardId, level: Level) -> u8 {
    match natural(card) {
        Some(n) => rank_of(n, level),
        None if is_small_joker(card) => SMALL_JOKER,
        None => BIG_JOKER,
    }
}

/// Whether a card is wild at level `level`: a heart of the level rank.
#[inline]
pub fn is_wild(card: CardId, level: Level) -> bool {
    natural(card) == Some(level) && suit(card) == Some(HEARTS)
}

/// The instance pair of the face of natural rank `n` in suit `s`: the
/// lower of its two instances.
#[inline]
pub fn face_card(n: u8, s: u8) -> CardId {
    // The layer's rank of the natural rank: the ace first.
    let layer = (n + 1) % 13;
    CardId(2 * (u16::from(s) * 13 + u16::from(layer)))
}

/// A hand as the rules of play read it at a level: its natural cards as
/// rank counts (the wild cards left out), its wild cards, and each suit's
/// natural cards as one bit per rank (for straight flushes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HandView {
    /// The natural cards, by rank at the level.
    pub counts: Counts,
    /// The wild cards.
    pub wilds: u8,
    /// Each suit's natural cards, one bit per rank at the level.
    pub suits: [u16; SUITS],
}

impl HandView {
    /// The view of `hand` at level `level`.
    pub fn of(hand: Cards, level: Level) -> HandView {
        let mut v = HandView::default();
        for c in hand.iter() {
            if is_wild(c, level) {
                v.wilds += 1;
                continue;
            }
            let r = rank(c, level);
            v.counts = v.counts.plus(r, 1);
            if let Some(s) = suit(c) {
                v.suits[usize::from(s)] |= 1 << r;
            }
        }
        v
    }

    /// The cards of the hand.
    pub fn len(&self) -> u32 {
        self.counts.total() + u32::from(self.wilds)
    }

    /// Whether the hand is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A card's name: `7♥`, `10♣`, `A♠`, `SJ` (small joker), `BJ` (big).
pub fn name(card: CardId) -> String {
    match doubled::face(card) {
        LayerFace::Joker if is_small_joker(card) => "SJ".into(),
        LayerFace::Joker => "BJ".into(),
        f => f.to_string(),
    }
}

/// Cards' names in card order, separated by spaces.
pub fn names(cards: Cards) -> String {
    cards.iter().map(name).collect::<Vec<_>>().join(" ")
}

/// What is wrong with a card's name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CardsError {
    /// A word that names no card.
    #[error("no such card: {0}")]
    Unknown(String),
    /// A card named more times than the cards hold it.
    #[error("{0} is named more times than there are")]
    TooMany(String),
}

/// The instances of `from` named by `text` (`"7h 7h SJ BJ"`), each name
/// taking its face's lowest instance not yet taken.
///
/// # Errors
/// A word that names no card, or a card named more times than `from`
/// holds it.
pub fn parse_cards(text: &str, from: Cards) -> Result<Cards, CardsError> {
    let mut out = Cards::EMPTY;
    for w in text.split([' ', ',']).filter(|w| !w.is_empty()) {
        let candidates: [u16; 2] = if w.eq_ignore_ascii_case("sj") {
            [104, 105]
        } else if w.eq_ignore_ascii_case("bj") {
            [106, 107]
        } else {
            match doubled::parse_face(w) {
                Ok(f @ LayerFace::Suited { .. }) => {
                    let i = f.index() as u16;
                    [2 * i, 2 * i + 1]
                }
                _ => return Err(CardsError::Unknown(w.into())),
            }
        };
        let c = candidates
            .into_iter()
            .map(CardId)
            .find(|&c| from.contains(c) && !out.contains(c))
            .ok_or_else(|| CardsError::TooMany(w.into()))?;
        out.insert(c);
    }
    Ok(out)
}

/// The names of the ranks at a level, low to high (`2` … `A`, the level's
/// rank above the ace, `SJ`, `BJ`): for [`Counts::named`].
pub fn rank_names(level: Level) -> [&'static str; RANKS as usize] {
    const NAMES: [&str; 13] = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
    let mut out = [""; RANKS as usize];
    for n in 0..NATURALS {
        out[usize::from(rank_of(n, level))] = NAMES[usize::from(n)];
    }
    out[usize::from(SMALL_JOKER)] = "SJ";
    out[usize::from(BIG_JOKER)] = "BJ";
    out
}

/// A level written as its rank: `2` … `10`, `J`, `Q`, `K`, `A`.
pub struct LevelName(pub Level);

impl fmt::Display for LevelName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(rank_names(self.0)[usize::from(LEVEL_RANK)])
    }
}

/// The suit of a suit index.
pub fn suit_of(s: u8) -> Suit {
    Suit::ALL[usize::from(s)]
}

/// The suits' signs, by suit index (clubs, diamonds, hearts, spades).
pub const SUIT_SIGNS: [&str; SUITS] = ["♣", "♦", "♥", "♠"];
