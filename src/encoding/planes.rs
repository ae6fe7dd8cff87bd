//! The statement planes of an observation as sets of bits in the viewer's
//! frame, and how they are written into a tensor: the tensor's statement part
//! cleared once, then each plane that holds a statement somewhere either
//! value by value where it holds (a plane of few such squares) or eight
//! (`u8`) or four (`f32`) values a store, so that the cost is that of the
//! statements, not of every value of every plane.
//!
//! The planes come from one of two sources that say the same thing: a
//! [`View`] ([`Planes::of_view`]), or what a view is built from
//! ([`Planes::of_position`]: the board, the position's bitboards and the
//! pieces with what each side knows of the other's,
//! [`Position::known_pieces`], without building the view). The observation
//! tests compare the two over random games of every preset.

use super::channel;
use super::sealed::Sealed;
use crate::piece::{KindSet, Side};
use crate::position::{Position, kind_of};
use crate::square::{GRID_SQUARES, Square};
use crate::square_set::SquareSet;
use crate::view::{SquareView, View};

/// The words of a plane: a board has at most [`GRID_SQUARES`] squares.
const WORDS: usize = GRID_SQUARES.div_ceil(64);

/// A plane: bit `i` is value `i` of the plane, `i = rank * files + file` of
/// the square in the viewer's frame (a half turn of the board's for Blue).
pub(super) type Plane = [u64; WORDS];

/// The statement channels (`0 .. PLY`) as planes in the viewer's frame.
pub(super) struct Planes {
    planes: [Plane; channel::PLY],
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
/// that the planes of each set are set once for all its pieces.
struct Groups {
    len: usize,
    kinds: [u16; GROUPS],
    squares: [Plane; GROUPS],
}

impl Groups {
    const EMPTY: Groups = Groups {
        len: 0,
        kinds: [0; GROUPS],
        squares: [[0; WORDS]; GROUPS],
    };
}

/// Whose pieces a [`Groups`] holds, as its planes: those of the own pieces
/// or of the enemy's.
#[derive(Clone, Copy)]
enum Whose {
    Own,
    Enemy,
}

/// Sets bit `i` of `plane` (`i` below the plane's squares).
#[inline(always)]
fn set(plane: &mut Plane, i: usize) {
    if let Some(w) = plane.get_mut(i >> 6) {
        *w |= 1 << (i & 63);
    }
}

impl Planes {
    /// No statement anywhere, for a board of `files` x `ranks` seen from
    /// `side`.
    fn new(files: u8, ranks: u8, side: Side) -> Planes {
        Planes {
            planes: [[0; WORDS]; channel::PLY],
            files,
            ranks,
            turned: side == Side::Blue,
        }
    }

    /// The squares of the board's rectangle.
    #[inline(always)]
    fn squares(&self) -> usize {
        usize::from(self.files) * usize::from(self.ranks)
    }

    /// The index in the viewer's frame of padded cell `cell`, or `None` off
    /// the board's rectangle.
    #[inline(always)]
    fn index(&self, cell: usize) -> Option<usize> {
        let (file, rank) = ((cell & 15).wrapping_sub(1), (cell >> 4).wrapping_sub(1));
        if file >= usize::from(self.files) || rank >= usize::from(self.ranks) {
            return None;
        }
        let i = rank * usize::from(self.files) + file;
        Some(if self.turned {
            self.squares() - 1 - i
        } else {
            i
        })
    }

    /// Sets channel `c` on padded cell `cell` (a square of the board).
    #[inline(always)]
    fn set_cell(&mut self, c: usize, cell: usize) {
        if let Some(i) = self.index(cell) {
            set(&mut self.planes[c], i);
        }
    }

    /// Sets channel `c` on every square of `set`.
    fn set_squares(&mut self, c: usize, set: SquareSet) {
        for sq in set.iter() {
            self.set_cell(c, sq.cell());
        }
    }

