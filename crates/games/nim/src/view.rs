//! What a page draws of a Nim position: the heaps, whose turn it is, the
//! play convention. Nim hides nothing, so every seat's view is the same.

use serde::Serialize;
use tabula_search::Seat;

use crate::State;

/// The heaps as a page draws them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NimView {
    /// The counters left in each heap, in order.
    pub heaps: Vec<u8>,
    /// The seat to move (at the end: the seat that would move next).
    pub to_move: Seat,
    /// Misère play: whoever takes the last counter loses.
    pub misere: bool,
    /// Whether every heap is empty.
    pub over: bool,
}

impl NimView {
    /// The view of a position under a play convention.
    pub fn of(s: &State, misere: bool) -> Self {
        NimView {
            heaps: s.heaps().to_vec(),
            to_move: s.to_move(),
            misere,
            over: s.is_over(),
        }
    }
}
