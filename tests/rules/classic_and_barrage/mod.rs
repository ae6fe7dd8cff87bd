//! One test per rule of `docs/rules.md` section 3: the preset `classic`, and
//! `barrage` (3.3). The two-square and more-squares rules have tests of their
//! own (the repetition rules' and the more-squares rule's).

use marsal::{
    Army, Battle, DrawReason, KindSet, MoveError, PieceKind, Position, PositionError, Ruleset,
    Setup, SetupError, Side, Square, SquareParseError, SquareView, Status, WinReason, combat,
    no_hope,
};
use std::collections::BTreeSet;

// ---------------------------------------------------------------- helpers

use crate::common::{mv, position, position_text, sq};

/// A classic position with exactly `pieces` (upper case Red, lower case Blue).
fn classic(pieces: &[(&str, char)], to_move: Side) -> Position {
    position(&Ruleset::classic(), pieces, to_move)
}

fn moves_from(pos: &Position, from: &str) -> BTreeSet<String> {
    pos.legal_moves()
        .iter()
        .filter(|m| m.from == sq(from))
        .map(|m| m.to.to_string())
        .collect()
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|s| s.to_string()).collect()
}

/// Plays an illegal move and checks that it is refused with `expected` and
/// changes nothing.
fn refused(pos: &mut Position, m: &str, expected: MoveError) {
    let before = *pos;
    assert_eq!(pos.check_move(mv(m)), Err(expected), "check_move {m}");
    assert_eq!(pos.play(mv(m)), Err(expected), "play {m}");
    assert_eq!(*pos, before, "an illegal move {m} changed the position");
    assert!(!pos.legal_moves().contains(&mv(m)), "{m} listed as legal");
}

const RANKED: [PieceKind; 10] = [
    PieceKind::Marshal,
    PieceKind::General,
    PieceKind::Colonel,
    PieceKind::Major,
    PieceKind::Captain,
    PieceKind::Lieutenant,
    PieceKind::Sergeant,
    PieceKind::Miner,
    PieceKind::Scout,
    PieceKind::Spy,
];

mod armies;
mod barrage;
mod board;
mod ending;
mod fights;
mod moves;
