//! # tabula-wasm
//!
//! Tabula in the browser: every registered game, its rules and its
//! computers, compiled to WebAssembly. A page loads this one module twice:
//!
//! - on its own thread, a [`LocalTable`] keeps a free game's truth (the
//!   seed and every action) so that the person plays without a round trip
//!   to the server; it answers exactly what the server's table answers
//!   (`tabula_contract::table`), and hands out a computer's turn as the
//!   observation its seat may see;
//! - in a module Web Worker, [`decide`] plays a computer's turn from that
//!   observation alone under a deadline, and [`quick`] gives the same
//!   level's no-search policy, the first step of the fallback chain.
//!
//! Nothing here names a game: everything goes through the registry's
//! [`Driver`](tabula_contract::Driver). The same functions run natively,
//! which is how the tests check that a decision is the same on both
//! targets.
//!
//! ```
//! use tabula_wasm::{LocalTable, decide};
//!
//! // The registry's first two-seat game without hidden cards: the person
//! // at seat 0, a computer at seat 1.
//! let game = tabula_registry::games()
//!     .iter()
//!     .find(|e| !e.info().hidden_information && e.open(&serde_json::Value::Null).is_ok_and(|d| d.seats() == 2))
//!     .expect("a two-seat game")
//!     .info()
//!     .name;
//! let request = serde_json::json!({ "game": game, "seats": ["human", { "ai": "random" }] });
//! let mut table = LocalTable::open(&request.to_string(), "7").unwrap();
//! let first = table.answer()["legal"][0]["label"].as_str().unwrap().to_string();
//! table.act(&first, Some(0)).unwrap();
//! let turn = table.next_turn().unwrap().expect("the computer acts");
//! let worker_request = serde_json::json!({
//!     "game": game, "options": null, "seat": turn.seat,
//!     "player": turn.player, "seed": turn.seed,
//!     "observation": turn.observation.to_string(), "table": turn.table, "deadline_ms": 1000.0,
//! });
//! let answer: serde_json::Value =
//!     serde_json::from_str(&decide(&worker_request.to_string()).unwrap()).unwrap();
//! table.play_computer(answer["action"].as_str().unwrap()).unwrap();
//! assert_eq!(table.ply(), 2);
//! ```

mod clock;
mod decide;
mod local;

pub use decide::{DecideRequest, decide, quick, selfcheck, text, without_times};
pub use local::LocalTable;
pub use tabula_contract::table::Saved;

use wasm_bindgen::prelude::*;

/// A table's JSON answer as text for the page, or its refusal as an error.
fn json_text(answer: Result<serde_json::Value, String>) -> Result<String, JsError> {
    answer.map(|v| v.to_string()).map_err(|e| JsError::new(&e))
}

/// A JavaScript number as an index or a ply: a whole number from 0 to
/// 2^53 as itself, anything else (negative, fractional, NaN, infinite,
/// beyond what a number counts exactly) as `u64::MAX`, which no list and
/// no game reaches, so that the table refuses it as it refuses any index
/// past its list. (`as u64` would read -1 and NaN as 0, the first move.)
fn whole(x: f64) -> u64 {
    const EXACT: f64 = 9_007_199_254_740_992.0; // 2^53
    if (0.0..=EXACT).contains(&x) && x.fract() == 0.0 {
        x as u64
    } else {
        u64::MAX
    }
}

/// The browser's face of [`LocalTable`]: the same methods, errors as
/// JavaScript exceptions.
#[wasm_bindgen(js_name = LocalTable)]
pub struct JsLocalTable(LocalTable);

#[wasm_bindgen(js_class = LocalTable)]
impl JsLocalTable {
    /// A new table: `request` is `{game, options, seats}` as the server's
    /// `POST /api/games` takes it, `seed` a decimal string.
    ///
    /// # Errors
    /// The table's refusal, in one line.
    #[wasm_bindgen(constructor)]
    pub fn new(request: &str, seed: &str) -> Result<JsLocalTable, JsError> {
        LocalTable::open(request, seed)
            .map(JsLocalTable)
            .map_err(|e| JsError::new(&e))
    }

