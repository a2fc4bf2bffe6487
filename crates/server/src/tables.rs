//! Games of every registered game, over the game contract's [`Driver`]:
//! one code path for any number of seats, perfect or hidden information.
//!
//! The server keeps each game's *truth* — the secret seed and every action,
//! chance outcomes included — in the database and replays it on each
//! request. What leaves is built from one seat's observation only: the
//! game's view, the legal actions as text, and the moves as that seat saw
//! them. The server draws chance outcomes itself, from the secret seed, and
//! runs each computer seat under the request's deadline with a cancel flag
//! that really stops its search.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tabula_contract::{Driver, GameEntry, Match, PlayerSpec, TableKind};
use tabula_search::{CancelFlag, Rng, Seat, Turn, cancel_scope};

use crate::error::{ApiError, ApiResult};

/// The longest action text a request may carry (the longest of any game's
/// is a few dozen characters).
pub const MAX_ACTION_LEN: usize = 64;

/// Streams of the secret seed, kept apart so that one never predicts
/// another: chance outcomes, and each computer's move.
const CHANCE_STREAM: u64 = 0xC4A7_CE00;
const AGENT_STREAM: u64 = 0xA6E7_0000;

/// A seat as a request names it: `"human"` or `{"ai": "level:3"}`.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum SeatRequest {
    /// `"human"`: the person at the browser.
    Named(String),
    /// A computer with its player spec.
    Ai {
        /// The spec (`level:3`, `alphabeta:4`, `ismcts:500`).
        ai: String,
    },
}

/// `POST /api/games` for a registered game.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewTable {
    /// The registered name (`skyjo`, `abalone`).
    pub game: String,
    /// Rules options; missing ones take the game's defaults.
    #[serde(default)]
    pub options: Value,
    /// Every seat; by default the person at seat 0 and the game's default
    /// computer at the others.
    pub seats: Option<Vec<SeatRequest>>,
}

/// A change of the truth at a ply that no seat may notice (the
/// hidden-information tests' hook, [`Match::swap_unseen`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Swap {
    /// Before the action of this index.
    pub ply: usize,
    /// The seat that must not notice.
    pub seat: Seat,
}

/// What the server keeps secret: the seed and every action.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Truth {
    /// The seed of the deal (or grid) and of chance.
    pub seed: u64,
    /// Every action, chance outcomes included, in the game's JSON form.
    pub actions: Vec<Value>,
    /// Exchanges of unseen cards (tests only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub swaps: Vec<Swap>,
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

/// One move in the log, as the observing seat saw it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LoggedMove {
    /// Its index among all actions.
    pub ply: usize,
    /// The seat that acted; `None` for chance.
    pub seat: Option<Seat>,
    /// The move as the observing seat saw it.
    pub text: String,
    /// What the game tells the observing seat about it, if anything.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The game's facts about the move for its renderer, if any
    /// ([`Match::move_view`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<Value>,
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

fn game_entry(name: &str) -> ApiResult<&'static dyn GameEntry> {
    tabula_registry::find(name).map_err(|e| ApiError::bad_request(e.to_string()))
}

fn random_seed() -> ApiResult<u64> {
    let mut b = [0u8; 8];
    getrandom::getrandom(&mut b).map_err(ApiError::internal)?;
    Ok(u64::from_le_bytes(b))
}

