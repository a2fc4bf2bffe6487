//! The erased interface every front end uses: a [`GameEntry`] per
//! registered game (what it is, its options and players), opened with
//! options into a [`Driver`] (the configured game, speaking JSON), which
//! starts [`Match`]es.
//!
//! A blanket implementation ([`Registered`]) turns any [`GameModule`] into
//! an entry; nothing here knows any game.

use std::marker::PhantomData;
use std::sync::Arc;

use serde_json::{Map, Value};
use tabula_search::{Determinize, Game, Player, Rng, Seat, TunableTable, Turn};

use crate::agent::{LocalAgent, SeatAgent, to_json};
use crate::capability::Capabilities;
use crate::error::{ContractError, parse};
use crate::info::{GameInfo, OptionDoc, Played, PlayerInfo, TableKind};
use crate::matches::{Match, ModuleMatch};
use crate::module::{ActionOf, GameModule, ObservationOf};
use crate::options;
use crate::spec::{PlayerSpec, SpecError};

/// The seed of the world an observation from outside is checked against.
const ROUND_TRIP_SEED: u64 = 0x0B5E_4FED;

/// A registered game, before its options are chosen.
pub trait GameEntry: Sync {
    /// Name, title, seats.
    fn info(&self) -> &'static GameInfo;
    /// The players it offers.
    fn players(&self) -> &'static [PlayerInfo];
    /// The player used when none is named.
    fn default_player(&self) -> &'static str;
    /// Its rules for players ([`GameModule::RULES`]).
    fn rules(&self) -> &'static str;
    /// Its rules options, with their meanings.
    fn option_docs(&self) -> &'static [OptionDoc];
    /// The options' defaults, as a JSON object.
    fn default_options(&self) -> Map<String, Value>;
    /// The tunables of its computer.
    fn tunables(&self) -> &'static [TunableTable];
    /// The game under options (`null` for the defaults).
    ///
    /// # Errors
    /// Unknown options, wrong types, values out of range.
    fn open(&self, options: &Value) -> Result<Arc<dyn Driver>, ContractError>;
    /// The bytes of a data key (see [`GameModule::data_serve`]).
    fn data_serve(&self, key: &str) -> Option<Vec<u8>>;
    /// Installs fetched data (see [`GameModule::data_provide`]).
    ///
    /// # Errors
    /// A key that names nothing, or bytes that fail their check.
    fn data_provide(&self, key: &str, bytes: Option<&[u8]>) -> Result<(), String>;
    /// The data keys looked up and missing since the last call (see
    /// [`GameModule::data_missing`]).
    fn data_missing(&self) -> Vec<String>;
    /// What the game offers beyond play ([`GameModule::CAPABILITIES`]).
    fn capabilities(&self) -> Capabilities;
}