    /// A table saved by [`saved`](JsLocalTable::saved), replayed.
    ///
    /// # Errors
    /// When it does not replay.
    pub fn resume(saved: &str) -> Result<JsLocalTable, JsError> {
        LocalTable::resume(saved)
            .map(JsLocalTable)
            .map_err(|e| JsError::new(&e))
    }

    /// The answer for the person's seat (the server's answer's shape).
    pub fn answer(&self) -> String {
        self.0.answer().to_string()
    }

    /// Plies played, chance outcomes included (the answer's `ply`).
    #[wasm_bindgen(getter)]
    pub fn ply(&self) -> f64 {
        self.0.ply() as f64
    }

    /// Plays the person's action text (`answer()` gives what follows).
    ///
    /// # Errors
    /// A stale ply, not the person's turn, or an action the rules refuse.
    pub fn act(&mut self, text: &str, ply: Option<f64>) -> Result<(), JsError> {
        let ply = ply.map(whole);
        self.0.act(text, ply).map_err(|e| JsError::new(&e))
    }

    /// Plays the person's legal move of index `choice` in the answer at
    /// `ply` (`answer()` gives what follows).
    ///
    /// # Errors
    /// A stale ply, not the person's turn, or an index past the legal
    /// moves.
    pub fn choose(&mut self, choice: f64, ply: f64) -> Result<(), JsError> {
        self.0.choose(whole(choice), whole(ply)).map_err(|e| JsError::new(&e))
    }

    /// Plays chance's steps, then says who acts: `null` for the person or
    /// the end, else the computer's turn as JSON (`{seat, player, seed,
    /// observation, legal_count, only, first}`; the observation and the
    /// actions as JSON text, to pass on unparsed).
    ///
    /// # Errors
    /// When chance cannot be played (a broken table).
    #[allow(clippy::should_implement_trait)] // JavaScript's name for it; no iterator
    pub fn next(&mut self) -> Result<Option<String>, JsError> {
        self.0
            .next_turn_json()
            .map(|t| t.map(|v| v.to_string()))
            .map_err(|e| JsError::new(&e))
    }

    /// Plays the acting computer's action (JSON).
    ///
    /// # Errors
    /// When no computer acts or the action is not legal.
    #[wasm_bindgen(js_name = playComputer)]
    pub fn play_computer(&mut self, action: &str) -> Result<(), JsError> {
        self.0.play_computer(action).map_err(|e| JsError::new(&e))
    }

    /// The hint's search at the person's turn, for the worker: a turn in
    /// the shape of [`next`](JsLocalTable::next)'s.
    ///
    /// # Errors
    /// When it is not the person's turn.
    #[wasm_bindgen(js_name = hintTurn)]
    pub fn hint_turn(&self) -> Result<String, JsError> {
        json_text(self.0.hint_turn_json())
    }

    /// The hint (`{index, label, player}`) for the worker's action (JSON).
    ///
    /// # Errors
    /// When the action is not a legal move now.
    #[wasm_bindgen(js_name = hintAnswer)]
    pub fn hint_answer(&self, action: &str) -> Result<String, JsError> {
        json_text(self.0.hint_answer(action))
    }

    /// Step `ply` of the finished game (`{ply, plies, to_act, view,
    /// hands, next, yours}`, as the server's review step).
    ///
    /// # Errors
    /// A game not over, or a step past its end.
    #[wasm_bindgen(js_name = reviewStep)]
    pub fn review_step(&self, ply: f64) -> Result<String, JsError> {
        json_text(self.0.review_step(whole(ply)))
    }

    /// The search of the computer's opinion of the person's move at step
    /// `ply` of the finished game, in the shape of
    /// [`next`](JsLocalTable::next)'s.
    ///
    /// # Errors
    /// A game not over, or a move that is not the person's.
    #[wasm_bindgen(js_name = opinionTurn)]
    pub fn opinion_turn(&self, ply: f64) -> Result<String, JsError> {
        json_text(self.0.opinion_turn_json(whole(ply)))
    }

    /// The opinion (`{ply, played, computer, player, agrees}`) for the
    /// worker's action (JSON).
    ///
    /// # Errors
    /// When the action is not a legal move there.
    #[wasm_bindgen(js_name = opinionAnswer)]
    pub fn opinion_answer(&self, ply: f64, action: &str) -> Result<String, JsError> {
        json_text(self.0.opinion_answer(whole(ply), action))
    }

