//! Game records that replay: the options and every action (each dealt
//! card included), with the scores they lead to (the card engine's
//! [`MatchRecord`]).

use tabula_cards::{MatchRecord, Replay, ReplayErrorOf};

use crate::options::SpadesOptions;
use crate::rules::Spades;
use crate::state::{SIDES, State};

/// A match, finished or not: replaying it rebuilds every state.
pub type Record = MatchRecord<Spades>;
/// A record that does not replay.
pub type ReplayError = ReplayErrorOf<Spades>;

impl Replay for Spades {
    type Options = SpadesOptions;
    type Scores = [i32; SIDES];

    fn with_options(options: SpadesOptions) -> Result<Self, String> {
        Spades::new(options)
    }

    fn record_options(&self) -> SpadesOptions {
        self.options()
    }

    fn first_state(&self) -> State {
        self.initial_state()
    }

    fn scores_of(state: &State) -> [i32; SIDES] {
        state.scores()
    }
}
