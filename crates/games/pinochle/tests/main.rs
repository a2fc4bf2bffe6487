//! Every integration test of the crate, as one binary: each test binary
//! is a link of everything it uses, and CI links each once. The files
//! beside this one are its modules; `common` holds what they share.

/// Allocations are counted per thread (the tests measure their own).
#[global_allocator]
static GLOBAL: tabula_conformance::alloc::Counting = tabula_conformance::alloc::Counting;

mod ai;
mod common;
mod conformance;
mod melds;
mod module;
mod observation;
mod rules;