/// A game under its options, speaking JSON: observations, actions and
/// views in the game's JSON forms, agents from specs, matches from seeds.
pub trait Driver: Send + Sync {
    /// Name, title, seats.
    fn info(&self) -> &'static GameInfo;
    /// The players it offers.
    fn players(&self) -> &'static [PlayerInfo];
    /// The player used when none is named.
    fn default_player(&self) -> &'static str;
    /// The options it runs under, every field written out.
    fn options(&self) -> Value;
    /// The number of seats.
    fn seats(&self) -> usize;
    /// The team of each seat (its own seat number when nobody has a
    /// partner).
    fn teams(&self) -> Vec<usize>;
    /// A seat's name.
    fn seat_name(&self, seat: Seat) -> String;
    /// The longest game (or round, for games of rounds) allowed, in plies.
    fn max_plies(&self) -> usize;
    /// The first UTC day (days since 1970-01-01) a game under these
    /// options may be served ([`GameModule::first_day`]).
    fn first_day(&self) -> Option<i64>;
    /// A new game: `seed` fixes what the rules draw before play; the table
    /// decides what a seat's player may be handed.
    fn start(&self, seed: u64, table: TableKind) -> Box<dyn Match>;
    /// A player of this process for a spec the game offers.
    ///
    /// # Errors
    /// A spec the game does not offer, or a bad argument.
    fn agent(&self, spec: &PlayerSpec, seed: u64) -> Result<Box<dyn SeatAgent>, ContractError> {
        self.agent_at(spec, seed, TableKind::Online)
    }
    /// [`agent`](Driver::agent) seated at a table of kind `table`: it
    /// accepts what the game hands its player there
    /// ([`GameModule::observe_for`]), as a front end that holds the table
    /// passes it on.
    ///
    /// # Errors
    /// As [`agent`](Driver::agent).
    fn agent_at(&self, spec: &PlayerSpec, seed: u64, table: TableKind) -> Result<Box<dyn SeatAgent>, ContractError>;
    /// The no-search policy a front end falls back on when `spec`'s search
    /// cannot answer in time (see [`GameModule::policy`]); `None` where
    /// the game has none.
    ///
    /// # Errors
    /// A spec the game does not offer.
    fn policy_agent(&self, spec: &PlayerSpec, seed: u64) -> Result<Option<Box<dyn SeatAgent>>, ContractError> {
        self.policy_agent_at(spec, seed, TableKind::Online)
    }
    /// [`policy_agent`](Driver::policy_agent) seated at a table of kind
    /// `table`, as [`agent_at`](Driver::agent_at).
    ///
    /// # Errors
    /// As [`policy_agent`](Driver::policy_agent).
    fn policy_agent_at(
        &self,
        spec: &PlayerSpec,
        seed: u64,
        table: TableKind,
    ) -> Result<Option<Box<dyn SeatAgent>>, ContractError>;
    /// The legal actions of `seat` from what `player` receives at a table
    /// of kind `table` ([`GameModule::observe_for`]: the handicap the game
    /// grants there is accepted), checked as
    /// [`check_request`](Driver::check_request) checks a request from
    /// outside; `seat` must act. What a front end that holds the table
    /// (the browser's worker) checks a computer's turn with.
    ///
    /// # Errors
    /// An observation no position gives that player, or `seat` not to act.
    fn legal_for(
        &self,
        observation: &Value,
        seat: Seat,
        player: &PlayerSpec,
        table: TableKind,
    ) -> Result<Vec<Value>, ContractError>;
    /// Checks a request from outside: the observation is the game's,
    /// possible for `seat` under these rules, `seat` acts, and `legal` is
    /// exactly its legal actions.
    ///
    /// # Errors
    /// The first of these that fails.
    fn check_request(&self, observation: &Value, seat: Seat, legal: &[Value]) -> Result<(), ContractError>;
    /// Whether the game seats `spec` at a table of kind `table`.
    ///
    /// # Errors
    /// [`ContractError::NotAtThisTable`] with the reason.
    fn check_seat(&self, spec: &PlayerSpec, table: TableKind) -> Result<(), ContractError>;
    /// The legal actions of `seat` from its observation.
    ///
    /// # Errors
    /// An observation that is not the game's, or not possible.
    fn legal_from_observation(&self, observation: &Value, seat: Seat) -> Result<Vec<Value>, ContractError>;
    /// The seat's view for pages, from its observation.
    ///
    /// # Errors
    /// As [`legal_from_observation`](Driver::legal_from_observation).
    fn view(&self, observation: &Value, seat: Seat) -> Result<Value, ContractError>;
    /// A world that `seat`'s observation describes, drawn by the game's
    /// determinizer from `seed`, as a match that goes on from there: how
    /// the conformance fuzzer checks that an observation it got accepted
    /// belongs to a game the rules can play on. The match holds the drawn
    /// truth; front ends that show a game never build one.
    ///
    /// # Errors
    /// As [`legal_from_observation`](Driver::legal_from_observation).
    fn world(&self, observation: &Value, seat: Seat, seed: u64) -> Result<Box<dyn Match>, ContractError>;
    /// An action as a person reads it.
    ///
    /// # Errors
    /// JSON that is not an action of the game.
    fn action_text(&self, action: &Value) -> Result<String, ContractError>;
    /// The game's own fields in the arena's report.
    fn arena_fields(&self, games: &[Played]) -> Map<String, Value>;
    /// What the game offers beyond play ([`GameModule::CAPABILITIES`]).
    fn capabilities(&self) -> Capabilities;
}

impl std::fmt::Debug for dyn GameEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "GameEntry({})", self.info().name)
    }
}

impl std::fmt::Debug for dyn Driver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Driver({}, {})", self.info().name, self.options())
    }
}

/// The entry of a module: `Registered::<MyGame>::ENTRY` in a registry.
pub struct Registered<M>(PhantomData<fn() -> M>);

impl<M: GameModule> Registered<M> {
    /// The module's entry.
    pub const ENTRY: Registered<M> = Registered(PhantomData);
}

