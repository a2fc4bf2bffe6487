//! The platform side of each game: names, options, players, text forms.

mod miniwhist;
mod tictactoe;
