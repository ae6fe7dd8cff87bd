//! The referee: every rule of the game, written once, driven by a
//! [`Ruleset`](crate::Ruleset). The board, the pieces and armies, setups,
//! combat, the legal moves, a position and what a move reveals, the
//! repetition rules (two-square, more-squares, repeated positions), the
//! no-hope draw, the endings, and a game with its history and undo.
//!
//! Nothing here names the hidden-information views, the formats, the
//! encodings or the player: they are all built on top of it.

pub(crate) mod army;
pub(crate) mod board;
pub(crate) mod board_order;
pub(crate) mod combat;
pub(crate) mod far_moves;
#[cfg(feature = "alloc")]
pub(crate) mod game;
pub mod more_squares;
pub(crate) mod movegen;
pub(crate) mod moves;
pub mod no_hope;
pub(crate) mod outcome;
pub(crate) mod perft;
pub(crate) mod piece;
pub(crate) mod position;
#[cfg(feature = "alloc")]
pub(crate) mod repetition;
pub(crate) mod rng;
pub(crate) mod ruleset;
pub(crate) mod setup;
pub(crate) mod status;
pub mod two_square;
pub(crate) mod undo;
pub(crate) mod zobrist;
