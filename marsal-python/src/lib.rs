//! `marsal._native`, the compiled part of marsal's Python package.
//!
//! One shared object serves two purposes:
//! - it **is** libmarsal: it links the C ABI (the `marsal_c_abi` crate), so it
//!   exports every `marsal_*` function of `marsal.h`, which the package loads
//!   with ctypes (`marsal.lib`);
//! - it is a CPython extension module (the stable ABI, Python 3.9 and later)
//!   with the two calls a Python search makes every ply, written against the
//!   same C functions: [`GameCore`](game_core::GameCore), the base class of
//!   `marsal.Game` that holds `legal_moves` and `play`, and
//!   [`LegalMoves`](legal_moves::LegalMoves), the sequence `legal_moves`
//!   returns. Everything else in the package stays ctypes over the C ABI.
//!
//! These are the package's only per-ply path. When the C library it loaded
//! is not this module (`MARSAL_LIB` names another: `GameCore` acts on the
//! handles of the library it is compiled in), or when `MARSAL_NATIVE=0`,
//! `marsal.Game` makes the same two C calls through ctypes in a few lines
//! (the same results, slower a ply); `LegalMoves` is this module's either way.
//!
//! | file | what |
//! |---|---|
//! | `tables.rs` | what the package hands over once: its interned moves and outcomes, its error check |
//! | `legal_moves.rs` | `LegalMoves`, an immutable sequence of interned moves over their 4-byte codes |
//! | `game_core.rs` | `GameCore`: `legal_moves` and `play` of one game handle |

use pyo3::prelude::*;

/// The C ABI, linked from its Rust library (the `marsal_c_abi` crate): its
/// `#[no_mangle]` functions are the C symbols this module exports.
use marsal_c_abi as ffi;

mod game_core;
mod legal_moves;
mod tables;

/// The module `marsal._native`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<game_core::GameCore>()?;
    m.add_class::<legal_moves::LegalMoves>()?;
    m.add_function(wrap_pyfunction!(tables::_configure, m)?)?;
    m.add("MAX_LEGAL_MOVES", ffi::MARSAL_MAX_LEGAL_MOVES)?;
    Ok(())
}
