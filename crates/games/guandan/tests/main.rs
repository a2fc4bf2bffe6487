//! Guandan's tests, as one binary: the cards at every level, the
//! combinations a hand can play, and the rules of the hand and the match.

mod moves;
mod observation;
mod rules;
