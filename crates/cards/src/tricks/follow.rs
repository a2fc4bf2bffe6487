//! What a hand may play to a trick, and who wins it: follow suit, and
//! the stricter rules some games add (Pinochle's "head the trick" and
//! "trump when void"), over a game's own reading of suits and strength.
//!
//! A game describes its cards once, in a [`Suits`]: the cards of each
//! (effective) suit as a set, and the strength of a card in a trick with
//! a given suit led. The Euchre bowers are just another reading: the left
//! bower is in the trump suit's set.

use crate::{CardId, CardSet};

/// A game's reading of its cards for tricks.
pub trait Suits {
    /// The cards of (effective) suit `suit`.
    fn cards_of(&self, suit: u8) -> CardSet;
    /// The (effective) suit of `card`.
    fn suit_of(&self, card: CardId) -> u8;
    /// The strength of `card` in a trick whose led suit is `led`: higher
    /// beats lower, and 0 never wins (a card off the led suit and not a
    /// trump).
    fn power(&self, card: CardId, led: u8) -> u32;
}

/// The stricter duties of a game beyond following suit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Duties {
    /// A seat that can beat the card winning the trick must (Pinochle's
    /// "head the trick"); when it follows suit, with a higher card of the
    /// suit; when it trumps, with a higher trump.
    pub must_head: bool,
    /// A seat void in the led suit must play a trump if it holds one.
    pub must_trump: bool,
    /// The trump suit, when the hand has one.
    pub trump: Option<u8>,
}

/// The cards `hand` may play to `trick` (the cards played so far, in
/// order) under plain follow-suit: a card of the led suit when it holds
/// one, else any card; any card to lead.
#[inline]
pub fn follow<S: Suits>(suits: &S, hand: CardSet, trick: &[CardId]) -> CardSet {
    match trick.first() {
        Some(&lead) => {
            let same = hand & suits.cards_of(suits.suit_of(lead));
            if same.is_empty() { hand } else { same }
        }
        None => hand,
    }
}

/// The cards `hand` may play to `trick` under follow-suit and `duties`.
pub fn playable<S: Suits>(suits: &S, hand: CardSet, trick: &[CardId], duties: Duties) -> CardSet {
    let Some(&lead) = trick.first() else {
        return hand;
    };
    let led = suits.suit_of(lead);
    let same = hand & suits.cards_of(led);
    let trumps = duties.trump.map_or(CardSet::EMPTY, |t| hand & suits.cards_of(t));
    let pool = if !same.is_empty() {
        same
    } else if duties.must_trump && !trumps.is_empty() {
        trumps
    } else {
        return hand;
    };
    if !duties.must_head {
        return pool;
    }
    let best = trick.iter().map(|&c| suits.power(c, led)).max().unwrap_or(0);
    let beating: CardSet = pool.iter().filter(|&c| suits.power(c, led) > best).collect();
    if beating.is_empty() { pool } else { beating }
}

/// The cards a seat shows it does not hold by playing `card` to `trick`
/// under follow-suit and `duties` (what the others may infer, as every
/// player at a table does): off the suit led, none of that suit; off it
/// and not trumping under `must_trump`, no trump either; under
/// `must_head`, a card of the suit led (or a trump, when void) that does
/// not beat the trick's best shows no card of that pool beats it. A lead
/// shows nothing. Equal cards (two copies of one face) do not beat each
/// other, so both copies are ruled out or neither.
///
/// ```
/// use tabula_cards::french::Suit;
/// use tabula_cards::tricks::{Duties, Trumps, ruled_out};
/// use tabula_cards::{CardSet, SingleDeck};
///
/// let deck = SingleDeck::new(9);
/// let card = |s: &str| deck.parse(s).unwrap();
/// let trumps = Trumps { deck, trump: Suit::Hearts };
/// let duties = Duties { must_head: true, must_trump: true, trump: Some(Suit::Hearts as u8) };
/// // The 9♣ under the led K♣: no club above the king.
/// let out = ruled_out(&trumps, &[card("Kc")], card("9c"), duties);
/// assert_eq!(out, [card("Ac")].into_iter().collect::<CardSet>());
/// // A spade on a club lead: no club, and no heart (trump) either.
/// let out = ruled_out(&trumps, &[card("Kc")], card("9s"), duties);
/// assert_eq!(out, deck.suit_cards(Suit::Clubs) | deck.suit_cards(Suit::Hearts));
/// ```
pub fn ruled_out<S: Suits>(suits: &S, trick: &[CardId], card: CardId, duties: Duties) -> CardSet {
    let Some(&lead) = trick.first() else {
        return CardSet::EMPTY;
    };
    let led = suits.suit_of(lead);
    let suit = suits.suit_of(card);
    let trump = duties.trump.filter(|&t| t != led);
    let mut out = CardSet::EMPTY;
    let pool = if suit == led {
        led
    } else {
        out = out | suits.cards_of(led);
        match trump {
            Some(t) if duties.must_trump && suit != t => {
                out = out | suits.cards_of(t);
                return out;
            }
            Some(t) if duties.must_trump => t,
            _ => return out,
        }
    };
    if duties.must_head {
        let best = trick.iter().map(|&c| suits.power(c, led)).max().unwrap_or(0);
        if suits.power(card, led) <= best {
            out = out
                | suits
                    .cards_of(pool)
                    .iter()
                    .filter(|&c| suits.power(c, led) > best)
                    .collect();
        }
    }
    out
}

/// The index in `trick` of the card that wins it: the strongest under
/// the led suit; of equal cards (two copies of one face), the first
/// played.
///
/// # Panics
/// On an empty trick.
#[inline]
pub fn winner<S: Suits>(suits: &S, trick: &[CardId]) -> usize {
    let led = suits.suit_of(trick[0]);
    let mut best = 0;
    let mut top = suits.power(trick[0], led);
    for (i, &c) in trick.iter().enumerate().skip(1) {
        let p = suits.power(c, led);
        if p > top {
            best = i;
            top = p;
        }
    }
    best
}

/// The suit bits a play reveals void: the led suit's, when `card` is not
/// of it (0 on a lead).
#[inline]
pub fn revealed_void<S: Suits>(suits: &S, trick: &[CardId], card: CardId) -> u8 {
    match trick.first() {
        Some(&lead) if suits.suit_of(lead) != suits.suit_of(card) => 1 << suits.suit_of(lead),
        _ => 0,
    }
}
