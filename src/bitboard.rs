//! Bitboards: sets of cells as four machine words, kept beside the cell array
//! of a [`Position`](crate::Position) so that move counting, the "can move"
//! test and random move choice work on whole ranks at once instead of square by
//! square.
//!
//! A bit's index is the cell index of the padded board (see
//! [`Square`](crate::Square)), `(rank + 1) * 16 + file + 1`, less [`OFFSET`]:
//! `rank * 16 + file`, so that a 10 x 10 board needs three words and an 8 x 8
//! one two (the padding rank below the board takes no bits). The padding
//! columns (files 12 to 15 of each row of 16 bits) are never set in any set of
//! squares, so shifting a set by a direction and intersecting it with a set of
//! playable squares drops every step that would leave the board (a step below
//! the first rank falls off the low end); no edge masks are needed.

use crate::piece::{PieceKind, Side};
use crate::square::CELLS;

/// The number of 64-bit words of a cell set.
const WORDS: usize = CELLS / 64;

/// The cell of bit 0 (`a1`).
pub(crate) const OFFSET: usize = 17;

/// The bit of `cell` (a square of the grid).
#[inline(always)]
pub(crate) const fn bit(cell: usize) -> usize {
    cell - OFFSET
}

/// A set of cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub(crate) struct Bits(pub(crate) [u64; WORDS]);

impl Bits {
    /// Whether `cell` is in the set.
    #[inline(always)]
    pub(crate) const fn has(&self, cell: usize) -> bool {
        let b = bit(cell);
        self.0[b >> 6] >> (b & 63) & 1 != 0
    }

    /// Adds `cell`.
    #[inline(always)]
    pub(crate) fn set(&mut self, cell: usize) {
        let b = bit(cell);
        self.0[b >> 6] |= 1 << (b & 63);
    }

    /// Removes `cell`.
    #[inline(always)]
    pub(crate) fn clear(&mut self, cell: usize) {
        let b = bit(cell);
        self.0[b >> 6] &= !(1 << (b & 63));
    }

    /// The members in cell order.
    #[inline]
    pub(crate) fn cells(self) -> Cells {
        Cells {
            bits: self,
            word: 0,
        }
    }
}

/// The first `N` words of a cell set, for boards whose cells all lie in those
/// words (see [`Boards::words`]): the hot paths work on 3 words for boards of up
/// to 10 ranks instead of 4.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct W<const N: usize>(pub(crate) [u64; N]);

impl<const N: usize> W<N> {
    /// The empty set.
    pub(crate) const EMPTY: W<N> = W([0; N]);

    /// The first `N` words of `b`.
    #[inline(always)]
    pub(crate) fn of(b: &Bits) -> W<N> {
        let mut w = [0; N];
        w.copy_from_slice(&b.0[..N]);
        W(w)
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub(crate) fn is_empty(&self) -> bool {
        self.0.iter().fold(0, |a, w| a | w) == 0
    }

    /// The number of cells.
    #[inline(always)]
    pub(crate) fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The intersection.
    #[inline(always)]
    pub(crate) fn and(mut self, o: W<N>) -> W<N> {
        for i in 0..N {
            self.0[i] &= o.0[i];
        }
        self
    }

    /// The union.
    #[inline(always)]
    pub(crate) fn or(mut self, o: W<N>) -> W<N> {
        for i in 0..N {
            self.0[i] |= o.0[i];
        }
        self
    }

    /// The cells of `self` not in `o`.
    #[inline(always)]
    pub(crate) fn minus(mut self, o: W<N>) -> W<N> {
        for i in 0..N {
            self.0[i] &= !o.0[i];
        }
        self
    }

    /// Adds `cell` (which must lie in the first `N` words).
    #[inline(always)]
    pub(crate) fn set(&mut self, cell: usize) {
        let b = bit(cell);
        self.0[b / 64] |= 1 << (b % 64);
    }

    /// Removes `cell`, if it lies in the first `N` words.
    #[inline(always)]
    pub(crate) fn remove(&mut self, cell: usize) {
        let b = bit(cell);
        if b / 64 < N {
            self.0[b / 64] &= !(1 << (b % 64));
        }
    }

    /// Every cell moved by `d` (a step of the padded board, `-17..=17`); cells
    /// moved past either end are dropped.
    #[inline(always)]
    pub(crate) fn shift(self, d: isize) -> W<N> {
        let w = self.0;
        let mut r = [0; N];
        if d > 0 {
            let s = d as u32;
            r[0] = w[0] << s;
            for i in 1..N {
                r[i] = w[i] << s | w[i - 1] >> (64 - s);
            }
        } else {
            let s = (-d) as u32;
            for i in 0..N - 1 {
                r[i] = w[i] >> s | w[i + 1] << (64 - s);
            }
            r[N - 1] = w[N - 1] >> s;
        }
        W(r)
    }

    /// The cell of the `k`-th member (counting from 0 in cell order), if the
    /// set has more than `k` members.
    #[inline(always)]
    pub(crate) fn nth(&self, mut k: u32) -> Option<usize> {
        for (i, &w) in self.0.iter().enumerate() {
            let n = w.count_ones();
            if k < n {
                let mut w = w;
                for _ in 0..k {
                    w &= w - 1;
                }
                return Some(i * 64 + w.trailing_zeros() as usize + OFFSET);
            }
            k -= n;
        }
        None
    }
}

impl<const N: usize> From<W<N>> for Bits {
    /// The set with the words of `w` (and the rest empty).
    #[inline(always)]
    fn from(w: W<N>) -> Bits {
        let mut b = Bits::default();
        b.0[..N].copy_from_slice(&w.0);
        b
    }
}

/// The members of a [`Bits`], in cell order.
pub(crate) struct Cells {
    bits: Bits,
    word: usize,
}

impl Iterator for Cells {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        while self.word < WORDS {
            let w = &mut self.bits.0[self.word];
            if *w != 0 {
                let bit = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some(self.word * 64 + bit + OFFSET);
            }
            self.word += 1;
        }
        None
    }
}

