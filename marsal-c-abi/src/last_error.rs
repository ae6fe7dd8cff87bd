//! `marsal_last_error_message`: the message of the last failed call on this
//! thread, written into the caller's buffer (the message itself is kept in
//! `status.rs`, the buffer written as every text output is, by `pointers.rs`).

use crate::pointers::write_text;
use crate::status::{MarsalStatus, last_error};
use std::ffi::c_char;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// Writes the message of the most recent failed call on this thread (a
/// successful call leaves it as it was) into `buf`
/// (`cap` bytes, NUL-terminated) and its length (without the NUL) into
/// `*len_out`. With `buf` NULL or `cap` too small, returns
/// `MARSAL_STATUS_BUFFER_TOO_SMALL` after writing the length, so the caller can
/// size its buffer (length + 1). The message is empty when no call has failed on
/// this thread. A message has no control character (they are escaped as
/// `\u{..}`: `strlen` of it is its length) and at most 1023 bytes; it may be
/// read, and calls may fail, from thread-local or pthread key destructors.
///
/// # Safety
/// `buf` must be NULL or point to `cap` writable bytes; `len_out` must be NULL or
/// point to a writable `size_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_last_error_message(
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> MarsalStatus {
    // Not through `boundary`: reporting must not overwrite the message.
    match catch_unwind(AssertUnwindSafe(|| {
        let message = last_error();
        // SAFETY: the caller's promise.
        unsafe { write_text(&message, buf, cap, len_out) }
    })) {
        Ok(Ok(())) => MarsalStatus::Ok,
        Ok(Err(e)) => e.status,
        Err(_) => MarsalStatus::Panic,
    }
}
