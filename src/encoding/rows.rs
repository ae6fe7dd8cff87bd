//! The statement planes of an observation as rows of bits, and how they are
//! written into a tensor: a plane at a time, a rank at a time, eight (`u8`) or
//! four (`f32`) values a store, so that the cost is that of the squares where
//! a statement holds, not of every value of every plane.
//!
//! The rows come from one of two sources that say the same thing: a [`View`]
//! ([`Rows::of_view`]), or what a view is built from
//! ([`Rows::of_position_into`]: the board, the position's bitboards and the refined
//! knowledge [`Position::view`] reads, without building the view). The
//! observation tests compare the two over random games of every preset.

use super::channel;
use super::sealed::Sealed;
use crate::hidden::view::{KnownGroups, SquareView, View, one_kind};
use crate::referee::board::bitboard::Bits;
use crate::referee::board::cell::kind_of;
use crate::referee::board::square::{MAX_RANKS, Square};
use crate::referee::board::square_set::SquareSet;
use crate::referee::piece::{KindSet, Side};
use crate::referee::position::Position;

/// Rows of bits, one a rank: bit `f` of `rows[r]` is square `(f, r)`.
pub(super) type Plane = [u16; MAX_RANKS as usize];

/// The statement channels (`0 .. PLY`) as rows of bits in the board's frame
/// (the viewer's frame is a half turn of it for Blue: [`Rows::write`] turns
/// it): bit `f` of `rows[c][r]` is set when the statement of channel `c`
/// holds on square `(f, r)`.
pub(super) struct Rows {
    rows: [Plane; channel::PLY],
    files: u8,
    ranks: u8,
    turned: bool,
}

/// The kinds that never move, as bits.
const IMMOVABLE: u16 = !KindSet::MOVABLE.bits();

/// The most kinds-sets [`Groups`] keeps apart.
const GROUPS: usize = 10;

/// The pieces of one side grouped by what the other side knows of them (the
/// kinds it may be): a game has only a handful of such sets at a time, so
/// that the planes of each set are written once, whole rows at a time.
struct Groups {
    len: usize,
    kinds: [u16; GROUPS],
    squares: [Plane; GROUPS],
}

impl Groups {
    const EMPTY: Groups = Groups {
        len: 0,
        kinds: [0; GROUPS],
        squares: [[0; MAX_RANKS as usize]; GROUPS],
    };
}

/// Whose pieces a [`Groups`] holds, as its planes: those of the own pieces
/// or of the enemy's.
#[derive(Clone, Copy)]
enum Whose {
    Own,
    Enemy,
}

impl Rows {
    /// No statement anywhere, for a board of `files` x `ranks` seen from
    /// `side`.
    #[inline(always)]
    pub(super) fn new(files: u8, ranks: u8, side: Side) -> Rows {
        Rows {
            rows: [[0; MAX_RANKS as usize]; channel::PLY],
            files,
            ranks,
            turned: side == Side::Blue,
        }
    }

    /// Sets channel `c` on padded cell `cell` (a square of the board).
    #[inline(always)]
    fn set_cell(&mut self, c: usize, cell: usize) {
        set_in(&mut self.rows[c], cell);
    }

    /// Sets channel `c` on every square of `bits`.
    fn set_bits(&mut self, c: usize, bits: &Bits) {
        let keep = ((1u32 << self.files) - 1) as u16;
        for (rank, row) in self.rows[c].iter_mut().enumerate() {
            // Bit `rank * 16 + file` (see `bitboard`).
            *row |= (bits.0[rank / 4] >> (16 * (rank % 4))) as u16 & keep;
        }
    }

    /// Adds the piece on `cell`, of which the other side knows that it is
    /// one of the kinds `known`, to `groups`.
    #[inline(always)]
    fn add(&mut self, groups: &mut Groups, whose: Whose, known: u16, cell: usize) {
        let (f, r) = (
            (cell & 15).wrapping_sub(1) & 15,
            (cell >> 4).wrapping_sub(1),
        );
        if r >= MAX_RANKS as usize {
            return;
        }
        let g = match groups.kinds[..groups.len].iter().position(|&k| k == known) {
            Some(g) => g,
            None if groups.len < GROUPS => {
                groups.kinds[groups.len] = known;
                groups.squares[groups.len] = [0; MAX_RANKS as usize];
                groups.len += 1;
                groups.len - 1
            }
            None => {
                // Too many different sets: this piece alone.
                let mut one = [0; MAX_RANKS as usize];
                one[r] = 1 << f;
                return self.known(whose, known, &one);
            }
        };
        groups.squares[g][r] |= 1 << f;
    }

