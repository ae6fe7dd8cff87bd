//! libmarsal as an example target: this package's library (`src/lib.rs`, the
//! C ABI of the `marsal_c_abi` crate) built as a cdylib and a staticlib,
//! `<target>/<profile>/examples/libmarsal.{so,a}`.
//!
//! `cargo test` builds every example of the packages it tests, and no library
//! that is only a cdylib and a staticlib: through this example README's test
//! command builds libmarsal with the tests, from the same sources and
//! dependencies, for `tests/hosts.rs` (the C and C++ hosts) to link. Use the
//! package's library itself (`cargo build -p marsal-ffi`, or cargo-c's
//! `cargo cinstall`) everywhere else.

#[path = "../src/lib.rs"]
mod library;

pub use library::*;
