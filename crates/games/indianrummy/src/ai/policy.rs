//! The policy of levels 1 and 2 and of the searches' rollouts: a hand's
//! cost (its deadwood, partial groups at a discount, and a charge while it
//! lacks the declaration's sequences), the draw, the discard, the show,
//! and the first drop.

use tabula_cards::CardId;
use tabula_cards::melds::{Face, FaceHand};

use crate::actions::Action;
use crate::cards::{Cards, distinct, face, faces};
use crate::observation::Observation;
use crate::score::{Solvers, VALUES, value, wild_rank};
use crate::state::{Phase, State};

/// A deadwood card that could join another in a group (same rank, or same
/// suit within two ranks) counts at this fraction of its value.
pub const PARTIAL: f64 = 0.5;
/// Charged to a hand whose groups lack two sequences with one pure.
pub const LIFE_PENALTY: f64 = 15.0;
/// The open card is taken when, after the best discard, the hand costs at
/// least this much less than now (a wild card always).
pub const TAKE_GAIN: f64 = 4.0;
/// On the first turn, before drawing, a hand costing this much or more is
/// dropped (20 points instead of playing it out).
pub const FIRST_DROP_AT: f64 = 55.0;

/// What a player's decision reads: its own hand and what everyone sees.
#[derive(Clone, Copy, Debug)]
pub struct Situation {
    /// The phase (a draw or a discard).
    pub phase: Phase,
    /// The hand.
    pub hand: Cards,
    /// The open pile's top card.
    pub open: Option<CardId>,
    /// The card just taken from the pile.
    pub taken: Option<CardId>,
    /// The wild rank.
    pub wild: u8,
    /// Whether the player has drawn this deal (a drop now is a middle drop).
    pub drew: bool,
}

impl Situation {
    /// The situation of the player to act in `s`.
    pub fn of_state(s: &State) -> Situation {
        let me = s.to_act();
        Situation {
            phase: s.phase,
            hand: s.hands[me],
            open: s.top(),
            taken: s.taken,
            wild: s.cut.map_or(0, wild_rank),
            drew: s.drew >> me & 1 == 1,
        }
    }

    /// The situation an observation shows its player.
    pub fn of_observation(o: &Observation) -> Situation {
        Situation {
            phase: o.phase,
            hand: o.hand,
            open: o.pile.last().copied(),
            taken: o.taken,
            wild: o.cut.map_or(0, wild_rank),
            drew: o.drew >> o.seat & 1 == 1,
        }
    }

    /// Whether `card` is wild this deal.
    pub fn is_wild(&self, card: CardId) -> bool {
        match face(card) {
            Face::Joker => true,
            Face::Suited { rank, .. } => rank == self.wild,
        }
    }
}

/// Whether two suited faces could share a group: same rank in another
/// suit, or same suit within two ranks (the ace at both ends).
fn partners(a: Face, b: Face) -> bool {
    let (Face::Suited { rank: ra, suit: sa }, Face::Suited { rank: rb, suit: sb }) = (a, b) else {
        return false;
    };
    if ra == rb {
        return sa != sb;
    }
    let gap = ra.abs_diff(rb);
    sa == sb && (gap <= 2 || gap >= 11)
}

/// A hand's cost: its least deadwood under the loose rules (any groups),
/// each deadwood card with a partner at [`PARTIAL`] of its value, plus
/// [`LIFE_PENALTY`] when that arrangement lacks two sequences with one
/// pure. Lower is better; 0 is a show. One solve: the declaration's
/// arrangement is looked for only when the loose one leaves nothing.
pub fn cost(solvers: &mut Solvers, wild: u8, hand: &FaceHand) -> f64 {
    let m = solvers.loose(wild).solve(hand).expect("loose rules arrange every hand");
    let lives = m.runs() >= 2 && m.pure_runs() >= 1;
    let dead = m.deadwood();
    let value = |f: Face| f64::from(value(wild, f));
    let mut total = 0.0;
    for f in dead.iter() {
        let paired = dead.iter().any(|g| g != f && partners(f, g));
        total += value(f) * if paired { PARTIAL } else { 1.0 };
    }
    if lives {
        total
    } else if total == 0.0 && solvers.valid(wild, hand) {
        // Everything groups, and another arrangement has the sequences.
        0.0
    } else {
        total + LIFE_PENALTY
    }
}

