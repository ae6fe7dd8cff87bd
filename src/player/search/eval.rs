//! The search bot's evaluation of a complete position (a determinization):
//! material by strength, what the opponent knows of each piece, and how close
//! each side is to the other's Flag. See [`search`](crate::search).

use crate::referee::board::cell::{LAKE, OFF, kind_of, owner};
use crate::referee::combat::{Battle, combat};
use crate::referee::piece::{PieceKind, Side};
use crate::referee::position::Position;
use crate::referee::ruleset::Ruleset;
use crate::referee::status::Status;

/// The score of a won game (less the plies to it, so a quicker win scores
/// more).
pub(crate) const WIN: i32 = 1_000_000;

/// Values of the kinds under one ruleset, for one side's pieces.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Values {
    /// By kind: the value of a piece.
    pub(crate) kind: [i32; 16],
    /// By kind: the value of a piece the opponent knows (a sixth less).
    known: [i32; 16],
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
        Values {
            kind,
            known: kind.map(|v| v - v / 6),
        }
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
        pos.boards.pieces[s].cells().for_each(|cell| {
            let kind = kind_of(pos.cells[cell]);
            if kind.is_flag() {
                flag[s] = cell;
            }
            let known = pos.knowledge[cell].count_ones() == 1;
            score[s] += if known {
                values[s].known
            } else {
                values[s].kind
            }[kind.index()];
        });
    }
    // Closeness to the enemy Flag: the nearest movable piece that can reach
    // it (only a Miner when Mines wall it in), more as it gets near. That
    // piece (the first of the nearest) is the runner the enemy defends
    // against (below).
    let mut runner = [(usize::MAX, usize::MAX); 2];
    for side in Side::BOTH {
        let s = side.index();
        let target = flag[(!side).index()];
        if target == usize::MAX {
            continue;
        }
        let walled = walled_in(pos, target);
        let (mut best, mut nearest) = (32, usize::MAX);
        pos.boards.movers[s].cells().for_each(|cell| {
            if walled && !kind_of(pos.cells[cell]).defuses_mines() {
                return;
            }
            let d = distance(cell, target);
            if d < best {
                (best, nearest) = (d, cell);
            }
        });
        let near = 6usize.saturating_sub(best) as i32;
        score[s] += 3 * (24 - best.min(24) as i32) + 6 * near * near;
        runner[s] = (nearest, best);
    }
    // Defence: against the enemy piece nearest to one's Flag, when it is
    // near, how far one's best placed piece that beats it is from it and
    // from standing between it and the Flag.
    for side in Side::BOTH {
        let (s, e) = (side.index(), (!side).index());
        let target = flag[s];
        let (runner, near) = runner[e];
        if target == usize::MAX || near > RUNNER_NEAR {
            continue;
        }
        let kind = kind_of(pos.cells[runner]);
        let mut guard = 24;
        pos.boards.movers[s].cells().for_each(|cell| {
            if matches!(
                combat(pos.rules(), kind_of(pos.cells[cell]), kind),
                Some(Battle::AttackerWins | Battle::BothRemoved)
            ) {
                // Between the runner and the Flag, or as near as it can be.
                let behind = (distance(cell, target) + 1).saturating_sub(near);
                guard = guard.min(distance(cell, runner) + 2 * behind);
            }
        });
        score[s] -= 6 * (guard as i32) * (RUNNER_NEAR + 1 - near) as i32;
    }
    // A reserve of movable pieces: the last few are worth more.
    for side in Side::BOTH {
        let movers = pos.boards.movers[side.index()]
            .cells()
            .take(RESERVE)
            .count();
        let short = (RESERVE - movers) as i32;
        score[side.index()] -= 25 * short * short;
    }
    // The hunt: against a few movable pieces, the closest piece of ours
    // that beats each (so that a won game is finished).
    for side in Side::BOTH {
        let (s, e) = (side.index(), (!side).index());
        if pos.boards.movers[e].cells().nth(HUNTED).is_some() {
            continue;
        }
        for prey in pos.boards.movers[e].cells() {
            let kind = kind_of(pos.cells[prey]);
            let mut best = 32;
            for cell in pos.boards.movers[s].cells() {
                let hunter = kind_of(pos.cells[cell]);
                if combat(pos.rules(), hunter, kind) == Some(Battle::AttackerWins) {
                    best = best.min(distance(cell, prey));
                }
            }
            score[s] += 4 * (24 - best.min(24) as i32);
        }
    }
    score[me.index()] - score[(!me).index()]
}

/// How near (steps) an enemy piece to one's Flag is a runner to meet.
const RUNNER_NEAR: usize = 6;
/// Below how many movable pieces each one lost costs more.
const RESERVE: usize = 8;
/// How many movable pieces a side has at most for the other to hunt them.
const HUNTED: usize = 3;

/// The distance in steps (files plus ranks) between two cells.
fn distance(a: usize, b: usize) -> usize {
    (a >> 4).abs_diff(b >> 4) + (a & 15).abs_diff(b & 15)
}

/// Whether the piece on `cell` has no neighbour but the board's edge, lakes
/// and its own side's Mines (only a Miner reaches it).
fn walled_in(pos: &Position, cell: usize) -> bool {
    let side = owner(pos.cells[cell]);
    [cell - 16, cell - 1, cell + 1, cell + 16].iter().all(|&n| {
        let c = pos.cells[n];
        c == OFF || c == LAKE || (owner(c) == side && kind_of(c).is_mine())
    })
}
