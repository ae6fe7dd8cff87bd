//! Every error a caller can cause through the public API, with its exact value
//! and a non-empty message.

#[path = "../common/mod.rs"]
mod common;

use marsal::{
    Army, Geometry, GeometryError, Move, MoveError, MoveParseError, PieceKind, PieceKindParseError,
    Position, PositionError, PositionTextError, Ruleset, RulesetError, Setup, SetupError, Side,
    SideParseError, Square, SquareParseError,
};
#[cfg(feature = "alloc")]
use marsal::{Game, UndoError};
use std::fmt::Display;

// ---------------------------------------------------------------- helpers

use crate::common::{board_rows, mv, position, position_text, sq};

/// Asserts that an error has a non-empty message, and returns it.
fn msg<E: Display>(e: &E) -> String {
    let m = e.to_string();
    assert!(!m.trim().is_empty(), "empty error message");
    m
}

/// A classic position, Red to move, in which many kinds of illegal move can be
/// tried.
fn arena() -> Position {
    position(
        &Ruleset::classic(),
        &[
            ("a1", 'F'),
            ("b1", 'B'),
            ("a2", 'S'),
            ("a4", 'R'),
            ("c4", 'L'),
            ("e4", 'M'),
            ("f4", 'N'),
            ("h3", 'S'),
            ("j3", 'R'),
            ("j10", 'f'),
            ("e5", 'r'),
            ("f5", 'g'),
        ],
        Side::Red,
    )
}

/// Plays `m` in `pos` and checks it is refused with `expected` by `check_move`,
/// `play` and `Game::play`, leaving everything unchanged.
fn refused(pos: &mut Position, m: &str, expected: MoveError) {
    let before = *pos;
    assert_eq!(pos.check_move(mv(m)), Err(expected), "check_move {m}");
    assert!(!pos.is_legal(mv(m)));
    assert_eq!(pos.play(mv(m)), Err(expected), "play {m}");
    assert_eq!(*pos, before, "the failed move {m} changed the position");
    #[cfg(feature = "alloc")]
    {
        let mut game = Game::from_position(before);
        assert_eq!(game.play(mv(m)), Err(expected), "Game::play {m}");
        assert_eq!(game.position(), &before);
        assert_eq!(game.moves().count(), 0);
    }
    msg(&expected);
}

mod moves;
mod names_and_undo;
mod position;
mod ruleset;
#[cfg(feature = "serde")]
mod serde_errors;
mod setup;
