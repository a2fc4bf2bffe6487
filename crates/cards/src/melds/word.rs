//! The one-word path of the meld plugin: a hand of one 52-card deck in
//! [`layout`](super::layout)'s ace-low order, as one [`CardSet`], split
//! exactly into melds and deadwood with no allocation — what a game whose
//! rules are single-deck, wild-free, sets of three or four of a rank and
//! runs of three or more ace low (Gin Rummy) calls in its search's inner
//! loop.
//!
//! A meld is a *set* (three or four cards of one rank) or a *run* (three
//! or more cards of one suit in sequence, the ace low only: A-2-3 is a run,
//! Q-K-A is not). A card belongs to one meld at most; the hand's other
//! cards are its deadwood, counted at the values the game gives
//! [`OneDeckMelds::new`].
//!
//! [`OneDeckMelds::best_partition`] finds the melds that leave the least
//! deadwood, exactly, by a search over the hand's cards from the lowest:
//! the lowest card left is either deadwood or the lowest card of one of
//! the melds the remaining cards allow (a run going up from it, or a set of
//! its rank with cards of later suits). At every step the cards that no
//! meld of the cards left can hold are set aside as deadwood, which leaves
//! most hands only a few cards to search. Nothing is allocated.

use std::fmt;

use crate::card::CardId;
use crate::set::CardSet;

use super::layout::{ACES, DECK, names, rank, suit_cards, suit_of};

/// The most cards the one-word path accepts in a hand (and the most a
/// layoff's defender may hold).
pub const MAX_HAND: usize = 13;

/// The most melds a hand of [`MAX_HAND`] cards can hold.
pub const MAX_MELDS: usize = MAX_HAND / 3;

/// Cards of rank at most 10 (the jack) in each suit: where a run of three
/// can start without leaving the suit.
const RUN_STARTS: u64 = 0x7FF * ACES;

/// The kind of a meld.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MeldKind {
    /// Three or four cards of one rank.
    Set,
    /// Three or more cards of one suit in sequence, ace low.
    Run,
}

/// A valid meld: a set or a run, with its cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Meld {
    cards: CardSet,
    kind: MeldKind,
}

impl Meld {
    /// The meld of these cards, or `None` when they are not a set or a run.
    pub fn new(cards: CardSet) -> Option<Meld> {
        let bits = cards.0;
        let n = cards.len();
        let low = cards.lowest()?;
        if n < 3 || bits & !DECK.0 != 0 {
            return None;
        }
        let suit = suit_cards(suit_of(low)).0;
        if bits & !suit == 0 && bits == ((1u64 << n) - 1) << low.0 {
            Some(Meld {
                cards,
                kind: MeldKind::Run,
            })
        } else if n <= 4 && bits & !(ACES << rank(low)) == 0 {
            Some(Meld {
                cards,
                kind: MeldKind::Set,
            })
        } else {
            None
        }
    }

    /// A meld the caller knows to be valid (the search builds only these).
    fn known(bits: u64) -> Meld {
        let cards = CardSet(bits);
        let low = CardId(bits.trailing_zeros() as u16);
        let suit = suit_cards(suit_of(low)).0;
        let kind = if bits & !suit == 0 {
            MeldKind::Run
        } else {
            MeldKind::Set
        };
        debug_assert_eq!(Meld::new(cards), Some(Meld { cards, kind }));
        Meld { cards, kind }
    }

    /// Its cards.
    #[inline]
    pub fn cards(self) -> CardSet {
        self.cards
    }

    /// Set or run.
    #[inline]
    pub fn kind(self) -> MeldKind {
        self.kind
    }

    /// The number of cards.
    #[inline]
    pub fn len(self) -> usize {
        self.cards.len()
    }

    /// Whether it has no card (never: a meld has three at least).
    #[inline]
    pub fn is_empty(self) -> bool {
        false
    }

    /// The meld with `card` added, when that is still a meld: the fourth
    /// card of a set of three, or the card just below or above a run.
    pub fn extended(self, card: CardId) -> Option<Meld> {
        if self.cards.contains(card) {
            return None;
        }
        Meld::new(self.cards | CardSet::of(card))
    }
}

impl fmt::Display for Meld {
    /// The cards' names, like `5♠ 6♠ 7♠`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&names(self.cards))
    }
}

/// A hand split into disjoint melds and the deadwood left over.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Partition {
    /// The melds, in order of their lowest card; entries from `len` on are
    /// unused (a fixed array keeps the partition off the heap).
    melds: [Meld; MAX_MELDS],
    len: u8,
    deadwood: CardSet,
    deadwood_points: u32,
}

impl Partition {
    /// The melds, in increasing order of their lowest card.
    #[inline]
    pub fn melds(&self) -> &[Meld] {
        &self.melds[..usize::from(self.len)]
    }

    /// The cards in no meld.
    #[inline]
    pub fn deadwood(&self) -> CardSet {
        self.deadwood
    }

