//! The end of a hand: the knock's count, the layoffs, the bonuses, and the
//! match's totals.

use tabula_cards::CardSet;

use crate::cards::{points, suit_cards};
use crate::melds::{best_layoff, best_partition};
use crate::options::{BIG_GIN_BONUS, BOX_BONUS, GAME_BONUS, GIN_BONUS, GinOptions, UNDERCUT_BONUS};
use crate::state::{Ending, HandResult, SEATS};
use tabula_cards::CardId;
use tabula_cards::french::Suit;

/// The result of a hand `knocker` ends holding `knocker_hand` (ten cards
/// after its discard, or eleven for big gin) against `defender_hand`.
/// `upcard` is the hand's first upcard (Oklahoma doubles a spade).
pub fn score_knock(
    options: &GinOptions,
    knocker: usize,
    knocker_hand: CardSet,
    defender_hand: CardSet,
    upcard: Option<CardId>,
) -> HandResult {
    let defender = 1 - knocker;
    let mine = best_partition(knocker_hand);
    let big = knocker_hand.len() == 11;
    let (ending, winner, points, defender_dead, laid_off) = if mine.is_gin() {
        // Gin: no layoffs; the defender counts all its deadwood.
        let theirs = best_partition(defender_hand).deadwood_points();
        let bonus = if big { BIG_GIN_BONUS } else { GIN_BONUS };
        let ending = if big { Ending::BigGin } else { Ending::Gin };
        (ending, knocker, bonus + theirs, theirs, CardSet::EMPTY)
    } else {
        let layoff = best_layoff(mine.melds(), defender_hand);
        let theirs = layoff.deadwood_points();
        let own = mine.deadwood_points();
        if own < theirs {
            (Ending::Knock, knocker, theirs - own, theirs, layoff.laid_off())
        } else {
            (
                Ending::Undercut,
                defender,
                own - theirs + UNDERCUT_BONUS,
                theirs,
                layoff.laid_off(),
            )
        }
    };
    let doubled = options.oklahoma && upcard.is_some_and(|c| suit_cards(Suit::Spades).contains(c));
    let mut hands = [CardSet::EMPTY; SEATS];
    hands[knocker] = knocker_hand;
    hands[defender] = defender_hand;
    let mut deadwood = [0; SEATS];
    deadwood[knocker] = mine.deadwood_points();
    deadwood[defender] = defender_dead;
    HandResult {
        ending,
        knocker: Some(knocker as u8),
        winner: Some(winner as u8),
        points: if doubled { 2 * points } else { points },
        hands,
        deadwood,
        laid_off,
    }
}

/// A dead hand: the stock ran down; nothing is laid down or scored.
pub fn dead_hand() -> HandResult {
    HandResult {
        ending: Ending::Dead,
        knocker: None,
        winner: None,
        points: 0,
        hands: [CardSet::EMPTY; SEATS],
        deadwood: [0; SEATS],
        laid_off: CardSet::EMPTY,
    }
}

/// The most deadwood a seat may knock with: 10, or under Oklahoma the
/// upcard's value (an ace: gin only).
pub fn knock_limit(options: &GinOptions, upcard: Option<CardId>) -> u32 {
    match (options.oklahoma, upcard) {
        (true, Some(c)) => {
            let v = points(CardSet::of(c));
            if v == 1 { 0 } else { v }
        }
        _ => crate::options::KNOCK_LIMIT,
    }
}

/// The match's totals once `winner` has reached the end score: the hands'
/// points, a box bonus for every hand won, the game bonus, and the
/// winner's total doubled in a shutout (the loser won no hand).
pub fn match_totals(scores: [u32; SEATS], boxes: [u32; SEATS], winner: usize) -> [u32; SEATS] {
    let mut totals: [u32; SEATS] = std::array::from_fn(|s| scores[s] + BOX_BONUS * boxes[s]);
    totals[winner] += GAME_BONUS;
    if boxes[1 - winner] == 0 {
        totals[winner] *= 2;
    }
    totals
}
