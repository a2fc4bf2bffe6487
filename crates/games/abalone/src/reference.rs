//! The reference move generator, written straight from the rules on an
//! array of cells, for cross-checking the bitboard generator. Slow and
//! plain on purpose: no bit tricks, one rule per line.

use crate::geometry::{CELLS, Cell, Dir};
use crate::moves::Move;
use crate::position::{Position, Side};

type Board = [Option<Side>; CELLS];

fn board_of(pos: &Position) -> Board {
    let mut b = [None; CELLS];
    for c in Cell::all() {
        b[c.index()] = pos.at(c);
    }
    b
}

fn position_of(board: &Board, to_move: Side, lose_at: u8) -> Position {
    let cells = |side| {
        Cell::all()
            .filter(|c| board[c.index()] == Some(side))
            .collect::<Vec<_>>()
    };
    Position::new(&cells(Side::Black), &cells(Side::White), to_move, Some(lose_at))
        .expect("a board from rules is valid")
}

/// Every legal move of `pos` with the position it leads to, in no
/// particular order. No moves once a side is at or below its losing count.
pub fn moves(pos: &Position) -> Vec<(Move, Position)> {
    let mut out = Vec::new();
    if pos.loser().is_some() {
        return out;
    }
    let me = pos.to_move();
    let board = board_of(pos);
    for first in Cell::all().filter(|c| board[c.index()] == Some(me)) {
        for len in 1..=3 {
            let axes: &[Dir] = if len == 1 { &[Dir::E] } else { &Dir::AXES };
            for &axis in axes {
                // The line: `len` cells from `first` along `axis`, all mine.
                let Some(line) = line_of(first, axis, len) else {
                    continue;
                };
                if line.iter().any(|c| board[c.index()] != Some(me)) {
                    continue;
                }
                for dir in Dir::ALL {
                    let after = if len == 1 || dir.axis() == axis {
                        in_line(&board, &line, dir, me)
                    } else {
                        broadside(&board, &line, dir, me)
                    };
                    if let Some(after) = after {
                        let m = Move::new(first, axis, len, dir).expect("the line is on the board");
                        out.push((m, position_of(&after, me.other(), pos.lose_at())));
                    }
                }
            }
        }
    }
    out
}

fn line_of(first: Cell, axis: Dir, len: usize) -> Option<Vec<Cell>> {
    let mut line = vec![first];
    for _ in 1..len {
        line.push(line.last()?.neighbour(axis)?);
    }
    Some(line)
}

/// An in-line move: the line advances along its axis, pushing opponent
/// marbles it strictly outnumbers.
fn in_line(board: &Board, line: &[Cell], dir: Dir, me: Side) -> Option<Board> {
    // The head is the marble in front, in the direction of travel.
    let head = line
        .iter()
        .copied()
        .find(|c| c.neighbour(dir).is_none_or(|n| !line.contains(&n)))?;
    // Moving one's own marble off the board is never allowed.
    let target = head.neighbour(dir)?;
    let mut after = *board;
    match board[target.index()] {
        None => {}
        Some(side) if side == me => return None,
        Some(_) => {
            // Count the opponent's marbles in a row in front of the line.
            let mut run = vec![target];
            let mut next = target.neighbour(dir);
            while let Some(c) = next {
                if board[c.index()] == Some(me.other()) {
                    run.push(c);
                    next = c.neighbour(dir);
                } else {
                    break;
                }
            }
            // Sumito: strictly more pushers than pushed.
            if run.len() >= line.len() {
                return None;
            }
            // The pushed group must be followed by an empty cell or the edge.
            if let Some(c) = next
                && board[c.index()].is_some()
            {
                return None;
            }
            for c in &run {
                after[c.index()] = None;
            }
            for c in &run {
                if let Some(n) = c.neighbour(dir) {
                    after[n.index()] = Some(me.other());
                }
            }
        }
    }
    move_line(&mut after, line, dir, me);
    Some(after)
}

/// A broadside move: every marble steps sideways into an empty cell.
fn broadside(board: &Board, line: &[Cell], dir: Dir, me: Side) -> Option<Board> {
    for c in line {
        let to = c.neighbour(dir)?;
        if board[to.index()].is_some() {
            return None;
        }
    }
    let mut after = *board;
    move_line(&mut after, line, dir, me);
    Some(after)
}

fn move_line(board: &mut Board, line: &[Cell], dir: Dir, me: Side) {
    for c in line {
        board[c.index()] = None;
    }
    for c in line {
        board[c.neighbour(dir).expect("checked on the board").index()] = Some(me);
    }
}
