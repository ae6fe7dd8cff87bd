//! Encodings for machine learning: a fixed action space per ruleset with a
//! legal-action mask, and an observation tensor built from one side's [`View`].
//!
//! Both are written into caller buffers (for instance NumPy arrays handed over
//! the C ABI) and never allocate. Both are *egocentric*: the board is seen from
//! the acting (or observing) side, so for Blue it is turned half a turn
//! ([`Square::rotated`](crate::Square::rotated)) and "forward" always points to the opponent. One
//! policy network can then play either side.
//!
//! # The action space
//! An action is a move of a piece from a square along its rank or file to
//! another square of that line (any distance: steps, attacks and Scout moves
//! alike), or one of the four diagonal steps when the ruleset allows them. On a
//! board of `F` files and `R` ranks there are `P = (F - 1) + (R - 1)` planes,
//! plus 4 with diagonal steps, and `P * F * R` actions:
//!
//! `action = plane * (F * R) + rank * F + file` (square in the actor's frame)
//!
//! | planes | move |
//! |---|---|
//! | `0 .. F-1` | along the rank to file `t` (`t` = plane, skipping the piece's own file) |
//! | `F-1 .. F+R-2` | along the file to rank `t` (`t` = plane - (F-1), skipping its own rank) |
//! | `F+R-2 .. +4` | diagonal step: forward-right, back-right, back-left, forward-left |
//!
//! So classic Stratego and Barrage have 18 planes of 10 x 10 = 1,800 actions
//! (the size Ataraxos uses) and *Maršál a špión* (12 x 12, diagonals) 26
//! planes of 144 = 3,744. Every action is a line move that some position could
//! make (lakes and off-board squares aside), and the plane-major order reshapes
//! to `(P, R, F)` for a convolutional policy head.
//!
//! ```
//! use marsal::encoding::ActionSpace;
//! use marsal::{Position, Ruleset, Side};
//!
//! let rules = Ruleset::classic();
//! let space = ActionSpace::new(&rules);
//! assert_eq!(space.size(), 1800);
//! let pos = Position::start(&rules, 1, 2)?;
//! let mut mask = [0u8; 1800];
//! let n = space.write_mask(Side::Red, pos.legal_moves(), &mut mask);
//! assert_eq!(n, pos.legal_moves().len());
//! for mv in pos.legal_moves() {
//!     let a = space.encode(Side::Red, mv).unwrap();
//!     assert_eq!(mask[a], 1);
//!     assert_eq!(space.decode(Side::Red, a), Some(mv));
//! }
//! # Ok::<(), marsal::PositionError>(())
//! ```
//!
//! # The observation
//! `C = 45` planes of `R x F` values, written from a [`View`] only (so
//! nothing the side does not know can enter it); square `(file, rank)` of the
//! viewer's frame is at `channel * (R * F) + rank * F + file`. See
//! [`ObservationSpace`] and the constants of [`channel`]. The values are `f32`
//! (0.0 / 1.0, and fractions in two constant planes) or, four times smaller,
//! `u8` (0 / 1, and the fractions as `round(255 x)`): see [`ObservationValue`].
//!
//! ```
//! use marsal::encoding::{ObservationSpace, channel};
//! use marsal::{Position, Ruleset, Side};
//!
//! let rules = Ruleset::classic();
//! let obs_space = ObservationSpace::new(&rules);
//! assert_eq!(obs_space.shape(), (45, 10, 10));
//! let pos = Position::start(&rules, 1, 2)?;
//! let mut obs = vec![0.0f32; obs_space.size()];
//! obs_space.write(&pos.view(Side::Blue), &mut obs);
//! // 40 own pieces, 40 enemy pieces, each of unknown kind.
//! let plane = |c: usize| &obs[c * 100..(c + 1) * 100];
//! let own: f32 = (channel::OWN..channel::OWN + 16).map(|c| plane(c).iter().sum::<f32>()).sum();
//! assert_eq!(own, 40.0);
//! assert!(plane(channel::ENEMY_REVEALED).iter().all(|&x| x == 0.0));
//! # Ok::<(), marsal::PositionError>(())
//! ```

