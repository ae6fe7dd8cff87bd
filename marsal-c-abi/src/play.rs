//! Playing a game: its legal moves, playing a move (as a `MarsalMove` or as
//! text), a move's text, undoing, the game's status and the last outcome.

use crate::errors::move_error;
use crate::game::MarsalGame;
use crate::pointers::{try_mut, try_ref, try_text, write_opt, write_text};
use crate::status::{Error, FfiResult, MarsalStatus, boundary};
use crate::values::{
    MARSAL_MAX_LEGAL_MOVES, MarsalGameStatus, MarsalMove, MarsalOutcome, c_move, c_outcome,
    c_status, rust_move,
};
use marsal::UndoError;
use std::ffi::c_char;

/// Writes the legal moves of the side to move into `buf` (`cap` moves) and
/// their number into `*count_out` (0 once the game is over). When there are
/// moves and `buf` is NULL or too small, only the count is written and
/// `MARSAL_STATUS_BUFFER_TOO_SMALL` returned (a count of 0 always succeeds). No
/// position has more than `MARSAL_MAX_LEGAL_MOVES` legal moves.
///
/// # Safety
/// `game` must be NULL or a live handle; `buf` NULL or `cap` writable moves;
/// `count_out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_legal_moves(
    game: *const MarsalGame,
    buf: *mut MarsalMove,
    cap: usize,
    count_out: *mut usize,
) -> MarsalStatus {
    boundary(|| {
        let g = try_ref!(game, "game");
        // SAFETY: the caller's promise.
        unsafe { write_legal_moves(&g.game, buf, cap, count_out) }
    })
}

/// Writes the legal moves of `game` as `marsal_game_legal_moves` does,
/// without allocating.
///
/// # Safety
/// `buf` NULL or `cap` writable moves; `count_out` NULL or writable.
unsafe fn write_legal_moves(
    game: &marsal::Game,
    buf: *mut MarsalMove,
    cap: usize,
    count_out: *mut usize,
) -> FfiResult {
    if !buf.is_null() && cap >= MARSAL_MAX_LEGAL_MOVES {
        // Room for any count: written as they come, without a list.
        let mut n = 0;
        game.for_each_legal_move(|m| {
            if n < cap {
                // SAFETY: `n < cap` writable moves.
                unsafe { buf.add(n).write(c_move(m)) };
            }
            n += 1;
        });
        write_opt!(count_out, n);
        // Never: a position has at most `MARSAL_MAX_LEGAL_MOVES` moves
        // (`marsal::MAX_MOVES`); said as the convention says, all the same.
        if n > cap {
            return Err(Error::new(
                MarsalStatus::BufferTooSmall,
                format!("{n} legal moves need a buffer of {n} elements, it has {cap}"),
            ));
        }
        return Ok(());
    }
    let moves = game.legal_moves();
    write_opt!(count_out, moves.len());
    if moves.is_empty() {
        return Ok(());
    }
    if buf.is_null() || cap < moves.len() {
        return Err(Error::new(
            MarsalStatus::BufferTooSmall,
            format!(
                "{} legal moves need a buffer of {} elements, it has {cap}",
                moves.len(),
                moves.len()
            ),
        ));
    }
    for (i, m) in moves.iter().enumerate() {
        // SAFETY: `i < moves.len() <= cap` writable moves (checked above).
        unsafe { buf.add(i).write(c_move(*m)) };
    }
    Ok(())
}

/// Plays `*mv` for the side to move, as `marsal_game_play` does, and then
/// writes the legal moves of the new position into `buf` and their number
/// into `*count_out` (0 once the game is over), as `marsal_game_legal_moves`
/// does: one call a ply for a host that plays a move and then picks among the
/// next ones. `buf` must have room for `MARSAL_MAX_LEGAL_MOVES` moves (checked
/// first: else `MARSAL_STATUS_BUFFER_TOO_SMALL`), so that the legal moves
/// always fit once the move is played; a failed call changes nothing.
///
/// # Safety
/// `game` must be NULL or a live handle; `mv` NULL or readable; `outcome` NULL
/// or writable; `buf` NULL or `cap` writable moves; `count_out` NULL or
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_play_legal_moves(
    game: *mut MarsalGame,
    mv: *const MarsalMove,
    outcome: *mut MarsalOutcome,
    buf: *mut MarsalMove,
    cap: usize,
    count_out: *mut usize,
) -> MarsalStatus {
    boundary(|| {
        let g = try_mut!(game, "game");
        let mv = rust_move(try_ref!(mv, "mv"))?;
        if buf.is_null() || cap < MARSAL_MAX_LEGAL_MOVES {
            return Err(Error::new(
                MarsalStatus::BufferTooSmall,
                format!(
                    "the legal moves after a move need a buffer of MARSAL_MAX_LEGAL_MOVES \
                     ({MARSAL_MAX_LEGAL_MOVES}) elements, it has {cap}"
                ),
            ));
        }
        let o = g.game.play(mv).map_err(move_error)?;
        write_opt!(outcome, c_outcome(&o));
        // SAFETY: the caller's promise; the buffer has room for any count.
        unsafe { write_legal_moves(&g.game, buf, cap, count_out) }
    })
}