/// The policy's scores of a decision's actions (higher is better), each
/// the negated cost of the hand it leaves: a valid show scores highest, a
/// wrong one lowest; the open card is charged [`TAKE_GAIN`] against the
/// closed deck's unknown card; a drop scores only on the first turn of a
/// hand costing [`FIRST_DROP_AT`] or more.
#[derive(Debug)]
pub struct Policy {
    /// The solvers, kept with their memos.
    pub solvers: Solvers,
    /// The hands costed lately, `len` of them (a decision scores a discard
    /// and a show on the same thirteen cards, and the search's roots score
    /// them again): a fixed array, so a player's memory stays flat.
    recent: [(u8, Cards, f64); RECENT],
    len: usize,
}

impl Default for Policy {
    fn default() -> Self {
        Policy {
            solvers: Solvers::default(),
            recent: [(0, Cards::EMPTY, 0.0); RECENT],
            len: 0,
        }
    }
}

/// The hands [`Policy`] remembers before it starts afresh.
const RECENT: usize = 64;

/// The score of a valid show, and of a wrong one or an unwanted drop.
const WIN: f64 = 1.0e6;

impl Policy {
    /// Forgets the hands costed: each decision starts afresh, so that one
    /// decision asked twice does the same work.
    pub fn forget(&mut self) {
        self.len = 0;
    }

    /// The cost of `hand`'s cards ([`cost`], remembered for the last few
    /// hands asked in this decision).
    pub fn cost(&mut self, wild: u8, hand: Cards) -> f64 {
        if let Some(&(_, _, c)) = self.recent[..self.len]
            .iter()
            .find(|&&(w, h, _)| w == wild && h == hand)
        {
            return c;
        }
        let c = cost(&mut self.solvers, wild, &faces(hand));
        if self.len == RECENT {
            self.len = 0;
        }
        self.recent[self.len] = (wild, hand, c);
        self.len += 1;
        c
    }

    /// The least cost after a discard from `hand` (fourteen cards), not
    /// of `keep`'s face.
    fn best_after(&mut self, wild: u8, hand: Cards, keep: Option<CardId>) -> f64 {
        let keep = keep.map(face);
        distinct(hand)
            .filter(|&c| Some(face(c)) != keep)
            .map(|c| self.cost(wild, hand - Cards::of(c)))
            .fold(f64::INFINITY, f64::min)
    }

    /// The score of `action` in `s`.
    pub fn score(&mut self, s: &Situation, action: Action) -> f64 {
        match action {
            Action::Draw => -self.cost(s.wild, s.hand),
            Action::Take => match s.open {
                Some(open) if s.is_wild(open) => WIN / 2.0,
                Some(open) => -self.best_after(s.wild, s.hand | Cards::of(open), Some(open)) - TAKE_GAIN,
                None => -WIN,
            },
            Action::Drop => {
                if !s.drew && self.cost(s.wild, s.hand) >= FIRST_DROP_AT {
                    WIN
                } else {
                    -WIN
                }
            }
            Action::Discard(c) => {
                let left = s.hand - Cards::of(c);
                // Among equal costs, throw the higher card.
                -self.cost(s.wild, left) + f64::from(crate::cards::rank(c).map_or(0, |r| VALUES[usize::from(r)])) * 1e-3
            }
            Action::Declare(c) => {
                if self.cost(s.wild, s.hand - Cards::of(c)) == 0.0 {
                    WIN
                } else {
                    -WIN
                }
            }
            Action::Deal(_) => -WIN,
        }
    }

    /// The best of `legal` in `s` (ties to the lower action), its score.
    pub fn best(&mut self, s: &Situation, legal: &[Action]) -> (Action, f64) {
        let mut best = (legal[0], f64::NEG_INFINITY);
        for &a in legal {
            let v = self.score(s, a);
            if v > best.1 {
                best = (a, v);
            }
        }
        best
    }
}
