//! Game records that replay: the options and every action (each dealt
//! and drawn card included), with the scores they lead to (the card
//! engine's [`MatchRecord`]).

use tabula_cards::{MatchRecord, Replay, ReplayErrorOf};

use crate::options::DdzOptions;
use crate::rules::DouDizhu;
use crate::state::{SEATS, State};

/// A match, finished or not: replaying it rebuilds every state.
pub type Record = MatchRecord<DouDizhu>;
/// A record that does not replay.
pub type ReplayError = ReplayErrorOf<DouDizhu>;

impl Replay for DouDizhu {
    type Options = DdzOptions;
    type Scores = [i64; SEATS];

    fn with_options(options: DdzOptions) -> Result<Self, String> {
        DouDizhu::new(options)
    }

    fn record_options(&self) -> DdzOptions {
        self.options()
    }

    fn first_state(&self) -> State {
        self.initial_state()
    }

    fn scores_of(state: &State) -> [i64; SEATS] {
        state.scores()
    }
}
