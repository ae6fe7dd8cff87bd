//! The action space: a fixed numbering of the line moves of a ruleset and
//! the legal-action mask (see the [`encoding`](super) module's documentation
//! for the numbering).

#[cfg(feature = "alloc")]
use crate::game::Game;
use crate::moves::Move;
use crate::piece::Side;
use crate::ruleset::Ruleset;
use crate::square::Square;

/// The four diagonal steps, in the actor's frame, as (files, ranks): forward
/// right, back right, back left, forward left.
const DIAGONALS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// The fixed action space of a ruleset (see the [module documentation](super)).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ActionSpace {
    files: u8,
    ranks: u8,
    diagonal: bool,
}

impl ActionSpace {
    /// The action space of `rules` (its board size and whether diagonal steps
    /// are allowed).
    ///
    /// ```
    /// let s = marsal::encoding::ActionSpace::new(&marsal::Ruleset::marsal_a_spion());
    /// assert_eq!((s.planes(), s.size()), (26, 3744));
    /// ```
    pub fn new(rules: &Ruleset) -> ActionSpace {
        ActionSpace {
            files: rules.board.files,
            ranks: rules.board.ranks,
            diagonal: rules.diagonal_steps,
        }
    }

    /// The number of planes: `(files - 1) + (ranks - 1)`, plus 4 with diagonal
    /// steps.
    ///
    /// ```
    /// let s = marsal::encoding::ActionSpace::new(&marsal::Ruleset::classic());
    /// assert_eq!(s.planes(), 18);
    /// ```
    pub const fn planes(&self) -> usize {
        self.files as usize + self.ranks as usize - 2 + if self.diagonal { 4 } else { 0 }
    }

    /// The number of actions: planes x files x ranks.
    ///
    /// ```
    /// let s = marsal::encoding::ActionSpace::new(&marsal::Ruleset::barrage());
    /// assert_eq!(s.size(), 1800);
    /// ```
    pub const fn size(&self) -> usize {
        self.planes() * self.squares()
    }

    /// Squares of the board's rectangle (files x ranks).
    const fn squares(&self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// `(file, rank)` of `sq` in the frame of `side` (a half turn for Blue),
    /// or `None` off the board's rectangle.
    #[inline(always)]
    fn frame(&self, side: Side, sq: Square) -> Option<(u8, u8)> {
        let (f, r) = (sq.file(), sq.rank());
        if f >= self.files || r >= self.ranks {
            return None;
        }
        Some(match side {
            Side::Red => (f, r),
            Side::Blue => (self.files - 1 - f, self.ranks - 1 - r),
        })
    }

    /// The action of `mv` played by `side`, or `None` when no action stands for
    /// it (a move off the board's rectangle, not along a line, or a diagonal
    /// move of more than one square or where the ruleset has none).
    ///
    /// ```
    /// use marsal::{Ruleset, Side, encoding::ActionSpace};
    /// let s = ActionSpace::new(&Ruleset::classic());
    /// // a2-a3: from a2 (index 10) along the file to rank 3 (plane 9 + 1).
    /// assert_eq!(s.encode(Side::Red, "a2-a3".parse().unwrap()), Some(10 * 100 + 10));
    /// // The same move seen by Blue (j9-j8 turned half a turn) is the same action.
    /// assert_eq!(s.encode(Side::Blue, "j9-j8".parse().unwrap()), Some(10 * 100 + 10));
    /// assert_eq!(s.encode(Side::Red, "a1-b2".parse().unwrap()), None);
    /// ```
    #[inline]
    pub fn encode(&self, side: Side, mv: Move) -> Option<usize> {
        let (f, r) = self.frame(side, mv.from)?;
        let (tf, tr) = self.frame(side, mv.to)?;
        let plane = if tr == r && tf != f {
            (if tf < f { tf } else { tf - 1 }) as usize
        } else if tf == f && tr != r {
            self.files as usize - 1 + (if tr < r { tr } else { tr - 1 }) as usize
        } else {
            let d = (tf as i8 - f as i8, tr as i8 - r as i8);
            let k = DIAGONALS.iter().position(|&x| x == d)?;
            if !self.diagonal {
                return None;
            }
            self.files as usize + self.ranks as usize - 2 + k
        };
        Some(plane * self.squares() + r as usize * self.files as usize + f as usize)
    }

    /// The move `side` makes by `action`, or `None` when `action` is out of
    /// range or leads off the board's rectangle (a diagonal step from an edge).
    /// Whether the move is legal is the position's business.
    ///
    /// ```
    /// use marsal::{Ruleset, Side, encoding::ActionSpace};
    /// let s = ActionSpace::new(&Ruleset::classic());
    /// assert_eq!(s.decode(Side::Red, 1010).unwrap().to_string(), "a2-a3");
    /// assert_eq!(s.decode(Side::Blue, 1010).unwrap().to_string(), "j9-j8");
    /// assert_eq!(s.decode(Side::Red, 1800), None);
    /// ```
    #[inline]
    pub fn decode(&self, side: Side, action: usize) -> Option<Move> {
        if action >= self.size() {
            return None;
        }
        let n = self.squares();
        let (plane, idx) = (action / n, action % n);
        let files = self.files as usize;
        let (f, r) = ((idx % files) as u8, (idx / files) as u8);
        let line_planes = files + self.ranks as usize - 2;
        let (tf, tr) = if plane < files - 1 {
            let t = plane as u8;
            (if t < f { t } else { t + 1 }, r)
        } else if plane < line_planes {
            let t = (plane - (files - 1)) as u8;
            (f, if t < r { t } else { t + 1 })
        } else {
            let (df, dr) = DIAGONALS[plane - line_planes];
            let tf = f.checked_add_signed(df).filter(|&x| x < self.files)?;
            let tr = r.checked_add_signed(dr).filter(|&x| x < self.ranks)?;
            (tf, tr)
        };
        let from = Square::new(f, r)?;
        let to = Square::new(tf, tr)?;
        match side {
            Side::Red => Some(Move::new(from, to)),
            Side::Blue => Some(Move::new(
                from.rotated(self.files, self.ranks)?,
                to.rotated(self.files, self.ranks)?,
            )),
        }
    }

    /// Writes the mask of `moves` (the legal moves of `side`) into `mask`: 1 at
    /// each move's action, 0 elsewhere. Returns how many moves were marked (a
    /// move no action stands for is skipped; legal moves always have one).
    ///
    /// # Panics
    /// When `mask.len()` is not [`ActionSpace::size`].
    ///
    /// ```
    /// use marsal::{Position, Ruleset, Side, encoding::ActionSpace};
    /// let rules = Ruleset::barrage();
    /// let pos = Position::start(&rules, 3, 4)?;
    /// let s = ActionSpace::new(&rules);
    /// let mut mask = vec![0u8; s.size()];
    /// let n = s.write_mask(pos.to_move(), pos.legal_moves(), &mut mask);
    /// assert_eq!(mask.iter().filter(|&&m| m == 1).count(), n);
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn write_mask<I: IntoIterator<Item = Move>>(
        &self,
        side: Side,
        moves: I,
        mask: &mut [u8],
    ) -> usize {
        let mut marks = Marks::new(self, side, mask);
        moves.into_iter().for_each(|mv| marks.add(mv));
        marks.n
    }

    /// [`ActionSpace::write_mask`] of the legal moves of `game` (the side to
    /// move's, [`Game::legal_moves`]), without building their list (found by
    /// [`Game::for_each_legal_move_unordered`]).
    ///
    /// # Panics
    /// When `mask.len()` is not [`ActionSpace::size`].
    ///
    /// ```
    /// use marsal::{Game, Position, Ruleset, encoding::ActionSpace};
    /// let rules = Ruleset::classic();
    /// let game = Game::from_position(Position::start(&rules, 3, 4)?);
    /// let s = ActionSpace::new(&rules);
    /// let (mut a, mut b) = (vec![0u8; s.size()], vec![0u8; s.size()]);
    /// let n = s.write_game_mask(&game, &mut a);
    /// assert_eq!(n, s.write_mask(game.position().to_move(), game.legal_moves(), &mut b));
    /// assert_eq!(a, b);
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    #[cfg(feature = "alloc")]
    pub fn write_game_mask(&self, game: &Game, mask: &mut [u8]) -> usize {
        let side = game.position().to_move();
        let mut marks = Marks::new(self, side, mask);
        // The mask does not depend on the order: the board's is the cheapest.
        game.for_each_legal_move_unordered(|mv| marks.add(mv));
        marks.n
    }
}

/// A mask being written: cleared, then one mark a move.
struct Marks<'a> {
    space: &'a ActionSpace,
    side: Side,
    mask: &'a mut [u8],
    /// The moves marked.
    n: usize,
}