    /// Sets the planes of every group of `groups`.
    fn apply(&mut self, groups: &Groups, whose: Whose) {
        for (&known, squares) in groups.kinds[..groups.len].iter().zip(&groups.squares) {
            self.known(whose, known, squares);
        }
    }

    /// The planes of pieces on `squares` (`whose` pieces) of which the other
    /// side knows that each is one of the kinds `known`: for an enemy piece,
    /// a plane a possible kind; for both, whether the kind is known (a single
    /// kind) and whether it is known to move (no kind of the set is
    /// immovable).
    #[inline(always)]
    fn known(&mut self, whose: Whose, known: u16, squares: &Plane) {
        let (revealed, movable) = match whose {
            Whose::Own => (channel::OWN_REVEALED, channel::OWN_KNOWN_MOVABLE),
            Whose::Enemy => (channel::ENEMY_REVEALED, channel::ENEMY_KNOWN_MOVABLE),
        };
        let mut or = |c: usize| {
            for (row, &s) in self.rows[c].iter_mut().zip(squares) {
                *row |= s;
            }
        };
        if let Whose::Enemy = whose {
            let mut k = known;
            while k != 0 {
                or(channel::ENEMY + k.trailing_zeros() as usize);
                k &= k - 1;
            }
        }
        if one_kind(known) {
            or(revealed);
        }
        if known != 0 && known & IMMOVABLE == 0 {
            or(movable);
        }
    }

    /// The rows of what `view` shows.
    pub(super) fn of_view(view: &View) -> Rows {
        let (files, ranks) = view.size();
        let mut rows = Rows::new(files, ranks, view.side());
        let (mut own, mut enemy) = (Groups::EMPTY, Groups::EMPTY);
        for rank in 0..ranks {
            for file in 0..files {
                let Some(sq) = Square::new(file, rank) else {
                    continue;
                };
                let cell = sq.cell();
                match view.at(sq) {
                    SquareView::OffBoard => rows.set_cell(channel::OFF_BOARD, cell),
                    SquareView::Lake => rows.set_cell(channel::LAKE, cell),
                    SquareView::Empty => rows.set_cell(channel::EMPTY, cell),
                    SquareView::Own {
                        kind,
                        known_to_opponent,
                    } => {
                        rows.set_cell(channel::OWN + kind.index(), cell);
                        rows.add(&mut own, Whose::Own, known_to_opponent.bits(), cell);
                    }
                    SquareView::Enemy { possible } => {
                        rows.add(&mut enemy, Whose::Enemy, possible.bits(), cell);
                    }
                }
            }
        }
        rows.apply(&own, Whose::Own);
        rows.apply(&enemy, Whose::Enemy);
        if let Some(last) = view.last() {
            rows.last(last.mv.from, last.mv.to);
        }
        rows
    }

    /// Sets the rows of what `side` knows in `pos` (made by [`Rows::new`] for
    /// `pos`'s board and `side`): the same as `Rows::of_view(&pos.view(side))`,
    /// read from what the view is built from (the cells, the bitboards of the
    /// pieces and of the empty squares, the board's lakes, and what each side
    /// knows of the other's pieces, a group of pieces at a time:
    /// [`KnownGroups::gather`]), without building the view. (The rows are
    /// made by the caller, so that they are not copied when returned.)
    #[inline(always)]
    pub(super) fn of_position_into(&mut self, pos: &Position, side: Side) {
        self.gather::<GATHERED>(pos, side);
    }

    /// The rows of what `side` knows in `pos` ([`Rows::of_position_into`]).
    #[cfg(all(test, feature = "std"))]
    pub(super) fn of_position(pos: &Position, side: Side) -> Rows {
        let g = &pos.rules.board;
        let mut rows = Rows::new(g.files, g.ranks, side);
        rows.of_position_into(pos, side);
        rows
    }

