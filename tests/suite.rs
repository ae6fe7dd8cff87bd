//! marsal's integration tests: one test program, a module per concern (each
//! module's documentation says what it checks). One program builds and links
//! the dependencies once, where a program per concern compiled the same
//! generic code (the engine's, proptest's, the standard library's) again in
//! each of them: a third less CPU to build these four: errors, rules,
//! formats and hidden.
//!
//! One concern: `cargo test -p marsal --test suite rules::`.
//!
//! The modules that need `std` are left out without it; the others leave out,
//! module by module, what their features lack.

#[path = "common/mod.rs"]
mod common;

#[path = "costs/main.rs"]
mod costs;
#[path = "errors/main.rs"]
mod errors;
#[path = "formats/main.rs"]
mod formats;
#[path = "hidden/main.rs"]
mod hidden;
#[cfg(feature = "std")]
#[path = "properties/main.rs"]
mod properties;
#[path = "rules/main.rs"]
mod rules;
#[cfg(feature = "std")]
mod search;
#[cfg(feature = "std")]
mod search_tree;
