//! What a table offers the person in free play: a hint (what the game's
//! own computer would play from the person's observation) and undo (back
//! to the person's last move). A front end offers neither in ranked play.

use serde_json::{Value, json};
use tabula_search::{CancelFlag, Rng, Seat, Turn, cancel_scope};

use super::{ComputerTurn, Replayed, Table, TableError};
use crate::info::TableKind;
use crate::spec::PlayerSpec;

/// The stream of the seed a hint's search draws from: apart from the
/// computers' (a hint never predicts a computer's draw).
const HINT_STREAM: u64 = 0x4B1D_0000;

impl Table {
    /// The hint's player: the game's default (its strongest that answers
    /// in about a second).
    pub(super) fn hint_player(&self) -> Result<PlayerSpec, TableError> {
        self.driver
            .default_player()
            .parse()
            .map_err(|e| TableError::Broken(format!("the game's default player: {e}")))
    }

    /// The person's seat, when it is the person's turn.
    fn person_to_act(&self, replayed: &Replayed) -> Result<Seat, TableError> {
        match (self.human(), replayed.game.to_act()) {
            (Some(me), Turn::Seat(s)) if s == me => Ok(me),
            _ => Err(TableError::Conflict("a hint is for your turn".into())),
        }
    }

    /// The seed of the hint's search at the game's ply.
    pub(super) fn hint_seed(&self, replayed: &Replayed, seat: Seat) -> u64 {
        let ply = replayed.game.plies() as u64;
        Rng::derived(self.truth.seed, HINT_STREAM ^ (ply << 8) ^ seat as u64).next_u64()
    }

    /// The search a hint runs at the person's turn, as a computer's turn
    /// is handed out (the worker of a page that plays locally runs it):
    /// the person's seat, the game's default player, a seed of its own and
    /// the person's own observation (at an online table: no handicap).
    ///
    /// # Errors
    /// [`TableError::Conflict`] when it is not the person's turn.
    pub fn hint_turn(&self, replayed: &Replayed) -> Result<ComputerTurn, TableError> {
        let seat = self.person_to_act(replayed)?;
        Ok(ComputerTurn {
            seat,
            player: self.hint_player()?.to_string(),
            seed: self.hint_seed(replayed, seat).to_string(),
            observation: replayed.game.observe(seat),
            table: TableKind::Online,
        })
    }

    /// Where `action` (the hint's search's answer, in the game's JSON
    /// form) stands in the answer's list of legal moves, with the player's
    /// name: `{index, label, player}`.
    ///
    /// # Errors
    /// [`TableError::Conflict`] when it is not the person's turn, or the
    /// action is not one of the legal moves (an answer for another ply).
    pub fn hint_answer(&self, replayed: &Replayed, action: &Value) -> Result<Value, TableError> {
        self.person_to_act(replayed)?;
        let moves = replayed.game.legal_moves();
        let index = moves
            .iter()
            .position(|m| m.action == *action)
            .ok_or_else(|| TableError::Conflict("the hint answers another position: ask again".into()))?;
        let player = crate::player_title(&self.hint_player()?, self.driver.players());
        Ok(json!({ "index": index, "label": moves[index].label, "player": player }))
    }

    /// A hint at the person's turn, searched here under `flag` (the
    /// server's deadline: a search cut short answers its best so far):
    /// `{index, label, player}` as [`hint_answer`](Table::hint_answer),
    /// and `why`, the search's reason in words where it has one
    /// ([`Decision::why`](crate::Decision::why); else `null`).
    /// The same table, ply and seed give the same hint.
    ///
    /// # Errors
    /// As [`hint_turn`](Table::hint_turn); [`TableError::Broken`] when the
    /// player finds nothing.
    pub fn hint(&self, replayed: &Replayed, flag: &CancelFlag) -> Result<Value, TableError> {
        let seat = self.person_to_act(replayed)?;
        let mut agent = self
            .driver
            .agent(&self.hint_player()?, self.hint_seed(replayed, seat))
            .map_err(|e| TableError::Broken(e.to_string()))?;
        let observation = replayed.game.observe(seat);
        let legal = replayed.game.legal();
        let decision = cancel_scope(flag, || agent.act(&observation, seat, &legal))
            .map_err(|e| TableError::Broken(e.to_string()))?;
        let mut answer = self.hint_answer(replayed, &decision.action)?;
        answer["why"] = json!(decision.why());
        Ok(answer)
    }

    /// Takes back the person's last move and everything after it (the
    /// computers' replies, chance): the game returns to the person's turn
    /// before that move. `ply` is the ply the person's page shows (a stale
    /// request changes nothing). Chance and the computers draw from the
    /// seed by ply, so the same move played again meets the same replies.
    /// Returns the replayed game after the undo.
    ///
    /// # Errors
    /// [`TableError::Conflict`] for a stale ply, a finished game, or no
    /// move of the person's to take back.
    pub fn undo(&mut self, replayed: &Replayed, ply: u64) -> Result<Replayed, TableError> {
        if ply != replayed.log.len() as u64 {
            return Err(TableError::Conflict(format!(
                "this request answers ply {ply}, but the game is at ply {}: reload it",
                replayed.log.len()
            )));
        }
        if replayed.game.to_act() == Turn::Terminal {
            return Err(TableError::Conflict("a finished game stays as it ended".into()));
        }
        let me = self.human();
        let Some(last) = replayed.log.iter().rposition(|m| m.seat.is_some() && m.seat == me) else {
            return Err(TableError::Conflict("you have no move to take back".into()));
        };
        self.truth.actions.truncate(last);
        self.truth.swaps.retain(|s| s.ply <= last);
        self.replay()
    }
}