    /// Sets the rows of what `side` knows in `pos` ([`Rows::of_position_into`]),
    /// the squares of the first `G` groups of pieces of each side gathered
    /// while they are grouped, those of any other group in a second pass.
    #[inline(always)]
    fn gather<const G: usize>(&mut self, pos: &Position, side: Side) {
        let g = &pos.rules.board;
        let rect = Bits::of_squares(SquareSet::rectangle(g.files, g.ranks));
        let playable = Bits::of_squares(g.playable);
        let lakes = Bits::of_squares(g.lakes);
        let mut off = rect;
        let mut lake = rect;
        for i in 0..off.0.len() {
            lake.0[i] &= lakes.0[i];
            off.0[i] &= !(playable.0[i] | lakes.0[i]);
        }
        self.set_bits(channel::OFF_BOARD, &off);
        self.set_bits(channel::LAKE, &lake);
        self.set_bits(channel::EMPTY, &pos.boards.empty);
        let mut groups = KnownGroups::new();
        self.gather_side::<true, G>(pos, side, &mut groups);
        self.gather_side::<false, G>(pos, !side, &mut groups);
        if let Some(last) = pos.last.map(|o| o.observed_by(side)) {
            self.last(last.mv.from, last.mv.to);
        }
    }

    /// The rows of the pieces of `pieces_of` ([`Rows::gather`]): the viewer's
    /// own when `OWN` (their kinds, and what the opponent knows of them), else
    /// the enemy's (what the viewer knows of them). `groups` is room for the
    /// grouping.
    #[inline(always)]
    fn gather_side<const OWN: bool, const G: usize>(
        &mut self,
        pos: &Position,
        pieces_of: Side,
        groups: &mut KnownGroups,
    ) {
        let whose = if OWN { Whose::Own } else { Whose::Enemy };
        let mut squares = [[0u16; MAX_RANKS as usize]; G];
        let mut more = false;
        groups.gather(pos, pieces_of, |cell, group| {
            let (file, rank) = ((cell & 15).wrapping_sub(1), (cell >> 4).wrapping_sub(1));
            let bit = 1 << (file & 15);
            if OWN {
                let c = channel::OWN + kind_of(pos.cells[cell]).index();
                if let Some(row) = self.rows[c].get_mut(rank) {
                    *row |= bit;
                }
            }
            match squares.get_mut(group).and_then(|s| s.get_mut(rank)) {
                Some(row) => *row |= bit,
                None => more |= group >= G,
            }
        });
        for (&known, s) in groups.known().iter().zip(&squares) {
            self.known(whose, known, s);
        }
        if more {
            // The pieces of the groups past the first `G`, one at a time
            // (the same grouping again gives the same groups).
            let mut again = KnownGroups::new();
            again.gather(pos, pieces_of, |cell, group| {
                if let (None, Some(&k)) = (squares.get(group), groups.known().get(group)) {
                    let mut one = [0; MAX_RANKS as usize];
                    set_in(&mut one, cell);
                    self.known(whose, k, &one);
                }
            });
        }
    }

    /// The last move, from `from` to `to`.
    fn last(&mut self, from: Square, to: Square) {
        self.set_cell(channel::LAST_FROM, from.cell());
        self.set_cell(channel::LAST_TO, to.cell());
    }

    /// Writes the statement planes (`out[.. PLY * files * ranks]`, every
    /// value) in the viewer's frame, a row at a time (for Blue, from the
    /// board's last rank and last file). A store may run past a row into the
    /// values after it (with zeros): the rows are written in the tensor's
    /// order, and the values after the planes (the constant planes) must be
    /// written after this.
    pub(super) fn write<T: Sealed>(&self, out: &mut [T]) {
        if (self.files, self.ranks) == (10, 10) && T::planes_10x10(&self.rows, self.turned, out) {
            return;
        }
        // The common widths with a constant row length (no bounds checks).
        match self.files {
            8 => self.write_rows::<T, 8>(out),
            10 => self.write_rows::<T, 10>(out),
            12 => self.write_rows::<T, 12>(out),
            _ => self.write_any(out),
        }
    }

    /// [`Rows::write`] for boards of `W` files: a plane at a time, a plane
    /// with no statement anywhere as one fill.
    fn write_rows<T: Sealed, const W: usize>(&self, out: &mut [T]) {
        let height = self.ranks as usize;
        let n = W * height;
        if out.len() < channel::PLY * n {
            return self.write_any(out);
        }
        for (c, plane) in self.rows.iter().enumerate() {
            let rows = &plane[..height];
            let at = c * n;
            if *plane == [0; MAX_RANKS as usize] {
                out[at..at + n].fill(T::NONE);
            } else {
                T::plane::<W>(out, at, rows, self.turned);
            }
        }
    }

