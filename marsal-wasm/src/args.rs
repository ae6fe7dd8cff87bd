//! Arguments from JavaScript, checked before anything reaches the library.
//!
//! JavaScript passes any value to any parameter. Every export takes what a
//! caller can get wrong as a `JsValue` (the TypeScript declaration still says
//! `string` or `number`) and reads it here: a value of the wrong type is a
//! `TypeError`, a number out of range (NaN, Infinity, a fraction, a count too
//! large) a `RangeError`, each naming the argument; a refusal by the rules is
//! an `Error` with the library's message.

use std::fmt::Display;
use wasm_bindgen::{JsCast, JsValue};

/// What kind of JavaScript error a failure becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// An argument of the wrong JavaScript type (`TypeError`).
    Type,
    /// A number outside what the argument takes (`RangeError`).
    Range,
    /// Anything the library refused (`Error`).
    Refused,
}

/// A failure: becomes a JavaScript `TypeError`, `RangeError` or `Error`
/// with this message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// Which JavaScript error class it becomes.
    pub kind: ErrorKind,
    /// The message: what was refused, then why.
    pub message: String,
}

impl Error {
    /// A refusal by the library.
    pub fn refused(message: impl Into<String>) -> Error {
        Error {
            kind: ErrorKind::Refused,
            message: message.into(),
        }
    }

    fn type_error(name: &str, expected: &str, value: &JsValue) -> Error {
        Error {
            kind: ErrorKind::Type,
            message: format!("{name}: expected {expected}, got {}", describe(value)),
        }
    }

    fn range_error(name: &str, expected: impl Display, got: impl Display) -> Error {
        Error {
            kind: ErrorKind::Range,
            message: format!("{name}: expected {expected}, got {got}"),
        }
    }
}

impl From<Error> for JsValue {
    fn from(e: Error) -> JsValue {
        match e.kind {
            ErrorKind::Type => js_sys::TypeError::new(&e.message).into(),
            ErrorKind::Range => js_sys::RangeError::new(&e.message).into(),
            ErrorKind::Refused => js_sys::Error::new(&e.message).into(),
        }
    }
}

/// The result of an export.
pub type Result<T> = std::result::Result<T, Error>;

/// A JavaScript value's type in words, for a message (never its contents:
/// calling `toString` on a caller's object could run the caller's code).
fn describe(value: &JsValue) -> String {
    if value.is_undefined() {
        "undefined".into()
    } else if value.is_null() {
        "null".into()
    } else if let Some(n) = value.as_f64() {
        format!("the number {n}")
    } else if let Some(b) = value.as_bool() {
        format!("{b}")
    } else if value.is_string() {
        "a string".into()
    } else if value.is_symbol() {
        "a symbol".into()
    } else if value.is_bigint() {
        "a bigint".into()
    } else if value.is_function() {
        "a function".into()
    } else if js_sys::Array::is_array(value) {
        "an array".into()
    } else {
        "an object".into()
    }
}

/// The largest integer a JavaScript number holds exactly: 2^53 - 1.
pub const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// Argument `name` as text.
pub fn text(value: &JsValue, name: &str) -> Result<String> {
    value
        .as_string()
        .ok_or_else(|| Error::type_error(name, "a string", value))
}

/// Argument `name` as a number (any finite or infinite JavaScript number;
/// the callers check its range).
fn number(value: &JsValue, name: &str) -> Result<f64> {
    value
        .as_f64()
        .ok_or_else(|| Error::type_error(name, "a number", value))
}

/// Argument `name` as an integer from `min` to `max`.
pub fn integer(value: &JsValue, name: &str, min: f64, max: f64) -> Result<u64> {
    in_range(number(value, name)?, name, min, max)
}

/// `n` as an integer from `min` to `max` (`min` ≥ 0), or a `RangeError`
/// naming `name`.
pub fn in_range(n: f64, name: &str, min: f64, max: f64) -> Result<u64> {
    if n.is_finite() && n.fract() == 0.0 && n >= min && n <= max {
        Ok(n as u64)
    } else {
        let max = if max == MAX_SAFE_INTEGER {
            "2^53 - 1".to_string()
        } else {
            format!("{max}")
        };
        Err(Error::range_error(
            name,
            format!("an integer from {min} to {max}"),
            n,
        ))
    }
}

/// Argument `name` as a seed: an integer from 0 to 2^53 - 1.
pub fn seed(value: &JsValue, name: &str) -> Result<u64> {
    integer(value, name, 0.0, MAX_SAFE_INTEGER)
}

/// Argument `name` as the JSON text of a JSON value: `null`, a boolean, a
/// finite number, a string, or arrays and plain objects of those. NaN,
/// Infinity, `undefined`, functions, symbols and bigints are refused (JSON
/// would turn some of them into `null` silently).
pub fn json(value: &JsValue, name: &str) -> Result<String> {
    check_json(value, name, 0)?;
    js_sys::JSON::stringify(value)
        .ok()
        .and_then(|s| s.as_string())
        .ok_or_else(|| Error::type_error(name, "a JSON value", value))
}

/// The deepest nesting `json` follows (a ruleset's JSON is far shallower).
const MAX_DEPTH: usize = 16;

fn check_json(value: &JsValue, name: &str, depth: usize) -> Result<()> {
    const EXPECTED: &str =
        "a JSON value (null, a boolean, a finite number, a string, an array or a plain object)";
    if depth > MAX_DEPTH {
        return Err(Error::range_error(
            name,
            format!("at most {MAX_DEPTH} levels of nesting"),
            "more",
        ));
    }
    if value.is_null() || value.is_string() || value.as_bool().is_some() {
        return Ok(());
    }
    if let Some(n) = value.as_f64() {
        return if n.is_finite() {
            Ok(())
        } else {
            Err(Error::range_error(name, "a finite number", n))
        };
    }
    if value.is_undefined() || value.is_function() || value.is_symbol() || value.is_bigint() {
        return Err(Error::type_error(name, EXPECTED, value));
    }
    let items = if js_sys::Array::is_array(value) {
        js_sys::Array::from(value)
    } else {
        // Only plain objects: a Date, Map or class instance is no JSON value.
        let proto = js_sys::Object::get_prototype_of(value);
        // (a plain object's prototype is Object.prototype, whose own is null).
        if !(proto.is_null() || js_sys::Object::get_prototype_of(&proto).is_null()) {
            return Err(Error::type_error(name, EXPECTED, value));
        }
        js_sys::Object::values(value.unchecked_ref::<js_sys::Object>())
    };
    for item in items.iter() {
        check_json(&item, name, depth + 1)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_integer_out_of_range_or_not_whole_is_a_range_error_naming_the_argument() {
        assert_eq!(in_range(5.0, "games", 0.0, 10.0), Ok(5));
        for bad in [-1.0, 11.0, 3.5, f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            let e = in_range(bad, "games", 0.0, 10.0).unwrap_err();
            assert_eq!(e.kind, ErrorKind::Range);
            assert!(
                e.message
                    .starts_with("games: expected an integer from 0 to 10"),
                "{e:?}"
            );
        }
        let e = in_range(-1.0, "seed", 0.0, MAX_SAFE_INTEGER).unwrap_err();
        assert!(e.message.contains("2^53 - 1, got -1"), "{e:?}");
    }
}
