//! Game records that replay: the options and every action (each dealt
//! card included), with the scores they lead to (the card engine's
//! [`MatchRecord`]).

use tabula_cards::{MatchRecord, Replay, ReplayErrorOf};

use crate::options::HeartsOptions;
use crate::rules::Hearts;
use crate::state::{SEATS, State};

/// A match, finished or not: replaying it rebuilds every state.
pub type Record = MatchRecord<Hearts>;
/// A record that does not replay.
pub type ReplayError = ReplayErrorOf<Hearts>;

impl Replay for Hearts {
    type Options = HeartsOptions;
    type Scores = [i32; SEATS];

    fn with_options(options: HeartsOptions) -> Result<Self, String> {
        Hearts::new(options)
    }

    fn record_options(&self) -> HeartsOptions {
        self.options()
    }

    fn first_state(&self) -> State {
        self.initial_state()
    }

    fn scores_of(state: &State) -> [i32; SEATS] {
        state.scores()
    }
}