    /// [`Rows::write`] for any board.
    fn write_any<T: Sealed>(&self, out: &mut [T]) {
        let (width, height) = (self.files as usize, self.ranks as usize);
        let mut at = 0;
        if self.turned {
            // Bit `16 - files + i` is file `i`: the row moved to the top of
            // 16 bits is written from its highest bit.
            let up = 16 - u32::from(self.files);
            for plane in &self.rows {
                for &bits in plane[..height].iter().rev() {
                    T::write_bits_reversed(out, at, bits << up, width);
                    at += width;
                }
            }
        } else {
            for plane in &self.rows {
                for &bits in &plane[..height] {
                    T::write_bits(out, at, bits, width);
                    at += width;
                }
            }
        }
    }
}

/// The most groups of pieces (by what the other side knows of them) whose
/// squares [`Rows::of_position_into`] gathers while grouping them (a game has only
/// a handful at a time).
const GATHERED: usize = 16;

/// Sets padded cell `cell` (a square of the board) in `plane`.
#[inline(always)]
fn set_in(plane: &mut Plane, cell: usize) {
    let (file, rank) = ((cell & 15).wrapping_sub(1), (cell >> 4).wrapping_sub(1));
    if let Some(row) = plane.get_mut(rank) {
        *row |= 1 << (file & 15);
    }
}

/// `SPREAD8[b]`: byte `i` (little-endian) is bit `i` of `b`.
const SPREAD8: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            if (b >> i) & 1 == 1 {
                t[b] |= 1 << (8 * i);
            }
            i += 1;
        }
        b += 1;
    }
    t
};

/// `REVERSED8[b]`: byte `i` (little-endian) is bit `7 - i` of `b`.
const REVERSED8: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = SPREAD8[(b as u8).reverse_bits() as usize];
        b += 1;
    }
    t
};

/// `SPREAD4[b]`: value `i` is bit `i` of `b`, as 0.0 or 1.0.
const SPREAD4: [[f32; 4]; 16] = {
    let mut t = [[0.0f32; 4]; 16];
    let mut b = 0;
    while b < 16 {
        let mut i = 0;
        while i < 4 {
            if (b >> i) & 1 == 1 {
                t[b][i] = 1.0;
            }
            i += 1;
        }
        b += 1;
    }
    t
};

/// `REVERSED4[b]`: value `i` is bit `3 - i` of `b`, as 0.0 or 1.0.
const REVERSED4: [[f32; 4]; 16] = {
    let mut t = [[0.0f32; 4]; 16];
    let mut b = 0;
    while b < 16 {
        t[b] = SPREAD4[((b as u8).reverse_bits() >> 4) as usize];
        b += 1;
    }
    t
};

/// Writes the `width` values of `bits` (bit `i` is value `i`: 0 or 1) at
/// `out[at..]` one at a time (where `out` ends).
#[cold]
fn write_each<T: Copy>(out: &mut [T], at: usize, bits: u16, width: usize, zero: T, one: T) {
    for (i, x) in out.iter_mut().skip(at).take(width).enumerate() {
        *x = if (bits >> i) & 1 == 1 { one } else { zero };
    }
}

/// [`Sealed::plane`] a row at a time with [`Sealed::row`] and
/// [`Sealed::row_reversed`].
#[inline(always)]
fn plane_by_rows<T: Sealed, const W: usize>(out: &mut [T], at: usize, rows: &[u16], turned: bool) {
    let dst = &mut out[at..at + W * rows.len()];
    let mut chunks = dst.chunks_exact_mut(W);
    if turned {
        let up = 16 - W as u32;
        for (&bits, row) in rows.iter().rev().zip(&mut chunks) {
            T::row_reversed::<W>(row, bits << up);
        }
    } else {
        for (&bits, row) in rows.iter().zip(&mut chunks) {
            T::row::<W>(row, bits);
        }
    }
}

/// `SPREAD10[b]`: byte `i < 10` is bit `i` of `b`, the last six zero: a row of
/// a 10-file board as one 16-byte store.
static SPREAD10: [[u8; 16]; 1024] = {
    let mut t = [[0u8; 16]; 1024];
    let mut b = 0;
    while b < 1024 {
        let mut i = 0;
        while i < 10 {
            t[b][i] = ((b >> i) & 1) as u8;
            i += 1;
        }
        b += 1;
    }
    t
};

