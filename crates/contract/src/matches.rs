//! A game in progress behind the erased interface: the truth stays inside,
//! and what leaves is a seat's observation, view or text — or an action.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tabula_search::{Game, Rng, Seat, Seen, Turn, play};

use crate::agent::{AgentError, LocalAgent, SeatAgent, StatsJson, stats_json, to_json};
use crate::error::ContractError;
use crate::info::{Scoresheet, TableKind};
use crate::module::{ActionOf, GameModule, StateOf};
use crate::spec::PlayerSpec;

/// An action a match played for an agent. `action` is the true action:
/// a front end shows another seat [`Match::last_move`] instead, which is
/// the action as that seat saw it.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveMade {
    /// The seat that acted.
    pub seat: Seat,
    /// The action, in the game's JSON form.
    pub action: Value,
    /// The agent's search statistics.
    pub stats: StatsJson,
}

/// A legal action as a page lists it (the table answer's `legal`): its
/// JSON form, which identifies it, and its text, which a person reads.
/// A page picks one by its place in the list (see docs/web-api.md) and
/// never reads a move out of the text.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LegalMove {
    /// The action in the game's JSON form (as the bot protocol writes it).
    pub action: Value,
    /// The action as a person reads it (the game's `action_text`): what
    /// the move log writes once it is played.
    pub label: String,
}

/// A game in progress. It holds the truth; everything it hands out is
/// built from one seat's observation, except the payoffs and scores at the
/// end (public then) and the record.
pub trait Match: Send {
    /// The seed the game was started from.
    fn seed(&self) -> u64;
    /// Who acts.
    fn to_act(&self) -> Turn;
    /// The legal actions of the seat to act (empty at chance and at the end).
    fn legal(&self) -> Vec<Value>;
    /// The same, as a person reads them.
    fn legal_text(&self) -> Vec<String>;
    /// The same, each in its JSON form with its text, in the same order.
    fn legal_moves(&self) -> Vec<LegalMove>;
    /// Plays an action of the seat to act, or a chance outcome.
    ///
    /// # Errors
    /// JSON that is not an action of the game, or an action not legal now;
    /// the game is unchanged.
    fn apply(&mut self, action: &Value) -> Result<(), ContractError>;
    /// Plays the action a person typed for the seat to act; returns its
    /// text as the game writes it.
    ///
    /// # Errors
    /// What is wrong with the text, in words for a person; the game is
    /// unchanged.
    fn apply_text(&mut self, text: &str) -> Result<String, String>;
    /// Draws and plays a chance outcome.
    ///
    /// # Errors
    /// When chance does not act.
    fn chance(&mut self, rng: &mut Rng) -> Result<(), ContractError>;
    /// The chance outcome `rng` draws here, in the game's JSON form,
    /// without playing it ([`chance`](Match::chance) plays the same one).
    ///
    /// # Errors
    /// When chance does not act.
    fn draw_chance(&self, rng: &mut Rng) -> Result<Value, ContractError>;
    /// Asks the seat to act's agent for its action (the agent receives the
    /// seat's observation only) and plays it.
    ///
    /// # Errors
    /// When no seat acts, the agent fails, or its action is not legal; the
    /// game is unchanged.
    fn play(&mut self, agent: &mut dyn SeatAgent) -> Result<MoveMade, AgentError>;
    /// What `seat` observes, as JSON.
    fn observe(&self, seat: Seat) -> Value;
    /// What `seat`'s player `player` is handed, as JSON: its observation,
    /// or more where the game grants a declared handicap at this table
    /// (see [`GameModule::observe_for`]).
    fn observe_for(&self, seat: Seat, player: &PlayerSpec) -> Value;
    /// The view of `seat` for pages.
    fn view(&self, seat: Seat) -> Value;
    /// A text picture of what `seat` observes.
    fn render(&self, seat: Seat) -> String;
    /// The last action (a seat's or chance's) as `seat` saw it, as text: a
    /// hidden discard of another seat reads as such, never as the card.
    fn last_move(&self, seat: Seat) -> Option<String>;
    /// The last action as it truly was, in the game's JSON form: for a
    /// controller that stores the game (it may hold what no seat saw, such
    /// as a card drawn face down).
    fn last_action(&self) -> Option<Value>;
    /// Something worth telling `seat` about the last move, if anything.
    fn note(&self, seat: Seat) -> Option<String>;
    /// A renderer's facts about the last move as `seat` saw it (see
    /// [`GameModule::move_view`]).
    fn move_view(&self, seat: Seat) -> Option<Value>;
    /// Whether the game reviews finished games.
    fn reviews(&self) -> bool;
    /// The review of `seat`'s moves (see
    /// [`GameModule::review`]).
    ///
    /// # Errors
    /// Why the game cannot be reviewed.
    fn review(&self, seat: Seat) -> Result<Value, String>;
    /// The payoffs, once the game is over.
    fn payoffs(&self) -> Option<Vec<f64>>;
    /// The game's own points, once the game is over, for games that keep them.
    fn scoresheet(&self) -> Option<Scoresheet>;
    /// Plies played, chance outcomes included.
    fn plies(&self) -> usize;
    /// Plies played in the round in progress (all of them, for games
    /// without rounds): what the ply limit counts.
    fn plies_this_round(&self) -> usize;
    /// The round (hand, deal) in progress, public to every seat (see
    /// [`GameModule::round`]).
    fn round(&self) -> u32;
    /// The game's record, for games that keep one.
    fn record(&self) -> Option<Value>;
    /// Checks the game's state invariants (see
    /// [`GameModule::check_state`]).
    ///
    /// # Errors
    /// The first one broken.
    fn check_state(&self) -> Result<(), String>;
    /// Exchanges two parts of the truth `observer` cannot see (see
    /// [`GameModule::swap_unseen`]); for
    /// front ends' hidden-information tests.
    fn swap_unseen(&mut self, observer: Seat) -> bool;
    /// Every seat's cards that some seat cannot see, face up (see
    /// [`GameModule::face_up`]): for the review of a finished game.
    fn face_up(&self) -> Option<Vec<Vec<String>>>;
}