/// The bitboards of a position: each side's pieces, its movable pieces and its
/// far-moving pieces, the empty playable squares, and the empty squares of each
/// file as a column mask (bit `rank + 1`), for sliding along files.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub(crate) struct Boards {
    pub(crate) pieces: [Bits; 2],
    pub(crate) movers: [Bits; 2],
    pub(crate) far: [Bits; 2],
    pub(crate) empty: Bits,
    /// Per padded file (`file + 1`): bit `rank + 1` set when that square is an
    /// empty playable square.
    pub(crate) column_empty: [u16; 16],
    /// Per padded file: bit `rank + 1` set when a far-moving piece (of either
    /// side) stands there (see [`far_moves`](crate::far_moves)).
    pub(crate) column_far: [u16; 16],
    /// How many leading words of a cell set the board's cells use (2 to 4).
    pub(crate) words: u8,
}

impl Boards {
    /// Marks `cell` as an empty playable square.
    #[inline(always)]
    pub(crate) fn vacate(&mut self, cell: usize) {
        self.empty.set(cell);
        self.column_empty[cell & 15] |= 1 << (cell >> 4);
    }

    /// Marks the empty playable square `cell` as occupied.
    #[inline(always)]
    fn occupy(&mut self, cell: usize) {
        self.empty.clear(cell);
        self.column_empty[cell & 15] &= !(1 << (cell >> 4));
    }

    /// Adds a piece on the empty square `cell`.
    #[inline(always)]
    pub(crate) fn add(&mut self, cell: usize, side: Side, kind: PieceKind) {
        self.occupy(cell);
        self.add_piece(cell, side, kind);
    }

    /// Records the piece sets of a piece on `cell` (whose square is already
    /// marked occupied).
    #[inline(always)]
    pub(crate) fn add_piece(&mut self, cell: usize, side: Side, kind: PieceKind) {
        let s = side.index();
        self.pieces[s].set(cell);
        if kind.is_movable() {
            self.movers[s].set(cell);
        }
        if kind.moves_far() {
            self.far[s].set(cell);
            self.column_far[cell & 15] |= 1 << (cell >> 4);
        }
    }

    /// Removes a piece from the piece sets, leaving the square occupied.
    #[inline(always)]
    pub(crate) fn remove_piece(&mut self, cell: usize, side: Side) {
        let s = side.index();
        self.pieces[s].clear(cell);
        self.movers[s].clear(cell);
        self.far[s].clear(cell);
        self.column_far[cell & 15] &= !(1 << (cell >> 4));
    }

    /// Removes a piece and marks its square empty.
    #[inline(always)]
    pub(crate) fn remove(&mut self, cell: usize, side: Side) {
        self.remove_piece(cell, side);
        self.vacate(cell);
    }

    /// Whether a far-moving piece (of either side) stands on the rank or the
    /// file of `cell`, other than on `cell` itself.
    #[inline(always)]
    pub(crate) fn far_on_lines(&self, cell: usize) -> bool {
        let i = bit(cell);
        let (word, shift) = ((i >> 6) & (WORDS - 1), i & 0x30);
        let row = ((self.far[0].0[word] | self.far[1].0[word]) >> shift) as u16 & !(1 << (i & 15));
        let column = self.column_far[cell & 15] & !(1 << (cell >> 4));
        row | column != 0
    }

    /// Moves `side`'s (movable) piece from `from` to the empty square `to` (it
    /// must be marked empty, see [`Boards::remove`]);
    /// `far`: whether it is a far-moving piece.
    #[inline(always)]
    pub(crate) fn relocate(&mut self, from: usize, to: usize, side: Side, far: bool) {
        let s = side.index();
        let (f, t) = (bit(from), bit(to));
        // Word indices masked to the array: no bounds checks.
        let (fw, fb) = ((f >> 6) & (WORDS - 1), 1u64 << (f & 63));
        let (tw, tb) = ((t >> 6) & (WORDS - 1), 1u64 << (t & 63));
        // Every bit changed flips (`to` is empty, `from` holds the piece):
        // exclusive ors, no complements.
        self.pieces[s].0[fw] ^= fb;
        self.pieces[s].0[tw] ^= tb;
        self.movers[s].0[fw] ^= fb;
        self.movers[s].0[tw] ^= tb;
        if far {
            self.far[s].0[fw] ^= fb;
            self.far[s].0[tw] ^= tb;
            self.column_far[from & 15] ^= 1 << (from >> 4);
            self.column_far[to & 15] ^= 1 << (to >> 4);
        }
        self.empty.0[fw] ^= fb;
        self.empty.0[tw] ^= tb;
        self.column_empty[from & 15] ^= 1 << (from >> 4);
        self.column_empty[to & 15] ^= 1 << (to >> 4);
    }
}
