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
//!
//! Movable pieces never block, so whether a square leads to the enemy Flag
//! depends only on what never moves: the Flags, the Mines and whether each
//! side still has a Miner. The search therefore runs backwards, from the
//! squares next to the enemy Flag, and gives for each side the **region** of
//! squares from which a path exists (one for any movable piece, a larger one
//! for a Miner, which may also enter enemy Mines). A position keeps these
//! regions when its ruleset has the draw, and computes them again only when
//! a Mine or a Flag leaves the board or a side loses its last Miner (or such
//! a fight is taken back); the test after a fight is then whether a movable
//! piece stands in its side's region: a few word operations.

use crate::referee::board::bitboard::{Bits, W};
use crate::referee::board::cell::{DIAGONAL, ORTHOGONAL, kind_of};
use crate::referee::movegen::corner_open;
use crate::referee::piece::{PieceKind, Side};
use crate::referee::position::Position;
use crate::referee::position::state::HopeRegions;

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
    let regions = if pos.rules.no_hope_draw {
        pos.hope
    } else {
        hope_regions(pos)
    };
    debug_assert_eq!(regions, hope_regions(pos), "kept hope regions");
    has_hope(pos, side, &regions)
}

/// Whether a movable piece of `side` stands in its region of `regions` (a
/// Miner in the Miners' region).
fn has_hope(pos: &Position, side: Side, regions: &HopeRegions) -> bool {
    let s = side.index();
    let [any, miner] = &regions.0[s];
    let movers = &pos.boards.movers[s];
    if (0..movers.0.len()).any(|w| movers.0[w] & any.0[w] != 0) {
        return true;
    }
    let mut miners_region = Bits::default();
    for w in 0..movers.0.len() {
        miners_region.0[w] = movers.0[w] & miner.0[w];
    }
    miners_region
        .cells()
        .any(|cell| kind_of(pos.cells[cell]).defuses_mines())
}

/// Whether a piece of kind `kind` leaving the board, `left` of its kind and
/// side staying, changes the regions (see [`HopeRegions`]): a Mine (or Bomb)
/// or a Flag, or a side's last Miner. (Taking such a move back changes them
/// too.)
impl HopeRegions {
    #[inline(always)]
    pub(crate) fn changed_by(kind: PieceKind, left: u8) -> bool {
        kind.is_mine() || kind.is_flag() || (kind.defuses_mines() && left == 0)
    }
}

impl Position {
    /// Computes the kept regions again (see [`HopeRegions`]).
    #[inline(never)]
    pub(crate) fn recount_hope(&mut self) {
        if self.rules.no_hope_draw {
            self.hope = hope_regions(self);
        }
    }
}

