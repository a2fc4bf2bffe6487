//! A table: a game of any registered game with its seated players (one
//! person at most, computers at the others) and its *truth* — the secret
//! seed and every action, chance outcomes included — from which the game
//! is replayed. The web server keeps tables in its database; the browser's
//! module keeps one in the page for local free play. Both build the same
//! answer for the person's seat ([`Table::answer`]), draw chance from the
//! same streams of the seed and seed each computer the same way, so a game
//! played in the page replays on the server move for move.
//!
//! What leaves a table is built from one seat's observation only: the
//! game's view, the legal actions (each in its JSON form with its text),
//! and the moves as that seat saw them.

use std::sync::Arc;

use serde_json::{Value, json};
use tabula_search::{CancelFlag, Rng, Seat, Turn, cancel_scope};

use crate::driver::{Driver, GameEntry};

mod assist;
mod review;
mod shapes;

use crate::info::TableKind;
pub use crate::matches::LegalMove;
use crate::matches::Match;
use crate::spec::PlayerSpec;
pub use shapes::{ComputerTurn, LoggedMove, NewTable, PersonMove, Saved, SeatRequest, Swap, Truth, parse_seed};

/// The longest action text a person's request may carry (the longest of
/// any game's is a few dozen characters).
pub const MAX_ACTION_LEN: usize = 64;

/// Streams of the secret seed, kept apart so that one never predicts
/// another: chance outcomes, and each computer's move.
const CHANCE_STREAM: u64 = 0xC4A7_CE00;
const AGENT_STREAM: u64 = 0xA6E7_0000;

/// Why a table refused a request, by the kind of refusal (a front end maps
/// each to its own code: HTTP 400, 409, 422, 500).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TableError {
    /// The request is not one the table can take (an unknown player, bad
    /// options, a wrong number of seats).
    #[error("{0}")]
    BadRequest(String),
    /// The request answers another position than the table's (stale), or
    /// comes when the person may not act.
    #[error("{0}")]
    Conflict(String),
    /// The rules refuse the person's action.
    #[error("{0}")]
    Refused(String),
    /// The stored truth no longer replays, or a computer failed.
    #[error("{0}")]
    Broken(String),
}

/// A game's table: the rules under its options, who sits where, the truth.
pub struct Table {
    /// The game under its options.
    pub driver: Arc<dyn Driver>,
    /// Each seat's player; `None` for the person.
    pub players: Vec<Option<PlayerSpec>>,
    /// The truth.
    pub truth: Truth,
}

/// A replayed game: the match and its log.
pub struct Replayed {
    /// The game in progress (it holds the truth: never sent).
    pub game: Box<dyn Match>,
    /// Every move as the observing seat saw it.
    pub log: Vec<LoggedMove>,
}

/// The stored name of a seat's player: `you` or the spec.
pub fn player_name(player: &Option<PlayerSpec>) -> String {
    player.as_ref().map_or_else(|| "you".to_string(), PlayerSpec::to_string)
}

impl Table {
    /// A new table from a request and a seed: options and seats checked.
    /// The front end draws the seed (a secret one, unless the seed only
    /// draws public things, such as a grid the person chose).
    ///
    /// # Errors
    /// [`TableError::BadRequest`] for bad options, a wrong number of
    /// seats, more than one person, an outside engine, or a player the
    /// game does not offer there.
    pub fn create(entry: &dyn GameEntry, request: &NewTable, seed: u64) -> Result<Table, TableError> {
        let bad = |e: &dyn std::fmt::Display| TableError::BadRequest(e.to_string());
        let driver = entry.open(&request.options).map_err(|e| bad(&e))?;
        let n = driver.seats();
        let players: Vec<Option<PlayerSpec>> = match &request.seats {
            None => (0..n)
                .map(|s| (s > 0).then(|| driver.default_player().parse().expect("a game's default player parses")))
                .collect(),
            Some(seats) => {
                if seats.len() != n {
                    return Err(TableError::BadRequest(format!(
                        "{} has {n} seats under these options, not {}",
                        driver.info().name,
                        seats.len()
                    )));
                }
                seats
                    .iter()
                    .map(|seat| match seat {
                        SeatRequest::Named(name) if name == "human" => Ok(None),
                        SeatRequest::Named(_) => {
                            Err(TableError::BadRequest("a seat is \"human\" or {\"ai\": SPEC}".into()))
                        }
                        SeatRequest::Ai { ai } => ai.parse::<PlayerSpec>().map(Some).map_err(|e| bad(&e)),
                    })
                    .collect::<Result<_, _>>()?
            }
        };
        if players.iter().filter(|p| p.is_none()).count() > 1 {
            return Err(TableError::BadRequest(
                "one person per game: the other seats are computers".into(),
            ));
        }
        let table = Table {
            driver,
            players,
            truth: Truth {
                seed,
                ..Truth::default()
            },
        };
        let kind = table.table_kind();
        for spec in table.players.iter().flatten() {
            if matches!(spec, PlayerSpec::Bot { .. }) {
                return Err(TableError::BadRequest("a table runs no outside engine".into()));
            }
            // Build each computer once now, so a bad argument fails here.
            table.driver.agent(spec, 0).map_err(|e| bad(&e))?;
            table.driver.check_seat(spec, kind).map_err(|e| bad(&e))?;
        }
        Ok(table)
    }