impl<'a> Marks<'a> {
    /// Clears `mask` for the moves of `side`.
    #[inline(always)]
    fn new(space: &'a ActionSpace, side: Side, mask: &'a mut [u8]) -> Marks<'a> {
        assert_eq!(
            mask.len(),
            space.size(),
            "the mask must have one byte an action"
        );
        mask.fill(0);
        Marks {
            space,
            side,
            mask,
            n: 0,
        }
    }

    /// Marks the action of `mv` (none when no action stands for it).
    #[inline(always)]
    fn add(&mut self, mv: Move) {
        if let Some(a) = self.space.encode(self.side, mv) {
            self.mask[a] = 1;
            self.n += 1;
        }
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use crate::{Position, Rng};

    fn presets() -> [Ruleset; 3] {
        [
            Ruleset::classic(),
            Ruleset::barrage(),
            Ruleset::marsal_a_spion(),
        ]
    }

    #[test]
    fn every_action_round_trips() {
        for rules in presets() {
            let s = ActionSpace::new(&rules);
            for side in Side::BOTH {
                let mut decoded = 0;
                for a in 0..s.size() {
                    if let Some(mv) = s.decode(side, a) {
                        decoded += 1;
                        assert_eq!(s.encode(side, mv), Some(a), "{mv} {a}");
                    }
                }
                // Only diagonal steps off an edge decode to nothing.
                let (f, r) = (rules.board.files as usize, rules.board.ranks as usize);
                let edge = if rules.diagonal_steps {
                    4 * (f * r) - 4 * (f - 1) * (r - 1)
                } else {
                    0
                };
                assert_eq!(decoded, s.size() - edge);
            }
        }
    }

    #[test]
    fn legal_moves_of_random_games_have_distinct_actions() {
        for rules in presets() {
            let s = ActionSpace::new(&rules);
            let mut mask = std::vec![0u8; s.size()];
            let mut rng = Rng::new(9);
            for g in 0..4 {
                let mut pos = Position::start(&rules, g, g + 100).unwrap();
                for _ in 0..300 {
                    let moves = pos.legal_moves();
                    let side = pos.to_move();
                    let n = s.write_mask(side, moves.iter().copied(), &mut mask);
                    assert_eq!(n, moves.len());
                    assert_eq!(mask.iter().filter(|&&m| m == 1).count(), n);
                    for &mv in &moves {
                        assert_eq!(s.decode(side, s.encode(side, mv).unwrap()), Some(mv));
                    }
                    if pos.play_random(&mut rng).is_none() {
                        break;
                    }
                }
            }
        }
    }
}
