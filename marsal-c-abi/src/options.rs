//! Ruleset options: one rule of a `MarsalRuleset` read or set by name, as
//! text (the names and spellings of the ruleset's JSON form).

use crate::pointers::{text, try_mut, try_ref, try_text, write_text};
use crate::ruleset::MarsalRuleset;
use crate::status::{Error, MarsalStatus, boundary, quote};
use marsal::Ruleset;
use std::ffi::c_char;

/// The options of `marsal_ruleset_get_option` / `marsal_ruleset_set_option`,
/// in the order `marsal_ruleset_option_names` lists them (the fuzz target
/// draws from this list too).
pub const OPTIONS: [&str; 16] = [
    "diagonal_steps",
    "corner_rule",
    "spy_rule",
    "reveal",
    "no_move",
    "first_to_move",
    "scout_above_miner",
    "no_hope_draw",
    "max_plies",
    "max_plies_without_attack",
    "repetition_draw",
    "two_square",
    "more_squares",
    "strengths",
    "armies",
    "board",
];

fn unknown_option(name: &str) -> Error {
    Error::new(
        MarsalStatus::InvalidArgument,
        format!(
            "unknown ruleset option {} (the options: {})",
            quote(name),
            OPTIONS.join(", ")
        ),
    )
}

fn json_error(e: serde_json::Error) -> Error {
    Error::new(
        MarsalStatus::Panic,
        format!("internal error in marsal: {e}"),
    )
}

/// The text of option `name` of `rules` (see `marsal_ruleset_get_option`).
fn get_option(rules: &Ruleset, name: &str) -> Result<String, Error> {
    if !OPTIONS.contains(&name) {
        return Err(unknown_option(name));
    }
    if name == "scout_above_miner" {
        let s = &rules.strengths;
        let above = s.get(marsal::PieceKind::Scout) > s.get(marsal::PieceKind::Miner);
        return Ok(above.to_string());
    }
    let json = serde_json::to_value(rules).map_err(json_error)?;
    Ok(match &json[name] {
        serde_json::Value::String(s) => s.clone(),
        v => v.to_string(),
    })
}

/// `rules` with option `name` set from `value` (see
/// `marsal_ruleset_set_option`), validated.
fn with_option(rules: &Ruleset, name: &str, value: &str) -> Result<Ruleset, Error> {
    if !OPTIONS.contains(&name) {
        return Err(unknown_option(name));
    }
    let bad_value = |why: String| {
        Error::new(
            MarsalStatus::ParseError,
            format!(
                "ruleset option {name}: {} is not a value of it: {why}",
                quote(value)
            ),
        )
    };
    let parsed: serde_json::Value = serde_json::from_str(value.trim())
        .unwrap_or_else(|_| serde_json::Value::String(value.trim().to_string()));
    let mut new = *rules;
    if name == "scout_above_miner" {
        let want = parsed
            .as_bool()
            .ok_or_else(|| bad_value("expected true or false".into()))?;
        let (scout, miner) = (marsal::PieceKind::Scout, marsal::PieceKind::Miner);
        let (s, m) = (new.strengths.get(scout), new.strengths.get(miner));
        if (s > m) != want {
            new.strengths.set(scout, m);
            new.strengths.set(miner, s);
        }
    } else {
        let mut json = serde_json::to_value(rules).map_err(json_error)?;
        json[name] = parsed;
        new = serde_json::from_value(json).map_err(|e| bad_value(e.to_string()))?;
    }
    new.validate().map_err(|e| {
        Error::new(
            MarsalStatus::InvalidRuleset,
            format!(
                "ruleset option {name} = {}: invalid ruleset: {e}",
                quote(value)
            ),
        )
    })?;
    Ok(new)
}

