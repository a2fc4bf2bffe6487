//! Kuhn's equilibrium as a player: for each seat, card and betting line,
//! the chance of the aggressive choice (bet or call), in thirds. Seat 0
//! bluffs the jack a third of the time, bets the king always, checks the
//! queen and calls with it two thirds of the time; seat 1 bets the king
//! and bluffs the jack a third of the time after a check, calls with the
//! king, calls with the queen a third of the time, and folds the jack.
//! Against any reply seat 0 loses 1/18 of a chip a hand on average, and
//! seat 1 cannot make it lose more: the family's member with α = 1/3.

use tabula_search::{Player, Rng, SearchResult, Seat, Turn};

use crate::rules::{Action, Card, Kuhn, Line, Observation};

/// The chance, in thirds, that `seat` holding `card` takes the
/// aggressive choice (bet facing no bet, call facing one) on `line`;
/// `None` where the seat does not act.
pub fn aggression(seat: Seat, card: Card, line: Line) -> Option<u8> {
    use Card::{Jack, King, Queen};
    Some(match (seat, line, card) {
        (0, Line::Open, Jack) => 1,
        (0, Line::Open, Queen) => 0,
        (0, Line::Open, King) => 3,
        (0, Line::CheckBet, Jack) => 0,
        (0, Line::CheckBet, Queen) => 2,
        (0, Line::CheckBet, King) => 3,
        (1, Line::Check, Jack) => 1,
        (1, Line::Check, Queen) => 0,
        (1, Line::Check, King) => 3,
        (1, Line::Bet, Jack) => 0,
        (1, Line::Bet, Queen) => 1,
        (1, Line::Bet, King) => 3,
        _ => return None,
    })
}

/// The aggressive choice on a line: bet facing no bet, call facing one.
pub fn aggressive(line: Line) -> Action {
    match line {
        Line::CheckBet | Line::Bet => Action::Call,
        _ => Action::Bet,
    }
}

/// The passive choice on a line: check facing no bet, fold facing one.
pub fn passive(line: Line) -> Action {
    match line {
        Line::CheckBet | Line::Bet => Action::Fold,
        _ => Action::Check,
    }
}

/// The equilibrium player: [`aggression`], drawn from its own seeded
/// generator (the same seed, the same choices).
pub struct Equilibrium {
    rng: Rng,
}

impl Equilibrium {
    /// A player drawing from `seed`.
    pub fn new(seed: u64) -> Self {
        Equilibrium { rng: Rng::new(seed) }
    }
}

impl Player<Kuhn> for Equilibrium {
    fn choose(&mut self, _game: &Kuhn, observation: &Observation, seat: Seat) -> SearchResult<Action> {
        let line = observation.line;
        let chance = match (observation.turn(), observation.card) {
            (Turn::Seat(s), Some(card)) if s == seat => aggression(seat, card, line),
            _ => None,
        };
        let Some(thirds) = chance else {
            return SearchResult::decided(None);
        };
        let action = if (self.rng.below(3) as u8) < thirds {
            aggressive(line)
        } else {
            passive(line)
        };
        SearchResult::decided(Some(action))
    }
}