/// `SPREAD10_REVERSED[b]`: byte `i < 10` is bit `9 - i` of `b`, the last six
/// zero: a row of a 10-file board in the half-turned frame as one store.
static SPREAD10_REVERSED: [[u8; 16]; 1024] = {
    let mut t = [[0u8; 16]; 1024];
    let mut b = 0;
    while b < 1024 {
        let mut i = 0;
        while i < 10 {
            t[b][i] = ((b >> (9 - i)) & 1) as u8;
            i += 1;
        }
        b += 1;
    }
    t
};

/// The 16-byte store of row `bits` of a 10-file board: in the board's frame,
/// or in the half-turned one.
#[inline(always)]
fn row10(bits: u16, turned: bool) -> &'static [u8; 16] {
    let b = usize::from(bits & 0x3ff);
    if turned {
        &SPREAD10_REVERSED[b]
    } else {
        &SPREAD10[b]
    }
}

/// Every statement plane of a 10 x 10 board into `block`, in the viewer's
/// frame (`TURNED`: from the last rank and the last file), a row a 16-byte
/// store (the six bytes past a row are overwritten by the next row, or the
/// next plane), a plane with no statement as one fill.
#[inline(always)]
fn planes_10x10<const TURNED: bool>(
    rows: &[Plane; channel::PLY],
    block: &mut [u8; channel::PLY * 100 + 6],
) {
    let table = if TURNED {
        &SPREAD10_REVERSED
    } else {
        &SPREAD10
    };
    for (c, plane) in rows.iter().enumerate() {
        let at = c * 100;
        if *plane == [0; MAX_RANKS as usize] {
            block[at..at + 100].fill(0);
            continue;
        }
        for r in 0..10 {
            let bits = plane[if TURNED { 9 - r } else { r }];
            let dst = at + 10 * r;
            block[dst..dst + 16].copy_from_slice(&table[usize::from(bits & 0x3ff)]);
            // (Else the compiler, seeing the next row overwrite the last six
            // bytes, splits the store in two.)
            core::hint::black_box(&mut *block);
        }
    }
}

/// Every statement plane of a 10 x 10 board into `block` as `f32` values,
/// in the viewer's frame (`TURNED`: from the last rank and the last file), a
/// row three stores of four values from [`SPREAD4`] (or [`REVERSED4`]), a
/// plane with no statement as one fill.
#[inline(always)]
fn float_planes_10x10<const TURNED: bool>(
    rows: &[Plane; channel::PLY],
    block: &mut [f32; channel::PLY * 100 + 2],
) {
    for (c, plane) in rows.iter().enumerate() {
        let at = c * 100;
        if *plane == [0; MAX_RANKS as usize] {
            block[at..at + 100].fill(0.0);
            continue;
        }
        for r in 0..10 {
            let b = usize::from(plane[if TURNED { 9 - r } else { r }]);
            // Values 0-3, 4-7 and 8-11 of the row (10 and 11 are zeros).
            let [x, y, z] = if TURNED {
                // Value `i` is bit `9 - i`.
                [
                    &REVERSED4[(b >> 6) & 15],
                    &REVERSED4[(b >> 2) & 15],
                    &REVERSED4[(b << 2) & 15],
                ]
            } else {
                [
                    &SPREAD4[b & 15],
                    &SPREAD4[(b >> 4) & 15],
                    &SPREAD4[(b >> 8) & 3],
                ]
            };
            let dst = at + 10 * r;
            block[dst..dst + 4].copy_from_slice(x);
            block[dst + 4..dst + 8].copy_from_slice(y);
            block[dst + 8..dst + 12].copy_from_slice(z);
        }
    }
}

/// Row `W` (8 to 16 values) of `first` then `second`: the first 8 values,
/// then the first `W - 8` of `second`.
#[inline(always)]
fn two<T: Copy, const W: usize>(row: &mut [T], first: &[T; 8], second: &[T; 8]) {
    row[..8].copy_from_slice(first);
    let rest = W.saturating_sub(8);
    row[8..].copy_from_slice(&second[..rest]);
}

impl Sealed for u8 {
    const NONE: u8 = 0;

    /// Boards of 10 x 10: every plane at a fixed place (no bounds checks).
    #[inline(always)]
    fn planes_10x10(rows: &[Plane; channel::PLY], turned: bool, out: &mut [u8]) -> bool {
        let Some(Ok(block)) = out
            .get_mut(..channel::PLY * 100 + 6)
            .map(<&mut [u8; channel::PLY * 100 + 6]>::try_from)
        else {
            return false;
        };
        if turned {
            planes_10x10::<true>(rows, block);
        } else {
            planes_10x10::<false>(rows, block);
        }
        true
    }

