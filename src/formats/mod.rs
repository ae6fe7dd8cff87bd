//! Formats: the position text, the serde forms, and the Gravon game records.
//! Each reads into the referee's types through the referee's own checks, so a
//! file can never hold a position or a game the rules forbid.

#[cfg(feature = "gravon")]
pub mod gravon;
pub mod notation;
#[cfg(feature = "serde")]
pub(crate) mod position_serde;
#[cfg(feature = "serde")]
pub(crate) mod serde_array;
