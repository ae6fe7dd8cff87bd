//! `libmarsal`, the C library of marsal: a cdylib and a staticlib of the C
//! ABI that the `marsal_c_abi` crate writes (see that crate for the
//! conventions, and `include/marsal.h`). A cdylib or a staticlib exports the
//! `#[no_mangle]` functions of every crate it links, so this crate only links
//! that one.

pub use marsal_c_abi::*;
