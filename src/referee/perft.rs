//! Perft: the number of move sequences (leaf nodes of the legal-move tree) to a
//! given depth, the standard check of a move generator against other engines
//! (see `docs/perft.md` for reference tables).
//!
//! The tree is the one a [`Position`] defines: its legal moves (with the
//! two-square rule), and no moves once the game is over (a captured Flag, a
//! side that cannot move under [`NoMoveRule::Loses`](crate::NoMoveRule), the
//! no-hope draw, the ply limits). The rules that need a game's history (the
//! more-squares rule, the repeated-position draw) are not applied.
//!
//! Children are made and unmade in place (the same undo records
//! [`Game::undo`](crate::Game) uses; the chase state, the last outcome, the
//! hash, what the sides know of the pieces and the kept long-move counts of
//! [`far_moves`](crate::referee::far_moves), which no rule applied here reads, are not
//! kept up to date), and the last ply is counted in bulk: the children of a
//! position reuse what it counted for the side that moves next (its single
//! steps after a move that was not an attack, when there are no diagonal
//! steps, and the long moves of its far-moving pieces away from the lines of
//! the move played; see `Position::legal_move_count_after`). Debug builds
//! check every such count against [`Position::legal_move_count`]'s way.

use crate::referee::position::Position;
use crate::referee::undo::Undo;

impl Position {
    /// The number of move sequences of `depth` plies from this position (1 for
    /// depth 0; 0 for any other depth once the game is over).
    ///
    /// ```
    /// let pos = marsal::Position::start(&marsal::Ruleset::barrage(), 7, 8)?;
    /// assert_eq!(pos.perft(1), pos.legal_move_count() as u64);
    /// assert_eq!(pos.perft(2), 870);
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.legal_move_count() as u64,
            _ => {
                let mut pos = *self;
                pos.perft_in_place(depth)
            }
        }
    }

    /// [`Position::perft`] for `depth >= 2`, making and unmaking the moves in
    /// `self` (which is left as it was).
    fn perft_in_place(&mut self, depth: u32) -> u64 {
        let moves = self.legal_moves();
        let mut n = 0;
        if depth == 2 {
            // The children count the moves of the side not to move here,
            // reusing what did not change (see `legal_move_count_after`).
            let known = self.known_moves(!self.to_move);
            for &mv in moves.iter() {
                let attack = self.cells[mv.to.cell()] != crate::referee::board::cell::EMPTY;
                let undo = Undo::before(self, mv);
                self.make_inline::<false>(mv);
                n += self.legal_move_count_after(mv, attack, &known) as u64;
                self.take_back::<false>(&undo);
            }
            return n;
        }
        for &mv in moves.iter() {
            let undo = Undo::before(self, mv);
            self.make_inline::<false>(mv);
            n += self.perft_in_place(depth - 1);
            self.take_back::<false>(&undo);
        }
        n
    }
}
