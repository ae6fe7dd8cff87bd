//! Moves, their text form, and the fixed-capacity move list.

use crate::referee::board::square::{Square, SquareParseError};
use core::fmt;
use core::str::FromStr;

/// A move: a piece goes from one square to another (a step, a Scout's long move,
/// or an attack on the piece standing on `to`).
///
/// The text form is `e5-e6`; an attack may be written `e5xe6`. Parsing a move on
/// its own accepts either separator; [`Position::parse_move`](crate::Position::parse_move) also checks that `x` is written exactly when the
/// move attacks, and [`Position::move_text`](crate::Position::move_text) prints
/// it that way.
///
/// ```
/// use marsal::Move;
/// let mv: Move = "e5-e6".parse()?;
/// assert_eq!(mv.from.to_string(), "e5");
/// assert_eq!(mv.to_string(), "e5-e6");
/// assert_eq!("b2xb3".parse::<Move>()?.to.to_string(), "b3");
/// assert!("e5e6".parse::<Move>().is_err());
/// # Ok::<(), marsal::MoveParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move {
    /// Where the piece stands.
    pub from: Square,
    /// Where it goes (or whom it attacks).
    pub to: Square,
}

impl Move {
    /// The move from `from` to `to`.
    ///
    /// ```
    /// let mv = marsal::Move::new("a1".parse().unwrap(), "a2".parse().unwrap());
    /// assert_eq!(mv.to_string(), "a1-a2");
    /// ```
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// Files and ranks moved, as `(files, ranks)` (signed).
    #[inline]
    pub(crate) fn delta(self) -> (i8, i8) {
        (
            self.to.file() as i8 - self.from.file() as i8,
            self.to.rank() as i8 - self.from.rank() as i8,
        )
    }

    /// How many squares the move covers along its line (for a diagonal step, 1).
    ///
    /// ```
    /// assert_eq!("a1-a5".parse::<marsal::Move>().unwrap().distance(), 4);
    /// ```
    pub fn distance(self) -> u8 {
        let (df, dr) = self.delta();
        df.unsigned_abs().max(dr.unsigned_abs())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why move text could not be parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum MoveParseError {
    /// No `-` or `x` between the two squares.
    #[error("a move is written from-to, e.g. e5-e6 (or e5xe6 for an attack)")]
    NoSeparator,
    /// The source square is not a square name.
    #[error("bad source square: {0}")]
    From(SquareParseError),
    /// The target square is not a square name.
    #[error("bad target square: {0}")]
    To(SquareParseError),
    /// Written with `x` but the move does not attack.
    #[error("the move is written as an attack (x) but {0} is not an enemy piece")]
    NotAnAttack(Square),
    /// Written with `-` but the move attacks.
    #[error("the move attacks the piece on {0} and must be written with x")]
    IsAnAttack(Square),
}

/// A parsed move and whether its text marked it as an attack.
pub(crate) fn parse_move_text(s: &str) -> Result<(Move, bool), MoveParseError> {
    let s = s.trim();
    let (i, attack) = s
        .char_indices()
        .skip(1)
        .find_map(|(i, c)| match c {
            '-' => Some((i, false)),
            'x' | 'X' => Some((i, true)),
            _ => None,
        })
        .ok_or(MoveParseError::NoSeparator)?;
    let from = s[..i].parse().map_err(MoveParseError::From)?;
    let to = s[i + 1..].parse().map_err(MoveParseError::To)?;
    Ok((Move { from, to }, attack))
}

impl FromStr for Move {
    type Err = MoveParseError;
    fn from_str(s: &str) -> Result<Move, MoveParseError> {
        parse_move_text(s).map(|(mv, _)| mv)
    }
}

/// The most legal moves any position can have on a board of up to 12 x 12: at
/// most 8 moves end on each empty square (2 along its rank, 2 along its file, 4
/// diagonal steps) and at most 4 on each enemy piece, for 144 squares.
pub const MAX_MOVES: usize = crate::referee::board::square::GRID_SQUARES * 8;

/// A list of moves with a fixed capacity of [`MAX_MOVES`]: no heap.
pub type MoveList = arrayvec::ArrayVec<Move, MAX_MOVES>;