    /// Boards of 10 files: a row a store of 16 bytes (the six past the row
    /// are overwritten by the next row, or the next plane).
    #[inline(always)]
    fn plane<const W: usize>(out: &mut [u8], at: usize, rows: &[u16], turned: bool) {
        let h = rows.len();
        match out.get_mut(at..at + 10 * h + 6) {
            Some(dst) if W == 10 => {
                for r in 0..h {
                    let bits = if turned { rows[h - 1 - r] } else { rows[r] };
                    dst[10 * r..10 * r + 16].copy_from_slice(row10(bits, turned));
                }
            }
            _ => plane_by_rows::<u8, W>(out, at, rows, turned),
        }
    }

    #[inline(always)]
    fn row<const W: usize>(row: &mut [u8], bits: u16) {
        let first = SPREAD8[usize::from(bits & 0xff)].to_le_bytes();
        let second = SPREAD8[usize::from(bits >> 8)].to_le_bytes();
        two::<u8, W>(row, &first, &second);
    }

    #[inline(always)]
    fn row_reversed<const W: usize>(row: &mut [u8], bits: u16) {
        let first = REVERSED8[usize::from(bits >> 8)].to_le_bytes();
        let second = REVERSED8[usize::from(bits & 0xff)].to_le_bytes();
        two::<u8, W>(row, &first, &second);
    }

    /// Two stores of 8 values (a board has at most 12 files).
    #[inline(always)]
    fn write_bits(out: &mut [u8], at: usize, bits: u16, width: usize) {
        let lo = SPREAD8[usize::from(bits & 0xff)];
        let hi = SPREAD8[usize::from(bits >> 8)];
        match out.get_mut(at..at + 16) {
            Some(dst) => {
                dst[..8].copy_from_slice(&lo.to_le_bytes());
                dst[8..].copy_from_slice(&hi.to_le_bytes());
            }
            None => write_each(out, at, bits, width, 0, 1),
        }
    }

    #[inline(always)]
    fn write_bits_reversed(out: &mut [u8], at: usize, bits: u16, width: usize) {
        let first = REVERSED8[usize::from(bits >> 8)];
        let second = REVERSED8[usize::from(bits & 0xff)];
        match out.get_mut(at..at + 16) {
            Some(dst) => {
                dst[..8].copy_from_slice(&first.to_le_bytes());
                dst[8..].copy_from_slice(&second.to_le_bytes());
            }
            None => write_each(out, at, bits.reverse_bits(), width, 0, 1),
        }
    }
}

/// Eight values from two table entries of four.
#[inline(always)]
fn eight(a: &[f32; 4], b: &[f32; 4]) -> [f32; 8] {
    [a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3]]
}

impl Sealed for f32 {
    const NONE: f32 = 0.0;

    /// Boards of 10 x 10: every plane at a fixed place (no bounds checks), a
    /// row three stores of four values (the two past the row are
    /// overwritten by the next row, or the next plane).
    #[inline(always)]
    fn planes_10x10(rows: &[Plane; channel::PLY], turned: bool, out: &mut [f32]) -> bool {
        let Some(Ok(block)) = out
            .get_mut(..channel::PLY * 100 + 2)
            .map(<&mut [f32; channel::PLY * 100 + 2]>::try_from)
        else {
            return false;
        };
        if turned {
            float_planes_10x10::<true>(rows, block);
        } else {
            float_planes_10x10::<false>(rows, block);
        }
        true
    }

    #[inline(always)]
    fn plane<const W: usize>(out: &mut [f32], at: usize, rows: &[u16], turned: bool) {
        plane_by_rows::<f32, W>(out, at, rows, turned);
    }

    #[inline(always)]
    fn row<const W: usize>(row: &mut [f32], bits: u16) {
        let b = usize::from(bits);
        let first = eight(&SPREAD4[b & 15], &SPREAD4[(b >> 4) & 15]);
        let second = eight(&SPREAD4[(b >> 8) & 15], &SPREAD4[b >> 12]);
        two::<f32, W>(row, &first, &second);
    }