use crate::hidden::view::View;
#[cfg(all(test, feature = "std"))]
use crate::referee::board::square::Square;
use crate::referee::piece::Side;
use crate::referee::position::Position;
use crate::referee::ruleset::Ruleset;

mod actions;
pub use actions::ActionSpace;
#[cfg(feature = "alloc")]
pub use actions::MaskWriter;

/// The channels of the observation tensor (see [`ObservationSpace`]). A plane
/// holds 1.0 on the squares where its statement is true, else 0.0, unless said
/// otherwise.
pub mod channel {
    /// `OWN + k`: one of the viewer's own pieces of kind `k` (the kind's index,
    /// [`PieceKind::index`](crate::PieceKind::index)), 16 planes.
    pub const OWN: usize = 0;
    /// `ENEMY + k`: an enemy piece that may still be of kind `k`, as far as the
    /// viewer knows (16 planes); a piece whose kind is known has one plane set.
    pub const ENEMY: usize = 16;
    /// An empty square.
    pub const EMPTY: usize = 32;
    /// A lake.
    pub const LAKE: usize = 33;
    /// A square of the rectangle that is not on the board.
    pub const OFF_BOARD: usize = 34;
    /// An own piece whose kind the opponent knows.
    pub const OWN_REVEALED: usize = 35;
    /// An own piece the opponent knows can move (it moved, or counting tells):
    /// none of the kinds the opponent still thinks possible is immovable.
    pub const OWN_KNOWN_MOVABLE: usize = 36;
    /// An enemy piece whose kind the viewer knows.
    pub const ENEMY_REVEALED: usize = 37;
    /// An enemy piece the viewer knows can move.
    pub const ENEMY_KNOWN_MOVABLE: usize = 38;
    /// The square the last move (of either side) started from.
    pub const LAST_FROM: usize = 39;
    /// The square the last move went to (or attacked).
    pub const LAST_TO: usize = 40;
    /// Constant plane: plies played, divided by the ruleset's ply limit (or by
    /// [`PLY_SCALE`](super::PLY_SCALE) without one), at most 1.
    pub const PLY: usize = 41;
    /// Constant plane: plies since the last attack, divided by the ruleset's
    /// limit on them (or by [`QUIET_SCALE`](super::QUIET_SCALE)), at most 1.
    pub const PLIES_SINCE_ATTACK: usize = 42;
    /// Constant plane: 1 when the viewer is to move.
    pub const TO_MOVE: usize = 43;
    /// Constant plane: 1 when the viewer is Blue (whose board is turned).
    pub const IS_BLUE: usize = 44;
    /// The number of channels.
    pub const COUNT: usize = 45;
}

/// The divisor of the [`channel::PLY`] plane for rulesets without a ply limit.
pub const PLY_SCALE: f32 = 2000.0;
/// The divisor of the [`channel::PLIES_SINCE_ATTACK`] plane for rulesets without
/// a limit on plies without attack.
pub const QUIET_SCALE: f32 = 200.0;

/// The observation tensor of a ruleset: [`channel::COUNT`] planes of ranks x
/// files `f32`, in the viewer's frame (a half turn for Blue), built from a
/// [`View`] alone.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct ObservationSpace {
    files: u8,
    ranks: u8,
    ply_scale: f32,
    quiet_scale: f32,
}

impl ObservationSpace {
    /// The observation space of `rules`.
    ///
    /// ```
    /// let o = marsal::encoding::ObservationSpace::new(&marsal::Ruleset::marsal_a_spion());
    /// assert_eq!(o.shape(), (45, 12, 12));
    /// ```
    pub fn new(rules: &Ruleset) -> ObservationSpace {
        ObservationSpace {
            files: rules.board.files,
            ranks: rules.board.ranks,
            ply_scale: rules.max_plies.map_or(PLY_SCALE, |m| m.max(1) as f32),
            quiet_scale: rules
                .max_plies_without_attack
                .map_or(QUIET_SCALE, |m| m.max(1) as f32),
        }
    }

