//! The state a position keeps for rules that would otherwise look at the whole
//! board at every move; each rule's file keeps it up to date.

use crate::referee::board::bitboard::Bits;
use crate::referee::board::square::CELLS;

/// Each far-moving piece's long moves (two squares or more, along empty
/// squares, possibly ending on the first enemy piece), by cell, and their sum
/// by side (see [`far_moves`](crate::referee::far_moves)). Cells without a far-moving piece hold 0, so that equal positions
/// have equal counts.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct FarCounts {
    /// By cell: the long moves of the far-moving piece there (0 elsewhere).
    pub(crate) per_cell: [u8; CELLS],
    /// By side: the sum over its far-moving pieces.
    pub(crate) total: [u32; 2],
}

impl Default for FarCounts {
    fn default() -> FarCounts {
        FarCounts {
            per_cell: [0; CELLS],
            total: [0; 2],
        }
    }
}

/// For each side, the squares from which its pieces can reach the enemy Flag
/// (see [`no_hope`](crate::no_hope)): `[side][0]` for any movable piece,
/// `[side][1]` for a Miner. A position keeps them when its ruleset has the
/// no-hope draw (all empty otherwise).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub(crate) struct HopeRegions(pub(crate) [[Bits; 2]; 2]);
