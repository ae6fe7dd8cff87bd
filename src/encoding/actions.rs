//! The action space: a fixed numbering of the line moves of a ruleset and
//! the legal-action mask (see the [`encoding`](super) module's documentation
//! for the numbering).

use crate::referee::board::square::Square;
#[cfg(feature = "alloc")]
use crate::referee::board_order::DIRECTIONS;
#[cfg(feature = "alloc")]
use crate::referee::game::Game;
use crate::referee::moves::Move;
use crate::referee::piece::Side;
use crate::referee::ruleset::Ruleset;

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

    /// The [`LineForm`] of the moves of `side` by steps of `d` (a direction of
    /// the padded cell array): [`ActionSpace::number`] at the first cell of
    /// the array (off the board, which the rule's arithmetic does not mind),
    /// at the cells beside it along the files and the ranks, and two squares
    /// on. Zero where no action stands for the direction (diagonal steps the
    /// space has none of).
    #[cfg(feature = "alloc")]
    fn line_form(&self, side: Side, d: isize) -> LineForm {
        // The step in files and ranks (`d = 16 * ranks + files`).
        let (df, dr) = (((d + 17) & 15) as i32 - 1, ((d + 17) >> 4) as i32 - 1);
        // The action from the cell at (x, y) of the array, `n` squares on.
        let action = |x: i32, y: i32, n: i32| {
            let from = self.turn(side, (x - 1, y - 1));
            let to = self.turn(side, (x - 1 + n * df, y - 1 + n * dr));
            self.number(from, to).unwrap_or(0)
        };
        let base = action(0, 0, 1);
        let distance = action(0, 0, 2) - base;
        LineForm {
            at: base - distance,
            file: action(1, 0, 1) - base,
            rank: action(0, 1, 1) - base,
            distance,
        }
    }

    /// Whether `rules` has this space's board size and diagonal steps (so that
    /// its moves in the board's order have the actions of a [`MaskWriter`]'s
    /// forms).
    #[cfg(feature = "alloc")]
    #[inline]
    fn fits(&self, rules: &Ruleset) -> bool {
        (self.files, self.ranks, self.diagonal)
            == (rules.board.files, rules.board.ranks, rules.diagonal_steps)
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
    fn frame(&self, side: Side, sq: Square) -> Option<(i32, i32)> {
        let (f, r) = (sq.file(), sq.rank());
        if f >= self.files || r >= self.ranks {
            return None;
        }
        Some(self.turn(side, (i32::from(f), i32::from(r))))
    }

    /// `(file, rank)` of the board's frame in the frame of `side`: the same
    /// for Red, a half turn of the rectangle for Blue (off it too).
    #[inline(always)]
    fn turn(&self, side: Side, (f, r): (i32, i32)) -> (i32, i32) {
        match side {
            Side::Red => (f, r),
            Side::Blue => (i32::from(self.files) - 1 - f, i32::from(self.ranks) - 1 - r),
        }
    }

    /// The rule of the numbering (the [module documentation](super)'s table),
    /// written once: the action of the move from `(f, r)` to `(tf, tr)`, both
    /// in the actor's frame, or `None` when no action stands for it. On any
    /// integers, so that [`ActionSpace::line_form`] can read it off the board
    /// too.
    #[inline(always)]
    fn number(&self, (f, r): (i32, i32), (tf, tr): (i32, i32)) -> Option<i32> {
        let (files, ranks) = (i32::from(self.files), i32::from(self.ranks));
        let plane = if tr == r && tf != f {
            // Along the rank to file `tf`, skipping the piece's own.
            if tf < f { tf } else { tf - 1 }
        } else if tf == f && tr != r {
            // Along the file to rank `tr`, skipping the piece's own.
            files - 1 + if tr < r { tr } else { tr - 1 }
        } else {
            let d = (tf - f, tr - r);
            let k = DIAGONALS
                .iter()
                .position(|&(x, y)| (i32::from(x), i32::from(y)) == d)?;
            if !self.diagonal {
                return None;
            }
            files + ranks - 2 + k as i32
        };
        Some(plane * files * ranks + r * files + f)
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
        let action = self.number(self.frame(side, mv.from)?, self.frame(side, mv.to)?)?;
        // Both squares on the rectangle: the action is in `0..size`.
        Some(action as usize)
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
        let mut marks = Marks::new(self, side, mask, |_, _| {});
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
        self.write_game_mask_with(game, mask, |_, _| {})
    }

    /// [`ActionSpace::write_game_mask`], calling `report(k, action)` with the
    /// `k`-th action marked (see [`MaskWriter::write_game_mask_listing`]).
    #[cfg(feature = "alloc")]
    fn write_game_mask_with<F: FnMut(usize, usize)>(
        &self,
        game: &Game,
        mask: &mut [u8],
        report: F,
    ) -> usize {
        let side = game.position().to_move();
        let mut marks = Marks::new(self, side, mask, report);
        // The mask does not depend on the order: the board's is the cheapest.
        game.for_each_legal_move_unordered(|mv| marks.add(mv));
        marks.n
    }
}

