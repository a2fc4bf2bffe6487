//! The review of a finished game, for every game: step through it from
//! the first move to the last, the table as the person saw it at each
//! step, every hidden card face up beside it (the game is over: nothing is
//! secret any more), and the computer's opinion of each of the person's
//! moves (what the game's own computer would have played there, searched
//! from the person's observation at that step, as a hint then would have).

use serde_json::{Value, json};
use tabula_search::{CancelFlag, Seat, Turn, cancel_scope};

use super::{ComputerTurn, Replayed, Table, TableError};
use crate::info::TableKind;

impl Table {
    /// The number of moves of a finished game.
    fn finished(full: &Replayed) -> Result<usize, TableError> {
        if full.game.to_act() != Turn::Terminal {
            return Err(TableError::Conflict("a game is reviewed once it is over".into()));
        }
        Ok(full.log.len())
    }

    /// `ply` as a step of a game of `plies` moves (0 to `plies`).
    fn step(ply: u64, plies: usize) -> Result<usize, TableError> {
        usize::try_from(ply)
            .ok()
            .filter(|&p| p <= plies)
            .ok_or_else(|| TableError::BadRequest(format!("this game has steps 0 to {plies}")))
    }

    /// Step `ply` of the finished game `full` (this table's replay): the
    /// position after its first `ply` moves, as the person's page draws it
    /// (`view`, `to_act`), with every seat's hidden cards face up
    /// (`hands`, `null` for a game that hides nothing), the move played
    /// from it as the person saw it (`next`, `null` at the end) and whether
    /// that move was the person's (`yours`: the computer has an opinion of
    /// it). `{ply, plies, to_act, view, hands, next, yours}`.
    ///
    /// # Errors
    /// [`TableError::Conflict`] for a game not over yet (its hidden cards
    /// are still secret); [`TableError::BadRequest`] for a step past the
    /// end.
    pub fn review_step(&self, full: &Replayed, ply: u64) -> Result<Value, TableError> {
        let plies = Self::finished(full)?;
        let ply = Self::step(ply, plies)?;
        let at = self.replay_checked(false, ply)?;
        let game = at.game.as_ref();
        let to_act = match game.to_act() {
            Turn::Seat(s) => Some(s),
            _ => None,
        };
        let next = full.log.get(ply);
        let yours = self.human().is_some_and(|me| next.is_some_and(|m| m.seat == Some(me)));
        Ok(json!({
            "ply": ply,
            "plies": plies,
            "to_act": to_act,
            "view": game.view(self.observer()),
            "hands": game.face_up(),
            "next": next,
            "yours": yours,
        }))
    }

    /// The game replayed to step `ply`, where the person played the move
    /// `ply` of the finished game `full`; with the person's seat.
    fn person_move_at(&self, full: &Replayed, ply: u64) -> Result<(Replayed, Seat, usize), TableError> {
        let plies = Self::finished(full)?;
        let ply = Self::step(ply, plies)?;
        let me = self.human();
        match (me, full.log.get(ply)) {
            (Some(me), Some(m)) if m.seat == Some(me) => Ok((self.replay_checked(false, ply)?, me, ply)),
            _ => Err(TableError::Conflict("the move at this step is not yours".into())),
        }
    }

    /// The search behind the computer's opinion of the person's move at
    /// step `ply` of the finished game `full`, handed out as a computer's
    /// turn (a page that plays locally runs it in its worker): the game's
    /// default player from the person's observation there, with the seed a
    /// hint at that turn had (the opinion is the hint the person could
    /// have asked for).
    ///
    /// # Errors
    /// As [`review_step`](Table::review_step); [`TableError::Conflict`]
    /// when that move is not the person's.
    pub fn opinion_turn(&self, full: &Replayed, ply: u64) -> Result<ComputerTurn, TableError> {
        let (at, seat, _) = self.person_move_at(full, ply)?;
        Ok(ComputerTurn {
            seat,
            player: self.hint_player()?.to_string(),
            seed: self.hint_seed(&at, seat).to_string(),
            observation: at.game.observe(seat),
            table: TableKind::Online,
        })
    }

    /// The computer's opinion of the person's move at step `ply`, given
    /// the search's answer `action` (in the game's JSON form):
    /// `{ply, played, computer, player, agrees}`, the moves by their
    /// labels, `player` the computer's name.
    ///
    /// # Errors
    /// As [`opinion_turn`](Table::opinion_turn); [`TableError::Conflict`]
    /// when `action` is not a legal move there.
    pub fn opinion_answer(&self, full: &Replayed, ply: u64, action: &Value) -> Result<Value, TableError> {
        let (at, _, ply) = self.person_move_at(full, ply)?;
        self.judged(&at, ply, action)
    }

    /// The opinion `action` of the person's move at step `ply`, the game
    /// replayed there (`at`).
    fn judged(&self, at: &Replayed, ply: usize, action: &Value) -> Result<Value, TableError> {
        let moves = at.game.legal_moves();
        let find = |a: &Value| moves.iter().position(|m| m.action == *a);
        let computer = find(action)
            .ok_or_else(|| TableError::Conflict("the opinion answers another position: ask again".into()))?;
        let played = find(&self.truth.actions[ply])
            .ok_or_else(|| TableError::Broken("a stored move is not among its legal moves".into()))?;
        let player = crate::player_title(&self.hint_player()?, self.driver.players());
        Ok(json!({
            "ply": ply,
            "played": moves[played].label,
            "computer": moves[computer].label,
            "player": player,
            "agrees": computer == played,
        }))
    }

    /// The computer's opinion of the person's move at step `ply`, searched
    /// here under `flag` (a search cut short answers its best so far), as
    /// [`opinion_answer`](Table::opinion_answer), with the search's `why`
    /// (as a hint's). The same game and step give the same opinion.
    ///
    /// # Errors
    /// As [`opinion_turn`](Table::opinion_turn); [`TableError::Broken`]
    /// when the player finds nothing.
    pub fn opinion(&self, full: &Replayed, ply: u64, flag: &CancelFlag) -> Result<Value, TableError> {
        let (at, seat, ply) = self.person_move_at(full, ply)?;
        let mut agent = self
            .driver
            .agent(&self.hint_player()?, self.hint_seed(&at, seat))
            .map_err(|e| TableError::Broken(e.to_string()))?;
        let observation = at.game.observe(seat);
        let legal = at.game.legal();
        let decision = cancel_scope(flag, || agent.act(&observation, seat, &legal))
            .map_err(|e| TableError::Broken(e.to_string()))?;
        let mut answer = self.judged(&at, ply, &decision.action)?;
        answer["why"] = json!(decision.why());
        Ok(answer)
    }
}
