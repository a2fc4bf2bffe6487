//! Guandan's tests, as one binary: the cards at every level, the
//! combinations a hand can play, the rules of the hand and the match,
//! the observations and their worlds, and the game through the search
//! library's traits.

mod ai;
mod common;
mod conformance;
mod game;
mod module;
mod moves;
mod observation;
mod rules;