impl<M: GameModule> GameEntry for Registered<M> {
    fn info(&self) -> &'static GameInfo {
        &M::INFO
    }
    fn players(&self) -> &'static [PlayerInfo] {
        M::PLAYERS
    }
    fn default_player(&self) -> &'static str {
        M::DEFAULT_PLAYER
    }
    fn rules(&self) -> &'static str {
        M::RULES
    }
    fn option_docs(&self) -> &'static [OptionDoc] {
        M::OPTIONS
    }
    fn default_options(&self) -> Map<String, Value> {
        options::defaults::<M>()
    }
    fn tunables(&self) -> &'static [TunableTable] {
        M::TUNABLES
    }
    fn open(&self, options: &Value) -> Result<Arc<dyn Driver>, ContractError> {
        Ok(Arc::new(ModuleDriver {
            module: Arc::new(options::parse::<M>(options)?),
        }))
    }
    fn data_serve(&self, key: &str) -> Option<Vec<u8>> {
        M::data_serve(key)
    }
    fn data_provide(&self, key: &str, bytes: Option<&[u8]>) -> Result<(), String> {
        M::data_provide(key, bytes)
    }
    fn data_missing(&self) -> Vec<String> {
        M::data_missing()
    }
    fn capabilities(&self) -> Capabilities {
        M::CAPABILITIES
    }
}

/// A module behind [`Driver`].
pub struct ModuleDriver<M> {
    module: Arc<M>,
}

impl<M: GameModule> ModuleDriver<M> {
    /// A driver for a module already built.
    pub fn new(module: M) -> Self {
        ModuleDriver {
            module: Arc::new(module),
        }
    }

    fn seat_ok(&self, seat: Seat) -> Result<(), ContractError> {
        let seats = self.module.game().num_seats();
        if seat < seats {
            Ok(())
        } else {
            Err(ContractError::NoSuchSeat {
                game: M::INFO.name,
                last: seats - 1,
                seat,
            })
        }
    }

    /// A checked observation of `seat`: the game's own check, then the
    /// contract's: a world drawn from it must show `seat` exactly this
    /// observation again and keep the game's state invariants, or no
    /// position of the game gives it (a field the game's check did not
    /// relate to the others).
    fn observation(&self, value: &Value, seat: Seat) -> Result<ObservationOf<M>, ContractError> {
        self.observation_of(value, seat, None)
    }

    /// [`observation`](Self::observation) as `reader`'s player receives it
    /// at its kind of table ([`GameModule::observe_for`]), with the
    /// handicap the game grants there; `None`: from outside, none.
    fn observation_of(
        &self,
        value: &Value,
        seat: Seat,
        reader: Option<(&PlayerSpec, TableKind)>,
    ) -> Result<ObservationOf<M>, ContractError> {
        self.seat_ok(seat)?;
        let obs: ObservationOf<M> = parse(value, "observation")?;
        match reader {
            Some((player, table)) => self.module.check_observation_for(&obs, seat, player, table),
            None => self.module.check_observation(&obs, seat),
        }
        .map_err(ContractError::Observation)?;
        let game = self.module.game();
        let world = game.determinize(&obs, seat, &mut Rng::new(ROUND_TRIP_SEED));
        let again = match reader {
            Some((player, table)) => self.module.observe_for(&world, seat, player, table),
            None => game.observation(&world, seat),
        };
        if to_json(&again) != to_json(&obs) {
            return Err(ContractError::Observation(
                "no position of the game shows a seat exactly this".into(),
            ));
        }
        self.module
            .check_state(&world)
            .map_err(|e| ContractError::Observation(format!("no position of the game shows a seat this: {e}")))?;
        Ok(obs)
    }

    fn legal(&self, obs: &ObservationOf<M>, seat: Seat) -> Vec<ActionOf<M>> {
        let mut legal = Vec::new();
        self.module.game().legal_from_observation(obs, seat, &mut legal);
        legal
    }

    /// The legal actions of `seat`, which must be the one to act.
    fn acting(&self, obs: &ObservationOf<M>, seat: Seat) -> Result<Vec<ActionOf<M>>, ContractError> {
        match self.module.turn(obs) {
            Turn::Seat(s) if s == seat => {}
            Turn::Seat(_) => return Err(ContractError::NotYourTurn(seat)),
            Turn::Chance => return Err(ContractError::ChanceActs),
            Turn::Terminal => return Err(ContractError::GameOver),
        }
        let legal = self.legal(obs, seat);
        if legal.is_empty() {
            return Err(ContractError::NoLegalAction(seat));
        }
        Ok(legal)
    }

    /// Refuses a player the game does not offer, naming those it does
    /// (and `more` forms the caller takes besides).
    fn check_offered(&self, spec: &PlayerSpec, more: &str) -> Result<(), ContractError> {
        if offered(spec, M::PLAYERS) {
            return Ok(());
        }
        let forms: Vec<&str> = M::PLAYERS.iter().map(|p| p.form).collect();
        Err(SpecError::Unsupported {
            game: M::INFO.name,
            spec: spec.to_string(),
            offers: format!("{}{more}", forms.join(", ")),
        }
        .into())
    }

