//! Game records that replay: the options and every action (each dealt
//! card included), with the scores they lead to.

use serde::{Deserialize, Serialize};
use tabula_search::play;

use crate::actions::Action;
use crate::options::SpadesOptions;
use crate::rules::Spades;
use crate::state::{SIDES, State};

/// A match, finished or not: replaying it rebuilds every state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The rules.
    pub options: SpadesOptions,
    /// Every action in order, chance's deals included.
    pub actions: Vec<Action>,
    /// The sides' scores after the last action.
    pub scores: [i32; SIDES],
}

/// A record that does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The options are out of range.
    #[error("bad options: {0}")]
    Options(String),
    /// An action the rules refuse where it is recorded.
    #[error("action {index} ({action:?}) is not legal there")]
    Illegal {
        /// Its position.
        index: usize,
        /// The action.
        action: Action,
    },
    /// The replay ends at other scores than the record says.
    #[error("the record says {recorded:?} but replays to {replayed:?}")]
    Scores {
        /// The record's.
        recorded: [i32; SIDES],
        /// The replay's.
        replayed: [i32; SIDES],
    },
}

impl Record {
    /// The record of a match played from the start with `actions`.
    ///
    /// # Errors
    /// When an action is not legal where it comes.
    pub fn of(game: &Spades, actions: &[Action]) -> Result<Record, ReplayError> {
        let mut record = Record {
            options: game.options(),
            actions: actions.to_vec(),
            scores: [0; SIDES],
        };
        record.scores = record.replay_unchecked()?.scores();
        Ok(record)
    }

    fn replay_unchecked(&self) -> Result<State, ReplayError> {
        let game = Spades::new(self.options).map_err(ReplayError::Options)?;
        let mut s = game.initial_state();
        for (index, &action) in self.actions.iter().enumerate() {
            play(&game, &mut s, action).map_err(|_| ReplayError::Illegal { index, action })?;
        }
        Ok(s)
    }

    /// Replays the record, checking every action and the final scores.
    ///
    /// # Errors
    /// Bad options, an illegal action, or other scores than recorded.
    pub fn replay(&self) -> Result<State, ReplayError> {
        let s = self.replay_unchecked()?;
        if s.scores() != self.scores {
            return Err(ReplayError::Scores {
                recorded: self.scores,
                replayed: s.scores(),
            });
        }
        Ok(s)
    }
}
