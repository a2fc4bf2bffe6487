//! Game records that replay: the options and every action (each dealt
//! card included), with the scores they lead to (the card engine's
//! [`MatchRecord`]).

use tabula_cards::{MatchRecord, ReplayErrorOf};

use crate::rules::Pinochle;

/// A match, finished or not: replaying it rebuilds every state.
pub type Record = MatchRecord<Pinochle>;
/// A record that does not replay.
pub type ReplayError = ReplayErrorOf<Pinochle>;
