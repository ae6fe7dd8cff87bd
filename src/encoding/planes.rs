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
use crate::view::{KnownPieces, SquareView, View, one_kind};

/// The words of a plane: a board has at most [`GRID_SQUARES`] squares.
const WORDS: usize = GRID_SQUARES.div_ceil(64);

/// A plane: bit `i` is value `i` of the plane, `i = rank * files + file` of
/// the square in the viewer's frame (a half turn of the board's for Blue).
pub(super) type Plane = [u64; WORDS];

/// The statement channels (`0 .. PLY`) as planes in the viewer's frame.
pub(super) struct Planes {
    planes: [Plane; channel::PLY],
    files: u8,
    /// `files * ranks`.
    squares: usize,
    /// The index of a padded cell `c` is `(((c >> 4) * files + (c & 15)) ^
    /// flip) + add` (wrapping): `flip` is 0 for Red and all ones for Blue
    /// (whose frame is a half turn: index `squares - 1 - i`).
    flip: usize,
    add: usize,
}

/// The kinds that never move, as bits.
const IMMOVABLE: u16 = !KindSet::MOVABLE.bits();

/// The most groups of pieces (by what is known of them) whose planes are
/// gathered before they are set: the pieces of any further group are set
/// one at a time.
const GROUPS: usize = 12;

/// Whose pieces a list holds, as their planes: those of the own pieces or of
/// the enemy's.
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
        // Cell `c` is square `((c & 15) - 1, (c >> 4) - 1)`: its index in
        // the board's frame is `(c >> 4) * files + (c & 15) - (files + 1)`,
        // and `squares - 1` less that in the half-turned one, which is
        // `!((c >> 4) * files + (c & 15)) + squares + files + 1`.
        let (f, n) = (usize::from(files), usize::from(files) * usize::from(ranks));
        let (flip, add) = match side {
            Side::Red => (0, (f + 1).wrapping_neg()),
            Side::Blue => (!0, n + f + 1),
        };
        Planes {
            planes: [[0; WORDS]; channel::PLY],
            files,
            squares: n,
            flip,
            add,
        }
    }

    /// The index in the viewer's frame of padded cell `cell` (a square of
    /// the board), or `None` when it falls outside the planes.
    #[inline(always)]
    fn index(&self, cell: usize) -> Option<usize> {
        let i = (((cell >> 4) * usize::from(self.files) + (cell & 15)) ^ self.flip)
            .wrapping_add(self.add);
        (i < self.squares).then_some(i)
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

    /// The planes of the pieces of `list` (`whose` pieces) that say what
    /// the other side knows of them; returns the squares of the pieces.
    fn pieces(&mut self, list: &KnownPieces, whose: Whose) -> Plane {
        let mut squares = [[0; WORDS]; GROUPS];
        let mut taken = [0; WORDS];
        for (&cell, &g) in list.cells().iter().zip(list.group()) {
            let Some(i) = self.index(usize::from(cell)) else {
                continue;
            };
            match squares.get_mut(usize::from(g)) {
                Some(s) => set(s, i),
                None => {
                    // A group past the first ones: this piece alone.
                    let mut one = [0; WORDS];
                    set(&mut one, i);
                    set(&mut taken, i);
                    self.known(whose, list.known()[usize::from(g)], &one);
                }
            }
        }
        for (&known, s) in list.known().iter().zip(&squares) {
            self.known(whose, known, s);
            for (t, &w) in taken.iter_mut().zip(s) {
                *t |= w;
            }
        }
        taken
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
        if one_kind(known) {
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
        let (mut own, mut enemy) = (KnownPieces::new(), KnownPieces::new());
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
                        own.push(cell, known_to_opponent.bits());
                    }
                    SquareView::Enemy { possible } => enemy.push(cell, possible.bits()),
                }
            }
        }
        planes.pieces(&own, Whose::Own);
        planes.pieces(&enemy, Whose::Enemy);
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
        let mine = pos.known_pieces(side);
        for &cell in mine.cells() {
            let cell = usize::from(cell);
            planes.set_cell(channel::OWN + kind_of(pos.cells[cell]).index(), cell);
        }
        let own = planes.pieces(&mine, Whose::Own);
        let enemy = planes.pieces(&pos.known_pieces(!side), Whose::Enemy);
        // The empty squares: neither off the board, nor a lake, nor a piece's.
        let n = planes.squares;
        let (off, lake) = (
            planes.planes[channel::OFF_BOARD],
            planes.planes[channel::LAKE],
        );
        for (w, e) in planes.planes[channel::EMPTY].iter_mut().enumerate() {
            let below = match n.saturating_sub(64 * w) {
                0 => 0,
                m if m >= 64 => !0,
                m => (1 << m) - 1,
            };
            *e = !(off[w] | lake[w] | own[w] | enemy[w]) & below;
        }
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
    /// value) in the viewer's frame: a plane of the channels that hold on many
    /// squares ([`MANY`]) [`Sealed::spread`] a block of values at a time, the
    /// others (and a plane of no statement) cleared, then written value by
    /// value where they hold. A block may run past its plane into the values after
    /// it (with zeros): the planes are written in the tensor's order, and the
    /// values after the planes (the constant planes) must be written after
    /// this.
    pub(super) fn write<T: Sealed>(&self, out: &mut [T]) {
        let n = self.squares;
        for (c, plane) in self.planes.iter().enumerate() {
            let at = c * n;
            if *plane != [0; WORDS] && MANY[c] {
                T::spread(out, at, plane, n);
            } else if let Some(values) = out.get_mut(at..at + n) {
                values.fill(T::NONE);
                for (w, &word) in plane.iter().enumerate() {
                    let mut bits = word;
                    while bits != 0 {
                        if let Some(x) = values.get_mut(w * 64 + bits.trailing_zeros() as usize) {
                            *x = T::SOME;
                        }
                        bits &= bits - 1;
                    }
                }
            }
        }
    }
}

/// The channels whose statement holds on many squares in a game (more than
/// a dozen, the cost of a plane written by blocks in values written one at
/// a time): the enemy's possible kinds, the empty squares, and the pieces
/// known to move. (Only the speed depends on it.)
const MANY: [bool; channel::PLY] = {
    let mut many = [false; channel::PLY];
    let mut c = channel::ENEMY;
    while c < channel::ENEMY + 16 {
        many[c] = true;
        c += 1;
    }
    many[channel::EMPTY] = true;
    many[channel::OWN_KNOWN_MOVABLE] = true;
    many[channel::ENEMY_KNOWN_MOVABLE] = true;
    many
};

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
                    let n = planes.squares;
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