    /// Adds the piece on padded cell `cell`, of which the other side knows
    /// that it is one of the kinds `known`, to `groups`.
    #[inline(always)]
    fn add(&mut self, groups: &mut Groups, whose: Whose, known: u16, cell: usize) {
        let Some(i) = self.index(cell) else {
            return;
        };
        let g = match groups.kinds[..groups.len].iter().position(|&k| k == known) {
            Some(g) => g,
            None if groups.len < GROUPS => {
                groups.kinds[groups.len] = known;
                groups.squares[groups.len] = [0; WORDS];
                groups.len += 1;
                groups.len - 1
            }
            None => {
                // Too many different sets: this piece alone.
                let mut one = [0; WORDS];
                set(&mut one, i);
                return self.known(whose, known, &one);
            }
        };
        set(&mut groups.squares[g], i);
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
    fn known(&mut self, whose: Whose, known: u16, squares: &Plane) {
        let (revealed, movable) = match whose {
            Whose::Own => (channel::OWN_REVEALED, channel::OWN_KNOWN_MOVABLE),
            Whose::Enemy => (channel::ENEMY_REVEALED, channel::ENEMY_KNOWN_MOVABLE),
        };
        let mut or = |c: usize| {
            for (w, &s) in self.planes[c].iter_mut().zip(squares) {
                *w |= s;
            }
        };
        if let Whose::Enemy = whose {
            let mut k = known;
            while k != 0 {
                or(channel::ENEMY + k.trailing_zeros() as usize);
                k &= k - 1;
            }
        }
        if known.count_ones() == 1 {
            or(revealed);
        }
        if known != 0 && known & IMMOVABLE == 0 {
            or(movable);
        }
    }

    /// The planes of what `view` shows.
    pub(super) fn of_view(view: &View) -> Planes {
        let (files, ranks) = view.size();
        let mut planes = Planes::new(files, ranks, view.side());
        let (mut own, mut enemy) = (Groups::EMPTY, Groups::EMPTY);
        for rank in 0..ranks {
            for file in 0..files {
                let Some(sq) = Square::new(file, rank) else {
                    continue;
                };
                let cell = sq.cell();
                match view.at(sq) {
                    SquareView::OffBoard => planes.set_cell(channel::OFF_BOARD, cell),
                    SquareView::Lake => planes.set_cell(channel::LAKE, cell),
                    SquareView::Empty => planes.set_cell(channel::EMPTY, cell),
                    SquareView::Own {
                        kind,
                        known_to_opponent,
                    } => {
                        planes.set_cell(channel::OWN + kind.index(), cell);
                        planes.add(&mut own, Whose::Own, known_to_opponent.bits(), cell);
                    }
                    SquareView::Enemy { possible } => {
                        planes.add(&mut enemy, Whose::Enemy, possible.bits(), cell);
                    }
                }
            }
        }
        planes.apply(&own, Whose::Own);
        planes.apply(&enemy, Whose::Enemy);
        if let Some(last) = view.last() {
            planes.last(last.mv.from, last.mv.to);
        }
        planes
    }

    /// The planes of what `side` knows in `pos`: the same as
    /// `Planes::of_view(&pos.view(side))`, read from what the view is built
    /// from (the board's lakes and squares, the pieces of both sides with
    /// what each side knows of the other's, [`Position::known_pieces`]),
    /// without building the view. An empty square is a square of the board
    /// with no piece.
    #[inline(always)]
    pub(super) fn of_position(pos: &Position, side: Side) -> Planes {
        let g = &pos.rules.board;
        let mut planes = Planes::new(g.files, g.ranks, side);
        let off = SquareSet::rectangle(g.files, g.ranks)
            .difference(g.playable)
            .difference(g.lakes);
        planes.set_squares(channel::OFF_BOARD, off);
        planes.set_squares(channel::LAKE, g.lakes);
        let (mut own, mut enemy) = (Groups::EMPTY, Groups::EMPTY);
        let mine = pos.known_pieces(side);
        for (&cell, &known) in mine.cells().iter().zip(mine.known()) {
            let cell = usize::from(cell);
            planes.set_cell(channel::OWN + kind_of(pos.cells[cell]).index(), cell);
            planes.add(&mut own, Whose::Own, known, cell);
        }
        let theirs = pos.known_pieces(!side);
        for (&cell, &known) in theirs.cells().iter().zip(theirs.known()) {
            planes.add(&mut enemy, Whose::Enemy, known, usize::from(cell));
        }
        // The empty squares: neither off the board, nor a lake, nor a piece's.
        let mut taken = [0; WORDS];
        for p in [
            &planes.planes[channel::OFF_BOARD],
            &planes.planes[channel::LAKE],
        ]
        .into_iter()
        .chain(&own.squares[..own.len])
        .chain(&enemy.squares[..enemy.len])
        {
            for (t, &w) in taken.iter_mut().zip(p) {
                *t |= w;
            }
        }
        if own.len == GROUPS || enemy.len == GROUPS {
            // Some pieces may be in no group: take every piece.
            for &cell in mine.cells().iter().chain(theirs.cells()) {
                if let Some(i) = planes.index(usize::from(cell)) {
                    set(&mut taken, i);
                }
            }
        }
        let n = planes.squares();
        for (w, (e, &t)) in planes.planes[channel::EMPTY]
            .iter_mut()
            .zip(&taken)
            .enumerate()
        {
            let below = match n.saturating_sub(64 * w) {
                0 => 0,
                m if m >= 64 => !0,
                m => (1 << m) - 1,
            };
            *e = !t & below;
        }
        planes.apply(&own, Whose::Own);
        planes.apply(&enemy, Whose::Enemy);
        if let Some(last) = pos.last.map(|o| o.observed_by(side)) {
            planes.last(last.mv.from, last.mv.to);
        }
        planes
    }

    /// The last move, from `from` to `to`.
    fn last(&mut self, from: Square, to: Square) {
        self.set_cell(channel::LAST_FROM, from.cell());
        self.set_cell(channel::LAST_TO, to.cell());
    }

    /// Writes the statement planes (`out[.. PLY * files * ranks]`, every
    /// value) in the viewer's frame: the part cleared, then each plane with a
    /// statement somewhere, value by value or [`Sealed::spread`] a block of
    /// values at a time. A block may run past its plane into the values after
    /// it (with zeros): the planes are written in the tensor's order, and the
    /// values after the planes (the constant planes) must be written after
    /// this.
    pub(super) fn write<T: Sealed>(&self, out: &mut [T]) {
        let n = self.squares();
        let Some(part) = out.get_mut(..channel::PLY * n) else {
            return;
        };
        part.fill(T::NONE);
        for (c, plane) in self.planes.iter().enumerate() {
            let count: u32 = plane.iter().map(|w| w.count_ones()).sum();
            let at = c * n;
            if count > T::SPARSE {
                T::spread(out, at, plane, n);
            } else {
                for (w, &word) in plane.iter().enumerate() {
                    let mut bits = word;
                    while bits != 0 {
                        if let Some(x) = out.get_mut(at + w * 64 + bits.trailing_zeros() as usize) {
                            *x = T::SOME;
                        }
                        bits &= bits - 1;
                    }
                }
            }
        }
    }
}

/// `SPREAD8[b]`: byte `i` (little-endian) is bit `i` of `b`.
static SPREAD8: [u64; 256] = {
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

/// `SPREAD4[b]`: value `i` is bit `i` of `b`, as 0.0 or 1.0.
static SPREAD4: [[f32; 4]; 16] = {
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

/// The bytes of `plane`, lowest bits first.
#[inline(always)]
fn bytes(plane: &Plane) -> [u8; 8 * WORDS] {
    let mut b = [0; 8 * WORDS];
    for (d, w) in b.chunks_exact_mut(8).zip(plane) {
        d.copy_from_slice(&w.to_le_bytes());
    }
    b
}

/// Writes the values of `plane` one at a time at `out[at..]`, where `out`
/// has no room for whole blocks.
#[cold]
fn spread_each<T: Copy>(out: &mut [T], at: usize, plane: &Plane, n: usize, zero: T, one: T) {
    for (i, x) in out.iter_mut().skip(at).take(n).enumerate() {
        *x = if (plane[i >> 6] >> (i & 63)) & 1 == 1 {
            one
        } else {
            zero
        };
    }
}

impl Sealed for u8 {
    const NONE: u8 = 0;
    const SOME: u8 = 1;
    /// A store of eight values costs about what setting one value does: a
    /// plane of 100 values is 13 stores.
    const SPARSE: u32 = 12;

    #[inline(always)]
    fn spread(out: &mut [u8], at: usize, plane: &Plane, n: usize) {
        let blocks = n.div_ceil(8);
        match out.get_mut(at..at + 8 * blocks) {
            Some(dst) => {
                for (d, &b) in dst.chunks_exact_mut(8).zip(&bytes(plane)) {
                    d.copy_from_slice(&SPREAD8[usize::from(b)].to_le_bytes());
                }
            }
            None => spread_each(out, at, plane, n, 0, 1),
        }
    }
}

impl Sealed for f32 {
    const NONE: f32 = 0.0;
    const SOME: f32 = 1.0;
    /// A store of four values costs about what setting one value does: a
    /// plane of 100 values is 25 stores.
    const SPARSE: u32 = 24;

    #[inline(always)]
    fn spread(out: &mut [f32], at: usize, plane: &Plane, n: usize) {
        let blocks = n.div_ceil(4);
        match out.get_mut(at..at + 4 * blocks) {
            Some(dst) => {
                let b = bytes(plane);
                for (j, d) in dst.chunks_exact_mut(4).enumerate() {
                    let nibble = (b[j / 2] >> (4 * (j % 2))) & 15;
                    d.copy_from_slice(&SPREAD4[usize::from(nibble)]);
                }
            }
            None => spread_each(out, at, plane, n, 0.0, 1.0),
        }
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use crate::Rng;

    /// Value `(c, r, f)` of the tensor is bit `r * files + f` of plane `c`,
    /// for every board size, planes of every density (the value-by-value
    /// writer and the block one), both element types, and whether or not the
    /// buffer has room for a block past the planes.
    #[test]
    fn planes_are_written_value_by_value_in_the_viewers_frame() {
        let mut rng = Rng::new(11);
        for files in 1..=12u8 {
            for ranks in [1u8, 5, 10, 12] {
                for side in Side::BOTH {
                    let mut planes = Planes::new(files, ranks, side);
                    let n = planes.squares();
                    for plane in planes.planes.iter_mut() {
                        // From none to every value set.
                        let density = rng.below(5);
                        for i in 0..n {
                            if rng.below(4) < density {
                                set(plane, i);
                            }
                        }
                    }
                    for extra in [0, 3, 8] {
                        let mut bytes = std::vec![9u8; channel::PLY * n + extra];
                        let mut floats = std::vec![9.0f32; channel::PLY * n + extra];
                        planes.write(&mut bytes);
                        planes.write(&mut floats);
                        for c in 0..channel::PLY {
                            for i in 0..n {
                                let want = (planes.planes[c][i >> 6] >> (i & 63)) & 1;
                                let at = c * n + i;
                                let what = std::format!("{files}x{ranks} {side} +{extra}");
                                assert_eq!(u64::from(bytes[at]), want, "{what}");
                                assert_eq!(floats[at], want as f32, "{what}");
                            }
                        }
                    }
                }
            }
        }
    }
}
