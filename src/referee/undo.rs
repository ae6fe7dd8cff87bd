//! Undo records: what one move changed, so that a [`Game`](crate::Game) can take
//! moves back, and look at earlier positions, without keeping whole positions.
//!
//! A move changes the contents and the knowledge of two squares (where the
//! piece stood and where it went or fought) and the position's small state:
//! side to move, counters, status, hash, last outcome and the two-square
//! chains. A record keeps those as they were before the move
//! (about a tenth of a [`Position`]); everything else in a position (piece
//! counts, bitboards) follows from the two squares.

use crate::referee::board::bitboard::Boards;
use crate::referee::board::cell::{EMPTY, kind_of, owner};
use crate::referee::board::square::CELLS;
use crate::referee::moves::Move;
use crate::referee::outcome::Outcome;
use crate::referee::piece::Side;
use crate::referee::position::Position;
use crate::referee::position::state::HopeRegions;
use crate::referee::status::Status;
use crate::referee::two_square::Chain;
#[cfg(feature = "alloc")]
use crate::referee::zobrist;

/// One square as it was before a move: its cell, its code and what the
/// opponent of its piece knew of it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Was {
    cell: u8,
    code: u8,
    knowledge: u16,
}

/// What a move changed (see the module documentation).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Undo {
    squares: [Was; 2],
    to_move: Side,
    ply: u32,
    plies_since_attack: u32,
    status: Status,
    hash: u64,
    last: Option<Outcome>,
    chains: [Chain; 2],
}

impl Undo {
    /// The record for playing `mv` in `pos` (taken before the move).
    pub(crate) fn before(pos: &Position, mv: Move) -> Undo {
        let was = |cell: usize| Was {
            cell: cell as u8,
            code: pos.cells[cell],
            knowledge: pos.knowledge[cell],
        };
        Undo {
            squares: [was(mv.from.cell()), was(mv.to.cell())],
            to_move: pos.to_move,
            ply: pos.ply,
            plies_since_attack: pos.plies_since_attack,
            status: pos.status,
            hash: pos.hash,
            last: pos.last,
            chains: pos.chains,
        }
    }

    /// Turns the cell codes of the position after the move into those of the
    /// position before it.
    #[inline]
    #[cfg(feature = "alloc")] // used by Game
    pub(crate) fn restore_cells(&self, cells: &mut [u8; CELLS]) {
        for w in self.squares {
            cells[usize::from(w.cell)] = w.code;
        }
    }

    /// The Zobrist hash of the position before the move (side to move included).
    #[inline]
    #[cfg(feature = "alloc")] // used by Game
    pub(crate) fn hash(&self) -> u64 {
        self.hash
    }

    /// Who was to move before the move.
    #[inline]
    #[cfg(feature = "alloc")] // used by Game
    pub(crate) fn side_to_move(&self) -> Side {
        self.to_move
    }

    /// The hash of the placement before the move (without the side to move).
    #[inline]
    #[cfg(feature = "alloc")] // used by Game
    pub(crate) fn placement_hash(&self) -> u64 {
        zobrist::placement(self.hash, self.to_move)
    }
}

impl Position {
    /// Takes back the move `undo` was recorded for: afterwards the position
    /// equals the one the record was taken from. `RECORD` must be the one the
    /// move was made with (see [`Position::make`]): without it the kept
    /// long-move counts are left as they are, as the move left them.
    #[inline(always)]
    pub(crate) fn take_back<const RECORD: bool>(&mut self, undo: &Undo) {
        let [from, to] = undo.squares;
        let (f, t) = (usize::from(from.cell), usize::from(to.cell));
        // The same two square changes as the move, the other way round: `to`
        // first (on the board before this call), then `from` (on the board
        // restored); see `far_moves`.
        let far_kept = RECORD
            && (self.far_pieces_on_board()
                || kind_of(from.code).moves_far()
                || kind_of(to.code).moves_far());
        if far_kept {
            let now = self.cells[t];
            if now != to.code {
                self.far_change(t, now, to.code);
            }
        }
        if to.code == EMPTY && self.cells[f] == EMPTY && self.cells[t] == from.code {
            // A step to an empty square: the piece goes back.
            if let Some(side) = owner(from.code) {
                let far = kind_of(from.code).moves_far();
                self.boards.relocate(t, f, side, far);
            }
            self.cells[f] = from.code;
            self.cells[t] = EMPTY;
            self.knowledge[f] = from.knowledge;
            self.knowledge[t] = to.knowledge;
        } else {
            let before = [self.cells[f], self.cells[t]];
            for w in undo.squares {
                let cell = usize::from(w.cell);
                set_square(
                    &mut self.cells,
                    &mut self.on_board,
                    &mut self.boards,
                    cell,
                    w.code,
                );
                self.knowledge[cell] = w.knowledge;
            }
            if self.rules.no_hope_draw {
                // A piece back on the board that changes the regions: a
                // Mine, a Flag, or a Miner that is its side's only one.
                let back = |code: u8, was: u8| {
                    code != was
                        && owner(code).is_some_and(|side| {
                            let kind = kind_of(code);
                            let now = self.on_board[side.index()][kind.index()];
                            HopeRegions::changed_by(kind, now.saturating_sub(1))
                        })
                };
                if back(from.code, before[0]) || back(to.code, before[1]) {
                    self.recount_hope();
                }
            }
        }
        if far_kept {
            self.far_change(f, EMPTY, from.code);
            self.debug_check_far();
        }
        self.to_move = undo.to_move;
        self.ply = undo.ply;
        self.plies_since_attack = undo.plies_since_attack;
        self.status = undo.status;
        self.hash = undo.hash;
        self.last = undo.last;
        self.chains = undo.chains;
    }
}

/// Puts the piece (or emptiness) with cell code `code` on the playable square
/// `cell`, keeping the piece counts and the bitboards in step.
fn set_square(
    cells: &mut [u8; CELLS],
    on_board: &mut [[u8; crate::referee::piece::KIND_COUNT]; 2],
    boards: &mut Boards,
    cell: usize,
    code: u8,
) {
    let old = cells[cell];
    if let Some(side) = owner(old) {
        let n = &mut on_board[side.index()][kind_of(old).index()];
        *n = n.saturating_sub(1);
        boards.remove(cell, side);
    }
    cells[cell] = code;
    if let Some(side) = owner(code) {
        let n = &mut on_board[side.index()][kind_of(code).index()];
        *n = n.saturating_add(1);
        boards.add(cell, side, kind_of(code));
    }
}
