//! Every integration test of the crate, as one binary: each test binary
//! is a link of everything it uses, and CI links each once. The files
//! beside this one are its modules; `common` holds what they share.

// Counted, for the tests that a draw allocates nothing.
#[global_allocator]
static GLOBAL: tabula_conformance::alloc::Counting = tabula_conformance::alloc::Counting;

mod climbing;
mod determinize;
mod face_deal;
mod faces;
mod melds;
mod set;
mod wide;
