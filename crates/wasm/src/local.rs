//! The page's table for local free play: the truth stays in the page's
//! module, the person's seat gets the same answer the server gives, and a
//! computer's turn leaves as its seat's observation only.

use serde_json::{Value, json};
use tabula_contract::table::{ComputerTurn, NewTable, PersonMove, Replayed, Saved, Table, parse_seed};
use tabula_search::Turn;

use crate::decide::text;

/// A free game kept in the page (see the crate's front page).
pub struct LocalTable {
    table: Table,
    replayed: Replayed,
}

impl LocalTable {
    /// A new table from `{game, options, seats}` and a decimal seed.
    ///
    /// # Errors
    /// The request's problem, in one line.
    pub fn open(request: &str, seed: &str) -> Result<LocalTable, String> {
        let request: NewTable = serde_json::from_str(request).map_err(|e| format!("invalid table request: {e}"))?;
        let entry = tabula_registry::find(&request.game).map_err(|e| e.to_string())?;
        let table = Table::create(entry, &request, parse_seed(seed)?).map_err(|e| e.to_string())?;
        let replayed = table.replay().map_err(|e| e.to_string())?;
        Ok(LocalTable { table, replayed })
    }

    /// A saved table, replayed with its chance outcomes checked against
    /// the seed (as the server will check them).
    ///
    /// # Errors
    /// When it does not replay.
    pub fn resume(saved: &str) -> Result<LocalTable, String> {
        let saved: Saved = serde_json::from_str(saved).map_err(|e| format!("invalid saved table: {e}"))?;
        let entry = tabula_registry::find(&saved.game).map_err(|e| e.to_string())?;
        let (table, replayed) = Table::restore(entry, saved).map_err(|e| e.to_string())?;
        Ok(LocalTable { table, replayed })
    }

    /// Plies played, chance outcomes included.
    pub fn ply(&self) -> usize {
        self.table.truth.actions.len()
    }

    /// The answer for the person's seat, in the server's shape (its `id`
    /// and `kind` are `local`).
    pub fn answer(&self) -> Value {
        self.table.answer(&self.replayed, "local", "local")
    }

    /// Plays the person's action text at `ply` (the answer's).
    ///
    /// # Errors
    /// A stale ply, not the person's turn, or an action the rules refuse;
    /// the table is unchanged.
    pub fn act(&mut self, text: &str, ply: Option<u64>) -> Result<(), String> {
        self.play_person(PersonMove::Text(text), ply)
    }

    /// Plays the person's legal move of index `choice` in the answer at
    /// `ply` (what the page sends: exact whatever the action's JSON holds).
    ///
    /// # Errors
    /// A stale ply, not the person's turn, or an index past the legal
    /// moves; the table is unchanged.
    pub fn choose(&mut self, choice: u64, ply: u64) -> Result<(), String> {
        self.play_person(PersonMove::Choice(choice), Some(ply))
    }

    fn play_person(&mut self, person: PersonMove<'_>, ply: Option<u64>) -> Result<(), String> {
        let action = self
            .table
            .play_human(&mut self.replayed, person, ply)
            .map_err(|e| e.to_string())?;
        self.table.truth.actions.push(action);
        Ok(())
    }

    /// Plays chance's steps, then gives the acting computer's turn; `None`
    /// when the person acts or the game is over.
    ///
    /// # Errors
    /// When chance cannot be played.
    pub fn next_turn(&mut self) -> Result<Option<ComputerTurn>, String> {
        while self.replayed.game.to_act() == Turn::Chance {
            let action = self
                .table
                .play_chance_logged(&mut self.replayed)
                .map_err(|e| e.to_string())?;
            self.table.truth.actions.push(action);
        }
        Ok(self.table.computer_turn(self.replayed.game.as_ref()))
    }

    /// [`next_turn`](LocalTable::next_turn) with what the page needs to
    /// answer without the worker: the number of legal actions, the only
    /// one when there is one, and the first (the last fallback). The
    /// observation and the actions are JSON text, for JavaScript to pass on
    /// unparsed.
    ///
    /// # Errors
    /// As [`next_turn`](LocalTable::next_turn).
    pub fn next_turn_json(&mut self) -> Result<Option<Value>, String> {
        let Some(turn) = self.next_turn()? else { return Ok(None) };
        Ok(Some(self.turn_json(&turn)))
    }

