//! Words for a person, the same in every host: how a game stands or ended
//! and what a fight did (the host layer's `marsal_host::status_words` and
//! `marsal_host::fight_words`, which the `marsal` program, Python and the
//! page say too).

use crate::errors::invalid;
use crate::pointers::{try_ref, write_text};
use crate::status::{Error, MarsalStatus, boundary};
use crate::values::{MARSAL_NONE, MarsalGameStatus, c_battle, c_status};
use marsal::{Battle, DrawReason, PieceKind, Side, Status, WinReason};
use std::ffi::c_char;

/// Every status a game can have.
fn all_statuses() -> impl Iterator<Item = Status> {
    let wins = [WinReason::FlagCaptured, WinReason::OpponentCannotMove];
    let draws = [
        DrawReason::NeitherCanMove,
        DrawReason::NoHope,
        DrawReason::PlyLimit,
        DrawReason::NoAttackLimit,
        DrawReason::Repetition,
    ];
    Side::BOTH.into_iter().flat_map(move |side| {
        [
            Status::Ongoing { to_move: side },
            Status::Drawn {
                reason: DrawReason::NoLegalMove(side),
            },
        ]
        .into_iter()
        .chain(wins.map(|reason| Status::Won {
            winner: side,
            reason,
        }))
        .chain(draws.map(|reason| Status::Drawn { reason }))
    })
}

/// The status `s` stands for (the inverse of `c_status`), or
/// `MARSAL_STATUS_INVALID_ARGUMENT`.
fn rust_status(s: &MarsalGameStatus) -> Result<Status, Error> {
    all_statuses()
        .find(|&status| c_status(status) == *s)
        .ok_or_else(|| {
            invalid(format!(
                "no game has the status (state {}, side {}, reason {})",
                s.state, s.side, s.reason
            ))
        })
}

/// Writes how a game with the status `*status` (as `marsal_game_status`
/// writes it) stands or ended, in words ("Red wins: the Flag was captured",
/// "a draw: the limit on the number of moves was reached", "Blue to move"),
/// into `buf` (see the text output convention). The words every host says:
/// `marsal selfplay` and `marsal match`, Python's `str(game.status)`, the
/// page.
///
/// A status no game has is `MARSAL_STATUS_INVALID_ARGUMENT`.
///
/// # Safety
/// `status` must be NULL or readable; `buf` NULL or `cap` writable bytes;
/// `len_out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_status_words(
    status: *const MarsalGameStatus,
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> MarsalStatus {
    boundary(|| {
        let status = rust_status(try_ref!(status, "status"))?;
        // SAFETY: the caller's promise.
        unsafe { write_text(&marsal_host::status_words(status), buf, cap, len_out) }
    })
}

/// Writes what a fight did, in words, the pieces named ("Scout attacks
/// General and loses: the attacker is removed"), into `buf` (see the text
/// output convention): `attacker` the attacking kind (`MarsalKind`) or
/// `MARSAL_KIND_NONE` when it was not shown ("a hidden piece"), `defender`
/// the defending kind, `battle` the `MarsalBattle` (not `NO_FIGHT`), as a
/// `MarsalOutcome` or an observation gives them. The words every host says.
///
/// An unknown kind or battle, or `NO_FIGHT`, is
/// `MARSAL_STATUS_INVALID_ARGUMENT`.
///
/// # Safety
/// `buf` must be NULL or `cap` writable bytes; `len_out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_fight_words(
    attacker: u8,
    defender: u8,
    battle: u8,
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> MarsalStatus {
    boundary(|| {
        let kind = |code: u8, what: &str| {
            PieceKind::ALL
                .into_iter()
                .find(|&k| k as u8 == code)
                .ok_or_else(|| invalid(format!("{what} must be a MarsalKind, not {code}")))
        };
        let attacker = match attacker {
            MARSAL_NONE => None,
            code => Some(kind(code, "attacker")?),
        };
        let defender = kind(defender, "defender")?;
        let battle = Battle::ALL
            .into_iter()
            .find(|&b| c_battle(Some(b)) == battle)
            .ok_or_else(|| {
                invalid(format!(
                    "battle must be a MarsalBattle of a fight (not NO_FIGHT), not {battle}"
                ))
            })?;
        let words = marsal_host::fight_words(attacker, defender, battle);
        // SAFETY: the caller's promise.
        unsafe { write_text(&words, buf, cap, len_out) }
    })
}
