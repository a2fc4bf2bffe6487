//! The one trait a game implements: [`GameModule`].

use std::fmt::Debug;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use tabula_search::{Determinize, Game, Hidden, Player, Seat, Seen, TunableTable, Turn};

use crate::capability::Capabilities;
use crate::info::{GameInfo, OptionDoc, Played, PlayerInfo, Scoresheet, TableKind};
use crate::spec::{PlayerSpec, SpecError};

/// The search model of a module (its rules with their options).
pub type Rules<M> = <M as GameModule>::Game;
/// A full state of a module's game (the truth, hidden parts included).
pub type StateOf<M> = <Rules<M> as Game>::State;
/// An action of a module's game (a seat's or a chance outcome).
pub type ActionOf<M> = <Rules<M> as Game>::Action;
/// What one seat of a module's game observes.
pub type ObservationOf<M> = <Rules<M> as Game>::Observation;

/// A game as every front end sees it, implemented once in the game's own
/// crate. A blanket implementation erases it into a [`crate::Driver`] that
/// speaks JSON, and a registry line lists it: the command line, the bot
/// protocol, the arena, the web app and the browser module need nothing
/// else.
///
/// The implementing type is the game *configured by its options*: built
/// by [`new`](GameModule::new) from a validated [`Options`](GameModule::Options).
///
/// Hidden information stays hidden by construction: everything a seat's
/// player, page or text receives is built from that seat's observation
/// ([`view`](GameModule::view), [`render`](GameModule::render),
/// [`note`](GameModule::note), the player's input), never from the state.
pub trait GameModule: Sized + Send + Sync + 'static {
    /// The rules the searches use.
    type Game: Determinize<
            State: Clone + Debug + Send + Sync,
            Action: Serialize + DeserializeOwned + Send + Sync,
            Observation: Serialize + DeserializeOwned + Send + Sync,
        > + Send
        + Sync;
    /// Every rules option, with its default (`Default`), read from JSON by
    /// the command line's flags, the bot protocol's `hello`, the web app's
    /// new-game form and the browser module alike. Unknown fields are an
    /// error, reported before the type sees them.
    type Options: Serialize + DeserializeOwned + Default + Clone + Debug + Send + Sync;
    /// What a page draws for a seat ([`view`](GameModule::view)): the
    /// game's own serde structs (by convention in its `view` module), each
    /// field documented there and listed in docs/web-api.md. The driver
    /// erases it into JSON: its fields are the object's keys, and a field
    /// without a value is an `Option` written as `null`.
    type View: Serialize;

    /// Name, title, seats.
    const INFO: GameInfo;
    /// Each field of [`Options`](GameModule::Options) with its meaning
    /// (checked against the type by the shared conformance tests).
    const OPTIONS: &'static [OptionDoc];
    /// The players the game offers: the one source of every list, help
    /// text and check of a player spec.
    const PLAYERS: &'static [PlayerInfo];
    /// The player used when none is named: the game's strongest that
    /// answers in about a second.
    const DEFAULT_PLAYER: &'static str;
    /// The rules for players, in plain words (CommonMark: headings,
    /// paragraphs, lists, bold), beginning `# {title}`: the web app's
    /// rules page. Each registered game writes its own (the registry's
    /// tests require it); a game's crate keeps it in a file of its own, as
    /// `crates/games/nim/RULES.md`.
    const RULES: &'static str = "";
    /// The tunables of the game's own computer (the searches' tables are
    /// the library's).
    const TUNABLES: &'static [TunableTable] = &[];
    /// A game (or a round, see [`round`](GameModule::round)) longer than
    /// this many plies is stopped (a draw in the arena): the guard against
    /// rules that let players stall.
    const MAX_PLIES: usize = 100_000;
    /// Whether [`review`](GameModule::review) reviews a finished game.
    const REVIEWS: bool = false;
    /// What the game offers beyond play (a daily puzzle, exact solving,
    /// endgame tables, teaching figures, its bench searches…), each part
    /// a trait of [`crate::capability`] implemented in the game's crate.
    /// The default: nothing beyond play.
    const CAPABILITIES: Capabilities = Capabilities::NONE;
    /// The seats' names, in seat order, where the game names its seats
    /// (none: "seat 1", "seat 2"…).
    const SEAT_NAMES: &'static [&'static str] = &[];

    /// The game under validated options.
    ///
    /// # Errors
    /// A message saying which option is out of range, and why.
    fn new(options: Self::Options) -> Result<Self, String>;

    /// The options it was built from.
    fn options(&self) -> Self::Options;

    /// The rules the searches use.
    fn game(&self) -> &Self::Game;

    /// The state before the first action; `seed` fixes whatever the rules
    /// draw before play (a grid, a deal). Chance steps after it are the
    /// controller's.
    fn start(&self, seed: u64) -> StateOf<Self>;

    /// The player of a spec the game offers (its name is one of
    /// [`PLAYERS`](GameModule::PLAYERS): the driver checks it first).
    ///
    /// # Errors
    /// When the spec's argument is not one the player takes.
    fn agent(&self, spec: &PlayerSpec, seed: u64) -> Result<Box<dyn Player<Self::Game> + Send>, SpecError>;

    /// The no-search policy of `spec`, a player the game offers: what a
    /// front end plays for it when its search cannot answer in time (the
    /// browser's deadline, the first step of its fallback chain). The same
    /// level's own policy, answering in microseconds, and never reading the
    /// search budget's clock or flag; `None` (the default) where the game
    /// has none, and the front end then plays the first legal action.
    fn policy(&self, spec: &PlayerSpec, seed: u64) -> Option<Box<dyn Player<Self::Game> + Send>> {
        let _ = (spec, seed);
        None
    }

    /// Data the game reads beside its rules, which a browser fetches from
    /// the server by key (Abalone's endgame tables, chunk by chunk): the
    /// bytes of `key` from what this process has installed; `None` for a
    /// key that names nothing here. The default: no data.
    fn data_serve(key: &str) -> Option<Vec<u8>> {
        let _ = key;
        None
    }

    /// Installs data fetched for `key` (`None`: the server had none), each
    /// piece checked. Views, computers and starts read data; the rules
    /// never do, so a look-up of data not here yet only answers less (no
    /// verdict, a search instead of the table's move) and is noted for
    /// [`data_missing`](GameModule::data_missing).
    ///
    /// # Errors
    /// A key that names nothing, or bytes that fail their check.
    fn data_provide(key: &str, bytes: Option<&[u8]>) -> Result<(), String> {
        let _ = bytes;
        Err(format!("{} reads no data ({key:?})", Self::INFO.name))
    }

    /// The keys looked up and not installed since the last call: what a
    /// browser fetches (and provides) before asking again.
    fn data_missing() -> Vec<String> {
        Vec::new()
    }

    /// Who acts, as the observation shows it (every seat sees who acts).
    fn turn(&self, observation: &ObservationOf<Self>) -> Turn;

    /// Checks an observation received from outside (the bot protocol, the
    /// browser) against the game's own rules, before any search sees it:
    /// it must describe a situation the rules allow for `seat`, so that
    /// sampling a world from it cannot fail. Observations the game builds
    /// itself always pass.
    ///
    /// # Errors
    /// What is impossible about it.
    fn check_observation(&self, observation: &ObservationOf<Self>, seat: Seat) -> Result<(), String>;

    /// Checks what `player` receives at a table of kind `table`, passed on
    /// by a front end that holds that table (the browser's worker): the
    /// observation with the handicap [`observe_for`](GameModule::observe_for)
    /// grants there, if any. The default grants none:
    /// [`check_observation`](GameModule::check_observation).
    ///
    /// # Errors
    /// As [`check_observation`](GameModule::check_observation).
    fn check_observation_for(
        &self,
        observation: &ObservationOf<Self>,
        seat: Seat,
        player: &PlayerSpec,
        table: TableKind,
    ) -> Result<(), String> {
        let _ = (player, table);
        self.check_observation(observation, seat)
    }

    /// Checks the invariants every reachable state keeps (the card ledger:
    /// each card in one zone, hands of the sizes the play leaves). The
    /// driver checks a world drawn from an observation from outside with
    /// it, and the conformance fuzzer checks it on every state of its
    /// games and on every world it plays on. The default: no invariant
    /// beyond the observation's check.
    ///
    /// # Errors
    /// The first invariant broken, in words.
    fn check_state(&self, state: &StateOf<Self>) -> Result<(), String> {
        let _ = state;
        Ok(())
    }

    /// The first UTC day (days since 1970-01-01) on which a game under
    /// these options may be served, for a game that publishes content by
    /// date (the daily grid): a server serves no such game before its
    /// day. The default: no such day.
    fn first_day(&self) -> Option<i64> {
        None
    }

    /// The seat's view, for pages: what to draw, built from the
    /// observation alone.
    fn view(&self, observation: &ObservationOf<Self>, seat: Seat) -> Self::View;

    /// A text picture of the seat's observation, for the terminal.
    fn render(&self, observation: &ObservationOf<Self>, seat: Seat) -> String;

    /// An action as a person reads and types it.
    fn action_text(&self, action: ActionOf<Self>) -> String;

    /// An action another seat took, as a seat that sees only its kind
    /// reads it (see [`tabula_search::Seen`]).
    fn hidden_text(&self, kind: Hidden) -> String {
        match kind {
            Hidden::Deal => "a card dealt",
            Hidden::Pass => "cards face down",
            Hidden::Discard => "a face-down discard",
            Hidden::Draw => "a card drawn",
        }
        .to_string()
    }

    /// Reads an action typed by the person at `seat`. The default accepts
    /// the [`action_text`](GameModule::action_text) of a legal action,
    /// case and surrounding space ignored.
    ///
    /// # Errors
    /// What is wrong with the text, in words for a person.
    fn parse_action(
        &self,
        observation: &ObservationOf<Self>,
        seat: Seat,
        text: &str,
    ) -> Result<ActionOf<Self>, String> {
        let mut legal = Vec::new();
        self.game().legal_from_observation(observation, seat, &mut legal);
        let wanted = text.trim().to_lowercase();
        legal
            .into_iter()
            .find(|&a| self.action_text(a).to_lowercase() == wanted)
            .ok_or_else(|| format!("'{}' is not a legal move here", text.trim()))
    }

    /// A seat's name ("X", "Black", "seat 2"): by default its name in
    /// [`SEAT_NAMES`](GameModule::SEAT_NAMES), else "seat" and its number
    /// from 1.
    fn seat_name(&self, seat: Seat) -> String {
        Self::SEAT_NAMES
            .get(seat)
            .map_or_else(|| format!("seat {}", seat + 1), |name| (*name).to_string())
    }

    /// The team of each seat (partners share a number); `None` when every
    /// seat plays for itself.
    fn teams(&self) -> Option<Vec<usize>> {
        None
    }

    /// What `seat`'s player receives when `player` sits there at a table
    /// of kind `table`: its observation, unless the game grants a declared
    /// handicap (the default never does).
    fn observe_for(
        &self,
        state: &StateOf<Self>,
        seat: Seat,
        player: &PlayerSpec,
        table: TableKind,
    ) -> ObservationOf<Self> {
        let _ = (player, table);
        self.game().observation(state, seat)
    }

    /// Whether `player` may sit at a table of kind `table` (a player
    /// whose declared handicap only a solo table grants is refused
    /// elsewhere rather than seated without it).
    ///
    /// # Errors
    /// Why not, in words for a person.
    fn seat_allowed(&self, player: &PlayerSpec, table: TableKind) -> Result<(), String> {
        let _ = (player, table);
        Ok(())
    }
    /// Something worth telling `seat` after a move (a pass, an ejection, a
    /// round's scores), from its observations before and after it.
    fn note(&self, before: &ObservationOf<Self>, after: &ObservationOf<Self>, seat: Seat) -> Option<String> {
        let _ = (before, after, seat);
        None
    }

    /// A renderer's facts about a move, as `seat` saw it (`action`: the
    /// move as that seat sees it), from its observations before and after
    /// it (Jamais en diagonale: the cell, its value, the reach the mover
    /// had; a trick game: the trick the move finished, which the table
    /// after it has already collected), for pages that show moves one by
    /// one. Built from what the seat sees only, like the view, and typed
    /// like it (the game's own serde struct; the default has none).
    fn move_view(
        &self,
        before: &ObservationOf<Self>,
        action: Seen<ActionOf<Self>>,
        after: &ObservationOf<Self>,
        seat: Seat,
    ) -> Option<impl Serialize> {
        let _ = (before, action, after, seat);
        None::<()>
    }

    /// A review of `seat`'s moves in a finished game played from
    /// `start(seed)` with these actions: a deeper search's choice beside
    /// each move played, for games that offer one ([`GameModule::REVIEWS`]).
    /// It may take seconds: front ends run it off their request threads.
    ///
    /// # Errors
    /// Why the game cannot be reviewed, in words for a person.
    fn review(&self, seed: u64, actions: &[ActionOf<Self>], seat: Seat) -> Result<Value, String> {
        let _ = (seed, actions, seat);
        Err(format!("{} has no review", Self::INFO.title))
    }

    /// The round in progress (0 for games without rounds): the ply limit
    /// ([`MAX_PLIES`](GameModule::MAX_PLIES)) counts within a round, so a
    /// long game of many short rounds is not mistaken for a stall.
    fn round(&self, state: &StateOf<Self>) -> u32 {
        let _ = state;
        0
    }

    /// A verification hook: exchanges two parts of the truth that
    /// `observer` cannot see (two face-down cards of different values),
    /// so that every observation of `observer` stays the same while the
    /// truth changes. Front ends' tests use it to prove that nothing they
    /// send depends on what the seat cannot see. Returns whether anything
    /// was exchanged (the default: games without hidden cards exchange
    /// nothing).
    fn swap_unseen(&self, state: &mut StateOf<Self>, observer: Seat) -> bool {
        let _ = (state, observer);
        false
    }

    /// Every seat's cards that some seat cannot see, named as the game's
    /// views name them, in seat order (each hand as the seat would sort
    /// it; a face-down card of a grid in its place): what the review of a
    /// *finished* game shows face up at each of its steps. It reads the
    /// truth, so a front end calls it only once the game is over. `None`
    /// for a game where nothing is hidden (the default).
    fn face_up(&self, state: &StateOf<Self>) -> Option<Vec<Vec<String>>> {
        let _ = state;
        None
    }

    /// The game's own points at the end, for games that keep them.
    fn scoresheet(&self, state: &StateOf<Self>) -> Option<Scoresheet> {
        let _ = state;
        None
    }

    /// The game's record of a game played from `start(seed)` with these
    /// actions (chance outcomes included, in order), for games that keep
    /// records.
    fn record(&self, seed: u64, actions: &[ActionOf<Self>]) -> Option<Value> {
        let _ = (seed, actions);
        None
    }

    /// Fields the game adds to (or sets in) the arena's report, computed
    /// from every game of the tournament.
    fn arena_fields(&self, games: &[Played]) -> Map<String, Value> {
        let _ = games;
        Map::new()
    }
}
