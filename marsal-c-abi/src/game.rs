//! Games: the `MarsalGame` handle, started from two setups, from random or
//! sensible setups or from a position text, copied, saved to and loaded from JSON, and
//! freed.

use crate::errors::{position_error, setup_error};
use crate::pointers::{null, text, try_ref, try_text, write_text};
use crate::ruleset::MarsalRuleset;
use crate::status::{Error, FfiResult, MarsalStatus, boundary};
use marsal::{Game, Position, Setup, Side};
use std::ffi::c_char;

/// A game with its history (opaque). Create with `marsal_game_new` or
/// `marsal_game_new_random`; the caller owns it and frees it exactly once with
/// `marsal_game_free`. Not synchronised: it may be moved to another thread, but
/// two threads must not use one game at the same time (distinct games are
/// independent).
pub struct MarsalGame {
    pub(crate) game: Game,
}

pub(crate) fn new_game(game: Game, out: *mut *mut MarsalGame) -> FfiResult {
    let handle = Box::into_raw(Box::new(MarsalGame { game }));
    // SAFETY: `out` was checked for NULL by the caller of this helper.
    unsafe { out.write(handle) };
    Ok(())
}

/// Starts a game from two setups in the setup text form (Red's and Blue's) and
/// writes the new handle into `*out` (free it with `marsal_game_free`).
///
/// # Safety
/// `ruleset` must be NULL or a live handle; the texts NULL or NUL-terminated;
/// `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_new(
    ruleset: *const MarsalRuleset,
    red_setup: *const c_char,
    blue_setup: *const c_char,
    out: *mut *mut MarsalGame,
) -> MarsalStatus {
    boundary(|| {
        let r = try_ref!(ruleset, "ruleset");
        // SAFETY: the caller's promise.
        let (red, blue) = unsafe {
            (
                text(red_setup, "red_setup")?,
                text(blue_setup, "blue_setup")?,
            )
        };
        if out.is_null() {
            return Err(null("out"));
        }
        let red = Setup::from_text(&r.rules, Side::Red, red).map_err(|e| setup_error("red", e))?;
        let blue =
            Setup::from_text(&r.rules, Side::Blue, blue).map_err(|e| setup_error("blue", e))?;
        let game = Game::new(&r.rules, &red, &blue).map_err(position_error)?;
        new_game(game, out)
    })
}

/// Starts a game with random setups (Red's from `red_seed`, Blue's from
/// `blue_seed`) and writes the new handle into `*out`.
///
/// # Safety
/// `ruleset` must be NULL or a live handle; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_new_random(
    ruleset: *const MarsalRuleset,
    red_seed: u64,
    blue_seed: u64,
    out: *mut *mut MarsalGame,
) -> MarsalStatus {
    // SAFETY: the caller's promise.
    unsafe { new_from_setups(Setup::random, ruleset, red_seed, blue_seed, out) }
}

/// Starts a game from sensible setups (as `marsal_setup_sensible` makes them:
/// Red's from `red_seed`, Blue's from `blue_seed`) and writes the new handle
/// into `*out`.
///
/// # Safety
/// `ruleset` must be NULL or a live handle; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_new_sensible(
    ruleset: *const MarsalRuleset,
    red_seed: u64,
    blue_seed: u64,
    out: *mut *mut MarsalGame,
) -> MarsalStatus {
    // SAFETY: the caller's promise.
    unsafe { new_from_setups(Setup::sensible, ruleset, red_seed, blue_seed, out) }
}

/// Frees a game handle. NULL is ignored (and gives `MARSAL_STATUS_OK`).
///
/// # Safety
/// `game` must be NULL or a handle from this library not freed before.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_free(game: *mut MarsalGame) -> MarsalStatus {
    boundary(|| {
        if !game.is_null() {
            // SAFETY: created by Box::into_raw in this module; the caller frees it once.
            drop(unsafe { Box::from_raw(game) });
        }
        Ok(())
    })
}

/// Copies `game` (its position, its whole history and its ruleset) into a new,
/// independent handle written into `*out` (free it with `marsal_game_free`).
/// Playing or undoing on either game never changes the other. For search
/// (MCTS, expectimax) and for `copy.copy` / `copy.deepcopy` in Python.
///
/// Thread safety: `game` is only read.
///
/// # Safety
/// `game` must be NULL or a live handle; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_clone(
    game: *const MarsalGame,
    out: *mut *mut MarsalGame,
) -> MarsalStatus {
    boundary(|| {
        let g = try_ref!(game, "game");
        if out.is_null() {
            return Err(null("out"));
        }
        new_game(g.game.clone(), out)
    })
}

