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

use crate::referee::board::square::CELLS;
use crate::referee::board::square_set::SquareSet;
use crate::referee::piece::{PieceKind, Side};

/// The number of 64-bit words of a cell set.
const WORDS: usize = CELLS / 64;

/// The cell of bit 0 (`a1`).
pub(crate) const OFFSET: usize = 17;

/// The bit of `cell` (a square of the grid).
#[inline(always)]
pub(crate) const fn bit(cell: usize) -> usize {
    cell - OFFSET
}

/// Transposes the 16 x 16 bit matrix whose row `r` is bits `16 r..16 r + 16` of
/// `m` (word `r / 4`, bit `16 (r % 4) + c` for column `c`): the result has bit
/// `c` of row `r` where `m` has bit `r` of row `c`. Four rounds of block swaps
/// (blocks of 8, 4, 2, then 1), each exchanging the upper-right and lower-left
/// blocks of every diagonal pair of blocks.
const fn transpose16(mut m: [u64; 4]) -> [u64; 4] {
    // Rows r and r + 8 (r < 8): words k and k + 2, same bits.
    let mut k = 0;
    while k < 2 {
        let t = ((m[k] >> 8) ^ m[k + 2]) & 0x00FF_00FF_00FF_00FF;
        m[k + 2] ^= t;
        m[k] ^= t << 8;
        k += 1;
    }
    // Rows r and r + 4 (r % 8 < 4): words k and k + 1, same bits.
    k = 0;
    while k < 4 {
        let t = ((m[k] >> 4) ^ m[k + 1]) & 0x0F0F_0F0F_0F0F_0F0F;
        m[k + 1] ^= t;
        m[k] ^= t << 4;
        k += 2;
    }
    // Rows r and r + 2 (r % 4 < 2): 32 bits apart in a word.
    k = 0;
    while k < 4 {
        let w = m[k];
        let t = ((w >> 2) ^ (w >> 32)) & 0x0000_0000_3333_3333;
        m[k] = w ^ (t << 32 | t << 2);
        k += 1;
    }
    // Rows r and r + 1 (r even): 16 bits apart in a word.
    k = 0;
    while k < 4 {
        let w = m[k];
        let t = ((w >> 1) ^ (w >> 16)) & 0x0000_5555_0000_5555;
        m[k] = w ^ (t << 16 | t << 1);
        k += 1;
    }
    m
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
        // The word index masked to the array (a square's bit is below 256):
        // no bounds check.
        self.0[(b >> 6) & (WORDS - 1)] |= 1 << (b & 63);
    }

    /// Removes `cell`.
    #[inline(always)]
    pub(crate) fn clear(&mut self, cell: usize) {
        let b = bit(cell);
        self.0[b >> 6] &= !(1 << (b & 63));
    }

    /// The bits of the squares of `set` (a word at a time).
    #[inline]
    pub(crate) fn of_squares(set: SquareSet) -> Bits {
        let s = set.words();
        let mut b = [0; WORDS];
        for (i, w) in b.iter_mut().enumerate() {
            // Cell `c` is bit `c - OFFSET`; no square of a set lies below
            // `OFFSET` (that is padding).
            let above = s.get(i + 1).map_or(0, |n| n << (64 - OFFSET));
            *w = s[i] >> OFFSET | above;
        }
        Bits(b)
    }

    /// The set as column masks (see [`Boards::column_empty`]): entry `f` has
    /// bit `r` for the cell `16 * r + f`.
    fn columns(self) -> [u16; 16] {
        // The padded cells of the set: bit `c % 64` of word `c / 64` for cell
        // `c`, that is a 16 x 16 bit matrix whose row `r` is bits `16 r..` (rank
        // row `r`, bit `f` for file column `f`). Its transpose has the columns
        // as rows.
        let mut m = [0u64; WORDS];
        for (i, w) in m.iter_mut().enumerate() {
            let below = if i == 0 {
                0
            } else {
                self.0[i - 1] >> (64 - OFFSET)
            };
            *w = self.0[i] << OFFSET | below;
        }
        let m = transpose16(m);
        let mut columns = [0u16; 16];
        for (f, column) in columns.iter_mut().enumerate() {
            *column = (m[f / 4] >> (16 * (f % 4))) as u16;
        }
        columns
    }

    /// Calls `f` with the padded cell of every member, in increasing order
    /// (what [`Bits::cells`] yields, as one loop over the words).
    #[inline(always)]
    pub(crate) fn for_each_cell(self, mut f: impl FnMut(usize)) {
        for (i, &word) in self.0.iter().enumerate() {
            let mut w = word;
            while w != 0 {
                f(i * 64 + w.trailing_zeros() as usize + OFFSET);
                w &= w - 1;
            }
        }
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

    /// Word by word, with the word in hand (what `for_each` and the other
    /// internal iterations use).
    #[inline(always)]
    fn fold<B, F: FnMut(B, usize) -> B>(self, init: B, mut f: F) -> B {
        let mut acc = init;
        for (i, &word) in self.bits.0.iter().enumerate().skip(self.word) {
            let mut w = word;
            while w != 0 {
                let cell = i * 64 + w.trailing_zeros() as usize + OFFSET;
                w &= w - 1;
                acc = f(acc, cell);
            }
        }
        acc
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
    /// side) stands there (see [`far_moves`](crate::referee::far_moves)).
    pub(crate) column_far: [u16; 16],
    /// How many leading words of a cell set the board's cells use (2 to 4).
    pub(crate) words: u8,
}

impl Boards {
    /// The boards of a board with no pieces and, as yet, no empty squares
    /// either: only [`Boards::words`] is set, from the playable squares. The
    /// pieces are then added with [`Boards::add_piece`], and
    /// [`Boards::set_empty`] marks the rest of the board empty.
    pub(crate) fn new(playable: SquareSet) -> Boards {
        let bits = Bits::of_squares(playable);
        let used = bits.0.iter().rposition(|w| *w != 0).map_or(0, |i| i + 1);
        Boards {
            words: used.max(2) as u8,
            ..Boards::default()
        }
    }

    /// Marks every square of `playable` without a piece as empty (the empty
    /// set and its columns), once the pieces stand on the board: a word at a
    /// time, not square by square. Also sets the far-moving pieces' columns.
    pub(crate) fn set_empty(&mut self, playable: SquareSet) {
        let mut empty = Bits::of_squares(playable);
        for (i, w) in empty.0.iter_mut().enumerate() {
            *w &= !(self.pieces[0].0[i] | self.pieces[1].0[i]);
        }
        self.empty = empty;
        self.column_empty = empty.columns();
        let mut far = self.far[0];
        for (w, b) in far.0.iter_mut().zip(self.far[1].0) {
            *w |= b;
        }
        self.column_far = far.columns();
    }

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

    /// Adds pieces of one `kind` of `side` on the empty squares `cells` (a word
    /// at a time; the empty set is left as it is, see [`Boards::set_empty`]).
    #[inline(always)]
    pub(crate) fn add_pieces(&mut self, cells: Bits, side: Side, kind: PieceKind) {
        let s = side.index();
        for i in 0..WORDS {
            self.pieces[s].0[i] |= cells.0[i];
            if kind.is_movable() {
                self.movers[s].0[i] |= cells.0[i];
            }
            if kind.moves_far() {
                self.far[s].0[i] |= cells.0[i];
            }
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

    /// Whether a far-moving piece (of either side) stands on the rank, and
    /// on the file, of `cell`, other than on `cell` itself.
    #[inline(always)]
    pub(crate) fn far_on_lines(&self, cell: usize) -> [bool; 2] {
        let i = bit(cell);
        let (word, shift) = ((i >> 6) & (WORDS - 1), i & 0x30);
        let row = ((self.far[0].0[word] | self.far[1].0[word]) >> shift) as u16 & !(1 << (i & 15));
        let column = self.column_far[cell & 15] & !(1 << (cell >> 4));
        [row != 0, column != 0]
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::rng::Rng;

    #[test]
    fn transpose16_swaps_rows_and_columns() {
        let mut rng = Rng::new(7);
        for _ in 0..200 {
            let m = [
                rng.next_u64(),
                rng.next_u64(),
                rng.next_u64(),
                rng.next_u64(),
            ];
            let t = transpose16(m);
            for r in 0..16 {
                for c in 0..16 {
                    let bit = |m: [u64; 4], r: usize, c: usize| m[r / 4] >> (16 * (r % 4) + c) & 1;
                    assert_eq!(bit(t, r, c), bit(m, c, r), "row {r} column {c}");
                }
            }
        }
    }

    #[test]
    fn columns_are_the_set_by_file() {
        let mut rng = Rng::new(8);
        for _ in 0..200 {
            let mut bits = Bits::default();
            let mut expected = [0u16; 16];
            for rank in 1..=12 {
                for (file, column) in expected.iter_mut().enumerate().take(13).skip(1) {
                    if rng.below(2) == 1 {
                        bits.set(16 * rank + file);
                        *column |= 1 << rank;
                    }
                }
            }
            assert_eq!(bits.columns(), expected);
        }
    }
}