    /// A table saved where it was played, replayed honestly (see
    /// [`Table::replay_honest`]); `entry` must be the game `saved` names.
    ///
    /// # Errors
    /// [`TableError::BadRequest`] for a seed that is not a number, a table
    /// [`Table::create`] refuses, or a game that does not replay.
    pub fn restore(entry: &dyn GameEntry, saved: Saved) -> Result<(Table, Replayed), TableError> {
        let seed = parse_seed(&saved.seed).map_err(TableError::BadRequest)?;
        let request = NewTable {
            game: saved.game,
            options: saved.options,
            seats: Some(saved.seats),
        };
        let mut table = Table::create(entry, &request, seed)?;
        table.truth.actions = saved.actions;
        let replayed = table.replay_honest()?;
        Ok((table, replayed))
    }

    /// Every seat as a request names it.
    pub fn seat_requests(&self) -> Vec<SeatRequest> {
        self.players
            .iter()
            .map(|p| match p {
                None => SeatRequest::Named("human".into()),
                Some(spec) => SeatRequest::Ai { ai: spec.to_string() },
            })
            .collect()
    }

    /// A stored table: its game's entry, options, players and truth as
    /// [`Table::players_json`] and [`Table::truth_json`] wrote them.
    ///
    /// # Errors
    /// [`TableError::Broken`] when they no longer describe a game.
    pub fn load(entry: &dyn GameEntry, options: &str, players: &[String], truth: &str) -> Result<Table, TableError> {
        let broken = |e: &dyn std::fmt::Display| TableError::Broken(e.to_string());
        let options: Value = serde_json::from_str(options).map_err(|e| broken(&e))?;
        let driver = entry.open(&options).map_err(|e| broken(&e))?;
        let players = players
            .iter()
            .map(|p| if p == "you" { Ok(None) } else { p.parse().map(Some) })
            .collect::<Result<_, _>>()
            .map_err(|e| broken(&e))?;
        let truth = serde_json::from_str(truth).map_err(|e| broken(&e))?;
        Ok(Table { driver, players, truth })
    }

    /// The person's seat, if a person plays.
    pub fn human(&self) -> Option<Seat> {
        self.players.iter().position(Option::is_none)
    }

    /// The seat whose observation the page shows: the person's, or seat 0
    /// when computers play alone.
    pub fn observer(&self) -> Seat {
        self.human().unwrap_or(0)
    }

    /// One person against one computer is a solo table (where a game may
    /// grant a declared handicap); anything else is not.
    pub fn table_kind(&self) -> TableKind {
        if self.players.len() == 2 && self.human().is_some() {
            TableKind::Solo
        } else {
            TableKind::Online
        }
    }

    /// The truth as stored.
    pub fn truth_json(&self) -> String {
        serde_json::to_string(&self.truth).expect("the truth serialises")
    }

    /// The players as stored.
    pub fn players_json(&self) -> String {
        serde_json::to_string(&self.players.iter().map(player_name).collect::<Vec<_>>()).expect("names serialise")
    }

    /// Replays the truth.
    ///
    /// # Errors
    /// [`TableError::Broken`] when the actions do not replay.
    pub fn replay(&self) -> Result<Replayed, TableError> {
        self.replay_checked(false, self.truth.actions.len())
    }

