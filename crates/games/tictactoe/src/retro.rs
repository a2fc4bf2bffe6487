//! Tic-tac-toe as a retrograde-analysis space: every board numbered in base
//! 3 (square `s` is digit `s`: 0 empty, 1 X, 2 O), optionally folded by the
//! eight symmetries of the square.

use tabula_search::retrograde::IndexedSpace;

use crate::board::{Board, Square, TicTacToe};

/// The eight symmetries of the board, as square permutations
/// (`SYMMETRIES[k][s]` is where square `s` goes).
pub const SYMMETRIES: [[Square; 9]; 8] = symmetries();

const fn symmetries() -> [[Square; 9]; 8] {
    let mut out = [[0; 9]; 8];
    let mut k = 0;
    while k < 8 {
        let mut s = 0;
        while s < 9 {
            let (mut r, mut c) = (s / 3, s % 3);
            // k & 3 quarter turns clockwise, then a mirror if k >= 4.
            let mut turns = k & 3;
            while turns > 0 {
                let nr = c;
                c = 2 - r;
                r = nr;
                turns -= 1;
            }
            if k >= 4 {
                c = 2 - c;
            }
            out[k][s] = (r * 3 + c) as Square;
            s += 1;
        }
        k += 1;
    }
    out
}

/// Number of base-3 codes: every assignment of the nine squares.
pub const CODES: u64 = 19_683;

fn code_of(x: u16, o: u16, perm: &[Square; 9]) -> u64 {
    let mut code = 0u64;
    let mut p = 1u64;
    let mut images = [0u64; 9];
    for (s, &to) in perm.iter().enumerate() {
        let digit = if x & (1 << s) != 0 {
            1
        } else if o & (1 << s) != 0 {
            2
        } else {
            0
        };
        images[to as usize] = digit;
    }
    for d in images {
        code += d * p;
        p *= 3;
    }
    code
}

/// The board a symmetry maps `b` to.
pub fn transform(b: &Board, perm: &[Square; 9]) -> Board {
    let (mut x, mut o) = (0u16, 0u16);
    for (s, &to) in perm.iter().enumerate() {
        if b.x_mask() & (1 << s) != 0 {
            x |= 1 << to;
        }
        if b.o_mask() & (1 << s) != 0 {
            o |= 1 << to;
        }
    }
    Board::from_masks(x, o).expect("a symmetry maps a legal board to a legal board")
}

/// The base-3 code of a board (identity symmetry).
pub fn code(b: &Board) -> u64 {
    code_of(b.x_mask(), b.o_mask(), &SYMMETRIES[0])
}

/// The board with a code, if the code is a legal position.
pub fn board_of_code(mut code: u64) -> Option<Board> {
    if code >= CODES {
        return None;
    }
    let (mut x, mut o) = (0u16, 0u16);
    for s in 0..9 {
        match code % 3 {
            1 => x |= 1 << s,
            2 => o |= 1 << s,
            _ => {}
        }
        code /= 3;
    }
    Board::from_masks(x, o).ok()
}

/// Every legal tic-tac-toe position, with or without symmetry folding.
#[derive(Clone, Copy, Debug, Default)]
pub struct TttSpace {
    /// Fold the eight symmetries: only the smallest code of each orbit is a
    /// position of the space.
    pub symmetric: bool,
}

impl TttSpace {
    fn canonical(&self, b: &Board) -> u64 {
        if self.symmetric {
            SYMMETRIES
                .iter()
                .map(|p| code_of(b.x_mask(), b.o_mask(), p))
                .min()
                .expect("eight symmetries")
        } else {
            code(b)
        }
    }
}

impl IndexedSpace for TttSpace {
    type Game = TicTacToe;

    fn size(&self) -> u64 {
        CODES
    }

    fn position(&self, index: u64) -> Option<Board> {
        let b = board_of_code(index)?;
        (self.canonical(&b) == index).then_some(b)
    }

    fn locate(&self, b: &Board) -> Option<u64> {
        Some(self.canonical(b))
    }

    fn multiplicity(&self, index: u64) -> u64 {
        if !self.symmetric {
            return 1;
        }
        let Some(b) = board_of_code(index) else { return 0 };
        let mut images: Vec<u64> = SYMMETRIES.iter().map(|p| code_of(b.x_mask(), b.o_mask(), p)).collect();
        images.sort_unstable();
        images.dedup();
        images.len() as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetries_are_distinct_bijections_preserving_lines() {
        let mut seen = std::collections::HashSet::new();
        for perm in &SYMMETRIES {
            let mut sorted = *perm;
            sorted.sort_unstable();
            assert_eq!(sorted, [0, 1, 2, 3, 4, 5, 6, 7, 8]);
            assert!(seen.insert(*perm));
            for line in crate::board::LINES {
                let mapped = (0..9)
                    .filter(|s| line & (1 << s) != 0)
                    .fold(0u16, |m, s| m | 1 << perm[s]);
                assert!(crate::board::LINES.contains(&mapped));
            }
        }
        assert_eq!(SYMMETRIES[0], [0, 1, 2, 3, 4, 5, 6, 7, 8]);
    }

    #[test]
    fn codes_round_trip() {
        let b: Board = "x.o.x...o".parse().unwrap();
        assert_eq!(board_of_code(code(&b)), Some(b));
    }
}
