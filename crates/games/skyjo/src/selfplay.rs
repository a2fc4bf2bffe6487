//! One game played by one AI per seat, for tests, examples and
//! measurements (tournaments are the platform's arena).
//!
//! **Stalls.** Nothing in the rules forces a player to reveal its last
//! card, so the rules end a round nobody has closed at the turn limit
//! ([`crate::Rules::turn_limit`]), which at its highest setting still
//! falls well within [`MAX_ROUND_PLIES`] plies. [`play_game`] keeps a
//! guard all the same: it abandons a game whose current round exceeds
//! [`MAX_ROUND_PLIES`] plies and says so in the outcome, which the rules
//! now make unreachable.

use serde::Serialize;
use tabula_contract::TableKind;
use tabula_search::{Game, Rng, Turn};

use crate::ai::{SkyjoAi, observe};
use crate::game::Skyjo;
use crate::rules::Action;
use crate::state::State;

/// Plies after which a round is abandoned as stalled (a normal 8-player
/// round takes a few hundred; the turn limit ends every round before).
pub const MAX_ROUND_PLIES: usize = 3_000;

/// One finished game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameOutcome {
    /// Final totals per seat.
    pub totals: Vec<i32>,
    /// Every round's scores, round by round.
    pub rounds: Vec<Vec<i32>>,
    /// Every round's length in turns (setup reveals not counted).
    pub round_turns: Vec<u16>,
    /// Every round's closer; `None` where the turn limit ended it.
    pub closers: Vec<Option<usize>>,
    /// Every action, chance outcomes included (a replayable record).
    pub actions: Vec<Action>,
    /// The final state.
    pub state: State,
    /// Whether the game was abandoned (a round exceeded
    /// [`MAX_ROUND_PLIES`]); `totals` are then those before that round.
    pub stalled: bool,
}

/// Plays one game from `seed` with one AI per seat at a table of `kind`.
pub fn play_game(game: &Skyjo, ais: &mut [SkyjoAi], kind: TableKind, seed: u64) -> GameOutcome {
    let mut state = game.new_game(seed);
    let mut rounds = Vec::new();
    let mut round_turns = Vec::new();
    let mut closers = Vec::new();
    // The turns of the round in progress before the last action: the
    // action that ends a round is its last turn.
    let mut turns_before = 0;
    let mut actions = Vec::new();
    let mut played = 0;
    let mut rng = Rng::new(seed);
    let mut round_plies = 0;
    let mut stalled = false;
    loop {
        if state.rounds_played() > played {
            played = state.rounds_played();
            rounds.push(state.last_round().to_vec());
            round_turns.push(turns_before + 1);
            closers.push(state.last_closer());
            round_plies = 0;
        }
        round_plies += 1;
        if round_plies > MAX_ROUND_PLIES {
            stalled = true;
            break;
        }
        let action = match game.to_move(&state) {
            Turn::Terminal => break,
            Turn::Chance => game.sample_chance(&state, &mut rng),
            Turn::Seat(s) => {
                let ai = &mut ais[s];
                let obs = observe(game, &state, s, kind, ai.level());
                ai.decide(game, &obs).action.expect("a seat to act has a legal action")
            }
        };
        actions.push(action);
        turns_before = state.round_turns();
        game.apply(&mut state, action);
    }
    GameOutcome {
        totals: state.totals().to_vec(),
        rounds,
        round_turns,
        closers,
        actions,
        state,
        stalled,
    }
}