    /// The deadwood's points.
    #[inline]
    pub fn deadwood_points(&self) -> u32 {
        self.deadwood_points
    }

    /// The cards in melds.
    pub fn melded(&self) -> CardSet {
        self.melds().iter().fold(CardSet::EMPTY, |s, m| s | m.cards)
    }

    /// Whether every card is melded (gin, for a hand of ten or eleven).
    #[inline]
    pub fn is_gin(&self) -> bool {
        self.deadwood.is_empty()
    }
}

impl fmt::Debug for Partition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Partition")
            .field("melds", &self.melds())
            .field("deadwood", &self.deadwood)
            .field("deadwood_points", &self.deadwood_points)
            .finish()
    }
}

impl fmt::Display for Partition {
    /// Each meld in brackets, then the deadwood and its points:
    /// `[4♠ 5♠ 6♠] [7♦ 7♥ 7♠] | K♣ (10)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for m in self.melds() {
            write!(f, "[{m}] ")?;
        }
        write!(f, "| {} ({})", names(self.deadwood), self.deadwood_points)
    }
}

/// The order in which partitions are compared, packed so that the key of
/// a partition is the sum of its parts' keys: deadwood points from bit 80,
/// the number of deadwood cards from bit 72, the deadwood as a card set
/// (its `u64`) from bit 8, the number of melds in the low byte. No field
/// overflows into the next (at most 13 × 255 points, 13 cards, 52-bit
/// sets, 4 melds), so comparing keys compares these in turn, and a choice
/// that is best for the rest of the hand stays best with any fixed first
/// part.
pub(super) type Key = u128;

/// The key of one meld.
const MELD_KEY: Key = 1;

/// The deadwood points of a key.
#[inline]
pub(super) fn key_points(key: Key) -> u32 {
    (key >> 80) as u32
}

/// The cards of `hand` that some meld within `hand` holds: those of a run
/// of three or more in a suit, and those of a rank held three or four times.
#[inline]
fn meldable_bits(h: u64) -> u64 {
    let starts = h & h >> 1 & h >> 2 & RUN_STARTS;
    let runs = starts | starts << 1 | starts << 2;
    let (a, b, c, d) = (h & 0x1FFF, h >> 13 & 0x1FFF, h >> 26 & 0x1FFF, h >> 39 & 0x1FFF);
    let three = a & b & (c | d) | c & d & (a | b);
    // `three` has 13 bits: multiplying by the aces copies it into each suit.
    runs | (three * ACES) & h
}

/// The cards of `hand` that belong to at least one meld made of cards of
/// `hand`: every other card is deadwood however the hand is arranged.
pub fn meldable(hand: CardSet) -> CardSet {
    CardSet(meldable_bits(hand.0 & DECK.0))
}

/// The best arrangement of some cards found by the search: its key and its
/// melds as bit sets, the meld of the lowest card last.
#[derive(Clone, Copy)]
struct Best {
    key: Key,
    melds: [u64; MAX_MELDS],
    len: usize,
}

/// The one-word meld solver of a game: the deadwood value of each rank,
/// folded into the key of each card. Build it once, as a `static` (its
/// constructor is `const`), and call it in the search's inner loop.
///
/// ```
/// use tabula_cards::melds::{OneDeckMelds, parse_hand};
///
/// // Ace 1, two to ten their number, jack, queen and king 10 (Gin Rummy).
/// static MELDS: OneDeckMelds = OneDeckMelds::new([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]);
/// let p = MELDS.best_partition(parse_hand("4s 5s 6s 7s 7h 7d Kc").unwrap());
/// assert_eq!(p.deadwood_points(), 10);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct OneDeckMelds {
    values: [u8; 13],
    /// The key of each card as deadwood: its value, one card, its bit.
    dead_key: [Key; 52],
}

impl fmt::Debug for OneDeckMelds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OneDeckMelds").field("values", &self.values).finish()
    }
}

impl OneDeckMelds {
    /// The solver for these deadwood values, `values[r]` the value of a
    /// card of rank `r` (0 the ace … 12 the king).
    pub const fn new(values: [u8; 13]) -> OneDeckMelds {
        let mut dead_key = [0; 52];
        let mut i = 0;
        while i < 52 {
            let value = values[i % 13] as u128;
            dead_key[i] = value << 80 | 1 << 72 | 1 << (8 + i);
            i += 1;
        }
        OneDeckMelds { values, dead_key }
    }

    /// The deadwood value of each rank, the ace first.
    #[inline]
    pub fn values(&self) -> [u8; 13] {
        self.values
    }

    /// A card's deadwood value.
    #[inline]
    pub fn value(&self, card: CardId) -> u32 {
        u32::from(self.values[usize::from(rank(card))])
    }

    /// The deadwood points of a set of cards: the sum of their values.
    #[inline]
    pub fn points(&self, cards: CardSet) -> u32 {
        key_points(self.dead_key(cards.0 & DECK.0))
    }

