//! What one seat sees: the [`Observation`], and the worlds consistent with
//! it.

use serde::{Deserialize, Serialize};
use tabula_cards::{CardId, DealProblem};
use tabula_search::{MAX_SEATS, Rng, Seat};

use crate::rules::{CELLS, DECK_SIZE, FIRST_ID, NUM_VALUES, Phase, Pile, State, VALUE_COUNTS, value_of};

const NONE: u8 = u8::MAX;

/// A cell as a seat sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CellView {
    /// Face down: its value is not shown.
    Hidden,
    /// Face up.
    Up(i8),
    /// Removed with its column.
    Removed,
}

/// Everything one seat may know: every grid with its face-up values, the
/// whole discard pile (public), the size of the draw pile, its own drawn
/// card, the phase, the closer and the scores. It holds no card id and no
/// face-down value — and the draw pile's order only for the solo Master,
/// through [`crate::ai::observe`].
///
/// Cards that went back into the draw pile in a reshuffle are unknown again,
/// as for a human counting cards: the observation does not keep a history.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Observation {
    /// The observing seat.
    pub seat: u8,
    /// Every seat's grid.
    pub grids: Vec<[CellView; CELLS]>,
    /// The discard pile's values, bottom first (the last is the top).
    pub discard: Vec<i8>,
    /// Cards in the draw pile.
    pub draw_count: u8,
    /// The draw pile's values, bottom first (the next card is the last),
    /// for the solo Master only; `None` for everyone else.
    pub draw_pile: Option<Vec<i8>>,
    /// The drawn card, when the observer holds one.
    pub hand: Option<i8>,
    /// Whether some seat holds a drawn card (the seat to act).
    pub hand_held: bool,
    /// The phase.
    pub phase: Phase,
    /// The seat to act.
    pub to_move: u8,
    /// Cells each seat revealed in setup.
    pub setup: Vec<u8>,
    /// The closer of this round, if any.
    pub closer: Option<u8>,
    /// Turns left after the closer's.
    pub final_left: u8,
    /// The previous round's closer.
    pub prev_closer: Option<u8>,
    /// Round number, from 0.
    pub round: u16,
    /// Rounds finished.
    pub rounds_played: u16,
    /// Game totals.
    pub totals: Vec<i32>,
    /// Scores of the last finished round.
    pub last_round: Vec<i32>,
    /// Actions applied so far (chance outcomes included).
    pub turns: u32,
}

impl Observation {
    /// The observation of `seat`; with `pile` the draw pile's order too
    /// (only [`crate::ai::observe`] passes `true`, for a seat the table
    /// grants it to).
    pub(crate) fn of(s: &State, seat: Seat, pile: bool) -> Self {
        let n = s.players();
        let grids = (0..n)
            .map(|p| {
                std::array::from_fn(|i| {
                    let c = s.cells[p][i];
                    if c == NONE {
                        CellView::Removed
                    } else if s.up[p] & (1 << i) != 0 {
                        CellView::Up(value_of(c))
                    } else {
                        CellView::Hidden
                    }
                })
            })
            .collect();
        let opt = |x: u8| (x != NONE).then_some(x);
        Observation {
            seat: seat as u8,
            grids,
            discard: s.discard.as_slice().iter().map(|&c| value_of(c)).collect(),
            draw_count: s.draw.len() as u8,
            draw_pile: pile.then(|| s.draw.as_slice().iter().map(|&c| value_of(c)).collect()),
            hand: (s.hand != NONE && usize::from(s.seat) == seat).then(|| value_of(s.hand)),
            hand_held: s.hand != NONE,
            phase: s.phase,
            to_move: s.seat,
            setup: s.setup[..n].to_vec(),
            closer: opt(s.closer),
            final_left: s.final_left,
            prev_closer: opt(s.prev_closer),
            round: s.round,
            rounds_played: s.rounds_played,
            totals: s.totals[..n].to_vec(),
            last_round: s.last_round[..n].to_vec(),
            turns: s.turns,
        }
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.grids.len()
    }

    /// How many cards of each value (−2 to 12, index `v + 2`) the observer
    /// has not seen: the full deck minus every face-up cell of every grid,
    /// the drawn card it holds and the whole discard pile (and, for the
    /// Master, the draw pile).
    pub fn unseen_counts(&self) -> [u8; NUM_VALUES] {
        let mut counts = VALUE_COUNTS;
        let mut take = |v: i8| {
            let k = (v + 2) as usize;
            counts[k] = counts[k].saturating_sub(1);
        };
        for g in &self.grids {
            for c in g {
                if let CellView::Up(v) = *c {
                    take(v);
                }
            }
        }
        self.discard.iter().for_each(|&v| take(v));
        if let Some(v) = self.hand {
            take(v);
        }
        if let Some(p) = &self.draw_pile {
            p.iter().for_each(|&v| take(v));
        }
        counts
    }

