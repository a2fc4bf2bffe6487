//! Tic-tac-toe passes the conformance suite.

use tabula_conformance::{Config, check};
use tabula_tictactoe::{Board, TicTacToe};

#[test]
fn tictactoe_conforms() {
    let starts: Vec<Board> = [".........", "....x....", "xo.......", "xx.oo...."]
        .iter()
        .map(|t| t.parse().unwrap())
        .collect();
    let candidates: Vec<u8> = (0..12).collect();
    let report = check(&TicTacToe, &starts, &candidates, &Config::default());
    assert_eq!(report.playouts, 4 * 200);
    assert_eq!(report.terminals, report.playouts);
    assert!(report.longest <= 9);
}

#[test]
fn the_game_contract_holds() {
    let r = tabula_conformance::module::check_module(&TicTacToe, &[1, 2, 3], 20);
    assert_eq!(r.games, 3);
    assert_eq!(r.players, 3 * 7);
}