/// A module's game in progress.
pub(crate) struct ModuleMatch<M: GameModule> {
    module: Arc<M>,
    seed: u64,
    table: TableKind,
    state: StateOf<M>,
    /// The state before the last action, for its note and its view.
    before: Option<StateOf<M>>,
    actions: Vec<ActionOf<M>>,
    legal: Vec<ActionOf<M>>,
    /// The round in progress, and the ply it began at.
    round: (u32, usize),
}

impl<M: GameModule> ModuleMatch<M> {
    pub(crate) fn new(module: Arc<M>, seed: u64, table: TableKind) -> Self {
        let state = module.start(seed);
        Self::from_state(module, seed, table, state)
    }

    /// A match that goes on from `state` (a world drawn from an
    /// observation), its plies counted from there.
    pub(crate) fn from_state(module: Arc<M>, seed: u64, table: TableKind, state: StateOf<M>) -> Self {
        let round = (module.round(&state), 0);
        ModuleMatch {
            module,
            seed,
            table,
            state,
            before: None,
            actions: Vec::new(),
            legal: Vec::new(),
            round,
        }
    }

    fn game(&self) -> &M::Game {
        self.module.game()
    }

    fn legal_now(&self) -> Vec<ActionOf<M>> {
        let mut legal = Vec::new();
        self.game().legal_actions(&self.state, &mut legal);
        legal
    }

    /// Plays an action already known to be legal.
    fn commit(&mut self, action: ActionOf<M>) {
        let mut next = self.state.clone();
        self.module.game().apply(&mut next, action);
        self.advance(action, next);
    }

    /// Records `action`, which led from the current state to `next`.
    fn advance(&mut self, action: ActionOf<M>, next: StateOf<M>) {
        self.before = Some(std::mem::replace(&mut self.state, next));
        self.actions.push(action);
        let round = self.module.round(&self.state);
        if round != self.round.0 {
            self.round = (round, self.actions.len());
        }
    }

    fn chance_outcome(&self, rng: &mut Rng) -> Result<ActionOf<M>, ContractError> {
        match self.to_act() {
            Turn::Chance => Ok(self.game().sample_chance(&self.state, rng)),
            Turn::Seat(s) => Err(ContractError::SeatActs(s)),
            Turn::Terminal => Err(ContractError::GameOver),
        }
    }

    fn seat_to_act(&self) -> Result<Seat, AgentError> {
        match self.game().to_move(&self.state) {
            Turn::Seat(s) => Ok(s),
            Turn::Chance => Err(AgentError::Refused("chance acts, not a seat".into())),
            Turn::Terminal => Err(AgentError::Refused("the game is over".into())),
        }
    }
}

impl<M: GameModule> Match for ModuleMatch<M> {
    fn seed(&self) -> u64 {
        self.seed
    }

    fn to_act(&self) -> Turn {
        self.game().to_move(&self.state)
    }

    fn legal(&self) -> Vec<Value> {
        self.legal_now().iter().map(to_json).collect()
    }

    fn legal_text(&self) -> Vec<String> {
        self.legal_now()
            .into_iter()
            .map(|a| self.module.action_text(a))
            .collect()
    }

    fn legal_moves(&self) -> Vec<LegalMove> {
        self.legal_now()
            .into_iter()
            .map(|a| LegalMove {
                action: to_json(&a),
                label: self.module.action_text(a),
            })
            .collect()
    }

    fn apply(&mut self, action: &Value) -> Result<(), ContractError> {
        let a: ActionOf<M> = crate::error::parse(action, "action")?;
        let mut next = self.state.clone();
        play(self.game(), &mut next, a).map_err(|_| ContractError::Illegal(action.to_string()))?;
        self.advance(a, next);
        Ok(())
    }