    /// A full state consistent with this observation: the unseen cards
    /// dealt uniformly over every physical arrangement to the face-down
    /// cells, another seat's drawn card and the draw pile (its order known
    /// only to the Master), and a fresh seed for future shuffles.
    ///
    /// # Panics
    /// If the observation is inconsistent with the deck (it shows a value
    /// more often than the deck holds it).
    pub fn sample_world(&self, rng: &mut Rng) -> State {
        let n = self.players();
        let mut next = FIRST_ID;
        let mut take = |v: i8| -> u8 {
            let k = (v + 2) as usize;
            let id = next[k];
            assert!(
                k + 1 == NUM_VALUES && usize::from(id) < DECK_SIZE || k + 1 < NUM_VALUES && id < FIRST_ID[k + 1],
                "the observation shows more cards of value {v} than the deck holds"
            );
            next[k] += 1;
            id
        };
        let mut cells = [[NONE; CELLS]; MAX_SEATS];
        let mut up = [0u16; MAX_SEATS];
        for (p, g) in self.grids.iter().enumerate() {
            for (i, c) in g.iter().enumerate() {
                if let CellView::Up(v) = *c {
                    cells[p][i] = take(v);
                    up[p] |= 1 << i;
                }
            }
        }
        let discard: Vec<u8> = self.discard.iter().map(|&v| take(v)).collect();
        let mut hand = self.hand.map_or(NONE, &mut take);
        let known_pile: Option<Vec<u8>> = self.draw_pile.as_ref().map(|p| p.iter().map(|&v| take(v)).collect());
        // The unseen instances, by id.
        let mut unseen = Vec::with_capacity(DECK_SIZE);
        for k in 0..NUM_VALUES {
            let end = if k + 1 < NUM_VALUES {
                FIRST_ID[k + 1]
            } else {
                DECK_SIZE as u8
            };
            unseen.extend(next[k]..end);
        }
        // Holders: the face-down cells (one holder, filled in cell order),
        // the hidden hand, the draw pile.
        let hidden_cells: usize = self
            .grids
            .iter()
            .map(|g| g.iter().filter(|c| **c == CellView::Hidden).count())
            .sum();
        let hidden_hand = usize::from(self.hand_held && self.hand.is_none());
        let pile_slots = if known_pile.is_some() {
            0
        } else {
            usize::from(self.draw_count)
        };
        let mut problem = DealProblem::new(vec![hidden_cells, hidden_hand, pile_slots]);
        for &id in &unseen {
            problem.add_free(CardId(u16::from(id)));
        }
        let deal = problem
            .sample(rng)
            .expect("an observation consistent with the deck has a deal");
        let mut cards = deal[0].iter().map(|c| c.0 as u8);
        for (p, g) in self.grids.iter().enumerate() {
            for (i, c) in g.iter().enumerate() {
                if *c == CellView::Hidden {
                    cells[p][i] = cards.next().expect("one card per face-down cell");
                }
            }
        }
        if hidden_hand == 1 {
            hand = deal[1][0].0 as u8;
        }
        let draw: Vec<u8> = match known_pile {
            Some(p) => p,
            None => deal[2].iter().map(|c| c.0 as u8).collect(),
        };
        let mut setup = [0u8; MAX_SEATS];
        setup[..n].copy_from_slice(&self.setup);
        let mut totals = [0i32; MAX_SEATS];
        totals[..n].copy_from_slice(&self.totals);
        let mut last_round = [0i32; MAX_SEATS];
        last_round[..n].copy_from_slice(&self.last_round);
        State {
            players: n as u8,
            cells,
            up,
            draw: Pile::from_slice_pub(&draw),
            discard: Pile::from_slice_pub(&discard),
            hand,
            phase: self.phase,
            seat: self.to_move,
            setup,
            closer: self.closer.unwrap_or(NONE),
            final_left: self.final_left,
            prev_closer: self.prev_closer.unwrap_or(NONE),
            round: self.round,
            totals,
            last_round,
            rounds_played: self.rounds_played,
            seed: rng.next_u64(),
            shuffles: 0,
            turns: self.turns,
        }
    }
}
