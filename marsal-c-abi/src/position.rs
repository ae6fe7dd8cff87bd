//! The position of a game: its hash, its ply count and its position text.

use crate::game::MarsalGame;
use crate::pointers::{put_opt, try_mut, try_ref, write_text};
use crate::status::{MarsalStatus, boundary};
use crate::values::side;
use std::ffi::c_char;

/// Writes the Zobrist hash of the current position into `*out`.
///
/// # Safety
/// `game` must be NULL or a live handle; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_hash(game: *const MarsalGame, out: *mut u64) -> MarsalStatus {
    boundary(|| {
        let g = try_ref!(game, "game");
        *try_mut!(out, "out") = g.game.position().hash();
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
        let g = try_ref!(game, "game");
        *try_mut!(out, "out") = g.game.position().ply();
        Ok(())
    })
}

/// How `game` stands for `side_code` (0 red, 1 blue) as a learning
/// environment reports a step: `*reward` +1.0 when that side won, -1.0 when
/// it lost, else 0.0; `*terminated` 1 when the game ended by the rules;
/// `*truncated` 1 when it goes on but has reached `max_plies` plies (0: no
/// limit). Each output may be NULL (not written). A `side_code` other than 0
/// or 1 is `MARSAL_STATUS_INVALID_ARGUMENT`.
///
/// # Safety
/// `game` must be NULL or a live handle; each output NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_step_result(
    game: *const MarsalGame,
    side_code: u8,
    max_plies: u32,
    reward: *mut f32,
    terminated: *mut bool,
    truncated: *mut bool,
) -> MarsalStatus {
    boundary(|| {
        let g = &try_ref!(game, "game").game;
        let limit = (max_plies > 0).then_some(max_plies);
        let end = marsal_host::step_result(g.status(), g.position().ply(), limit, side(side_code)?);
        // SAFETY: the caller's promise (each NULL or writable).
        unsafe {
            put_opt(reward, end.reward);
            put_opt(terminated, end.terminated);
            put_opt(truncated, end.truncated);
        }
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
        let g = try_ref!(game, "game");
        let t = g.game.position().to_text().to_string();
        // SAFETY: the caller's promise.
        unsafe { write_text(&t, buf, cap, len_out) }
    })
}
