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
//!   attack.
//!
//! `X` still has hope when some movable piece of `X` has such a path. The draw is
//! declared only when neither side has hope.

use crate::piece::{PieceKind, Side};
use crate::position::{DIAGONAL, EMPTY, ORTHOGONAL, Position, code, kind_of, owner};
use crate::square::CELLS;

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
    let enemy = !side;
    let enemy_has_miner = PieceKind::ALL
        .into_iter()
        .any(|k| k.defuses_mines() && pos.count(enemy, k) > 0);
    let own_flag = code(side, PieceKind::Flag);
    // Pass 1: non-Miners (enemy Mines block). Pass 2: Miners (enemy Mines can be
    // entered orthogonally). A Miner can follow any path a non-Miner can, so the
    // second pass only adds paths.
    for miners in [false, true] {
        let mut seen = [false; CELLS];
        let mut queue = [0u8; CELLS];
        let (mut head, mut tail) = (0usize, 0usize);
        for (cell, &c) in pos.cells.iter().enumerate() {
            if owner(c) == Some(side)
                && kind_of(c).is_movable()
                && kind_of(c).defuses_mines() == miners
            {
                seen[cell] = true;
                queue[tail] = cell as u8;
                tail += 1;
            }
        }
        if tail == 0 {
            continue;
        }
        while head < tail {
            let from = queue[head] as usize;
            head += 1;
            for (i, d) in ORTHOGONAL.iter().chain(DIAGONAL.iter()).enumerate() {
                let orthogonal = i < 4;
                if !orthogonal && !pos.rules.diagonal_steps {
                    break;
                }
                let to = (from as isize + d) as usize;
                if seen[to] {
                    continue;
                }
                let c = pos.cells[to];
                let passable = if c == EMPTY {
                    true
                } else if let Some(o) = owner(c) {
                    let k = kind_of(c);
                    if o == side {
                        if c == own_flag {
                            false
                        } else if k.is_mine() {
                            enemy_has_miner
                        } else {
                            true
                        }
                    } else if k.is_flag() {
                        if orthogonal {
                            return true;
                        }
                        false
                    } else if k.is_mine() {
                        miners && orthogonal
                    } else {
                        true
                    }
                } else {
                    false // lake or off the board
                };
                if passable {
                    seen[to] = true;
                    queue[tail] = to as u8;
                    tail += 1;
                }
            }
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
