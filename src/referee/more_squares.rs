//! The more-squares rule (the ISF continuous-chase rule), as a small state
//! machine beside the position.
//!
//! # Definitions
//! - A move **threatens** when it ends orthogonally next to an enemy piece (any
//!   enemy piece, Bombs, Mines and the Flag included), judged on the board after
//!   the move.
//! - A move **evades** when it moves a piece away from a square orthogonally next
//!   to where the enemy's last move ended (the threatened piece steps away).
//! - A side is **continuously chasing** while its moves keep threatening and the
//!   opponent's moves keep evading: each side has a chase length that counts the
//!   plies of that unbroken pattern. After every move of side `p` (from `S` to
//!   `D`):
//!   1. `p`'s last source and destination become `S` and `D`;
//!   2. if `S` is next to the opponent's last destination (`p` evaded), the
//!      opponent's chase length grows by one, else it drops to 0;
//!   3. if the move attacked, both chase lengths drop to 0;
//!   4. if the move threatens, `p`'s chase length grows by one, else it drops
//!      to 0.
//!
//! # The rule
//! With `L` the chase length of the side to move, a move is **forbidden** when
//! all of these hold:
//! 1. it recreates a position (the same piece of the same side on every square,
//!    whoever is to move) that stood `d` plies ago for some `1 <= d <= L - 1`,
//!    i.e. a position that occurred during the chase;
//! 2. it threatens (it is a chasing move);
//! 3. it is not the exact reverse of the mover's own previous move — going back
//!    to the square it came from on its previous turn is allowed (the two-square
//!    rule still applies to it).
//!
//! This is the ISF text ("a continuous chaser may not play a chasing move that
//! leads to a position that already occurred during the chase, except moving
//! back to the square it came from on the immediately preceding turn") made
//! mechanical the way the published test vectors (`data/ataraxos/`) were made.
//! It needs the positions of the chase, so it is enforced by
//! [`Game`](crate::Game), which keeps the history, and the game keeps the
//! chase state too, move by move (feature `alloc`). A bare [`Position`] has
//! neither: the rule does not apply to moves played on it, so random
//! playouts and searches on positions pay nothing for it (and a position
//! copied at every node does not carry the state). A game built from a
//! position ([`Game::from_position`]) starts with no chase under way.
//!
//! [`Game::from_position`]: crate::Game::from_position
//! [`Position`]: crate::Position

#[cfg(feature = "alloc")]
use crate::referee::{
    board::cell::{ORTHOGONAL, belongs_to},
    board::square::{CELLS, Square},
    moves::Move,
    piece::Side,
    position::Position,
};

/// The chase lengths and last moves of both sides, kept by
/// [`Game`](crate::Game).
#[cfg(feature = "alloc")]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub(crate) struct Chase {
    last_from: [Option<Square>; 2],
    last_to: [Option<Square>; 2],
    length: [u32; 2],
}

/// Whether a piece of `side`'s opponent stands orthogonally next to `sq`,
/// not counting `ignore`.
#[cfg(feature = "alloc")]
pub(crate) fn next_to_enemy(
    pos: &Position,
    side: Side,
    sq: Square,
    ignore: Option<Square>,
) -> bool {
    enemy_next_to(&pos.cells, side, sq, ignore)
}

/// [`next_to_enemy`] on the cell array.
#[cfg(feature = "alloc")]
#[inline(always)]
fn enemy_next_to(cells: &[u8; CELLS], side: Side, sq: Square, ignore: Option<Square>) -> bool {
    let skip = ignore.map_or(usize::MAX, Square::cell);
    // Every neighbour of a square lies in the array (the padding); the mask
    // only spares the bounds checks.
    ORTHOGONAL.iter().fold(false, |any, d| {
        let cell = (sq.cell() as isize + d) as usize & (CELLS - 1);
        any | (cell != skip && belongs_to(cells[cell], !side))
    })
}