    /// The key of a set of deadwood cards.
    #[inline]
    fn dead_key(&self, mut bits: u64) -> Key {
        let mut key = 0;
        while bits != 0 {
            key += self.dead_key[bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
        key
    }

    /// The best arrangement of `cards`.
    fn search(&self, cards: u64) -> Best {
        // Cards no meld of what is left can hold are deadwood whatever else is
        // chosen: set them aside at every step, which keeps the branching to
        // the cards that matter.
        let rest = meldable_bits(cards);
        let dead = self.dead_key(cards & !rest);
        if rest == 0 {
            return Best {
                key: dead,
                melds: [0; MAX_MELDS],
                len: 0,
            };
        }
        let i = rest.trailing_zeros();
        let c = 1u64 << i;
        // The lowest card is in some meld of `rest`, as the lowest card of it:
        // a run going up from it, or a set with cards of its rank in later
        // suits.
        let others = rest & ACES << (i % 13) & !c;
        let run = RUN_STARTS >> i & 1 == 1 && rest >> i & 7 == 7;
        let mut best = self.search(rest & !c);
        best.key += self.dead_key[i as usize];
        let mut consider = |meld: u64| {
            let mut sub = self.search(rest & !meld);
            sub.key += MELD_KEY;
            // Strictly better only: among equals the first tried stays.
            if sub.key < best.key {
                sub.melds[sub.len] = meld;
                sub.len += 1;
                best = sub;
            }
        };
        if run {
            // The longest run up from `c` within its suit, then each shorter.
            let suit_end = (i / 13 + 1) * 13;
            let mut len = 3;
            while i + len < suit_end && rest >> (i + len) & 1 == 1 {
                len += 1;
            }
            for l in (3..=len).rev() {
                consider(((1u64 << l) - 1) << i);
            }
        }
        match others.count_ones() {
            3 => {
                consider(c | others);
                // The three-card sets, dropping the highest other card first.
                for drop in [
                    others.ilog2(),
                    (others & !(1 << others.ilog2())).ilog2(),
                    others.trailing_zeros(),
                ] {
                    consider(c | others & !(1u64 << drop));
                }
            }
            2 => consider(c | others),
            _ => {}
        }
        best.key += dead;
        best
    }

    /// The key of the best partition of a hand (no more than [`MAX_HAND`]
    /// cards, all of the deck).
    #[inline]
    pub(super) fn best_key(&self, hand: u64) -> Key {
        self.search(hand).key
    }

    /// The partition of `hand` into disjoint melds that leaves the fewest
    /// deadwood points, found exactly (every arrangement is accounted for,
    /// not a greedy choice).
    ///
    /// Among partitions with the same deadwood points, the one chosen has
    /// 1. the fewest deadwood cards, then
    /// 2. the deadwood of smaller `CardSet.0` (of two deadwoods, the one
    ///    without the highest-id card they do not share),
    /// 3. the fewest melds (one run of six rather than two of three);
    /// 4. any tie left (the same deadwood and as many melds, like A-2-3 in
    ///    three suits as three runs or three sets) goes to the arrangement
    ///    the search finds first: for the lowest card not yet placed it
    ///    tries the runs up from it, longest first, then the four-card set
    ///    of its rank, then its sets of three, those keeping lower-id cards
    ///    first; and so on up the cards left.
    ///
    /// The melds come in increasing order of their lowest card.
    ///
    /// # Panics
    /// When the hand has more than [`MAX_HAND`] cards, or a card id over 51.
    pub fn best_partition(&self, hand: CardSet) -> Partition {
        check_hand(hand);
        let best = self.search(hand.0);
        let mut melds = [Meld {
            cards: CardSet::EMPTY,
            kind: MeldKind::Set,
        }; MAX_MELDS];
        let mut melded = 0;
        // The search lists the meld of the lowest card last.
        for (slot, &bits) in melds.iter_mut().zip(best.melds[..best.len].iter().rev()) {
            *slot = Meld::known(bits);
            melded |= bits;
        }
        let deadwood = CardSet(hand.0 & !melded);
        let points = key_points(best.key);
        debug_assert_eq!(points, self.points(deadwood));
        Partition {
            melds,
            len: best.len as u8,
            deadwood,
            deadwood_points: points,
        }
    }

    /// The deadwood points of `hand`'s [`best_partition`](Self::best_partition),
    /// without building it.
    ///
    /// # Panics
    /// When the hand has more than [`MAX_HAND`] cards, or a card id over 51.
    pub fn deadwood(&self, hand: CardSet) -> u32 {
        check_hand(hand);
        key_points(self.best_key(hand.0))
    }
}

/// Panics unless `hand` is a hand this module reads: cards of the deck,
/// no more than [`MAX_HAND`].
pub(super) fn check_hand(hand: CardSet) {
    assert!(
        hand.len() <= MAX_HAND,
        "a hand of {} cards: at most {MAX_HAND}",
        hand.len()
    );
    assert!(DECK.contains_all(hand), "a card outside the deck (ids 0 to 51)");
}
