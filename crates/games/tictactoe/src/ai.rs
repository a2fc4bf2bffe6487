//! Tic-tac-toe knowledge for the searches: an evaluation for depth-limited
//! search and the centre-corners-edges move order.

use tabula_search::{Evaluator, MoveOrder, Score};

use crate::board::{Board, LINES, Mark, Square, TicTacToe};

/// Weight of a line holding one mark of a side and no mark of the other.
pub const ONE_IN_LINE: Score = 1;
/// Weight of a line holding two marks of a side and no mark of the other.
pub const TWO_IN_LINE: Score = 4;
/// Base value of a won game; the number of free squares is added, so that
/// faster wins (and slower losses) are preferred.
pub const WIN: Score = 100;

/// Open lines: each line still winnable by one side counts for that side,
/// more when it holds two marks. Won games are worth ±([`WIN`] + free squares).
#[derive(Clone, Copy, Debug, Default)]
pub struct OpenLines;

impl Evaluator<TicTacToe> for OpenLines {
    fn evaluate(&self, _: &TicTacToe, b: &Board) -> Score {
        let (x, o) = (b.x_mask(), b.o_mask());
        LINES
            .iter()
            .map(|&l| {
                let (nx, no) = ((x & l).count_ones(), (o & l).count_ones());
                let weight = |n| match n {
                    1 => ONE_IN_LINE,
                    2 => TWO_IN_LINE,
                    _ => 0,
                };
                match (nx, no) {
                    (n, 0) => weight(n),
                    (0, n) => -weight(n),
                    _ => 0,
                }
            })
            .sum()
    }

    fn terminal(&self, _: &TicTacToe, b: &Board) -> Score {
        let bonus = b.free().count_ones() as Score;
        match b.winner() {
            Some(Mark::X) => WIN + bonus,
            Some(Mark::O) => -(WIN + bonus),
            None => 0,
        }
    }
}

/// The centre first, then the corners, then the edges (each group in
/// ascending order).
#[derive(Clone, Copy, Debug, Default)]
pub struct CentreFirst;

/// Rank of a square in [`CentreFirst`] order.
fn rank(square: Square) -> u8 {
    match square {
        4 => 0,
        0 | 2 | 6 | 8 => 1,
        _ => 2,
    }
}

impl MoveOrder<TicTacToe> for CentreFirst {
    fn order(&self, _: &TicTacToe, _: &Board, actions: &mut [Square]) {
        actions.sort_by_key(|&s| rank(s));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centre_corners_edges() {
        let mut squares: Vec<Square> = (0..9).collect();
        CentreFirst.order(&TicTacToe, &Board::new(), &mut squares);
        assert_eq!(squares, [4, 0, 2, 6, 8, 1, 3, 5, 7]);
    }

    #[test]
    fn open_lines_favour_the_side_with_more_threats() {
        let b: Board = "xx.o.o...".parse().unwrap();
        // X: row 0 holds two (+4), column 1 and the diagonal 0-4-8 one each (+1 +1).
        // O: row 1 holds two (−4), column 2 one (−1). Column 0 is blocked.
        assert_eq!(OpenLines.evaluate(&TicTacToe, &b), 4 + 1 + 1 - 4 - 1);
        let won: Board = "xxxoo....".parse().unwrap();
        assert_eq!(OpenLines.terminal(&TicTacToe, &won), WIN + 4);
    }
}