/// Writes the names of every ruleset option that `marsal_ruleset_get_option`
/// and `marsal_ruleset_set_option` take, separated by commas (no spaces), into
/// `buf`: `diagonal_steps,corner_rule,spy_rule,reveal,no_move,first_to_move,
/// scout_above_miner,no_hope_draw,max_plies,max_plies_without_attack,
/// repetition_draw,two_square,more_squares,strengths,armies,board`.
///
/// # Safety
/// `buf` must be NULL or point to `cap` writable bytes; `len_out` NULL or
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_ruleset_option_names(
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> MarsalStatus {
    boundary(|| {
        // SAFETY: the caller's promise.
        unsafe { write_text(&OPTIONS.join(","), buf, cap, len_out) }
    })
}

/// Writes the value of the ruleset option `name` as text into `buf`. The names
/// and spellings are those of the ruleset's JSON form (`marsal_ruleset_to_json`),
/// a string value without its quotes:
///
/// | option | values |
/// |---|---|
/// | `diagonal_steps` [decision] | `true`, `false` |
/// | `corner_rule` [decision] | `false` (a diagonal step between two blocked squares is allowed), `true` (refused) |
/// | `spy_rule` [decision] | `defeats_marshal_always`, `only_when_attacking` |
/// | `reveal` [decision] | `attacker_stays_hidden`, `both_fighters` |
/// | `no_move` [decision] | `draw`, `loses` |
/// | `first_to_move` [decision] | `red`, `blue` |
/// | `scout_above_miner` [decision: rank order] | `true`, `false` (setting it swaps the two strengths when needed) |
/// | `no_hope_draw` | `true`, `false` |
/// | `max_plies`, `max_plies_without_attack` | a number >= 1, or `null` (none) |
/// | `repetition_draw` | a number >= 2, or `null` |
/// | `two_square` | a number 1..8, or `null` |
/// | `more_squares` | `true`, `false` |
/// | `strengths`, `armies`, `board` | their JSON (compact) |
///
/// A blocked square is off the board, a lake, or holds a piece of either side
/// (docs/rules.md). An unknown name gives
/// `MARSAL_STATUS_INVALID_ARGUMENT`; `marsal_ruleset_option_names` lists them.
///
/// # Safety
/// `ruleset` must be NULL or a live handle; `name` NULL or NUL-terminated; `buf`
/// NULL or `cap` writable bytes; `len_out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_ruleset_get_option(
    ruleset: *const MarsalRuleset,
    name: *const c_char,
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> MarsalStatus {
    boundary(|| {
        let r = try_ref!(ruleset, "ruleset");
        let name = try_text!(name, "name");
        let value = get_option(&r.rules, name)?;
        // SAFETY: the caller's promise.
        unsafe { write_text(&value, buf, cap, len_out) }
    })
}

/// Sets the ruleset option `name` (see `marsal_ruleset_get_option` for the
/// names and values) to `value`, given as text in the same spelling (`true`,
/// `3`, `null`, `only_when_attacking`; a string may also be given in JSON
/// quotes). The changed ruleset is validated; on any error (unknown name:
/// `MARSAL_STATUS_INVALID_ARGUMENT`; a value the option does not take:
/// `MARSAL_STATUS_PARSE_ERROR`; a ruleset that is then inconsistent:
/// `MARSAL_STATUS_INVALID_RULESET`) the ruleset is left unchanged.
///
/// Games already made from the ruleset keep their own copy and do not change;
/// games made afterwards use the new value.
///
/// Thread safety: this is the one call that modifies a `MarsalRuleset`; no
/// other thread may use the ruleset during it (reads from several threads at
/// once remain safe while nobody sets an option).
///
/// # Safety
/// `ruleset` must be NULL or a live handle not used by another thread during
/// the call; `name` and `value` NULL or NUL-terminated.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_ruleset_set_option(
    ruleset: *mut MarsalRuleset,
    name: *const c_char,
    value: *const c_char,
) -> MarsalStatus {
    boundary(|| {
        let r = try_mut!(ruleset, "ruleset");
        // SAFETY: the caller's promise.
        let (name, value) = unsafe { (text(name, "name")?, text(value, "value")?) };
        r.rules = with_option(&r.rules, name, value)?;
        Ok(())
    })
}
