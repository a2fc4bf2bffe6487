//! Every integration test of the crate, as one binary: each test binary
//! is a link of everything it uses, and CI links each once. The files
//! beside this one are its modules; `common` holds what they share.

mod conformance;
mod experiment;
mod grids;
mod records;
mod rules;
mod search;
mod states;
mod views;
