//! The cell codes of the padded board (`Position::cells`): what stands on a
//! cell in one byte (nothing, off the board, a lake, or a piece as its side and
//! kind), and the steps between neighbouring cells.

use crate::referee::board::square::STRIDE;
use crate::referee::piece::{PieceKind, Side};

/// Cell code of an empty playable square.
pub(crate) const EMPTY: u8 = 0;
/// Cell code of a square that does not exist.
pub(crate) const OFF: u8 = 1;
/// Cell code of a lake.
pub(crate) const LAKE: u8 = 2;

/// Cell code of a piece: `16 + 16 * side + kind`.
#[inline]
pub(crate) const fn code(side: Side, kind: PieceKind) -> u8 {
    16 + 16 * side as u8 + kind as u8
}

/// The owner of the piece with cell code `c`, if `c` is a piece.
#[inline]
pub(crate) const fn owner(c: u8) -> Option<Side> {
    match c >> 4 {
        1 => Some(Side::Red),
        2 => Some(Side::Blue),
        _ => None,
    }
}

/// Whether cell code `c` is a piece of `side` (the hot-path form of
/// `owner(c) == Some(side)`).
#[inline(always)]
pub(crate) const fn belongs_to(c: u8, side: Side) -> bool {
    c >> 4 == side as u8 + 1
}

/// The kind of the piece with cell code `c` (only meaningful for pieces).
#[inline]
pub(crate) const fn kind_of(c: u8) -> PieceKind {
    PieceKind::from_low_bits(c)
}

/// The orthogonal directions in the padded cell array.
pub(crate) const ORTHOGONAL: [isize; 4] = [STRIDE as isize, -(STRIDE as isize), 1, -1];
/// The diagonal directions in the padded cell array.
pub(crate) const DIAGONAL: [isize; 4] = [
    STRIDE as isize + 1,
    STRIDE as isize - 1,
    -(STRIDE as isize) + 1,
    -(STRIDE as isize) - 1,
];
/// The two squares beside each step of [`DIAGONAL`], as steps from its source:
/// the orthogonal neighbours of the source that are also neighbours of the
/// target (north or south, then east or west). The corner rule
/// ([`Ruleset::corner_rule`](crate::Ruleset::corner_rule)) looks at them.
pub(crate) const DIAGONAL_SIDES: [(isize, isize); 4] = [
    (STRIDE as isize, 1),
    (STRIDE as isize, -1),
    (-(STRIDE as isize), 1),
    (-(STRIDE as isize), -1),
];
