//! What a seat does and what the rules allow it, as pure functions of the
//! cards: the action type, the playable cards, the passes, the trick's
//! winner, and a hand's points.

use serde::{Deserialize, Serialize};
use tabula_cards::{CardId, CardSet};

use crate::cards::{HEARTS, MOON, TWO_OF_CLUBS, points, suit_cards, suit_of};
use crate::options::HeartsOptions;
use crate::state::SEATS;

/// An action: a chance deal, a seat's pass of three cards, a card played,
/// or the shooter's choice of how the moon counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Chance deals this card to the next seat.
    Deal(CardId),
    /// A seat's three cards to pass.
    Pass(CardSet),
    /// A card played to the trick.
    Play(CardId),
    /// The moon's shooter: `true` takes −26, `false` gives the others 26.
    Moon(bool),
}

/// The cards `hand` may play to a trick whose suit it cannot follow: any,
/// but on the first trick no heart and no Q♠ unless it holds nothing else.
#[inline]
pub fn discards(hand: CardSet, tricks: u8) -> CardSet {
    let clean = hand - MOON;
    if tricks == 0 && !clean.is_empty() { clean } else { hand }
}

/// The cards `hand` may play: follow the suit led; on the first trick no
/// heart and no Q♠ unless the hand holds nothing else; lead 2♣ to the first
/// trick; lead a heart only once hearts are broken or when the hand holds
/// only hearts.
pub fn playable(hand: CardSet, led: Option<CardId>, tricks: u8, broken: bool) -> CardSet {
    match led {
        Some(lead) => {
            let follow = hand & suit_cards(suit_of(lead));
            if follow.is_empty() {
                discards(hand, tricks)
            } else {
                follow
            }
        }
        None if tricks == 0 => hand & CardSet::of(TWO_OF_CLUBS),
        None => {
            let no_hearts = hand - HEARTS;
            if broken || no_hearts.is_empty() {
                hand
            } else {
                no_hearts
            }
        }
    }
}

/// A hand's points from the cards each seat took: a heart 1, Q♠ 13, J♦
/// −10 under the option; a seat that took every heart and Q♠ shot the
/// moon: the others take 26 each, or (`moon_minus`) the shooter takes −26.
pub fn hand_points(taken: &[CardSet; SEATS], options: &HeartsOptions, moon_minus: bool) -> [i32; SEATS] {
    let mut pts = [0; SEATS];
    for (seat, p) in pts.iter_mut().enumerate() {
        *p = points(taken[seat], options.jack_of_diamonds);
    }
    if let Some(shooter) = (0..SEATS).find(|&seat| taken[seat].contains_all(MOON)) {
        for (seat, p) in pts.iter_mut().enumerate() {
            if seat == shooter {
                *p -= if moon_minus { 52 } else { 26 };
            } else if !moon_minus {
                *p += 26;
            }
        }
    }
    pts
}

/// Every three-card subset of `hand`, in increasing order of their sets.
pub fn passes(hand: CardSet, out: &mut Vec<Action>) {
    let cards: Vec<CardId> = hand.iter().collect();
    let n = cards.len();
    for i in 0..n {
        for j in i + 1..n {
            for k in j + 1..n {
                out.push(Action::Pass([cards[i], cards[j], cards[k]].into_iter().collect()));
            }
        }
    }
    out.sort_unstable();
}

/// The scores after adding a hand's points.
#[inline]
pub fn plus(scores: [i32; SEATS], points: [i32; SEATS]) -> [i32; SEATS] {
    std::array::from_fn(|i| scores[i] + points[i])
}