/// The legal-action masks of an [`ActionSpace`], written a few times faster
/// than by [`ActionSpace::write_game_mask`] (the same masks): the action of
/// every line of the board's order, by side and direction, is worked out once,
/// when the writer is made (a few thousand instructions: make it once and keep
/// it, as a vector environment does), so that marking a legal move costs a
/// few instructions.
///
/// ```
/// use marsal::{Game, Position, Ruleset, encoding::{ActionSpace, MaskWriter}};
/// let rules = Ruleset::marsal_a_spion();
/// let space = ActionSpace::new(&rules);
/// let writer = MaskWriter::new(&space);
/// let game = Game::from_position(Position::start(&rules, 3, 4)?);
/// let (mut a, mut b) = (vec![0u8; space.size()], vec![0u8; space.size()]);
/// assert_eq!(writer.write_game_mask(&game, &mut a), space.write_game_mask(&game, &mut b));
/// assert_eq!(a, b);
/// # Ok::<(), marsal::PositionError>(())
/// ```
#[cfg(feature = "alloc")]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct MaskWriter {
    space: ActionSpace,
    /// The action of each line of the board's order, by side and direction.
    lines: [[LineForm; DIRECTIONS.len()]; 2],
}

#[cfg(feature = "alloc")]
impl MaskWriter {
    /// The writer of the masks of `space`.
    ///
    /// ```
    /// use marsal::{Ruleset, encoding::{ActionSpace, MaskWriter}};
    /// let space = ActionSpace::new(&Ruleset::classic());
    /// assert_eq!(MaskWriter::new(&space).space(), &space);
    /// ```
    pub fn new(space: &ActionSpace) -> MaskWriter {
        let mut lines = [[LineForm::default(); DIRECTIONS.len()]; 2];
        for side in Side::BOTH {
            for (dir, &d) in DIRECTIONS.iter().enumerate() {
                lines[side.index()][dir] = space.line_form(side, d);
            }
        }
        MaskWriter {
            space: *space,
            lines,
        }
    }

    /// The action space whose masks this writes.
    ///
    /// ```
    /// use marsal::{Ruleset, encoding::{ActionSpace, MaskWriter}};
    /// let space = ActionSpace::new(&Ruleset::barrage());
    /// assert_eq!(MaskWriter::new(&space).space().size(), 1800);
    /// ```
    pub fn space(&self) -> &ActionSpace {
        &self.space
    }

    /// [`ActionSpace::write_game_mask`]: the same mask, the same count (a
    /// game of another board size or other diagonal steps than the space's
    /// is written by that method).
    ///
    /// # Panics
    /// When `mask.len()` is not [`ActionSpace::size`].
    ///
    /// ```
    /// use marsal::{Game, Position, Ruleset, encoding::{ActionSpace, MaskWriter}};
    /// let rules = Ruleset::classic();
    /// let space = ActionSpace::new(&rules);
    /// let game = Game::from_position(Position::start(&rules, 1, 2)?);
    /// let mut mask = vec![0u8; space.size()];
    /// let n = MaskWriter::new(&space).write_game_mask(&game, &mut mask);
    /// assert_eq!(n, game.legal_moves().len());
    /// assert_eq!(mask.iter().filter(|&&m| m == 1).count(), n);
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn write_game_mask(&self, game: &Game, mask: &mut [u8]) -> usize {
        self.write_game_mask_with(game, mask, |_, _| {})
    }

