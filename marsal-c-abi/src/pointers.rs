//! Checked pointers across the C ABI: handles and references from pointers
//! (NULL is an error), text in (NUL-terminated UTF-8), array inputs, and text
//! and array outputs into caller buffers (the size query convention of the
//! crate documentation).

use crate::errors::invalid;
use crate::status::{Error, FfiResult, MarsalStatus};
use std::ffi::{CStr, c_char};

pub(crate) fn null(what: &str) -> Error {
    Error::new(MarsalStatus::NullPointer, format!("{what} is NULL"))
}

/// A reference from a handle pointer, or a `NullPointer` error.
///
/// # Safety
/// `p` must be NULL or point to a live value.
pub(crate) unsafe fn get<'a, T>(p: *const T, what: &str) -> Result<&'a T, Error> {
    // SAFETY: checked for NULL; the caller promises a live value otherwise.
    unsafe { p.as_ref() }.ok_or_else(|| null(what))
}

/// A mutable reference from a pointer, or a `NullPointer` error.
///
/// # Safety
/// `p` must be NULL or point to a live, writable value not used elsewhere now.
pub(crate) unsafe fn get_mut<'a, T>(p: *mut T, what: &str) -> Result<&'a mut T, Error> {
    // SAFETY: checked for NULL; the caller promises exclusive access otherwise.
    unsafe { p.as_mut() }.ok_or_else(|| null(what))
}

/// Writes `value` through `p` when `p` is not NULL.
///
/// # Safety
/// `p` must be NULL or point to writable memory for a `T`.
pub(crate) unsafe fn put_opt<T>(p: *mut T, value: T) {
    if !p.is_null() {
        // SAFETY: not NULL; the caller promises it is writable.
        unsafe { p.write(value) };
    }
}

/// A `&str` from a NUL-terminated C string.
///
/// # Safety
/// `p` must be NULL or point to a NUL-terminated string.
pub(crate) unsafe fn text<'a>(p: *const c_char, what: &str) -> Result<&'a str, Error> {
    if p.is_null() {
        return Err(null(what));
    }
    // SAFETY: not NULL and NUL-terminated by the caller's promise.
    let c = unsafe { CStr::from_ptr(p) };
    c.to_str().map_err(|e| {
        Error::new(
            MarsalStatus::InvalidUtf8,
            format!("{what} is not valid UTF-8: {e}"),
        )
    })
}

/// Writes `s` NUL-terminated into `buf` (`cap` bytes) and its length into
/// `*len_out` (see the module conventions).
///
/// # Safety
/// `buf` must be NULL or point to `cap` writable bytes; `len_out` NULL or writable.
pub(crate) unsafe fn write_text(
    s: &str,
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> FfiResult {
    // SAFETY: forwarded promise.
    unsafe { put_opt(len_out, s.len()) };
    if buf.is_null() || cap < s.len() + 1 {
        return Err(Error::new(
            MarsalStatus::BufferTooSmall,
            format!(
                "the text needs {} bytes (with its NUL), the buffer has {cap}",
                s.len() + 1
            ),
        ));
    }
    // SAFETY: `buf` has room for `s.len() + 1` bytes, checked above.
    unsafe {
        std::ptr::copy_nonoverlapping(s.as_ptr(), buf.cast::<u8>(), s.len());
        buf.add(s.len()).write(0);
    }
    Ok(())
}

/// Writes `items` into `buf` (`cap` elements) and their number into `*count_out`.
///
/// # Safety
/// `buf` must be NULL or point to `cap` writable elements; `count_out` NULL or
/// writable.
pub(crate) unsafe fn write_items<T: Copy>(
    items: &[T],
    buf: *mut T,
    cap: usize,
    count_out: *mut usize,
    what: &str,
) -> FfiResult {
    // SAFETY: forwarded promise.
    unsafe { put_opt(count_out, items.len()) };
    if items.is_empty() {
        return Ok(());
    }
    if buf.is_null() || cap < items.len() {
        return Err(Error::new(
            MarsalStatus::BufferTooSmall,
            format!(
                "{} {what} need a buffer of {} elements, it has {cap}",
                items.len(),
                items.len()
            ),
        ));
    }
    // SAFETY: `buf` has room for `items.len()` elements, checked above.
    unsafe { std::ptr::copy_nonoverlapping(items.as_ptr(), buf, items.len()) };
    Ok(())
}

/// A slice over the C array `p` of `count` elements, or a `NullPointer` error
/// (`what` names the argument). NULL is accepted when `count` is 0.
///
/// # Safety
/// `p` must be NULL or point to `count` readable elements.
pub(crate) unsafe fn array<'a, T>(p: *const T, count: usize, what: &str) -> Result<&'a [T], Error> {
    if count == 0 {
        return Ok(&[]);
    }
    if p.is_null() {
        return Err(null(what));
    }
    if count > isize::MAX as usize / std::mem::size_of::<T>().max(1) {
        // No array can be that long: refuse rather than build the slice.
        return Err(Error::new(
            MarsalStatus::InvalidArgument,
            format!("{what}: {count} elements cannot be an array in memory"),
        ));
    }
    // SAFETY: not NULL; the caller promises `count` readable elements (and
    // their total size fits in `isize`, checked above).
    Ok(unsafe { std::slice::from_raw_parts(p, count) })
}

/// A mutable slice of `needed` elements over the caller buffer `p` of `cap`,
/// or `BufferTooSmall` naming `what`.
///
/// # Safety
/// `p` must be NULL or point to `cap` writable elements.
pub(crate) unsafe fn out_slice<'a, T>(
    p: *mut T,
    cap: usize,
    needed: usize,
    what: &str,
) -> Result<&'a mut [T], Error> {
    if needed == 0 {
        return Ok(&mut []);
    }
    if p.is_null() || cap < needed {
        return Err(Error::new(
            MarsalStatus::BufferTooSmall,
            format!("{what} needs {needed} elements, the buffer has {cap}"),
        ));
    }
    // SAFETY: not NULL, at least `needed <= cap` writable elements by the
    // caller's promise (and `cap` elements exist in memory, so the size fits).
    Ok(unsafe { std::slice::from_raw_parts_mut(p, needed) })
}

