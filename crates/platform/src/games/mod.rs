//! The platform side of each game: names, options, players, text forms.

mod abalone;
mod common;
mod diagonal;
mod miniwhist;
mod skyjo;
mod tictactoe;

pub use diagonal::{DiagonalArena, DiagonalTable, diagonal_arena};
