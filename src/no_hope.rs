//! The no-hope draw: neither side can ever capture the other's Flag.
//!
//! The test is a static reachability search, sound by construction: it treats as
//! an obstacle only what can never go away, so a side is declared hopeless only
//! when it provably can never reach the enemy Flag. For the side `X` that would
//! attack:
//! - lakes and squares off the board block every piece, for ever;
//! - `X`'s own Flag blocks `X` for ever (it never moves and cannot be taken by
//!   its owner);
//! - `X`'s own Mines block `X` only while the opponent has no Miner left (an enemy
//!   Miner could still clear them);
//! - enemy Mines block every piece of `X` but a Miner, and a Miner enters a Mine's
//!   square only orthogonally (that is an attack);
//! - movable pieces of either side never block: they can move away or be taken;
//! - a path uses the ruleset's step directions (diagonal steps where allowed),
//!   but its last step, onto the enemy Flag, must be orthogonal, since it is an
//!   attack;
//! - under the corner rule ([`Ruleset::corner_rule`](crate::Ruleset::corner_rule))
//!   a diagonal step of a path needs one of its two squares beside to be a
//!   square that may some day be empty: a square of the board that is neither
//!   Flag, nor an enemy Mine while `X` has no Miner left, nor an own Mine while
//!   the opponent has no Miner left (these never go away). Movable pieces and
//!   clearable Mines beside the step do not stop it, so the search stays an
//!   over-approximation of the real moves and the draw stays sound.
//!
//! `X` still has hope when some movable piece of `X` has such a path. The draw is
//! declared only when neither side has hope.

use crate::bitboard::{Bits, W};
use crate::movegen::corner_open;
use crate::piece::{PieceKind, Side};
use crate::position::{DIAGONAL, ORTHOGONAL, Position, kind_of};

/// Whether `side` has a path (as defined in the module documentation) from one
/// of its movable pieces to the enemy Flag.
///
/// ```
/// use marsal::{no_hope, Position, Ruleset, Side};
/// let pos = Position::start(&Ruleset::marsal_a_spion(), 1, 2)?;
/// assert!(no_hope::can_reach_flag(&pos, Side::Red));
/// # Ok::<(), marsal::PositionError>(())
/// ```
pub fn can_reach_flag(pos: &Position, side: Side) -> bool {
    if pos.corner_applies() {
        return reach_corner(pos, side);
    }
    match pos.boards.words {
        2 => reach::<2>(pos, side, false),
        3 => reach::<3>(pos, side, false),
        _ => reach::<4>(pos, side, false),
    }
}

/// [`can_reach_flag`] under the corner rule (out of line: the search without
/// it does not test the rule again).
#[inline(never)]
fn reach_corner(pos: &Position, side: Side) -> bool {
    match pos.boards.words {
        2 => reach::<2>(pos, side, true),
        3 => reach::<3>(pos, side, true),
        _ => reach::<4>(pos, side, true),
    }
}

/// The squares one step in one of `directions` from a member of `set`.
#[inline(always)]
fn spread<const N: usize>(set: W<N>, directions: [isize; 4]) -> W<N> {
    let [a, b, c, d] = directions;
    set.shift(a)
        .or(set.shift(b))
        .or(set.shift(c))
        .or(set.shift(d))
}

/// The squares one diagonal step from a member of `set` under the corner rule:
/// steps with a square of `free` beside them (out of line: searches without
/// the corner rule do not pay for it).
#[inline(never)]
fn corner_spread<const N: usize>(set: W<N>, free: W<N>) -> W<N> {
    let mut out = W::EMPTY;
    for (i, d) in DIAGONAL.into_iter().enumerate() {
        out = out.or(set.and(corner_open(free, i)).shift(d));
    }
    out
}

/// The squares one king step (orthogonal or diagonal) from a member of `set`,
/// and `set` itself: [`spread`] in both [`ORTHOGONAL`] and [`DIAGONAL`] (plus
/// `set`), in four shifts instead of eight (the set spread vertically, then
/// that sideways).
#[inline(always)]
fn king_spread<const N: usize>(set: W<N>) -> W<N> {
    let [up, down, right, left] = ORTHOGONAL;
    let column = set.or(set.shift(up)).or(set.shift(down));
    column.shift(right).or(column.shift(left)).or(column)
}

/// Whether `side` has `kind`s on the board for which `test` holds.
#[inline(always)]
fn has_kind(pos: &Position, side: Side, test: fn(PieceKind) -> bool) -> bool {
    PieceKind::ALL
        .into_iter()
        .any(|k| test(k) && pos.count(side, k) > 0)
}

