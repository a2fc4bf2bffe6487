//! Game records that replay: the options and every action (each dealt
//! card included), with the scores they lead to (the card engine's
//! [`MatchRecord`]).

use tabula_cards::{MatchRecord, Replay, ReplayErrorOf};

use crate::options::EuchreOptions;
use crate::rules::Euchre;
use crate::state::State;

/// A match, finished or not: replaying it rebuilds every state.
pub type Record = MatchRecord<Euchre>;
/// A record that does not replay.
pub type ReplayError = ReplayErrorOf<Euchre>;

impl Replay for Euchre {
    type Options = EuchreOptions;
    type Scores = [u32; 2];

    fn with_options(options: EuchreOptions) -> Result<Self, String> {
        Euchre::new(options)
    }

    fn record_options(&self) -> EuchreOptions {
        self.options()
    }

    fn first_state(&self) -> State {
        self.initial_state()
    }

    fn scores_of(state: &State) -> [u32; 2] {
        state.scores()
    }
}
