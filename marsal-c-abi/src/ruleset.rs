//! Rulesets: the `MarsalRuleset` handle, made from a preset or from JSON,
//! written back as JSON, and freed. (Its options are in `options.rs`.)

use crate::pointers::{null, try_ref, try_text, write_text};
use crate::status::{Error, FfiResult, MarsalStatus, boundary, quote};
use marsal::Ruleset;
use std::ffi::c_char;

/// A ruleset (opaque). Create with `marsal_ruleset_preset` or
/// `marsal_ruleset_from_json`; the caller owns it and frees it exactly once with
/// `marsal_ruleset_free`. Only `marsal_ruleset_set_option` changes it: several
/// threads may read it at once, as long as no thread sets an option meanwhile. A game copies what it needs: the ruleset may be freed while
/// games made from it live on.
pub struct MarsalRuleset {
    pub(crate) rules: Ruleset,
}

pub(crate) fn new_ruleset(rules: Ruleset, out: *mut *mut MarsalRuleset) -> FfiResult {
    rules.validate().map_err(|e| {
        Error::new(
            MarsalStatus::InvalidRuleset,
            format!("invalid ruleset: {e}"),
        )
    })?;
    let handle = Box::into_raw(Box::new(MarsalRuleset { rules }));
    // SAFETY: `out` was checked for NULL by the caller of this helper.
    unsafe { out.write(handle) };
    Ok(())
}

/// Creates the preset named `name` (`"marsal_a_spion"`, `"classic"` or
/// `"barrage"`) and writes the new handle into `*out` (free it with
/// `marsal_ruleset_free`).
///
/// # Safety
/// `name` must be NULL or a NUL-terminated string; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_ruleset_preset(
    name: *const c_char,
    out: *mut *mut MarsalRuleset,
) -> MarsalStatus {
    boundary(|| {
        let name = try_text!(name, "name");
        if out.is_null() {
            return Err(null("out"));
        }
        let rules = Ruleset::preset(name).ok_or_else(|| {
            Error::new(
                MarsalStatus::ParseError,
                format!(
                    "unknown preset {} (expected one of {})",
                    quote(name),
                    Ruleset::PRESETS.join(", ")
                ),
            )
        })?;
        new_ruleset(rules, out)
    })
}

/// Reads a ruleset from its JSON form (as written by `marsal_ruleset_to_json`),
/// validates it and writes the new handle into `*out`.
///
/// # Safety
/// `json` must be NULL or a NUL-terminated string; `out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_ruleset_from_json(
    json: *const c_char,
    out: *mut *mut MarsalRuleset,
) -> MarsalStatus {
    boundary(|| {
        let json = try_text!(json, "json");
        if out.is_null() {
            return Err(null("out"));
        }
        let rules: Ruleset = serde_json::from_str(json)
            .map_err(|e| Error::new(MarsalStatus::ParseError, format!("ruleset JSON: {e}")))?;
        new_ruleset(rules, out)
    })
}

/// Writes the JSON form of `ruleset` (NUL-terminated) into `buf`.
///
/// # Safety
/// `ruleset` must be NULL or a live handle; `buf` NULL or `cap` writable bytes;
/// `len_out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_ruleset_to_json(
    ruleset: *const MarsalRuleset,
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> MarsalStatus {
    boundary(|| {
        let r = try_ref!(ruleset, "ruleset");
        let json = serde_json::to_string(&r.rules)
            .map_err(|e| Error::new(MarsalStatus::ParseError, format!("cannot write JSON: {e}")))?;
        // SAFETY: the caller's promise.
        unsafe { write_text(&json, buf, cap, len_out) }
    })
}

/// Frees a ruleset handle. NULL is ignored (and gives `MARSAL_STATUS_OK`).
///
/// # Safety
/// `ruleset` must be NULL or a handle from this library not freed before.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_ruleset_free(ruleset: *mut MarsalRuleset) -> MarsalStatus {
    boundary(|| {
        if !ruleset.is_null() {
            // SAFETY: created by Box::into_raw in this module; the caller frees it once.
            drop(unsafe { Box::from_raw(ruleset) });
        }
        Ok(())
    })
}
