//! Every integration test of the crate, as one binary: each test binary
//! is a link of everything it uses, and CI links each once. The files
//! beside this one are its modules.

mod conformance;
mod equilibrium;
mod players;
mod properties;
mod rules;
