//! A position set up by hand ([`Setup`], unvalidated) and checked into a
//! [`State`]: the hands just dealt (of any size: a puzzle, a test), the
//! sides' levels, whose level the hand is, the last hand's finishing
//! order (for tribute) and who leads when no tribute decides it.

use crate::cards::{ACE, Cards, DECK, Level};
use crate::options::{GuandanOptions, MAX_A_FAILURES};
use crate::rules::IllegalAction;
use crate::state::{HandResult, Phase, SEATS, SIDES, State, side};

/// A hand just dealt, as given: unvalidated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The table's options.
    pub options: GuandanOptions,
    /// Each side's level.
    pub levels: [Level; SIDES],
    /// The side whose level the hand is (`None`: the match's first hand,
    /// at the starting level).
    pub declarers: Option<u8>,
    /// Each side's hands played at its level A without winning.
    pub failures: [u8; SIDES],
    /// Each seat's hand; the cards of none are out of play.
    pub hands: [Cards; SEATS],
    /// The last hand's finishing order (`None`: no tribute).
    pub last_order: Option<[u8; SEATS]>,
    /// Who leads when no tribute decides it.
    pub leader: u8,
}

/// What is wrong with a [`Setup`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A level past the ace.
    #[error("a level is 0 (the two) to 12 (the ace)")]
    Level,
    /// A side that is no side, or a seat that is no seat.
    #[error("sides are 0 and 1, seats 0 to 3")]
    Seat,
    /// A card in two hands, or a hand empty.
    #[error("each seat holds at least one card, and no card is in two hands")]
    Hands,
    /// A finishing order that is not the four seats, or not one a hand
    /// ends with.
    #[error("the last hand's order is the four seats, as a hand ends")]
    Order,
    /// Declarers that are not the side of the last hand's first seat out,
    /// or a first hand whose levels are not the starting level.
    #[error("the declarers are the side of the last hand's first seat out; a first hand is at the starting level")]
    Declarers,
    /// Failures at A out of range, or counted for a side not at A.
    #[error("failures at A count for a side at A, below the table's limit")]
    Failures,
    /// A seat that gives tribute with no card it may give.
    #[error("a seat that gives tribute holds a card it may give")]
    NoTribute,
    /// Options out of range.
    #[error(transparent)]
    Options(#[from] crate::options::OptionsError),
}

impl Setup {
    /// The position, checked: the hands dealt, then the tributes the last
    /// hand's order calls for (or play, its leader leading).
    ///
    /// # Errors
    /// The first fault found ([`SetupError`]).
    pub fn into_state(self) -> Result<State, SetupError> {
        let mut s = State::new(self.options)?;
        let options = s.options;
        if self.levels.iter().any(|&l| l > ACE) {
            return Err(SetupError::Level);
        }
        if self.declarers.is_some_and(|d| usize::from(d) >= SIDES) || usize::from(self.leader) >= SEATS {
            return Err(SetupError::Seat);
        }
        let mut all = Cards::EMPTY;
        for h in self.hands {
            if h.is_empty() || !(all & h).is_empty() || !DECK.contains_all(h) {
                return Err(SetupError::Hands);
            }
            all = all | h;
        }
        if let Some(order) = self.last_order {
            let mut seen = [false; SEATS];
            for &s in &order {
                if usize::from(s) >= SEATS || seen[usize::from(s)] {
                    return Err(SetupError::Order);
                }
                seen[usize::from(s)] = true;
            }
            // A side out first and second ends the hand: its last two
            // seats then come in seat order.
            let double = side(usize::from(order[0])) == side(usize::from(order[1]));
            if double && order[2] > order[3] {
                return Err(SetupError::Order);
            }
        }
        match (self.declarers, self.last_order) {
            (None, None) if self.levels == [options.start_level; SIDES] => {}
            (Some(d), Some(order)) if usize::from(d) == side(usize::from(order[0])) => {}
            (Some(_), None) => {}
            _ => return Err(SetupError::Declarers),
        }
        for (side, &f) in self.failures.iter().enumerate() {
            let limit = if options.a_failures == 0 {
                MAX_A_FAILURES
            } else {
                options.a_failures - 1
            };
            if f > 0 && (self.levels[side] != ACE || f > limit) {
                return Err(SetupError::Failures);
            }
        }
        s.levels = self.levels;
        s.failures = self.failures;
        s.declarers = self.declarers;
        s.level = match self.declarers {
            Some(d) => self.levels[usize::from(d)],
            None => options.start_level,
        };
        s.hands = self.hands;
        s.stock = Cards::EMPTY;
        s.hand_no = u32::from(self.last_order.is_some());
        // The last hand's level is not given: recorded as this one's.
        s.last_hand = self.last_order.map(|order| HandResult {
            order,
            level: s.level,
            declarers: self.declarers,
            gained: [0; SIDES],
            levels: self.levels,
            failed_at_ace: false,
            dropped: false,
        });
        s.phase = Phase::Deal;
        s.dealt = 0;
        s.leader = self.leader;
        s.after_deal();
        // Every seat that gives tribute has a card it may give (a hand of
        // wild cards alone has none).
        if s.phase == Phase::Tribute {
            for t in s.tributes.iter().flatten() {
                if crate::rules::tribute_cards(s.hands[usize::from(t.payer)], s.level)
                    .next()
                    .is_none()
                {
                    return Err(SetupError::NoTribute);
                }
            }
        }
        Ok(s)
    }
}

impl State {
    /// Plays each of `actions` in turn, checked; stops at the first that
    /// is not legal.
    ///
    /// # Errors
    /// The first illegal action; the ones before it are played.
    pub fn play_all(&mut self, actions: &[crate::Action]) -> Result<(), IllegalAction> {
        actions.iter().try_for_each(|&a| self.play(a))
    }
}