    /// Replays the truth and checks that every chance outcome is the one
    /// the seed's chance stream draws: a game played elsewhere (the
    /// browser's free play) replays only if its deal and draws are honest
    /// for its seed, and its moves legal.
    ///
    /// # Errors
    /// [`TableError::BadRequest`] naming the first ply that is not.
    pub fn replay_honest(&self) -> Result<Replayed, TableError> {
        self.replay_checked(true, self.truth.actions.len())
    }

    /// Replays the first `plies` actions of the truth (at most all of
    /// them): the game as it was at that step.
    ///
    /// # Errors
    /// [`TableError::Broken`] when the actions do not replay.
    pub fn replay_to(&self, plies: usize) -> Result<Replayed, TableError> {
        self.replay_checked(false, plies)
    }

    /// Replays the first `plies` actions of the truth (at most all of them).
    fn replay_checked(&self, honest: bool, plies: usize) -> Result<Replayed, TableError> {
        let observer = self.observer();
        let mut game = self.driver.start(self.truth.seed, self.table_kind());
        let mut log = Vec::with_capacity(self.truth.actions.len());
        let fail = |ply: usize, what: &str| {
            if honest {
                TableError::BadRequest(format!("the game does not replay at ply {ply}: {what}"))
            } else {
                TableError::Broken(format!("a stored game does not replay at ply {ply}"))
            }
        };
        let actions = &self.truth.actions[..plies.min(self.truth.actions.len())];
        for (ply, action) in actions.iter().enumerate() {
            self.swaps_at(ply, game.as_mut());
            let seat = match game.to_act() {
                Turn::Seat(s) => Some(s),
                Turn::Chance => None,
                Turn::Terminal => return Err(fail(ply, "the game was already over")),
            };
            if honest && seat.is_none() {
                let drawn = game.draw_chance(&mut self.chance_rng(ply)).ok();
                if drawn.as_ref() != Some(action) {
                    return Err(fail(ply, "a chance outcome is not the seed's"));
                }
            }
            // The log names the ply, never the action: it may be a card
            // that nobody saw.
            game.apply(action).map_err(|_| fail(ply, "an action is not legal"))?;
            log.push(logged(game.as_ref(), ply, seat, observer));
        }
        self.swaps_at(actions.len(), game.as_mut());
        Ok(Replayed { game, log })
    }

    fn swaps_at(&self, ply: usize, game: &mut dyn Match) {
        for swap in self.truth.swaps.iter().filter(|s| s.ply == ply) {
            game.swap_unseen(swap.seat);
        }
    }

    /// Whether a computer (or chance) acts now: the game waits for the
    /// table, not for the person.
    pub fn computers_act(&self, game: &dyn Match) -> bool {
        match game.to_act() {
            Turn::Chance => true,
            Turn::Seat(s) => self.players.get(s).is_some_and(Option::is_some),
            Turn::Terminal => false,
        }
    }

    /// The random stream chance draws from at `ply`.
    fn chance_rng(&self, ply: usize) -> Rng {
        Rng::derived(self.truth.seed, CHANCE_STREAM ^ ply as u64)
    }

    /// The seed of the computer at `seat` deciding at `ply`.
    fn agent_seed(&self, ply: usize, seat: Seat) -> u64 {
        Rng::derived(self.truth.seed, AGENT_STREAM ^ ((ply as u64) << 8) ^ seat as u64).next_u64()
    }

    /// Plays chance's step at the game's ply (where chance acts).
    ///
    /// # Errors
    /// [`TableError::Broken`] when chance does not act.
    pub fn play_chance(&self, game: &mut dyn Match) -> Result<Value, TableError> {
        let ply = game.plies();
        game.chance(&mut self.chance_rng(ply))
            .map_err(|e| TableError::Broken(e.to_string()))?;
        Ok(game.last_action().expect("an action was just played"))
    }

    /// The computer's turn where a computer acts: its seat, its player,
    /// its seed and the observation its seat is handed.
    pub fn computer_turn(&self, game: &dyn Match) -> Option<ComputerTurn> {
        let (seat, spec) = self.computer_to_act(game)?;
        Some(ComputerTurn {
            seat,
            player: spec.to_string(),
            seed: self.agent_seed(game.plies(), seat).to_string(),
            observation: game.observe_for(seat, spec),
            table: self.table_kind(),
        })
    }

