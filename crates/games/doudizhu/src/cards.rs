//! The 54-card deck as Dou Dizhu reads it, and hands as rank counts.
//!
//! Suits never matter in Dou Dizhu, so a combination is a multiset of
//! ranks: the climbing plugin's [`Counts`] over fifteen ranks, low to
//! high: 3, 4 … 10, J, Q, K, A, 2, the small joker, the big joker (rank
//! indices 0 to 14).
//!
//! Card `rank * 4 + suit` for the thirteen suited ranks, with the suits in
//! [`Suit::ALL`]'s order (clubs, diamonds, hearts, spades): 3♣ is card 0,
//! 2♠ card 51; the small joker is card 52, the big joker card 53. A rank's
//! four cards are one nibble of a [`CardSet`], so a hand's counts are the
//! nibbles' bit counts.

use tabula_cards::climbing::Named;
use tabula_cards::french::Suit;
use tabula_cards::{CardId, CardSet};

pub use tabula_cards::climbing::Counts;

/// Cards in the deck.
pub const NUM_CARDS: usize = 54;
/// Ranks, both jokers included.
pub const RANKS: usize = 15;
/// Every card.
pub const DECK: CardSet = CardSet((1 << NUM_CARDS) - 1);
/// The rank of the ace: chains run from 3 to the ace.
pub const ACE: u8 = 11;
/// The rank of the two.
pub const TWO: u8 = 12;
/// The small joker's rank.
pub const SMALL_JOKER: u8 = 13;
/// The big joker's rank.
pub const BIG_JOKER: u8 = 14;

/// The ranks' names, low to high.
const RANK_NAMES: [&str; RANKS] = [
    "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "SJ", "BJ",
];

/// A card's rank (0 the three … 12 the two, 13 and 14 the jokers).
#[inline]
pub fn rank(card: CardId) -> u8 {
    let c = card.0 as u8;
    if c < 52 { c / 4 } else { c - 52 + SMALL_JOKER }
}

/// The card of a suited rank (0 to 12) and a suit.
///
/// # Panics
/// When the rank is over 12.
#[inline]
pub fn card(rank: u8, suit: Suit) -> CardId {
    assert!(rank <= TWO, "suited ranks run from 0 (three) to 12 (two)");
    CardId(u16::from(rank) * 4 + suit as u16)
}

/// The cards of a rank.
#[inline]
pub fn rank_cards(rank: u8) -> CardSet {
    match rank {
        SMALL_JOKER => CardSet(1 << 52),
        BIG_JOKER => CardSet(1 << 53),
        r => CardSet(0xF << (4 * u32::from(r))),
    }
}

/// A rank's name: `3` … `10`, `J`, `Q`, `K`, `A`, `2`, `SJ`, `BJ`.
pub fn rank_name(rank: u8) -> &'static str {
    RANK_NAMES[usize::from(rank)]
}

/// A card's name: `10♥`, `2♠`, `SJ` (small joker), `BJ` (big joker).
pub fn name(card: CardId) -> String {
    let r = rank(card);
    if r >= SMALL_JOKER {
        return rank_name(r).to_string();
    }
    let suit = match card.0 % 4 {
        0 => '♣',
        1 => '♦',
        2 => '♥',
        _ => '♠',
    };
    format!("{}{suit}", rank_name(r))
}

/// Cards' names, low to high, separated by spaces.
pub fn names(cards: CardSet) -> String {
    cards.iter().map(name).collect::<Vec<_>>().join(" ")
}

/// Reads a rank: `3` … `10` (or `T`), `J`, `Q`, `K`, `A`, `2`, and the
/// jokers as `SJ` (or `X`, small) and `BJ` (or `D`, big); any case.
///
/// # Errors
/// When the text is not a rank.
pub fn parse_rank(text: &str) -> Result<u8, String> {
    let t = text.trim().to_ascii_uppercase();
    let r = match t.as_str() {
        "T" => 7,
        "X" | "SJ" => SMALL_JOKER,
        "D" | "BJ" => BIG_JOKER,
        _ => RANK_NAMES
            .iter()
            .position(|&n| n == t)
            .ok_or_else(|| format!("'{}' is not a rank (3 … 10, J, Q, K, A, 2, SJ, BJ)", short(text)))?
            as u8,
    };
    Ok(r)
}

/// Reads a suited card's name, any case: a rank and a suit, the suit as
/// a letter (`c`, `d`, `h`, `s`) or a symbol (`♣`, `♦`, `♥`, `♠`): `6h`,
/// `10♥`, `TS`. `None` when the text is no such name (a joker, a rank).
pub fn parse_suited(text: &str) -> Option<CardId> {
    let t = text.trim();
    let last = t.chars().last()?;
    let suit = match last.to_ascii_lowercase() {
        'c' | '♣' => Suit::Clubs,
        'd' | '♦' => Suit::Diamonds,
        'h' | '♥' => Suit::Hearts,
        's' | '♠' => Suit::Spades,
        _ => return None,
    };
    let r = parse_rank(&t[..t.len() - last.len_utf8()]).ok()?;
    (r <= TWO).then(|| card(r, suit))
}