/// `count * block`, or an error when it cannot be a size in memory.
pub(crate) fn total(count: usize, block: usize, what: &str) -> Result<usize, Error> {
    count
        .checked_mul(block)
        .filter(|&n| n <= isize::MAX as usize / 4)
        .ok_or_else(|| invalid(format!("{count} {what} of {block} do not fit in memory")))
}

// The checked pointers of a C function's arguments, each an expression that
// returns the error from the function (`?`) when the pointer is NULL or its
// target unusable. Only for the pointers a C caller passed to an exported
// function whose `# Safety` section promises each is NULL or valid as the
// function says: that promise is what makes the `unsafe` blocks sound.

/// `&T` from a handle or input pointer, else `MARSAL_STATUS_NULL_POINTER`
/// naming `$what` (see [`get`]).
macro_rules! try_ref {
    ($p:expr, $what:expr) => {
        // SAFETY: the C caller's promise (the exported function's `# Safety`).
        unsafe { $crate::pointers::get($p, $what) }?
    };
}
pub(crate) use try_ref;

/// `&mut T` from an output or handle pointer, else
/// `MARSAL_STATUS_NULL_POINTER` naming `$what` (see [`get_mut`]).
macro_rules! try_mut {
    ($p:expr, $what:expr) => {
        // SAFETY: the C caller's promise (the exported function's `# Safety`).
        unsafe { $crate::pointers::get_mut($p, $what) }?
    };
}
pub(crate) use try_mut;

/// `&str` from a NUL-terminated C string, else `MARSAL_STATUS_NULL_POINTER`
/// or `MARSAL_STATUS_INVALID_UTF8` naming `$what` (see [`text`]).
macro_rules! try_text {
    ($p:expr, $what:expr) => {
        // SAFETY: the C caller's promise (the exported function's `# Safety`).
        unsafe { $crate::pointers::text($p, $what) }?
    };
}
pub(crate) use try_text;

/// `&[T]` from a C array of `$count` elements, else the error of [`array`].
macro_rules! try_slice {
    ($p:expr, $count:expr, $what:expr) => {
        // SAFETY: the C caller's promise (the exported function's `# Safety`).
        unsafe { $crate::pointers::array($p, $count, $what) }?
    };
}
pub(crate) use try_slice;

/// `&mut [T]` of `$needed` elements from a caller buffer of `$cap`, else
/// `MARSAL_STATUS_BUFFER_TOO_SMALL` naming `$what` (see `out_slice`).
macro_rules! try_out_slice {
    ($p:expr, $cap:expr, $needed:expr, $what:expr) => {
        // SAFETY: the C caller's promise (the exported function's `# Safety`).
        unsafe { $crate::pointers::out_slice($p, $cap, $needed, $what) }?
    };
}
pub(crate) use try_out_slice;

/// Writes `$value` through an optional output pointer (nothing when it is
/// NULL; see [`put_opt`]).
macro_rules! write_opt {
    ($p:expr, $value:expr) => {
        // SAFETY: the C caller's promise (the exported function's `# Safety`).
        unsafe { $crate::pointers::put_opt($p, $value) }
    };
}
pub(crate) use write_opt;
