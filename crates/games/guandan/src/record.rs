//! Game records that replay: the options and every action (each dealt
//! card and the first leader's draw included), with the levels they lead
//! to (the card engine's [`MatchRecord`]).

use tabula_cards::{MatchRecord, ReplayErrorOf};

use crate::game::Guandan;

/// A match, finished or not: replaying it rebuilds every state.
pub type Record = MatchRecord<Guandan>;
/// A record that does not replay.
pub type ReplayError = ReplayErrorOf<Guandan>;
