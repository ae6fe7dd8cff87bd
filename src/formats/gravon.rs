//! Recorded games in the XML format of the Gravon online platform (feature
//! `gravon`): read them, write them, and replay them through the referee.
//!
//! # The format
//! ```xml
//! <stratego><game type="classic">
//!   <field content="…100 characters…"/>
//!   <move id="1" source="I4" target="I5"/> …
//!   <result type="1" winner="2"/>
//! </game></stratego>
//! ```
//! - Squares: columns `A B C D E F G H I K` (no `J`), rows `1`..`9` and `:` for
//!   row 10 (see [`square_from_gravon`]); Gravon's `A1` is the engine's `a1`,
//!   its `K:` the engine's `j10`.
//! - `field content`: the start position, 100 characters (see
//!   [`board_to_setups`]).
//! - Moves: red makes move 1, then the players alternate; `id` counts from 1.
//! - `result`: see [`GravonResult`].
//!
//! The XML is read with `quick-xml`. The first `<game>` element of the document
//! is the game (it may stand anywhere, usually inside `<stratego>`); its `field`,
//! `move` and `result` elements are read, every other element (such as
//! `player`) and attribute is ignored. Nothing in this module panics, whatever
//! the input: every problem is a [`GravonError`].
//!
//! ```
//! use marsal::gravon;
//! let field = gravon::setups_to_board(
//!     &marsal::Setup::random(&marsal::Ruleset::barrage(), marsal::Side::Red, 1),
//!     &marsal::Setup::random(&marsal::Ruleset::barrage(), marsal::Side::Blue, 2),
//! );
//! let xml = format!(
//!     r#"<stratego><game type="barrage"><field content="{field}"/>
//!        <result type="3" winner="2"/></game></stratego>"#
//! );
//! let game = gravon::parse(&xml)?;
//! let report = gravon::replay(&game, &game.kind.ruleset())?;
//! assert!(report.is_ok());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::{
    DrawReason, Game, Move, MoveError, PieceKind, PositionError, Ruleset, Setup, SetupError, Side,
    Square, Status, WinReason,
};
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};

mod board;
mod replay;
mod types;
mod xml;

pub use board::*;
pub use replay::*;
pub use types::*;
pub use xml::*;

#[cfg(test)]
mod tests;
