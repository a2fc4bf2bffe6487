//! Game records that replay: the options and every action (each dealt
//! and drawn card included), with the scores they lead to (the card
//! engine's [`MatchRecord`]).

use tabula_cards::{MatchRecord, Replay, ReplayErrorOf};

use crate::options::GinOptions;
use crate::rules::GinRummy;
use crate::state::{SEATS, State};

/// A match, finished or not: replaying it rebuilds every state.
pub type Record = MatchRecord<GinRummy>;
/// A record that does not replay.
pub type ReplayError = ReplayErrorOf<GinRummy>;

impl Replay for GinRummy {
    type Options = GinOptions;
    type Scores = [u32; SEATS];

    fn with_options(options: GinOptions) -> Result<Self, String> {
        GinRummy::new(options)
    }

    fn record_options(&self) -> GinOptions {
        self.options()
    }

    fn first_state(&self) -> State {
        self.initial_state()
    }

    fn scores_of(state: &State) -> [u32; SEATS] {
        state.scores()
    }
}