    /// `(channels, ranks, files)`.
    ///
    /// ```
    /// let o = marsal::encoding::ObservationSpace::new(&marsal::Ruleset::classic());
    /// assert_eq!(o.shape(), (45, 10, 10));
    /// ```
    pub const fn shape(&self) -> (usize, usize, usize) {
        (channel::COUNT, self.ranks as usize, self.files as usize)
    }

    /// The number of values: channels x ranks x files.
    ///
    /// ```
    /// let o = marsal::encoding::ObservationSpace::new(&marsal::Ruleset::classic());
    /// assert_eq!(o.size(), 4500);
    /// ```
    pub const fn size(&self) -> usize {
        channel::COUNT * self.ranks as usize * self.files as usize
    }

    /// Writes what `view` shows into `out` (see [`channel`]): every value is
    /// written. Only the view is read, so nothing hidden from its side can
    /// enter the tensor.
    ///
    /// # Panics
    /// When `out.len()` is not [`ObservationSpace::size`], or the view's board
    /// is not this space's size.
    ///
    /// ```
    /// use marsal::encoding::{ObservationSpace, channel};
    /// use marsal::{Position, Ruleset, Side};
    /// let rules = Ruleset::classic();
    /// let space = ObservationSpace::new(&rules);
    /// let pos = Position::start(&rules, 1, 2)?;
    /// let mut obs = vec![0.0; space.size()];
    /// space.write(&pos.view(Side::Red), &mut obs);
    /// // Red is to move: the TO_MOVE plane is all ones.
    /// assert!(obs[channel::TO_MOVE * 100..][..100].iter().all(|&x| x == 1.0));
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    ///
    /// The same tensor as `u8` values (a quarter of the memory: 0 and 1 on the
    /// planes that are statements, the two fractions as `round(255 x)`):
    ///
    /// ```
    /// use marsal::encoding::{ObservationSpace, channel};
    /// use marsal::{Position, Ruleset, Side};
    /// let rules = Ruleset::classic();
    /// let space = ObservationSpace::new(&rules);
    /// let pos = Position::start(&rules, 1, 2)?;
    /// let (mut f, mut b) = (vec![0.0f32; space.size()], vec![0u8; space.size()]);
    /// space.write(&pos.view(Side::Blue), &mut f);
    /// space.write(&pos.view(Side::Blue), &mut b);
    /// assert!(f.iter().zip(&b).all(|(&f, &b)| f == f32::from(b)));
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn write<T: ObservationValue>(&self, view: &View, out: &mut [T]) {
        assert_eq!(
            out.len(),
            self.size(),
            "the observation buffer has the wrong size"
        );
        assert_eq!(
            view.size(),
            (self.files, self.ranks),
            "the view's board is not the observation's"
        );
        let rows = Rows::of_view(view);
        self.finish(
            &rows,
            view.side(),
            view.status().to_move(),
            (view.ply(), view.plies_since_attack()),
            out,
        );
    }

    /// Writes what `side` knows of `pos` into `out`: the same tensor as
    /// [`ObservationSpace::write`] of `pos.view(side)`, without building the
    /// [`View`]. It reads what [`Position::view`] is built from (the board,
    /// the pieces, and what each side has deduced of the other's pieces,
    /// [`View`] says what), a few times faster; the tests compare the two
    /// tensors over random games of every preset.
    ///
    /// # Panics
    /// When `out.len()` is not [`ObservationSpace::size`], or the position's
    /// board is not this space's size.
    ///
    /// ```
    /// use marsal::encoding::ObservationSpace;
    /// use marsal::{Position, Ruleset, Side};
    /// let rules = Ruleset::barrage();
    /// let space = ObservationSpace::new(&rules);
    /// let pos = Position::start(&rules, 1, 2)?;
    /// let (mut a, mut b) = (vec![0u8; space.size()], vec![0u8; space.size()]);
    /// space.write(&pos.view(Side::Blue), &mut a);
    /// space.write_position(&pos, Side::Blue, &mut b);
    /// assert_eq!(a, b);
    /// # Ok::<(), marsal::PositionError>(())
    /// ```
    pub fn write_position<T: ObservationValue>(&self, pos: &Position, side: Side, out: &mut [T]) {
        assert_eq!(
            (pos.rules.board.files, pos.rules.board.ranks),
            (self.files, self.ranks),
            "the position's board is not the observation's"
        );
        let g = &pos.rules.board;
        let mut rows = Rows::new(g.files, g.ranks, side);
        rows.of_position_into(pos, side);
        self.finish(
            &rows,
            side,
            pos.status().to_move(),
            (pos.ply(), pos.plies_since_attack()),
            out,
        );
    }

