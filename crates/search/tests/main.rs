//! Every integration test of the crate, as one binary: each test binary
//! is a link of everything it uses, and CI links each once. The files
//! beside this one are its modules; `common` holds what they share.

mod playouts;
mod retrograde_classes;
mod reveals;
mod seen;
mod teams;
