//! The legal moves in the board's order: the single steps direction by
//! direction, each direction in cell order, then the longer moves of the
//! far-moving pieces piece by piece — the order in which
//! [`Position::random_legal_move`] counts them. They come off the bitboards a
//! direction at a time rather than piece by piece, so that work that does not
//! depend on the order (an action mask) pays a few instructions a move.
//! [`Position::legal_moves`] keeps its own order (piece by piece, in square
//! order), which hosts index into.

use crate::referee::board::bitboard::{OFFSET, W};
use crate::referee::board::cell::{DIAGONAL, ORTHOGONAL};
use crate::referee::board::square::Square;
use crate::referee::movegen::corner_sources;
use crate::referee::moves::Move;
use crate::referee::piece::Side;
use crate::referee::position::Position;

impl Position {
    /// Calls `f` with every legal move of the side to move, as
    /// [`Position::for_each_legal_move`] does, in an order of its own: the
    /// same moves, each once, found a few times faster (nothing when the game
    /// is over). For work that does not depend on the order, such as an
    /// action mask.
    ///
    /// ```
    /// let pos = marsal::Position::start(&marsal::Ruleset::classic(), 1, 2)?;
    /// let mut moves = Vec::new();
    /// pos.for_each_legal_move_unordered(|mv| moves.push(mv));
    /// let mut listed = pos.legal_moves().to_vec();
    /// moves.sort();
    /// listed.sort();
    /// assert_eq!(moves, listed);
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn for_each_legal_move_unordered<F: FnMut(Move)>(&self, f: F) {
        if !self.status.is_over() {
            self.for_each_move_unordered(self.to_move, f);
        }
    }

    /// Every move `side` could make if it were its turn, in the board's
    /// order: [`Position::for_each_move`]'s moves (the two-square rule
    /// applied), in another order.
    #[inline]
    pub(crate) fn for_each_move_unordered<F: FnMut(Move)>(&self, side: Side, mut f: F) {
        self.for_each_line_unordered(side, |mv, _| f(mv));
    }

    /// [`Position::for_each_move_unordered`], each move passed with its
    /// [`Line`].
    #[inline]
    pub(crate) fn for_each_line_unordered<F: FnMut(Move, Line)>(&self, side: Side, mut f: F) {
        match self.restriction(side) {
            None => self.for_each_board_move_unordered(side, &mut f),
            Some((end, limit)) => {
                let chain = &self.chains[side.index()];
                self.for_each_board_move_unordered(side, &mut |mv: Move, line| {
                    if mv.from != end || !chain.forbids(mv, limit) {
                        f(mv, line)
                    }
                })
            }
        }
    }

    /// Every move the board allows `side` (before the two-square rule), in
    /// the board's order, on as many words of the bitboards as the board
    /// needs.
    #[inline]
    fn for_each_board_move_unordered<F: FnMut(Move, Line)>(&self, side: Side, f: &mut F) {
        let corner = self.corner_applies();
        match self.boards.words {
            2 => self.board_order_n::<2, F>(side, corner, f),
            3 => self.board_order_n::<3, F>(side, corner, f),
            _ => self.board_order_n::<4, F>(side, corner, f),
        }
    }

    /// [`Position::for_each_board_move_unordered`] on the first `N` words;
    /// `corner` is [`Position::corner_applies`].
    #[inline(always)]
    fn board_order_n<const N: usize, F: FnMut(Move, Line)>(
        &self,
        side: Side,
        corner: bool,
        f: &mut F,
    ) {
        let b = &self.boards;
        let s = side.index();
        let movers = W::<N>::of(&b.movers[s]);
        let empty = W::<N>::of(&b.empty);
        // A single step goes to an empty square or attacks an enemy piece.
        let open = empty.or(W::of(&b.pieces[1 - s]));
        for (dir, d) in ORTHOGONAL.into_iter().enumerate() {
            steps(movers.shift(d).and(open), dir, f);
        }
        if self.rules.diagonal_steps {
            // A diagonal step never attacks; the corner rule may close it.
            for (i, d) in DIAGONAL.into_iter().enumerate() {
                let sources = if corner {
                    corner_sources(movers, empty, i)
                } else {
                    movers
                };
                steps(sources.shift(d).and(empty), ORTHOGONAL.len() + i, f);
            }
        }
        for cell in b.far[s].cells() {
            let from = Square::from_board_cell(cell);
            let counts = self.far_moves_of(cell, side);
            for (dir, d) in ORTHOGONAL.into_iter().enumerate() {
                // The longer moves of the line: two squares and more.
                for distance in 2..counts[dir] as usize + 2 {
                    let to = (cell as isize + distance as isize * d) as usize;
                    f(
                        Move::new(from, Square::from_board_cell(to)),
                        Line { dir, distance },
                    );
                }
            }
        }
    }
}

/// The directions of the board's order, as steps in the padded cell array:
/// [`ORTHOGONAL`]'s, then [`DIAGONAL`]'s.
pub(crate) const DIRECTIONS: [isize; 8] = [
    ORTHOGONAL[0],
    ORTHOGONAL[1],
    ORTHOGONAL[2],
    ORTHOGONAL[3],
    DIAGONAL[0],
    DIAGONAL[1],
    DIAGONAL[2],
    DIAGONAL[3],
];

/// How the board's order found a move: `distance` squares from its source
/// in direction [`DIRECTIONS`]`[dir]` (so that work on the moves, such as an
/// action mask, need not find it again from the two squares).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Line {
    /// The index of the direction in [`DIRECTIONS`].
    pub(crate) dir: usize,
    /// The number of squares, 1 for a step.
    pub(crate) distance: usize,
}

/// Calls `f` with the single step in direction `dir` (of [`DIRECTIONS`]) onto
/// each cell of `targets` (from the cell a step before it), in cell order.
#[inline(always)]
fn steps<const N: usize, F: FnMut(Move, Line)>(targets: W<N>, dir: usize, f: &mut F) {
    let d = DIRECTIONS[dir];
    for (w, &word) in targets.0.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let to = w * 64 + bits.trailing_zeros() as usize + OFFSET;
            bits &= bits - 1;
            let from = (to as isize - d) as usize;
            f(
                Move::new(Square::from_board_cell(from), Square::from_board_cell(to)),
                Line { dir, distance: 1 },
            );
        }
    }
}
