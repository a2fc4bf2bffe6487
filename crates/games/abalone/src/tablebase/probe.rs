//! Probing: a position's value and the value of each of its moves.

use serde::Serialize;
use tabula_search::backward::Value;

use super::space::Solved;
use crate::movegen::apply;
use crate::moves::Move;
use crate::position::Position;

/// One move of a probed position, valued for the side that plays it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ProbeMove {
    /// The move, in notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// `win`, `loss` or `draw` for the side playing it.
    pub wdl: &'static str,
    /// Plies to the end under best play, counting this move (`None` for a draw).
    pub dtw: Option<u32>,
    /// The position after the move.
    pub after: String,
}

/// A probed position: its value for the side to move and every move's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Probe {
    /// `win`, `loss` or `draw` for the side to move.
    pub wdl: &'static str,
    /// Plies to the end under best play (`None` for a draw).
    pub dtw: Option<u32>,
    /// Every legal move, best first (shortest wins, draws, longest losses;
    /// ties in notation order).
    pub moves: Vec<ProbeMove>,
}

/// `win`/`loss`/`draw` and the distance.
pub fn wdl(v: Value) -> (&'static str, Option<u32>) {
    match v {
        Value::Win(d) => ("win", Some(d)),
        Value::Loss(d) => ("loss", Some(d)),
        Value::Draw => ("draw", None),
    }
}

/// The value of a move for the side that plays it, from the value of the
/// position it leads to (for the side to move there).
pub fn for_mover(child: Value) -> Value {
    match child {
        Value::Loss(k) => Value::Win(k + 1),
        Value::Win(k) => Value::Loss(k + 1),
        Value::Draw => Value::Draw,
    }
}

/// Orders values from the mover's point of view: shortest win first,
/// then draws, then the longest loss.
pub fn preference(v: Value) -> (u8, i64) {
    match v {
        Value::Win(d) => (0, i64::from(d)),
        Value::Draw => (1, 0),
        Value::Loss(d) => (2, -i64::from(d)),
    }
}

/// Every legal move with its value for the mover, best first; `None` when
/// a reached position's class is not solved.
///
/// Every move is looked up even after one is not found, so that tables a
/// browser fetches note every chunk the position needs at once.
pub fn valued_moves(solved: &Solved, pos: &Position) -> Option<Vec<(Move, Value, Position)>> {
    let mut out = Vec::new();
    let mut complete = true;
    for m in pos.legal_moves() {
        let after = apply(pos, m).0;
        match solved.value(&after) {
            Some(v) => out.push((m, for_mover(v), after)),
            None => complete = false,
        }
    }
    if !complete {
        return None;
    }
    out.sort_by_key(|&(m, v, _)| (preference(v), m));
    Some(out)
}

/// The best move by the tables (shortest win, else a draw, else the
/// longest loss), with its value for the mover.
pub fn best_move(solved: &Solved, pos: &Position) -> Option<(Move, Value)> {
    // Both looked up before either answers (see `valued_moves`).
    let (own, moves) = (solved.value(pos), valued_moves(solved, pos));
    own?;
    moves?.first().map(|&(m, v, _)| (m, v))
}

/// Probes a position: `None` when it is not in a solved class (or a move
/// reaches one that is not).
pub fn probe(solved: &Solved, pos: &Position) -> Option<Probe> {
    let (own, moves) = (solved.value(pos), valued_moves(solved, pos));
    let (w, d) = wdl(own?);
    let moves = moves?
        .into_iter()
        .map(|(m, v, after)| {
            let (mw, md) = wdl(v);
            ProbeMove {
                mv: m.to_string(),
                wdl: mw,
                dtw: md,
                after: after.to_string(),
            }
        })
        .collect();
    Some(Probe { wdl: w, dtw: d, moves })
}
