//! Result codes, the per-thread last error message, and the panic boundary.

use std::cell::RefCell;
use std::ffi::c_char;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// The result of every call of the C ABI.
///
/// `MARSAL_STATUS_OK` (0) is success; every other value is an error, and
/// `marsal_last_error_message` then gives a human-readable message for it.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarsalStatus {
    /// Success.
    Ok = 0,
    /// A pointer argument that must not be NULL was NULL.
    NullPointer = 1,
    /// An enum value or index coming from C is out of range (a side other than
    /// 0 or 1, a square outside the 12 x 12 grid, ...).
    InvalidArgument = 2,
    /// The caller's buffer is too small; the size needed was written to the
    /// call's length/count output.
    BufferTooSmall = 3,
    /// A text argument is not valid UTF-8.
    InvalidUtf8 = 4,
    /// A text argument is not valid notation or JSON (square, move, setup text,
    /// ruleset JSON, preset name).
    ParseError = 5,
    /// The ruleset is inconsistent (`Ruleset::validate` failed).
    InvalidRuleset = 6,
    /// A setup is not legal for the ruleset.
    InvalidSetup = 7,
    /// The move is not legal in the current position (nothing changed).
    IllegalMove = 8,
    /// The game has ended; no move is legal.
    GameOver = 9,
    /// `marsal_game_undo` with no move to undo.
    NothingToUndo = 10,
    /// No move has been played yet, so there is no last outcome.
    NoOutcome = 11,
    /// The library caught an internal panic (a bug in marsal); the handle's
    /// state is unchanged or must be considered lost, as the message says.
    Panic = 99,
}

/// An error on its way out of the ABI: a code and a message.
pub(crate) struct Error {
    pub(crate) status: MarsalStatus,
    pub(crate) message: String,
}

impl Error {
    pub(crate) fn new(status: MarsalStatus, message: impl Into<String>) -> Error {
        Error {
            status,
            message: message.into(),
        }
    }
}

pub(crate) type FfiResult = Result<(), Error>;

thread_local! {
    static LAST_ERROR: RefCell<String> = const { RefCell::new(String::new()) };
}

fn set_last_error(message: String) {
    LAST_ERROR.with(|e| *e.borrow_mut() = message);
}

/// Runs the body of an exported function: a returned error becomes its code
/// (and the thread's last error message), and a panic is caught and becomes
/// `MARSAL_STATUS_PANIC`, so no panic ever unwinds into the host.
pub(crate) fn boundary<F: FnOnce() -> FfiResult>(f: F) -> MarsalStatus {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(())) => MarsalStatus::Ok,
        Ok(Err(e)) => {
            set_last_error(e.message);
            e.status
        }
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            set_last_error(format!("internal error (panic) in marsal: {what}"));
            MarsalStatus::Panic
        }
    }
}

/// Writes the message of the most recent failed call on this thread (a
/// successful call leaves it as it was) into `buf`
/// (`cap` bytes, NUL-terminated) and its length (without the NUL) into
/// `*len_out`. With `buf` NULL or `cap` too small, returns
/// `MARSAL_STATUS_BUFFER_TOO_SMALL` after writing the length, so the caller can
/// size its buffer (length + 1). The message is empty when no call has failed on
/// this thread.
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
    let message = LAST_ERROR.with(|e| e.borrow().clone());
    // Not through `boundary`: reporting must not overwrite the message.
    match catch_unwind(AssertUnwindSafe(|| unsafe {
        super::write_text(&message, buf, cap, len_out)
    })) {
        Ok(Ok(())) => MarsalStatus::Ok,
        Ok(Err(e)) => e.status,
        Err(_) => MarsalStatus::Panic,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn last_message() -> String {
        let mut buf = [0 as c_char; 256];
        let mut len = 0usize;
        // SAFETY: a real buffer of 256 bytes and a real length.
        let s = unsafe { marsal_last_error_message(buf.as_mut_ptr(), buf.len(), &mut len) };
        assert_eq!(s, MarsalStatus::Ok);
        let bytes: Vec<u8> = buf[..len].iter().map(|&c| c as u8).collect();
        String::from_utf8(bytes).unwrap()
    }

    #[test]
    fn a_panic_becomes_a_status_and_a_message() {
        let prev = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let s = boundary(|| panic!("boom"));
        std::panic::set_hook(prev);
        assert_eq!(s, MarsalStatus::Panic);
        assert!(last_message().contains("boom"));
    }

    #[test]
    fn an_error_becomes_its_status_and_message() {
        let s = boundary(|| Err(Error::new(MarsalStatus::IllegalMove, "no way")));
        assert_eq!(s, MarsalStatus::IllegalMove);
        assert_eq!(last_message(), "no way");
        assert_eq!(boundary(|| Ok(())), MarsalStatus::Ok);
    }

    #[test]
    fn message_buffer_too_small_reports_the_length() {
        let _ = boundary(|| Err(Error::new(MarsalStatus::ParseError, "twelve chars")));
        let mut buf = [0 as c_char; 4];
        let mut len = 0usize;
        // SAFETY: a real 4-byte buffer.
        let s = unsafe { marsal_last_error_message(buf.as_mut_ptr(), buf.len(), &mut len) };
        assert_eq!((s, len), (MarsalStatus::BufferTooSmall, 12));
        // SAFETY: NULL buffer with capacity 0 is allowed.
        let s = unsafe { marsal_last_error_message(std::ptr::null_mut(), 0, &mut len) };
        assert_eq!((s, len), (MarsalStatus::BufferTooSmall, 12));
    }
}
