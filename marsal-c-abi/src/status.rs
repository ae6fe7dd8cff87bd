//! Result codes, the per-thread last error message, and the panic boundary.

use std::cell::RefCell;
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
#[derive(Debug)]
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

/// The most bytes a stored message keeps (a longer one is cut at a character
/// boundary and ends with an ellipsis).
pub(crate) const MAX_MESSAGE: usize = 1024;

/// The most characters of user text a message quotes (see [`quote`]).
pub(crate) const MAX_QUOTED_CHARS: usize = 64;

pub(crate) type Message = arrayvec::ArrayString<MAX_MESSAGE>;

thread_local! {
    // A fixed buffer without a destructor: such a thread-local is never
    // destroyed, so it can be used from any thread-local or pthread key
    // destructor (a host's pthread key destructor runs after the thread's
    // Rust thread-locals are gone), and it bounds the memory kept per thread.
    static LAST_ERROR: RefCell<Message> = const { RefCell::new(Message::new_const()) };
}

/// `s` quoted for a message: at most [`MAX_QUOTED_CHARS`] characters (then an
/// ellipsis), in double quotes, with quotes, backslashes, NUL and every other
/// control character escaped as in Rust (`\0`, `\n`, `\u{1b}`); a cut quote
/// ends with `…` inside the quotes.
pub(crate) fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len().min(MAX_QUOTED_CHARS * 2) + 8);
    out.push('"');
    for (i, c) in s.chars().enumerate() {
        if i == MAX_QUOTED_CHARS {
            out.push('\u{2026}');
            break;
        }
        if c.is_control() || c == '"' || c == '\\' {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out.push('"');
    out
}

/// `message` as it is stored: every control character (NUL included) escaped
/// (`\u{0}`, `\u{1b}`, ...), so that `strlen` of the C string is its length
/// and no raw escape sequence reaches a terminal, and cut to
/// [`MAX_MESSAGE`] bytes with an ellipsis (bounded memory a thread).
pub(crate) fn clean_message(message: &str) -> Message {
    const ELLIPSIS: &str = "...";
    let mut out = Message::new();
    let mut buf = [0u8; 16];
    for c in message.chars() {
        let piece: &str = if c.is_control() {
            let mut n = 0;
            for e in c.escape_unicode() {
                n += e.encode_utf8(&mut buf[n..]).len();
            }
            core::str::from_utf8(&buf[..n]).unwrap_or("?")
        } else {
            c.encode_utf8(&mut buf)
        };
        if out.len() + piece.len() > MAX_MESSAGE - ELLIPSIS.len() {
            out.push_str(ELLIPSIS);
            return out;
        }
        out.push_str(piece);
    }
    out
}

fn set_last_error(message: &str) {
    let message = clean_message(message);
    // `try_with` and `try_borrow_mut`: storing a message never panics (a
    // thread-local without a destructor is always there, but be safe anyway).
    let _ = LAST_ERROR.try_with(|e| {
        if let Ok(mut e) = e.try_borrow_mut() {
            *e = message;
        }
    });
}

/// Runs the body of an exported function: a returned error becomes its code
/// (and the thread's last error message), and a panic is caught and becomes
/// `MARSAL_STATUS_PANIC`, so no panic ever unwinds into the host.
pub(crate) fn boundary<F: FnOnce() -> FfiResult>(f: F) -> MarsalStatus {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(())) => MarsalStatus::Ok,
        Ok(Err(e)) => {
            set_last_error(&e.message);
            e.status
        }
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            set_last_error(&format!("internal error (panic) in marsal: {what}"));
            MarsalStatus::Panic
        }
    }
}

/// The message of the most recent failed call on this thread (empty when no
/// call has failed on it); readable from thread-local and pthread key
/// destructors too.
pub(crate) fn last_error() -> Message {
    LAST_ERROR
        .try_with(|e| e.try_borrow().map(|m| *m).unwrap_or_default())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::last_error::marsal_last_error_message;
    use std::ffi::c_char;

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