    /// A turn as the worker takes it, with what the page needs to answer
    /// without the worker (see [`next_turn_json`](LocalTable::next_turn_json)).
    fn turn_json(&self, turn: &ComputerTurn) -> Value {
        Self::turn_with(turn, &self.replayed.game.legal())
    }

    /// [`turn_json`](Self::turn_json) at a position of `legal` moves.
    fn turn_with(turn: &ComputerTurn, legal: &[Value]) -> Value {
        json!({
            "seat": turn.seat,
            "player": turn.player,
            "seed": turn.seed,
            "observation": text(&turn.observation),
            "table": turn.table,
            "legal_count": legal.len(),
            "only": (legal.len() == 1).then(|| text(&legal[0])),
            "first": legal.first().map(text),
        })
    }

    /// Plays the acting computer's action (JSON).
    ///
    /// # Errors
    /// When no computer acts or the action is not legal; the table is
    /// unchanged.
    pub fn play_computer(&mut self, action: &str) -> Result<(), String> {
        let action: Value = serde_json::from_str(action).map_err(|e| format!("invalid action: {e}"))?;
        let played = self
            .table
            .play_computer(&mut self.replayed, &action)
            .map_err(|e| e.to_string())?;
        self.table.truth.actions.push(played);
        Ok(())
    }

    /// The hint's search at the person's turn, as a computer's turn is
    /// handed to the worker (the observation as JSON text).
    ///
    /// # Errors
    /// When it is not the person's turn.
    pub fn hint_turn_json(&self) -> Result<Value, String> {
        let turn = self.table.hint_turn(&self.replayed).map_err(|e| e.to_string())?;
        Ok(self.turn_json(&turn))
    }

    /// The hint's answer (`{index, label, player}`) for the worker's
    /// action (JSON text).
    ///
    /// # Errors
    /// Not the person's turn, or an action that is not a legal move now.
    pub fn hint_answer(&self, action: &str) -> Result<Value, String> {
        let action: Value = serde_json::from_str(action).map_err(|e| format!("invalid action: {e}"))?;
        self.table
            .hint_answer(&self.replayed, &action)
            .map_err(|e| e.to_string())
    }

    /// Step `ply` of the finished game (see `Table::review_step`).
    ///
    /// # Errors
    /// A game not over, or a step past its end.
    pub fn review_step(&self, ply: u64) -> Result<Value, String> {
        self.table.review_step(&self.replayed, ply).map_err(|e| e.to_string())
    }

    /// The search of the computer's opinion of the person's move at step
    /// `ply` of the finished game, as a computer's turn is handed to the
    /// worker.
    ///
    /// # Errors
    /// A game not over, or a move that is not the person's.
    pub fn opinion_turn_json(&self, ply: u64) -> Result<Value, String> {
        let turn = self
            .table
            .opinion_turn(&self.replayed, ply)
            .map_err(|e| e.to_string())?;
        // The legal moves of that step, not of the end.
        let at = self.table.replay_to(turn_ply(ply)).map_err(|e| e.to_string())?;
        Ok(Self::turn_with(&turn, &at.game.legal()))
    }

    /// The opinion (`{ply, played, computer, player, agrees}`) for the
    /// worker's action (JSON text).
    ///
    /// # Errors
    /// As [`opinion_turn_json`](Self::opinion_turn_json), or an action
    /// that is not a legal move there.
    pub fn opinion_answer(&self, ply: u64, action: &str) -> Result<Value, String> {
        let action: Value = serde_json::from_str(action).map_err(|e| format!("invalid action: {e}"))?;
        self.table
            .opinion_answer(&self.replayed, ply, &action)
            .map_err(|e| e.to_string())
    }

    /// Takes back the person's last move at `ply` (the answer's).
    ///
    /// # Errors
    /// A stale ply, a finished game, or no move to take back; the table
    /// is unchanged.
    pub fn undo(&mut self, ply: u64) -> Result<(), String> {
        self.replayed = self.table.undo(&self.replayed, ply).map_err(|e| e.to_string())?;
        Ok(())
    }

    /// The table as saved.
    pub fn saved(&self) -> Saved {
        Saved {
            game: self.table.driver.info().name.to_string(),
            options: self.table.driver.options(),
            seats: self.table.seat_requests(),
            seed: self.table.truth.seed.to_string(),
            actions: self.table.truth.actions.clone(),
        }
    }
}

/// A review step as a ply (`opinion_turn` has checked it is one of the game's).
fn turn_ply(ply: u64) -> usize {
    usize::try_from(ply).unwrap_or(usize::MAX)
}