/// Writes the JSON form of `game` (the Rust serde form of `Game`:
/// `{"start": <position with its ruleset>, "moves": [{"from": "e4", "to":
/// "e5"}, ...]}`) into `buf` (NUL-terminated). It holds the referee's full
/// information (every hidden piece): for saving, never for a player.
/// `marsal_game_from_json` reads it back.
///
/// # Safety
/// `game` must be NULL or a live handle; `buf` NULL or `cap` writable bytes;
/// `len_out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_to_json(
    game: *const MarsalGame,
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> MarsalStatus {
    boundary(|| {
        let g = try_ref!(game, "game");
        let json = serde_json::to_string(&g.game)
            .map_err(|e| Error::new(MarsalStatus::ParseError, format!("cannot write JSON: {e}")))?;
        // SAFETY: the caller's promise.
        unsafe { write_text(&json, buf, cap, len_out) }
    })
}

/// Reads a game from its JSON form (as written by `marsal_game_to_json`) and
/// writes the new handle into `*out`. The start position and its ruleset are
/// checked (`MARSAL_STATUS_INVALID_RULESET` for an inconsistent ruleset) and
/// every move is replayed and so re-checked: text that is not the JSON form, or
/// holds an illegal move, gives `MARSAL_STATUS_PARSE_ERROR` with a message
/// naming the problem (for a move, its number).
///
/// # Safety
/// `json` must be NULL or a NUL-terminated string; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_from_json(
    json: *const c_char,
    out: *mut *mut MarsalGame,
) -> MarsalStatus {
    boundary(|| {
        let json = try_text!(json, "json");
        if out.is_null() {
            return Err(null("out"));
        }
        let game: Game = serde_json::from_str(json)
            .map_err(|e| Error::new(MarsalStatus::ParseError, format!("game JSON: {e}")))?;
        game.rules().validate().map_err(|e| {
            Error::new(
                MarsalStatus::InvalidRuleset,
                format!("invalid ruleset: {e}"),
            )
        })?;
        new_game(game, out)
    })
}

/// Starts a game from a position in the position text form (as written by
/// `marsal_game_position_text`: rows top rank first separated by `/`, then the
/// side to move; see docs/rules.md) under `ruleset`, and writes the new handle
/// into `*out`. The game's history starts at that position (nothing to undo);
/// ply counters start at 0. Each side may have at most its army's count of
/// every kind, and at least one Flag must stand. Text that cannot be read gives
/// `MARSAL_STATUS_PARSE_ERROR`; a position the ruleset does not allow,
/// `MARSAL_STATUS_INVALID_SETUP`.
///
/// # Safety
/// `ruleset` must be NULL or a live handle; `text` NULL or NUL-terminated;
/// `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_from_position_text(
    ruleset: *const MarsalRuleset,
    position_text: *const c_char,
    out: *mut *mut MarsalGame,
) -> MarsalStatus {
    boundary(|| {
        let r = try_ref!(ruleset, "ruleset");
        let t = try_text!(position_text, "position_text");
        if out.is_null() {
            return Err(null("out"));
        }
        let pos = Position::from_text(&r.rules, t).map_err(position_error)?;
        new_game(Game::from_position(pos), out)
    })
}

/// Starts a game from the setups `make` draws for Red from `red_seed` and
/// for Blue from `blue_seed` (the body of both calls that start a game from
/// drawn setups).
///
/// # Safety
/// As for `marsal_game_new_random`.
unsafe fn new_from_setups(
    make: fn(&marsal::Ruleset, Side, u64) -> Setup,
    ruleset: *const MarsalRuleset,
    red_seed: u64,
    blue_seed: u64,
    out: *mut *mut MarsalGame,
) -> MarsalStatus {
    boundary(|| {
        let r = try_ref!(ruleset, "ruleset");
        if out.is_null() {
            return Err(null("out"));
        }
        let red = make(&r.rules, Side::Red, red_seed);
        let blue = make(&r.rules, Side::Blue, blue_seed);
        let game = Game::new(&r.rules, &red, &blue).map_err(position_error)?;
        new_game(game, out)
    })
}