    #[inline(always)]
    fn row_reversed<const W: usize>(row: &mut [f32], bits: u16) {
        let b = usize::from(bits);
        let first = eight(&REVERSED4[b >> 12], &REVERSED4[(b >> 8) & 15]);
        let second = eight(&REVERSED4[(b >> 4) & 15], &REVERSED4[b & 15]);
        two::<f32, W>(row, &first, &second);
    }

    /// Three stores of 4 values (a board has at most 12 files).
    #[inline(always)]
    fn write_bits(out: &mut [f32], at: usize, bits: u16, width: usize) {
        let b = usize::from(bits);
        match out.get_mut(at..at + 12) {
            Some(dst) => {
                dst[..4].copy_from_slice(&SPREAD4[b & 15]);
                dst[4..8].copy_from_slice(&SPREAD4[(b >> 4) & 15]);
                dst[8..].copy_from_slice(&SPREAD4[(b >> 8) & 15]);
            }
            None => write_each(out, at, bits, width, 0.0, 1.0),
        }
    }

    #[inline(always)]
    fn write_bits_reversed(out: &mut [f32], at: usize, bits: u16, width: usize) {
        let b = usize::from(bits);
        match out.get_mut(at..at + 12) {
            Some(dst) => {
                dst[..4].copy_from_slice(&REVERSED4[b >> 12]);
                dst[4..8].copy_from_slice(&REVERSED4[(b >> 8) & 15]);
                dst[8..].copy_from_slice(&REVERSED4[(b >> 4) & 15]);
            }
            None => write_each(out, at, bits.reverse_bits(), width, 0.0, 1.0),
        }
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use crate::{Rng, Ruleset};

    /// What a side knows is the same however many groups of pieces are
    /// gathered at once (the pieces of the others set one at a time), over
    /// random games of every preset, from both sides.
    #[test]
    fn what_a_side_knows_does_not_depend_on_how_its_pieces_are_gathered() {
        for rules in [
            Ruleset::classic(),
            Ruleset::barrage(),
            Ruleset::marsal_a_spion(),
        ] {
            let mut pos = Position::start(&rules, 7, 8).unwrap();
            let mut rng = Rng::new(5);
            for _ in 0..300 {
                for side in Side::BOTH {
                    let all = Rows::of_position(&pos, side).rows;
                    let in_groups = |n: usize| {
                        let mut rows = Rows::new(rules.board.files, rules.board.ranks, side);
                        match n {
                            0 => rows.gather::<0>(&pos, side),
                            1 => rows.gather::<1>(&pos, side),
                            _ => rows.gather::<3>(&pos, side),
                        }
                        rows.rows
                    };
                    for n in 0..3 {
                        assert_eq!(in_groups(n), all, "{n} groups gathered");
                    }
                    assert_eq!(Rows::of_view(&pos.view(side)).rows, all);
                }
                if pos.play_random(&mut rng).is_none() {
                    break;
                }
            }
        }
    }

    /// Value `(c, r, f)` of the viewer's frame is the bit of its square, for
    /// every board width (the constant-width writers and the general one),
    /// both frames and both element types.
    #[test]
    fn rows_are_written_value_by_value_in_the_viewers_frame() {
        let mut rng = Rng::new(11);
        for files in 1..=12u8 {
            for ranks in [1u8, 5, 10, 12] {
                for side in Side::BOTH {
                    let mut rows = Rows::new(files, ranks, side);
                    let keep = ((1u32 << files) - 1) as u16;
                    for plane in rows.rows.iter_mut() {
                        for row in plane[..ranks as usize].iter_mut() {
                            *row = rng.next_u64() as u16 & keep;
                        }
                    }
                    let (w, h) = (files as usize, ranks as usize);
                    let n = w * h;
                    let mut bytes = std::vec![9u8; channel::PLY * n + 3];
                    let mut floats = std::vec![9.0f32; channel::PLY * n + 3];
                    rows.write(&mut bytes);
                    rows.write(&mut floats);
                    for c in 0..channel::PLY {
                        for r in 0..h {
                            for f in 0..w {
                                let (af, ar) = match side {
                                    Side::Red => (f, r),
                                    Side::Blue => (w - 1 - f, h - 1 - r),
                                };
                                let want = (rows.rows[c][ar] >> af) & 1;
                                let i = c * n + r * w + f;
                                assert_eq!(u16::from(bytes[i]), want, "{files}x{ranks} {side}");
                                assert_eq!(floats[i], f32::from(want), "{files}x{ranks} {side}");
                            }
                        }
                    }
                }
            }
        }
    }
}