    fn apply_text(&mut self, text: &str) -> Result<String, String> {
        let seat = self.seat_to_act().map_err(|e| e.to_string())?;
        let obs = self.game().observation(&self.state, seat);
        let action = self.module.parse_action(&obs, seat, text)?;
        self.module.game().legal_actions(&self.state, &mut self.legal);
        // A person's action may carry a detail the legal list leaves out
        // (the physical cards of a play): its legal form is what is listed.
        let form = self.module.game().legal_form(&self.state, action);
        if form.is_none_or(|f| self.legal.binary_search(&f).is_err()) {
            return Err(format!("{} is not a legal move here.", self.module.action_text(action)));
        }
        self.commit(action);
        Ok(self.module.action_text(action))
    }

    fn chance(&mut self, rng: &mut Rng) -> Result<(), ContractError> {
        let outcome = self.chance_outcome(rng)?;
        self.commit(outcome);
        Ok(())
    }

    fn draw_chance(&self, rng: &mut Rng) -> Result<Value, ContractError> {
        self.chance_outcome(rng).map(|a| to_json(&a))
    }

    fn play(&mut self, agent: &mut dyn SeatAgent) -> Result<MoveMade, AgentError> {
        let seat = self.seat_to_act()?;
        let obs = self.module.observe_for(&self.state, seat, agent.spec(), self.table);
        let (action, stats) = if let Some(local) = agent.as_any_mut().downcast_mut::<LocalAgent<M>>() {
            // A player of this game: the typed observation, no JSON.
            let (action, result) = local.decide(&obs, seat)?;
            (action, stats_json(&result))
        } else {
            let legal = self.legal();
            let d = agent.act(&to_json(&obs), seat, &legal)?;
            let action: ActionOf<M> = serde_json::from_value(d.action.clone())
                .map_err(|e| AgentError::Refused(format!("{} sent an unreadable action: {e}", agent.spec())))?;
            (action, d.stats)
        };
        self.module.game().legal_actions(&self.state, &mut self.legal);
        if self.legal.binary_search(&action).is_err() {
            return Err(AgentError::Refused(format!(
                "{} chose the illegal action {action:?}",
                agent.spec()
            )));
        }
        self.commit(action);
        Ok(MoveMade {
            seat,
            action: to_json(&action),
            stats,
        })
    }

    fn observe(&self, seat: Seat) -> Value {
        to_json(&self.game().observation(&self.state, seat))
    }

    fn observe_for(&self, seat: Seat, player: &PlayerSpec) -> Value {
        to_json(&self.module.observe_for(&self.state, seat, player, self.table))
    }

    fn view(&self, seat: Seat) -> Value {
        to_json(&self.module.view(&self.game().observation(&self.state, seat), seat))
    }

    fn render(&self, seat: Seat) -> String {
        self.module.render(&self.game().observation(&self.state, seat), seat)
    }

    fn last_move(&self, seat: Seat) -> Option<String> {
        let (before, &action) = (self.before.as_ref()?, self.actions.last()?);
        Some(match self.game().view_action(before, action, seat) {
            Seen::Action(a) => self.module.action_text(a),
            Seen::Hidden(kind) => self.module.hidden_text(kind),
        })
    }

    fn last_action(&self) -> Option<Value> {
        self.actions.last().map(to_json)
    }

    fn note(&self, seat: Seat) -> Option<String> {
        let before = self.before.as_ref()?;
        let game = self.game();
        self.module.note(
            &game.observation(before, seat),
            &game.observation(&self.state, seat),
            seat,
        )
    }

    fn move_view(&self, seat: Seat) -> Option<Value> {
        let (before, &action) = (self.before.as_ref()?, self.actions.last()?);
        let game = self.game();
        self.module
            .move_view(
                &game.observation(before, seat),
                game.view_action(before, action, seat),
                &game.observation(&self.state, seat),
                seat,
            )
            .map(|v| to_json(&v))
    }

    fn reviews(&self) -> bool {
        M::REVIEWS
    }

    fn review(&self, seat: Seat) -> Result<Value, String> {
        self.module.review(self.seed, &self.actions, seat)
    }

    fn payoffs(&self) -> Option<Vec<f64>> {
        (self.to_act() == Turn::Terminal).then(|| self.game().payoffs(&self.state).as_slice().to_vec())
    }

    fn scoresheet(&self) -> Option<Scoresheet> {
        if self.to_act() == Turn::Terminal {
            self.module.scoresheet(&self.state)
        } else {
            None
        }
    }

    fn plies(&self) -> usize {
        self.actions.len()
    }

    fn plies_this_round(&self) -> usize {
        self.actions.len() - self.round.1
    }

    fn round(&self) -> u32 {
        self.module.round(&self.state)
    }

    fn record(&self) -> Option<Value> {
        self.module.record(self.seed, &self.actions)
    }

    fn check_state(&self) -> Result<(), String> {
        self.module.check_state(&self.state)
    }

    fn swap_unseen(&mut self, observer: Seat) -> bool {
        self.module.swap_unseen(&mut self.state, observer)
    }

    fn face_up(&self) -> Option<Vec<Vec<String>>> {
        self.module.face_up(&self.state)
    }
}
