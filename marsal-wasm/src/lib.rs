//! The WebAssembly package of marsal: a thin skin over the Rust API for
//! JavaScript and TypeScript hosts, built with wasm-bindgen into an ES module
//! with TypeScript declarations (`bash marsal-wasm/build.sh`).
//!
//! # Conventions
//! - Values cross as plain JavaScript objects in the library's serde forms
//!   (a [`marsal::View`] as `{side, status, ply, ..., squares: [...]}`; the
//!   TypeScript declarations describe each one); moves cross as text
//!   (`e2-e3`, `e2xe3` for an attack).
//! - Every failure is a JavaScript `Error` whose message is the library's,
//!   with what was refused quoted in front (`move "e9-e8": ...`); an argument
//!   of the wrong type is a `TypeError`, a number out of range (NaN,
//!   Infinity, a fraction, a count too large) a `RangeError`, each naming the
//!   argument (`seed: expected an integer from 0 to 2^53 - 1, got -1`).
//!   Nothing a caller can send panics or traps: arguments arrive as
//!   `JsValue`s and are checked (see `args`); the build's `guard.mjs` makes
//!   every method check its `this` (a wrong, forged or freed object throws).
//! - Seeds are JavaScript numbers: integers from 0 to 2^53 - 1.
//! - The crate builds on the native host too (its tests and clippy run there);
//!   only the `wasm_bindgen` glue needs a JavaScript engine.
#![deny(unsafe_code)]

mod api;
mod args;
mod bots;
mod render;
pub use api::*;
pub use args::{Error, ErrorKind};