/// [`can_reach_flag`] as a flood fill on the first `N` words of the bitboards;
/// `corner`: whether the corner rule applies (`Position::corner_applies`).
#[inline(always)]
fn reach<const N: usize>(pos: &Position, side: Side, corner: bool) -> bool {
    let b = &pos.boards;
    let (s, e) = (side.index(), side.opponent().index());
    let enemy_has_miner = has_kind(pos, !side, PieceKind::defuses_mines);
    let has_miner = has_kind(pos, side, PieceKind::defuses_mines);
    // The pieces that never move are Mines (or Bombs) and Flags: the Flags are
    // looked for among them (they are few), the rest are Mines.
    let mut fixed = [[W::<N>::EMPTY; 2]; 2]; // [side][0 = mines, 1 = flags]
    for (i, who) in [side, !side].into_iter().enumerate() {
        let immovable = W::<N>::of(&b.pieces[who.index()]).minus(W::of(&b.movers[who.index()]));
        let mut flags = W::<N>::EMPTY;
        let mut left = pos.count(who, PieceKind::Flag);
        for cell in Bits::from(immovable).cells() {
            if left == 0 {
                break;
            }
            if kind_of(pos.cells[cell]).is_flag() {
                flags.set(cell);
                left -= 1;
            }
        }
        fixed[i] = [immovable.minus(flags), flags];
    }
    let [[own_mines, own_flag], [enemy_mines, enemy_flag]] = fixed;
    let occupied_or_empty = W::of(&b.empty)
        .or(W::of(&b.pieces[s]))
        .or(W::of(&b.pieces[e]));
    let mut blocked = own_flag.or(enemy_flag).or(enemy_mines);
    if !enemy_has_miner {
        blocked = blocked.or(own_mines);
    }
    let passable = occupied_or_empty.minus(blocked);
    // The squares from which an orthogonal attack takes the Flag.
    let attack_from = spread(enemy_flag, ORTHOGONAL);
    let diagonal = pos.rules.diagonal_steps;
    // Under the corner rule: the squares that may some day be empty (see the
    // module documentation), beside which a diagonal step may pass.
    let mut corner_free = W::<N>::EMPTY;
    if corner {
        let mut wall = own_flag.or(enemy_flag);
        if !has_miner {
            wall = wall.or(enemy_mines);
        }
        if !enemy_has_miner {
            wall = wall.or(own_mines);
        }
        corner_free = occupied_or_empty.minus(wall);
    }
    // Pass 1: every movable piece, as if none were a Miner (enemy Mines
    // block). A Miner reaches at least what it reaches so, hence pass 1 finds
    // the Flag when a non-Miner does or a Miner does without entering a Mine.
    // Pass 2, only when pass 1 fails and `side` has Miners: the Miners alone,
    // which also enter enemy Mines, orthogonally (that is an attack).
    let movers = W::<N>::of(&b.movers[s]);
    for miner_pass in [false, true] {
        let mut reached = movers;
        if miner_pass {
            if !has_miner {
                break;
            }
            reached = W::EMPTY;
            for cell in b.movers[s].cells() {
                if kind_of(pos.cells[cell]).defuses_mines() {
                    reached.set(cell);
                }
            }
        }
        if reached.is_empty() {
            continue;
        }
        loop {
            if !reached.and(attack_from).is_empty() {
                return true;
            }
            let step = if !diagonal {
                spread(reached, ORTHOGONAL)
            } else if corner {
                spread(reached, ORTHOGONAL).or(corner_spread(reached, corner_free))
            } else {
                king_spread(reached)
            };
            let mut next = reached.or(step.and(passable));
            if miner_pass {
                next = next.or(spread(reached, ORTHOGONAL).and(enemy_mines));
            }
            if next == reached {
                break;
            }
            reached = next;
        }
    }
    false
}

/// Whether neither side can ever capture the other's Flag (the no-hope draw).
///
/// ```
/// use marsal::{no_hope, Position, Ruleset};
/// let pos = Position::start(&Ruleset::marsal_a_spion(), 1, 2)?;
/// assert!(!no_hope::is_hopeless(&pos));
/// # Ok::<(), marsal::PositionError>(())
/// ```
pub fn is_hopeless(pos: &Position) -> bool {
    !can_reach_flag(pos, Side::Red) && !can_reach_flag(pos, Side::Blue)
}