    /// Takes back the person's last move at `ply` (the answer's).
    ///
    /// # Errors
    /// A stale ply, a finished game, or no move to take back.
    pub fn undo(&mut self, ply: f64) -> Result<(), JsError> {
        self.0.undo(whole(ply)).map_err(|e| JsError::new(&e))
    }

    /// The table as saved (`{game, options, seats, seed, actions}`): what
    /// the server replays at the end, and what a reload resumes from.
    pub fn saved(&self) -> String {
        serde_json::to_string(&self.0.saved()).expect("a saved table serialises")
    }
}

/// Plays a computer's turn in the worker: `request` is `{game, options,
/// observation, seat, player, seed, deadline_ms}` (the observation as JSON
/// text); the answer `{action, stats, ms, source}` (the action as JSON
/// text). The search stops at the deadline on the page's clock.
///
/// # Errors
/// A refused request (an observation the game does not accept, a player
/// it does not offer), in one line.
#[wasm_bindgen(js_name = decide)]
pub fn js_decide(request: &str) -> Result<String, JsError> {
    decide(request).map_err(|e| JsError::new(&e))
}

/// The same request's no-search policy (`{action, source}`).
///
/// # Errors
/// As [`js_decide`].
#[wasm_bindgen(js_name = quick)]
pub fn js_quick(request: &str) -> Result<String, JsError> {
    quick(request).map_err(|e| JsError::new(&e))
}

/// Every game as the new-game form reads it (the server's `GET
/// /api/catalog`), as JSON.
#[wasm_bindgen]
pub fn catalog() -> String {
    tabula_registry::catalog().to_string()
}

/// The seats of `game` under `options` (JSON), as the server's `GET
/// /api/catalog/{game}` answers them.
///
/// # Errors
/// An unknown game, options that are not JSON or that it refuses.
#[wasm_bindgen]
pub fn seating(game: &str, options: &str) -> Result<String, JsError> {
    let options: serde_json::Value =
        serde_json::from_str(options).map_err(|_| JsError::new("options are a JSON object"))?;
    tabula_registry::seating(game, &options)
        .map(|v| v.to_string())
        .map_err(|e| JsError::new(&e))
}

/// The data keys `game` looked up and lacked since the last call (JSON
/// array): the page fetches them from `/api/data/{game}/{key}`, provides
/// them, and asks again.
///
/// # Errors
/// An unknown game.
#[wasm_bindgen(js_name = dataMissing)]
pub fn data_missing(game: &str) -> Result<String, JsError> {
    let entry = tabula_registry::find(game).map_err(|e| JsError::new(&e.to_string()))?;
    Ok(serde_json::to_string(&entry.data_missing()).expect("keys serialise"))
}

/// Installs the bytes fetched for a data key of `game` (`undefined` when
/// the server had none), checked.
///
/// # Errors
/// An unknown game or key, or bytes that fail their check.
#[wasm_bindgen(js_name = dataProvide)]
pub fn data_provide(game: &str, key: &str, bytes: Option<Vec<u8>>) -> Result<(), JsError> {
    let entry = tabula_registry::find(game).map_err(|e| JsError::new(&e.to_string()))?;
    entry.data_provide(key, bytes.as_deref()).map_err(|e| JsError::new(&e))
}

/// Checks that the module computes what the native build computes on a
/// fixed decision; the page stops using a module that fails it.
///
/// # Errors
/// What differed.
#[wasm_bindgen(js_name = selfcheck)]
pub fn js_selfcheck() -> Result<String, JsError> {
    selfcheck().map_err(|e| JsError::new(&e))
}

#[cfg(test)]
mod tests {
    use super::whole;

    #[test]
    fn only_whole_numbers_are_indices() {
        assert_eq!(
            (whole(0.0), whole(3.0), whole(9_007_199_254_740_992.0)),
            (0, 3, 1 << 53)
        );
        for bad in [-1.0, -0.5, 1.5, f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 1e300] {
            assert_eq!(whole(bad), u64::MAX, "{bad}");
        }
    }
}
