//! What a seat (or chance) does at a Guandan table.

use serde::{Deserialize, Serialize};
use tabula_cards::CardId;

use crate::cards::Face;
use crate::moves::Play;

/// An action: chance's deal and first leader, a seat's play or pass, its
/// tribute and the card it gives back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Chance deals this card to the seat whose turn it is to be dealt.
    Deal(CardId),
    /// Chance draws who leads the match's first hand.
    FirstLeader(u8),
    /// A tribute: the face of the card given.
    Tribute(Face),
    /// The face of the card given back for a tribute.
    Return(Face),
    /// A combination played.
    Play(Play),
    /// A pass.
    Pass,
}