    /// The computer seat to act in `game` and its player, if one acts.
    fn computer_to_act(&self, game: &dyn Match) -> Option<(Seat, &PlayerSpec)> {
        let Turn::Seat(seat) = game.to_act() else { return None };
        Some((seat, self.players.get(seat)?.as_ref()?))
    }

    /// Plays chance and the computers from the replayed `game` until the
    /// person must act, the game ends, `flag` is set, or (when `one_move`)
    /// one computer has moved; returns the actions played. The deadline
    /// binds: a search the flag cuts short answers its best move so far
    /// (the first legal one, if it ranked none), and that move is played,
    /// so a table always moves on, whatever its computers' budgets (a
    /// search that could never finish in time would otherwise be started
    /// again from nothing by every request).
    ///
    /// # Errors
    /// [`TableError::Broken`] when a computer fails (its players always
    /// find a legal move).
    pub fn advance(&self, game: &mut dyn Match, one_move: bool, flag: &CancelFlag) -> Result<Vec<Value>, TableError> {
        let mut played = Vec::new();
        let mut moved = false;
        while !flag.is_cancelled() {
            let ply = game.plies();
            match game.to_act() {
                Turn::Terminal => break,
                Turn::Chance => played.push(self.play_chance(game)?),
                Turn::Seat(seat) => {
                    let Some(spec) = &self.players[seat] else { break };
                    if one_move && moved {
                        break;
                    }
                    let mut agent = self
                        .driver
                        .agent(spec, self.agent_seed(ply, seat))
                        .map_err(|e| TableError::Broken(e.to_string()))?;
                    cancel_scope(flag, || game.play(agent.as_mut())).map_err(|_| {
                        TableError::Broken(format!("the computer at seat {seat} gave no legal move at ply {ply}"))
                    })?;
                    moved = true;
                    played.push(game.last_action().expect("an action was just played"));
                }
            }
        }
        Ok(played)
    }

    /// Plays a computer's action (chosen outside the table, from the
    /// observation of [`Table::computer_turn`]) on the replayed game.
    ///
    /// # Errors
    /// [`TableError::Conflict`] when no computer acts; [`TableError::Refused`]
    /// when the action is not legal. The game is unchanged then.
    pub fn play_computer(&self, replayed: &mut Replayed, action: &Value) -> Result<Value, TableError> {
        let game = replayed.game.as_mut();
        let Some((seat, _)) = self.computer_to_act(game) else {
            return Err(TableError::Conflict("no computer acts now".into()));
        };
        game.apply(action).map_err(|e| TableError::Refused(e.to_string()))?;
        let ply = replayed.log.len();
        replayed
            .log
            .push(logged(replayed.game.as_ref(), ply, Some(seat), self.observer()));
        Ok(action.clone())
    }

    /// Plays chance's step on the replayed game, logged.
    ///
    /// # Errors
    /// As [`Table::play_chance`].
    pub fn play_chance_logged(&self, replayed: &mut Replayed) -> Result<Value, TableError> {
        let action = self.play_chance(replayed.game.as_mut())?;
        let ply = replayed.log.len();
        replayed
            .log
            .push(logged(replayed.game.as_ref(), ply, None, self.observer()));
        Ok(action)
    }