/// Whether two squares are orthogonal neighbours (on the padded cell array a
/// step along a rank changes the cell by 1 and never wraps to another rank).
#[cfg(feature = "alloc")]
fn adjacent(a: Square, b: Square) -> bool {
    matches!(a.cell().abs_diff(b.cell()), 1 | 16)
}

#[cfg(feature = "alloc")]
impl Chase {
    /// Updates the state after `side` played `mv`; `after` is the board after
    /// the move.
    #[inline]
    pub(crate) fn record(&mut self, after: &[u8; CELLS], side: Side, mv: Move, attacked: bool) {
        let (p, q) = (side.index(), side.opponent().index());
        self.last_from[p] = Some(mv.from);
        self.last_to[p] = Some(mv.to);
        if self.last_to[q].is_some_and(|d| adjacent(mv.from, d)) {
            self.length[q] = self.length[q].saturating_add(1);
        } else {
            self.length[q] = 0;
        }
        if attacked {
            self.length = [0, 0];
        }
        if enemy_next_to(after, side, mv.to, None) {
            self.length[p] = self.length[p].saturating_add(1);
        } else {
            self.length[p] = 0;
        }
    }

    /// The chase length of `side`.
    pub(crate) fn length(&self, side: Side) -> u32 {
        self.length[side.index()]
    }

    /// Whether `mv` is the exact reverse of `side`'s previous move.
    pub(crate) fn is_reverse(&self, side: Side, mv: Move) -> bool {
        self.last_to[side.index()] == Some(mv.from) && self.last_from[side.index()] == Some(mv.to)
    }
}

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use super::Chase;
    use crate::{Game, MoveError, Position, Ruleset};

    /// Red's Marshal chases Blue's General round e3/e4/f3/f4 (classic, no
    /// two-square rule): after eight plies Red's f3-e3 would recreate a
    /// position of the chase.
    fn chase_game() -> Game {
        let mut rules = Ruleset::classic();
        rules.two_square = None;
        let text = "f........./.........s/.........S/........../S.~~..~~../..~~..~~../....g...../........../....M...../.........F r";
        let mut game = Game::from_position(Position::from_text(&rules, text).expect("a position"));
        for m in [
            "e2-e3", "e4-f4", "e3-e4", "f4-f3", "e4-f4", "f3-e3", "f4-f3", "e3-e4",
        ] {
            let mv = game.position().parse_move(m).expect("move text");
            game.play(mv).unwrap_or_else(|e| panic!("{m}: {e}"));
        }
        game
    }

    /// Rule (more-squares): the chase state is the game's. The game follows
    /// the chase move by move and takes it back with the move; a game built
    /// from its position starts with no chase under way; a bare position,
    /// which has no history to compare with, allows the chasing move.
    #[test]
    fn the_chase_is_the_games_and_taken_back_with_its_moves() {
        let mut game = chase_game();
        let f3e3 = game.position().parse_move("f3-e3").expect("move text");
        assert_eq!(game.check_move(f3e3), Err(MoveError::MoreSquares));
        let chase = game.chase;
        assert!(chase.length(crate::Side::Red) >= 2, "{chase:?}");

        // Built from the game's position: no chase under way.
        let again = Game::from_position(*game.position());
        assert_eq!(again.chase, Chase::default());
        assert_eq!(again.check_move(f3e3), Ok(()));

        // Taken back and played again: the same chase state.
        let before_last = {
            let mut g = game.clone();
            g.undo().expect("a move to take back");
            g.chase
        };
        assert_ne!(before_last, chase);
        let last = game.undo().expect("a move to take back").mv;
        assert_eq!(game.chase, before_last);
        game.play(last).expect("the same move again");
        assert_eq!(game.chase, chase);

        // A bare copy of the position allows the chasing move.
        let mut bare = *game.position();
        assert!(bare.is_legal(f3e3));
        bare.play(f3e3).expect("a legal move on a bare position");
        assert_eq!(game.chase, chase);
    }
}
