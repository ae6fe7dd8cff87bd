//! Hidden information: what each side's `View` shows (and what it must not),
//! the absent pieces a position text leaves unknown, the observation tensors
//! written from a view, and the determinizations sampled from one.

#[path = "../common/mod.rs"]
mod common;

#[cfg(feature = "std")]
mod behaviour;
#[cfg(feature = "std")]
mod determinize;
#[cfg(feature = "std")]
mod observations;
mod public_captures;
mod views;
