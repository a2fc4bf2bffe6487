//! Game records that replay, and the bot view.

use serde::{Deserialize, Serialize};
use tabula_search::play;

use crate::game::Skyjo;
use crate::rules::{Action, Rules, RulesError};
use crate::state::State;

/// A finished or partial game: the rules, the deal seed and every action
/// (chance outcomes included). Replaying it rebuilds every state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The rules.
    pub rules: Rules,
    /// The seed the game was dealt from.
    pub seed: u64,
    /// Who played each seat (free text, e.g. `level:3`).
    pub players: Vec<String>,
    /// Every action in order.
    pub actions: Vec<Action>,
    /// The totals at the end of the record.
    pub totals: Vec<i32>,
}

/// A record that does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The rules are invalid.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// An action is not legal where it is recorded.
    #[error("action {index} ({action:?}) is illegal")]
    Illegal {
        /// Its position.
        index: usize,
        /// The action.
        action: Action,
    },
    /// The replayed totals differ from the recorded ones.
    #[error("replayed totals {replayed:?} differ from the recorded {recorded:?}")]
    Totals {
        /// Replayed.
        replayed: Vec<i32>,
        /// Recorded.
        recorded: Vec<i32>,
    },
}

impl Record {
    /// Replays the record and returns the final state, checking every
    /// action's legality and the recorded totals.
    pub fn replay(&self) -> Result<State, ReplayError> {
        let game = Skyjo::new(self.rules.clone())?;
        let mut state = game.new_game(self.seed);
        for (index, &action) in self.actions.iter().enumerate() {
            play(&game, &mut state, action).map_err(|_| ReplayError::Illegal { index, action })?;
        }
        if state.totals() != self.totals.as_slice() {
            return Err(ReplayError::Totals {
                replayed: state.totals().to_vec(),
                recorded: self.totals.clone(),
            });
        }
        Ok(state)
    }
}
