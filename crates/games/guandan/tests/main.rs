//! Guandan's tests, as one binary: the cards at every level and the
//! combinations a hand can play.

mod moves;