impl Table {
    /// A new table from a request: options and seats checked, a secret seed
    /// drawn (or `seed`, for a game whose seed only draws public things,
    /// such as a grid the person chose).
    ///
    /// # Errors
    /// 400 for an unknown game, bad options, a wrong number of seats, more
    /// than one person, or a player the game does not offer there.
    pub fn create(request: &NewTable, seed: Option<u64>) -> ApiResult<Table> {
        let entry = game_entry(&request.game)?;
        let driver = entry
            .open(&request.options)
            .map_err(|e| ApiError::bad_request(e.to_string()))?;
        let n = driver.seats();
        let players: Vec<Option<PlayerSpec>> = match &request.seats {
            None => (0..n)
                .map(|s| (s > 0).then(|| driver.default_player().parse().expect("a game's default player parses")))
                .collect(),
            Some(seats) => {
                if seats.len() != n {
                    return Err(ApiError::bad_request(format!(
                        "{} has {n} seats under these options, not {}",
                        driver.info().name,
                        seats.len()
                    )));
                }
                seats
                    .iter()
                    .map(|seat| match seat {
                        SeatRequest::Named(name) if name == "human" => Ok(None),
                        SeatRequest::Named(_) => Err(ApiError::bad_request("a seat is \"human\" or {\"ai\": SPEC}")),
                        SeatRequest::Ai { ai } => ai
                            .parse::<PlayerSpec>()
                            .map(Some)
                            .map_err(|e| ApiError::bad_request(e.to_string())),
                    })
                    .collect::<ApiResult<_>>()?
            }
        };
        if players.iter().filter(|p| p.is_none()).count() > 1 {
            return Err(ApiError::bad_request(
                "one person per game: the other seats are computers",
            ));
        }
        let table = Table {
            driver,
            players,
            truth: Truth {
                seed: match seed {
                    Some(seed) => seed,
                    None => random_seed()?,
                },
                ..Truth::default()
            },
        };
        let kind = table.table_kind();
        for spec in table.players.iter().flatten() {
            if matches!(spec, PlayerSpec::Bot { .. }) {
                return Err(ApiError::bad_request("the server runs no outside engine"));
            }
            // Build each computer once now, so a bad argument fails here.
            table
                .driver
                .agent(spec, 0)
                .map_err(|e| ApiError::bad_request(e.to_string()))?;
            table
                .driver
                .check_seat(spec, kind)
                .map_err(|e| ApiError::bad_request(e.to_string()))?;
        }
        Ok(table)
    }