    /// Writes the statement planes of `rows` and the constant planes (the
    /// viewer `side`, the side to move, `(ply, plies since attack)`).
    fn finish<T: ObservationValue>(
        &self,
        rows: &Rows,
        side: Side,
        to_move: Option<Side>,
        (ply, quiet): (u32, u32),
        out: &mut [T],
    ) {
        assert_eq!(
            out.len(),
            self.size(),
            "the observation buffer has the wrong size"
        );
        let n = self.files as usize * self.ranks as usize;
        let blue = side == Side::Blue;
        rows.write(out);
        let mut planes = out[channel::PLY * n..].chunks_exact_mut(n);
        let flag = |b: bool| if b { T::ONE } else { T::ZERO };
        let constants = [
            T::from_fraction(ply as f32 / self.ply_scale),
            T::from_fraction(quiet as f32 / self.quiet_scale),
            flag(to_move == Some(side)),
            flag(blue),
        ];
        for x in constants {
            planes.next().unwrap_or_default().fill(x);
        }
        debug_assert!(planes.next().is_none(), "a channel was not written");
    }
}

/// The element type of an observation tensor: `f32` or `u8` (sealed: no
/// other type can be one). A plane that is a statement holds 0 or 1 in either;
/// a fraction `x` of the constant planes ([`channel::PLY`],
/// [`channel::PLIES_SINCE_ATTACK`]) is `x` as `f32` and `round(255 x)` as `u8`
/// (so `u8 / 255` is within `1 / 510` of the `f32`).
///
/// ```
/// use marsal::encoding::ObservationValue;
/// assert_eq!(<u8 as ObservationValue>::from_fraction(0.5), 128);
/// assert_eq!(<f32 as ObservationValue>::from_fraction(0.5), 0.5);
/// assert_eq!(<u8 as ObservationValue>::ONE, 1);
/// ```
pub trait ObservationValue: Copy + sealed::Sealed {
    /// The value of a false statement (0).
    const ZERO: Self;
    /// The value of a true statement (1).
    const ONE: Self;
    /// The value of a fraction `x` in `0.0..=1.0` (clamped to it).
    fn from_fraction(x: f32) -> Self;
}

mod rows;
use rows::Rows;

mod sealed {
    /// What the writers of the planes need of an element type (implemented in
    /// `rows.rs`, for `u8` and `f32` only).
    pub trait Sealed: Copy {
        /// Writes the `width` values of `bits` (bit `i` is value `i`: 0 or 1)
        /// at `out[at..]`; may write zeros past `at + width` where `out` has
        /// room.
        fn write_bits(out: &mut [Self], at: usize, bits: u16, width: usize);
        /// Writes the `W` values of `bits` into `row` (`W` long, 8 to 16).
        fn row<const W: usize>(row: &mut [Self], bits: u16);
        /// The same with bit `15 - i` as value `i`.
        fn row_reversed<const W: usize>(row: &mut [Self], bits: u16);
        /// The same as `write_bits` with bit `15 - i` as value `i`.
        fn write_bits_reversed(out: &mut [Self], at: usize, bits: u16, width: usize);
        /// The value of a false statement.
        const NONE: Self;
        /// Writes the plane of `rows` (one a rank, `W` bits each, 8 to 16)
        /// at `out[at..at + W * rows.len()]` in the viewer's frame (`turned`:
        /// from the last rank and the last file); may write values past its
        /// end where `out` has room (the next plane overwrites them).
        fn plane<const W: usize>(out: &mut [Self], at: usize, rows: &[u16], turned: bool);
        /// Writes every statement plane of a 10 x 10 board (`rows`, in the
        /// board's frame, `turned` for the viewer's) at the start of `out`
        /// when this type has a writer for it (and `out` room for six values
        /// past them): whether it was written.
        fn planes_10x10(
            rows: &[super::rows::Plane; super::channel::PLY],
            turned: bool,
            out: &mut [Self],
        ) -> bool;
    }
}

