//! Mini Whist as the card engine's glue reads it ([`CardGame`]): the
//! search library's `Determinize` is written from it by
//! [`tabula_cards::card_game!`], and the `GameModule` items it already
//! says by [`tabula_cards::card_module!`] (in module.rs).

use tabula_cards::CardGame;
use tabula_search::{Seat, Turn};

use super::MiniWhist;
use super::action::Action;
use super::module::MiniWhistOptions;
use super::observation::{Observation, Worlds};
use super::state::State;

/// What the glue reads: options and the first state for records, tricks
/// won as the scores, and from an observation its seat, whose turn it
/// shows, its legal actions and its worlds.
impl CardGame for MiniWhist {
    type Options = MiniWhistOptions;
    /// Tricks won by each seat.
    type Scores = [u8; 2];
    type Worlds<'a> = Worlds;

    fn with_options(_: MiniWhistOptions) -> Result<Self, String> {
        Ok(MiniWhist)
    }

    fn record_options(&self) -> MiniWhistOptions {
        MiniWhistOptions {}
    }

    fn first_state(&self) -> State {
        // The deal is made of chance events, drawn by whoever runs the game.
        self.initial_state()
    }

    fn scores_of(state: &State) -> [u8; 2] {
        state.tricks()
    }

    fn observer(observation: &Observation) -> Seat {
        observation.seat()
    }

    fn turn_of(observation: &Observation) -> Turn {
        observation.to_move()
    }

    fn observed_legal(&self, observation: &Observation, out: &mut Vec<Action>) {
        out.clear();
        if observation.to_move() == Turn::Seat(observation.seat()) {
            observation.legal_actions(out);
        }
    }

    /// Uniform over the arrangements of the unseen cards consistent with
    /// the observation (see [`Observation::worlds`]).
    fn worlds<'a>(&'a self, observation: &'a Observation) -> Result<Worlds, String> {
        observation.worlds().map_err(|e| e.to_string())
    }
}

tabula_cards::card_game!(MiniWhist);