    /// A stored table.
    ///
    /// # Errors
    /// 500 when the row does not describe a game any more.
    pub fn load(game: &str, options: &str, players: &[String], truth: &str) -> ApiResult<Table> {
        let entry = game_entry(game).map_err(|e| ApiError::internal(e.message))?;
        let options: Value = serde_json::from_str(options).map_err(ApiError::internal)?;
        let driver = entry.open(&options).map_err(ApiError::internal)?;
        let players = players
            .iter()
            .map(|p| if p == "you" { Ok(None) } else { p.parse().map(Some) })
            .collect::<Result<_, _>>()
            .map_err(ApiError::internal)?;
        let truth = serde_json::from_str(truth).map_err(ApiError::internal)?;
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
    /// 500 when the stored actions no longer replay.
    pub fn replay(&self) -> ApiResult<Replayed> {
        let observer = self.observer();
        let mut game = self.driver.start(self.truth.seed, self.table_kind());
        let mut log = Vec::with_capacity(self.truth.actions.len());
        for (ply, action) in self.truth.actions.iter().enumerate() {
            self.swaps_at(ply, game.as_mut());
            let seat = match game.to_act() {
                Turn::Seat(s) => Some(s),
                _ => None,
            };
            // The log names the ply, never the action: it may be a card
            // that nobody saw.
            game.apply(action)
                .map_err(|_| ApiError::internal(format!("a stored game does not replay at ply {ply}")))?;
            log.push(logged(game.as_ref(), ply, seat, observer));
        }
        self.swaps_at(self.truth.actions.len(), game.as_mut());
        Ok(Replayed { game, log })
    }

    fn swaps_at(&self, ply: usize, game: &mut dyn Match) {
        for swap in self.truth.swaps.iter().filter(|s| s.ply == ply) {
            game.swap_unseen(swap.seat);
        }
    }

    /// Whether a computer (or chance) acts now: the game waits for the
    /// server, not for the person.
    pub fn computers_act(&self, game: &dyn Match) -> bool {
        match game.to_act() {
            Turn::Chance => true,
            Turn::Seat(s) => self.players.get(s).is_some_and(Option::is_some),
            Turn::Terminal => false,
        }
    }

    /// Plays chance and the computers from the replayed `game` until the
    /// person must act, the game ends, `flag` is set, or (when `one_move`)
    /// one computer has moved; returns the actions played. A move whose
    /// search the flag cut short is dropped, so every stored move is the
    /// one the full search gives (the game replays to the same position on
    /// the next request, which plays it again).
    ///
    /// # Errors
    /// 500 when a computer fails (its players always find a legal move).
    pub fn advance(&self, game: &mut dyn Match, one_move: bool, flag: &CancelFlag) -> ApiResult<Vec<Value>> {
        let mut played = Vec::new();
        let mut moved = false;
        while !flag.is_cancelled() {
            let ply = (self.truth.actions.len() + played.len()) as u64;
            match game.to_act() {
                Turn::Terminal => break,
                Turn::Chance => {
                    let mut rng = Rng::derived(self.truth.seed, CHANCE_STREAM ^ ply);
                    game.chance(&mut rng).map_err(ApiError::internal)?;
                }
                Turn::Seat(seat) => {
                    let Some(spec) = &self.players[seat] else { break };
                    if one_move && moved {
                        break;
                    }
                    let seed = Rng::derived(self.truth.seed, AGENT_STREAM ^ (ply << 8) ^ seat as u64).next_u64();
                    let mut agent = self.driver.agent(spec, seed).map_err(ApiError::internal)?;
                    cancel_scope(flag, || game.play(agent.as_mut())).map_err(|_| {
                        ApiError::internal(format!("the computer at seat {seat} gave no legal move at ply {ply}"))
                    })?;
                    if flag.is_cancelled() {
                        break;
                    }
                    moved = true;
                }
            }
            played.push(game.last_action().expect("an action was just played"));
        }
        Ok(played)
    }

    /// The answer for the observing seat: the game's view of its
    /// observation, whose turn it is, its legal moves, the moves as it saw
    /// them, the result at the end. Nothing here reads the truth but the
    /// result (public once the game is over).
    /// `id` and `kind` are the stored game's.
    pub fn view(&self, replayed: &Replayed, id: &str, kind: &str) -> Value {
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
            .map(|(s, p)| json!({ "name": driver.seat_name(s), "player": player_name(p), "human": p.is_none() }))
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
            "ply": self.truth.actions.len(),
            "to_act": to_act,
            "your_turn": yours,
            "legal": if yours { game.legal_text() } else { Vec::new() },
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

/// Checks the person's action text and plays it on the replayed game.
///
/// # Errors
/// 409 when it is not the person's turn (or the game is over, or `ply` is
/// not the game's: the request answers an older position); 422 when the
/// rules refuse the action. The error quotes at most a short prefix of it.
pub fn play_human(table: &Table, replayed: &mut Replayed, action: &str, ply: Option<u64>) -> ApiResult<Value> {
    let now = table.truth.actions.len();
    if let Some(ply) = ply {
        if ply != now as u64 {
            return Err(ApiError::conflict(format!(
                "this action answers ply {ply}, but the game is at ply {now}: reload it"
            )));
        }
    }
    let game = replayed.game.as_mut();
    match game.to_act() {
        Turn::Terminal => return Err(ApiError::conflict("the game is over")),
        Turn::Seat(s) if Some(s) == table.human() => {}
        _ => return Err(ApiError::conflict("it is not your turn")),
    }
    if action.chars().count() > MAX_ACTION_LEN {
        return Err(ApiError::unprocessable(format!(
            "an action is at most {MAX_ACTION_LEN} characters"
        )));
    }
    let seat = table.observer();
    game.apply_text(action).map_err(ApiError::unprocessable)?;
    let ply = replayed.log.len();
    replayed.log.push(logged(game, ply, Some(seat), seat));
    Ok(game.last_action().expect("an action was just played"))
}