    /// [`MaskWriter::write_game_mask`], listing the actions it marks into
    /// `actions` as it marks them: the legal actions of the side to move, each
    /// once, in the board's order (not sorted), the first `actions.len()` of
    /// them if there are more. For a caller that keeps them: a vector
    /// environment draws its random actions from such a list and checks
    /// actions against it, without finding the moves again. Returns how many
    /// actions were marked (as [`MaskWriter::write_game_mask`]). An action
    /// fits in a `u16` (a space has at most 3,744); a list of
    /// [`MAX_MOVES`](crate::MAX_MOVES) (or [`ActionSpace::size`]) entries
    /// always has room.
    ///
    /// # Panics
    /// When `mask.len()` is not [`ActionSpace::size`].
    ///
    /// ```
    /// use marsal::{Game, MAX_MOVES, Position, Ruleset, encoding::{ActionSpace, MaskWriter}};
    /// let rules = Ruleset::classic();
    /// let space = ActionSpace::new(&rules);
    /// let game = Game::from_position(Position::start(&rules, 1, 2)?);
    /// let mut mask = vec![0u8; space.size()];
    /// let mut list = [0u16; MAX_MOVES];
    /// let n = MaskWriter::new(&space).write_game_mask_listing(&game, &mut mask, &mut list);
    /// let mut legal = list[..n].to_vec();
    /// legal.sort();
    /// let ones: Vec<u16> = (0..space.size() as u16).filter(|&a| mask[a as usize] == 1).collect();
    /// assert_eq!(legal, ones);
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn write_game_mask_listing(
        &self,
        game: &Game,
        mask: &mut [u8],
        actions: &mut [u16],
    ) -> usize {
        self.write_game_mask_with(game, mask, move |k, a| {
            if let Some(x) = actions.get_mut(k) {
                // Below the space's size (at most 3,744).
                *x = a as u16;
            }
        })
    }

    /// [`MaskWriter::write_game_mask`], calling `report(k, action)` with the
    /// `k`-th action marked: the one path of the writer's masks.
    #[inline(always)]
    fn write_game_mask_with<F: FnMut(usize, usize)>(
        &self,
        game: &Game,
        mask: &mut [u8],
        report: F,
    ) -> usize {
        if !self.space.fits(game.rules()) {
            return self.space.write_game_mask_with(game, mask, report);
        }
        let side = game.position().to_move();
        let mut marks = Marks::new(&self.space, side, mask, report);
        // The board's order tells each move's line: its action is a form's
        // value.
        let lines = &self.lines[side.index()];
        game.for_each_legal_line_unordered(|mv, line| {
            marks.mark(lines[line.dir].action(mv.from, line.distance))
        });
        marks.n
    }
}

/// The action of the moves of one side in one direction of the board's order
/// ([`DIRECTIONS`]): `at + file * x + rank * y + distance * d` for the move of
/// `d` squares from the cell of the padded array at `(x, y) = (cell & 15,
/// cell >> 4)`. Along a line the numbering is affine in these, so the four
/// numbers are read off [`ActionSpace::number`] (the rule) at four points.
#[cfg(feature = "alloc")]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
struct LineForm {
    at: i32,
    file: i32,
    rank: i32,
    distance: i32,
}

#[cfg(feature = "alloc")]
impl LineForm {
    /// The action of the move of `distance` squares from `from` (as `usize`:
    /// a negative value, which no move of a fitting board has, is far out of
    /// range).
    #[inline(always)]
    fn action(self, from: Square, distance: usize) -> usize {
        let c = from.cell() as i32;
        (self.at + self.file * (c & 15) + self.rank * (c >> 4) + self.distance * distance as i32)
            as usize
    }
}

/// A mask being written: cleared, then one mark a move, each mark reported.
struct Marks<'a, F: FnMut(usize, usize)> {
    space: &'a ActionSpace,
    side: Side,
    mask: &'a mut [u8],
    /// The moves marked.
    n: usize,
    /// Called with the count of the marks before and each action marked.
    report: F,
}