/// Reads cards named one by one, separated by spaces or commas: suited
/// cards as [`parse_suited`] reads them, the jokers as ranks (`SJ`,
/// `BJ`). `Ok(None)` when no word names a suited card: the text names
/// ranks only (see [`parse_counts`]).
///
/// # Errors
/// A word that names no card, or a card named twice.
pub fn parse_cards(text: &str) -> Result<Option<CardSet>, String> {
    let words = || {
        text.split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
    };
    if !words().any(|w| parse_suited(w).is_some()) {
        return Ok(None);
    }
    let mut cards = CardSet::EMPTY;
    for w in words() {
        let c = match parse_suited(w) {
            Some(c) => c,
            None => match parse_rank(w) {
                Ok(r) if r >= SMALL_JOKER => CardId(u16::from(r - SMALL_JOKER) + 52),
                _ => return Err(format!("'{}' is not a card (like 6h, 10♠, SJ)", short(w))),
            },
        };
        if cards.contains(c) {
            return Err(format!("{} is named twice", name(c)));
        }
        cards.insert(c);
    }
    Ok(Some(cards))
}

/// The first characters of user text, for an error that does not echo a
/// long input back.
pub(crate) fn short(text: &str) -> String {
    text.chars().take(12).collect()
}

/// The low bit of each of the fifteen ranks' nibbles.
pub const NIBBLES: u64 = 0x0111_1111_1111_1111;

/// The counts of a set of cards.
#[inline]
pub fn counts_of(cards: CardSet) -> Counts {
    let x = cards.0;
    let a = x - ((x >> 1) & 0x5555_5555_5555_5555);
    let b = (a & 0x3333_3333_3333_3333) + ((a >> 2) & 0x3333_3333_3333_3333);
    // Nibbles 0–12 are the suited ranks; bits 52 and 53 are the jokers,
    // one rank each.
    let suited = b & ((1 << 52) - 1);
    Counts(suited | (x >> 52 & 1) << 52 | (x >> 53 & 1) << 56)
}

/// The lowest cards of `hand` that make `counts`: of each rank, the cards
/// of the lowest suits in [`Suit::ALL`]'s order. `None` when the hand is
/// short of a rank. For hands written as ranks (tests, puzzles); a play
/// takes its cards by the hidden order instead (see [`crate::keys`]),
/// which shows nothing of the rest of the hand.
pub fn cards_from(counts: Counts, hand: CardSet) -> Option<CardSet> {
    let mut out = CardSet::EMPTY;
    let mut ranks = counts.nibbles_with(1);
    while ranks != 0 {
        let r = (ranks.trailing_zeros() / 4) as u8;
        ranks &= ranks - 1;
        let mut need = counts.get(r);
        let mut of_rank = hand.0 & rank_cards(r).0;
        while need > 0 {
            if of_rank == 0 {
                return None;
            }
            let low = of_rank & of_rank.wrapping_neg();
            out.0 |= low;
            of_rank ^= low;
            need -= 1;
        }
    }
    Some(out)
}

/// Counts written as ranks, low to high, each as often as counted:
/// `3 3 4 4 5 5`.
pub fn ranks_text(counts: Counts) -> Named<'static> {
    counts.named(&RANK_NAMES)
}

/// Reads ranks separated by spaces or commas (`3 3 4 4 5 5`, `BJ SJ`), or
/// run together when every rank is one character (`334455`, `XD`).
///
/// # Errors
/// When a rank is unknown or a rank is counted over four times (over once
/// for a joker).
pub fn parse_counts(text: &str) -> Result<Counts, String> {
    let t = text.trim();
    let words: Vec<&str> = t
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    let tokens: Vec<String> = if words.len() == 1 && !words[0].eq_ignore_ascii_case("10") && words[0].len() > 1 {
        let w = words[0];
        if ["SJ", "BJ"].iter().any(|j| w.eq_ignore_ascii_case(j)) {
            vec![w.to_string()]
        } else {
            w.chars().map(|c| c.to_string()).collect()
        }
    } else {
        words.iter().map(|w| w.to_string()).collect()
    };
    if tokens.is_empty() {
        return Err("no ranks given".into());
    }
    let mut c = Counts::EMPTY;
    for tok in &tokens {
        let r = parse_rank(tok)?;
        let most = if r >= SMALL_JOKER { 1 } else { 4 };
        if c.get(r) >= most {
            return Err(format!("there are only {most} cards of rank {}", rank_name(r)));
        }
        c = c.plus(r, 1);
    }
    Ok(c)
}
