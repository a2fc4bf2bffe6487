//! What a page draws of a Skyjo table for one seat, from its observation
//! alone: every grid as the seat sees it, the piles, the drawn card when
//! the seat may see it, the round's state and the scores.

use serde::{Serialize, Serializer};
use tabula_search::{Determinize, Seat};

use crate::game::Skyjo;
use crate::observation::{CellView, Observation};
use crate::rules::Phase;
use crate::text::action_text;

/// A seat's view of the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SkyjoView {
    /// The observing seat.
    pub seat: u8,
    /// Seats at the table.
    pub players: usize,
    /// Each seat's twelve cells, row by row.
    pub grids: Vec<Vec<GridCell>>,
    /// The whole discard pile, bottom first (every card discarded since
    /// the last reshuffle is public).
    pub discard: Vec<i8>,
    /// The discard pile's top card; `null` when it is empty.
    pub discard_top: Option<i8>,
    /// Cards in the draw pile.
    pub draw_count: u8,
    /// The drawn card, when the observer holds it; else `null`.
    pub hand: Option<i8>,
    /// Whether the seat to act holds a drawn card.
    pub hand_held: bool,
    /// `setup`, `turn`, `drawing`, `placing` or `over`.
    pub phase: &'static str,
    /// The seat to act.
    pub to_move: u8,
    /// The seat that closed this round; `null` before anyone has.
    pub closer: Option<u8>,
    /// Turns left after the closer's.
    pub final_left: u8,
    /// The round, from 0.
    pub round: u16,
    /// Each seat's game total.
    pub totals: Vec<i32>,
    /// Each seat's score in the last finished round.
    pub last_round: Vec<i32>,
    /// Turns of this round (setup reveals not counted).
    pub round_turns: u16,
    /// The turns at which a round nobody closed ends.
    pub turn_limit: u16,
    /// The observer's legal actions as text (`draw`, `take 5`): what the
    /// view gave before the table's answer listed them with their JSON
    /// forms; kept so every view reads as it did.
    pub legal: Vec<String>,
}

/// One cell as the seat sees it: its value face up (a number), face down
/// (`"hidden"`), or removed with its column (`null`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridCell(pub CellView);

impl Serialize for GridCell {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            CellView::Up(v) => s.serialize_i8(v),
            CellView::Hidden => s.serialize_str("hidden"),
            CellView::Removed => s.serialize_none(),
        }
    }
}

fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Setup => "setup",
        Phase::Turn => "turn",
        Phase::Drawing => "drawing",
        Phase::Placing => "placing",
        Phase::Over => "over",
    }
}

impl SkyjoView {
    /// The view of `seat`'s observation.
    pub fn of(game: &Skyjo, obs: &Observation, seat: Seat) -> Self {
        let mut legal = Vec::new();
        game.legal_from_observation(obs, seat, &mut legal);
        SkyjoView {
            seat: obs.seat,
            players: obs.players(),
            grids: obs
                .grids
                .iter()
                .map(|g| g.iter().map(|&c| GridCell(c)).collect())
                .collect(),
            discard: obs.discard.clone(),
            discard_top: obs.discard.last().copied(),
            draw_count: obs.draw_count,
            hand: obs.hand,
            hand_held: obs.hand_held,
            phase: phase_name(obs.phase),
            to_move: obs.to_move,
            closer: obs.closer,
            final_left: obs.final_left,
            round: obs.round,
            totals: obs.totals.clone(),
            last_round: obs.last_round.clone(),
            round_turns: obs.round_turns,
            turn_limit: game.rules().round_turn_limit(),
            legal: legal.into_iter().map(action_text).collect(),
        }
    }
}
