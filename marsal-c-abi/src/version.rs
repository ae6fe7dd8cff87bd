//! The library itself: its version.

use crate::pointers::try_mut;
use crate::status::{MarsalStatus, boundary};
use std::ffi::c_char;

/// Writes a pointer to the library version (a static NUL-terminated string such
/// as "0.1.0"; never free it) into `*out`.
///
/// # Safety
/// `out` must be NULL or point to a writable `const char *`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_version(out: *mut *const c_char) -> MarsalStatus {
    boundary(|| {
        let out = try_mut!(out, "out");
        *out = concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast();
        Ok(())
    })
}