    /// A module's player seated as `spec`.
    fn seat_agent(
        &self,
        player: Box<dyn Player<M::Game> + Send>,
        spec: &PlayerSpec,
        table: TableKind,
    ) -> Box<dyn SeatAgent> {
        Box::new(LocalAgent::new(self.module.clone(), player, spec.clone(), table))
    }
}

/// Whether `spec` names a player `players` offers.
pub(crate) fn offered(spec: &PlayerSpec, players: &[PlayerInfo]) -> bool {
    players.iter().any(|p| p.name == spec.name())
}

impl<M: GameModule> Driver for ModuleDriver<M> {
    fn info(&self) -> &'static GameInfo {
        &M::INFO
    }
    fn players(&self) -> &'static [PlayerInfo] {
        M::PLAYERS
    }
    fn default_player(&self) -> &'static str {
        M::DEFAULT_PLAYER
    }
    fn options(&self) -> Value {
        to_json(&self.module.options())
    }
    fn seats(&self) -> usize {
        self.module.game().num_seats()
    }
    fn teams(&self) -> Vec<usize> {
        self.module.teams().unwrap_or_else(|| (0..self.seats()).collect())
    }
    fn seat_name(&self, seat: Seat) -> String {
        self.module.seat_name(seat)
    }
    fn max_plies(&self) -> usize {
        M::MAX_PLIES
    }

    fn first_day(&self) -> Option<i64> {
        self.module.first_day()
    }

    fn start(&self, seed: u64, table: TableKind) -> Box<dyn Match> {
        Box::new(ModuleMatch::new(self.module.clone(), seed, table))
    }

    fn agent_at(&self, spec: &PlayerSpec, seed: u64, table: TableKind) -> Result<Box<dyn SeatAgent>, ContractError> {
        self.check_offered(spec, ", bot:CMD")?;
        let player = self.module.agent(spec, seed)?;
        Ok(self.seat_agent(player, spec, table))
    }

    fn policy_agent_at(
        &self,
        spec: &PlayerSpec,
        seed: u64,
        table: TableKind,
    ) -> Result<Option<Box<dyn SeatAgent>>, ContractError> {
        self.check_offered(spec, "")?;
        Ok(self
            .module
            .policy(spec, seed)
            .map(|player| self.seat_agent(player, spec, table)))
    }

    fn legal_for(
        &self,
        observation: &Value,
        seat: Seat,
        player: &PlayerSpec,
        table: TableKind,
    ) -> Result<Vec<Value>, ContractError> {
        let obs = self.observation_of(observation, seat, Some((player, table)))?;
        Ok(self.acting(&obs, seat)?.iter().map(to_json).collect())
    }

    fn check_seat(&self, spec: &PlayerSpec, table: TableKind) -> Result<(), ContractError> {
        self.module
            .seat_allowed(spec, table)
            .map_err(|problem| ContractError::NotAtThisTable {
                spec: spec.to_string(),
                problem,
            })
    }

    fn check_request(&self, observation: &Value, seat: Seat, legal: &[Value]) -> Result<(), ContractError> {
        let obs = self.observation(observation, seat)?;
        let expected = self.acting(&obs, seat)?;
        let mut given = legal
            .iter()
            .map(|a| parse::<ActionOf<M>>(a, "legal action"))
            .collect::<Result<Vec<_>, _>>()?;
        given.sort_unstable();
        if given != expected {
            let list: Vec<Value> = expected.iter().map(to_json).collect();
            return Err(ContractError::LegalMismatch(Value::Array(list).to_string()));
        }
        Ok(())
    }

    fn legal_from_observation(&self, observation: &Value, seat: Seat) -> Result<Vec<Value>, ContractError> {
        let obs = self.observation(observation, seat)?;
        Ok(self.legal(&obs, seat).iter().map(to_json).collect())
    }

    fn view(&self, observation: &Value, seat: Seat) -> Result<Value, ContractError> {
        let obs = self.observation(observation, seat)?;
        Ok(to_json(&self.module.view(&obs, seat)))
    }

    fn world(&self, observation: &Value, seat: Seat, seed: u64) -> Result<Box<dyn Match>, ContractError> {
        let obs = self.observation(observation, seat)?;
        let state = self.module.game().determinize(&obs, seat, &mut Rng::new(seed));
        Ok(Box::new(ModuleMatch::from_state(
            self.module.clone(),
            seed,
            TableKind::Online,
            state,
        )))
    }

    fn action_text(&self, action: &Value) -> Result<String, ContractError> {
        let a: ActionOf<M> = parse(action, "action")?;
        Ok(self.module.action_text(a))
    }

    fn arena_fields(&self, games: &[Played]) -> Map<String, Value> {
        self.module.arena_fields(games)
    }

    fn capabilities(&self) -> Capabilities {
        M::CAPABILITIES
    }
}