impl<'a, F: FnMut(usize, usize)> Marks<'a, F> {
    /// Clears `mask` for the moves of `side`.
    #[inline(always)]
    fn new(space: &'a ActionSpace, side: Side, mask: &'a mut [u8], report: F) -> Marks<'a, F> {
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
            report,
        }
    }

    /// Marks the action of `mv` (none when no action stands for it).
    #[inline(always)]
    fn add(&mut self, mv: Move) {
        if let Some(a) = self.space.encode(self.side, mv) {
            self.mark(a);
        }
    }

    /// Marks `action` (a move's; none when it is out of range).
    #[inline(always)]
    fn mark(&mut self, action: usize) {
        if let Some(m) = self.mask.get_mut(action) {
            // The count and the report first: the mask's byte, stored last,
            // is not read again.
            let k = self.n;
            self.n = k + 1;
            (self.report)(k, action);
            *m = 1;
        }
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use crate::encoding::tests::presets;
    use crate::{Position, Rng};

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

    /// The presets, and each with diagonal steps (with the corner rule and
    /// without) or without them, and with the two-square rule at its
    /// strictest.
    fn rulesets() -> std::vec::Vec<Ruleset> {
        let mut all = std::vec::Vec::new();
        for rules in presets() {
            for (diagonal, corner) in [(false, false), (true, false), (true, true)] {
                let mut r = rules;
                r.diagonal_steps = diagonal;
                r.corner_rule = corner;
                all.push(r);
            }
            let mut r = rules;
            r.two_square = Some(1);
            all.push(r);
        }
        all
    }

    #[test]
    fn every_line_move_has_the_same_action_from_its_line_as_from_encode() {
        for rules in rulesets() {
            let space = ActionSpace::new(&rules);
            let writer = MaskWriter::new(&space);
            let (files, ranks) = (i32::from(rules.board.files), i32::from(rules.board.ranks));
            let dirs = if rules.diagonal_steps { 8 } else { 4 };
            let mut lines = 0;
            for side in Side::BOTH {
                for (dir, &d) in DIRECTIONS.iter().enumerate().take(dirs) {
                    let (df, dr) = (((d + 17) & 15) as i32 - 1, ((d + 17) >> 4) as i32 - 1);
                    for from in Square::all() {
                        let (f, r) = (i32::from(from.file()), i32::from(from.rank()));
                        if f >= files || r >= ranks {
                            continue;
                        }
                        for distance in 1..if dir < 4 { 12 } else { 2 } {
                            let (tf, tr) = (f + distance * df, r + distance * dr);
                            if !(0..files).contains(&tf) || !(0..ranks).contains(&tr) {
                                break;
                            }
                            let to = Square::new(tf as u8, tr as u8).unwrap();
                            let mv = Move::new(from, to);
                            let a = writer.lines[side.index()][dir].action(from, distance as usize);
                            assert_eq!(Some(a), space.encode(side, mv), "{side:?} {mv}");
                            lines += 1;
                        }
                    }
                }
            }
            // Every action that decodes to a move is one of these lines.
            let decoded = Side::BOTH
                .iter()
                .map(|&side| {
                    (0..space.size())
                        .filter(|&a| space.decode(side, a).is_some())
                        .count()
                })
                .sum::<usize>();
            assert_eq!(lines, decoded);
        }
    }

    #[test]
    fn the_mask_writer_marks_the_actions_of_the_legal_moves_and_only_them() {
        let mut rng = Rng::new(11);
        for rules in rulesets() {
            let space = ActionSpace::new(&rules);
            let writer = MaskWriter::new(&space);
            let (mut fast, mut listed) =
                (std::vec![7u8; space.size()], std::vec![0u8; space.size()]);
            for g in 0..3 {
                let mut game = Game::from_position(Position::start(&rules, g, g + 50).unwrap());
                for _ in 0..400 {
                    let side = game.position().to_move();
                    game.for_each_legal_line_unordered(|mv, line| {
                        let to =
                            mv.from.cell() as isize + line.distance as isize * DIRECTIONS[line.dir];
                        assert_eq!(to, mv.to.cell() as isize, "{mv} {line:?}");
                        let a = writer.lines[side.index()][line.dir].action(mv.from, line.distance);
                        assert_eq!(Some(a), space.encode(side, mv), "{mv}");
                    });
                    let moves = game.legal_moves();
                    let n = writer.write_game_mask(&game, &mut fast);
                    assert_eq!(
                        n,
                        space.write_mask(side, moves.iter().copied(), &mut listed)
                    );
                    assert_eq!(n, moves.len());
                    assert_eq!(fast, listed);
                    if game.play_random(&mut rng).is_none() {
                        break;
                    }
                }
            }
        }
    }

    #[test]
    fn a_game_of_another_board_gets_the_mask_of_its_moves_the_space_has_actions_for() {
        let mut diagonal = Ruleset::classic();
        diagonal.diagonal_steps = true;
        let pairs = [
            (Ruleset::classic(), diagonal),
            (diagonal, Ruleset::classic()),
            (Ruleset::classic(), Ruleset::marsal_a_spion()),
            (Ruleset::marsal_a_spion(), Ruleset::classic()),
        ];
        let mut rng = Rng::new(12);
        for (space_rules, game_rules) in pairs {
            let space = ActionSpace::new(&space_rules);
            let writer = MaskWriter::new(&space);
            let (mut fast, mut listed) =
                (std::vec![7u8; space.size()], std::vec![0u8; space.size()]);
            let mut game = Game::from_position(Position::start(&game_rules, 1, 2).unwrap());
            for _ in 0..100 {
                let side = game.position().to_move();
                let n = writer.write_game_mask(&game, &mut fast);
                assert_eq!(n, space.write_mask(side, game.legal_moves(), &mut listed));
                assert_eq!(fast, listed);
                if game.play_random(&mut rng).is_none() {
                    break;
                }
            }
        }
    }

    #[test]
    fn the_actions_listed_while_writing_a_mask_are_its_ones_each_once() {
        let mut rng = Rng::new(13);
        // The presets (the writer's forms) and games of another board (the
        // space's own path).
        let mut pairs: std::vec::Vec<(Ruleset, Ruleset)> =
            rulesets().into_iter().map(|r| (r, r)).collect();
        pairs.push((Ruleset::classic(), Ruleset::marsal_a_spion()));
        pairs.push((Ruleset::marsal_a_spion(), Ruleset::classic()));
        for (space_rules, game_rules) in pairs {
            let space = ActionSpace::new(&space_rules);
            let writer = MaskWriter::new(&space);
            let mut mask = std::vec![7u8; space.size()];
            let mut game = Game::from_position(Position::start(&game_rules, 3, 70).unwrap());
            let mut list = [u16::MAX; crate::MAX_MOVES];
            for _ in 0..200 {
                let n = writer.write_game_mask_listing(&game, &mut mask, &mut list);
                let mut listed = list[..n].to_vec();
                listed.sort_unstable();
                let ones: std::vec::Vec<u16> = (0..space.size() as u16)
                    .filter(|&a| mask[usize::from(a)] == 1)
                    .collect();
                assert_eq!(listed, ones);
                assert!(mask.iter().all(|&m| m <= 1));
                // A short list gets the first actions, the count stays.
                let mut short = [u16::MAX; 3];
                assert_eq!(
                    writer.write_game_mask_listing(&game, &mut mask, &mut short),
                    n
                );
                assert_eq!(short[..n.min(3)], list[..n.min(3)]);
                if game.play_random(&mut rng).is_none() {
                    break;
                }
            }
        }
    }

    #[test]
    fn a_mask_writer_writes_the_masks_of_its_space() {
        let space = ActionSpace::new(&Ruleset::marsal_a_spion());
        assert_eq!(MaskWriter::new(&space).space(), &space);
    }

    #[test]
    fn a_move_off_the_boards_rectangle_has_no_action() {
        // The classic board is 10 x 10: file `k` and rank 11 are off it.
        let space = ActionSpace::new(&Ruleset::classic());
        for side in Side::BOTH {
            for mv in ["k1-k2", "j1-k1", "a11-a12", "a10-a11", "k11-k12"] {
                assert_eq!(
                    space.encode(side, mv.parse().unwrap()),
                    None,
                    "{side:?} {mv}"
                );
            }
            assert!(space.encode(side, "j10-j9".parse().unwrap()).is_some());
        }
    }
}
