//! Setups: a random legal setup of a ruleset, and a sensible one (as a
//! person would set up), as setup text.

use crate::pointers::{try_ref, write_text};
use crate::ruleset::MarsalRuleset;
use crate::status::{MarsalStatus, boundary};
use crate::values::side;
use marsal::Setup;
use std::ffi::c_char;

/// Writes a random legal setup for `side` (0 red, 1 blue) of `ruleset`, in the
/// setup text form, into `buf`. The same seed gives the same setup.
///
/// # Safety
/// `ruleset` must be NULL or a live handle; `buf` NULL or `cap` writable bytes;
/// `len_out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_setup_random(
    ruleset: *const MarsalRuleset,
    side_code: u8,
    seed: u64,
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> MarsalStatus {
    // SAFETY: the caller's promise.
    unsafe { write_setup(Setup::random, ruleset, side_code, seed, buf, cap, len_out) }
}

/// Writes a setup a person would make for `side` (0 red, 1 blue) of `ruleset`
/// (`marsal::Setup::sensible`: the Flag on the back row behind its Mines or
/// Bombs where the geometry allows, a mix of Scouts and low ranks up front,
/// Miners at the back; a random setup for a ruleset where that plan does not
/// fit), in the setup text form, into `buf`. Always legal; the same seed gives
/// the same setup. The search bot plays best from such setups.
///
/// # Safety
/// `ruleset` must be NULL or a live handle; `buf` NULL or `cap` writable bytes;
/// `len_out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_setup_sensible(
    ruleset: *const MarsalRuleset,
    side_code: u8,
    seed: u64,
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> MarsalStatus {
    // SAFETY: the caller's promise.
    unsafe { write_setup(Setup::sensible, ruleset, side_code, seed, buf, cap, len_out) }
}

/// Writes the setup `make` draws for the side of `side_code` and `seed`, as
/// setup text, into `buf` (the body of both setup calls).
///
/// # Safety
/// As for `marsal_setup_random`.
unsafe fn write_setup(
    make: fn(&marsal::Ruleset, marsal::Side, u64) -> Setup,
    ruleset: *const MarsalRuleset,
    side_code: u8,
    seed: u64,
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> MarsalStatus {
    boundary(|| {
        let r = try_ref!(ruleset, "ruleset");
        let side = side(side_code)?;
        let t = make(&r.rules, side, seed).to_text(&r.rules).to_string();
        // SAFETY: the caller's promise.
        unsafe { write_text(&t, buf, cap, len_out) }
    })
}
