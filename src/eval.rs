//! The search bot's evaluation of a complete position (a determinization):
//! material by strength, what the opponent knows of each piece, and how close
//! each side is to the other's Flag. See [`search`](crate::search).

use crate::cell::kind_of;
use crate::piece::{PieceKind, Side};
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::status::Status;

/// The score of a won game (less the plies to it, so a quicker win scores
/// more).
pub(crate) const WIN: i32 = 1_000_000;

/// Values of the kinds under one ruleset, for one side's pieces.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Values {
    /// By kind: the value of a piece.
    pub(crate) kind: [i32; 16],
}

impl Values {
    /// The values of `side`'s pieces under `rules`: by strength (the square
    /// of the rank, so the strongest pieces count most); a Miner more while
    /// the enemy has Mines; the Spy more while the enemy has a Marshal-like
    /// piece it can take; Mines a little (they guard).
    pub(crate) fn of(pos: &Position, side: Side) -> Values {
        let rules: &Ruleset = pos.rules();
        let enemy = (!side).index();
        let mut kind = [0i32; 16];
        let enemy_mines = pos.on_board[enemy][PieceKind::Mine.index()]
            + pos.on_board[enemy][PieceKind::Bomb.index()];
        for k in PieceKind::ALL {
            let v = if k.is_flag() {
                0
            } else if k.is_mine() {
                20
            } else {
                let s = i32::from(rules.strengths.get(k));
                let mut v = 10 + 4 * s * s;
                if k.defuses_mines() && enemy_mines > 0 {
                    v += 40;
                }
                if k == PieceKind::Spy && pos.on_board[enemy][PieceKind::Marshal.index()] > 0 {
                    v += 120;
                }
                v
            };
            kind[k.index()] = v;
        }
        Values { kind }
    }
}

/// The evaluation of `pos` for `me` (positive: good for `me`), given the
/// values of each side's pieces: material, less a part of the value of each
/// piece the opponent knows, plus a bonus for a movable piece near the
/// enemy Flag (and the reverse for the enemy).
pub(crate) fn evaluate(pos: &Position, me: Side, values: &[Values; 2]) -> i32 {
    match pos.status {
        Status::Ongoing { .. } => {}
        Status::Won { winner, .. } => {
            let v = WIN - pos.ply as i32;
            return if winner == me { v } else { -v };
        }
        Status::Drawn { .. } => return 0,
    }
    let mut score = [0i32; 2];
    let mut flag = [usize::MAX; 2];
    for side in Side::BOTH {
        let s = side.index();
        for cell in pos.boards.pieces[s].cells() {
            let kind = kind_of(pos.cells[cell]);
            if kind.is_flag() {
                flag[s] = cell;
            }
            let v = values[s].kind[kind.index()];
            let known = pos.knowledge[cell].count_ones() == 1;
            score[s] += if known { v - v / 6 } else { v };
        }
    }
    // Closeness to the enemy Flag: the nearest movable piece.
    for side in Side::BOTH {
        let s = side.index();
        let target = flag[(!side).index()];
        if target == usize::MAX {
            continue;
        }
        let mut best = 32;
        for cell in pos.boards.movers[s].cells() {
            let d = (cell >> 4).abs_diff(target >> 4) + (cell & 15).abs_diff(target & 15);
            best = best.min(d);
        }
        score[s] += 3 * (24 - best.min(24) as i32);
    }
    score[me.index()] - score[(!me).index()]
}
