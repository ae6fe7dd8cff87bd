//! The position of a game: its hash, its ply count and its position text.

use super::*;
use std::ffi::c_char;

/// Writes the Zobrist hash of the current position into `*out`.
///
/// # Safety
/// `game` must be NULL or a live handle; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_hash(game: *const MarsalGame, out: *mut u64) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let g = unsafe { get(game, "game") }?;
        // SAFETY: the caller's promise.
        *unsafe { get_mut(out, "out") }? = g.game.position().hash();
        Ok(())
    })
}

/// Writes the number of plies played into `*out`.
///
/// # Safety
/// `game` must be NULL or a live handle; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_ply(game: *const MarsalGame, out: *mut u32) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let g = unsafe { get(game, "game") }?;
        // SAFETY: the caller's promise.
        *unsafe { get_mut(out, "out") }? = g.game.position().ply();
        Ok(())
    })
}

/// Writes the current position in the position text form into `buf` (the
/// referee's full information: for logging, never for a player).
///
/// # Safety
/// `game` must be NULL or a live handle; `buf` NULL or `cap` writable bytes;
/// `len_out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_position_text(
    game: *const MarsalGame,
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        let g = unsafe { get(game, "game") }?;
        let t = g.game.position().to_text().to_string();
        // SAFETY: the caller's promise.
        unsafe { write_text(&t, buf, cap, len_out) }
    })
}
