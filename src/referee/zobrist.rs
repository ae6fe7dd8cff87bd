//! Zobrist hashing: a 64-bit key per (square, piece) and one for the side to move.

#[cfg(not(target_arch = "wasm32"))]
use crate::referee::board::square::CELLS;
#[cfg(feature = "alloc")]
use crate::referee::piece::Side;
use crate::referee::rng::mix;

/// Number of piece codes (2 sides x 16 kinds).
const CODES: usize = 32;

/// The key of piece code `k` (`0..CODES`) on cell `c`: the one definition of
/// the keys, read from `PIECE_KEYS` or, in wasm, computed at each lookup.
const fn key(c: usize, k: usize) -> u64 {
    mix(0x6D61_7273_616C_0001 ^ ((c as u64) << 8 | k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// Every key, computed at compile time. Not in wasm: there the 64 KB table
/// would be an eighth of the package, and three multiplications a key cost
/// less than downloading it.
#[cfg(not(target_arch = "wasm32"))]
static PIECE_KEYS: [[u64; CODES]; CELLS] = {
    let mut t = [[0u64; CODES]; CELLS];
    let mut c = 0;
    while c < CELLS {
        let mut k = 0;
        while k < CODES {
            t[c][k] = key(c, k);
            k += 1;
        }
        c += 1;
    }
    t
};

/// The key XOR-ed in when Blue is to move.
pub(crate) const BLUE_TO_MOVE: u64 = mix(0x6D61_7273_616C_00FF);

/// The hash of a placement (the pieces on their squares, without the side to
/// move) from a position's `hash` with `to_move` to move.
#[cfg(feature = "alloc")] // used by Game
#[inline]
pub(crate) fn placement(hash: u64, to_move: Side) -> u64 {
    if to_move == Side::Blue {
        hash ^ BLUE_TO_MOVE
    } else {
        hash
    }
}

/// The key of piece `code` (a piece cell code, `16..48`) on padded cell `cell`.
#[inline]
pub(crate) fn piece_key(cell: usize, code: u8) -> u64 {
    lookup(cell, (code as usize).wrapping_sub(16) & (CODES - 1))
}

/// The key of piece code `k` on `cell`, read from the table.
#[cfg(not(target_arch = "wasm32"))]
#[inline]
fn lookup(cell: usize, k: usize) -> u64 {
    PIECE_KEYS[cell][k]
}

/// The key of piece code `k` on `cell`, computed (wasm: no table).
#[cfg(target_arch = "wasm32")]
#[inline]
fn lookup(cell: usize, k: usize) -> u64 {
    key(cell, k)
}