/// Both sides' regions (see [`HopeRegions`]), computed from the board.
pub(crate) fn hope_regions(pos: &Position) -> HopeRegions {
    let corner = pos.corner_applies();
    let mut regions = HopeRegions::default();
    for side in Side::BOTH {
        regions.0[side.index()] = match pos.boards.words {
            2 => regions_of::<2>(pos, side, corner).map(Bits::from),
            3 => regions_of::<3>(pos, side, corner).map(Bits::from),
            _ => regions_of::<4>(pos, side, corner).map(Bits::from),
        };
    }
    regions
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

/// `side`'s regions (see [`HopeRegions`]) as flood fills on the first `N`
/// words of the bitboards, backwards from the squares next to the enemy Flag;
/// `corner`: whether the corner rule applies (`Position::corner_applies`).
/// Every step of a path can be taken both ways (the squares beside a diagonal
/// step are the same either way), so the squares that can step into a region
/// are the region spread one step.
fn regions_of<const N: usize>(pos: &Position, side: Side, corner: bool) -> [W<N>; 2] {
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
    let step = |set: W<N>| {
        if !diagonal {
            spread(set, ORTHOGONAL)
        } else if corner {
            spread(set, ORTHOGONAL).or(corner_spread(set, corner_free))
        } else {
            king_spread(set)
        }
    };
    // Any movable piece, as if none were a Miner: it stands on passable
    // squares only (enemy Mines block). A Miner reaches at least that.
    let mut any = attack_from.and(passable);
    loop {
        let next = any.or(step(any).and(passable));
        if next == any {
            break;
        }
        any = next;
    }
    // A Miner also enters enemy Mines, orthogonally (that is an attack), and
    // goes on from there: it stands on passable squares and enemy Mines.
    let mut miner = W::EMPTY;
    if has_miner {
        let standing = passable.or(enemy_mines);
        miner = any.or(attack_from.and(standing));
        loop {
            let into = step(miner.and(passable)).or(spread(miner.and(enemy_mines), ORTHOGONAL));
            let next = miner.or(into.and(standing));
            if next == miner {
                break;
            }
            miner = next;
        }
    }
    [any, miner]
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
    pos.is_hopeless()
}

impl Position {
    /// Whether neither side can ever capture the other's Flag (see
    /// [`is_hopeless`]).
    pub(crate) fn is_hopeless(&self) -> bool {
        !can_reach_flag(self, Side::Red) && !can_reach_flag(self, Side::Blue)
    }
}

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use super::hope_regions;
    use crate::{Game, Rng, Ruleset, Setup, Side};

    /// Rule (no-hope draw): whether a side can still reach the enemy Flag
    /// depends only on what never moves (Flags, Mines) and on whether each
    /// side still has a Miner; the regions a position keeps for it match a
    /// computation from scratch after every move and every take-back, through
    /// Mines defused, Miners lost and fights taken back.
    #[test]
    fn hope_regions_are_kept_exactly_through_play_and_undo() {
        let mut czech = Ruleset::marsal_a_spion();
        czech.max_plies = Some(800);
        let mut classic = Ruleset::classic();
        classic.no_hope_draw = true;
        classic.max_plies = Some(800);
        let mut recomputed = 0;
        for (r, rules) in [czech, classic].iter().enumerate() {
            for seed in 0..8u64 {
                let red = Setup::random(rules, Side::Red, seed);
                let blue = Setup::random(rules, Side::Blue, seed + 50);
                let mut game = Game::new(rules, &red, &blue).expect("random setups are legal");
                let mut rng = Rng::new(seed * 13 + r as u64);
                let mut last = game.position().hope;
                while !game.status().is_over() {
                    let moves = game.legal_moves();
                    let mv = moves[rng.below(moves.len() as u32) as usize];
                    game.play(mv).expect("a legal move");
                    let pos = game.position();
                    assert_eq!(pos.hope, hope_regions(pos), "after {mv}");
                    recomputed += usize::from(pos.hope != last);
                    last = pos.hope;
                    if rng.below(4) == 0 {
                        game.undo().expect("a move to take back");
                        let pos = game.position();
                        assert_eq!(pos.hope, hope_regions(pos), "after taking back {mv}");
                        last = pos.hope;
                    }
                }
            }
        }
        // The regions did change (Mines defused, Miners lost) in these games.
        assert!(recomputed > 0);
    }

    /// Rule (no-hope draw): a side whose last Miner is lost can no longer
    /// clear Bombs, so the squares from which it can reach the enemy Flag
    /// change at once, also when the Miner dies attacking (and back when the
    /// attack is taken back).
    #[test]
    fn hope_regions_follow_the_last_miner_dying_as_it_attacks() {
        let mut rules = Ruleset::classic();
        rules.no_hope_draw = true;
        // Red's only Miner (e2) attacks Blue's General (e3) and dies; Blue's
        // Flag (a10) is walled by a Bomb (a9) and the board's edge.
        let text = "fs......../b........./........../........../..~~..~~../..~~..~~../........../....g....M/....N...../.........F r";
        let pos = crate::Position::from_text(&rules, text).expect("a position");
        let mut game = Game::from_position(pos);
        let before = game.position().hope;
        let mv = game.position().parse_move("e2xe3").expect("move text");
        game.play(mv).expect("a legal attack");
        let pos = game.position();
        assert_eq!(pos.count(Side::Red, crate::PieceKind::Miner), 0);
        assert_ne!(pos.hope, before, "Red's Miner region is gone");
        assert_eq!(pos.hope, hope_regions(pos));
        game.undo().expect("the attack to take back");
        assert_eq!(game.position().hope, before);
    }
}