/// Plays `*mv` for the side to move. On success writes what happened into
/// `*outcome` (may be NULL). An illegal move returns
/// `MARSAL_STATUS_ILLEGAL_MOVE` (or `GAME_OVER`) and changes nothing.
///
/// # Safety
/// `game` must be NULL or a live handle; `mv` NULL or readable; `outcome` NULL or
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_play(
    game: *mut MarsalGame,
    mv: *const MarsalMove,
    outcome: *mut MarsalOutcome,
) -> MarsalStatus {
    boundary(|| {
        let g = try_mut!(game, "game");
        let mv = rust_move(try_ref!(mv, "mv"))?;
        let o = g.game.play(mv).map_err(move_error)?;
        write_opt!(outcome, c_outcome(&o));
        Ok(())
    })
}

/// Plays a move given as text (`e5-e6`, or `e5xe6` for an attack). Like
/// `marsal_game_play`; text that is not valid notation gives
/// `MARSAL_STATUS_PARSE_ERROR`.
///
/// # Safety
/// `game` must be NULL or a live handle; `move_text` NULL or NUL-terminated;
/// `outcome` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_play_text(
    game: *mut MarsalGame,
    move_text: *const c_char,
    outcome: *mut MarsalOutcome,
) -> MarsalStatus {
    boundary(|| {
        let g = try_mut!(game, "game");
        let t = try_text!(move_text, "move_text");
        let o = g.game.play_text(t).map_err(move_error)?;
        write_opt!(outcome, c_outcome(&o));
        Ok(())
    })
}

/// Writes the text of `*mv` in the current position (`e5-e6`, `e5xe6` when it
/// attacks) into `buf`. The move need not be legal (this is notation: a host may
/// write a move it was sent, or one of the other side's), but it must be a move
/// on this board: two different squares, both playable (not a lake, not off
/// the board), else `MARSAL_STATUS_INVALID_ARGUMENT`. A straight line through a
/// lake or a piece is still written: whether a piece can go there is for
/// `marsal_game_play` to say.
///
/// # Safety
/// `game` must be NULL or a live handle; `mv` NULL or readable; `buf` NULL or
/// `cap` writable bytes; `len_out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_move_text(
    game: *const MarsalGame,
    mv: *const MarsalMove,
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> MarsalStatus {
    boundary(|| {
        let g = try_ref!(game, "game");
        let mv = rust_move(try_ref!(mv, "mv"))?;
        let board = &g.game.rules().board;
        for sq in [mv.from, mv.to] {
            if !board.playable.contains(sq) {
                return Err(Error::new(
                    MarsalStatus::InvalidArgument,
                    format!("{sq} is not a playable square of this board"),
                ));
            }
        }
        if mv.from == mv.to {
            return Err(Error::new(
                MarsalStatus::InvalidArgument,
                format!("{mv} goes nowhere: a move needs two different squares"),
            ));
        }
        let t = g.game.position().move_text(mv).to_string();
        // SAFETY: the caller's promise.
        unsafe { write_text(&t, buf, cap, len_out) }
    })
}

/// Takes back the last move, restoring exactly the position before it; writes
/// what that move had done into `*undone` (may be NULL).
/// `MARSAL_STATUS_NOTHING_TO_UNDO` when no move was played.
///
/// # Safety
/// `game` must be NULL or a live handle; `undone` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_undo(
    game: *mut MarsalGame,
    undone: *mut MarsalOutcome,
) -> MarsalStatus {
    boundary(|| {
        let g = try_mut!(game, "game");
        let o = g
            .game
            .undo()
            .map_err(|e: UndoError| Error::new(MarsalStatus::NothingToUndo, e.to_string()))?;
        write_opt!(undone, c_outcome(&o));
        Ok(())
    })
}

/// Writes the game's status into `*out`.
///
/// # Safety
/// `game` must be NULL or a live handle; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_status(
    game: *const MarsalGame,
    out: *mut MarsalGameStatus,
) -> MarsalStatus {
    boundary(|| {
        let g = try_ref!(game, "game");
        let out = try_mut!(out, "out");
        *out = c_status(g.game.status());
        Ok(())
    })
}

/// Writes what the last move did into `*out`; `MARSAL_STATUS_NO_OUTCOME` when
/// no move has been played.
///
/// # Safety
/// `game` must be NULL or a live handle; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_last_outcome(
    game: *const MarsalGame,
    out: *mut MarsalOutcome,
) -> MarsalStatus {
    boundary(|| {
        let g = try_ref!(game, "game");
        let out = try_mut!(out, "out");
        let o =
            g.game.outcomes().last().ok_or_else(|| {
                Error::new(MarsalStatus::NoOutcome, "no move has been played yet")
            })?;
        *out = c_outcome(o);
        Ok(())
    })
}