impl ObservationValue for f32 {
    const ZERO: f32 = 0.0;
    const ONE: f32 = 1.0;
    #[inline]
    fn from_fraction(x: f32) -> f32 {
        x.clamp(0.0, 1.0)
    }
}

impl ObservationValue for u8 {
    const ZERO: u8 = 0;
    const ONE: u8 = 1;
    #[inline]
    fn from_fraction(x: f32) -> u8 {
        // `as` saturates; +0.5 rounds half up (no `f32::round` in `no_std`).
        (x.clamp(0.0, 1.0) * 255.0 + 0.5) as u8
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use crate::hidden::view::SquareView;
    use crate::{Position, Rng};

    /// The presets (for the tests of `encoding` and its modules).
    pub(super) fn presets() -> [Ruleset; 3] {
        [
            Ruleset::classic(),
            Ruleset::barrage(),
            Ruleset::marsal_a_spion(),
        ]
    }

    #[test]
    fn u8_observation_has_the_content_of_the_f32_one() {
        for rules in presets() {
            let space = ObservationSpace::new(&rules);
            let n = space.shape().1 * space.shape().2;
            let mut f = std::vec![0.0f32; space.size()];
            let mut b = std::vec![7u8; space.size()];
            let mut pos = Position::start(&rules, 7, 8).unwrap();
            let mut rng = Rng::new(4);
            for _ in 0..300 {
                for side in Side::BOTH {
                    let view = pos.view(side);
                    space.write(&view, &mut f);
                    space.write(&view, &mut b);
                    for (i, (&x, &y)) in f.iter().zip(&b).enumerate() {
                        let c = i / n;
                        if c == channel::PLY || c == channel::PLIES_SINCE_ATTACK {
                            assert!((f32::from(y) / 255.0 - x).abs() <= 0.5 / 255.0, "{c}");
                        } else {
                            assert_eq!(f32::from(y), x, "channel {c}");
                        }
                    }
                }
                if pos.play_random(&mut rng).is_none() {
                    break;
                }
            }
        }
    }

    #[test]
    fn observation_matches_the_view() {
        for rules in presets() {
            let space = ObservationSpace::new(&rules);
            let (c, ranks, files) = space.shape();
            let n = ranks * files;
            let mut obs = std::vec![0.0f32; space.size()];
            let mut pos = Position::start(&rules, 5, 6).unwrap();
            let mut rng = Rng::new(3);
            for _ in 0..200 {
                for side in Side::BOTH {
                    let view = pos.view(side);
                    space.write(&view, &mut obs);
                    for sq in Square::all() {
                        let Some(fr) = (match side {
                            Side::Red if sq.file() < files as u8 && sq.rank() < ranks as u8 => {
                                Some(sq)
                            }
                            Side::Red => None,
                            Side::Blue => sq.rotated(files as u8, ranks as u8),
                        }) else {
                            continue;
                        };
                        let i = fr.rank() as usize * files + fr.file() as usize;
                        let at = |ch: usize| obs[ch * n + i];
                        match view.at(sq) {
                            SquareView::Own { kind, .. } => {
                                assert_eq!(at(channel::OWN + kind.index()), 1.0)
                            }
                            SquareView::Enemy { possible } => {
                                for k in 0..crate::KIND_COUNT {
                                    let p = crate::PieceKind::from_index(k).unwrap();
                                    let want = if possible.contains(p) { 1.0 } else { 0.0 };
                                    assert_eq!(at(channel::ENEMY + k), want);
                                }
                            }
                            SquareView::Empty => assert_eq!(at(channel::EMPTY), 1.0),
                            SquareView::Lake => assert_eq!(at(channel::LAKE), 1.0),
                            SquareView::OffBoard => assert_eq!(at(channel::OFF_BOARD), 1.0),
                        }
                    }
                    assert_eq!(obs.len(), c * n);
                }
                if pos.play_random(&mut rng).is_none() {
                    break;
                }
            }
        }
    }
}
