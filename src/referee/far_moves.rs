//! The long moves of far-moving pieces (the Scout's moves of two squares or
//! more), counted once and then kept up to date move by move.
//!
//! Counting a side's legal moves is the first step of every random move and
//! of perft's bulk count. Single steps are counted on the bitboards a direction
//! at a time, but a Scout's long moves depend on the empty run in front of it
//! in each direction, which takes a few dozen instructions per Scout to read.
//! So the position keeps, for every far-moving piece, how many long moves it
//! has ([`FarCounts`]), and for each side their sum.
//!
//! A move changes at most two squares (where the piece stood, where it went
//! or fought), one after the other: the piece leaves its square, then the
//! square it went to gets its new contents. When one square changes, the
//! only far-moving pieces whose long moves change are the one on it (it
//! leaves or arrives) and the first piece seen from it in each of the four
//! directions, when that is a far-moving piece: its line towards the square
//! now stops there or runs on over it to the first piece beyond, and the two
//! lengths are both read from the runs of empty squares around the changed
//! square. So each change costs one look along the rank and the file of the
//! square and a few comparisons, whatever the number of Scouts on the board;
//! and a rank or a file is looked at only when a far-moving piece other than
//! the square's own stands on it (most changes have none on one of the two,
//! many on both).

use crate::referee::board::cell::{EMPTY, ORTHOGONAL, kind_of, owner};
use crate::referee::board::square::CELLS;
use crate::referee::piece::{PieceKind, Side};
use crate::referee::position::Position;
use crate::referee::position::state::FarCounts;

impl FarCounts {
    /// The long moves of the far-moving piece on `cell`.
    #[inline(always)]
    pub(crate) fn of(&self, cell: usize) -> u32 {
        u32::from(self.per_cell[cell & (CELLS - 1)])
    }
}

/// Whether cell code `c` is a far-moving piece (of either side): a Scout, the
/// only kind that moves far. Piece codes are `16 + 16 * side + kind` and the
/// other codes are below 16, so clearing the side bits leaves the kind alone
/// only for pieces.
#[inline(always)]
fn is_far(c: u8) -> bool {
    const { assert!(PieceKind::Scout.moves_far() && !PieceKind::Miner.moves_far()) };
    let far = c & !0x30 == PieceKind::Scout as u8;
    debug_assert_eq!(far, c >= 16 && kind_of(c).moves_far());
    far
}

/// The owner's index (0 Red, 1 Blue) of the piece with cell code `c`.
#[inline(always)]
fn side_index(c: u8) -> usize {
    usize::from(c >> 5 & 1)
}

/// The long moves along a line that passes `passes` empty squares and then
/// meets a square with cell code `end`, for a far-moving piece of the side
/// with index `s`.
#[inline(always)]
fn along(passes: u32, end: u8, s: usize) -> u32 {
    let enemy = end >> 4 == 2 - s as u8;
    (passes + u32::from(enemy)).saturating_sub(1)
}

impl Position {
    /// The long moves of `side`'s far-moving piece on `cell`, read from the
    /// board.
    #[inline(always)]
    fn far_count_of(&self, cell: usize, side: Side) -> u32 {
        self.far_moves_of(cell, side).iter().sum()
    }

    /// Counts the long moves of every far-moving piece from scratch (building
    /// a position).
    pub(crate) fn recount_far(&mut self) {
        let mut far = FarCounts::default();
        for side in Side::BOTH {
            for cell in self.boards.far[side.index()].cells() {
                let n = self.far_count_of(cell, side);
                far.per_cell[cell] = n as u8;
                far.total[side.index()] += n;
            }
        }
        self.far = far;
    }

    /// Whether any far-moving piece is on the board: otherwise nothing is
    /// kept.
    #[inline(always)]
    pub(crate) fn far_pieces_on_board(&self) -> bool {
        let scout = PieceKind::Scout.index();
        self.on_board[0][scout] | self.on_board[1][scout] != 0
    }

    /// Keeps the counts up to date when the square `cell` changes from cell
    /// code `old` to `new`, every other square being as it is during the
    /// change (the cell array and the bitboards may already show `new` on
    /// `cell`, or still `old`: nothing here reads `cell` itself; the count of
    /// a far-moving piece arriving reads the squares around it).
    #[inline(always)]
    pub(crate) fn far_change(&mut self, cell: usize, old: u8, new: u8) {
        let slot = cell & (CELLS - 1);
        if is_far(old) {
            let n = core::mem::take(&mut self.far.per_cell[slot]);
            self.far.total[side_index(old)] -= u32::from(n);
        }
        let [rank, file] = self.boards.far_on_lines(cell);
        if rank {
            self.far_line_change(cell, old, new, 2);
        }
        if file {
            self.far_line_change(cell, old, new, 0);
        }
        if is_far(new) {
            let side = if side_index(new) == 0 {
                Side::Red
            } else {
                Side::Blue
            };
            debug_assert_eq!(owner(new), Some(side));
            let n = self.far_count_of(cell, side);
            self.far.per_cell[slot] = n as u8;
            self.far.total[side.index()] += n;
        }
    }

