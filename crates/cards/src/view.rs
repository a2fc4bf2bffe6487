//! Observation projection: what one seat may see of the zones.
//!
//! Each zone has a [`Visibility`]; projecting it for a seat gives faces for
//! the cards the seat may see and [`CardView::Hidden`] for the others. An
//! observation never carries a [`CardId`]: instance ids of
//! hidden cards would reveal their faces, and those of visible cards add
//! nothing a rule needs.

use serde::{Deserialize, Serialize};
use tabula_search::Seat;

use crate::card::{CardId, Deck};

/// Who may see the faces of a zone's cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Visibility {
    /// Every seat (a trick, a discard pile, face-up cells).
    Public,
    /// Only this seat (a hand).
    Owner(Seat),
    /// The seats of a bit set (bit `s` for seat `s`): a card passed between
    /// two players, a hand shown to a partner.
    Seats(u16),
    /// Nobody (a stock, a face-down cell, a kitty).
    Nobody,
}

impl Visibility {
    /// Whether `seat` may see the faces.
    #[inline]
    pub fn sees(self, seat: Seat) -> bool {
        match self {
            Visibility::Public => true,
            Visibility::Owner(s) => s == seat,
            Visibility::Seats(mask) => seat < 16 && mask & (1 << seat) != 0,
            Visibility::Nobody => false,
        }
    }
}

/// One card as a seat sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum CardView<F> {
    /// Face down to this seat.
    Hidden,
    /// Its face.
    Face(F),
}

impl<F: Copy> CardView<F> {
    /// The face, if seen.
    pub fn face(self) -> Option<F> {
        match self {
            CardView::Hidden => None,
            CardView::Face(f) => Some(f),
        }
    }
}

/// Projects a zone's cards for `seat`: one [`CardView`] per card, in order,
/// written into `out` (cleared first).
pub fn project<F: Copy + Eq>(
    deck: &Deck<F>,
    cards: &[CardId],
    visibility: Visibility,
    seat: Seat,
    out: &mut Vec<CardView<F>>,
) {
    out.clear();
    let sees = visibility.sees(seat);
    out.extend(cards.iter().map(|&c| {
        if sees {
            CardView::Face(deck.face(c))
        } else {
            CardView::Hidden
        }
    }));
}

/// A zone as a seat sees it when only its size may be known (a stock, an
/// opponent's hand): the count, and the faces when visible.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ZoneView<F> {
    /// How many cards the zone holds.
    pub count: usize,
    /// The faces in order, when the seat may see them.
    pub faces: Option<Vec<F>>,
}

impl<F: Copy + Eq> ZoneView<F> {
    /// The view of a zone by `seat`.
    pub fn of(deck: &Deck<F>, cards: &[CardId], visibility: Visibility, seat: Seat) -> Self {
        ZoneView {
            count: cards.len(),
            faces: visibility
                .sees(seat)
                .then(|| cards.iter().map(|&c| deck.face(c)).collect()),
        }
    }
}

/// The multiset of faces a seat cannot see: the deck minus every face it
/// sees. `seen` lists the faces seen (with repetition); the result is one
/// count per entry of `faces`, the distinct faces of the deck.
///
/// # Errors
/// [`SeenTooMany`] if a face is seen more often than the deck holds it (an
/// observation inconsistent with the deck).
pub fn unseen_counts<F: Copy + Eq>(deck: &Deck<F>, faces: &[F], seen: &[F]) -> Result<Vec<usize>, SeenTooMany> {
    let mut counts: Vec<usize> = faces.iter().map(|&f| deck.count_of(f)).collect();
    for s in seen {
        let i = faces.iter().position(|f| f == s).ok_or(SeenTooMany)?;
        counts[i] = counts[i].checked_sub(1).ok_or(SeenTooMany)?;
    }
    Ok(counts)
}

/// An observation shows a face more often than the deck holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a face is seen more often than the deck holds it")]
pub struct SeenTooMany;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn owner_sees_faces_others_see_backs() {
        let deck = Deck::from_counts(&[('a', 2), ('b', 1)]);
        let hand = [CardId(2), CardId(0)];
        let mut out = Vec::new();
        project(&deck, &hand, Visibility::Owner(1), 1, &mut out);
        assert_eq!(out, vec![CardView::Face('b'), CardView::Face('a')]);
        project(&deck, &hand, Visibility::Owner(1), 0, &mut out);
        assert_eq!(out, vec![CardView::Hidden, CardView::Hidden]);
        assert!(Visibility::Seats(0b101).sees(2) && !Visibility::Seats(0b101).sees(1));
        let v = ZoneView::of(&deck, &hand, Visibility::Nobody, 0);
        assert_eq!((v.count, v.faces), (2, None));
    }

    #[test]
    fn unseen_is_deck_minus_seen() {
        let deck = Deck::from_counts(&[('a', 2), ('b', 1)]);
        assert_eq!(unseen_counts(&deck, &['a', 'b'], &['a']).unwrap(), vec![1, 1]);
        assert_eq!(unseen_counts(&deck, &['a', 'b'], &['b', 'b']), Err(SeenTooMany));
    }
}
