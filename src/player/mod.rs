//! The player: bots that play the game through the referee's API and see
//! only their side's [`View`](crate::View). Determinizations (complete
//! positions consistent with a view), what a side saw the enemy do
//! (behaviour) and what it learned over earlier games (setup memory), the
//! beliefs drawn from them, the careful bot, the search bot with its
//! evaluation, and setups a person would make.
//!
//! The referee names nothing of this folder: a player is a client of the
//! rules, never a part of them.

pub(crate) mod behaviour;
pub(crate) mod beliefs;
pub(crate) mod bot;
pub mod determinize;
pub mod search;
pub(crate) mod setup_memory;
pub(crate) mod setup_sensible;