    /// The part of [`Position::far_change`] for the far-moving pieces first
    /// seen from `cell` along one line: directions `first` and `first + 1` of
    /// `ORTHOGONAL` (0: the file, north and south; 2: the rank, east and
    /// west), the line having a far-moving piece other than on `cell`.
    #[inline(always)]
    fn far_line_change(&mut self, cell: usize, old: u8, new: u8, first: usize) {
        let runs = self.empty_runs(cell);
        let seen = self.first_seen_after(cell, runs);
        // The opposite direction (`ORTHOGONAL` lists them in pairs).
        const {
            assert!(ORTHOGONAL[0] == -ORTHOGONAL[1] && ORTHOGONAL[2] == -ORTHOGONAL[3]);
        };
        for d in [first, first + 1] {
            let q = seen[d];
            let c = self.cells[q];
            if !is_far(c) {
                continue;
            }
            // The line of the piece on `q` towards `cell` passes `runs[d]`
            // empty squares and meets `cell`; when `cell` is empty it runs on
            // to the first square seen beyond it.
            let s = side_index(c);
            let o = d ^ 1;
            let beyond = runs[d] + 1 + runs[o];
            let end = self.cells[seen[o]];
            let count = |code: u8| {
                if code == EMPTY {
                    along(beyond, end, s)
                } else {
                    along(runs[d], code, s)
                }
            };
            let delta = count(new).wrapping_sub(count(old));
            let q_slot = &mut self.far.per_cell[q & (CELLS - 1)];
            *q_slot = q_slot.wrapping_add(delta as u8);
            self.far.total[s] = self.far.total[s].wrapping_add(delta);
        }
    }

    /// Checks (in debug builds) the kept counts against a count from scratch.
    #[inline(always)]
    pub(crate) fn debug_check_far(&self) {
        #[cfg(debug_assertions)]
        {
            let mut fresh = *self;
            fresh.recount_far();
            debug_assert_eq!(fresh.far, self.far, "kept long-move counts");
        }
    }
}

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use crate::{Game, Position, Rng, Ruleset, Setup, Side};

    /// The counts a position keeps, against a count from scratch.
    fn assert_counts_kept(pos: &Position, what: &str) {
        let mut fresh = *pos;
        fresh.recount_far();
        assert_eq!(fresh.far, pos.far, "{what}");
        // And what the count is for: the number of legal moves.
        assert_eq!(pos.legal_move_count(), pos.legal_moves().len(), "{what}");
    }

    /// Rule: a Scout moves any distance along a line of empty squares,
    /// possibly ending on the first enemy piece; its long moves, kept square
    /// by square, match a count from scratch after every move and every
    /// take-back, whatever the ruleset (Scout fights, Scouts blocking Scouts,
    /// the Czech board's open middle, Barrage's empty board).
    #[test]
    fn scout_long_moves_are_kept_exactly_through_play_and_undo() {
        let mut rulesets = [
            Ruleset::classic(),
            Ruleset::marsal_a_spion(),
            Ruleset::barrage(),
        ];
        for rules in &mut rulesets {
            rules.max_plies = Some(400);
        }
        for (r, rules) in rulesets.iter().enumerate() {
            for seed in 0..6u64 {
                let red = Setup::random(rules, Side::Red, seed);
                let blue = Setup::random(rules, Side::Blue, seed + 100);
                let mut game = Game::new(rules, &red, &blue).expect("random setups are legal");
                let mut rng = Rng::new(seed * 7 + r as u64);
                assert_counts_kept(game.position(), "start");
                while !game.status().is_over() {
                    let moves = game.legal_moves();
                    let mv = moves[rng.below(moves.len() as u32) as usize];
                    game.play(mv).expect("a legal move");
                    assert_counts_kept(game.position(), "after a move");
                    // Now and then take back one or two moves and replay.
                    if rng.below(5) == 0 {
                        let back = 1 + rng.below(2) as usize;
                        for _ in 0..back.min(game.outcomes().len()) {
                            game.undo().expect("a move to take back");
                            assert_counts_kept(game.position(), "after a take-back");
                        }
                    }
                }
            }
        }
    }
}
