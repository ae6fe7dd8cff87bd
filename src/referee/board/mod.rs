//! The board: squares and their names, sets of squares, the padded cell array
//! and its codes, bitboards, and a ruleset's geometry (which squares exist,
//! the lakes, the setup zones). Knows pieces only by side and kind.

pub(crate) mod bitboard;
pub(crate) mod cell;
pub(crate) mod geometry;
pub(crate) mod square;
pub(crate) mod square_set;
