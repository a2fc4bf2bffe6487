//! Records of whole card matches that replay: the rules options, every
//! action (each dealt card included), and the scores they lead to. A
//! record is checked action by action against the rules, then its scores
//! against the replay's, so a stored match can be trusted or refused.

use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use tabula_search::{Game, play};

use crate::game::CardGame;

/// A match, finished or not: replaying it rebuilds every state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    bound(serialize = "G::Action: Serialize", deserialize = "G::Action: DeserializeOwned")
)]
pub struct MatchRecord<G: CardGame> {
    /// The rules.
    pub options: G::Options,
    /// Every action in order, chance's deals included.
    pub actions: Vec<G::Action>,
    /// The match's scores after the last action.
    pub scores: G::Scores,
}

/// A record that does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError<A: Debug, S: Debug> {
    /// The options are out of range.
    #[error("bad options: {0}")]
    Options(String),
    /// An action the rules refuse where it is recorded.
    #[error("action {index} ({action:?}) is not legal there")]
    Illegal {
        /// Its position.
        index: usize,
        /// The action.
        action: A,
    },
    /// The replay ends at other scores than the record says.
    #[error("the record says {recorded:?} but replays to {replayed:?}")]
    Scores {
        /// The record's.
        recorded: S,
        /// The replay's.
        replayed: S,
    },
}

/// The error of a game's records.
pub type ReplayErrorOf<G> = ReplayError<<G as Game>::Action, <G as CardGame>::Scores>;

impl<G: CardGame> MatchRecord<G> {
    /// The record of a match played from the start with `actions`.
    ///
    /// # Errors
    /// When an action is not legal where it comes.
    pub fn of(game: &G, actions: &[G::Action]) -> Result<Self, ReplayErrorOf<G>> {
        let state = replay_actions(game, actions)?;
        Ok(MatchRecord {
            options: game.record_options(),
            actions: actions.to_vec(),
            scores: G::scores_of(&state),
        })
    }

    /// Replays the record, checking every action and the final scores.
    ///
    /// # Errors
    /// Bad options, an illegal action, or other scores than recorded.
    pub fn replay(&self) -> Result<G::State, ReplayErrorOf<G>> {
        let game = G::with_options(self.options.clone()).map_err(ReplayError::Options)?;
        let state = replay_actions(&game, &self.actions)?;
        let replayed = G::scores_of(&state);
        if replayed != self.scores {
            return Err(ReplayError::Scores {
                recorded: self.scores.clone(),
                replayed,
            });
        }
        Ok(state)
    }
}

fn replay_actions<G: CardGame>(game: &G, actions: &[G::Action]) -> Result<G::State, ReplayErrorOf<G>> {
    let mut s = game.first_state();
    for (index, &action) in actions.iter().enumerate() {
        play(game, &mut s, action).map_err(|_| ReplayError::Illegal { index, action })?;
    }
    Ok(s)
}