    /// The answer for the observing seat: the game's view of its
    /// observation, whose turn it is, its legal moves (on the person's
    /// turn, each a [`LegalMove`]: its JSON form and its text), the moves
    /// as it saw them, the result at the end. Nothing here reads the truth but the
    /// result (public once the game is over). `id` and `kind` name the
    /// table where it is kept.
    pub fn answer(&self, replayed: &Replayed, id: &str, kind: &str) -> Value {
        let game = replayed.game.as_ref();
        let observer = self.observer();
        let driver = &self.driver;
        let to_act = match game.to_act() {
            Turn::Seat(s) => Some(s),
            _ => None,
        };
        let yours = self.human().is_some() && to_act == Some(observer);
        let seats: Vec<Value> = self
            .players
            .iter()
            .enumerate()
            .map(|(s, p)| {
                json!({
                    "name": driver.seat_name(s),
                    "player": player_name(p),
                    // The name people read ("Expert"); the spec is `player`.
                    "title": p.as_ref().map(|p| crate::player_title(p, driver.players())),
                    "human": p.is_none(),
                })
            })
            .collect();
        let over = game.to_act() == Turn::Terminal;
        let result = over.then(|| {
            let payoffs = game.payoffs().unwrap_or_default();
            let best = payoffs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let sheet = game.scoresheet();
            json!({
                "payoffs": payoffs,
                "winners": (0..payoffs.len()).filter(|&s| payoffs[s] == best).collect::<Vec<_>>(),
                "scores": sheet.as_ref().map(|s| s.scores.clone()),
                "rounds": sheet.and_then(|s| s.rounds),
            })
        });
        json!({
            "id": id,
            "kind": kind,
            "game": driver.info().name,
            "title": driver.info().title,
            "options": driver.options(),
            "seats": seats,
            "you": self.human(),
            "observer": observer,
            "ply": replayed.log.len(),
            // The hand (round, deal) in progress: 0 for a game without.
            "round": game.round(),
            "to_act": to_act,
            "your_turn": yours,
            "legal": if yours { game.legal_moves() } else { Vec::new() },
            "pending": self.computers_act(game),
            "view": game.view(observer),
            "moves": replayed.log,
            "over": over,
            "result": result,
            "reviewable": over && self.human().is_some() && game.reviews(),
        })
    }

    /// The scores to store at the end: the game's points, or the payoffs.
    pub fn final_scores(&self, game: &dyn Match) -> Option<Vec<f64>> {
        game.scoresheet().map(|s| s.scores).or_else(|| game.payoffs())
    }

    /// Checks the person's move — a text or the index of one of the
    /// answer's legal moves — and plays it on the replayed game; returns
    /// the action in the game's JSON form.
    ///
    /// # Errors
    /// [`TableError::Conflict`] when it is not the person's turn (or the
    /// game is over, or `ply` is not the game's: the request answers an
    /// older position); [`TableError::BadRequest`] for a choice without
    /// the ply of the list it indexes, or past its end;
    /// [`TableError::Refused`] when the rules refuse the text. The error
    /// quotes at most a short prefix of it.
    pub fn play_human(
        &self,
        replayed: &mut Replayed,
        action: PersonMove<'_>,
        ply: Option<u64>,
    ) -> Result<Value, TableError> {
        let now = replayed.log.len();
        if let (PersonMove::Choice(_), None) = (action, ply) {
            return Err(TableError::BadRequest(
                "a choice names a move of the answer at a ply: send that ply".into(),
            ));
        }
        if let Some(ply) = ply {
            if ply != now as u64 {
                return Err(TableError::Conflict(format!(
                    "this action answers ply {ply}, but the game is at ply {now}: reload it"
                )));
            }
        }
        let game = replayed.game.as_mut();
        match game.to_act() {
            Turn::Terminal => return Err(TableError::Conflict("the game is over".into())),
            Turn::Seat(s) if Some(s) == self.human() => {}
            _ => return Err(TableError::Conflict("it is not your turn".into())),
        }
        match action {
            PersonMove::Text(text) => {
                if text.chars().count() > MAX_ACTION_LEN {
                    return Err(TableError::Refused(format!(
                        "an action is at most {MAX_ACTION_LEN} characters"
                    )));
                }
                game.apply_text(text).map_err(TableError::Refused)?;
            }
            PersonMove::Choice(i) => {
                let legal = game.legal();
                // The refusal does not repeat the index: what a request
                // sent is not written back (as the server's body errors).
                let chosen = usize::try_from(i).ok().and_then(|i| legal.get(i)).ok_or_else(|| {
                    TableError::BadRequest(format!("no legal move has that index here (there are {})", legal.len()))
                })?;
                game.apply(chosen).map_err(|e| TableError::Broken(e.to_string()))?;
            }
        }
        let seat = self.observer();
        replayed.log.push(logged(game, now, Some(seat), seat));
        Ok(game.last_action().expect("an action was just played"))
    }
}

fn logged(game: &dyn Match, ply: usize, seat: Option<Seat>, observer: Seat) -> LoggedMove {
    LoggedMove {
        ply,
        seat,
        text: game.last_move(observer).unwrap_or_default(),
        note: game.note(observer),
        detail: game.move_view(observer),
    }
}
