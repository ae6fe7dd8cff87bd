//! How the Rust API's errors become a status and a message across the C ABI.

use crate::status::{Error, MarsalStatus};
use marsal::{MoveError, PositionError, SetupError};
use marsal_host::VecEnvError;

pub(crate) fn move_error(e: MoveError) -> Error {
    let status = match e {
        MoveError::GameOver => MarsalStatus::GameOver,
        MoveError::Notation(_) => MarsalStatus::ParseError,
        _ => MarsalStatus::IllegalMove,
    };
    Error::new(status, e.to_string())
}

pub(crate) fn setup_error(who: &str, e: SetupError) -> Error {
    let status = match e {
        SetupError::BadLetter { .. }
        | SetupError::RowCount { .. }
        | SetupError::RowLength { .. } => MarsalStatus::ParseError,
        _ => MarsalStatus::InvalidSetup,
    };
    Error::new(status, format!("{who} setup: {e}"))
}

pub(crate) fn position_error(e: PositionError) -> Error {
    match e {
        PositionError::Ruleset(r) => Error::new(
            MarsalStatus::InvalidRuleset,
            format!("invalid ruleset: {r}"),
        ),
        PositionError::Setup { side, error } => setup_error(side.name(), error),
        PositionError::Text(t) => {
            Error::new(MarsalStatus::ParseError, format!("position text: {t}"))
        }
        other => Error::new(MarsalStatus::InvalidSetup, other.to_string()),
    }
}

/// An `InvalidArgument` error with `message`.
pub(crate) fn invalid(message: String) -> Error {
    Error::new(MarsalStatus::InvalidArgument, message)
}

/// The status and message of `e`, an error of the host layer's
/// environment.
pub(crate) fn vec_env_error(e: VecEnvError) -> Error {
    let status = match &e {
        VecEnvError::Position(p) => return position_error(*p),
        VecEnvError::Illegal { error, .. } => move_error(*error).status,
        VecEnvError::BufferTooSmall { .. } => MarsalStatus::BufferTooSmall,
        VecEnvError::ThreadStart(_) | VecEnvError::Panicked => MarsalStatus::Panic,
        _ => MarsalStatus::InvalidArgument,
    };
    Error::new(status, e.to_string())
}
